// Wortkunst under load, end to end: build/wortkunst_loadgen plays 20 real WebSocket games of two
// moves each against the real server, whose judge asks build/fake_llm (200 ms per reply) with 2
// requests in flight. It exits 0 only when every move was acknowledged and every player saw it
// rated; the LLM queue must then have reached its limit of 2 in flight and never passed it.
// Latencies and the throughput (limit / reply time) are tools/loadgen's to print, never asserted:
// on a busy machine they move.
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

using namespace wordhall::testing;

namespace {

// build/fake_llm as a child process; its output goes to <dir>/fake_llm.log, where its port is read.
class fake_llm_process {
 public:
  explicit fake_llm_process(const std::string& dir) : log_path_(dir + "/fake_llm.log") {
    const std::string binary = std::string(WORDHALL_BUILD_DIR) + "/fake_llm";
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      int fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, 1);
      dup2(fd, 2);
      execl(binary.c_str(), binary.c_str(), "--port", "0", "--delay-ms", "200", static_cast<char*>(nullptr));
      _exit(127);
    }
    static const std::regex listening(R"(fake_llm listening .* port=([0-9]+))");
    for (int i = 0; i < 500 && port_ == 0; ++i) {
      std::smatch m;
      std::string text = log();
      if (std::regex_search(text, m, listening)) port_ = static_cast<unsigned short>(std::stoi(m[1]));
      else std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (port_ == 0) throw std::runtime_error("fake_llm did not start:\n" + log());
  }
  ~fake_llm_process() {
    ::kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  unsigned short port() const { return port_; }
  std::string log() const {
    std::ifstream in(log_path_);
    std::stringstream buf;
    buf << in.rdbuf();
    return buf.str();
  }

 private:
  std::string log_path_;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};


}  // namespace

TEST_CASE("wortkunst: 20 games of two moves are all acknowledged and rated, the LLM queue at its limit",
          "[integration][wortkunst][load]") {
  temp_dir dir;
  fake_llm_process llm(dir.path());
  unsetenv("MISTRAL_API_KEY");
  setenv("MISTRAL_BASE_URL", ("http://127.0.0.1:" + std::to_string(llm.port()) + "/v1").c_str(), 1);
  // No word vectors: Wortkunst needs none, and loading them would compete for the CPU.
  server_process server(dir.path(), "", {"--llm-concurrency", "2", "--vectors", dir.path() + "/no-vectors"});
  unsetenv("MISTRAL_BASE_URL");

  auto [output, status] = run_shell(std::string(WORDHALL_BUILD_DIR) + "/wortkunst_loadgen --port " +
                               std::to_string(server.port()) + " --llm-port " + std::to_string(llm.port()) +
                               " --llm-concurrency 2 --games 20 --moves 2 --move-window-ms 0 --timeout-s 50 --json" + " 2>&1");
  INFO(output);
  INFO("server log:\n" << server.log());
  REQUIRE(status == 0);
  CHECK(output.find("moves acked 40/40") != std::string::npos);
  CHECK(output.find("rated 40/40") != std::string::npos);
  CHECK(output.find("\"max_in_flight\":2,") != std::string::npos);
  CHECK(output.find("\"replies\":40,") != std::string::npos);
}
