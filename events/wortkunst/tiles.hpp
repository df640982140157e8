// Wortkunst's tiles: the 29 letters, the German distribution of 102 tiles, and the bag's order.
//
// A letter is a UTF-8 string ("A", "Ä"), never a byte: Ä, Ö and Ü take two bytes. On a rack and
// in the bag a blank is "?". The bag is a sequence drawn from its front; its order comes from
// `shuffled`, a Fisher–Yates shuffle driven by splitmix64, so one seed always gives one order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wordhall::wortkunst {

inline constexpr const char* blank_tile = "?";
inline constexpr int rack_size = 7;

// (letter, count) in alphabet order, the blank last; the counts add up to 102.
const std::vector<std::pair<std::string, int>>& distribution();

// All 102 tiles in distribution order.
std::vector<std::string> full_bag();

// `tiles` in the order a Fisher–Yates shuffle seeded with `seed` gives.
std::vector<std::string> shuffled(std::vector<std::string> tiles, uint64_t seed);

// The upper-case tile letter `text` names ("a", "A", "ä", "Ä" → "A"/"Ä"), or nullopt when it
// is not one of the 29 letters ("ß", "?", "", "AB").
std::optional<std::string> tile_letter(std::string_view text);

// The lower-case form of a tile letter (blanks on the text board), and back.
std::string lower_letter(const std::string& letter);

// Splits UTF-8 text into code points (each as its bytes); invalid bytes become one-byte pieces.
std::vector<std::string> code_points(std::string_view text);

// Whether `tiles` (blanks as "?") can be taken from `rack` as a multiset.
bool on_rack(const std::vector<std::string>& rack, const std::vector<std::string>& tiles);

// `rack` without one copy of each of `tiles` (which must be on it).
std::vector<std::string> without(std::vector<std::string> rack,
                                 const std::vector<std::string>& tiles);

}  // namespace wordhall::wortkunst
