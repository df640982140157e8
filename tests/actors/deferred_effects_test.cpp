// deferred_effects: effects wait until the real runner is ready, then all reach it; none is lost.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "actors/deferred_effects.hpp"

using namespace wordhall;

namespace {

// Answers every effect at once with its payload as the result, and remembers what it ran.
class echo_runner : public effect_runner {
 public:
  explicit echo_runner(std::vector<std::string>* ran) : ran_(ran) {}
  void run(const std::string& service, const std::string& payload, effect_done done) override {
    ran_->push_back(service + ":" + payload);
    done(effect_outcome{true, payload, "", ""});
  }

 private:
  std::vector<std::string>* ran_;
};

}  // namespace

TEST_CASE("deferred effects wait for their runner, then go to it", "[actors][effects]") {
  deferred_effects deferred;
  std::vector<std::string> ran, answered;
  auto done = [&](effect_outcome out) { answered.push_back(out.result); };
  deferred.run("codenames.clue", R"({"a":1})", done);
  deferred.run("codenames.clue", R"({"b":2})", done);
  CHECK_FALSE(deferred.is_ready());
  CHECK(ran.empty());
  CHECK(answered.empty());

  deferred.ready(std::make_unique<echo_runner>(&ran));
  CHECK(deferred.is_ready());
  CHECK(ran == std::vector<std::string>{R"(codenames.clue:{"a":1})", R"(codenames.clue:{"b":2})"});
  CHECK(answered == std::vector<std::string>{R"({"a":1})", R"({"b":2})"});

  deferred.run("codenames.clue", R"({"c":3})", done);
  CHECK(answered.back() == R"({"c":3})");
  // A second runner is ignored: the first stays.
  std::vector<std::string> other;
  deferred.ready(std::make_unique<echo_runner>(&other));
  deferred.run("codenames.clue", "{}", done);
  CHECK(other.empty());
  CHECK(ran.size() == 4);
}
