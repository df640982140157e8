// The pass warning: whether the next pass ends the game, and the standings it would leave, as the
// view shows them before anyone passes (turns.hpp pass_would_end, view "pass_ends_game").
#include "tests/wortkunst/game_support.hpp"

#include "events/wortkunst/turns.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;
using namespace wordhall::wortkunst::testing;

namespace {

struct pass_case {
  const char* name;
  int players;
  int pass_rounds;
  int bag_size;  // dealt 7 each from the front: a small bag leaves short racks
  int passes;    // passes made before the question
  bool ends;
  std::vector<int64_t> penalties;  // in turn order, when it ends
};

std::vector<std::string> bag_of(int size) {
  auto all = full_bag();
  return {all.begin(), all.begin() + size};
}

}  // namespace

TEST_CASE("pass warning: whether the next pass ends the game, and each player's penalty",
          "[wortkunst][pass]") {
  const pass_case cases[] = {
      {"two players, no pass yet", 2, 1, 102, 0, false, {}},
      {"two players, one passed", 2, 1, 102, 1, true, {700, 700}},
      {"two players, two rounds, three passed", 2, 2, 102, 3, true, {700, 700}},
      {"two players, two rounds, two passed", 2, 2, 102, 2, false, {}},
      {"solo: the first pass ends it", 1, 1, 102, 0, true, {700}},
      {"three players, two passed", 3, 1, 102, 2, true, {700, 700, 700}},
      {"three players, one passed", 3, 1, 102, 1, false, {}},
      {"short racks cost less", 2, 1, 10, 1, true, {700, 300}},
      {"an empty rack costs nothing", 3, 1, 14, 2, true, {700, 700, 0}},
  };
  for (auto& c : cases) {
    SECTION(c.name) {
      table t;
      t.crafted(c.players, bag_of(c.bag_size), c.pass_rounds);
      for (int i = 0; i < c.passes; ++i)
        REQUIRE(t.run(R"({"type":"pass"})", "seat" + std::to_string(t.st().turn)).ok());
      state before = t.st();
      auto end = pass_would_end(before);
      REQUIRE(end.has_value() == c.ends);
      std::string view = t.view("seat0");
      if (!c.ends) {
        CHECK(field_of(view, "pass_ends_game") == "null");
        REQUIRE(t.run(R"({"type":"pass"})", "seat" + std::to_string(before.turn)).ok());
        CHECK(t.st().status == "playing");
        continue;
      }
      std::vector<int64_t> penalties;
      for (auto& row : end->results) penalties.push_back(row.penalty);
      CHECK(penalties == c.penalties);
      for (auto& row : end->results) {
        CHECK(row.score == -row.penalty);  // nobody has scored yet
        std::string shown = R"({"seat":)" + std::to_string(row.seat) + R"(,"name":"P)" +
                            std::to_string(row.seat) + R"(","tiles":)" +
                            std::to_string(row.rack.size()) + R"(,"penalty":)" +
                            std::to_string(row.penalty) + R"(,"score":)" +
                            std::to_string(row.score) + "}";
        CHECK(contains(field_of(view, "pass_ends_game"), shown));
      }
      // The view never shows a rack the viewer may not see, only its size.
      CHECK_FALSE(contains(field_of(view, "pass_ends_game"), "rack"));
      // The pass then ends the game with exactly the standings announced.
      REQUIRE(t.run(R"({"type":"pass"})", "seat" + std::to_string(before.turn)).ok());
      state after = t.st();
      CHECK(after.status == "ended");
      REQUIRE(after.result);
      CHECK(after.result->reason == "passes");
      REQUIRE(after.result->results.size() == end->results.size());
      for (size_t i = 0; i < end->results.size(); ++i) {
        CHECK(after.result->results[i].penalty == end->results[i].penalty);
        CHECK(after.result->results[i].score == end->results[i].score);
      }
      CHECK(after.result->winners == end->winners);
    }
  }
}

TEST_CASE("pass warning: none in the lobby, while a move waits for its rating, or at the end",
          "[wortkunst][pass]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","playerCount":1})").ok());
  std::string host = t.digest(0);
  REQUIRE(t.run(R"({"type":"join","name":"Anna"})", host).ok());
  CHECK_FALSE(pass_would_end(t.st()));
  CHECK(field_of(t.view(host), "pass_ends_game") == "null");
  REQUIRE(t.run(R"({"type":"start"})", host).ok());
  CHECK(pass_would_end(t.st()));  // solo: one pass ends it
  auto rack = t.rack(0);
  REQUIRE(t.run(place_across("G8", {rack[0], rack[1]}), host).ok());
  CHECK_FALSE(pass_would_end(t.st()));  // nobody can pass while the move waits
  CHECK(field_of(t.view(host), "pass_ends_game") == "null");
  auto effect = t.g->pending_effects(*t.s).at(0);
  std::string word = letter_of(rack[0]) + letter_of(rack[1]);
  REQUIRE(t.run(rating_ok(effect.key, {word}, 30), "", true).ok());
  auto end = pass_would_end(t.st());
  REQUIRE(end);
  CHECK(end->results.at(0).penalty == 700);
  CHECK(end->results.at(0).score == 30 - 700);
  REQUIRE(t.run(R"({"type":"pass"})", host).ok());
  CHECK_FALSE(pass_would_end(t.st()));
  CHECK(field_of(t.view(host), "pass_ends_game") == "null");
}
