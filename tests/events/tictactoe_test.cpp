#include "events/json_read.hpp"
#include "events/tictactoe/codec.hpp"
#include "events/tictactoe/game.hpp"
#include "events/tictactoe/rules.hpp"

#include <catch2/catch.hpp>

using namespace wordhall;
using namespace wordhall::tictactoe;

namespace {

// Decides `json` as `caller` and folds the events into `s`; returns the decision's result.
struct table {
  state s;
  int64_t now = 1'000'000;

  result<outcome> run(const std::string& json, const std::string& caller = "",
                      bool platform = false) {
    auto doc = json_document::parse(json);
    REQUIRE(doc.ok());
    auto body = as_object(doc->root(), "command");
    REQUIRE(body.ok());
    command cmd{*get_string(*body, "type"), *body};
    decision_context ctx;
    ctx.caller = caller;
    ctx.now_ms = now;
    ctx.from_platform = platform;
    ctx.fresh_secrets = {{"secret-" + std::to_string(now), "digest-" + std::to_string(now)}};
    auto out = decide(s, cmd, ctx);
    if (out)
      for (auto& e : out->events) s = evolve(std::move(s), e);
    return out;
  }

  void start() {
    now = 1000;
    REQUIRE(run(R"({"type":"create","name":"Ann","rounds":2,"turnSecs":10})").ok());
    now = 2000;
    REQUIRE(run(R"({"type":"join","name":"Bob"})").ok());
  }
};

}  // namespace

TEST_CASE("a match starts when the second player joins", "[events][tictactoe]") {
  table t;
  t.start();
  CHECK(t.s.status == "playing");
  REQUIRE(t.s.players.size() == 2);
  CHECK(t.s.players[0].id == "digest-1000");
  CHECK(t.s.players[1].mark == 'o');
  CHECK(t.s.deadline_ms == 2000 + 10'000);
  CHECK(t.run(R"({"type":"join","name":"Cy"})").err().code == "match_full");
}

TEST_CASE("placement rules give specific errors and change nothing", "[events][tictactoe]") {
  table t;
  t.start();
  const std::string x = "digest-1000", o = "digest-2000";
  auto before = encode_state(t.s);
  CHECK(t.run(R"({"type":"place","cell":0})", o).err().code == "not_your_turn");
  CHECK(t.run(R"({"type":"place","cell":0})", "stranger").err().code == "not_a_player");
  CHECK(t.run(R"({"type":"place","cell":9})", x).err().code == "bad_cell");
  CHECK(t.run(R"({"type":"place","cell":"a"})", x).err().code == "bad_field");
  CHECK(t.run(R"({"type":"fly"})", x).err().code == "unknown_command");
  CHECK(t.run(R"({"type":"deadline"})", x).err().code == "unknown_command");
  CHECK(encode_state(t.s) == before);
  REQUIRE(t.run(R"({"type":"place","cell":4})", x).ok());
  CHECK(t.run(R"({"type":"place","cell":4})", o).err().code == "cell_taken");
}

TEST_CASE("three in a row wins the round, the series ends the match", "[events][tictactoe]") {
  table t;
  t.start();
  const std::string x = "digest-1000", o = "digest-2000";
  for (auto [who, cell] : std::vector<std::pair<std::string, int>>{
           {x, 0}, {o, 3}, {x, 1}, {o, 4}, {x, 2}})
    REQUIRE(t.run(R"({"type":"place","cell":)" + std::to_string(cell) + "}", who).ok());
  REQUIRE(t.s.results.size() == 1);
  CHECK(t.s.results[0].winner == 'x');
  CHECK(t.s.round == 2);
  CHECK(t.s.turn == 'o');  // first mover alternates
  CHECK(t.s.board == ".........");
  // Round 2: o times out, so x wins it and the match.
  t.now = t.s.deadline_ms - 1;
  CHECK(t.run(R"({"type":"deadline"})", "", true).err().code == "deadline_not_reached");
  t.now = t.s.deadline_ms;
  REQUIRE(t.run(R"({"type":"deadline"})", "", true).ok());
  CHECK(t.s.status == "finished");
  CHECK(t.s.winner == "x");
  CHECK(t.run(R"({"type":"place","cell":0})", x).err().code == "match_finished");
}

TEST_CASE("events and state survive their JSON forms", "[events][tictactoe]") {
  table t;
  t.start();
  REQUIRE(t.run(R"({"type":"place","cell":8})", "digest-1000").ok());
  auto text = encode_state(t.s);
  auto back = tictactoe::decode_state(text);
  REQUIRE(back.ok());
  CHECK(encode_state(*back) == text);

  auto chain = make_upcasters();
  event e = mark_placed{7, 'o', 42};
  auto encoded = encode_event(e);
  CHECK(encoded.version == 2);
  event_envelope stored{encoded.type, encoded.version, 1, "id", 0, encoded.payload};
  auto decoded = decode_event(stored, chain);
  REQUIRE(decoded.ok());
  CHECK(std::get<mark_placed>(*decoded).cell == 7);
}

TEST_CASE("an old mark_placed v1 is upcast, a future version refused", "[events][tictactoe]") {
  auto chain = make_upcasters();
  event_envelope v1{"ttt.mark_placed", 1, 3, "id", 0,
                    R"({"row":2,"col":1,"mark":"x","deadline":5})"};
  auto decoded = decode_event(v1, chain);
  REQUIRE(decoded.ok());
  CHECK(std::get<mark_placed>(*decoded).cell == 7);
  event_envelope v9 = v1;
  v9.version = 9;
  CHECK(decode_event(v9, chain).err().code == "unknown_event_version");
  event_envelope broken{"ttt.mark_placed", 2, 3, "id", 0, R"({"cell":12,"mark":"x","deadline":5})"};
  CHECK(decode_event(broken, chain).err().code == "bad_field");
}
