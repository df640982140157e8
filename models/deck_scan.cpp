// One query's pass over the deck's float scores; the contract is in deck_scan.hpp.
#include "models/deck_scan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wordhall::models {
namespace {

// Below every score of two unit vectors (≥ −1 − rounding): "no candidate yet".
constexpr double no_score = -2.0;

// Float thresholds that keep the decisions of double ones: a float beyond `float_above(x)` is
// above x, one short of `float_below(x)` is below x.
float float_above(double x) {
  float f = static_cast<float>(x);
  return static_cast<double>(f) < x ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}
float float_below(double x) {
  float f = static_cast<float>(x);
  return static_cast<double>(f) > x ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}

}  // namespace

double rounding_bound(size_t dims) {
  return static_cast<double>(dims + 1) * std::numeric_limits<float>::epsilon();
}

deck_scan::deck_scan(double target_score, double bound)
    : target_(target_score), bound_(bound), band_low_(float_below(target_score - bound)),
      band_high_(float_above(target_score + bound)), leader_low_(float_below(no_score)),
      best_(no_score) {}

void deck_scan::scan(const float* scores, size_t count, uint32_t first) {
  // A row needs a note only near the target's score or near the best so far: rare after the
  // first rows, so chunks are checked without branches (the compiler vectorises that) and only
  // a flagged chunk is looked at row by row.
  constexpr size_t chunk = 16;
  for (size_t from = 0; from < count; from += chunk) {
    const size_t to = std::min(count, from + chunk);
    const float band_low = band_low_, band_high = band_high_, leader_low = leader_low_;
    int32_t surely_closer = 0, flagged = 0;
    for (size_t i = from; i < to; ++i) {
      const float s = scores[i];
      surely_closer += s > band_high;
      flagged |= ((s >= band_low) & (s <= band_high)) | (s >= leader_low);
    }
    closer_ += surely_closer;
    if (!flagged) continue;
    for (size_t i = from; i < to; ++i) note(scores[i], first + static_cast<uint32_t>(i));
  }
}

void deck_scan::merge(deck_scan&& later) {
  closer_ += later.closer_;
  undecided_.insert(undecided_.end(), later.undecided_.begin(), later.undecided_.end());
  leaders_.insert(leaders_.end(), later.leaders_.begin(), later.leaders_.end());
  best_ = std::max(best_, later.best_);
  leader_low_ = float_below(best_ - 2 * bound_);
}

void deck_scan::note(float s, uint32_t row) {
  if (s >= band_low_ && s <= band_high_) undecided_.push_back(row);
  if (!(s >= leader_low_)) return;
  leaders_.emplace_back(s, row);
  if (s > best_) {
    best_ = s;
    leader_low_ = float_below(best_ - 2 * bound_);
  }
}

}  // namespace wordhall::models
