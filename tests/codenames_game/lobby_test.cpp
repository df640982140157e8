// Creating a match, joining by the invitation, teams, starting.
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

TEST_CASE("create deals the board, seats the host and hands out three secrets",
          "[codenames_game][lobby]") {
  table t;
  CHECK(code_of(t.run(R"({"type":"view"})", "x")) == "no_such_game");
  CHECK(code_of(t.run(R"({"type":"join"})", "x")) == "no_such_game");
  CHECK(code_of(t.run(R"({"type":"create"})")) == "bad_mode");
  CHECK(code_of(t.run(R"({"type":"create","mode":"three_teams"})")) == "bad_mode");
  CHECK(code_of(t.run(R"({"type":"create","mode":"two_teams","name":""})")) == "name_empty");
  CHECK(code_of(t.run(R"({"type":"create","mode":"two_teams","name":"abcdefghijklmnopqrstuvwxy"})")) ==
        "bad_name");
  CHECK(code_of(t.run(R"({"type":"create","mode":"two_teams","team":"green"})")) == "bad_team");
  CHECK(code_of(t.run(R"({"type":"create","mode":"one_team","team":"blue"})")) == "bad_team");
  CHECK(code_of(t.run(R"({"type":"shout"})")) == "unknown_command");
  CHECK(t.log.empty());

  auto created = t.run(R"({"type":"create","mode":"two_teams","name":" Ann ","team":"blue"})");
  REQUIRE(created.ok());
  std::string n = std::to_string(t.decisions);
  CHECK(*created == R"({"seat":0,"token":"token)" + n + R"(_0","invite":"token)" + n +
                        R"(_1","spectator":"token)" + n + R"(_2"})");
  REQUIRE(t.log.size() == 2);
  CHECK(t.log[0].type == "cn.match_created");
  CHECK(t.log[1].type == "cn.seat_joined");
  for (auto& e : t.log) CHECK_FALSE(contains(e.payload, "token"));  // secrets only in the reply
  state s = t.st();
  CHECK(s.status == "lobby");
  CHECK(s.mode == "two_teams");
  CHECK(s.cards.size() == 25);
  CHECK(s.seats.size() == 1);
  CHECK(s.seats[0].name == "Ann");
  CHECK(s.seats[0].team == "blue");
  CHECK(s.seats[0].digest == "digest" + n + "_0");
  CHECK(s.invite_digest == "digest" + n + "_1");
  CHECK(s.spectator_digest == "digest" + n + "_2");
  // The cards and their roles are in the event: a replay needs no deck.
  CHECK(field_of(t.log[0].payload, "/cards/0/role") == json_quoted(s.cards[0].role));
  CHECK(code_of(t.run(R"({"type":"create","mode":"two_teams"})")) == "already_created");
  CHECK(t.effects().empty());
}

