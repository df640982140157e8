// The model worker through the effect runner the match actors use: a real (baseline) spymaster
// on a board laid out in a plane, batching of queued requests, a spymaster that fails, bad
// payloads, no spymaster loaded, a stop with requests open, and the effect router.
#include <catch2/catch.hpp>

#include <atomic>
#include <future>
#include <stdexcept>
#include <thread>

#include "actors/actor_system_setup.hpp"
#include "actors/effect_router.hpp"
#include "actors/spymaster_service.hpp"
#include "events/json_read.hpp"
#include "models/codenames/baseline_spymaster.hpp"
#include "tests/actors/effect_calls.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall;
using namespace std::chrono_literals;
using wordhall::testing::run_effect;
using wordhall::testing::start_effect;

namespace {

struct test_system {
  explicit test_system(size_t threads) {
    configure_actor_system(cfg, threads);
    actors = std::make_unique<caf::actor_system>(cfg);
  }
  caf::actor_system& system() { return *actors; }
  caf::actor_system_config cfg;
  std::unique_ptr<caf::actor_system> actors;
};

// team apple 0°, banana 36°, cherry 80°; enemy stone 180°; assassin knife -100°. With tau = 1
// the baseline says "fruit" (40°) for all three (see tests/codenames/baseline_spymaster_test).
std::shared_ptr<const codenames::spymaster> fruit_baseline() {
  auto vectors = codenames::testing::words_at_angles(
      {{"apple", 0}, {"banana", 36}, {"cherry", 80}, {"stone", 180}, {"knife", -100},
       {"juice", 0}, {"red", 18}, {"fruit", 40}, {"tart", 62}});
  auto space = std::make_shared<codenames::clue_space>(
      vectors, std::vector<std::string>{"juice", "red", "fruit", "tart"}, models::blocklist::parse(""));
  return std::make_shared<codenames::baseline_spymaster>(space);
}

const char* fruit_board =
    R"({"team":["apple","banana","cherry"],"enemy":["stone"],"civilians":[],"assassin":"knife","given":[]})";

// Wraps a real spymaster: the first give_clues call says it has begun (`wait_entered`) and waits
// for `open` (so that requests queue behind it); any call throws while `broken` is set.
class gated_spymaster final : public codenames::spymaster {
 public:
  explicit gated_spymaster(std::shared_ptr<const codenames::spymaster> inner)
      : inner_(std::move(inner)), open_(gate_.get_future().share()) {}

  std::string name() const override { return inner_->name(); }
  result<codenames::clue> give_clue(const codenames::board_view& b) const override {
    return inner_->give_clue(b);
  }
  std::vector<result<codenames::clue>> give_clues(
      const std::vector<codenames::board_view>& boards) const override {
    if (calls_++ == 0) {
      entered_.set_value();
      open_.wait();
    }
    if (broken) throw std::runtime_error("out of device memory");
    return inner_->give_clues(boards);
  }

  void open() { gate_.set_value(); }
  void wait_entered() { REQUIRE(entered_future_.wait_for(10s) == std::future_status::ready); }
  std::atomic<bool> broken{false};

 private:
  std::shared_ptr<const codenames::spymaster> inner_;
  std::promise<void> gate_;
  std::shared_future<void> open_;
  mutable std::promise<void> entered_;
  std::future<void> entered_future_ = entered_.get_future();
  mutable std::atomic<int> calls_{0};
};

}  // namespace

TEST_CASE("spymaster service: a clue through the effect runner", "[actors][spymaster]") {
  test_system holder(1);
  auto effects = make_spymaster_effects(holder.system(), fruit_baseline());
  auto out = run_effect(*effects, spymaster_effects::clue_service, fruit_board);
  REQUIRE(out.ok);
  auto doc = json_document::parse(out.result);
  REQUIRE(doc.ok());
  auto root = doc->root();
  CHECK(root["clue"].get_string().value() == "fruit");
  CHECK(root["number"].get_int64().value() == 3);
  CHECK(root["spymaster"].get_string().value() == "baseline");
  std::vector<std::string> targets;
  for (auto t : array_of(root["targets"].value()))
    targets.emplace_back(t.get_string().value());
  CHECK(targets == std::vector<std::string>{"apple", "banana", "cherry"});
  CHECK(effects->stats().clues == 1);
}

