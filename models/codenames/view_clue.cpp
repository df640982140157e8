// One view's boldest clear clues; the contract is in view_clue.hpp.
#include "models/codenames/view_clue.hpp"

#include <algorithm>

namespace wordhall::codenames {

std::vector<clue_candidate> view_clues_of(
    const board_similarities& s, size_t view,
    const std::function<bool(const clue_candidate&)>& acceptable,
    const view_clue_options& options) {
  if (view >= s.cosines.size() || s.team == 0 || options.max_targets == 0) return {};
  const Eigen::MatrixXf& cos = s.cosines[view];
  const Eigen::Index cards = s.cards();
  const size_t most = std::min(options.max_targets, size_t(s.team));
  struct best_clue {
    Eigen::Index word = -1;
    double margin = 0;
    std::vector<Eigen::Index> targets;
  };
  std::vector<best_clue> best(most);
  std::vector<Eigen::Index> order(static_cast<size_t>(s.team));
  for (Eigen::Index word = 0; word < cos.rows(); ++word) {
    double rival = -2;  // the nearest card not ours
    for (Eigen::Index j = s.team; j < cards; ++j) rival = std::max(rival, double(cos(word, j)));
    const double assassin = s.assassin ? double(cos(word, s.civilian_end)) : -2;
    const double bar = std::max(rival + options.margin, assassin + options.assassin_margin);
    size_t clear = 0;  // most words clear no card: they need no sorting
    for (Eigen::Index t = 0; t < s.team; ++t) {
      if (cos(word, t) >= bar) order[clear++] = t;
    }
    if (clear == 0) continue;
    std::sort(order.begin(), order.begin() + long(clear), [&](Eigen::Index a, Eigen::Index b) {
      return cos(word, a) > cos(word, b) || (cos(word, a) == cos(word, b) && a < b);
    });
    for (size_t k = 1; k <= std::min(most, clear); ++k) {
      const double weakest = cos(word, order[k - 1]);
      // Rows run from the most common word, so a tie keeps the earlier one.
      const double margin = weakest - rival;
      auto& kept = best[k - 1];
      if (kept.word >= 0 && margin <= kept.margin) continue;
      clue_candidate clue{size_t(word), {order.begin(), order.begin() + long(k)}};
      if (!acceptable(clue)) continue;
      kept = {word, margin, std::move(clue.targets)};
    }
  }
  std::vector<clue_candidate> clues;
  for (auto& b : best)
    if (b.word >= 0) clues.push_back({size_t(b.word), std::move(b.targets)});
  return clues;
}

}  // namespace wordhall::codenames
