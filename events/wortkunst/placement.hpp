// Placement: whether tiles may be put on a board, and which words they form. One pure function,
// used by the game (with the mover's rack) and by `wordhall wortkunst check` (without).
//
// Rules, checked in this order; the first broken one is the error (docs/wortkunst.md):
//    1 no_tiles               at least one tile
//    2 bad_square             every square is A1..O15
//    3 blank_unassigned       a blank carries a letter; a "?" letter is always this error
//    4 bad_letter             every letter is one of A–Z, Ä, Ö, Ü (lower case accepted)
//    5 duplicate_square       no square twice
//    6 square_taken           every square is free on the board
//    7 tile_not_on_rack       (with a rack) the tiles, blanks as "?", are a sub-multiset of it
//    8 tiles_not_in_line      all tiles in one row or all in one column
//    9 gap_in_word            between the first and last tile every square is placed or occupied
//   10 first_move_off_centre  on an empty board one tile covers H8
//   11 first_move_too_short   on an empty board at least two tiles
//   12 not_connected          on a non-empty board a tile touches an existing tile edge-wise
//                             (diagonals do not count; existing tiles inside the line do)
//   13 no_word_formed         at least one word of two letters or more (a safety net)
//
// Words formed: the main word along the line (extended by adjacent tiles at both ends) if it has
// two letters or more, then each placed tile's perpendicular cross-word of two letters or more,
// in line order. A single tile: its horizontal word, then its vertical word. Words are upper case
// (a blank's letter too) with their squares in reading order; a word may be formed twice.
#pragma once

#include <simdjson.h>

#include <string>
#include <vector>

#include "events/result.hpp"
#include "events/wortkunst/board.hpp"

namespace wordhall::wortkunst {

struct placed_tile {
  square at;
  std::string letter;  // upper case; for a blank the letter it stands for
  bool blank = false;
};

struct formed_word {
  std::string word;
  std::vector<square> squares;
};

// Rules 1–4 on a JSON array of {"square","letter","blank"?} objects; `bad_field` when `tiles` is
// not an array of objects.
result<std::vector<placed_tile>> read_tiles(simdjson::dom::element tiles);

// Rules 5–13 (7 only when `rack` is given). The tiles must have passed `read_tiles`' checks.
result<std::vector<formed_word>> check_placement(const board& b,
                                                 const std::vector<placed_tile>& tiles,
                                                 const std::vector<std::string>* rack = nullptr);

// The tiles as they leave a rack: their letters, "?" for blanks.
std::vector<std::string> rack_tiles(const std::vector<placed_tile>& tiles);

// The distinct words, in order of first appearance: what the judge rates.
std::vector<std::string> distinct_words(const std::vector<formed_word>& words);

}  // namespace wordhall::wortkunst
