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
    const std::vector<Eigen::MatrixXf>& views, size_t reader, const std::vector<size_t>& band_ends,
    const std::function<bool(Eigen::Index word, Eigen::Index entry)>& is_clue) {
  const Eigen::MatrixXf& read = views.at(reader);
  const auto words = size_t(read.rows());
  std::vector<agreement_band> bands;
  size_t first = 0;
  for (size_t end : band_ends) {
    if (first >= words) break;
    bands.push_back({first, std::min(end, words)});
    first = bands.back().end_word;
  }
  if (views.size() < 2 || read.cols() == 0) return bands;
  const size_t lead = reader == 0 ? 1 : 0;  // the first view in hand
  for (auto& band : bands) {
    for (auto word = Eigen::Index(band.first_word); word < Eigen::Index(band.end_word); ++word) {
      const Eigen::Index entry = nearest_entry(views[lead], word);
      if (entry < 0) continue;
      bool agreed = true;
      for (size_t v = lead + 1; v < views.size() && agreed; ++v)
        agreed = v == reader || nearest_entry(views[v], word) == entry;
      if (!agreed || (is_clue && !is_clue(word, entry))) continue;
      ++band.pairs;
      const Eigen::Index ahead = entries_ahead(read, word, entry);
      if (ahead == 0) ++band.reader_first;
      if (ahead < 3) ++band.reader_top3;
    }
  }
  return bands;
}

}  // namespace wordhall::codenames
