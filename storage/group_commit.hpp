// group_commit: lets many matches share one fsync.
//
// Any thread submits an append; one commit thread takes everything queued (up to max_batch),
// writes it with journal::append_batch (one WriteBatch, one synced write) and then runs the
// callbacks in submission order. While a batch is being written new submissions queue up and
// form the next one, so batches grow with load and no artificial delay is ever added: an idle
// server commits a lone append at once, a busy one pays one fsync per batch instead of one per
// append.
//
// `done` runs on the commit thread once the batch holding its request is durable (or failed),
// with that request's own status. It may call submit() (the next append of the same match, say)
// but must not block for long or throw: every later batch waits for it.
//
// stop() (also run by the destructor) writes everything already submitted, then joins the
// thread. A submit() after stop() has begun fails at once, on the caller's thread, with
// unavailable.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "storage/journal.hpp"
#include "storage/status.hpp"

namespace wordhall::storage {

class group_commit {
 public:
  using callback = std::function<void(status)>;

  explicit group_commit(journal& j, size_t max_batch = 4096);
  ~group_commit();
  group_commit(const group_commit&) = delete;
  group_commit& operator=(const group_commit&) = delete;

  // Thread-safe; never blocks on I/O. `done` may be empty when nobody waits for the result.
  void submit(append_request request, callback done);
  // Drains every submitted request, then joins the commit thread. Idempotent. Called from a
  // callback (the commit thread itself) it only stops new submissions; the destructor joins.
  void stop();

  // Batches handed to the journal, and the requests they held (whatever each one's status).
  uint64_t batches_written() const { return batches_written_.load(std::memory_order_relaxed); }
  uint64_t requests_written() const { return requests_written_.load(std::memory_order_relaxed); }

 private:
  struct pending {
    append_request request;
    callback done;
  };

  void run();

  journal& journal_;
  const size_t max_batch_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::deque<pending> queue_;  // guarded by mutex_
  bool stopping_ = false;      // guarded by mutex_
  std::mutex join_mutex_;
  std::atomic<uint64_t> batches_written_{0};
  std::atomic<uint64_t> requests_written_{0};
  std::thread thread_;  // last: starts after everything it uses exists
};

}  // namespace wordhall::storage
