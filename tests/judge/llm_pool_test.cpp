// The LLM pool against a real (fake) Mistral server: retries, Retry-After, FIFO order, the
// concurrency limit and the failure flow.
#include <catch2/catch.hpp>

#include <future>
#include <set>

#include "models/judge/llm_pool.hpp"
#include "tests/judge/fake_mistral.hpp"

using namespace wordhall;
using namespace wordhall::judge;
using namespace wordhall::judge::test;

namespace {

using clock_type = std::chrono::steady_clock;
using ratings = result<std::vector<word_rating>>;

llm_config fast_config(const fake_mistral& server) {
  llm_config c;
  c.base_url = server.base_url();
  c.api_key = "test-key";
  c.model = "mistral-large-latest";
  c.concurrency = 1;
  c.backoff = 20ms;
  c.request_timeout = 5000ms;
  return c;
}

// Submits one request and waits for its answer.
ratings rate(llm_pool& pool, std::vector<std::string> words) {
  std::promise<ratings> answer;
  auto done = answer.get_future();
  pool.submit(std::move(words), [&](ratings r) { answer.set_value(std::move(r)); });
  REQUIRE(done.wait_for(20s) == std::future_status::ready);
  return done.get();
}

std::function<std::string(const std::vector<std::string>&)> body(std::string text) {
  return [text](const std::vector<std::string>&) { return text; };
}

step status(int code, std::vector<std::pair<std::string, std::string>> headers = {}) {
  return step{0ms, code, std::move(headers), body(R"({"message":"no"})")};
}

step content(std::function<std::string(const std::vector<std::string>&)> make) {
  return step{0ms, 200, {}, [make](const std::vector<std::string>& w) { return chat_reply(make(w)); }};
}

}  // namespace

TEST_CASE("the pool rates words with one request and sends the key", "[judge][llm]") {
  fake_mistral server;
  llm_pool pool(fast_config(server));
  auto rated = rate(pool, {"HAUS", "QUARK"});
  REQUIRE(rated.ok());
  REQUIRE(rated->size() == 2);
  CHECK((*rated)[0].word == "HAUS");
  CHECK((*rated)[0].score == fake_score("HAUS"));
  CHECK((*rated)[1].score == fake_score("QUARK"));
  CHECK(server.request_count() == 1);
  CHECK(server.authorizations() == std::vector<std::string>{"Bearer test-key"});
  auto s = pool.stats();
  CHECK(s.completed == 1);
  CHECK(s.failed == 0);
  CHECK(s.attempts == 1);
}

TEST_CASE("a slow reply is waited for", "[judge][llm]") {
  fake_mistral server;
  server.script({delayed(400ms)});
  llm_pool pool(fast_config(server));
  auto started = clock_type::now();
  auto rated = rate(pool, {"LANGSAM"});
  REQUIRE(rated.ok());
  CHECK(clock_type::now() - started >= 400ms);
  CHECK(server.request_count() == 1);
}

TEST_CASE("429 waits for Retry-After, then retries", "[judge][llm]") {
  fake_mistral server;
  server.script({status(429, {{"Retry-After", "1"}})});
  llm_pool pool(fast_config(server));  // backoff 20 ms: only the header explains a 1 s wait
  auto started = clock_type::now();
  auto rated = rate(pool, {"GEDULD"});
  REQUIRE(rated.ok());
  CHECK(clock_type::now() - started >= 1000ms);
  CHECK(server.request_count() == 2);
  CHECK(pool.stats().attempts == 2);
}

TEST_CASE("Retry-After is capped, and 429 without it backs off", "[judge][llm]") {
  fake_mistral server;
  server.script({status(429, {{"Retry-After", "3600"}}), status(429)});
  auto config = fast_config(server);
  config.max_retry_after = 100ms;
  llm_pool pool(config);
  auto started = clock_type::now();
  auto rated = rate(pool, {"EILE"});
  REQUIRE(rated.ok());
  CHECK(clock_type::now() - started < 2000ms);
  CHECK(server.request_count() == 3);
}

TEST_CASE("500, then success: retried", "[judge][llm]") {
  fake_mistral server;
  server.script({status(500), status(503)});
  llm_pool pool(fast_config(server));
  auto rated = rate(pool, {"WIEDER"});
  REQUIRE(rated.ok());
  CHECK((*rated)[0].score == fake_score("WIEDER"));
  CHECK(server.request_count() == 3);
  CHECK(pool.stats().attempts == 3);
  CHECK(pool.stats().completed == 1);
}

TEST_CASE("invalid replies are retried like server errors", "[judge][llm]") {
  fake_mistral server;
  server.script({
      step{0ms, 200, {}, body("{\"choices\": [")},                      // malformed JSON
      content([](auto&) { return std::string("Das ist kein JSON"); }),  // content not JSON
  });
  llm_pool pool(fast_config(server));
  auto rated = rate(pool, {"GUT"});
  REQUIRE(rated.ok());
  CHECK(server.request_count() == 3);

  server.script({content([](auto&) { return evaluations({"FALSCH"}, fake_score); })});
  rated = rate(pool, {"RICHTIG"});
  REQUIRE(rated.ok());  // the second attempt got the right word
  CHECK((*rated)[0].word == "RICHTIG");
}

