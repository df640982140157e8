// Effects through the real shell and the real Wortkunst game: a placed move asks the judge (here
// a scripted runner standing in for the LLM pool at the process edge), the outcome comes back as
// a platform command, and a rating still pending when the server stops is asked again after it
// starts.
#include <catch2/catch.hpp>

#include <condition_variable>
#include <mutex>

#include "events/json_read.hpp"
#include "platform_harness.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall;
using namespace wordhall::testing;

namespace {

// Records every effect and lets the test answer it.
class scripted_runner final : public effect_runner {
 public:
  struct call {
    std::string service;
    std::string payload;
    effect_done done;
  };

  void run(const std::string& service, const std::string& payload, effect_done done) override {
    std::lock_guard<std::mutex> lock(mu_);
    calls_.push_back({service, payload, std::move(done)});
    changed_.notify_all();
  }

  // Waits until `n` effects were started; returns the n-th (1-based).
  call wait_for(size_t n) {
    std::unique_lock<std::mutex> lock(mu_);
    bool arrived = changed_.wait_for(lock, std::chrono::seconds(10), [&] { return calls_.size() >= n; });
    if (!arrived) throw std::runtime_error("no effect started");
    return calls_[n - 1];
  }

  size_t count() {
    std::lock_guard<std::mutex> lock(mu_);
    return calls_.size();
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  std::vector<call> calls_;
};

struct seats {
  std::string id;
  std::string host;
};

std::string field_of(const std::string& json, const char* pointer) {
  auto doc = json_document::parse(json);
  if (!doc) return "";
  std::string_view v;
  if (doc->root().at_pointer(pointer).get(v)) return "";
  return std::string(v);
}

// A solo game, started; returns its id and the host's token.
seats solo_game(platform_harness& h) {
  auto [id, created] = h.create("wortkunst", R"({"type":"create","playerCount":1})");
  REQUIRE(created.ok);
  std::string host = field_of(created.reply, "/seats/0/token");
  REQUIRE(host.size() == 22);
  REQUIRE(h.command(id, host, R"({"type":"join","name":"Anna"})").ok);
  REQUIRE(h.command(id, host, R"({"type":"start"})").ok);
  return {id, host};
}

// Places the first two rack tiles on H8 and I8 (a blank stands for E).
command_outcome place_two(platform_harness& h, const seats& g) {
  auto view = h.command(g.id, g.host, R"({"type":"view"})");
  REQUIRE(view.ok);
  std::string tiles;
  for (int i = 0; i < 2; ++i) {
    std::string letter = field_of(view.reply, i == 0 ? "/rack/0" : "/rack/1");
    bool blank = letter == "?";
    if (!tiles.empty()) tiles += ",";
    tiles += std::string(R"({"square":")") + (i == 0 ? "H8" : "I8") + R"(","letter":")" +
             (blank ? "E" : letter) + R"(","blank":)" + (blank ? "true" : "false") + "}";
  }
  return h.command(g.id, g.host, R"({"type":"place","tiles":[)" + tiles + "]}");
}

std::string rating_result(const std::string& word, int score) {
  return R"({"judge":"offline","evaluations":[{"word":")" + word + R"(","score":)" +
         std::to_string(score) + R"(,"explanation":"Kurz und klar."}]})";
}

// Polls the live state until `pointer` reads `expected` (effects come back asynchronously).
bool eventually(platform_harness& h, const seats& g, const char* pointer, const std::string& expected) {
  for (int i = 0; i < 200; ++i) {
    auto view = h.command(g.id, g.host, R"({"type":"view"})");
    if (field_of(view.reply, pointer) == expected) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace

TEST_CASE("a placed move is rated through an effect; a failed rating waits for a retry",
          "[actors][effects]") {
  temp_dir dir;
  scripted_runner judge;
  platform_harness h(dir.path());
  h.use_effects(&judge);
  auto g = solo_game(h);
  REQUIRE(place_two(h, g).ok);

  auto first = judge.wait_for(1);
  CHECK(first.service == "wortkunst.rate");
  std::string word = field_of(first.payload, "/words/0");
  REQUIRE(word.size() >= 2);

  first.done(effect_outcome{false, "{}", "judge_failed", "HTTP 500 after 3 attempts"});
  REQUIRE(eventually(h, g, "/pending/status", "failed"));
  CHECK(h.stats().effects_failed == 1);
  CHECK(judge.count() == 1);  // a failed rating is not asked again by itself

  REQUIRE(h.command(g.id, g.host, R"({"type":"retry_rating"})").ok);
  auto second = judge.wait_for(2);
  CHECK(second.payload == first.payload);
  second.done(effect_outcome{true, rating_result(word, 73), "", ""});
  REQUIRE(eventually(h, g, "/moves/0/judge", "offline"));
  auto view = h.command(g.id, g.host, R"({"type":"view"})");
  CHECK(view.reply.find(R"("pending":null)") != std::string::npos);
  CHECK(view.reply.find(R"("score":73)") != std::string::npos);
}

TEST_CASE("a rating pending when the server stops is asked again after it starts",
          "[actors][effects]") {
  temp_dir dir;
  seats g;
  std::string payload;
  {
    scripted_runner never_answers;
    platform_harness h(dir.path());
    h.use_effects(&never_answers);
    g = solo_game(h);
    REQUIRE(place_two(h, g).ok);
    payload = never_answers.wait_for(1).payload;
  }  // the server stops with the rating outstanding

  scripted_runner judge;
  platform_harness h(dir.path());
  h.use_effects(&judge);
  CHECK(h.wake() == 1);  // start-up wakes the match that waits for its rating
  auto again = judge.wait_for(1);
  CHECK(again.payload == payload);
  again.done(effect_outcome{true, rating_result(field_of(payload, "/words/0"), 41), "", ""});
  REQUIRE(eventually(h, g, "/moves/0/judge", "offline"));
  auto view = h.command(g.id, g.host, R"({"type":"view"})");
  CHECK(view.reply.find(R"("score":41)") != std::string::npos);
}

TEST_CASE("views in replies say who is connected", "[actors][presence]") {
  temp_dir dir;
  scripted_runner judge;
  platform_harness h(dir.path());
  h.use_effects(&judge);
  auto g = solo_game(h);
  auto online = [&] {  // Anna's seat, in the reply to her own command
    auto view = h.command(g.id, g.host, R"({"type":"view"})");
    REQUIRE(view.ok);
    return view.reply.find(R"("online":true)") != std::string::npos;
  };
  CHECK_FALSE(online());

  caf::scoped_actor watcher{h.system()};
  auto match = h.lookup(g.id);
  watcher->send(match, subscribe_atom::value, credential_digest(g.host),
                caf::actor_cast<caf::actor>(watcher));
  bool subscribed = false;
  watcher->receive([&](snapshot_atom, const std::string&, uint64_t, const std::string&) {
    subscribed = true;
  });
  REQUIRE(subscribed);
  CHECK(online());

  watcher->send(match, unsubscribe_atom::value, caf::actor_cast<caf::actor>(watcher));
  CHECK_FALSE(online());
}