TEST_CASE("spymaster service: requests that queue together are one batch",
          "[actors][spymaster]") {
  test_system holder(2);
  auto gated = std::make_shared<gated_spymaster>(fruit_baseline());
  auto effects = make_spymaster_effects(holder.system(), std::shared_ptr<const codenames::spymaster>(gated));
  auto first = start_effect(*effects, spymaster_effects::clue_service, fruit_board);
  gated->wait_entered();  // the worker is held inside its first batch; five more queue behind

  std::vector<std::future<effect_outcome>> queued;
  for (int i = 0; i < 5; ++i)
    queued.push_back(start_effect(*effects, spymaster_effects::clue_service, fruit_board));
  std::this_thread::sleep_for(200ms);
  gated->open();
  REQUIRE(first.wait_for(10s) == std::future_status::ready);
  CHECK(first.get().ok);
  for (auto& q : queued) {
    REQUIRE(q.wait_for(10s) == std::future_status::ready);
    CHECK(q.get().ok);
  }
  auto stats = effects->stats();
  CHECK(stats.clues == 6);
  CHECK(stats.batches == 2);
  CHECK(stats.largest_batch == 5);
}

TEST_CASE("spymaster service: a model failure fails its requests, not the service",
          "[actors][spymaster]") {
  test_system holder(1);
  auto gated = std::make_shared<gated_spymaster>(fruit_baseline());
  gated->open();
  auto effects = make_spymaster_effects(holder.system(), std::shared_ptr<const codenames::spymaster>(gated));
  gated->broken = true;
  auto out = run_effect(*effects, spymaster_effects::clue_service, fruit_board);
  CHECK_FALSE(out.ok);
  CHECK(out.error_code == "spymaster_failed");
  CHECK(out.error_message.find("out of device memory") != std::string::npos);
  gated->broken = false;
  CHECK(run_effect(*effects, spymaster_effects::clue_service, fruit_board).ok);
}

TEST_CASE("spymaster service: the spymaster's own errors and bad payloads",
          "[actors][spymaster]") {
  test_system holder(1);
  auto effects = make_spymaster_effects(holder.system(), fruit_baseline());
  auto unknown_word = run_effect(
      *effects, spymaster_effects::clue_service,
      R"({"team":["apple","zzyzx"],"enemy":["stone"],"assassin":"knife"})");
  CHECK(unknown_word.error_code == "word_not_in_vocabulary");
  CHECK(run_effect(*effects, spymaster_effects::clue_service, "not json").error_code ==
        "bad_effect_payload");
  CHECK(run_effect(*effects, spymaster_effects::clue_service, R"({"team":[]})").error_code ==
        "bad_effect_payload");
  CHECK(run_effect(*effects, "wortkunst.rate", fruit_board).error_code == "unknown_effect");
}

TEST_CASE("spymaster service: without a spymaster every clue says why", "[actors][spymaster]") {
  test_system holder(1);
  auto effects = make_spymaster_effects(
      holder.system(), make_error("io_error", "data/models/spymaster-learned.whsm is missing"));
  auto out = run_effect(*effects, spymaster_effects::clue_service, fruit_board);
  CHECK(out.error_code == "spymaster_unavailable");
  CHECK(out.error_message.find("spymaster-learned.whsm is missing") != std::string::npos);
}

TEST_CASE("spymaster service: a stop answers the open requests", "[actors][spymaster]") {
  test_system holder(2);
  auto gated = std::make_shared<gated_spymaster>(fruit_baseline());
  auto effects = make_spymaster_effects(holder.system(), std::shared_ptr<const codenames::spymaster>(gated));
  auto held = start_effect(*effects, spymaster_effects::clue_service, fruit_board);
  gated->wait_entered();
  auto waiting = start_effect(*effects, spymaster_effects::clue_service, fruit_board);
  std::this_thread::sleep_for(100ms);
  effects.reset();  // sends the worker its exit message, which waits behind the held batch
  gated->open();
  REQUIRE(held.wait_for(10s) == std::future_status::ready);
  CHECK(held.get().ok);
  REQUIRE(waiting.wait_for(10s) == std::future_status::ready);
  CHECK(waiting.get().error_code == "spymaster_unavailable");
}

TEST_CASE("effect router: each service to its runner", "[actors][effects]") {
  test_system holder(1);
  auto spymaster = make_spymaster_effects(holder.system(), fruit_baseline());
  effect_router router;
  router.route(spymaster_effects::clue_service, spymaster.get());
  CHECK(run_effect(router, spymaster_effects::clue_service, fruit_board).ok);
  auto other = run_effect(router, "wortkunst.rate", R"({"words":["HAUS"]})");
  CHECK(other.error_code == "unknown_effect");
  CHECK(other.error_message.find("wortkunst.rate") != std::string::npos);
}
