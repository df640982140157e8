// Consensus against a reader's view; the contract is in view_agreement.hpp.
#include "models/codenames/view_agreement.hpp"

#include <algorithm>

namespace wordhall::codenames {
namespace {

// The deck entry nearest to `word` in `view`, or -1 for a tie at the top (no single nearest).
Eigen::Index nearest_entry(const Eigen::MatrixXf& view, Eigen::Index word) {
  Eigen::Index best = 0;
  bool tied = false;
  for (Eigen::Index e = 1; e < view.cols(); ++e) {
    if (view(word, e) > view(word, best)) {
      best = e;
      tied = false;
    } else if (view(word, e) == view(word, best)) {
      tied = true;
    }
  }
  return tied ? -1 : best;
}

// How many deck entries `view` puts nearer to `word` than `entry`.
Eigen::Index entries_ahead(const Eigen::MatrixXf& view, Eigen::Index word, Eigen::Index entry) {
  Eigen::Index ahead = 0;
  for (Eigen::Index e = 0; e < view.cols(); ++e)
    if (e != entry && view(word, e) >= view(word, entry)) ++ahead;
  return ahead;
}

}  // namespace

std::vector<agreement_band> consensus_agreement(
    const std::vector<Eigen::MatrixXf>& in_hand, const Eigen::MatrixXf& reader,
    const std::vector<size_t>& band_ends,
    const std::function<bool(Eigen::Index word, Eigen::Index entry)>& is_clue) {
  const auto words = size_t(reader.rows());
  std::vector<agreement_band> bands;
  size_t first = 0;
  for (size_t end : band_ends) {
    if (first >= words) break;
    bands.push_back({first, std::min(end, words)});
    first = bands.back().end_word;
  }
  if (in_hand.empty() || reader.cols() == 0) return bands;
  for (auto& band : bands) {
    for (auto word = Eigen::Index(band.first_word); word < Eigen::Index(band.end_word); ++word) {
      const Eigen::Index entry = nearest_entry(in_hand.front(), word);
      if (entry < 0) continue;
      const bool agreed = std::all_of(in_hand.begin() + 1, in_hand.end(), [&](const auto& view) {
        return nearest_entry(view, word) == entry;
      });
      if (!agreed || (is_clue && !is_clue(word, entry))) continue;
      ++band.pairs;
      const Eigen::Index ahead = entries_ahead(reader, word, entry);
      if (ahead == 0) ++band.reader_first;
      if (ahead < 3) ++band.reader_top3;
    }
  }
  return bands;
}

}  // namespace wordhall::codenames
