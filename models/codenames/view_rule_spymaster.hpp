// view_rule_spymaster: a hand-written spymaster over several views of meaning (view_set.hpp),
// the "rule" the learned spymaster is measured against.
//
// For a clue word c, s(c, w) is the mean over the views of cos_v(c, w) (the cosine of the views'
// concatenated unit vectors). A candidate is c with its k team cards of largest s, k = 1 ..
// max_targets. Its room is the least, over every view v, of
//   cos_v(c, weakest target) - max cos_v(c, enemy)    - enemy_margin,
//   cos_v(c, weakest target) - max cos_v(c, civilian) - civilian_margin,
//   cos_v(c, weakest target) - cos_v(c, assassin)     - assassin_margin,
// where the weakest target is the target of least cos_v in that view: every view must rank every
// target above every card that is not ours, by a margin. A candidate qualifies when its room is
// positive and its weakest target's s is at least min_similarity. The clue given is the
// qualifying candidate of the largest k with the most room (ties: the more common word); when
// none qualifies, the one-card candidate with the most room, however small. Only legal words
// (clue_rules.hpp) are candidates. A card the board no longer has imposes nothing.
//
// With a table of the deck's cosines (deck_cosines.hpp) over all of the views' clue words, a
// board of that deck's entries takes its similarities from the table instead of a product per
// board: the same clues, up to the BLAS's rounding, several times faster.
#pragma once

#include <cstddef>
#include <memory>

#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::codenames {

// Chosen on seeds 2 and 3 with a guesser on a view the spymaster did not see (docs/codenames.md).
struct view_rule_options {
  size_t max_targets = 3;
  double min_similarity = 0.2;
  double enemy_margin = 0.05;
  double civilian_margin = 0.0;
  double assassin_margin = 0.15;
};

class view_rule_spymaster final : public spymaster {
 public:
  // `deck`, when given, must have been made from `views` with all of their clue words.
  explicit view_rule_spymaster(std::shared_ptr<const view_set> views,
                               view_rule_options options = {},
                               std::shared_ptr<const deck_cosines> deck = nullptr);

  std::string name() const override { return "rule"; }
  result<clue> give_clue(const board_view& board) const override;

 private:
  std::shared_ptr<const view_set> views_;
  view_rule_options options_;
  candidate_options source_;  // where a board's similarities come from: all words, the table
};

}  // namespace wordhall::codenames
