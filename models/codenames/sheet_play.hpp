// sheet_play: whole simulated games with a person as the guesser, one round of answers at a time.
//
// The games are those of an evaluation (codenames_sim.hpp: game i dealt from game_seed(seed, i),
// the same rules), but the guesser is whoever writes the answers: the answers so far, per game and
// turn, are replayed from the deal, and every game still going stops at the first clue nobody has
// answered. That clue, with the cards still face down and what earlier turns covered, is the
// game's question on the next sheet; a game that ended is a game_record like any other. The
// spymaster sees the person's picks as it sees a vector guesser's, so it reads them too.
//
// Answers are lines "G.T CLUE N: card, card" (game and turn numbered from 1, the clue as the sheet
// showed it, the cards in the order picked; '#' starts a comment), or "G.T: card, card" without
// the clue. Replaying is deterministic: the same answers give the same clues with the same
// spymaster and data. A spymaster trained elsewhere may give other clues, so an answer that names
// its clue is only ever applied to that clue (`other_clue` otherwise), and answers that all name
// theirs are a record the games can be scored from without any spymaster (play_recorded).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_quiz.hpp"
#include "models/codenames/codenames_sim.hpp"

namespace wordhall::codenames {

// One answered turn: the clue it answers, when the line names it, and the cards picked, in order.
struct sheet_answer {
  std::string clue;  // as written; empty when the line names none
  int number = 0;    // the clue's number, with the clue
  std::vector<std::string> picks;
};
// answers[{game, turn}] (both from 0).
using sheet_answers = std::map<std::pair<size_t, size_t>, sheet_answer>;

// Errors: `bad_answer` naming the line for a line not of the form "G.T CLUE N: card, ..." or
// "G.T: card, ...", a game, turn or number of 0, a turn answered twice or no card.
result<sheet_answers> parse_sheet_answers(std::string_view text);

struct sheet_game {
  size_t game = 0;
  bool finished = false;
  game_record record;                 // when finished
  quiz_question question;             // when not: the clue waiting for an answer
  std::vector<clue> clues;            // the clues given before the waiting one, in order
  // When not finished: the cards covered before the waiting clue, turn by turn, with roles.
  std::vector<card> covered;
};

// Plays games 0 .. games-1 of `seed` from `deck` with `answers`. Errors: `bad_deck`; `bad_answer`
// for an answer naming a card that is not face down then (with its game and turn) or one for a
// turn the game never reached; `other_clue` for an answer that names a clue other than the one
// `giver` gives at its turn (answers given to another spymaster's clues, or on other data);
// those of the spymaster.
result<std::vector<sheet_game>> play_by_sheet(const std::vector<std::string>& deck, size_t games,
                                              uint64_t seed, const spymaster& giver,
                                              const sheet_answers& answers);

// The same games played from the record alone: each turn's clue is the one its answer names, so
// no spymaster is needed and any machine scores the record alike (the clues' targets are not
// known: a finished game's last clue has none). A game stops, unfinished, at its first turn
// without an answer. Errors: those of play_by_sheet but `other_clue`; `bad_answer` for an answer
// that names no clue.
result<std::vector<sheet_game>> play_recorded(const std::vector<std::string>& deck, size_t games,
                                              uint64_t seed, const sheet_answers& answers);

// The next sheet: how to answer, how each finished game ended (with its last clue and the cards
// it was for), then each unfinished game's earlier clues, the cards they covered (with whose they
// were), the clue waiting and the cards face down.
std::string sheet_text(const std::vector<sheet_game>& games);

}  // namespace wordhall::codenames
