// A server whose learned spymaster is still training gives the baseline's clues, then the set
// network's the moment its weights appear, then the learned spymaster's when the clue scorer
// trained after it appears (tools/run trains both in the background).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::testing;

namespace {

json_probe spymaster_status(unsigned short port) {
  auto r = http_call(port, "GET", "/api/spymaster");
  REQUIRE(r.status == 200);
  return json_probe(r.body);
}

// As the trainers do: written under another name, then renamed.
void publish(const std::string& from, const std::string& to) {
  std::filesystem::copy_file(from, to + ".partial");
  std::filesystem::rename(to + ".partial", to);
}

void wait_for_giver(unsigned short port, const std::string& giver) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (spymaster_status(port).str("/givingClues") != giver) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

TEST_CASE("spymaster auto: the baseline, then the set network, stand in until the scorer appears",
          "[integration][codenames]") {
  const std::string root = WORDHALL_SOURCE_DIR;
  const std::string set_net = root + "/data/models/spymaster-learned.whsm";
  const std::string scorer = root + "/data/models/clue-scorer.whcs";
  if (!std::ifstream(set_net) || !std::ifstream(scorer)) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("no trained spymaster (tools/prepare-data in a build with LibTorch makes it)");
    return;
  }
  temp_dir dir;
  const std::string model = dir.path() + "/spymaster.whsm";
  const std::string scorer_copy = dir.path() + "/clue-scorer.whcs";
  server_process server(dir.path(), "", {"--spymaster", "auto", "--spymaster-model", model,
                                         "--spymaster-scorer", scorer_copy});
  auto port = server.port();
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (http_call(port, "GET", "/readyz").status != 200) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  auto before = spymaster_status(port);
  CHECK(before.str("/givingClues") == "baseline");
  CHECK(before.at("/learnedTraining").get_bool().value());

  publish(set_net, model);
  wait_for_giver(port, "setnet");
  CHECK(spymaster_status(port).at("/learnedTraining").get_bool().value());

  publish(scorer, scorer_copy);
  wait_for_giver(port, "learned");
  CHECK_FALSE(spymaster_status(port).at("/learnedTraining").get_bool().value());
  const std::string log = server.log();
  CHECK(log.find("spymaster_upgraded spymaster=setnet") != std::string::npos);
  CHECK(log.find("spymaster_upgraded spymaster=learned") != std::string::npos);
}
