#include "events/wortkunst/board.hpp"

#include "events/wortkunst/tiles.hpp"

namespace wordhall::wortkunst {

std::optional<square> parse_square(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  char column = name[0];
  if (column >= 'a' && column <= 'z') column = static_cast<char>(column - 'a' + 'A');
  if (column < 'A' || column >= 'A' + board_size) return std::nullopt;
  if (name[1] < '1' || name[1] > '9') return std::nullopt;  // no "A0", no leading zero
  int row = name[1] - '0';
  if (name.size() == 3) {
    if (name[2] < '0' || name[2] > '9') return std::nullopt;
    row = row * 10 + (name[2] - '0');
  }
  if (row > board_size) return std::nullopt;
  return square{column - 'A', row - 1};
}

std::string square_name(square s) {
  return std::string(1, static_cast<char>('A' + s.x)) + std::to_string(s.y + 1);
}

bool board::empty() const {
  for (auto& c : cells_)
    if (!c.empty()) return false;
  return true;
}

std::vector<std::string> board::rows() const {
  std::vector<std::string> out;
  for (int y = 0; y < board_size; ++y) {
    std::string row;
    for (int x = 0; x < board_size; ++x) {
      const cell& c = at({x, y});
      row += c.empty() ? "." : c.blank ? lower_letter(c.letter) : c.letter;
    }
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<std::string> board::blank_squares() const {
  std::vector<std::string> out;
  for (int y = 0; y < board_size; ++y)
    for (int x = 0; x < board_size; ++x)
      if (at({x, y}).blank) out.push_back(square_name({x, y}));
  return out;
}

result<board> board::from_rows(const std::vector<std::string>& rows) {
  if (rows.size() != board_size)
    return make_error("bad_board", "the board must have 15 rows");
  board out;
  for (int y = 0; y < board_size; ++y) {
    auto chars = code_points(rows[static_cast<size_t>(y)]);
    if (chars.size() != board_size)
      return make_error("bad_board", "row " + std::to_string(y + 1) + " must have 15 characters");
    for (int x = 0; x < board_size; ++x) {
      const std::string& ch = chars[static_cast<size_t>(x)];
      if (ch == ".") continue;
      auto letter = tile_letter(ch);
      if (!letter)
        return make_error("bad_board", "square " + square_name({x, y}) + " holds \"" + ch +
                                           "\", not \".\" or a tile letter");
      cell& c = out.at({x, y});
      c.letter = *letter;
      c.blank = ch != *letter;  // lower case: a blank
    }
  }
  return out;
}

bool operator==(const board& a, const board& b) {
  for (size_t i = 0; i < a.cells_.size(); ++i)
    if (a.cells_[i].letter != b.cells_[i].letter || a.cells_[i].blank != b.cells_[i].blank)
      return false;
  return true;
}

}  // namespace wordhall::wortkunst
