// creation_limit: how many matches one client address may create a minute, over every game's
// create route and the WebSocket's create command alike.
//
// A token bucket per address (rate_limiter.hpp) of `per_minute` tokens refilling at `per_minute`
// a minute, so a page may create a burst of matches and then one every 60/per_minute seconds.
// Over it a REST create is answered 429 rate_limited with Retry-After (seconds) and never reaches
// the route: no match, no journal write. Thread-safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "http/rate_limiter.hpp"
#include "http/request.hpp"
#include "http/router.hpp"

namespace wordhall::http {

class creation_limit {
 public:
  explicit creation_limit(int64_t per_minute);  // <= 0: unlimited

  // Whole seconds until `peer` may create again, or nothing when it may now (and one is counted).
  std::optional<long> take(const std::string& peer);
  // `create` behind the limit, counted against request::peer.
  route_handler guard(route_handler create);

  uint64_t refused() const { return refused_.load(std::memory_order_relaxed); }

  static response refusal(long retry_after_seconds);
  static std::string refusal_message(long retry_after_seconds);

 private:
  keyed_rate_limiter limiter_;
  std::atomic<uint64_t> refused_{0};
};

}  // namespace wordhall::http
