// background_lane: one thread that runs posted jobs in order, at the lowest CPU priority a
// process may give itself (nice 19).
//
// For long computations nobody waits on by the millisecond (a round's search for nearest
// words) beside work somebody does (a command and its acknowledgement): on a busy machine the
// kernel gives the cores to the actor and I/O threads first and the lane takes what is left; on
// an idle one a job starts at once. Jobs should hold no lock the other threads need while they
// compute (a preempted job would hold it up). A job that throws is logged and dropped.
// Destruction runs the jobs already posted, then joins the thread.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace wordhall {

class background_lane {
 public:
  explicit background_lane(std::string name);
  ~background_lane();
  background_lane(const background_lane&) = delete;
  background_lane& operator=(const background_lane&) = delete;

  // Thread-safe; never waits for the job.
  void post(std::function<void()> job);

 private:
  void run();

  std::string name_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest exists
};

}  // namespace wordhall
