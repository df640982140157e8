// nats_server_process: a real `nats-server` with JetStream as a child process, for tests.
//
// Listens on 127.0.0.1 on a port it picks (-p -1) the first time and keeps that port for
// restart(), stores JetStream's data in <dir>/jetstream and logs to <dir>/nats.log. The
// destructor SIGKILLs a server still running. A missing nats-server is a test failure, not a
// skip: tools/install-deps installs it.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/temp_dir.hpp"

namespace wordhall::testing {

// The nats-server binary: Debian's /usr/sbin/nats-server, else the first one on PATH.
inline std::string nats_server_binary() {
  std::vector<std::string> candidates = {"/usr/sbin/nats-server", "/usr/bin/nats-server"};
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');) candidates.push_back(dir + "/nats-server");
  }
  for (const auto& candidate : candidates) {
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw std::runtime_error(
      "nats-server not found (looked in /usr/sbin, /usr/bin and PATH): run tools/install-deps");
}

class nats_server_process {
 public:
  explicit nats_server_process(std::string dir) : dir_(std::move(dir)) { start("-1"); }

  ~nats_server_process() { kill_hard(); }
  nats_server_process(const nats_server_process&) = delete;
  nats_server_process& operator=(const nats_server_process&) = delete;

  unsigned short port() const { return port_; }
  std::string url() const { return "nats://127.0.0.1:" + std::to_string(port_); }

  // SIGKILL: what JetStream had acknowledged must survive it.
  void kill_hard() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  // Starts again on the same port and store directory.
  void restart() {
    kill_hard();
    start(std::to_string(port_));
  }

  std::string log() const {
    std::ifstream in(log_path());
    std::stringstream buf;
    buf << in.rdbuf();
    return buf.str();
  }

 private:
  std::string log_path() const { return dir_ + "/nats.log"; }

  void start(const std::string& port) {
    const std::string binary = nats_server_binary();
    const size_t log_offset = log().size();
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      std::vector<std::string> args = {binary, "-js", "-a", "127.0.0.1", "-p", port,
                                       "-sd", dir_ + "/jetstream", "-l", log_path()};
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    wait_until_ready(log_offset);
  }

  void wait_until_ready(size_t log_offset) {
    static const std::regex listening(
        R"(Listening for client connections on 127\.0\.0\.1:([0-9]+))");
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
      std::string text = log();
      text = text.size() > log_offset ? text.substr(log_offset) : std::string();
      std::smatch m;
      if (text.find("Server is ready") != std::string::npos &&
          std::regex_search(text, m, listening)) {
        port_ = static_cast<unsigned short>(std::stoi(m[1]));
        return;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("nats-server exited at start:\n" + text);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    throw std::runtime_error("nats-server did not become ready:\n" + log());
  }

  std::string dir_;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

// A server and its store directory for one test case.
struct nats_fixture {
  temp_dir dir;
  nats_server_process server{dir.path()};
};

}  // namespace wordhall::testing
