// rate_limiter: token buckets on a clock the test moves by hand.
#include <catch2/catch.hpp>

#include "http/connection_budget.hpp"
#include "http/rate_limiter.hpp"

using namespace wordhall;
using namespace wordhall::http;
using namespace std::chrono_literals;

namespace {
const limiter_clock::time_point t0 = limiter_clock::time_point{} + 1000s;
bool allowed(limiter_clock::duration wait) { return wait == limiter_clock::duration::zero(); }
}  // namespace

TEST_CASE("a bucket allows its burst at once, then one action per refill", "[http][limits]") {
  const token_rate two_per_second{2, 4};
  token_bucket b;
  for (int i = 0; i < 4; ++i) CHECK(allowed(b.take(two_per_second, t0)));
  auto wait = b.take(two_per_second, t0);
  CHECK_FALSE(allowed(wait));
  CHECK(wait == std::chrono::duration_cast<limiter_clock::duration>(500ms));
  // A refused action takes nothing: a quarter second later half a token is back.
  wait = b.take(two_per_second, t0 + 250ms);
  CHECK(wait == std::chrono::duration_cast<limiter_clock::duration>(250ms));
  CHECK(allowed(b.take(two_per_second, t0 + 500ms)));
  CHECK_FALSE(allowed(b.take(two_per_second, t0 + 500ms)));
  // A long quiet refills to the burst, no further.
  for (int i = 0; i < 4; ++i) CHECK(allowed(b.take(two_per_second, t0 + 60s)));
  CHECK_FALSE(allowed(b.take(two_per_second, t0 + 60s)));
}

TEST_CASE("a rate of zero never refuses", "[http][limits]") {
  token_bucket b;
  for (int i = 0; i < 1000; ++i) CHECK(allowed(b.take(token_rate{0, 1}, t0)));
}

TEST_CASE("thirty a minute: the 31st creation waits two seconds", "[http][limits]") {
  keyed_rate_limiter per_peer{token_rate{30.0 / 60.0, 30}};
  for (int i = 0; i < 30; ++i) REQUIRE(allowed(per_peer.take("127.0.0.1", t0)));
  auto wait = per_peer.take("127.0.0.1", t0);
  CHECK(retry_after_seconds(wait) == 2);
  // Another address has a bucket of its own.
  CHECK(allowed(per_peer.take("127.0.0.2", t0)));
  CHECK(allowed(per_peer.take("127.0.0.1", t0 + 2s)));
  CHECK_FALSE(allowed(per_peer.take("127.0.0.1", t0 + 2s)));
}

TEST_CASE("buckets that have refilled are forgotten", "[http][limits]") {
  keyed_rate_limiter per_peer{token_rate{1, 2}};
  for (int i = 0; i < 2048; ++i) per_peer.take("10.0.0." + std::to_string(i), t0);
  CHECK(per_peer.tracked_keys() == 2048);
  // One more call after every bucket refilled sweeps them; a busy one stays.
  per_peer.take("busy", t0 + 10s);
  per_peer.take("busy", t0 + 10s);
  per_peer.take("late", t0 + 10s);
  CHECK(per_peer.tracked_keys() <= 2);
  CHECK_FALSE(allowed(per_peer.take("busy", t0 + 10s)));
}

TEST_CASE("Retry-After is whole seconds, rounded up, at least one", "[http][limits]") {
  CHECK(retry_after_seconds(1ms) == 1);
  CHECK(retry_after_seconds(1s) == 1);
  CHECK(retry_after_seconds(1001ms) == 2);
  CHECK(retry_after_seconds(limiter_clock::duration::zero()) == 1);
}

TEST_CASE("the connection cap leaves descriptors for the journal, logs and the listener",
          "[http][limits]") {
  CHECK(max_connections(1024, 0) == 1024 - descriptor_reserve);
  CHECK(max_connections(256, 0) == 128);
  CHECK(max_connections(1024, 100) == 100);   // a setting lowers it
  CHECK(max_connections(1024, 5000) == 896);  // but never raises it past the descriptors
  CHECK(max_connections(100, 0) == min_connections);
  CHECK(max_connections(0, 0) == 0);    // no known limit, none set: no cap
  CHECK(max_connections(0, 300) == 300);
}
