// `wordhall spymaster clue` and the `spymaster` subcommand; usage and exit status are in spymaster_command.hpp.
#include "tools/wordhall/spymaster_command.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "events/json_writer.hpp"
#include "tools/wordhall/agreement_command.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/curate_deck_command.hpp"
#include "tools/wordhall/eval_command.hpp"
#include "tools/wordhall/quiz_command.hpp"
#include "tools/wordhall/sheet_score_command.hpp"
#include "tools/wordhall/spymaster_loader.hpp"
#include "tools/wordhall/spymaster_path_options.hpp"
#include "models/codenames/spymaster_json.hpp"
#ifdef WORDHALL_HAVE_TORCH
#include "tools/wordhall/scorer_train_command.hpp"
#include "tools/wordhall/spymaster_train_command.hpp"
#endif

namespace wordhall {
namespace {

using namespace codenames;

struct clue_options {
  spymaster_paths paths;  // paths.vectors empty: $WORDHALL_VECTORS, else the default
  bool json = false;
  bool lines = false;
  std::string model = "learned";
};

void print_clue(const clue& hint, bool json) {
  if (json) {
    std::cout << clue_json(hint) << "\n";
    return;
  }
  std::cout << hint.word << " " << hint.number << ":";
  for (size_t i = 0; i < hint.targets.size(); ++i)
    std::cout << (i ? ", " : " ") << hint.targets[i];
  std::cout << "\n";
}

// One board a line, one answer a line: a clue, or {"error":{"code","message"}} for a board that
// has none; the spymaster is loaded once. Fails (1) when any board did.
int run_clue_lines(const spymaster& giver, bool json) {
  bool failed = false;
  for (std::string line; std::getline(std::cin, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto board = parse_board_json(line);
    auto hint = board ? giver.give_clue(board.value()) : result<clue>(board.err());
    if (hint) {
      print_clue(hint.value(), json);
      continue;
    }
    failed = true;
    std::cout << error_json(hint.err().code, hint.err().message) << "\n";
  }
  return failed ? 1 : 0;
}

int run_clue(const clue_options& options) {
  const spymaster_paths paths = with_vectors_resolved(options.paths);
  // Before reading stdin: a missing model is the first thing to say.
  if (auto missing = check_spymaster_files(options.model, paths); !missing)
    return fail("spymaster clue", missing.err());
  if (options.lines) {
    auto giver = load_spymaster(options.model, paths);
    if (!giver) return fail("spymaster clue", giver.err());
    return run_clue_lines(*giver.value(), options.json);
  }
  std::string input(std::istreambuf_iterator<char>(std::cin), {});
  auto board = parse_board_json(input);
  if (!board) return fail("spymaster clue", board.err());
  auto giver = load_spymaster(options.model, paths);
  if (!giver) return fail("spymaster clue", giver.err());
  auto hint = giver.value()->give_clue(board.value());
  if (!hint) return fail("spymaster clue", hint.err());
  print_clue(hint.value(), options.json);
  return 0;
}

}  // namespace

void add_spymaster_commands(CLI::App& app) {
  auto* spymaster =
      app.add_subcommand("spymaster", "Codenames spymasters: clues and simulated games.");
  spymaster->require_subcommand(1);

  auto clue = std::make_shared<clue_options>();
  auto* clue_cmd = spymaster->add_subcommand(
      "clue", "Read a board as JSON on stdin and print the spymaster's clue.");
  add_spymaster_path_options(clue_cmd, clue->paths);
  clue_cmd->add_flag("--json", clue->json, "print {\"clue\":...,\"number\":...,\"targets\":[...]}");
  clue_cmd->add_flag("--lines", clue->lines,
                     "read one board a line and print one answer a line: its clue, or "
                     "{\"error\":{\"code\",\"message\"}} (exit 1 when any board failed)");
  clue_cmd->add_option("--model", clue->model,
                       "learned (default: the clue scorer over the views of meaning), setnet "
                       "(the set network alone), baseline, or auto (the first of these whose "
                       "files are there)")
      ->check(CLI::IsMember({"learned", "setnet", "baseline", "auto"}));
  clue_cmd->add_option("--scorer-file", clue->paths.scorer_file,
                       std::string("learned: the clue scorer (default ") +
                           default_clue_scorer_file + ")");
  clue_cmd->callback([clue] { throw CLI::RuntimeError(run_clue(*clue)); });

  add_eval_command(*spymaster);
  add_curate_deck_command(*spymaster);
#ifdef WORDHALL_HAVE_TORCH
  add_spymaster_train_command(*spymaster);
  add_scorer_train_command(*spymaster);
#endif
  add_agreement_command(*spymaster);
  add_quiz_score_command(*spymaster);
  add_sheet_score_command(*spymaster);
}

}  // namespace wordhall
