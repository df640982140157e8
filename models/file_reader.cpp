// POSIX implementation of file_reader; see file_reader.hpp.
#include "models/file_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace wordhall::models {
namespace {
constexpr size_t buffer_bytes = size_t{1} << 20;
}  // namespace

result<file_reader> file_reader::open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return make_error("io_error", path + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return make_error("io_error", path + ": not a regular file");
  }
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return file_reader(fd, static_cast<uint64_t>(st.st_size));
}

file_reader::file_reader(int fd, uint64_t size)
    : fd_(fd), size_(size), buffer_(std::make_unique<char[]>(buffer_bytes)) {}

file_reader::file_reader(file_reader&& other) noexcept
    : fd_(other.fd_),
      size_(other.size_),
      consumed_(other.consumed_),
      buffer_(std::move(other.buffer_)),
      pos_(other.pos_),
      end_(other.end_) {
  other.fd_ = -1;
}

file_reader::~file_reader() {
  if (fd_ >= 0) ::close(fd_);
}

bool file_reader::refill() {
  pos_ = end_ = 0;
  for (;;) {
    ssize_t n = ::read(fd_, buffer_.get(), buffer_bytes);
    if (n < 0 && errno == EINTR) continue;
    // A read error ends the stream; the loaders then report the file as truncated there.
    if (n <= 0) return false;
    end_ = static_cast<size_t>(n);
    return true;
  }
}

size_t file_reader::read(char* dest, size_t n) {
  size_t copied = 0;
  while (copied < n) {
    if (pos_ == end_ && !refill()) break;
    size_t take = std::min(n - copied, end_ - pos_);
    std::memcpy(dest + copied, buffer_.get() + pos_, take);
    pos_ += take;
    copied += take;
  }
  consumed_ += copied;
  return copied;
}

bool file_reader::read_line(std::string& line) {
  line.clear();
  bool any = false;
  for (;;) {
    if (pos_ == end_ && !refill()) return any;
    any = true;
    const char* start = buffer_.get() + pos_;
    const void* newline = std::memchr(start, '\n', end_ - pos_);
    size_t take = newline ? static_cast<size_t>(static_cast<const char*>(newline) - start)
                          : end_ - pos_;
    line.append(start, take);
    pos_ += take;
    consumed_ += take;
    if (newline) {
      ++pos_;
      ++consumed_;
      return true;
    }
  }
}

}  // namespace wordhall::models
