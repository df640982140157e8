// vectorcards_search: closing rounds' searches go before waiting presearches, and each turn of
// the lane answers every waiting search of its kind.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "actors/vectorcards_search.hpp"
#include "events/vectorcards/resolution.hpp"
#include "tests/vectorcards/word_fixture.hpp"

using namespace wordhall;
using namespace std::chrono_literals;

namespace {

std::string search_of(const std::string& player) {
  return R"({"round":1,"start":"apple","target":"cider","full_vocabulary":false,"moves":[{"player":")" +
         player + R"(","public_token":"juice","public_sign":"+","private_token":"stone",)"
                  R"("private_sign":"-","similarity":0.5,"search":true,"exclude":["apple","cider"]}]})";
}

// What came back, in order, each as "name:ok" or "name:error code".
struct answers {
  std::mutex mu;
  std::condition_variable changed;
  std::vector<std::string> got;
  bool hold_first = false;  // the first answer blocks the lane until released
  bool released = false;

  effect_done for_(std::string name) {
    return [this, name](effect_outcome out) {
      std::unique_lock lock(mu);
      got.push_back(name + ":" + (out.ok ? "ok" : out.error_code));
      changed.notify_all();
      if (got.size() == 1 && hold_first) changed.wait(lock, [&] { return released; });
    };
  }
  bool wait_for(size_t n) {
    std::unique_lock lock(mu);
    return changed.wait_for(lock, 10s, [&] { return got.size() >= n; });
  }
};

}  // namespace

TEST_CASE("closing rounds' searches go first; each kind is answered in one turn",
          "[actors][effects]") {
  auto slot = std::make_shared<vectorcards::word_space_slot>();
  slot->set(vectorcards::testing::fixture_words());
  answers a;
  a.hold_first = true;
  {
    vectorcards_search_effects runner(slot);
    runner.run(vectorcards::search_service, search_of("p1"), a.for_("first"));
    REQUIRE(a.wait_for(1));  // the lane is now held inside the first search's answer
    runner.run(vectorcards::presearch_service, search_of("p2"), a.for_("pre1"));
    runner.run(vectorcards::presearch_service, search_of("p3"), a.for_("pre2"));
    runner.run(vectorcards::search_service, search_of("p4"), a.for_("round1"));
    runner.run(vectorcards::search_service, "not json", a.for_("round2"));
    runner.run("vectorcards.other", "{}", a.for_("other"));
    {
      std::lock_guard lock(a.mu);
      CHECK(a.got == std::vector<std::string>{"first:ok", "other:unknown_effect"});
      a.released = true;
    }
    a.changed.notify_all();
    REQUIRE(a.wait_for(6));
  }
  CHECK(a.got == std::vector<std::string>{"first:ok", "other:unknown_effect", "round1:ok",
                                          "round2:bad_effect_payload", "pre1:ok", "pre2:ok"});

  // Searching ahead is for a quiet server: a burst of presearches beyond the bucket (20) is
  // refused at once, and says why; rounds' own searches never are.
  answers burst;
  burst.hold_first = true;
  {
    vectorcards_search_effects runner(slot);
    runner.run(vectorcards::search_service, search_of("p1"), burst.for_("first"));
    REQUIRE(burst.wait_for(1));
    for (int i = 0; i < 25; ++i)
      runner.run(vectorcards::presearch_service, search_of("p2"), burst.for_("pre"));
    runner.run(vectorcards::search_service, search_of("p3"), burst.for_("round"));
    {
      std::lock_guard lock(burst.mu);
      auto busy = std::count(burst.got.begin(), burst.got.end(), "pre:busy");
      CHECK(busy >= 4);  // 25 asked, 20 in the bucket, at most one more refilled meanwhile
      CHECK(busy <= 5);
      burst.released = true;
    }
    burst.changed.notify_all();
    REQUIRE(burst.wait_for(27));
  }
  CHECK(std::count(burst.got.begin(), burst.got.end(), "round:ok") == 1);
  CHECK(std::count(burst.got.begin(), burst.got.end(), "pre:ok") +
            std::count(burst.got.begin(), burst.got.end(), "pre:busy") == 25);

  // Without vectors every search fails, and says why.
  answers none;
  {
    vectorcards_search_effects runner(std::make_shared<vectorcards::word_space_slot>());
    runner.run(vectorcards::presearch_service, search_of("p1"), none.for_("pre"));
    REQUIRE(none.wait_for(1));
  }
  CHECK(none.got == std::vector<std::string>{"pre:embeddings_unavailable"});
}
