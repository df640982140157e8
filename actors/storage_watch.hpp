// storage_watch: keeps the readiness part "storage" true to whether the journal can write.
//
// Every `interval` it reads the journal's write health; while writes fail (a full disk, an I/O
// error) it asks the journal to resume, and reports the part blocked with a reason an operator
// can act on, or loaded once writing works again. Appends themselves also resume the journal,
// so a busy server recovers at its next command; the watch covers an idle one and /readyz.
// Runs on a thread of its own, stopped and joined by the destructor.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "actors/readiness.hpp"
#include "storage/journal.hpp"

namespace wordhall {

// What /readyz says about a journal in `dir` whose writes fail with `failure`.
std::string storage_blocked_reason(const storage::status& failure, const std::string& dir);

class storage_watch {
 public:
  storage_watch(storage::journal& journal, readiness& ready, std::string dir,
                std::chrono::milliseconds interval = std::chrono::milliseconds(500));
  ~storage_watch();
  storage_watch(const storage_watch&) = delete;
  storage_watch& operator=(const storage_watch&) = delete;

  // One look at the journal, as the thread does every interval; true when it can write.
  bool check();

 private:
  void run();

  storage::journal& journal_;
  readiness& ready_;
  const std::string dir_;
  const std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;  // guarded by mu_
  std::thread thread_;     // last: starts after everything it uses exists
};

}  // namespace wordhall
