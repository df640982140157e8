// spymaster_loader: the Codenames spymaster that `wordhall spymaster` and `wordhall serve` give
// clues with, by name, from the prepared default data or the paths given.
//
//   "learned"   the multi-view spymaster: the clue scorer (models/torch/clue_scorer.hpp) over the
//               views of meaning (GloVe, the WordNet graph, the PPMI vectors of WordNet's
//               glosses), with the set network's c(t) as one of its features when the scorer was
//               trained with it. Needs a build with LibTorch (WORDHALL_HAVE_TORCH), the scorer
//               file and the views, which tools/prepare-data makes;
//   "setnet"    the seed's set network alone, on paths.vectors (models/torch/learned_spymaster.hpp):
//               needs LibTorch and its model file, which tools/prepare-data trains first;
//   "baseline"  the classic spymaster of Kim et al. 2019 (models/codenames/baseline_spymaster.hpp);
//   "auto"      the first of learned, setnet and baseline whose files are there.
//
// Errors: `unavailable` for "learned" or "setnet" without LibTorch or without their files (the
// message names what makes them and --model baseline); `invalid_argument` for another name; those
// of load_clue_space, load_view_set and the models' loaders (a damaged model file is
// `data_loss`, never a quiet fall back to another spymaster).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/baseline_spymaster.hpp"
#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/clue_space.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/subset_clue_choice.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall {

constexpr const char* default_spymaster_vectors = "data/embeddings/glove-6b-100d.whv";
constexpr const char* default_learned_spymaster_file = "data/models/spymaster-learned.whsm";
constexpr const char* default_clue_scorer_file = "data/models/clue-scorer.whcs";
// The views of meaning tools/prepare-data makes, GloVe first (it chooses the clue words).
constexpr const char* default_view_files[] = {
    "data/embeddings/glove-6b-100d.whv",
    "data/embeddings/wordnet-graph-200d.whv",
    "data/embeddings/ppmi-wordnet-100d.whv",
    "data/embeddings/ppmi-gcide-100d.whv",
    "data/embeddings/ppmi-text-100d.whv",
};

// Clue words a person knows: the learned spymaster's candidates are the most common words of its
// vocabulary (docs/codenames.md, "Common words").
constexpr size_t default_common_clue_words = 10000;
// A clue for two or more cards names only cards among the clue word's this many nearest deck
// entries in most views (models/codenames/strong_links.hpp; docs/codenames.md, "Strong links").
constexpr size_t default_strong_link_rank = 10;
constexpr size_t default_loose_link_rank = 40;
// ... and in a view of running text, when the spymaster has one (strong_links.hpp, "lead view"):
// the first of these it has, GloVe's web text before the prose corpus.
constexpr const char* default_links_lead_view = "glove-6b-100d,ppmi-text-100d";
// ... where a clue's cards after its strongest need be among the word's this many nearest
// (docs/codenames.md, "Later cards").
constexpr size_t default_later_link_rank = 40;

struct spymaster_paths {
  std::string vectors = default_spymaster_vectors;
  std::string model_file = default_learned_spymaster_file;  // the set network
  std::string scorer_file = default_clue_scorer_file;       // the learned one's scorer
  std::vector<std::string> view_files;                      // the learned one's; empty: prepared
  std::string blocklist = "config/blocklist.txt";
  // Words no clue is for its tone (codenames::clue_space_sources; empty: none).
  std::string sour_words = "config/vectorcards-card-exclusions.txt";
  std::string profanity = "node_modules/naughty-words/en.json";
  std::string scowl_dir = "/usr/share/dict/scowl";
  std::string frequencies = "data/embeddings/subtlex-frequencies.tsv";
  std::string function_words = "config/function-words.txt";
  size_t clue_words = codenames::clue_space_sources{}.size;
  double threshold = codenames::baseline_options{}.threshold;  // the baseline's tau
  codenames::subset_choice_options learned;  // how the set network decodes
  // The learned one's candidate clues come from this many of the most common clue words.
  size_t common_clue_words = default_common_clue_words;
  // The learned one's multi-card clues count only strong links (0: any card), judged against
  // the entries of `deck`.
  size_t strong_link_rank = default_strong_link_rank;
  // ... in this view and one more (empty, or a view held out: in most views).
  std::string links_lead_view = default_links_lead_view;
  // ... where the cards after a clue's strongest count at this rank (0: strong_link_rank).
  size_t later_link_rank = default_later_link_rank;
  // ... and this rank instead once a game's guesses read like one view alone
  // (models/codenames/guesser_reader.hpp; 0: never).
  size_t loose_link_rank = default_loose_link_rank;
  // The learned one gives a clue whose targets every view puts ahead of the assassin and whose
  // word no view links to it, when it has one (models/codenames/clue_candidates.hpp,
  // assassin_behind_targets and assassin_linked).
  bool assassin_last = true;
  // ... and then one whose word has no card not ours among its strong links, when it has one
  // (codenames::rival_linked).
  bool rivals_last = true;
  // ... and of the clues for the same cards rated this near it, the most common word.
  double commoner_word_within = codenames::candidate_options{}.commoner_word_within;
  // The learned one weighs its clues by what this game's guesses say of its guessers
  // (models/codenames/guesser_reader.hpp).
  bool read_guessers = true;
  // ... and reads the team's picks in this many of the match's earlier games too (none).
  size_t remembered_games = 0;
  // ... beside sharp mixtures of the views, this many at each noise level of its one-view
  // guessers (codenames::candidate_options::sharp_mixtures).
  size_t sharp_mixtures = codenames::candidate_options{}.sharp_mixtures;
  // ... and counts strong links in the views its guessers are believed to read, at
  // loose_link_rank once they read like one view alone
  // (codenames::candidate_options::links_follow_guessers).
  bool links_follow_guessers = codenames::candidate_options{}.links_follow_guessers;
  // ... and those links need the lead view to put the card among the clue word's
  // later_link_rank nearest entries too (codenames::strong_links, "lead_keeps_say").
  bool links_keep_lead = true;
  // With one card of the team's left, the learned one gives the card's own nearest clear word
  // when its scorer rates that at most this much below its best (models/codenames/plain_clue.hpp;
  // negative: never).
  double plain_last_clue = codenames::candidate_options{}.plain_last_clue;
  // The learned one weighs each view's boldest clear clues against its choice under what the
  // game's guesses say (models/codenames/view_clue.hpp; off for people).
  bool view_clues = codenames::candidate_options{}.view_clues;
  // The learned one gives only clue words that are mostly nouns in WordNet, when it has one
  // (models/codenames/noun_clues.hpp). Blind readers did no better with it, so it is off.
  bool noun_clues = false;
  std::string wordnet = "/usr/share/wordnet";  // WordNet's dict folder, for noun_clues
  std::string deck = "config/codenames-deck.txt";
};

