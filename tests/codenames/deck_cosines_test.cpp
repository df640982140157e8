// A deck's cosines, computed once, give every board of the deck what similarities_of gives.
#include <catch2/catch.hpp>

#include "models/codenames/deck_cosines.hpp"
#include "models/codenames/scorer_examples.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

// Two views over the same words in 12 and 8 dimensions; the first 40 words are the deck.
std::shared_ptr<const view_set> two_spread_views() {
  auto views = std::make_shared<view_set>(*spread_view_set("twelve"));
  std::vector<std::string> words;
  for (size_t i = 40; i < 300; ++i) words.push_back(spread_name(i));
  views->names.push_back("eight");
  views->spaces.push_back(
      std::make_shared<clue_space>(spread_words(300, 8), words, blocklist::parse("")));
  return views;
}

std::vector<std::string> spread_deck() {
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  return deck;
}

}  // namespace

TEST_CASE("deck cosines: a board's similarities as similarities_of gives them",
          "[codenames][candidates]") {
  const auto views = two_spread_views();
  auto table = deck_cosines::of(*views, spread_deck());
  REQUIRE(table.ok());
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const auto board = part_played_board(spread_deck(), seed);
    auto expected = similarities_of(*views, board);
    auto got = table->similarities(board);
    REQUIRE(expected.ok());
    REQUIRE(got.ok());
    CHECK(got->team == expected->team);
    CHECK(got->enemy_end == expected->enemy_end);
    CHECK(got->civilian_end == expected->civilian_end);
    CHECK(got->assassin == expected->assassin);
    REQUIRE(got->cosines.size() == 2);
    for (size_t v = 0; v < 2; ++v) {
      REQUIRE(got->cosines[v].rows() == expected->cosines[v].rows());
      REQUIRE(got->cosines[v].cols() == expected->cosines[v].cols());
      CHECK((got->cosines[v] - expected->cosines[v]).cwiseAbs().maxCoeff() < 1e-5f);
    }
    CHECK((got->mean - expected->mean).cwiseAbs().maxCoeff() < 1e-5f);
  }
}

TEST_CASE("deck cosines: a card outside the deck, a board without our cards, an unknown entry",
          "[codenames][candidates]") {
  const auto views = two_spread_views();
  auto table = deck_cosines::of(*views, spread_deck());
  REQUIRE(table.ok());
  auto board = part_played_board(spread_deck(), 3);
  board.enemy.push_back(spread_name(50));  // a clue word, not a card of the deck
  CHECK(table->similarities(board).err().code == "not_in_deck");
  board_view no_team;
  no_team.enemy = {spread_name(1)};
  CHECK(table->similarities(no_team).err().code == "bad_board");
  auto deck = spread_deck();
  deck.push_back("zebra");
  CHECK(deck_cosines::of(*views, deck).err().code == "word_not_in_vocabulary");
}

TEST_CASE("deck cosines: a spymaster takes a board's similarities from its deck's table",
          "[codenames][candidates]") {
  const auto views = two_spread_views();
  candidate_options options;
  options.common_words = 100;
  auto table = deck_cosines::of(*views, spread_deck(), options.common_words);
  REQUIRE(table.ok());
  CHECK(table->words() == 100);
  options.deck = std::make_shared<const deck_cosines>(std::move(table).value());

  // The table's cosines and the product's round apart (a few units in the last place); where
  // they differ, it shows which one a board's similarities came from.
  auto differs_from_table = [&](const board_view& board) {
    auto got = similarities_for(*views, board, options);
    auto gathered = options.deck->similarities(board);
    REQUIRE(got.ok());
    REQUIRE(got->mean.rows() == 100);
    return gathered.ok() ? (got->mean - gathered->mean).cwiseAbs().maxCoeff() : 1.0f;
  };
  const auto board = part_played_board(spread_deck(), 5);
  CHECK(differs_from_table(board) == 0.0f);

  // A card the deck lacks: the product, with as many words.
  auto stranger = board;
  stranger.civilians.push_back(spread_name(45));
  auto s = similarities_for(*views, stranger, options);
  REQUIRE(s.ok());
  auto expected = similarities_of(*views, stranger, 100);
  REQUIRE(expected.ok());
  CHECK(s->mean == expected->mean);
  CHECK(s->civilian_end == expected->civilian_end);

  // A table of other words than the spymaster takes: the product too.
  options.common_words = 0;
  auto all_words = similarities_for(*views, board, options);
  REQUIRE(all_words.ok());
  CHECK(all_words->mean.rows() == 260);
  CHECK(all_words->mean == similarities_of(*views, board)->mean);
}

TEST_CASE("deck cosines: which source a spymaster's similarities come from",
          "[codenames][candidates]") {
  // A table of one view beside a spymaster of two: the number of views tells the sources apart,
  // however alike their roundings.
  const auto views = two_spread_views();
  candidate_options options;
  auto table = deck_cosines::of(*spread_view_set("twelve"), spread_deck());
  REQUIRE(table.ok());
  options.deck = std::make_shared<const deck_cosines>(std::move(table).value());
  const auto board = part_played_board(spread_deck(), 5);
  auto views_of = [&](const board_view& b) {
    auto s = similarities_for(*views, b, options);
    REQUIRE(s.ok());
    return s->cosines.size();
  };
  CHECK(views_of(board) == 1);  // every card in the deck: the table
  auto stranger = board;
  stranger.civilians.push_back(spread_name(45));
  CHECK(views_of(stranger) == 2);  // a card outside it: the product
  options.common_words = 100;
  CHECK(views_of(board) == 2);  // the table holds other rows than asked for: the product
}
