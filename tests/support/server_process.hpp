// server_process: the real `wordhall serve` binary as a child process, for end-to-end tests.
//
// Listens on a free port (it is told --port 0 and the test reads the port from its
// "listening url=..." log line), keeps its data in the given directory and its log in
// <dir>/server.log. The destructor SIGKILLs a server still running.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace wordhall::testing {

inline std::string wordhall_binary() { return std::string(WORDHALL_BUILD_DIR) + "/wordhall"; }

// What `command` (run by the shell) printed on stdout, and its exit status (-1 when it did not
// exit normally). Append " 2>&1" to the command for stderr too.
struct shell_result {
  std::string output;
  int status = -1;
};
inline shell_result run_shell(const std::string& command) {
  shell_result result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) result.output.append(buffer, n);
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// Whether the constructor waits for the server to listen (a cluster's node listens only once
// it joined, which may wait for NATS: call wait_for_port() then).
enum class server_start { wait_until_listening, return_at_once };

class server_process {
 public:
  server_process(std::string data_dir, std::string admin_token = "test-admin-token",
                 std::vector<std::string> extra_args = {},
                 server_start start = server_start::wait_until_listening)
      : data_dir_(std::move(data_dir)), admin_token_(std::move(admin_token)) {
    log_path_ = data_dir_ + "/server.log";
    std::ofstream(log_path_, std::ios::app) << "--- start\n";
    log_offset_ = file_size();
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      int fd = ::open(log_path_.c_str(), O_WRONLY | O_APPEND);
      dup2(fd, 2);
      dup2(fd, 1);
      // Relative paths in config/wordhall.json are relative to the source tree, as for tools/run.
      if (chdir(WORDHALL_SOURCE_DIR) != 0) _exit(126);
      // Tests create many matches and send commands fast from one address: the rate limits are
      // lifted unless a test's flags (which win over the environment) set them.
      setenv("WORDHALL_MAX_CREATIONS_PER_MINUTE", "0", 1);
      setenv("WORDHALL_MAX_COMMANDS_PER_SECOND", "0", 1);
      if (admin_token_.empty()) unsetenv("WORDHALL_ADMIN_TOKEN");
      else setenv("WORDHALL_ADMIN_TOKEN", admin_token_.c_str(), 1);
      std::vector<std::string> args = {wordhall_binary(), "serve",      "--port",   "0",
                                       "--data-dir",      data_dir_,    "--www-root",
                                       std::string(WORDHALL_SOURCE_DIR) + "/http/www",
                                       "--config", std::string(WORDHALL_SOURCE_DIR) + "/config/wordhall.json"};
      args.insert(args.end(), extra_args.begin(), extra_args.end());
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    if (start == server_start::wait_until_listening) wait_for_port();
  }

  ~server_process() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  unsigned short port() const { return port_; }
  const std::string& admin_token() const { return admin_token_; }

  void kill_hard() {
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  // Sends `sig` (SIGSTOP, SIGCONT, ...).
  void signal(int sig) { ::kill(pid_, sig); }

  // Sends SIGTERM and returns the exit status (or -1 if it did not exit within `timeout`).
  int terminate(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    ::kill(pid_, SIGTERM);
    return wait_for_exit(timeout);
  }

  // The exit status once the server exits (128 + the signal that ended it), or -1 if it is
  // still running after `timeout`.
  int wait_for_exit(std::chrono::milliseconds timeout) {
    auto until = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < until) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
  }

  // Reads the port from the log once the server listens; throws after `limit`, or when the
  // server exits first.
  void wait_for_port(std::chrono::seconds limit = std::chrono::seconds(30)) {
    static const std::regex listening(R"(listening url=http://[0-9.]+:([0-9]+))");
    auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
      std::string text = log().substr(log_offset_);
      std::smatch m;
      if (std::regex_search(text, m, listening)) {
        port_ = static_cast<unsigned short>(std::stoi(m[1]));
        return;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("wordhall serve exited at start:\n" + text);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    throw std::runtime_error("wordhall serve did not start listening");
  }

  std::string log() const {
    std::ifstream in(log_path_);
    std::stringstream buf;
    buf << in.rdbuf();
    return buf.str();
  }

 private:
  size_t file_size() const {
    std::ifstream in(log_path_, std::ios::ate);
    return static_cast<size_t>(in.tellg());
  }

  std::string data_dir_, admin_token_, log_path_;
  size_t log_offset_ = 0;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

}  // namespace wordhall::testing
