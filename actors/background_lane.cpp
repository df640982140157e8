#include "actors/background_lane.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <exception>

#include "actors/log.hpp"

namespace wordhall {

background_lane::background_lane(std::string name)
    : name_(std::move(name)), thread_([this] { run(); }) {}

background_lane::~background_lane() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void background_lane::post(std::function<void()> job) {
  {
    std::lock_guard lock(mu_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void background_lane::run() {
  // Linux gives each thread its own nice value and policy; lowering one's own needs no
  // privilege. SCHED_IDLE runs the lane only on a core nothing else wants, and any other thread
  // waking up takes the core back at once; nice 19 is the fallback where SCHED_IDLE is refused.
  // Where both fail the lane still works, at normal priority. Threads a job starts inherit both.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
  sched_param idle{};
  pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle);
  pthread_setname_np(pthread_self(), name_.substr(0, 15).c_str());
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, with nothing left to run
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    try {
      job();
    } catch (const std::exception& e) {
      log_line("background_job_failed", "lane=" + name_ + " what=" + e.what());
    }
    lock.lock();
  }
}

}  // namespace wordhall
