// What the load generators (tools/bench/loadgen.cpp, wortkunst_loadgen.cpp) measure with:
// latency summaries (nearest-rank percentiles over milliseconds), CPU time of a process
// (/proc/PID/stat utime + stime, or getrusage for the load generator itself), and the descriptor
// limit thousands of connections need; and the play window both runs share.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace wordhall::loadgen {

using clock_type = std::chrono::steady_clock;

inline double ms_between(clock_type::time_point from, clock_type::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

struct latency_summary {
  size_t count = 0;
  double p50 = 0, p99 = 0, max = 0;  // milliseconds
};

inline latency_summary summarize(std::vector<double> ms) {
  latency_summary s;
  s.count = ms.size();
  if (ms.empty()) return s;
  std::sort(ms.begin(), ms.end());
  auto rank = [&](double p) {
    size_t i = static_cast<size_t>(std::ceil(p * static_cast<double>(ms.size())));
    return ms[std::min(ms.size() - 1, i == 0 ? 0 : i - 1)];
  };
  s.p50 = rank(0.50);
  s.p99 = rank(0.99);
  s.max = ms.back();
  return s;
}

// CPU seconds (user + system) a process has used so far; negative when it cannot be read.
inline double process_cpu_seconds(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return -1;
  // The command name (field 2) may hold spaces: fields are counted after its closing ')'.
  auto paren = line.rfind(')');
  if (paren == std::string::npos) return -1;
  std::istringstream rest(line.substr(paren + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

inline double self_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto secs = [](timeval t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return secs(u.ru_utime) + secs(u.ru_stime);
}

// Each connection is a descriptor: take the hard limit as the soft one, and warn when even that
// is below `needed`.
inline void raise_descriptor_limit(size_t needed, const char* who) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
  getrlimit(RLIMIT_NOFILE, &limit);
  if (limit.rlim_cur < needed)
    std::fprintf(stderr, "%s: warning: %zu connections but only %llu descriptors allowed\n", who,
                 needed, static_cast<unsigned long long>(limit.rlim_cur));
}

// The measured part of a load run: it opens when the last of the run's units (matches, games) is
// ready and closes when the last one finishes, sampling the server's CPU (when server_pid > 0),
// this process's CPU and the frames received at both ends. `mu` also guards what a run records.
class play_window {
 public:
  std::atomic<long> frames_received{0}, bytes_received{0};
  long frames_at_start = 0, bytes_at_start = 0, frames_at_end = 0, bytes_at_end = 0;
  clock_type::time_point setup_start, play_start, play_end;
  double server_cpu_start = -1, server_cpu_end = -1, self_cpu_start = 0, self_cpu_end = 0;
  std::mutex mu;

  // Counts one unit ready; true for the last of `units`, once the window has opened.
  bool unit_ready(size_t units, long server_pid) {
    if (++ready_ != static_cast<long>(units)) return false;
    play_start = clock_type::now();
    if (server_pid > 0) server_cpu_start = process_cpu_seconds(server_pid);
    self_cpu_start = self_cpu_seconds();
    frames_at_start = frames_received;
    bytes_at_start = bytes_received;
    return true;
  }

  // Counts one unit finished; the last of `units` closes the window and wakes wait().
  void unit_finished(size_t units, long server_pid) {
    if (++finished_ != static_cast<long>(units)) return;
    play_end = clock_type::now();
    if (server_pid > 0) server_cpu_end = process_cpu_seconds(server_pid);
    self_cpu_end = self_cpu_seconds();
    frames_at_end = frames_received;
    bytes_at_end = bytes_received;
    std::lock_guard lock(mu);
    all_finished_ = true;
    done_.notify_all();
  }

  // Waits until every unit finished; false on timeout.
  bool wait(std::chrono::seconds timeout) {
    std::unique_lock lock(mu);
    return done_.wait_for(lock, timeout, [&] { return all_finished_; });
  }

 private:
  std::atomic<long> ready_{0}, finished_{0};
  std::condition_variable done_;
  bool all_finished_ = false;
};

}  // namespace wordhall::loadgen
