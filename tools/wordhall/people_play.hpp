// people_play: what `wordhall spymaster eval` does to put a spymaster's clues to people — a blind
// quiz of its games' clues (--quiz, models/codenames/clue_quiz.hpp) and whole games with a person
// as the guesser, a round of answers at a time (--sheet, models/codenames/sheet_play.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_quiz.hpp"
#include "models/codenames/codenames_sim.hpp"

namespace wordhall {

// A file's whole text. Errors: `io_error` naming the file.
result<std::string> read_text_file(const std::string& path);

// Collects the turns of the games it watches (play_games' watcher), then writes the quiz drawn
// from them: PREFIX.txt, the sheet a reader answers, and PREFIX-key.json beside it.
class quiz_recorder {
 public:
  explicit quiz_recorder(size_t games) : turns_by_game_(games) {}
  codenames::game_turn_watcher watcher();
  // Errors: `io_error` naming the file that could not be written.
  result<void> write(size_t questions, uint64_t seed, codenames::quiz_turns turns,
                     const std::string& prefix, const std::string& made_by) const;

 private:
  std::vector<std::vector<codenames::quiz_question>> turns_by_game_;
};

// One round of games by sheet: the answers in `answers_file` (none yet when it is missing)
// replayed over games 0 .. games-1 of `seed`. `sheet` is the next sheet to answer (with how each
// finished game ended); `records` holds the finished games' records, and all of them once
// `all_over`. Errors: `io_error`; `bad_answer` naming the file and line, or the game and turn;
// those of the spymaster.
struct sheet_round {
  std::string sheet;
  std::vector<codenames::game_record> records;
  bool all_over = false;
};
result<sheet_round> play_sheet_round(const std::vector<std::string>& deck, size_t games,
                                     uint64_t seed, const codenames::spymaster& giver,
                                     const std::string& answers_file);

}  // namespace wordhall
