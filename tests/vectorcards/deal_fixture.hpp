// A word space for the curated dealing's tests: a start ("home") and a target ("moon") 0.25
// apart, and cards placed in each role around them (pulls near the target, pushes near the start
// and away from the target, lures, near-misses, fillers), with curated lists that leave out one
// deck word ("notacard").
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "models/card_words.hpp"
#include "models/embeddings_builder.hpp"

namespace wordhall::vectorcards::testing {

constexpr size_t deal_dims = 16;

inline std::shared_ptr<const models::card_words> role_words() {
  models::embeddings_builder b(deal_dims, 0, 0);
  uint64_t x = 7;
  // A unit direction in dimensions 2..15 (away from both start and target).
  auto noise = [&] {
    std::vector<double> n(deal_dims, 0.0);
    double length = 0.0;
    for (size_t d = 2; d < deal_dims; ++d) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      n[d] = static_cast<double>((x >> 33) % 2001) / 1000.0 - 1.0;
      length += n[d] * n[d];
    }
    for (auto& v : n) v /= std::sqrt(length);
    return n;
  };
  std::vector<std::string> deck;
  // along_start·e0 + along_target_axis·e1 + spread·noise
  auto add = [&](const std::string& w, double e0, double e1, double spread) {
    auto n = noise();
    std::vector<float> v(deal_dims);
    for (size_t d = 0; d < deal_dims; ++d) v[d] = static_cast<float>(spread * n[d]);
    v[0] += static_cast<float>(e0);
    v[1] += static_cast<float>(e1);
    REQUIRE(b.add(w, v.data()).ok());
    deck.push_back(w);
  };
  const double c = 0.25, s = std::sqrt(1 - c * c);  // moon = 0.25·home + 0.968·e1
  add("home", 1, 0, 0);
  add("moon", c, s, 0);
  add("homely", 1, 0, 0.3);  // cos 0.96 with home: too close to pair with it
  for (int i = 0; i < 8; ++i) add("pull" + std::to_string(i), c, s, 0.9 + 0.1 * i);
  for (int i = 0; i < 6; ++i) add("push" + std::to_string(i), 1, -0.3, 1.0);
  for (int i = 0; i < 6; ++i) add("lure" + std::to_string(i), 1, 0.1, 1.0);
  for (int i = 0; i < 6; ++i) add("near" + std::to_string(i), 0, 0.25, 1.0);
  // Near-misses when "home" is the target (the pair may be dealt either way round).
  for (int i = 0; i < 6; ++i) add("nigh" + std::to_string(i), 0.25, 0, 1.0);
  for (int i = 0; i < 30; ++i) add("fill" + std::to_string(i), 0, 0, 1.0);
  add("notacard", c, s, 0.9);  // would be a fine pull, but it is not on the curated list
  vectorcards::deal_words curated;
  for (auto& w : deck)
    if (w != "notacard") curated.cards.push_back(w);
  curated.subjects = {"home", "moon"};
  auto services = std::make_shared<models::word_services>(std::move(b).finish(),
                                                          models::blocklist::parse(""), deck);
  return std::make_shared<models::card_words>(services, curated);
}

}  // namespace wordhall::vectorcards::testing