codenames::clue_space_sources clue_sources(const spymaster_paths& paths);

// The views a multi-view spymaster sees: `views`, else the default_view_files that exist; less
// `drop` (a view's name or file). Errors: `invalid_argument` when `drop` is none of them.
result<std::vector<std::string>> resolve_views(std::vector<std::string> views,
                                               const std::string& drop);

// The strong links' lead view of `lead_views` (spymaster_paths::links_lead_view: names separated
// by commas, in order of preference): the first of them that `views` has, or "" (most views
// decide) when it has none or the list is empty. Errors: `invalid_argument` for a name that is
// neither one of `views` nor one of the prepared views (held out of these).
result<std::string> lead_view_of(const std::string& lead_views, const codenames::view_set& views);

// Where `wordhall spymaster train-scorer` puts the scorer for the default views less `drop`:
// data/models/clue-scorer.whcs, or data/models/clue-scorer-without-NAME.whcs.
std::string default_scorer_file(const std::string& drop);

// True when this build has LibTorch and `scorer_file` exists; scorer_missing says why not.
bool scorer_available(const std::string& scorer_file);
error scorer_missing(const std::string& scorer_file);

// The learned spymaster's candidate clues over `views`: paths.common_clue_words, the strong
// links of paths.strong_link_rank (led by paths.links_lead_view, later cards at
// paths.later_link_rank) against paths.deck, and
// paths.assassin_last. Errors:
// load_deck_file's and strong_links::of's.
result<codenames::candidate_options> learned_candidates(const spymaster_paths& paths,
                                                        const codenames::view_set& views);

// The learned multi-view spymaster: the clue scorer in `scorer_file` over `views`
// (models/torch/clue_scorer.hpp), with the set network in `set_net_file` proposing c(t) when
// the scorer was trained with it, choosing among `candidates`. Errors: scorer_missing's,
// load_set_net_proposals' and load_scored_spymaster's.
result<std::shared_ptr<const codenames::spymaster>> load_scorer_spymaster(
    const std::string& scorer_file, std::shared_ptr<const codenames::view_set> views,
    const std::string& set_net_file, const codenames::candidate_options& candidates);

// True when this build has LibTorch and paths.model_file (the set network) exists.
bool set_net_available(const spymaster_paths& paths);
// Why it is not: the `unavailable` error "setnet" gets, with what to do about it.
error set_net_missing(const spymaster_paths& paths);

// What "auto" stands for now: "learned" when the scorer file is there, else "setnet" when the
// set network's is, else "baseline".
std::string best_available_spymaster(const spymaster_paths& paths);

// Before seconds of loading: the `unavailable` error `model` would end in for want of a file
// or of LibTorch, if any (other errors come from load_spymaster).
result<void> check_spymaster_files(const std::string& model, const spymaster_paths& paths);

// "setnet" or "baseline" on a clue space already loaded (an evaluation shares one between its
// spymasters). Errors: as load_spymaster; `invalid_argument` for another name.
result<std::shared_ptr<const codenames::spymaster>> make_spymaster(
    const std::string& model, std::shared_ptr<const codenames::clue_space> space,
    const spymaster_paths& paths);

// The spymaster named `model` from `paths`: the views and the scorer for "learned", the clue
// space for the others.
result<std::shared_ptr<const codenames::spymaster>> load_spymaster(const std::string& model,
                                                                   const spymaster_paths& paths);

}  // namespace wordhall
