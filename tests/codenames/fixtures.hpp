// Small hand-placed vector spaces and a small board for the Codenames tests.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/codenames/clue_space.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/view_set.hpp"
#include "models/embeddings_builder.hpp"

namespace wordhall::codenames::testing {

// Words at angles (degrees) in the xy plane; unit vectors, so d = 2 sin(angle between / 2).
inline models::embeddings words_at_angles(const std::vector<std::pair<std::string, double>>& at) {
  models::embeddings_builder builder(3, 0, at.size());
  for (const auto& [word, degrees] : at) {
    const double r = degrees * 3.14159265358979323846 / 180.0;
    const float v[3] = {float(std::cos(r)), float(std::sin(r)), 0.0f};
    REQUIRE(builder.add(word, v).ok());
  }
  return std::move(builder).finish();
}

inline double chord(double degrees) {
  return 2.0 * std::sin(degrees * 3.14159265358979323846 / 360.0);
}

// Word i of spread_words: three consonants, so no name contains, or shares a stem with, another.
inline std::string spread_name(size_t i) {
  const char* letters = "bcdfghkmnp";
  return {letters[i / 100 % 10], letters[i / 10 % 10], letters[i % 10]};
}

// A deterministic spread of `count` (at most 1000) words spread_name(i) in `dims` dimensions.
inline models::embeddings spread_words(size_t count, size_t dims) {
  models::embeddings_builder builder(dims, 0, count);
  std::vector<float> v(dims);
  for (size_t i = 0; i < count; ++i) {
    for (size_t d = 0; d < dims; ++d)
      v[d] = float(std::sin(double(i * 7 + 1) * double(d + 1) * 0.37));
    REQUIRE(builder.add(spread_name(i), v.data()).ok());
  }
  return std::move(builder).finish();
}

// One view named `name` over spread_words(300, 12) whose clue words are words 40 on, so the
// first 40 can be cards.
inline std::shared_ptr<const view_set> spread_view_set(const std::string& name) {
  auto vectors = spread_words(300, 12);
  std::vector<std::string> words;
  for (size_t i = 40; i < 300; ++i) words.push_back(spread_name(i));
  auto views = std::make_shared<view_set>();
  views->names = {name};
  views->spaces.push_back(
      std::make_shared<clue_space>(vectors, words, models::blocklist::parse("")));
  return views;
}

// The cosine of an angle in degrees.
inline double cos_deg(double degrees) { return std::cos(degrees * 3.14159265358979323846 / 180.0); }

// Two team cards (apple, banana), one enemy (stone) and the assassin (knife); no civilian.
inline board_view fruit_board() {
  board_view board;
  board.team = {"apple", "banana"};
  board.enemy = {"stone"};
  board.assassin = "knife";
  return board;
}

}  // namespace wordhall::codenames::testing
