// `wordhall spymaster sheet-score`: the figures of games played by sheet, from the answers alone
// (models/codenames/sheet_play.hpp, play_recorded).
//   spymaster sheet-score --games N --seed S --sheet FILE [--deck FILE] [--json] [--boards]
// FILE holds the answers of `spymaster eval --model M --games N --seed S --sheet FILE`, each line
// naming the clue it answers ("G.T CLUE N: card, card"). The games are dealt again from --deck
// (default config/codenames-deck.txt, as eval deals them when every view knows every entry) and
// played from the recorded clues and picks, with no spymaster and no data: a record scores alike
// on every machine, also where a freshly trained spymaster would give other clues. Prints win
// rate, mean turns, words per clue, assassin rate and first picks by clue number, as eval does;
// --json as {"record":{"win_rate":...,...}}. --boards prints instead every turn after a game's
// first as the board its clue was asked on (the cards earlier turns covered revealed, those turns
// as "history"), one JSON line each, as `spymaster clue --lines` reads them: to ask another
// spymaster what it would have said to the same team at the same point.
// Exit status: 0 on success, 2 on any error: `bad_answer` (a line, a card not face down, a turn
// never reached, a line without its clue), `not_over` naming a game still waiting for an answer.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `sheet-score` under `spymaster` (the `spymaster` subcommand of the wordhall app).
void add_sheet_score_command(CLI::App& spymaster);

}  // namespace wordhall
