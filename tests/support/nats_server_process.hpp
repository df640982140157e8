// nats_server_process: a real `nats-server` with JetStream as a child process, for tests.
//
// Listens on 127.0.0.1 on a port it picks (-p -1) the first time and keeps that port for
// restart(), stores JetStream's data in <dir>/jetstream and logs to <dir>/nats.log. The
// destructor SIGKILLs a server still running. A missing nats-server is a test failure, not a
// skip: tools/install-deps installs it.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/clients.hpp"
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

// A free TCP port on 127.0.0.1 as the kernel hands one out (free when asked; a NATS cluster's
// members must know each other's route ports before they start).
inline unsigned short free_local_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("no free port");
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

// What makes a server one member of a JetStream cluster: its name, its route port and the
// route ports of all members (its own among them).
struct nats_cluster_member {
  std::string name;
  unsigned short route_port = 0;
  std::vector<unsigned short> route_ports;
};

class nats_server_process {
 public:
  explicit nats_server_process(std::string dir) : dir_(std::move(dir)) { start("-1"); }
  nats_server_process(std::string dir, nats_cluster_member member)
      : dir_(std::move(dir)), member_(std::move(member)), monitor_port_(free_local_port()) {
    start("-1");
  }

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

  // A cluster member: waits until its monitoring /healthz answers 200, which it does once its
  // JetStream is current with the cluster's leaders (after a restart: caught up).
  void wait_until_current(std::chrono::seconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    for (;;) {
      try {
        if (http_call(monitor_port_, "GET", "/healthz").status == 200) return;
      } catch (const std::exception&) {
        // not listening yet
      }
      if (std::chrono::steady_clock::now() >= until)
        throw std::runtime_error("nats-server " + member_.name + " did not catch up");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
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
      if (!member_.name.empty()) {
        std::string routes;
        for (auto route : member_.route_ports)
          routes += (routes.empty() ? "" : ",") + std::string("nats://127.0.0.1:") +
                    std::to_string(route);
        for (const std::string& arg :
             {std::string("-n"), member_.name, std::string("--cluster_name"),
              std::string("wordhall-test"), std::string("-m"), std::to_string(monitor_port_),
              std::string("--cluster"),
              "nats://127.0.0.1:" + std::to_string(member_.route_port), std::string("--routes"),
              routes}) {
          args.push_back(arg);
        }
      }
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
  nats_cluster_member member_;  // no name: a server on its own
  unsigned short monitor_port_ = 0;  // members only
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

// Three servers forming one JetStream cluster, each with its store under one directory.
// JetStream elects its leaders a few seconds after they start: the first requests may fail.
struct nats_cluster_fixture {
  temp_dir dir;
  std::vector<std::unique_ptr<nats_server_process>> servers;

  nats_cluster_fixture() {
    std::vector<unsigned short> routes;
    for (int i = 0; i < 3; ++i) routes.push_back(free_local_port());
    for (int i = 0; i < 3; ++i) {
      const std::string name = "n" + std::to_string(i + 1);
      std::filesystem::create_directories(dir.path() + "/" + name);
      servers.push_back(std::make_unique<nats_server_process>(
          dir.path() + "/" + name,
          nats_cluster_member{name, routes[static_cast<size_t>(i)], routes}));
    }
  }
  // Every server's client URL, comma-separated.
  std::string urls() const {
    std::string out;
    for (const auto& server : servers) out += (out.empty() ? "" : ",") + server->url();
    return out;
  }
};

// A server and its store directory for one test case.
struct nats_fixture {
  temp_dir dir;
  nats_server_process server{dir.path()};
};

}  // namespace wordhall::testing
