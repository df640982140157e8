// A server whose learned spymaster is still training gives the baseline's clues, then switches to
// the learned one the moment its weights appear (tools/run trains them in the background).
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

}  // namespace

TEST_CASE("spymaster auto: the baseline stands in until the learned weights appear",
          "[integration][codenames]") {
  const std::string root = WORDHALL_SOURCE_DIR;
  const std::string trained = root + "/data/models/spymaster-learned.whsm";
  if (!std::ifstream(trained)) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("no trained spymaster (tools/prepare-data in a build with LibTorch makes it)");
    return;
  }
  temp_dir dir;
  const std::string model = dir.path() + "/spymaster.whsm";
  server_process server(dir.path(), "", {"--spymaster", "auto", "--spymaster-model", model});
  auto port = server.port();
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (http_call(port, "GET", "/readyz").status != 200) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  auto before = spymaster_status(port);
  CHECK(before.str("/givingClues") == "baseline");
  CHECK(before.at("/learnedTraining").get_bool().value());

  // As the trainer does: written under another name, then renamed.
  std::filesystem::copy_file(trained, model + ".partial");
  std::filesystem::rename(model + ".partial", model);
  until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (spymaster_status(port).str("/givingClues") != "learned") {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  CHECK_FALSE(spymaster_status(port).at("/learnedTraining").get_bool().value());
  CHECK(server.log().find("spymaster_upgraded") != std::string::npos);
}
