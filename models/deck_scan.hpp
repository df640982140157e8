// deck_scan: one query's pass over its float scores against the deck, settled in double precision.
//
// Contract: the scores come from a single-precision product of the query's direction (unit
// length, rounded to float) with unit deck rows, so each lies within rounding_bound(dims) of the
// exact dot product. Rows are fed in deck order, in blocks; excluded rows score −∞. A row whose
// float score is clearly above the target's exact score counts as closer on its float score;
// rows within the bound of it, and rows that may still be the nearest, are noted, and only those
// are scored exactly (`exact`) at the end. So the target's rank and the nearest row are the ones
// an exact scan of every row gives, whatever the batch, the BLAS kernel or the block order
// within which the float scores were summed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace wordhall::models {

// How far a float score may lie from the exact dot product of two vectors of length ≤ 1 with
// `dims` components: the direction's rounding to float plus `dims` products summed in float
// (Higham's γ_n bound, (dims + 1)·ε/2 to first order), with a margin of two.
double rounding_bound(size_t dims);

class deck_scan {
 public:
  deck_scan(double target_score, double bound);

  // Scores of rows first, first + 1, …, first + count − 1.
  void scan(const float* scores, size_t count, uint32_t first);
  // Takes over what `later` noted of rows that all come after this scan's.
  void merge(deck_scan&& later);

  // 1 + the rows closer than the target, with `exact(row)` a row's exact score.
  template <class Exact>
  int64_t target_rank(Exact exact) const {
    int64_t closer = closer_;
    for (uint32_t row : undecided_) closer += exact(row) > target_;
    return 1 + closer;
  }

  // The row with the best exact score and that score (the earliest row of equals: rows are noted
  // in deck order and only a strictly higher score replaces the leader); none if all excluded.
  template <class Exact>
  std::optional<std::pair<uint32_t, double>> nearest(Exact exact) const {
    std::optional<std::pair<uint32_t, double>> out;
    for (auto [score, row] : leaders_) {
      if (score < best_ - 2 * bound_) continue;
      double e = exact(row);
      if (!out || e > out->second) out = {row, e};
    }
    return out;
  }

 private:
  void note(float score, uint32_t row);

  double target_, bound_;
  float band_low_, band_high_;  // float scores in [band_low_, band_high_] need an exact look
  float leader_low_;            // float scores below it cannot be the nearest
  double best_;                 // the best float score noted
  int64_t closer_ = 0;          // rows surely closer than the target
  std::vector<uint32_t> undecided_;
  std::vector<std::pair<float, uint32_t>> leaders_;
};

}  // namespace wordhall::models
