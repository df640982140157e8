// answer_lines: the lines a person writes to answer clues, "LABEL: card, card".
//
// Both the blind quiz (clue_quiz.hpp, labels "N") and whole games by sheet (sheet_play.hpp,
// labels "G.T") read answers this way: '#' starts a comment, blank lines are skipped, the label
// is what stands before the first colon and the cards follow it, comma-separated, in the order
// picked. What a label means, and which cards are allowed, is the caller's to check.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"

namespace wordhall::codenames {

struct answer_line {
  size_t line = 0;  // from 1, for error messages
  std::string label;
  std::vector<std::string> picks;  // trimmed, non-empty, as written
};

// Errors: `bad_answer` naming the line for a line without a colon or with nothing before it:
// "line 3: write " + form, where form says how to write one.
result<std::vector<answer_line>> read_answer_lines(std::string_view text, std::string_view form);

// True when `text` is 1 to 6 ASCII digits.
bool is_small_number(std::string_view text);

// ASCII lower-casing: cards and picks are compared so.
std::string ascii_lowered(std::string_view text);

}  // namespace wordhall::codenames
