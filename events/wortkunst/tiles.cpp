#include "events/wortkunst/tiles.hpp"

#include <algorithm>

#include "events/splitmix64.hpp"

namespace wordhall::wortkunst {
namespace {

// Umlauts in both cases; ASCII letters are handled arithmetically.
const std::pair<const char*, const char*> umlauts[] = {
    {"Ä", "ä"}, {"Ö", "ö"}, {"Ü", "ü"}};

}  // namespace

const std::vector<std::pair<std::string, int>>& distribution() {
  static const std::vector<std::pair<std::string, int>> counts = {
      {"A", 5}, {"B", 2}, {"C", 2}, {"D", 4}, {"E", 15}, {"F", 2}, {"G", 3}, {"H", 4},
      {"I", 6}, {"J", 1}, {"K", 2}, {"L", 3}, {"M", 4},  {"N", 9}, {"O", 3}, {"P", 1},
      {"Q", 1}, {"R", 6}, {"S", 7}, {"T", 6}, {"U", 6},  {"V", 1}, {"W", 1}, {"X", 1},
      {"Y", 1}, {"Z", 1}, {"Ä", 1}, {"Ö", 1}, {"Ü", 1},  {blank_tile, 2}};
  return counts;
}

std::vector<std::string> full_bag() {
  std::vector<std::string> out;
  for (auto& [letter, count] : distribution()) out.insert(out.end(), count, letter);
  return out;
}

std::vector<std::string> shuffled(std::vector<std::string> tiles, uint64_t seed) {
  splitmix64 rng{seed};
  for (size_t i = tiles.size(); i > 1; --i) std::swap(tiles[i - 1], tiles[rng.below(i)]);
  return tiles;
}

std::optional<std::string> tile_letter(std::string_view text) {
  if (text.size() == 1) {
    char c = text[0];
    if (c >= 'A' && c <= 'Z') return std::string(1, c);
    if (c >= 'a' && c <= 'z') return std::string(1, static_cast<char>(c - 'a' + 'A'));
    return std::nullopt;
  }
  for (auto& [upper, lower] : umlauts)
    if (text == upper || text == lower) return std::string(upper);
  return std::nullopt;
}

std::string lower_letter(const std::string& letter) {
  if (letter.size() == 1 && letter[0] >= 'A' && letter[0] <= 'Z')
    return std::string(1, static_cast<char>(letter[0] - 'A' + 'a'));
  for (auto& [upper, lower] : umlauts)
    if (letter == upper) return lower;
  return letter;
}

std::vector<std::string> code_points(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    auto lead = static_cast<unsigned char>(text[i]);
    size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3
                  : (lead >> 3) == 0x1E ? 4 : 1;
    if (i + length > text.size()) length = 1;
    for (size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) length = 1;
    out.emplace_back(text.substr(i, length));
    i += length;
  }
  return out;
}

bool on_rack(const std::vector<std::string>& rack, const std::vector<std::string>& tiles) {
  std::vector<std::string> left = rack;
  for (auto& t : tiles) {
    auto it = std::find(left.begin(), left.end(), t);
    if (it == left.end()) return false;
    left.erase(it);
  }
  return true;
}

std::vector<std::string> without(std::vector<std::string> rack,
                                 const std::vector<std::string>& tiles) {
  for (auto& t : tiles) {
    auto it = std::find(rack.begin(), rack.end(), t);
    if (it != rack.end()) rack.erase(it);
  }
  return rack;
}

}  // namespace wordhall::wortkunst
