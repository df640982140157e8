#include "events/wortkunst/placement.hpp"

#include <algorithm>

#include "events/json_read.hpp"
#include "events/wortkunst/tiles.hpp"

namespace wordhall::wortkunst {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

std::optional<std::string_view> string_field(object o, std::string_view name) {
  std::string_view v;
  if (o[name].get(v)) return std::nullopt;
  return v;
}

// The board with this move's tiles on it, for reading words.
struct overlay {
  const board& b;
  const std::vector<placed_tile>& tiles;

  const placed_tile* placed(int x, int y) const {
    for (auto& t : tiles)
      if (t.at == square{x, y}) return &t;
    return nullptr;
  }
  bool occupied(int x, int y) const {
    return board::inside(x, y) && (placed(x, y) || !b.at({x, y}).empty());
  }
  std::string letter(int x, int y) const {
    if (auto* t = placed(x, y)) return t->letter;
    return b.at({x, y}).letter;
  }

  // The maximal run of occupied squares through `from` along (dx, dy).
  formed_word run(square from, int dx, int dy) const {
    int x = from.x, y = from.y;
    while (occupied(x - dx, y - dy)) x -= dx, y -= dy;
    formed_word w;
    for (; occupied(x, y); x += dx, y += dy) {
      w.word += letter(x, y);
      w.squares.push_back({x, y});
    }
    return w;
  }
};

bool touches_existing(const board& b, square s) {
  const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (auto& d : steps) {
    int x = s.x + d[0], y = s.y + d[1];
    if (board::inside(x, y) && !b.at({x, y}).empty()) return true;
  }
  return false;
}

}  // namespace

result<std::vector<placed_tile>> read_tiles(element tiles) {
  if (!tiles.is_array()) return make_error("bad_field", "\"tiles\" must be an array");
  std::vector<object> items;
  for (element e : array_of(tiles)) {
    object o;
    if (e.get(o)) return make_error("bad_field", "each tile must be a JSON object");
    items.push_back(o);
  }
  if (items.empty()) return make_error("no_tiles", "place at least one tile");
  std::vector<placed_tile> out(items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    auto name = string_field(items[i], "square");
    auto at = name ? parse_square(*name) : std::nullopt;
    if (!at)
      return make_error("bad_square", "\"" + std::string(name.value_or("")) +
                                          "\" is not a square A1..O15");
    out[i].at = *at;
    bool blank = false;
    if (auto flag = find_field(items[i], "blank"); flag && !flag->is_null()) {
      if (flag->get(blank)) return make_error("bad_field", "\"blank\" must be true or false");
    }
    out[i].blank = blank;
  }
  for (size_t i = 0; i < items.size(); ++i) {
    auto letter = string_field(items[i], "letter");
    if ((out[i].blank && (!letter || letter->empty())) || (letter && *letter == blank_tile))
      return make_error("blank_unassigned",
                        "the blank on " + square_name(out[i].at) + " needs a letter");
  }
  for (size_t i = 0; i < items.size(); ++i) {
    auto text = string_field(items[i], "letter");
    auto letter = text ? tile_letter(*text) : std::nullopt;
    if (!letter)
      return make_error("bad_letter", "\"" + std::string(text.value_or("")) + "\" on " +
                                          square_name(out[i].at) +
                                          " is not a letter A-Z, Ä, Ö or Ü");
    out[i].letter = *letter;
  }
  return out;
}

result<std::vector<formed_word>> check_placement(const board& b,
                                                 const std::vector<placed_tile>& tiles,
                                                 const std::vector<std::string>* rack) {
  if (tiles.empty()) return make_error("no_tiles", "place at least one tile");
  for (size_t i = 0; i < tiles.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (tiles[i].at == tiles[j].at)
        return make_error("duplicate_square", square_name(tiles[i].at) + " is used twice");
  for (auto& t : tiles)
    if (!b.at(t.at).empty())
      return make_error("square_taken", square_name(t.at) + " is already taken");
  if (rack && !on_rack(*rack, rack_tiles(tiles)))
    return make_error("tile_not_on_rack", "these tiles are not all on your rack");

  bool same_row = std::all_of(tiles.begin(), tiles.end(),
                              [&](const placed_tile& t) { return t.at.y == tiles[0].at.y; });
  bool same_column = std::all_of(tiles.begin(), tiles.end(),
                                 [&](const placed_tile& t) { return t.at.x == tiles[0].at.x; });
  if (!same_row && !same_column)
    return make_error("tiles_not_in_line", "all tiles must be in one row or one column");

  overlay grid{b, tiles};
  // A single tile counts as a row for the gap check (trivially none) and the word order.
  int dx = same_row ? 1 : 0, dy = same_row ? 0 : 1;
  auto along = [&](const placed_tile& t) { return same_row ? t.at.x : t.at.y; };
  auto [first, last] = std::minmax_element(
      tiles.begin(), tiles.end(),
      [&](const placed_tile& a, const placed_tile& c) { return along(a) < along(c); });
  for (int x = first->at.x, y = first->at.y; x <= last->at.x && y <= last->at.y; x += dx, y += dy)
    if (!grid.occupied(x, y))
      return make_error("gap_in_word", square_name({x, y}) + " leaves a gap in the word");

  if (b.empty()) {
    bool covers_centre = std::any_of(tiles.begin(), tiles.end(), [](const placed_tile& t) {
      return t.at == square{centre, centre};
    });
    if (!covers_centre)
      return make_error("first_move_off_centre", "the first move must cover the centre H8");
    if (tiles.size() < 2)
      return make_error("first_move_too_short", "the first move needs at least two tiles");
  } else {
    bool connected = std::any_of(tiles.begin(), tiles.end(),
                                 [&](const placed_tile& t) { return touches_existing(b, t.at); });
    if (!connected)
      return make_error("not_connected", "the tiles must touch a tile already on the board");
  }

  std::vector<placed_tile> in_line = tiles;
  std::sort(in_line.begin(), in_line.end(), [&](const placed_tile& a, const placed_tile& c) {
    return along(a) < along(c);
  });
  std::vector<formed_word> words;
  auto keep = [&](formed_word w) {
    if (w.squares.size() >= 2) words.push_back(std::move(w));
  };
  keep(grid.run(in_line[0].at, dx, dy));
  for (auto& t : in_line) keep(grid.run(t.at, dy, dx));
  if (words.empty())
    return make_error("no_word_formed", "the tiles must form a word of at least two letters");
  return words;
}

std::vector<std::string> rack_tiles(const std::vector<placed_tile>& tiles) {
  std::vector<std::string> out;
  for (auto& t : tiles) out.push_back(t.blank ? blank_tile : t.letter);
  return out;
}

std::vector<std::string> distinct_words(const std::vector<formed_word>& words) {
  std::vector<std::string> out;
  for (auto& w : words)
    if (std::find(out.begin(), out.end(), w.word) == out.end()) out.push_back(w.word);
  return out;
}

}  // namespace wordhall::wortkunst
