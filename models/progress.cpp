// Drawing for progress_bar; see progress.hpp.
#include "models/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace wordhall::models {

progress_bar::progress_bar(std::string label, uint64_t total, progress_mode mode)
    : label_(std::move(label)), total_(total) {
  bool terminal = isatty(STDERR_FILENO) == 1;
  enabled_ = mode == progress_mode::always || mode == progress_mode::automatic;
  log_lines_ = mode == progress_mode::automatic && !terminal;
  last_draw_ = started_;
}

progress_bar::~progress_bar() {
  if (enabled_ && !log_lines_ && !finished_) std::fputc('\n', stderr);
}

void progress_bar::draw(uint64_t done, bool final) {
  auto now = std::chrono::steady_clock::now();
  uint64_t step = total_ > 100 ? total_ / 100 : 1;
  next_draw_ = done + step;
  if (log_lines_) {
    // The last line only for a load that already wrote one.
    bool wrote = last_draw_ != started_;
    if (final ? !wrote : now - last_draw_ < std::chrono::seconds(5)) return;
    last_draw_ = now;
    if (total_ > 0)
      std::fprintf(stderr, "%s %3d%%\n", label_.c_str(),
                   static_cast<int>(done >= total_ ? 100 : 100.0 * double(done) / double(total_)));
    else
      std::fprintf(stderr, "%s %llu\n", label_.c_str(), static_cast<unsigned long long>(done));
    return;
  }
  if (!final && now - last_draw_ < std::chrono::milliseconds(200)) return;
  last_draw_ = now;
  constexpr int width = 30;
  if (total_ > 0) {
    double fraction = done >= total_ ? 1.0 : double(done) / double(total_);
    int filled = static_cast<int>(fraction * width);
    std::string bar(static_cast<size_t>(filled), '#');
    bar.append(static_cast<size_t>(width - filled), '.');
    std::fprintf(stderr, "\r%s [%s] %3d%%", label_.c_str(), bar.c_str(),
                 static_cast<int>(fraction * 100));
  } else {
    std::fprintf(stderr, "\r%s %llu", label_.c_str(), static_cast<unsigned long long>(done));
  }
  std::fflush(stderr);
}

void progress_bar::finish(uint64_t done) {
  if (!enabled_ || finished_) return;
  draw(total_ > 0 ? total_ : done, true);
  if (!log_lines_) std::fputc('\n', stderr);
  finished_ = true;
}

}  // namespace wordhall::models
