// sheet_play: whole simulated games with a person as the guesser, one round of answers at a time.
//
// The games are those of an evaluation (codenames_sim.hpp: game i dealt from game_seed(seed, i),
// the same rules), but the guesser is whoever writes the answers: the answers so far, per game and
// turn, are replayed from the deal, and every game still going stops at the first clue nobody has
// answered. That clue, with the cards still face down and what earlier turns covered, is the
// game's question on the next sheet; a game that ended is a game_record like any other. The
// spymaster sees the person's picks as it sees a vector guesser's, so it reads them too.
//
// Answers are lines "G.T: card, card" (game and turn numbered from 1, the cards in the order
// picked; '#' starts a comment). Replaying is deterministic: the same answers give the same clues.
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

// answers[{game, turn}] (both from 0): the cards picked, in order.
using sheet_answers = std::map<std::pair<size_t, size_t>, std::vector<std::string>>;

// Errors: `bad_answer` naming the line for a line not of the form "G.T: card, ...", a game or turn
// of 0, a turn answered twice or no card.
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
// turn the game never reached; those of the spymaster.
result<std::vector<sheet_game>> play_by_sheet(const std::vector<std::string>& deck, size_t games,
                                              uint64_t seed, const spymaster& giver,
                                              const sheet_answers& answers);

// The next sheet: how to answer, how each finished game ended (with its last clue and the cards
// it was for), then each unfinished game's earlier clues, the cards they covered (with whose they
// were), the clue waiting and the cards face down.
std::string sheet_text(const std::vector<sheet_game>& games);

}  // namespace wordhall::codenames
