// clue_quiz: a spymaster's clues put to a reader blind, as the table meets them.
//
// A question is one turn of a simulated game (codenames_sim.hpp): the cards still face down, in
// alphabetical order so that their order says nothing of their roles, and the clue with its
// number. The key holds every card's role and the spymaster's targets. An answer is the cards a
// reader picks, in order, and it is read by the simulation's rules: at most the clue's number of
// cards (and at most the team's cards left), stopping after the first card that is not ours. So
// a person can be measured on exactly the clues a guesser on vectors met, beside that guesser.
//
// Questions are drawn by seed, one turn of each game, evenly among its turns (or among its first
// turn only, or its turns for the team's last card): late one-card clues, where readers go wrong
// most, come up as often as they are given.
// Everything here is a pure function of its arguments.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/codenames_sim.hpp"

namespace wordhall::codenames {

struct quiz_question {
  size_t game = 0;  // the game's number in its evaluation: dealt from game_seed(seed, game)
  size_t turn = 0;  // the clue's place in that game, 0 for the first
  clue given;
  std::vector<std::string> cards;  // face down, alphabetical
  std::vector<card_role> roles;    // cards[i]'s role
};

// The question of a turn whose cards lie as `cards` when `given` is said.
quiz_question question_of(size_t game, size_t turn, const std::vector<card>& cards,
                          const clue& given);

// Which turns of a game a question may be drawn from.
enum class quiz_turns {
  any,        // every clue of the game
  first,      // its first clue
  last_card,  // the clues given while one card of the team's was left
};

// The number of the team's cards face down in `q`.
size_t team_cards_left(const quiz_question& q);

// One question per game of `turns_by_game` (each game's questions in turn order; games without
// such a turn are skipped), drawn evenly among the game's `turns` with the generator seeded by
// `seed` and the game's number; then the first `count` of them in game order.
std::vector<quiz_question> choose_questions(
    const std::vector<std::vector<quiz_question>>& turns_by_game, size_t count, uint64_t seed,
    quiz_turns turns);

// What one answer did under the game's rules.
struct answer_reading {
  size_t found = 0;          // our cards revealed before the turn ended
  bool first_ours = false;   // the first pick was ours
  bool stopped = false;      // the turn ended on a card that is not ours ...
  card_role stopped_on = card_role::team;  // ... of this role
};

// Errors: `bad_answer` for no pick, a pick that is no face-down card of the question (compared
// after ASCII lower-casing) or a card picked twice.
result<answer_reading> read_answer(const quiz_question& question,
                                   const std::vector<std::string>& picks);

struct quiz_score {
  size_t questions = 0;
  double first_pick_ours = 0;  // share of questions whose first pick was ours
  double all_found = 0;        // share that found as many of ours as the clue asked
  double cards_per_clue = 0;   // our cards found per question
  double enemy = 0, civilian = 0, assassin = 0;  // share of questions ended on that role
  // Per clue number (index n - 1; 4 or more at index 3): questions, and first picks ours.
  std::array<size_t, 4> asked_for{};
  std::array<size_t, 4> first_ours_for{};
};

// `answers[i]` answers `questions[i]`. Errors: `bad_answer` when the sizes differ; read_answer's.
result<quiz_score> score_answers(const std::vector<quiz_question>& questions,
                                 const std::vector<std::vector<std::string>>& answers);

// The sheet a reader answers from: how to answer, then per question its number, the clue and
// the face-down cards. Nothing on it tells a card's role.
std::string quiz_sheet(const std::vector<quiz_question>& questions);

// The answers written under a sheet: one line per question, "N: card, card" (N the question's
// number from 1, the cards in the order picked), '#' to the end of a line a comment, blank lines
// skipped. Errors: `bad_answer` naming the line for a line of another form, a question number
// out of range or answered twice, or one of read_answer's faults; naming the question for one
// left unanswered.
result<std::vector<std::vector<std::string>>> parse_answers(
    std::string_view text, const std::vector<quiz_question>& questions);

// The key: {"made_by":...,"questions":[{"game","turn","clue","number","targets","cards",
// "roles"}]} with roles "team", "enemy", "civilian", "assassin". `made_by` says what played the
// games (free text).
std::string quiz_key_json(const std::vector<quiz_question>& questions, std::string_view made_by);
struct quiz_key {
  std::string made_by;
  std::vector<quiz_question> questions;
};
// Errors: `bad_key` for a key this module did not write (fields missing or of the wrong kind,
// cards and roles of different lengths, an unknown role).
result<quiz_key> parse_quiz_key(std::string_view text);

}  // namespace wordhall::codenames
