#include "actors/readiness.hpp"

#include <catch2/catch.hpp>

#include <thread>

#include "tests/support/json_probe.hpp"

using namespace wordhall;
using wordhall::testing::json_probe;

TEST_CASE("readiness: loading until no part waits; unavailable parts do not hold it back",
          "[actors][readiness]") {
  readiness ready;
  CHECK(ready.snapshot().ready);  // nothing expected: nothing to wait for
  ready.expect("embeddings");
  ready.expect("spymaster");
  ready.expect("judge");
  ready.expect("judge");  // named once
  auto loading = ready.snapshot();
  CHECK_FALSE(loading.ready);
  CHECK(loading.waiting == std::vector<std::string>{"embeddings", "spymaster", "judge"});
  json_probe first(readiness::to_json(loading));
  CHECK(first.str("/status") == "loading");
  CHECK(first.str("/waiting/0") == "embeddings");
  CHECK(first.at("/unavailable").get_array().size() == 0);

  ready.loaded("judge");
  ready.unavailable("embeddings", "no word vectors");
  auto still = ready.snapshot();
  CHECK_FALSE(still.ready);
  CHECK(still.waiting == std::vector<std::string>{"spymaster"});

  std::thread loader([&] { ready.loaded("spymaster"); });
  loader.join();
  auto done = ready.snapshot();
  CHECK(done.ready);
  CHECK(done.waiting.empty());
  REQUIRE(done.unavailable.size() == 1);
  json_probe last(readiness::to_json(done));
  CHECK(last.str("/status") == "ready");
  CHECK(last.str("/unavailable/0/part") == "embeddings");
  CHECK(last.str("/unavailable/0/reason") == "no word vectors");
}
