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

namespace {

// Holds every effect unanswered until answer_all: an effect still running when its runner is
// replaced.
class holding_runner : public effect_runner {
 public:
  void run(const std::string&, const std::string& payload, effect_done done) override {
    held_.emplace_back(payload, std::move(done));
  }
  void answer_all() {
    for (auto& [payload, done] : held_) done(effect_outcome{true, "held:" + payload, "", ""});
    held_.clear();
  }

 private:
  std::vector<std::pair<std::string, effect_done>> held_;
};

}  // namespace

TEST_CASE("an upgraded runner takes later effects; the one it replaced still answers its own",
          "[actors][effects]") {
  deferred_effects deferred;
  std::vector<std::string> ran, answered;
  auto done = [&](effect_outcome out) { answered.push_back(out.result); };
  // Upgrading before anything is ready readies it, with the effects that waited.
  deferred.run("codenames.clue", "1", done);
  auto first = std::make_unique<holding_runner>();
  auto* first_runner = first.get();
  deferred.upgrade(std::move(first));
  CHECK(deferred.is_ready());
  deferred.run("codenames.clue", "2", done);
  CHECK(answered.empty());

  deferred.upgrade(std::make_unique<echo_runner>(&ran));
  deferred.run("codenames.clue", "3", done);
  CHECK(ran == std::vector<std::string>{"codenames.clue:3"});
  CHECK(answered == std::vector<std::string>{"3"});
  // The replaced runner is still alive and answers what it was running.
  first_runner->answer_all();
  CHECK(answered == std::vector<std::string>{"3", "held:1", "held:2"});
}
