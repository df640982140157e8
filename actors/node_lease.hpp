// node_lease: this node's membership of its cluster. Each node holds a JetStream lease named
// after it (storage/jetstream_lease.hpp, bucket "wh-nodes"), its holder the node's incarnation
// (random per process): the other nodes see the node alive while the lease lives
// (cluster_membership.hpp), and take over its matches once it lapses.
//
// Contract:
//   - wait_to_join() returns once this node holds its lease (true), or false when `stop` says
//     so first (SIGTERM meanwhile). A lease another process of the same name still holds (one
//     that just died, until the lease lapses) makes it wait, logging who holds it every 10 s.
//   - From then on a thread renews the lease every third of its TTL.
//   - A lease that lapsed (this node was paused, or cut off from NATS, for longer than the TTL)
//     and that nobody else took is taken again and `retaken` runs: other nodes may have taken
//     this node's matches meanwhile, so the node must look each of its matches up afresh. The
//     journal's fence refuses whatever a stale match actor here still tries to append.
//   - If another process of the same name took the lease, or no renewal succeeded for a whole
//     TTL, `lost` runs on that thread: the node must stop at once.
//   - current_epoch() says whether this node may write now: the lease's epoch (1 once joined, one
//     more each time it is taken again) while the last successful renewal began less than three
//     quarters of a TTL ago, so that no other node can have seen the lease lapse; else 0. A match
//     started under one epoch writes nothing under another (match_actor.cpp): after a pause, its
//     stale state stays unwritten even before the journal's fence would refuse it.
//   - The destructor stops the thread and releases the lease, so the other nodes take over this
//     node's matches at once after a graceful stop instead of one TTL later.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "storage/jetstream_lease.hpp"

namespace wordhall {

class node_lease {
 public:
  // `lease` is open, not yet acquired; its bucket's TTL paces the renewals.
  node_lease(std::unique_ptr<storage::jetstream_lease> lease,
             std::function<void(const std::string& why)> lost, std::function<void()> retaken);
  ~node_lease();
  node_lease(const node_lease&) = delete;
  node_lease& operator=(const node_lease&) = delete;

  // `stop` is polled between attempts; it may sleep (up to a second) to pace them.
  bool wait_to_join(const std::function<bool()>& stop);
  std::chrono::milliseconds ttl() const { return ttl_; }
  uint64_t current_epoch() const;

 private:
  void keep();

  std::unique_ptr<storage::jetstream_lease> lease_;
  const std::chrono::milliseconds ttl_;
  std::function<void(const std::string&)> lost_;
  std::function<void()> retaken_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;  // guarded by mu_
  std::thread keeper_;     // started by wait_to_join once the lease is held
  std::atomic<uint64_t> epoch_{0};
  std::atomic<int64_t> held_from_ns_{0};  // steady clock: when the last good renewal began
};

}  // namespace wordhall
