#include "storage/rocksdb_logger.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <ctime>

namespace wordhall::storage {
namespace {

class stderr_logger : public rocksdb::Logger {
 public:
  stderr_logger() : rocksdb::Logger(rocksdb::InfoLogLevel::WARN_LEVEL) {}

  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    using namespace std::chrono;
    const long long ms =
        duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    const std::time_t secs = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char line[1024];
    int n = static_cast<int>(std::strftime(line, 32, "%Y-%m-%dT%H:%M:%S", &tm));
    n += std::snprintf(line + n, sizeof line - n, ".%03lldZ rocksdb ", ms % 1000);
    int body = std::vsnprintf(line + n, sizeof line - n - 1, format, ap);
    n = body < 0 ? n : std::min<int>(n + body, sizeof line - 2);
    while (n > 0 && line[n - 1] == '\n') --n;
    line[n++] = '\n';
    // One write(2) per line, so lines from several threads do not interleave; a failed write
    // (stderr on the full disk too) is dropped.
    (void)!::write(STDERR_FILENO, line, static_cast<size_t>(n));
  }
};

}  // namespace

std::shared_ptr<rocksdb::Logger> make_stderr_logger() { return std::make_shared<stderr_logger>(); }

}  // namespace wordhall::storage
