#include "storage/group_commit.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace wordhall::storage {
namespace {

// The group_commit whose commit thread this is, if any. Lets stop() know it was called from a
// callback without reading thread_, which another thread's join may be changing.
thread_local const group_commit* running_on = nullptr;

}  // namespace

group_commit::group_commit(journal& j, size_t max_batch)
    : journal_(j), max_batch_(std::max<size_t>(1, max_batch)), thread_([this] { run(); }) {}

group_commit::~group_commit() {
  stop();
  std::lock_guard<std::mutex> lock(join_mutex_);
  if (thread_.joinable()) thread_.join();
}

void group_commit::submit(append_request request, callback done) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!stopping_) {
      queue_.push_back(pending{std::move(request), std::move(done)});
      work_ready_.notify_one();
      return;
    }
  }
  if (done) {
    done(status::unavailable("group commit stopped; match " + request.match_id + " not written"));
  }
}

void group_commit::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_one();
  if (running_on == this) return;
  std::lock_guard<std::mutex> lock(join_mutex_);  // two stop() calls must not both join
  if (thread_.joinable()) thread_.join();
}

void group_commit::run() {
  running_on = this;
  std::vector<append_request> requests;
  std::vector<callback> callbacks;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything submitted is written
      const size_t n = std::min(queue_.size(), max_batch_);
      for (size_t i = 0; i < n; ++i) {
        requests.push_back(std::move(queue_.front().request));
        callbacks.push_back(std::move(queue_.front().done));
        queue_.pop_front();
      }
    }
    std::vector<status> results = journal_.append_batch(requests);
    batches_written_.fetch_add(1, std::memory_order_relaxed);
    requests_written_.fetch_add(requests.size(), std::memory_order_relaxed);
    for (size_t i = 0; i < callbacks.size(); ++i) {
      if (callbacks[i]) callbacks[i](std::move(results[i]));
    }
    requests.clear();
    callbacks.clear();
  }
}

}  // namespace wordhall::storage
