// The cluster's LLM slots (actors/cluster_llm_slots.hpp) on a real nats-server: at most `count`
// holders across processes' handles, a slot given back or left by a dead holder is taken again,
// and two judges' pools sharing them never have more POSTs in flight than there are slots.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <set>
#include <thread>

#include "actors/cluster_llm_slots.hpp"
#include "tests/judge/fake_mistral.hpp"
#include "tests/support/nats_server_process.hpp"

using namespace wordhall;
using namespace std::chrono_literals;
using wordhall::testing::nats_fixture;

namespace {

using clock_type = std::chrono::steady_clock;

std::shared_ptr<cluster_llm_slots> slots_for(const nats_fixture& nats, const std::string& holder,
                                             int count, std::chrono::milliseconds ttl) {
  cluster_llm_slots::options opts;
  opts.url = nats.server.url();
  opts.count = count;
  opts.ttl = ttl;
  opts.poll = 20ms;
  opts.holder = holder;
  std::shared_ptr<cluster_llm_slots> slots;
  auto opened = cluster_llm_slots::open(opts, &slots);
  if (!opened.ok()) throw std::runtime_error("open slots: " + opened.to_string());
  return slots;
}

}  // namespace

TEST_CASE("cluster LLM slots: no more holders than slots across nodes, freed by leave or expiry",
          "[cluster][llm]") {
  nats_fixture nats;
  auto a = slots_for(nats, "node-a", 2, 3000ms);
  auto b = slots_for(nats, "node-b", 2, 3000ms);
  std::atomic<bool> no_stop{false};
  auto first = a->enter(no_stop);
  auto second = b->enter(no_stop);
  REQUIRE(first);
  REQUIRE(second);
  CHECK(*first != *second);

  // A third waits while both are held, and gets the one node-b gives back.
  auto third = std::async(std::launch::async, [&] { return a->enter(no_stop); });
  CHECK(third.wait_for(400ms) == std::future_status::timeout);
  b->leave(*second);
  REQUIRE(third.wait_for(5s) == std::future_status::ready);
  auto taken = third.get();
  REQUIRE(taken);
  CHECK(*taken == *second);

  // Asked to stop while waiting, enter gives up without a slot.
  std::atomic<bool> stop{false};
  auto given_up = std::async(std::launch::async, [&] { return a->enter(stop); });
  CHECK(given_up.wait_for(200ms) == std::future_status::timeout);
  stop = true;
  REQUIRE(given_up.wait_for(2s) == std::future_status::ready);
  CHECK_FALSE(given_up.get());

  // Nobody gives a slot back (their holder died): the next holder waits until they expire.
  const auto asked = clock_type::now();
  auto fourth = b->enter(no_stop);
  const auto waited = clock_type::now() - asked;
  REQUIRE(fourth);
  CHECK(waited >= 1s);
  CHECK(waited < 10s);

  cluster_llm_slots::options bad;
  bad.url = nats.server.url();
  bad.count = 0;
  bad.holder = "node-c";
  std::shared_ptr<cluster_llm_slots> none;
  CHECK(cluster_llm_slots::open(bad, &none).code() == storage::status_code::invalid_argument);
}

TEST_CASE("cluster LLM slots: two nodes' judges keep the cluster's limit together",
          "[cluster][llm]") {
  nats_fixture nats;
  judge::test::fake_mistral server;
  server.default_delay(150ms);
  std::vector<std::unique_ptr<judge::llm_pool>> pools;
  for (const char* node : {"node-a", "node-b"}) {
    judge::llm_config config;
    config.base_url = server.base_url();
    config.api_key = "test-key";
    config.concurrency = 3;  // each node alone would send three at once
    config.backoff = 20ms;
    config.request_timeout = 5000ms;
    config.slots = slots_for(nats, node, 2, 60000ms);
    pools.push_back(std::make_unique<judge::llm_pool>(config));
  }
  constexpr int per_pool = 6;
  std::atomic<int> answered{0}, rated{0};
  std::promise<void> all_answered;
  for (auto& pool : pools) {
    for (int i = 0; i < per_pool; ++i) {
      pool->submit({"HAUS" + std::string(size_t(i), 'E')}, [&](result<std::vector<judge::word_rating>> r) {
        if (r) ++rated;
        if (++answered == 2 * per_pool) all_answered.set_value();
      });
    }
  }
  REQUIRE(all_answered.get_future().wait_for(30s) == std::future_status::ready);
  CHECK(rated == 2 * per_pool);
  CHECK(server.request_count() == 2 * per_pool);
  // Twelve requests against six workers: the slots, not the workers, are what held them back.
  CHECK(server.max_in_flight() == 2);
  for (auto& pool : pools) CHECK(pool->stats().max_in_flight == 3);
}
