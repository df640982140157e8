// The curated dealing's rules (events/vectorcards/dealing.hpp, dealing_checks.hpp) as pure
// functions and over a word space whose every card has a known role.
#include "events/vectorcards/dealing.hpp"
#include "events/vectorcards/dealing_checks.hpp"
#include "tests/vectorcards/deal_fixture.hpp"

#include <map>
#include <set>

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::role_words;

namespace {

const std::vector<std::string> four = {"p1", "p2", "p3", "p4"};

closeness_pair near_of(const word_space& w, const std::string& card, const deal& d) {
  auto v = w.unit_vector(card);
  return {cosine(v, w.unit_vector(d.start)), cosine(v, w.unit_vector(d.target))};
}

std::vector<hand_card> cards_of(const word_space& w, const std::vector<std::string>& tokens) {
  std::vector<hand_card> out;
  for (auto& t : tokens) out.push_back({t, w.unit_vector(t)});
  return out;
}

}  // namespace

TEST_CASE("card roles follow the cosines with start and target", "[vectorcards][dealing]") {
  settings config;  // explain_min 0.30
  CHECK(role_of({0.1, 0.30}, config) == card_role::pull);
  CHECK(role_of({0.9, 0.31}, config) == card_role::pull);
  CHECK(role_of({0.30, 0.14}, config) == card_role::push);
  CHECK(role_of({0.6, -0.2}, config) == card_role::push);
  CHECK(role_of({0.5, 0.15}, config) == card_role::lure);
  CHECK(role_of({0.1, 0.20}, config) == card_role::near_miss);
  CHECK(role_of({0.29, 0.29}, config) == card_role::near_miss);
  CHECK(role_of({0.1, 0.19}, config) == card_role::filler);
  config.explain_min = 0.5;
  CHECK(role_of({0.1, 0.45}, config) == card_role::near_miss);
  CHECK(std::string(role_name(card_role::push)) == "push");
}

TEST_CASE("the pair band and the distance to it", "[vectorcards][dealing]") {
  settings config;
  CHECK(in_pair_band(0.10, config));
  CHECK(in_pair_band(0.35, config));
  CHECK_FALSE(in_pair_band(0.09, config));
  CHECK_FALSE(in_pair_band(0.5, config));
  CHECK(band_distance(0.2, config) == 0.0);
  CHECK(band_distance(0.5, config) == Approx(0.15));
  CHECK(band_distance(-0.1, config) == Approx(0.2));
}

TEST_CASE("explainable moves add words near the target and subtract words near the start",
          "[vectorcards][dealing]") {
  std::vector<float> start = {1, 0, 0}, target = {0, 1, 0};
  std::vector<hand_card> cards = {
      {"toward", {0, 1, 0}}, {"origin", {1, 0, 0}}, {"aside", {0, 0, 1}}};
  auto move = [](std::string p, std::string ps, std::string q, std::string qs) {
    return scored_move{p, ps, q, qs, 0.0};
  };
  CHECK(explainable(move("toward", "+", "origin", "-"), start, target, cards, 0.3));
  CHECK_FALSE(explainable(move("toward", "+", "aside", "-"), start, target, cards, 0.3));
  CHECK_FALSE(explainable(move("origin", "+", "toward", "+"), start, target, cards, 0.3));
  CHECK_FALSE(explainable(move("toward", "-", "origin", "-"), start, target, cards, 0.3));
  CHECK_FALSE(explainable(move("unknown", "+", "toward", "+"), start, target, cards, 0.3));

  // cos(start, target) = 0. With "toward" public: +toward+origin 0.45, +toward-origin 1,
  // +toward±aside 0.58 improve; -toward with anything points away from the target.
  std::vector<hand_card> publics = {cards[0]}, privates = {cards[1], cards[2]};
  CHECK(improving_moves(start, target, publics, privates, 0.0) == 4);
  // Beating 0.5 by 0.05 leaves +toward-origin (1.0) and +toward±aside (0.58).
  CHECK(improving_moves(start, target, publics, privates, 0.5) == 3);
  CHECK(improving_moves(start, target, publics, privates, 0.96) == 0);
}

