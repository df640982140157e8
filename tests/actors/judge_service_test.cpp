// The judge service through the effect runner the match actors use: offline ratings, the
// memory, failures, unknown effects, and a clean stop with a request in flight.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <future>

#include "actors/actor_system_setup.hpp"
#include "actors/judge_service.hpp"
#include "events/json_read.hpp"
#include "tests/actors/effect_calls.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall;
using namespace std::chrono_literals;
using wordhall::testing::run_effect;

namespace {

judge::judge_config offline(const wordhall::testing::temp_dir& dir) {
  judge::judge_config c;
  c.ratings_file = dir.path() + "/ratings.jsonl";
  c.german.word_list = dir.path() + "/words.txt";
  std::ofstream(c.german.word_list) << "Haus\nTür\n";
  c.llm.log = [](std::string_view, std::string_view) {};
  return c;
}

// A port that accepts connections (the kernel's backlog) but never answers.
struct silent_port {
  silent_port() {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::listen(fd, 8);
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    port = ntohs(addr.sin_port);
  }
  ~silent_port() { ::close(fd); }
  int fd = -1;
  int port = 0;
};

}  // namespace

TEST_CASE("the judge service rates words offline through the effect runner", "[actors][judge]") {
  wordhall::testing::temp_dir dir;
  caf::actor_system_config cfg;
  configure_actor_system(cfg, 2);
  caf::actor_system system{cfg};
  {
    auto effects = make_judge_effects(system, offline(dir));
    auto out = run_effect(*effects, "wortkunst.rate", R"({"words":["HAUSTÜR","haus","HAUSTÜR"]})");
    REQUIRE(out.ok);
    auto doc = json_document::parse(out.result);
    REQUIRE(doc.ok());
    CHECK(std::string_view(doc->root()["judge"].get_string().value()) == "offline");
    auto evaluations = array_of(doc->root()["evaluations"].value());
    REQUIRE(evaluations.size() == 2);
    CHECK(std::string_view(evaluations.at(0)["word"].get_string().value()) == "HAUSTÜR");
    CHECK(std::string_view(evaluations.at(1)["word"].get_string().value()) == "haus");
    int64_t score = evaluations.at(0)["score"].get_int64().value();
    CHECK(score >= 1);
    CHECK(score <= 100);
    std::string_view why = evaluations.at(0)["explanation"].get_string().value();
    CHECK(why.find("aus Haus und Tür") != std::string_view::npos);

    auto again = run_effect(*effects, "wortkunst.rate", R"({"words":["HAUSTÜR","haus"]})");
    CHECK(again.result == out.result);
    auto stats = effects->stats();
    CHECK(stats.judge == "offline");
    CHECK(stats.remembered == 2);
    CHECK(stats.pool.attempts == 0);

    auto unknown = run_effect(*effects, "wortkunst.draw", "{}");
    CHECK_FALSE(unknown.ok);
    CHECK(unknown.error_code == "unknown_effect");
    for (auto* bad : {"not json", R"({"words":"HAUS"})", R"({"words":[1]})", "{}"}) {
      auto refused = run_effect(*effects, "wortkunst.rate", bad);
      CHECK_FALSE(refused.ok);
      CHECK(refused.error_code == "bad_effect_payload");
    }
    auto empty_word = run_effect(*effects, "wortkunst.rate", R"({"words":[""]})");
    CHECK(empty_word.error_code == "judge_bad_request");
  }  // the runner stops the service; the system can shut down
}

TEST_CASE("a failing model answers the effect with the judge's error", "[actors][judge]") {
  wordhall::testing::temp_dir dir;
  caf::actor_system_config cfg;
  configure_actor_system(cfg, 2);
  caf::actor_system system{cfg};
  auto config = offline(dir);
  config.use_llm = true;
  config.llm.base_url = "http://127.0.0.1:1/v1";  // nothing listens on port 1
  config.llm.max_attempts = 2;
  config.llm.backoff = 10ms;
  auto effects = make_judge_effects(system, config);
  auto out = run_effect(*effects, "wortkunst.rate", R"({"words":["HAUS"]})");
  CHECK_FALSE(out.ok);
  CHECK(out.error_code == "llm_unreachable");
  CHECK(out.error_message.find("after 2 attempts") != std::string::npos);
  auto stats = effects->stats();
  CHECK(stats.judge == "mistral-large-latest");
  CHECK(stats.pool.failed == 1);
  CHECK(stats.remembered == 0);
}

TEST_CASE("stopping the service answers the requests it holds", "[actors][judge]") {
  wordhall::testing::temp_dir dir;
  silent_port silent;
  caf::actor_system_config cfg;
  configure_actor_system(cfg, 2);
  caf::actor_system system{cfg};
  auto config = offline(dir);
  config.use_llm = true;
  config.llm.base_url = "http://127.0.0.1:" + std::to_string(silent.port) + "/v1";
  auto effects = make_judge_effects(system, config);
  std::promise<effect_outcome> answer;
  auto done = answer.get_future();
  effects->run("wortkunst.rate", R"({"words":["WARTEN"]})",
               [&](effect_outcome o) { answer.set_value(std::move(o)); });
  auto started = std::chrono::steady_clock::now();
  while (effects->stats().pool.in_flight == 0 && std::chrono::steady_clock::now() - started < 5s)
    std::this_thread::sleep_for(10ms);
  CHECK(done.wait_for(100ms) == std::future_status::timeout);  // the model never answers
  effects.reset();
  REQUIRE(done.wait_for(5s) == std::future_status::ready);
  auto out = done.get();
  CHECK_FALSE(out.ok);
  CHECK(out.error_code == "llm_shutdown");
}

TEST_CASE("serve's settings and environment make the judge's configuration", "[actors][judge]") {
  settings s;
  s.data_dir = "/srv/wordhall";
  s.llm_concurrency = 3;
  auto none = [](const char*) -> const char* { return nullptr; };
  auto c = judge_config_from_settings(s, none);
  CHECK_FALSE(c.use_llm);
  CHECK(c.ratings_file == "/srv/wordhall/ratings.jsonl");
  CHECK(c.german.word_list == "/usr/share/dict/ngerman");
  CHECK(c.german.scowl_dir == "/usr/share/dict/scowl");  // the judge tells names with SCOWL's lists
  CHECK(c.llm.concurrency == 3);
  s.scowl_dir = "/opt/scowl";
  CHECK(judge_config_from_settings(s, none).german.scowl_dir == "/opt/scowl");
  s.ratings_file = "/tmp/r.jsonl";
  auto keyed = judge_config_from_settings(s, [](const char* name) -> const char* {
    return std::string(name) == "MISTRAL_API_KEY" ? "k" : nullptr;
  });
  CHECK(keyed.use_llm);
  CHECK(keyed.ratings_file == "/tmp/r.jsonl");
  CHECK(keyed.llm.concurrency == 3);
}
