// small_disk: a size-limited tmpfs mounted on a test's directory, and filler files that use up
// its space, for the disk-fault tests. Mounting needs root (CAP_SYS_ADMIN); `mount_error` says
// why it failed so a test can report that instead of passing.
#pragma once

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace wordhall::testing {

class small_disk {
 public:
  // `options` as for mount -o: "size=96m", "size=1m" with read_only...
  small_disk(std::string dir, const std::string& options, bool read_only = false)
      : dir_(std::move(dir)) {
    if (::mount("tmpfs", dir_.c_str(), "tmpfs", read_only ? MS_RDONLY : 0, options.c_str()) != 0)
      error_ = "mount -t tmpfs -o " + options + " " + dir_ + ": " + std::strerror(errno);
  }
  ~small_disk() {
    if (error_.empty()) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  small_disk(const small_disk&) = delete;
  small_disk& operator=(const small_disk&) = delete;

  bool mounted() const { return error_.empty(); }
  const std::string& mount_error() const { return error_; }

  uint64_t free_bytes() const {
    struct statvfs s {};
    if (::statvfs(dir_.c_str(), &s) != 0) return 0;
    return static_cast<uint64_t>(s.f_bavail) * s.f_frsize;
  }

  // A new file taking all but `leave` bytes of the free space (all of it for 0), then, when
  // leaving nothing, single pages until the file system refuses: tmpfs counts in pages.
  void fill(uint64_t leave = 0) {
    const std::string path = dir_ + "/filler-" + std::to_string(fillers_.size());
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    fillers_.push_back(path);
    const uint64_t free = free_bytes();
    if (free > leave) (void)::posix_fallocate(fd, 0, static_cast<off_t>(free - leave));
    if (leave == 0) {
      std::vector<char> page(4096, 'f');
      ::lseek(fd, 0, SEEK_END);
      while (::write(fd, page.data(), page.size()) > 0) {
      }
    }
    ::close(fd);
  }

  // Removes every filler: the space is back.
  void free_space() {
    for (auto& f : fillers_) ::unlink(f.c_str());
    fillers_.clear();
  }

 private:
  std::string dir_;
  std::string error_;
  std::vector<std::string> fillers_;
};

}  // namespace wordhall::testing
