// The deal: deterministic by seed, 25 distinct deck entries, the roles of each mode.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "events/codenames/deal.hpp"
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

namespace {

std::map<std::string, int> role_counts(const std::vector<card>& cards) {
  std::map<std::string, int> out;
  for (auto& c : cards) ++out[c.role];
  return out;
}

}  // namespace

TEST_CASE("a seed and a deck always give the same deal", "[codenames_game][deal]") {
  auto deck = test_deck();
  for (uint64_t seed : {0ull, 1ull, 42ull, 0xFFFFFFFFFFFFFFFFull}) {
    auto a = deal_cards(deck, two_teams, seed);
    auto b = deal_cards(deck, two_teams, seed);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a->first_team == b->first_team);
    REQUIRE(a->cards.size() == 25);
    for (size_t i = 0; i < 25; ++i) {
      CHECK(a->cards[i].word == b->cards[i].word);
      CHECK(a->cards[i].role == b->cards[i].role);
      CHECK_FALSE(a->cards[i].revealed);
    }
    std::set<std::string> words;
    for (auto& c : a->cards) words.insert(c.word);
    CHECK(words.size() == 25);
  }
  // Different seeds give different boards and both teams start sometimes.
  std::set<std::string> firsts, boards;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    auto d = deal_cards(deck, two_teams, seed);
    REQUIRE(d.ok());
    firsts.insert(d->first_team);
    std::string board;
    for (auto& c : d->cards) board += c.word + ":" + c.role + " ";
    boards.insert(board);
  }
  CHECK(firsts == std::set<std::string>{"blue", "red"});
  CHECK(boards.size() == 20);
}

TEST_CASE("two teams: 9 for the starting team, 8, 7 civilians, 1 assassin", "[codenames_game][deal]") {
  for (uint64_t seed = 0; seed < 10; ++seed) {
    auto d = deal_cards(test_deck(), two_teams, seed);
    REQUIRE(d.ok());
    auto counts = role_counts(d->cards);
    CHECK(counts[d->first_team] == 9);
    CHECK(counts[other_team(d->first_team)] == 8);
    CHECK(counts["civilian"] == 7);
    CHECK(counts["assassin"] == 1);
  }
}

TEST_CASE("one team: 8 team, 7 enemy, 9 civilians, 1 assassin; red starts", "[codenames_game][deal]") {
  for (uint64_t seed = 0; seed < 10; ++seed) {
    auto d = deal_cards(test_deck(), one_team, seed);
    REQUIRE(d.ok());
    CHECK(d->first_team == "red");
    auto counts = role_counts(d->cards);
    CHECK(counts["red"] == 8);
    CHECK(counts["blue"] == 7);
    CHECK(counts["civilian"] == 9);
    CHECK(counts["assassin"] == 1);
  }
}

TEST_CASE("a deck of fewer than 25 distinct entries deals nothing", "[codenames_game][deal]") {
  auto small = test_deck();
  small.resize(24);
  CHECK(deal_cards(small, two_teams, 1).err().code == "deck_unavailable");
  small.push_back(small[0]);  // a repeat does not count twice
  CHECK(deal_cards(small, two_teams, 1).err().code == "deck_unavailable");
  small.push_back("one more");
  CHECK(deal_cards(small, two_teams, 1).ok());
  CHECK(deal_cards({}, one_team, 1).err().code == "deck_unavailable");

  // Through the game: create refuses and records nothing.
  auto g = make_game();
  auto s = g->initial_state();
  auto doc = json_document::parse(R"({"type":"create","mode":"two_teams"})");
  REQUIRE(doc.ok());
  decision_context ctx;
  for (int i = 0; i < 4; ++i) ctx.fresh_secrets.push_back({"t", "d" + std::to_string(i)});
  auto d = g->decide(*s, command{"create", doc->root().get_object().value()}, ctx);
  REQUIRE_FALSE(d.ok());
  CHECK(d.err().code == "deck_unavailable");
}
