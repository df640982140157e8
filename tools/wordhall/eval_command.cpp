// `wordhall spymaster eval`; usage and exit status are in eval_command.hpp.
#include "tools/wordhall/eval_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tools/wordhall/eval_report.hpp"
#include "tools/wordhall/first_clues.hpp"
#include "tools/wordhall/people_play.hpp"
#include "tools/wordhall/spymaster_loader.hpp"
#include "tools/wordhall/spymaster_path_options.hpp"
#include "models/codenames/clue_quiz.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/deck_cosines.hpp"
#include "models/codenames/lost_games.hpp"
#include "models/codenames/spymaster_json.hpp"
#include "models/codenames/view_rule_spymaster.hpp"
#include "models/codenames/view_set.hpp"
#include "models/loaders.hpp"
#include "models/vector_cache.hpp"

namespace wordhall {
namespace {

using namespace codenames;

struct eval_options {
  spymaster_paths paths;  // paths.vectors empty: $WORDHALL_VECTORS, else the default
  size_t games = 0;
  uint64_t seed = 0;
  std::string deck = default_deck_path;
  std::string guesser_vectors;
  std::vector<std::string> views;  // empty: the prepared views that exist
  std::string drop_view;
  std::string scorer_file;  // empty: default_scorer_file(drop_view)
  std::string model = "all";
  size_t show = 0;  // first clues of this many boards, per spymaster
  size_t losses = 0;  // the turns of this many lost games, per spymaster
  size_t trace = 0;   // the turns of this many games, won or lost, per spymaster
  bool json = false;
  size_t quiz = 0;        // questions of a blind quiz from the one spymaster's games
  std::string quiz_out;   // the quiz's files: QUIZ_OUT.txt (the sheet), QUIZ_OUT-key.json
  std::string quiz_turns = "any";  // any | first | last-card
  std::string sheet;  // a person's answers: the games are played with them as the guesser
  size_t series = 1;  // games a match: each a rematch of the one before, with the same guesser
};

// The rule over `views`, its boards' similarities taken from a table of the cosines with `deck`,
// the entries its games are dealt from.
result<std::shared_ptr<const spymaster>> make_rule_spymaster(std::shared_ptr<const view_set> views,
                                                             const std::vector<std::string>& deck) {
  auto cosines = deck_cosines::of(*views, deck);
  if (!cosines) return cosines.err();
  return std::shared_ptr<const spymaster>(std::make_shared<view_rule_spymaster>(
      views, view_rule_options{}, std::make_shared<const deck_cosines>(std::move(cosines).value())));
}

int run_eval(const eval_options& options) {
  const auto start = std::chrono::steady_clock::now();
  if (options.quiz > 0 && (options.model == "all" || options.quiz_out.empty())) {
    return fail("spymaster eval",
                make_error("bad_option", "--quiz needs one spymaster (--model) and --quiz-out"));
  }
  if (!options.sheet.empty() && (options.model == "all" || options.quiz > 0)) {
    return fail("spymaster eval",
                make_error("bad_option", "--sheet needs one spymaster (--model) and no --quiz"));
  }
  if (options.quiz > options.games) {
    return fail("spymaster eval", make_error("bad_option", "--quiz asks one question a game: "
                                                           "at most --games of them"));
  }
  // With --quiz-turns last-card a game lost before its last card gives no question, so the
  // quiz takes the first --quiz questions of all --games games.
  const spymaster_paths paths = with_vectors_resolved(options.paths);
  auto view_files = resolve_views(options.views, options.drop_view);
  if (!view_files) return fail("spymaster eval", view_files.err());
  // learned and baseline see --vectors: with that view dropped they would see the held-out one.
  const bool vectors_dropped =
      !options.drop_view.empty() &&
      (paths.vectors == options.drop_view || view_name(paths.vectors) == options.drop_view);

  models::embeddings guesser_vectors;
  if (!options.guesser_vectors.empty()) {
    auto loaded = models::load_vectors_cached(options.guesser_vectors);
    if (!loaded) return fail("spymaster eval", loaded.err());
    guesser_vectors = std::move(loaded).value();
  }
  const bool own_guesser = !guesser_vectors.empty();
  auto spymaster_vectors = models::load_vectors_cached(paths.vectors);
  if (!spymaster_vectors) return fail("spymaster eval", spymaster_vectors.err());
  if (!own_guesser) guesser_vectors = spymaster_vectors.value();

  // One clue vocabulary for every spymaster: words each view, --vectors and the guesser know.
  auto knows = [&](std::string_view word) {
    return guesser_vectors.index_of(word).has_value() &&
           spymaster_vectors->index_of(word).has_value();
  };
  std::shared_ptr<const view_set> views;
  std::shared_ptr<const clue_space> space;
  if (!view_files->empty()) {
    auto loaded = load_view_set(clue_sources(paths), view_files.value(), knows);
    if (!loaded) return fail("spymaster eval", loaded.err());
    views = std::move(loaded).value();
    space = std::make_shared<clue_space>(spymaster_vectors.value(), views->words(),
                                         views->spaces.front()->blocked());
  } else {
    auto loaded = load_clue_space(clue_sources(paths), knows);
    if (!loaded) return fail("spymaster eval", loaded.err());
    space = std::move(loaded).value();
  }

  auto deck_entries = load_deck_file(options.deck);
  if (!deck_entries) return fail("spymaster eval", deck_entries.err());
  std::vector<std::string> deck, unknown;
  for (auto& entry : deck_entries.value()) {
    const bool known = has_entry_vector(space->vectors(), entry) &&
                       has_entry_vector(guesser_vectors, entry) &&
                       (!views || has_entry_in_every_view(*views, entry));
    (known ? deck : unknown).push_back(entry);
  }
  if (!unknown.empty()) {
    std::cerr << "wordhall spymaster eval: left out " << unknown.size() << " deck "
              << (unknown.size() == 1 ? "entry" : "entries") << " without vectors (first: \""
              << unknown[0] << "\")\n";
  }

  // learned (the scorer over the views) and setnet (the seed's set network on --vectors) when
  // this build and the data have them, rule (when there are views), baseline.
  std::vector<std::string> models;
  const bool all = options.model == "all";
  auto skip = [&](const std::string& model, const std::string& why) {
    if (!all) return fail("spymaster eval", make_error("unavailable", model + ": " + why));
    std::cerr << "wordhall spymaster eval: " << why << "; evaluating the others\n";
    return 0;
  };
  const std::string scorer_file =
      options.scorer_file.empty() ? default_scorer_file(options.drop_view) : options.scorer_file;
  // unread: the learned spymaster that does not read its guessers, for the paired comparison.
  for (const std::string model : {"learned", "unread"}) {
    if (!all && options.model != model) continue;
    if (!views) {
      if (int status = skip(model, "no views to give clues from (--view)")) return status;
    } else if (!scorer_available(scorer_file)) {
      if (int status = skip(model, scorer_missing(scorer_file).message)) return status;
    } else {
      models.push_back(model);
    }
  }
  if (all || options.model == "setnet") {
    if (vectors_dropped) {
      if (int status = skip("setnet", "the set network sees " + paths.vectors +
                                          ", the dropped view")) return status;
    } else if (set_net_available(paths)) {
      models.push_back("setnet");
    } else if (int status = skip("setnet", set_net_missing(paths).message)) {
      return status;
    }
  }
  if (all || options.model == "rule") {
    if (views) models.push_back("rule");
    else if (int status = skip("rule", "no views to give clues from (--view)")) return status;
  }
  if (all || options.model == "baseline") {
    if (!vectors_dropped) models.push_back("baseline");
    else if (int status = skip("baseline", "the baseline sees " + paths.vectors +
                                               ", the dropped view")) return status;
  }
  if (models.empty())
    return fail("spymaster eval", make_error("unavailable", "no spymaster to evaluate"));

  vector_guesser taker(guesser_vectors);
  std::vector<std::pair<std::string, eval_summary>> results;
  std::map<std::string, std::vector<game_record>> records;
  std::vector<double> model_seconds;
  std::unique_ptr<models::wordnet_lexicon> lexicon;  // for --show, loaded once
  for (const auto& model : models) {
    const auto model_start = std::chrono::steady_clock::now();
    result<std::shared_ptr<const spymaster>> giver = make_error("unavailable", model);
    if (model == "rule") {
      giver = make_rule_spymaster(views, deck);
    } else if (model == "learned" || model == "unread") {
      spymaster_paths dealt = paths;
      dealt.deck = options.deck;  // strong links are judged against the deck the games deal
      if (model == "unread") dealt.read_guessers = false;
      auto candidates = learned_candidates(dealt, *views);
      if (!candidates) return fail("spymaster eval", candidates.err());
      giver = load_scorer_spymaster(scorer_file, views, paths.model_file, candidates.value());
    } else {
      giver = make_spymaster(model, space, paths);
    }
    if (!giver) return fail("spymaster eval", giver.err());
    quiz_recorder quiz(options.quiz > 0 ? options.games : 0);
    result<std::vector<game_record>> games = std::vector<game_record>{};
    if (!options.sheet.empty()) {
      // A person guesses: their answers so far, then the next sheet or, once every game is over,
      // the figures as for any guesser.
      auto round = play_sheet_round(deck, options.games, options.seed, *giver.value(),
                                    options.sheet);
      if (!round) return fail("spymaster eval", round.err());
      const auto& over = round->records;
      std::fprintf(stderr, "wordhall spymaster eval: %zu of %zu games over: %zu won, %zu lost "
                           "to the assassin\n", over.size(), options.games,
                   size_t(std::count_if(over.begin(), over.end(), [](auto& r) { return r.won; })),
                   size_t(std::count_if(over.begin(), over.end(),
                                        [](auto& r) { return r.assassin; })));
      std::cout << round->sheet;
      if (!round->all_over) return 0;
      games = std::move(round->records);
    } else {
      games = play_games(deck, options.games, options.seed, *giver.value(), taker,
                         options.quiz > 0 ? quiz.watcher() : game_turn_watcher{},
                         options.series);
    }
    if (!games) return fail("spymaster eval", games.err());
    if (options.quiz > 0) {
      const std::string made_by =
          model + " spymaster, " + options.quiz_turns + " turns of the games of seed " +
          std::to_string(options.seed) + ", guesser on " +
          (own_guesser ? options.guesser_vectors : paths.vectors) +
          (options.drop_view.empty() ? "" : ", view " + options.drop_view + " left out");
      auto written = quiz.write(options.quiz, options.seed,
                                options.quiz_turns == "first"       ? quiz_turns::first
                                : options.quiz_turns == "last-card" ? quiz_turns::last_card
                                                                    : quiz_turns::any,
                                options.quiz_out, made_by);
      if (!written) return fail("spymaster eval", written.err());
    }
    results.emplace_back(model, summarise(games.value(), options.series));
    records[model] = std::move(games).value();
    if (options.show > 0) {
      if (!lexicon) {
        auto loaded = models::wordnet_lexicon::load("/usr/share/wordnet");
        if (!loaded) return fail("spymaster eval", loaded.err());
        lexicon = std::make_unique<models::wordnet_lexicon>(std::move(loaded).value());
      }
      auto report = first_clues(*giver.value(), deck, options.seed, options.show, space->words(),
                                *lexicon);
      if (!report) return fail("spymaster eval", report.err());
      std::printf("%s: first clues of %zu boards (median commonness rank %.0f, %.0f%% not a "
                  "headword)\n", model.c_str(), options.show, report->median_rank,
                  100 * report->not_headword_share);
      for (size_t b = 0; b < report->lines.size(); ++b)
        std::printf("  %3zu  %s\n", b + 1, report->lines[b].c_str());
    }
    if (options.losses > 0) {
      std::printf("%s: %s%s", model.c_str(), count_lost_games(records[model]).c_str(),
                  describe_lost_games(records[model], options.losses).c_str());
    }
    if (options.trace > 0)
      std::printf("%s:\n%s", model.c_str(), describe_games(records[model], options.trace).c_str());
    model_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - model_start).count());
  }
  std::vector<std::pair<std::string, paired_comparison>> paired;
  auto pair_up = [&](const std::string& a, const std::string& b) {
    if (records.count(a) && records.count(b))
      paired.emplace_back(a + "_minus_" + b, compare_paired(records[a], records[b]));
  };
  pair_up("learned", "rule");
  pair_up("learned", "unread");
  pair_up("unread", "rule");
  pair_up("rule", "baseline");

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string view_names;
  if (views)
    for (const auto& name : views->names) view_names += (view_names.empty() ? "" : "+") + name;
  std::fprintf(
      stderr,
      "wordhall spymaster eval: %zu games, seed %llu, deck of %zu, %zu clue words, views %s, "
      "guesser %s, %.1f s (",
      options.games, (unsigned long long)options.seed, deck.size(), space->words().size(),
      views ? view_names.c_str() : "none",
      !options.sheet.empty() ? ("the answers in " + options.sheet).c_str()
      : own_guesser          ? options.guesser_vectors.c_str()
                             : "on the spymaster's vectors",
      seconds);
  for (size_t i = 0; i < results.size(); ++i)
    std::fprintf(stderr, "%s%s %.1f s", i ? ", " : "", results[i].first.c_str(), model_seconds[i]);
  std::fprintf(stderr, ")\n");
  if (options.json) {
    std::cout << eval_json(results, paired) << "\n";
    return 0;
  }
  print_summaries(results);
  for (const auto& [name, c] : paired) {
    std::printf("%s, paired on %zu games: turns %+.2f [%+.2f, %+.2f], wins %+.3f [%+.3f, %+.3f]\n",
                name.c_str(), c.games, c.turns.mean, c.turns.low, c.turns.high, c.wins.mean,
                c.wins.low, c.wins.high);
  }
  return 0;
}

}  // namespace

