// baseline_spymaster: the classic word-vector spymaster of Kim et al. 2019, "Cooperation and
// Codenames: Understanding Natural Language Processing via Codenames" (AIIDE).
//
// Distances are the seed's: Euclidean between embedding vectors, d(c, w) = ||f(c) - f(w)||.
// The rows are unit-normalised, so d = sqrt(2 - 2 cos(c, w)), and one matrix product of the clue
// vocabulary with the board gives every distance needed.
//
// For k = 1 .. min(max_targets, unrevealed team cards) and every k-subset t of the unrevealed
// team cards (N: the unrevealed enemy, civilian and assassin cards), the best clue for t is the
// legal clue word c minimising max_{w in t} d(c, w) subject to every card of N being farther:
// max_{w in t} d(c, w) < min_{w in N} d(c, w). The clue given is the best one of the largest k
// whose distance is at most `threshold` (tau); when no k gets that close, the best clue for one
// card; when no clue word has all of N farther than a team card, the legal word nearest to any
// single team card. Ties go to the subset first in board order, then to the more common word.
#pragma once

#include <memory>

#include "models/codenames/clue_space.hpp"
#include "models/codenames/spymaster.hpp"

namespace wordhall::codenames {

struct baseline_options {
  // tau, as a Euclidean distance between unit vectors (0 .. 2). Chosen on simulated games with
  // GloVe 6B 100-d and seeds other than the reported ones (docs/codenames.md).
  double threshold = 1.0;
  size_t max_targets = 3;
};

// d(c, w) for unit vectors with cosine `cosine`.
double unit_distance(double cosine);

class baseline_spymaster final : public spymaster {
 public:
  explicit baseline_spymaster(std::shared_ptr<const clue_space> space,
                              baseline_options options = {});

  std::string name() const override { return "baseline"; }
  result<clue> give_clue(const board_view& board) const override;

 private:
  std::shared_ptr<const clue_space> space_;
  baseline_options options_;
};

}  // namespace wordhall::codenames
