// A small, fully known word space for vector cards tests: the real card_words over a
// vocabulary the test builds, so every similarity can be checked by hand.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "events/json_read.hpp"
#include "models/card_words.hpp"
#include "models/embeddings_builder.hpp"

namespace wordhall::vectorcards::testing {

constexpr size_t fixture_dims = 8;

// Hand-placed words (apple, cider, juice, ferment, stone, badword) and 60 filler words
// ("w00".."w59") with fixed pseudo-random directions; the deck is everything but badword.
inline std::shared_ptr<const models::card_words> fixture_words() {
  models::embeddings_builder b(fixture_dims, 0, 0);
  auto add = [&](const std::string& w, std::vector<float> v) {
    v.resize(fixture_dims, 0.0f);
    REQUIRE(b.add(w, v.data()).ok());
  };
  add("apple", {1, 0, 0, 0});
  add("cider", {0.6f, 0.8f, 0, 0});
  add("juice", {0.7f, 0.5f, 0.5f, 0});
  add("ferment", {0, 1, 0, 0.2f});
  add("stone", {0, 0, 0, 1});
  add("badword", {0.9f, 0.1f, 0, 0});
  uint64_t x = 42;
  std::vector<std::string> deck = {"apple", "cider", "juice", "ferment", "stone"};
  for (int i = 0; i < 60; ++i) {
    std::vector<float> v(fixture_dims);
    for (auto& f : v) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      f = static_cast<float>((x >> 33) % 2001) / 1000.0f - 1.0f;
    }
    std::string w = std::string("w") + char('0' + i / 10) + char('0' + i % 10);
    add(w, v);
    deck.push_back(w);
  }
  auto services = std::make_shared<models::word_services>(
      std::move(b).finish(), models::blocklist::parse("badword\n"), deck);
  return std::make_shared<models::card_words>(services);
}

inline std::vector<float> unit(std::vector<float> v) {
  double n = 0;
  for (float f : v) n += double(f) * f;
  for (float& f : v) f = static_cast<float>(f / std::sqrt(n));
  v.resize(fixture_dims, 0.0f);
  return v;
}

}  // namespace wordhall::vectorcards::testing