TEST_CASE(
    "curated deals: the band, mixed public roles, a useful card in every hand, an "
    "explainable par with choices",
    "[vectorcards][dealing]") {
  auto words = role_words();
  settings config;
  config.wildcard_ratio = 0.0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    INFO("seed " << seed);
    auto d = deal_round(1, seed, config, four, *words, nullptr, 0);
    REQUIRE(d.ok());
    CHECK(in_pair_band(d->base_similarity, config));
    std::map<card_role, int> roles;
    for (auto& p : d->public_cards) ++roles[role_of(near_of(*words, p, *d), config)];
    CHECK(roles[card_role::pull] >= 3);
    CHECK(roles[card_role::push] >= 2);
    CHECK(roles[card_role::lure] >= 2);
    CHECK(roles[card_role::near_miss] >= 2);
    auto start = words->unit_vector(d->start), target = words->unit_vector(d->target);
    auto publics = cards_of(*words, d->public_cards);
    for (auto& [seat, hand] : d->hands) {
      std::vector<std::string> tokens;
      bool useful = false;
      for (auto& c : hand) {
        tokens.push_back(c.token);
        auto role = role_of(near_of(*words, c.token, *d), config);
        useful |= role == card_role::pull || role == card_role::push;
      }
      CHECK(useful);
      auto privates = cards_of(*words, tokens);
      auto all = publics;
      all.insert(all.end(), privates.begin(), privates.end());
      REQUIRE(d->par.at(seat));
      CHECK(explainable(*d->par.at(seat), start, target, all, config.explain_min));
      CHECK(improving_moves(start, target, publics, privates, d->base_similarity) >=
            wanted_improving_moves);
    }
  }
}

TEST_CASE(
    "curated deals take cards from the curated list only, never a giveaway, the same "
    "for the same seed",
    "[vectorcards][dealing]") {
  auto words = role_words();
  settings config;
  config.wildcard_ratio = 0.0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    auto d = deal_round(1, seed, config, four, *words, nullptr, 0);
    REQUIRE(d.ok());
    std::vector<std::string> dealt = d->public_cards;
    for (auto& [seat, hand] : d->hands)
      for (auto& c : hand) dealt.push_back(c.token);
    for (auto& c : dealt) {
      CHECK(c != "notacard");
      CHECK(c != d->start);
      CHECK(c != d->target);
      auto near = near_of(*words, c, *d);
      CHECK(std::max(near.to_start, near.to_target) < giveaway_similarity);
    }
    auto again = deal_round(1, seed, config, four, *words, nullptr, 0);
    CHECK(again->start == d->start);
    CHECK(again->public_cards == d->public_cards);
    CHECK(again->hands.at("p3")[1].token == d->hands.at("p3")[1].token);
  }
  config.dealing = "classic";  // the classic dealing knows nothing of the curated list
  bool classic_dealt_it = false;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    auto d = deal_round(1, seed, config, four, *words, nullptr, 0);
    REQUIRE(d.ok());
    for (auto& p : d->public_cards) classic_dealt_it |= p == "notacard";
  }
  CHECK(classic_dealt_it);
}

TEST_CASE("curated deals deal as many jokers as the setting asks, no more", "[vectorcards][dealing]") {
  auto words = role_words();
  settings config;
  config.wildcard_ratio = 0.5;
  int jokers = 0, cards = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    auto d = deal_round(1, seed, config, four, *words, nullptr, 0);
    REQUIRE(d.ok());
    for (auto& [seat, hand] : d->hands)
      for (auto& c : hand) jokers += c.joker, ++cards;
  }
  REQUIRE(cards == 200 * 4 * config.m_private);
  // 1,600 cards: a binomial share of 0.5 stays within ±0.05 (four standard deviations).
  CHECK(std::abs(jokers / static_cast<double>(cards) - 0.5) < 0.05);

  config.dealing = "classic";  // the classic dealing redeals too, and draws jokers the same way
  jokers = cards = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    auto d = deal_round(1, seed, config, four, *words, nullptr, 0);
    REQUIRE(d.ok());
    for (auto& [seat, hand] : d->hands)
      for (auto& c : hand) jokers += c.joker, ++cards;
  }
  CHECK(std::abs(jokers / static_cast<double>(cards) - 0.5) < 0.05);
}

TEST_CASE("themes deal their pairs within the band, or the pair nearest it",
          "[vectorcards][dealing]") {
  auto words = role_words();
  settings config;
  config.wildcard_ratio = 0.0;
  theme night{"night", "Nacht", "Night", {"home", "moon", "homely", "unknownword"}};
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    auto d = deal_round(1, seed, config, four, *words, &night, 0);
    REQUIRE(d.ok());
    CHECK(in_pair_band(d->base_similarity, config));
    CHECK((d->start == "moon" || d->target == "moon"));  // home–homely (0.96) is out of band
  }
  theme twins{"twins", "Tweeling", "Twins", {"home", "homely"}};
  auto d = deal_round(1, 3, config, four, *words, &twins, 0);
  REQUIRE(d.ok());  // no pair in the band: the nearest is dealt rather than nothing
  CHECK_FALSE(in_pair_band(d->base_similarity, config));
  CHECK(d->public_cards.size() == 10);
  theme lonely{"lonely", "Eenzaam", "Lonely", {"home", "unknownword"}};
  CHECK(deal_round(1, 3, config, four, *words, &lonely, 0).err().code == "bad_theme");
  config.pair_band_low = 0.5;
  config.pair_band_high = 0.99;  // now only home–homely is in the band
  auto close = deal_round(1, 4, config, four, *words, &night, 0);
  REQUIRE(close.ok());
  CHECK(close->base_similarity > 0.9);
}