void add_eval_command(CLI::App& spymaster) {
  auto eval = std::make_shared<eval_options>();
  auto* eval_cmd = spymaster.add_subcommand(
      "eval",
      "Play simulated games (the Codenames AI competition's protocol) and score each "
      "available spymaster.");
  add_spymaster_path_options(eval_cmd, eval->paths);
  eval_cmd->add_option("--games", eval->games, "games to play")->required();
  eval_cmd->add_option("--seed", eval->seed, "seed of the deals")->required();
  eval_cmd->add_option(
      "--deck", eval->deck,
      std::string("one word or phrase per line (default ") + default_deck_path + ")");
  eval_cmd->add_option("--guesser-vectors", eval->guesser_vectors,
                       "the guesser's vectors (default: the spymaster's)");
  eval_cmd->add_option("--view", eval->views,
                       "the views of meaning the learned spymaster and the rule give clues from, "
                       "one per --view (default: the prepared ones that exist)");
  eval_cmd->add_option("--drop-view", eval->drop_view,
                       "leave this view out of every spymaster (its name, e.g. ppmi-wordnet-100d, "
                       "or its file), to measure with a guesser on it");
  eval_cmd->add_option("--scorer-file", eval->scorer_file,
                       "the learned spymaster's clue scorer (default "
                       "data/models/clue-scorer.whcs, or clue-scorer-without-VIEW.whcs with "
                       "--drop-view VIEW)");
  eval_cmd->add_option("--model", eval->model,
                       "all (default: learned, unread and setnet when available, rule, "
                       "baseline), learned, unread (learned without reading its guessers), "
                       "setnet (the seed's set network alone), rule or baseline")
      ->check(CLI::IsMember({"all", "learned", "unread", "setnet", "rule", "baseline"}));
  eval_cmd->add_option("--show", eval->show,
                       "first print each spymaster's first clue on this many boards, with the "
                       "median commonness rank of the clue words and the share of non-headwords");
  eval_cmd->add_option("--losses", eval->losses,
                       "first print how each spymaster's games were lost (the assassin, how often "
                       "on a card an earlier clue failed to reach, the last enemy card, turns run "
                       "out), then the first this many lost games turn by turn: each clue, the "
                       "cards it was meant for and the cards the guesser revealed");
  eval_cmd->add_option("--trace", eval->trace,
                       "first print this many games of each spymaster turn by turn, won or lost: "
                       "each clue, the cards it was meant for and the cards the guesser revealed");
  eval_cmd->add_option("--series", eval->series,
                       "play the games as matches of this many, each a rematch of the one before "
                       "with the same guesser, whose earlier games the spymaster sees (default 1)")
      ->check(CLI::Range(size_t{1}, size_t{25}));
  eval_cmd->add_flag("--json", eval->json,
                     "print {\"learned\":{\"win_rate\":...,...},\"rule\":{...},\"baseline\":{...},"
                     "\"paired\":{\"learned_minus_rule\":{...}}}");
  eval_cmd->add_option("--quiz", eval->quiz,
                       "with one --model: write a blind quiz of one clue from each of the first "
                       "this many games, for people to answer (then `spymaster quiz-score`)");
  eval_cmd->add_option("--quiz-out", eval->quiz_out,
                       "the quiz's files: PREFIX.txt, the sheet to answer, and PREFIX-key.json");
  eval_cmd->add_option("--quiz-turns", eval->quiz_turns,
                       "the turns the quiz draws each game's question from: any (default), first "
                       "or last-card (the clues for the team's last card)")
      ->check(CLI::IsMember({"any", "first", "last-card"}));
  eval_cmd->add_option("--sheet", eval->sheet,
                       "with one --model: play the games with a person as the guesser; FILE holds "
                       "their answers so far (\"G.T: card, card\", game and turn from 1; empty "
                       "or missing at first). Prints the next clues to answer, or, once every game "
                       "is over, the figures");
  eval_cmd->callback([eval] { throw CLI::RuntimeError(run_eval(*eval)); });
}

}  // namespace wordhall
