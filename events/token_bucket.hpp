// token_bucket: the pure arithmetic of "at most N per period, with a burst".
//
// A bucket holds up to `burst` tokens and gains `per_second` tokens a second; each action takes
// one. An empty bucket refuses and says how long until a token is back, which becomes a
// Retry-After. Time comes in as an argument (a steady_clock time point), never read here, so the
// tests drive the clock themselves. The HTTP layer keeps one per client address
// (http/rate_limiter.hpp); a WebSocket session's actor holds one for its connection.
#pragma once

#include <algorithm>
#include <chrono>

namespace wordhall {

using limiter_clock = std::chrono::steady_clock;

struct token_rate {
  double per_second = 0;  // <= 0: unlimited
  double burst = 1;       // the most actions at once after a quiet while
};

class token_bucket {
 public:
  // The wait before an action is allowed: zero when it is (and a token is taken), else how long
  // until one token is back (nothing is taken).
  limiter_clock::duration take(const token_rate& r, limiter_clock::time_point now) {
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
  bool full(const token_rate& r, limiter_clock::time_point now) const { return level(r, now) >= r.burst; }

 private:
  double tokens_ = -1;  // < 0: never used, full
  limiter_clock::time_point last_{};

  double level(const token_rate& r, limiter_clock::time_point now) const {
    if (tokens_ < 0) return r.burst;
    double elapsed = std::chrono::duration<double>(now - last_).count();
    return std::min(r.burst, tokens_ + std::max(0.0, elapsed) * r.per_second);
  }
};

}  // namespace wordhall
