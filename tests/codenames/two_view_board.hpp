// A hand-written board's similarities in two views, for tests of what a spymaster does with
// them: columns are ours first, then one enemy card, one civilian and the assassin.
#pragma once

#include <cstddef>
#include <vector>

#include "models/codenames/clue_candidates.hpp"

namespace wordhall::codenames::testing {

// Per clue word, its similarity to each of the `Cards` cards in view A and in view B.
template <size_t Cards>
struct two_view_row {
  float a[Cards];
  float b[Cards];
};

// Rows are clue words. The first Cards - 3 columns are ours; with `assassin` false the last
// column (the assassin) is left out, as once it is revealed.
template <size_t Cards>
board_similarities two_view_board(const std::vector<two_view_row<Cards>>& rows,
                                  bool assassin = true) {
  static_assert(Cards > 3, "a card of ours, an enemy card, a civilian and the assassin");
  board_similarities s;
  s.team = Eigen::Index(Cards) - 3;
  s.enemy_end = s.team + 1;
  s.civilian_end = s.team + 2;
  s.assassin = assassin;
  const Eigen::Index columns = assassin ? Eigen::Index(Cards) : Eigen::Index(Cards) - 1;
  s.cosines.assign(2, Eigen::MatrixXf(Eigen::Index(rows.size()), columns));
  for (size_t i = 0; i < rows.size(); ++i)
    for (Eigen::Index c = 0; c < columns; ++c) {
      s.cosines[0](Eigen::Index(i), c) = rows[i].a[c];
      s.cosines[1](Eigen::Index(i), c) = rows[i].b[c];
    }
  s.mean = (s.cosines[0] + s.cosines[1]) / 2;
  return s;
}

}  // namespace wordhall::codenames::testing
