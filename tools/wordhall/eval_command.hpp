// `wordhall spymaster eval`: simulated games of the Codenames AI competition with each
// spymaster, a blind quiz of their clues, or whole games with a person as the guesser
// (docs/codenames.md, "Commands").
//   eval --games N --seed S [--deck FILE] [--guesser-vectors FILE] [--view FILE]...
//        [--drop-view VIEW] [--scorer-file FILE] [--model all|learned|unread|setnet|rule|baseline]
//        [--show N] [--series K] [--json]
//        [--quiz Q --quiz-out PREFIX [--quiz-turns any|first|last-card]]
//        [--sheet FILE] [the shared spymaster options of spymaster_path_options.hpp]
// plays N games (models/codenames/codenames_sim.hpp) dealt by seed S with every available
// spymaster (or the one --model names) and prints win rate, mean turns, words per clue,
// assassin rate and first picks by clue number, then the paired comparisons on the same deals;
// with --series K the games are matches of K with the same guesser, each game shown its match's
// earlier ones, and the figures come per game of a match too;
// --json as {"learned":{"win_rate":...},...,"paired":{"learned_minus_rule":{...}}}. A spymaster
// that cannot play (no LibTorch, a missing file, a dropped view it would see) is named on stderr
// and the others play; with one --model it is an error. The guesser uses --guesser-vectors when
// given, else the spymaster's vectors; clue words and deck entries are limited to what every
// view and the guesser know. --quiz writes PREFIX.txt and PREFIX-key.json
// (models/codenames/clue_quiz.hpp); --sheet replays a person's answers so far and prints the
// next clues (models/codenames/sheet_play.hpp).
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `eval` under `spymaster` (the `spymaster` subcommand of the wordhall app).
void add_eval_command(CLI::App& spymaster);

}  // namespace wordhall
