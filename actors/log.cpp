#include "actors/log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace wordhall {

long long wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

void log_line(std::string_view what, std::string_view details) {
  static std::mutex mu;
  long long ms = wall_clock_ms();
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
  std::lock_guard<std::mutex> lock(mu);
  std::fprintf(stderr, "%s.%03lldZ %.*s%s%.*s\n", stamp, ms % 1000, static_cast<int>(what.size()),
               what.data(), details.empty() ? "" : " ", static_cast<int>(details.size()),
               details.data());
}

}  // namespace wordhall
