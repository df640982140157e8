// The rematch: after the end any player deals the next game of the same match, with the same
// seats, teams and links; simultaneous clicks make one rematch; the log replays across games.
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

namespace {

// Two teams, one player each (red, blue), the game ended by the assassin.
std::vector<std::string> ended_match(table& t) {
  auto players = started_match(t, "two_teams", {"red", "blue"});
  t.give_clue("river", 1);
  const std::string& mover = t.st().team == "red" ? players[0] : players[1];
  REQUIRE(t.guess(t.covered("assassin"), mover, mover).ok());
  REQUIRE(t.st().status == "ended");
  return players;
}

std::vector<std::string> words_of(const state& s) {
  std::vector<std::string> out;
  for (auto& c : s.cards) out.push_back(c.word);
  return out;
}

}  // namespace

TEST_CASE("a rematch deals a new board to the same seats and starts it", "[codenames_game][rematch]") {
  table t;
  auto players = ended_match(t);
  state before = t.st();
  CHECK(t.effects().empty());

  auto reply = t.run(R"({"type":"rematch","game_number":1})", players[1]);  // not only the host
  REQUIRE(reply.ok());
  CHECK(t.log.back().type == "cn.rematch_dealt");
  state s = t.st();
  CHECK(s.game_number == 2);
  CHECK(s.status == "playing");
  CHECK(s.turn == 1);
  CHECK(s.team == s.first_team);
  CHECK_FALSE(s.result);
  CHECK(s.history.empty());
  CHECK(s.cards.size() == 25);
  CHECK(words_of(s) != words_of(before));
  for (auto& c : s.cards) CHECK_FALSE(c.revealed);
  CHECK(remaining(s, s.first_team) == 9);
  CHECK(remaining(s, other_team(s.first_team)) == 8);
  // The same seats, names, teams and credentials; the same invitation and spectator link.
  REQUIRE(s.seats.size() == before.seats.size());
  for (size_t i = 0; i < s.seats.size(); ++i) {
    CHECK(s.seats[i].digest == before.seats[i].digest);
    CHECK(s.seats[i].name == before.seats[i].name);
    CHECK(s.seats[i].team == before.seats[i].team);
  }
  CHECK(s.invite_digest == before.invite_digest);
  CHECK(s.spectator_digest == before.spectator_digest);
  // The reply is the caller's view of the new game; the clue request names the game.
  CHECK(field_of(*reply, "/game_number") == "2");
  CHECK(field_of(*reply, "/status") == R"("playing")");
  CHECK(field_of(*reply, "/result") == "null");
  CHECK(field_of(*reply, "/cards/0/role") == "null");  // the new key is hidden again
  CHECK(t.clue_request().key == "clue:g2:1:1");
  CHECK(t.g->summary(*t.s).status == "playing");

  // The new game plays like the first.
  t.give_clue("ocean", 1);
  const std::string& mover = t.st().team == "red" ? players[0] : players[1];
  REQUIRE(t.guess(t.covered(t.st().team), mover, mover).ok());
  CHECK(t.st().history.size() == 1);
}

TEST_CASE("a rematch: only a player, only after the end, one for simultaneous clicks",
          "[codenames_game][rematch]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  CHECK(code_of(t.run(R"({"type":"rematch"})", players[0])) == "not_over");
  t.give_clue("river", 1);
  const std::string& mover = t.st().team == "red" ? players[0] : players[1];
  REQUIRE(t.guess(t.covered("assassin"), mover, mover).ok());
  state ended = t.st();
  size_t events = t.log.size();
  CHECK(code_of(t.run(R"({"type":"rematch"})", ended.spectator_digest)) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"rematch"})", ended.invite_digest)) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"rematch"})", "")) == "not_a_seat");
  for (auto bad : {R"({"type":"rematch","game_number":0})",
                   R"({"type":"rematch","game_number":2})",
                   R"({"type":"rematch","game_number":"one"})"})
    CHECK(code_of(t.run(bad, players[0])) == "bad_field");
  CHECK(t.log.size() == events);

  // Both players click "Rematch" on the ended game 1: the second click changes nothing.
  REQUIRE(t.run(R"({"type":"rematch","game_number":1})", players[0]).ok());
  state second = t.st();
  auto again = t.run(R"({"type":"rematch","game_number":1})", players[1]);
  REQUIRE(again.ok());
  CHECK(t.log.size() == events + 1);
  CHECK(t.g->encode_state(*t.s) == encode_state(second));
  CHECK(field_of(*again, "/game_number") == "2");
  // Without "game_number" a rematch of a running game is refused.
  CHECK(code_of(t.run(R"({"type":"rematch"})", players[1])) == "not_over");
  CHECK(code_of(t.run(R"({"type":"rematch","game_number":2})", players[1])) == "not_over");
}

TEST_CASE("a match of several games replays exactly; one game encodes without \"game_number\"",
          "[codenames_game][rematch][replay]") {
  table t;
  auto players = ended_match(t);
  CHECK_FALSE(contains(t.g->encode_state(*t.s), R"("game_number")"));
  REQUIRE(t.run(R"({"type":"rematch"})", players[0]).ok());
  t.give_clue("ocean", 1);
  std::string text = t.g->encode_state(*t.s);
  CHECK(contains(text, R"("game_number":2)"));

  auto bare = make_game();
  auto replayed = bare->initial_state();
  for (auto& e : t.log) REQUIRE(bare->apply(*replayed, e).ok());
  CHECK(bare->encode_state(*replayed) == text);
  CHECK(state_hash(*bare, *replayed) == state_hash(*t.g, *t.s));
  auto snapshot = bare->decode_state(text);
  REQUIRE(snapshot.ok());
  CHECK(bare->encode_state(**snapshot) == text);

  // The rematch event again: refused on a running game, and nothing changes.
  const event_envelope& dealt = t.log.at(t.log.size() - 2);
  REQUIRE(dealt.type == "cn.rematch_dealt");
  auto live = t.g->clone(*t.s);
  event_envelope stray{dealt.type, 1, 99, "x", 0, dealt.payload};
  CHECK(t.g->apply(*live, stray).err().code == "bad_event");
  CHECK(t.g->encode_state(*live) == text);
}
