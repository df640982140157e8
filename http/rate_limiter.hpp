// rate_limiter: one token bucket (events/token_bucket.hpp) per key, a client's address.
//
// `keyed_rate_limiter` keeps the buckets behind a mutex, for the io threads to share; buckets
// that have refilled completely are forgotten, so the map holds only recently active keys.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "events/token_bucket.hpp"

namespace wordhall::http {

class keyed_rate_limiter {
 public:
  explicit keyed_rate_limiter(token_rate r) : rate_(r) {}
  limiter_clock::duration take(const std::string& key, limiter_clock::time_point now);
  std::size_t tracked_keys() const;

 private:
  const token_rate rate_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, token_bucket> buckets_;
  std::size_t swept_size_ = 1024;
};

// Whole seconds to wait, rounded up, at least 1: what a Retry-After header says.
long retry_after_seconds(limiter_clock::duration wait);

}  // namespace wordhall::http
