// jetstream_lease: one named lease, held by one holder at a time, in a JetStream key-value
// bucket whose entries expire (the bucket's TTL), so a holder that stops renewing loses it.
//
// Contract:
//   - acquire() takes the lease when its entry is absent (never taken, released, or expired):
//     ok. While another holder's entry lives it is `aborted`, and holder() names that holder.
//     Taking is a KV create, so of two nodes racing for a free lease exactly one wins.
//   - renew() rewrites the entry with the revision this holder last wrote (compare-and-set),
//     which also restarts its TTL. `aborted` when the lease was lost meanwhile (it expired and
//     someone took it, or it was released): the caller must stop acting as the holder.
//   - release() deletes the entry if it is still ours, so another holder may take it at once.
//   - A holder renews well within the TTL (a third of it, say). JetStream removes an expired
//     entry within moments of its age passing the TTL, so a lease is taken over about one TTL
//     after its holder went quiet, never earlier.
//   - unavailable: NATS cannot be reached or did not answer within options.timeout; the lease
//     may then be held or lost, and the caller tries again.
// Not thread-safe: one owner thread (the node's lease keeper) calls it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "storage/status.hpp"

namespace wordhall::storage {

class jetstream_lease {
 public:
  struct options {
    std::string url = "nats://127.0.0.1:4222";  // comma-separated server URLs
    std::string bucket = "wh-leases";
    std::string name;    // the lease's key in the bucket: letters, digits, '-', '_'
    std::string holder;  // who takes it: a node's name
    std::chrono::milliseconds ttl{10000};
    int replicas = 1;
    std::chrono::milliseconds timeout{5000};
  };

  // Connects and creates the bucket with options.ttl when it is missing. An existing bucket
  // keeps the TTL it was made with, which ttl() then gives: every holder of the bucket's leases
  // must pace its renewals by it. invalid_argument for bad options, unavailable when no server
  // answers.
  static status open(const options& opts, std::unique_ptr<jetstream_lease>* out);

  ~jetstream_lease();
  jetstream_lease(const jetstream_lease&) = delete;
  jetstream_lease& operator=(const jetstream_lease&) = delete;

  status acquire();
  status renew();
  status release();
  // Who holds the lease now: ok with the holder's name, not_found when nobody does.
  status holder(std::string* out) const;
  bool held() const { return revision_ != 0; }
  // The bucket's TTL: how long a lease lives unrenewed.
  std::chrono::milliseconds ttl() const { return ttl_; }

 private:
  struct connection;
  jetstream_lease(std::unique_ptr<connection> nats, const options& opts,
                  std::chrono::milliseconds ttl);

  std::unique_ptr<connection> nats_;
  options options_;
  std::chrono::milliseconds ttl_;
  uint64_t revision_ = 0;  // of the entry we last wrote; 0 while not held
};

}  // namespace wordhall::storage
