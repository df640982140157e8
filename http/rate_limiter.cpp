#include "http/rate_limiter.hpp"

#include <algorithm>
#include <cmath>

namespace wordhall::http {

limiter_clock::duration keyed_rate_limiter::take(const std::string& key,
                                                 limiter_clock::time_point now) {
  if (rate_.per_second <= 0) return limiter_clock::duration::zero();
  std::lock_guard lock{mutex_};
  // Forget full buckets once the map has doubled since the last sweep: a sweep per call would
  // cost a walk of every address for each creation.
  if (buckets_.size() >= 2 * swept_size_) {
    for (auto it = buckets_.begin(); it != buckets_.end();)
      it = it->second.full(rate_, now) ? buckets_.erase(it) : std::next(it);
    swept_size_ = std::max<std::size_t>(buckets_.size(), 1024);
  }
  return buckets_[key].take(rate_, now);
}

std::size_t keyed_rate_limiter::tracked_keys() const {
  std::lock_guard lock{mutex_};
  return buckets_.size();
}

long retry_after_seconds(limiter_clock::duration wait) {
  double seconds = std::chrono::duration<double>(wait).count();
  return std::max(1L, static_cast<long>(std::ceil(seconds)));
}

}  // namespace wordhall::http
