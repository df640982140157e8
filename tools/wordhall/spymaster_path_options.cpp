// The spymaster's shared flags; the contract is in spymaster_path_options.hpp.
#include "tools/wordhall/spymaster_path_options.hpp"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <string>

#include "tools/wordhall/help_text.hpp"

namespace wordhall {

void add_spymaster_path_options(CLI::App* cmd, spymaster_paths& paths) {
  paths.vectors.clear();  // with_vectors_resolved() fills it in
  cmd->add_option("--vectors", paths.vectors,
                  std::string("spymaster's vectors (default: $WORDHALL_VECTORS, else ") +
                      default_spymaster_vectors + ")");
  cmd->add_option("--threshold", paths.threshold,
                  "baseline: tau, the largest distance between unit vectors a clue may have to "
                  "its targets (default " +
                      two_decimals(paths.threshold) + ")");
  cmd->add_option("--clue-words", paths.clue_words,
                  "how many common words the spymaster may say (default " +
                      std::to_string(paths.clue_words) + ")");
  cmd->add_option("--model-file", paths.model_file,
                  std::string("the set network's weights (default ") +
                      default_learned_spymaster_file + ")");
  cmd->add_option("--common-clue-words", paths.common_clue_words,
                  "learned: its candidate clues come from this many of the most common clue "
                  "words (default " + std::to_string(paths.common_clue_words) + "; 0: all)");
  cmd->add_option("--strong-link-rank", paths.strong_link_rank,
                  "learned: a clue counts only cards among the clue word's this many nearest deck "
                  "entries, its strong links (default " +
                      std::to_string(paths.strong_link_rank) + "; 0: any card)");
  cmd->add_option("--links-lead-view", paths.links_lead_view,
                  "learned: count strong links in this view and one more, not in most views: the "
                  "first of these (separated by commas) that the spymaster has; people read clues "
                  "as running text uses words (default " +
                      std::string(default_links_lead_view) + "; \"\": in most views)");
  cmd->add_option("--later-link-rank", paths.later_link_rank,
                  "learned, with the lead view: a clue's cards after its strongest may be among "
                  "the clue word's this many nearest deck entries, in the lead view and one more "
                  "(default " + std::to_string(paths.later_link_rank) +
                      "; 0: --strong-link-rank)");
  cmd->add_option("--links-follow-guessers", paths.links_follow_guessers,
                  "learned: count strong links in the views this game's guessers are believed to "
                  "read, once they have picked (default true; false: led by --links-lead-view "
                  "throughout)");
  cmd->add_option("--links-keep-lead", paths.links_keep_lead,
                  "learned, with --links-follow-guessers: a link of the views the guessers read "
                  "counts only when the lead view puts the card among the clue word's "
                  "--later-link-rank nearest deck entries too (default true; false: those views "
                  "alone decide)");
  cmd->add_option("--loose-link-rank", paths.loose_link_rank,
                  "learned, with --links-follow-guessers: count this many nearest entries once a "
                  "game's guesses read like one of its views alone, not only as sharply "
                  "(default " + std::to_string(paths.loose_link_rank) + "; 0: never)");
  cmd->add_option("--assassin-last", paths.assassin_last,
                  "learned: give a clue whose targets every view puts ahead of the assassin, "
                  "and whose word no view links to the assassin (it is not among the word's "
                  "strong-link-rank nearest deck entries), when there is one (default true; "
                  "false: the scorer's best, whatever it is)");
  cmd->add_option("--rivals-last", paths.rivals_last,
                  "learned: of the clues that pass the assassin's checks, give one whose word has "
                  "no enemy card or civilian among its strong links (a person would say it for "
                  "that card too), when there is one (default true)");
  cmd->add_option("--commoner-word-within", paths.commoner_word_within,
                  "learned: of the clues for the same cards as its choice, rated at most this "
                  "much below it and passing as many checks, give the most common word, e.g. "
                  "0.05 (default " +
                      two_decimals(paths.commoner_word_within) +
                      "; negative: never)");
  cmd->add_option("--plain-last-clue", paths.plain_last_clue,
                  "learned: with one card of the team's left, give the card's own nearest clear "
                  "word when the scorer rates it at most this much below its best (default " +
                      two_decimals(paths.plain_last_clue) + "; negative: never)");
  cmd->add_option("--view-clues", paths.view_clues,
                  "learned, reading its guessers: weigh each view's boldest clear clues against "
                  "its choice under what this game's guesses say, and give one worth more: "
                  "faster with guessers on its own vectors, but often no clue a person would "
                  "give (default false)");
  cmd->add_option("--noun-clues", paths.noun_clues,
                  "learned: give only clue words that are mostly nouns in WordNet, when there is "
                  "one (default false: blind readers did no better with it)");
  cmd->add_option("--read-guessers", paths.read_guessers,
                  "learned: weigh each clue by what this game's guesses say of how its guessers "
                  "think (default true; false: the scorer's prior alone)");
  cmd->add_option("--remember-games", paths.remembered_games,
                  "learned, reading its guessers: also read its team's picks in the last this "
                  "many of the match's earlier games (the board's \"earlier\"; eval --series "
                  "shows them; default 0: blind readers' first clues of a rematch came out "
                  "bolder and stranger)");
  cmd->add_option("--sharp-mixtures", paths.sharp_mixtures,
                  "learned, reading its guessers: how many sharp mixtures of the views to weigh "
                  "beside each sharp guesser that reads one view alone, so that a team reads "
                  "like one view only where the views disagree (default " +
                      std::to_string(paths.sharp_mixtures) +
                      "; 0: a team that takes the clues every view agrees on soon reads like one)");
  auto& learned = paths.learned;
  cmd->add_option("--learned-threshold", learned.threshold,
                  "learned: the largest distance a clue word may have to its targets (default " +
                      two_decimals(learned.threshold) + ")");
  cmd->add_option("--learned-assassin-margin", learned.margins.assassin,
                  "learned: how much farther than its farthest target the clue word must be "
                  "from the assassin (default " +
                      two_decimals(learned.margins.assassin) + ")");
  cmd->add_option("--learned-enemy-margin", learned.margins.enemy,
                  "learned: the same for enemy cards (default " +
                      two_decimals(learned.margins.enemy) + ")");
  cmd->add_option("--learned-civilian-margin", learned.margins.civilian,
                  "learned: the same for civilians (default " +
                      two_decimals(learned.margins.civilian) + ")");
  cmd->add_option("--learned-words", learned.words_per_subset,
                  "learned: how many of the words nearest to c(t) each subset may get (default " +
                      std::to_string(learned.words_per_subset) +
                      "; 0: any word, which leaves the net out)");
}

spymaster_paths with_vectors_resolved(spymaster_paths paths) {
  if (paths.vectors.empty()) {
    const char* from_env = std::getenv("WORDHALL_VECTORS");
    paths.vectors = from_env && *from_env ? from_env : default_spymaster_vectors;
  }
  return paths;
}

}  // namespace wordhall