TEST_CASE("every attempt failing ends in an error naming the cause", "[judge][llm]") {
  struct failing {
    std::string name;
    step reply;
    std::string code, message;
  };
  const std::vector<failing> cases = {
      {"HTTP 500", status(500), "llm_http_error", "HTTP 500 after 3 attempts"},
      {"malformed JSON", step{0ms, 200, {}, body("{oops")}, "llm_bad_reply", "after 3 attempts"},
      {"wrong words", content([](auto&) { return evaluations({"ANDERS"}, fake_score); }),
       "llm_wrong_words", "after 3 attempts"},
      {"out of range", content([](auto& w) { return evaluations(w, [](auto&) { return 101; }); }),
       "llm_score_out_of_range", "after 3 attempts"},
  };
  for (auto& c : cases) {
    INFO(c.name);
    fake_mistral server;
    server.script({c.reply, c.reply, c.reply, c.reply});
    llm_pool pool(fast_config(server));
    auto rated = rate(pool, {"PECH"});
    REQUIRE_FALSE(rated.ok());
    CHECK(rated.err().code == c.code);
    CHECK(rated.err().message.find(c.message) != std::string::npos);
    CHECK(server.request_count() == 3);
    CHECK(pool.stats().failed == 1);
  }
}

TEST_CASE("a 4xx other than 429 fails at once", "[judge][llm]") {
  fake_mistral server;
  server.script({status(401)});
  llm_pool pool(fast_config(server));
  auto rated = rate(pool, {"SCHLÜSSEL"});
  REQUIRE_FALSE(rated.ok());
  CHECK(rated.err().code == "llm_rejected");
  CHECK(rated.err().message.find("401") != std::string::npos);
  CHECK(server.request_count() == 1);
}

TEST_CASE("an unreachable server fails after its attempts, with backoff between", "[judge][llm]") {
  llm_config config;
  {
    fake_mistral gone;
    config = fast_config(gone);
  }
  config.backoff = 100ms;
  llm_pool pool(config);
  auto started = clock_type::now();
  auto rated = rate(pool, {"FERNE"});
  REQUIRE_FALSE(rated.ok());
  CHECK(rated.err().code == "llm_unreachable");
  CHECK(rated.err().message.find("after 3 attempts") != std::string::npos);
  CHECK(clock_type::now() - started >= 300ms);  // 100 ms, then 200 ms
  CHECK(pool.stats().attempts == 3);
}

TEST_CASE("requests start in the order they were submitted", "[judge][llm]") {
  fake_mistral server;
  server.default_delay(30ms);
  llm_pool pool(fast_config(server));  // one worker
  const std::vector<std::string> words = {"EINS", "ZWEI", "DREI", "VIER", "FÜNF", "SECHS"};
  std::mutex mutex;
  std::vector<std::string> answered;
  std::promise<void> all_done;
  for (auto& w : words) {
    pool.submit({w}, [&, w](ratings r) {
      std::lock_guard lock{mutex};
      answered.push_back(r.ok() ? w : "failed");
      if (answered.size() == words.size()) all_done.set_value();
    });
  }
  REQUIRE(all_done.get_future().wait_for(10s) == std::future_status::ready);
  std::vector<std::string> arrived;
  for (auto& r : server.requests()) arrived.push_back(r.at(0));
  CHECK(arrived == words);
  CHECK(answered == words);
  CHECK(server.max_in_flight() == 1);
}

TEST_CASE("never more than `concurrency` requests in flight", "[judge][llm]") {
  fake_mistral server;
  server.default_delay(150ms);
  auto config = fast_config(server);
  config.concurrency = 2;
  llm_pool pool(config);
  std::atomic<int> done{0}, succeeded{0};
  std::promise<void> all_done;
  auto started = clock_type::now();
  for (int i = 0; i < 6; ++i) {
    pool.submit({"WORT" + std::to_string(i)}, [&](ratings r) {  // Catch2 checks are not thread-safe
      if (r.ok()) ++succeeded;
      if (++done == 6) all_done.set_value();
    });
  }
  CHECK(pool.stats().queued >= 3);  // two taken at most, the rest wait
  REQUIRE(all_done.get_future().wait_for(10s) == std::future_status::ready);
  CHECK(succeeded == 6);
  CHECK(server.max_in_flight() == 2);
  CHECK(pool.stats().max_in_flight == 2);
  CHECK(pool.stats().completed == 6);
  CHECK(clock_type::now() - started >= 450ms);  // three rounds of two
  // FIFO across two workers: the first two requests arrive first.
  auto arrived = server.requests();
  std::set<std::string> first_two = {arrived.at(0).at(0), arrived.at(1).at(0)};
  CHECK(first_two == std::set<std::string>{"WORT0", "WORT1"});
}

TEST_CASE("destroying the pool fails what is queued or in flight, promptly", "[judge][llm]") {
  fake_mistral server;
  server.default_delay(5000ms);
  std::mutex mutex;
  std::vector<std::string> codes;
  auto started = clock_type::now();
  {
    llm_pool pool(fast_config(server));
    for (int i = 0; i < 3; ++i) {
      pool.submit({"HALT"}, [&](ratings r) {
        std::lock_guard lock{mutex};
        codes.push_back(r.ok() ? "ok" : r.err().code);
      });
    }
    REQUIRE(eventually([&] { return server.request_count() == 1; }));
  }
  CHECK(clock_type::now() - started < 3000ms);
  CHECK(codes == std::vector<std::string>(3, "llm_shutdown"));
}
