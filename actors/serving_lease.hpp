// serving_lease: which node of a cluster serves. The nodes share one JetStream lease
// (storage/jetstream_lease.hpp, name "serving"); the holder serves every match, the others wait
// as standbys and the first to take the lease after the holder ends serves next.
//
// Contract:
//   - wait_to_serve() returns once this node holds the lease (true), or false when `stop` says
//     so first (SIGTERM while a standby). While it waits it logs who serves, every 10 s.
//   - From then on a thread renews the lease every third of its TTL. If the lease is lost (a
//     renewal refused: another node took it while this one was paused or cut off), or no
//     renewal succeeded for a whole TTL (so another may take it any moment), `lost` runs on
//     that thread: the node must stop serving at once. The journal's fence refuses a stale
//     node's appends anyway; ending it also moves its browsers to the new holder. A lease that
//     expired while JetStream had no leader to renew it with, and that nobody took meanwhile,
//     is taken again instead.
//   - The destructor stops the thread and releases the lease, so a standby takes over at once
//     after a graceful stop instead of one TTL later.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "storage/jetstream_lease.hpp"

namespace wordhall {

class serving_lease {
 public:
  // `lease` is open, not yet acquired; its bucket's TTL paces the renewals.
  serving_lease(std::unique_ptr<storage::jetstream_lease> lease,
                std::function<void(const std::string& why)> lost);
  ~serving_lease();
  serving_lease(const serving_lease&) = delete;
  serving_lease& operator=(const serving_lease&) = delete;

  // `stop` is polled between attempts; it may sleep (up to a second) to pace them.
  bool wait_to_serve(const std::function<bool()>& stop);

 private:
  void keep();

  std::unique_ptr<storage::jetstream_lease> lease_;
  const std::chrono::milliseconds ttl_;
  std::function<void(const std::string&)> lost_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;  // guarded by mu_
  std::thread keeper_;     // started by wait_to_serve once the lease is held
};

}  // namespace wordhall
