// The card's own nearest clear word, on a board of four cards in two views. Rows are clue words,
// columns the cards: 0 ours (the last), 1 enemy, 2 civilian, 3 the assassin.
#include <catch2/catch.hpp>

#include "models/codenames/plain_clue.hpp"
#include "tests/codenames/two_view_board.hpp"

using namespace wordhall::codenames;
using wordhall::codenames::testing::two_view_board;
using wordhall::codenames::testing::two_view_row;

namespace {

const std::vector<two_view_row<4>> rows = {
    {{0.9f, 0.1f, 0.1f, 0.1f}, {0.9f, 0.1f, 0.1f, 0.1f}},     // 0: nearest, but not legal here
    {{0.8f, 0.85f, 0.1f, 0.1f}, {0.8f, 0.1f, 0.1f, 0.1f}},    // 1: the enemy ahead in view A
    {{0.7f, 0.1f, 0.1f, 0.1f}, {0.7f, 0.1f, 0.1f, 0.75f}},    // 2: the assassin ahead in view B
    {{0.6f, 0.1f, 0.1f, 0.1f}, {0.6f, 0.2f, 0.2f, 0.2f}},     // 3: clear
    {{0.3f, 0.1f, 0.1f, 0.1f}, {0.3f, 0.1f, 0.1f, 0.1f}},     // 4: clear, farther
    {{0.95f, 0.95f, 0.1f, 0.1f}, {0.95f, 0.1f, 0.1f, 0.1f}},  // 5: a tie with the enemy in A
};

bool legal(size_t word) { return word != 0; }

}  // namespace

TEST_CASE("plain clue: the nearest legal word clear by the mean, in the lead view, of the assassin",
          "[codenames][plain-clue]") {
  auto s = two_view_board(rows);
  auto plain = plain_clue_for(s, 0, legal, /*lead_view=*/0);
  REQUIRE(plain);
  CHECK(plain->word == 3);
  CHECK(plain->targets == std::vector<Eigen::Index>{0});

  // Without a lead view the enemy's lead in view A alone does not count (word 1: by the mean,
  // 0.8 against 0.475), but a tie in the lead view does (word 5 is out with lead view 0).
  auto no_lead = plain_clue_for(s, 0, legal, -1);
  REQUIRE(no_lead);
  CHECK(no_lead->word == 5);
  CHECK(plain_clue_for(s, 0, legal, 1)->word == 5);
}

TEST_CASE("plain clue: only the nearest legal words are looked at", "[codenames][plain-clue]") {
  auto s = two_view_board(rows);
  // Legal words by the lead view A: 5, 1, 2, 3, 4 (word 0 is not legal and does not count).
  CHECK_FALSE(plain_clue_for(s, 0, legal, 0, 3));
  CHECK(plain_clue_for(s, 0, legal, 0, 4)->word == 3);
  CHECK_FALSE(plain_clue_for(s, 0, [](size_t) { return false; }, 0));
}

TEST_CASE("plain clue: with the assassin gone, only the cards left count",
          "[codenames][plain-clue]") {
  auto s = two_view_board(rows, /*assassin=*/false);
  auto plain = plain_clue_for(s, 0, legal, 0);
  REQUIRE(plain);
  CHECK(plain->word == 2);
}

TEST_CASE("plain clue: nearest in the lead view, as people know the card, not by the mean",
          "[codenames][plain-clue]") {
  // Word 0 is near the card in view B alone (a sense running text rarely uses); word 1 is the
  // lead view's nearer word. Both are clear of every other card and the assassin.
  const std::vector<two_view_row<4>> senses = {
      {{0.5f, 0.1f, 0.1f, 0.1f}, {0.95f, 0.1f, 0.1f, 0.1f}},  // mean 0.725
      {{0.8f, 0.1f, 0.1f, 0.1f}, {0.4f, 0.1f, 0.1f, 0.1f}},   // mean 0.6
  };
  auto s = two_view_board(senses);
  auto all = [](size_t) { return true; };
  CHECK(plain_clue_for(s, 0, all, /*lead_view=*/0)->word == 1);
  CHECK(plain_clue_for(s, 0, all, /*lead_view=*/1)->word == 0);
  CHECK(plain_clue_for(s, 0, all, -1)->word == 0);  // no lead view: by the mean
}
