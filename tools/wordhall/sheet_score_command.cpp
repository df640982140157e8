// `wordhall spymaster sheet-score`; usage and exit status are in sheet_score_command.hpp.
#include "tools/wordhall/sheet_score_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/sheet_play.hpp"
#include "models/codenames/spymaster_json.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/eval_report.hpp"
#include "tools/wordhall/people_play.hpp"

namespace wordhall {
namespace {

using namespace codenames;

constexpr std::string_view command_name = "spymaster sheet-score";

struct sheet_score_options {
  size_t games = 0;
  uint64_t seed = 0;
  std::string sheet;
  std::string deck = default_deck_path;
  bool json = false;
  bool boards = false;
};


int run_sheet_score(const sheet_score_options& options) {
  auto deck = load_deck_file(options.deck);
  if (!deck) return fail(command_name, deck.err());
  auto text = read_text_file(options.sheet);
  if (!text) return fail(command_name, text.err());
  auto answers = parse_sheet_answers(text.value());
  if (!answers)
    return fail(command_name, make_error("bad_answer", options.sheet + ", " + answers.err().message));
  auto played = play_recorded(deck.value(), options.games, options.seed, answers.value());
  if (!played) return fail(command_name, played.err());
  std::vector<game_record> records;
  for (const auto& g : played.value()) {
    if (!g.finished) {
      return fail(command_name,
                  make_error("not_over", "game " + std::to_string(g.game + 1) +
                                             " is not over: " + options.sheet +
                                             " has no answer for its turn " +
                                             std::to_string(g.question.turn + 1)));
    }
    records.push_back(g.record);
  }
  if (options.boards) {
    for (const auto& record : records)
      for (const auto& board : boards_asked(record)) std::cout << board_json(board) << "\n";
    return 0;
  }
  const std::vector<std::pair<std::string, eval_summary>> results{{"record", summarise(records)}};
  if (options.json) {
    std::cout << eval_json(results) << "\n";
    return 0;
  }
  std::printf("%zu games of seed %llu, as answered in %s\n", options.games,
              (unsigned long long)options.seed, options.sheet.c_str());
  print_summaries(results);
  return 0;
}

}  // namespace

void add_sheet_score_command(CLI::App& spymaster) {
  auto options = std::make_shared<sheet_score_options>();
  auto* cmd = spymaster.add_subcommand(
      "sheet-score",
      "Score whole games played by sheet (`spymaster eval --sheet`) from the answers alone, each "
      "naming its clue: no spymaster and no data needed.");
  cmd->add_option("--games", options->games, "games the answers play")->required();
  cmd->add_option("--seed", options->seed, "seed of the deals")->required();
  cmd->add_option("--sheet", options->sheet,
                  "the answers: \"G.T CLUE N: card, card\" a line")->required();
  cmd->add_option("--deck", options->deck,
                  std::string("the deck the games were dealt from (default ") +
                      default_deck_path + ")");
  cmd->add_flag("--json", options->json, "print {\"record\":{\"win_rate\":...,...}}");
  cmd->add_flag("--boards", options->boards,
                "print instead each turn after a game's first as the board its clue was asked "
                "on, with the turns before it as history: one JSON line each, for `spymaster "
                "clue --lines`");
  cmd->callback([options] { throw CLI::RuntimeError(run_sheet_score(*options)); });
}

}  // namespace wordhall
