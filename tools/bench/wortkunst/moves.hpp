// moves: a legal placement for a load generator's Wortkunst player, from its view.
//
// The benchmark's games grow a cross through the centre. The first move lays `first_tiles` tiles
// from H8 rightwards; every later move extends the word of row 8 or the word of column H (both
// always hold H8) by one or two tiles at one of their ends. As only row 8 and column H ever hold
// tiles, a new tile touches no other line: each placement is in one line, without gaps, connected
// and forms exactly one word (rules 8-13 of docs/wortkunst.md); rule 7 holds because the letters
// come off the rack (a blank gets a random letter A-Z). Letters are picked at random, so the words
// are new and most moves reach the LLM. The cross holds 29 tiles: `first_tiles`, then up to two
// per later move (max_moves).
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "events/json_writer.hpp"

namespace wordhall::loadgen::wortkunst {

constexpr int board_size = 15, centre = 7;  // H8 is column 7, row 7 (zero-based)
constexpr int cross_squares = 2 * board_size - 1;

// The moves a game can surely make: the first, then two tiles per move until the cross is full.
constexpr int max_moves(int first_tiles) { return 1 + (cross_squares - first_tiles) / 2; }

// board[row][column]: the tile's character as the view writes it, "" for an empty square.
using board_cells = std::array<std::array<std::string, board_size>, board_size>;

struct planned_tile {
  int row = 0, column = 0;
  std::string letter;  // a tile letter (for a blank: the letter it plays as)
  bool blank = false;
};

// The view's `board`: 15 rows of 15 UTF-8 characters, "." empty. False when it is not that.
inline bool parse_board(simdjson::dom::element rows, board_cells& into) {
  simdjson::dom::array list;
  if (rows.get(list) || list.size() != board_size) return false;
  int r = 0;
  for (auto row : list) {
    std::string_view text;
    if (row.get(text)) return false;
    int c = 0;
    for (size_t i = 0; i < text.size(); ++c) {
      auto lead = static_cast<unsigned char>(text[i]);
      size_t n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
      if (c >= board_size || i + n > text.size()) return false;
      std::string_view ch = text.substr(i, n);
      into[r][c] = ch == "." ? std::string() : std::string(ch);
      i += n;
    }
    if (c != board_size) return false;
    ++r;
  }
  return true;
}

inline std::string square_name(int row, int column) {
  return std::string(1, static_cast<char>('A' + column)) + std::to_string(row + 1);
}

// The next placement for `rack` (the view's rack: letters, "?" for a blank); empty when the
// rack is empty or the cross is full.
inline std::vector<planned_tile> plan_move(const board_cells& board, std::vector<std::string> rack,
                                           int first_tiles, std::mt19937_64& rng) {
  struct end {
    int row, column, d_row, d_column, room;
  };
  std::vector<end> ends;
  int count = 0;
  if (board[centre][centre].empty()) {
    ends.push_back({centre, centre, 0, 1, first_tiles});
    count = first_tiles;
  } else {
    // The words of row 8 and of column H are the runs of tiles through H8; each has two ends.
    auto occupied = [&](int row, int column) {
      return row >= 0 && row < board_size && column >= 0 && column < board_size &&
             !board[row][column].empty();
    };
    for (auto [d_row, d_column] : {std::pair{0, -1}, {0, 1}, {-1, 0}, {1, 0}}) {
      int k = 1;
      while (occupied(centre + k * d_row, centre + k * d_column)) ++k;
      int row = centre + k * d_row, column = centre + k * d_column;  // the first empty square
      int along = d_row ? row : column;
      int room = d_row + d_column < 0 ? along + 1 : board_size - along;
      if (room > 0) ends.push_back({row, column, d_row, d_column, room});
    }
    if (ends.empty()) return {};
    count = std::uniform_int_distribution<int>(1, 2)(rng);
  }
  end e = ends[std::uniform_int_distribution<size_t>(0, ends.size() - 1)(rng)];
  count = std::min({count, e.room, static_cast<int>(rack.size())});
  std::shuffle(rack.begin(), rack.end(), rng);
  std::vector<planned_tile> tiles;
  for (int i = 0; i < count; ++i) {
    planned_tile t{e.row + i * e.d_row, e.column + i * e.d_column, rack[i], false};
    if (t.letter == "?") {
      t.blank = true;
      t.letter = std::string(1, static_cast<char>('A' + std::uniform_int_distribution<int>(0, 25)(rng)));
    }
    tiles.push_back(std::move(t));
  }
  return tiles;
}

// The `place` command for `tiles`: {"type":"place","tiles":[{"square","letter","blank"},…]}.
inline std::string place_command(const std::vector<planned_tile>& tiles) {
  json_writer out;
  out.begin_object().field("type", "place").key("tiles").begin_array();
  for (auto& t : tiles)
    out.begin_object().field("square", square_name(t.row, t.column)).field("letter", t.letter)
        .field("blank", t.blank).end_object();
  return out.end_array().end_object().take();
}

}  // namespace wordhall::loadgen::wortkunst
