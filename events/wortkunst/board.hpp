// The 15×15 board and its squares.
//
// A square is named column then row, "H8": columns A–O left → right (x 0–14), rows 1–15 top →
// bottom (y 0–14); the centre is H8 (7, 7). The text form (views, `wordhall wortkunst check`) is
// 15 strings of 15 characters: "." empty, an upper-case letter for a tile, its lower-case form
// for a blank played as that letter.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"

namespace wordhall::wortkunst {

inline constexpr int board_size = 15;
inline constexpr int centre = 7;

struct square {
  int x = 0;  // column: 0 = A
  int y = 0;  // row: 0 = row 1
  friend bool operator==(square a, square b) { return a.x == b.x && a.y == b.y; }
  friend bool operator!=(square a, square b) { return !(a == b); }
};

// "H8" (or "h8") → {7, 7}; nullopt for anything outside A1..O15 ("P1", "A0", "A01", "H").
std::optional<square> parse_square(std::string_view name);
std::string square_name(square s);

struct cell {
  std::string letter;  // upper case; empty when the square is free
  bool blank = false;
  bool empty() const { return letter.empty(); }
};

class board {
 public:
  const cell& at(square s) const { return cells_[index(s)]; }
  cell& at(square s) { return cells_[index(s)]; }
  static bool inside(int x, int y) { return x >= 0 && y >= 0 && x < board_size && y < board_size; }
  bool empty() const;

  std::vector<std::string> rows() const;          // the text form
  std::vector<std::string> blank_squares() const;  // names of squares holding a blank
  // The text form back to a board; `bad_board` when it is not 15 rows of 15 valid characters.
  static result<board> from_rows(const std::vector<std::string>& rows);

  friend bool operator==(const board& a, const board& b);

 private:
  static size_t index(square s) { return static_cast<size_t>(s.y * board_size + s.x); }
  std::array<cell, board_size * board_size> cells_;
};

}  // namespace wordhall::wortkunst
