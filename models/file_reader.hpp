// file_reader: sequential buffered reads for the vector loaders, with a byte count for progress.
//
// One fixed 1 MiB buffer whatever the file size, so streaming a 3.6 GB file costs no more memory
// than a small one. Lines are returned without their '\n'.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "events/result.hpp"

namespace wordhall::models {

class file_reader {
 public:
  static result<file_reader> open(const std::string& path);
  file_reader(file_reader&& other) noexcept;
  file_reader& operator=(file_reader&&) = delete;
  ~file_reader();

  uint64_t size() const { return size_; }
  uint64_t position() const { return consumed_; }

  // Next byte, or -1 at end of file.
  int get() {
    if (pos_ == end_ && !refill()) return -1;
    ++consumed_;
    return static_cast<unsigned char>(buffer_[pos_++]);
  }
  // Copies up to `n` bytes; returns how many there were before the end of the file.
  size_t read(char* dest, size_t n);
  // Reads one line into `line`; false at end of file with nothing read.
  bool read_line(std::string& line);

 private:
  file_reader(int fd, uint64_t size);
  bool refill();

  int fd_;
  uint64_t size_;
  uint64_t consumed_ = 0;
  std::unique_ptr<char[]> buffer_;
  size_t pos_ = 0;
  size_t end_ = 0;
};

}  // namespace wordhall::models
