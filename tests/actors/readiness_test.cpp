#include "actors/readiness.hpp"
#include "actors/storage_watch.hpp"

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

TEST_CASE("readiness: a blocked part holds readiness back with its reason until loaded again",
          "[actors][readiness]") {
  readiness ready;
  ready.loaded("storage");
  ready.loaded("judge");
  CHECK(ready.snapshot().ready);

  ready.blocked("storage", "the disk is full");
  auto blocked = ready.snapshot();
  CHECK_FALSE(blocked.ready);
  CHECK(blocked.waiting == std::vector<std::string>{"storage"});
  json_probe why(readiness::to_json(blocked));
  CHECK(why.str("/status") == "blocked");
  CHECK(why.str("/waiting/0") == "storage");
  CHECK(why.str("/blocked/0/part") == "storage");
  CHECK(why.str("/blocked/0/reason") == "the disk is full");

  ready.loaded("storage");
  auto again = ready.snapshot();
  CHECK(again.ready);
  json_probe fine(readiness::to_json(again));
  CHECK(fine.str("/status") == "ready");
  CHECK(fine.at("/blocked").get_array().size() == 0);
}

TEST_CASE("storage_blocked_reason tells a full disk from other write failures",
          "[actors][readiness]") {
  auto full = storage_blocked_reason(
      storage::status::resource_exhausted("write batch: IO error: No space left on device"),
      "/srv/wordhall/journal");
  CHECK(full.find("the disk holding /srv/wordhall/journal is full") != std::string::npos);
  CHECK(full.find("storage_full") != std::string::npos);
  CHECK(full.find("No space left") != std::string::npos);
  auto other = storage_blocked_reason(storage::status::unavailable("fsync: Input/output error"),
                                      "/srv/wordhall/journal");
  CHECK(other.find("cannot be written") != std::string::npos);
  CHECK(other.find("Input/output error") != std::string::npos);
}
