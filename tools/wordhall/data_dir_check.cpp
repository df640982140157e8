#include "tools/wordhall/data_dir_check.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace wordhall {

std::optional<std::string> data_dir_problem(const std::string& dir) {
  auto problem = [&dir](const char* doing, int err) {
    return "the data directory " + dir + " " + doing + " (" + std::strerror(err) +
           "): give --data-dir (or WORDHALL_DATA_DIR) a directory this user can write";
  };
  struct stat info {};
  if (stat(dir.c_str(), &info) != 0) {
    if (errno != ENOENT) return problem("cannot be read", errno);
    if (mkdir(dir.c_str(), 0755) != 0) return problem("cannot be created", errno);
  } else if (!S_ISDIR(info.st_mode)) {
    return problem("is not a directory", ENOTDIR);
  }
  // A real write, not access(2): it also sees read-only mounts and a full disk's refusal to
  // create anything.
  const std::string probe = dir + "/.wordhall-write-check";
  int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return problem("is not writable", errno);
  ::close(fd);
  ::unlink(probe.c_str());
  return std::nullopt;
}

}  // namespace wordhall
