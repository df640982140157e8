// progress_bar: a one-line bar on stderr for long loads ("loading vectors.bin  42%  1.2 GB").
//
// On a terminal (or when asked: progress_mode::always) it redraws at most every 1/100 of the
// total or 200 ms, whichever comes later, because drawing per record would cost more than reading
// it. Into a log (automatic mode, stderr not a terminal) it writes a plain line every 5 s, and
// only for loads that last that long, so a CI log shows a long step is alive while tests and
// quick loads stay quiet. progress_mode::never draws nothing.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace wordhall::models {

enum class progress_mode { automatic, always, never };

class progress_bar {
 public:
  // `total` is in the caller's unit (bytes, records); 0 means unknown.
  progress_bar(std::string label, uint64_t total, progress_mode mode);
  ~progress_bar();
  progress_bar(const progress_bar&) = delete;
  progress_bar& operator=(const progress_bar&) = delete;

  void update(uint64_t done) {
    if (enabled_ && done >= next_draw_) draw(done, false);
  }
  // Draws the final state and ends the line.
  void finish(uint64_t done);

 private:
  void draw(uint64_t done, bool final);

  std::string label_;
  uint64_t total_;
  bool enabled_;
  bool log_lines_ = false;  // not a terminal: whole lines, every 5 s
  bool finished_ = false;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  uint64_t next_draw_ = 0;
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace wordhall::models
