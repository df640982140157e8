#include "actors/storage_watch.hpp"

#include "actors/log.hpp"

namespace wordhall {

std::string storage_blocked_reason(const storage::status& failure, const std::string& dir) {
  if (failure.code() == storage::status_code::resource_exhausted)
    return "the disk holding " + dir + " is full: commands are refused (storage_full) until " +
           "space is freed, then writing resumes by itself (" + failure.message() + ")";
  return "the journal in " + dir + " cannot be written: " + failure.to_string();
}

storage_watch::storage_watch(storage::journal& journal, readiness& ready, std::string dir,
                             std::chrono::milliseconds interval)
    : journal_(journal),
      ready_(ready),
      dir_(std::move(dir)),
      interval_(interval),
      thread_([this] { run(); }) {}

storage_watch::~storage_watch() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

bool storage_watch::check() {
  storage::status health = journal_.write_health();
  if (!health.ok()) health = journal_.resume();
  if (health.ok()) {
    ready_.loaded("storage");
  } else {
    ready_.blocked("storage", storage_blocked_reason(health, dir_));
  }
  return health.ok();
}

void storage_watch::run() {
  bool was_ok = true;
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    lock.unlock();
    const bool ok = check();
    if (ok != was_ok) log_line(ok ? "storage_writable" : "storage_blocked", "dir=" + dir_);
    was_ok = ok;
    lock.lock();
    wake_.wait_for(lock, interval_, [this] { return stopping_; });
  }
}

}  // namespace wordhall
