// One view's boldest clear clues, on a board of six cards in two views. Rows are clue words,
// columns the cards: 0, 1, 2 ours, 3 the enemy's, 4 a civilian, 5 the assassin.
#include <catch2/catch.hpp>

#include "models/codenames/view_clue.hpp"
#include "tests/codenames/two_view_board.hpp"

using namespace wordhall::codenames;
using wordhall::codenames::testing::two_view_board;
using wordhall::codenames::testing::two_view_row;

namespace {

// In view A: word 0 clears three cards by 0.5, word 1 one card by 0.8, word 2 two by 0.7 (and
// three by 0.1). In view B only word 1 clears a card, a different one.
const std::vector<two_view_row<6>> view_rows = {
    {{0.9f, 0.8f, 0.7f, 0.2f, 0.1f, 0.1f}, {0.1f, 0.1f, 0.1f, 0.6f, 0.1f, 0.1f}},
    {{0.95f, 0.2f, 0.1f, 0.15f, 0.1f, 0.1f}, {0.1f, 0.7f, 0.1f, 0.2f, 0.1f, 0.1f}},
    {{0.9f, 0.9f, 0.3f, 0.2f, 0.1f, 0.1f}, {0.1f, 0.1f, 0.1f, 0.6f, 0.1f, 0.1f}},
};

bool any_clue(const clue_candidate&) { return true; }

}  // namespace

TEST_CASE("view clue: for each number of cards, the word that clears them by the widest margin",
          "[codenames][view-clue]") {
  auto s = two_view_board(view_rows);
  auto in_a = view_clues_of(s, 0, any_clue);
  REQUIRE(in_a.size() == 3);
  CHECK(in_a[0].word == 1);
  CHECK(in_a[0].targets == std::vector<Eigen::Index>{0});
  CHECK(in_a[1].word == 2);
  CHECK(in_a[1].targets == std::vector<Eigen::Index>{0, 1});
  CHECK(in_a[2].word == 0);
  CHECK(in_a[2].targets == std::vector<Eigen::Index>{0, 1, 2});

  // The same words read in view B: only word 1 clears a card, and it is another card.
  auto in_b = view_clues_of(s, 1, any_clue);
  REQUIRE(in_b.size() == 1);
  CHECK(in_b[0].word == 1);
  CHECK(in_b[0].targets == std::vector<Eigen::Index>{1});

  CHECK(view_clues_of(s, 2, any_clue).empty());  // no such view
  CHECK(view_clues_of(s, 0, any_clue, {0.05, 0.15, 2}).size() == 2);
}

TEST_CASE("view clue: a clue the caller refuses gives way to the next widest",
          "[codenames][view-clue]") {
  auto s = two_view_board(view_rows);
  auto in_a = view_clues_of(s, 0, [](const clue_candidate& c) { return c.word != 1; });
  REQUIRE(in_a.size() == 3);
  // Words 0 and 2 both clear card 0 by 0.7; the earlier row, the more common word, is kept.
  CHECK(in_a[0].word == 0);
  CHECK(in_a[1].word == 2);
  CHECK(view_clues_of(s, 0, [](const clue_candidate&) { return false; }).empty());
}

TEST_CASE("view clue: room for noise ahead of every card not ours, and more ahead of the assassin",
          "[codenames][view-clue]") {
  const std::vector<two_view_row<6>> close = {
      // 0.03 ahead of the enemy: not clear by the 0.05 margin.
      {{0.6f, 0.1f, 0.1f, 0.57f, 0.1f, 0.1f}, {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f}},
      // 0.1 ahead of the assassin: clear of the other cards, not of the assassin.
      {{0.6f, 0.1f, 0.1f, 0.1f, 0.1f, 0.5f}, {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f}},
  };
  auto s = two_view_board(close);
  CHECK(view_clues_of(s, 0, any_clue).empty());

  // With less room both are clear, and word 1 leads by more (0.1 against 0.03).
  auto tight = view_clues_of(s, 0, any_clue, {0.02, 0.05, 4});
  REQUIRE(tight.size() == 1);
  CHECK(tight[0].word == 1);

  // Once the assassin is revealed only the other cards count: word 1 is 0.5 ahead of them.
  auto gone = view_clues_of(two_view_board(close, /*assassin=*/false), 0, any_clue);
  REQUIRE(gone.size() == 1);
  CHECK(gone[0].word == 1);
  CHECK(gone[0].targets == std::vector<Eigen::Index>{0});
}