TEST_CASE("the invitation seats newcomers on the team they choose", "[codenames_game][lobby]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","mode":"two_teams"})").ok());
  state s = t.st();
  std::string host = s.seats[0].digest, invite = s.invite_digest, spectator = s.spectator_digest;
  CHECK(s.seats[0].name == "Player 1");
  CHECK(s.seats[0].team == "red");

  CHECK(code_of(t.run(R"({"type":"join"})", "stranger")) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"join"})", spectator)) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"join","team":"green"})", invite)) == "bad_team");
  CHECK(code_of(t.run(R"({"type":"join","name":7})", invite)) == "bad_name");

  // Without a choice a newcomer goes to the smaller team.
  auto bob = t.run(R"({"type":"join","name":"Bob"})", invite);
  REQUIRE(bob.ok());
  std::string n = std::to_string(t.decisions);
  CHECK(field_of(*bob, "/seat") == "1");
  CHECK(field_of(*bob, "/token") == json_quoted("token" + n + "_0"));
  CHECK(field_of(*bob, "/view/you/name") == R"("Bob")");
  CHECK(field_of(*bob, "/view/you/team") == R"("blue")");
  CHECK_FALSE(contains(t.log.back().payload, "token"));
  std::string bob_digest = "digest" + n + "_0";
  CHECK(t.st().seats[1].digest == bob_digest);
  // The name is Bob's now, however it is written; nothing visible is no name.
  CHECK(code_of(t.run(R"({"type":"join","name":"BOB\u200b"})", invite)) == "name_taken");
  CHECK(code_of(t.run(R"({"type":"join","name":"\u2066\u2069"})", invite)) == "name_empty");
  auto cat = t.run(R"({"type":"join","name":"Cat","team":"blue"})", invite);
  REQUIRE(cat.ok());
  CHECK(t.st().seats[2].team == "blue");
  CHECK(t.st().seats[2].name == "Cat");

  // A seat changes its name or team in the lobby; the same values record nothing.
  REQUIRE(t.run(R"({"type":"join","team":"red"})", bob_digest).ok());
  CHECK(t.log.back().type == "cn.seat_changed");
  CHECK(t.st().seats[1].team == "red");
  size_t events = t.log.size();
  REQUIRE(t.run(R"({"type":"join","name":"Bob","team":"red"})", bob_digest).ok());
  CHECK(t.log.size() == events);

  CHECK(code_of(t.run(R"({"type":"start"})", bob_digest)) == "not_host");
  CHECK(code_of(t.run(R"({"type":"start"})", invite)) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"propose","card":0})", host)) == "not_started");
  CHECK(code_of(t.run(R"({"type":"retry_clue"})", host)) == "not_started");
  auto started = t.run(R"({"type":"start"})", host);
  REQUIRE(started.ok());
  CHECK(field_of(*started, "/status") == R"("playing")");
  CHECK(t.st().turn == 1);
  CHECK(t.st().team == t.st().first_team);
  CHECK(code_of(t.run(R"({"type":"start"})", host)) == "already_started");

  // After the start: a reconnect records nothing, changes are refused, late joiners join.
  events = t.log.size();
  REQUIRE(t.run(R"({"type":"join"})", bob_digest).ok());
  CHECK(t.log.size() == events);
  CHECK(code_of(t.run(R"({"type":"join","team":"blue"})", bob_digest)) == "already_started");
  REQUIRE(t.run(R"({"type":"join","name":"Dan","team":"blue"})", invite).ok());
  CHECK(t.st().seats.size() == 4);
  auto summary = t.g->summary(*t.s);
  CHECK(summary.status == "playing");
  CHECK(summary.players == std::vector<std::string>{"Player 1", "Bob", "Cat", "Dan"});
  CHECK_FALSE(t.g->next_deadline(*t.s));
}

TEST_CASE("starting needs a player on every playing team; one team plays red only",
          "[codenames_game][lobby]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","mode":"two_teams","team":"blue"})").ok());
  std::string host = t.st().seats[0].digest, invite = t.st().invite_digest;
  CHECK(code_of(t.run(R"({"type":"start"})", host)) == "team_empty");
  REQUIRE(t.run(R"({"type":"join","team":"blue"})", invite).ok());
  CHECK(code_of(t.run(R"({"type":"start"})", host)) == "team_empty");
  REQUIRE(t.run(R"({"type":"join","team":"red"})", invite).ok());
  CHECK(t.run(R"({"type":"start"})", host).ok());

  table solo;
  REQUIRE(solo.run(R"({"type":"create","mode":"one_team","name":"Sol"})").ok());
  std::string sol = solo.st().seats[0].digest;
  CHECK(code_of(solo.run(R"({"type":"join","team":"blue"})", solo.st().invite_digest)) == "bad_team");
  CHECK(code_of(solo.run(R"({"type":"join","team":"blue"})", sol)) == "bad_team");
  REQUIRE(solo.run(R"({"type":"start"})", sol).ok());
  CHECK(solo.st().team == "red");
}

TEST_CASE("a match seats at most 16 players", "[codenames_game][lobby]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","mode":"two_teams"})").ok());
  std::string invite = t.st().invite_digest;
  for (int i = 1; i < max_seats; ++i) REQUIRE(t.run(R"({"type":"join"})", invite).ok());
  CHECK(t.st().seats.size() == 16);
  CHECK(code_of(t.run(R"({"type":"join"})", invite)) == "match_full");
}
