// Replays: the stored events rebuild the live state (same hash), snapshots round-trip, a damaged
// journal is refused rather than crashing.
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

TEST_CASE("replaying the events rebuilds the same state and hash", "[codenames_game][replay]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "red", "blue"});
  t.fail_clue("spymaster_unavailable");
  REQUIRE(t.run(R"({"type":"retry_clue"})", players[2]).ok());
  t.give_clue("river", 2);
  std::string team = t.st().team;
  if (team == "red") {
    REQUIRE(t.guess(t.covered(team), players[0], players[1]).ok());
    REQUIRE(t.guess(t.covered("civilian"), players[1], players[0]).ok());
  } else {
    REQUIRE(t.guess(t.covered(team), players[2], players[2]).ok());
    REQUIRE(t.run(R"({"type":"end_turn"})", players[2]).ok());
  }
  t.give_clue("ocean", 1);
  REQUIRE(t.st().turn == 2);

  // No deck at all: a replay needs only the events.
  auto bare = make_game();
  auto replayed = bare->initial_state();
  for (auto& e : t.log) REQUIRE(bare->apply(*replayed, e).ok());
  CHECK(state_hash(*bare, *replayed) == state_hash(*t.g, *t.s));
  CHECK(bare->encode_state(*replayed) == t.g->encode_state(*t.s));
  auto snapshot = bare->decode_state(t.g->encode_state(*t.s));
  REQUIRE(snapshot.ok());
  CHECK(state_hash(*bare, **snapshot) == state_hash(*t.g, *t.s));
  CHECK(bare->pending_effects(*replayed).size() == t.effects().size());
}

TEST_CASE("a damaged journal is refused, never a crash", "[codenames_game][replay]") {
  table t;
  started_match(t, "two_teams", {"red", "blue"});
  auto g = make_game();
  auto fresh = g->initial_state();
  event_envelope stray{"cn.card_revealed", 1, 1, "x", 0, R"({"turn":1,"seat":0,"card":3,"role":"red"})"};
  CHECK(g->apply(*fresh, stray).err().code == "bad_event");  // no match yet
  auto s = g->clone(*t.s);
  for (auto payload : {R"({"turn":1,"seat":9,"card":3,"role":"red"})",
                       R"({"turn":1,"seat":0,"card":25,"role":"red"})"}) {
    event_envelope bad{"cn.card_revealed", 1, 9, "x", 0, payload};
    CHECK(g->apply(*s, bad).err().code == "bad_event");
  }
  event_envelope wrong_seat{"cn.seat_joined", 1, 9, "x", 0,
                            R"({"seat":7,"digest":"d","name":"n","team":"red"})"};
  CHECK(g->apply(*s, wrong_seat).err().code == "bad_event");
  event_envelope no_team{"cn.seat_joined", 1, 9, "x", 0,
                         R"({"seat":2,"digest":"d","name":"n","team":"green"})"};
  CHECK(g->apply(*s, no_team).err().code == "bad_event");
  event_envelope garbled{"cn.turn_ended", 1, 9, "x", 0, R"({"turn":"one"})"};
  CHECK_FALSE(g->apply(*s, garbled).ok());
  event_envelope unknown{"cn.dance", 1, 9, "x", 0, "{}"};
  CHECK(g->apply(*s, unknown).err().code == "unknown_event");
  event_envelope future{"cn.started", 2, 9, "x", 0, "{}"};
  CHECK(g->apply(*s, future).err().code == "bad_event");
  CHECK(g->encode_state(*s) == t.g->encode_state(*t.s));  // nothing changed

  CHECK_FALSE(g->decode_state(R"({"status":"lobby"})").ok());
  auto text = t.g->encode_state(*t.s);
  auto at = text.find(R"("proposal":null)");
  REQUIRE(at != std::string::npos);
  std::string broken = text;
  broken.replace(at, 15, R"("proposal":{"card":30,"seat":0})");
  CHECK(g->decode_state(broken).err().code == "bad_field");
}
