// Vector cards under load, end to end: build/loadgen plays 50 real WebSocket players in one match
// of the real server, each submitting at a random moment within one second. It exits 0 only when
// every submit was acknowledged, no error frame came and the round resolved by all submits with
// 50 leaderboard rows. Correctness only: latencies are tools/loadgen's to print, never asserted.
#include "tests/support/clients.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

using namespace wordhall::testing;

TEST_CASE("vector cards: 50 players submitting within one second are all acknowledged and resolved",
          "[integration][vectorcards][load]") {
  const std::string root = WORDHALL_SOURCE_DIR;
  const std::string vectors = root + "/data/embeddings/glove-6b-100d.whv";
  if (!std::ifstream(vectors)) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors missing: run tools/prepare-data");
    return;
  }
  temp_dir dir;
  server_process server(dir.path(), "", {"--vectors", vectors, "--blocklist", root + "/config/blocklist.txt",
                                         "--function-words", root + "/config/function-words.txt",
                                         "--word-frequencies", root + "/data/embeddings/subtlex-frequencies.tsv"});
  wait_until_ready(server.port());

  auto [output, status] = run_shell(std::string(WORDHALL_BUILD_DIR) + "/loadgen --port " +
                               std::to_string(server.port()) +
                               " --matches 1 --players 50 --rounds 1 --submit-window-ms 1000 --timeout-s 120" + " 2>&1");
  INFO(output);
  INFO("server log:\n" << server.log());
  REQUIRE(status == 0);
  CHECK(output.find("submits acked 50/50") != std::string::npos);
  CHECK(output.find("rounds resolved 1/1") != std::string::npos);
}
