// What the load generators (tools/bench/loadgen.cpp, wortkunst_loadgen.cpp) measure with:
// latency summaries (nearest-rank percentiles over milliseconds), CPU time of a process
// (/proc/PID/stat utime + stime, or getrusage for the load generator itself), and the descriptor
// limit thousands of connections need.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
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

}  // namespace wordhall::loadgen
