// rate_limiter: token buckets, the pure arithmetic of "at most N per period, with a burst".
//
// A bucket holds up to `burst` tokens and gains `per_second` tokens a second; each action takes
// one. An empty bucket refuses and says how long until a token is back, which becomes a
// Retry-After. Time comes in as an argument (a steady_clock time point), never read here, so the
// tests drive the clock themselves.
//
// token_bucket is header-only, so a WebSocket session's actor can hold one without the HTTP library.
// `keyed_rate_limiter` keeps one bucket per key (a client's address) behind a mutex, for the io
// threads to share; buckets that have refilled completely are forgotten, so the map holds only
// recently active keys.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace wordhall::http {

using limiter_clock = std::chrono::steady_clock;

struct rate {
  double per_second = 0;  // <= 0: unlimited
  double burst = 1;       // the most actions at once after a quiet while
};

class token_bucket {
 public:
  // The wait before an action is allowed: zero when it is (and a token is taken), else how long
  // until one token is back (nothing is taken).
  limiter_clock::duration take(const rate& r, limiter_clock::time_point now) {
    if (r.per_second <= 0) return limiter_clock::duration::zero();
    double tokens = level(r, now);
    if (tokens >= 1) {
      tokens_ = tokens - 1;
      last_ = now;
      return limiter_clock::duration::zero();
    }
    auto wait = std::chrono::duration<double>((1 - tokens) / r.per_second);
    return std::max(limiter_clock::duration(1),
                    std::chrono::duration_cast<limiter_clock::duration>(wait));
  }
  // Full again by `now`: forgetting the bucket changes nothing.
  bool full(const rate& r, limiter_clock::time_point now) const { return level(r, now) >= r.burst; }

 private:
  double tokens_ = -1;  // < 0: never used, full
  limiter_clock::time_point last_{};

  double level(const rate& r, limiter_clock::time_point now) const {
    if (tokens_ < 0) return r.burst;
    double elapsed = std::chrono::duration<double>(now - last_).count();
    return std::min(r.burst, tokens_ + std::max(0.0, elapsed) * r.per_second);
  }
};

class keyed_rate_limiter {
 public:
  explicit keyed_rate_limiter(rate r) : rate_(r) {}
  limiter_clock::duration take(const std::string& key, limiter_clock::time_point now);
  std::size_t tracked_keys() const;

 private:
  const rate rate_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, token_bucket> buckets_;
  std::size_t swept_size_ = 1024;
};

// Whole seconds to wait, rounded up, at least 1: what a Retry-After header says.
long retry_after_seconds(limiter_clock::duration wait);

}  // namespace wordhall::http
