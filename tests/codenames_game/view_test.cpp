// Who sees what: roles of covered cards and a clue's targets only for the admin until the end,
// proposals for the proposer's team, nothing for strangers, never a credential.
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

namespace {

// Roles shown in a view's cards, by index ("null" for none).
std::vector<std::string> shown_roles(const std::string& view) {
  std::vector<std::string> out;
  for (int i = 0; i < 25; ++i) out.push_back(field_of(view, "/cards/" + std::to_string(i) + "/role"));
  return out;
}

}  // namespace

TEST_CASE("players and spectators never see covered roles or targets before the end",
          "[codenames_game][view]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  state s = t.st();
  std::string mover = s.team == "red" ? players[0] : players[1];
  std::string waiting = s.team == "red" ? players[1] : players[0];
  t.give_clue("river", 2);
  state given = t.st();
  int own = t.covered(s.team);
  REQUIRE(t.run(R"({"type":"propose","card":)" + std::to_string(own) + "}", mover).ok());

  for (auto who : {mover, waiting, s.spectator_digest, s.invite_digest}) {
    auto v = t.view(who);
    INFO(v);
    for (auto& role : shown_roles(v)) CHECK(role == "null");
    CHECK_FALSE(contains(v, "targets"));
    CHECK_FALSE(contains(v, "digest"));
    for (auto& seat : s.seats) CHECK_FALSE(contains(v, seat.digest));
    CHECK(field_of(v, "/clue/word") == R"("river")");
    CHECK(field_of(v, "/clue/guesses_left") == "3");
    CHECK(field_of(v, "/remaining/" + s.first_team) == "9");
  }
  CHECK(field_of(t.view(mover), "/access") == R"("player")");
  CHECK(field_of(t.view(s.spectator_digest), "/access") == R"("spectator")");
  CHECK(field_of(t.view(s.spectator_digest), "/you") == "null");
  CHECK(field_of(t.view(s.invite_digest), "/access") == R"("invite")");
  CHECK(field_of(t.view(mover), "/proposal/card") == std::to_string(own));
  CHECK(field_of(t.view(mover), "/can_guess") == "true");
  CHECK(field_of(t.view(mover), "/can_confirm") == "true");  // alone on the team
  CHECK(field_of(t.view(waiting), "/proposal") == "null");
  CHECK(field_of(t.view(waiting), "/can_guess") == "false");
  CHECK(field_of(t.view(s.spectator_digest), "/proposal") == "null");

  // Strangers learn that the match exists and nothing else; `view` refuses them.
  auto stranger = t.view("someone");
  CHECK(stranger == R"({"game":"codenames","status":"playing","access":"none"})");
  CHECK(t.view("") == R"({"game":"codenames","status":"playing","access":"none"})");
  CHECK(code_of(t.run(R"({"type":"view"})", "someone")) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"view"})")) == "not_a_seat");
  CHECK(t.run(R"({"type":"view"})", s.spectator_digest).ok());

  // The admin sees the key and the targets all along.
  auto admin = t.view("", true);
  CHECK(field_of(admin, "/access") == R"("admin")");
  auto roles = shown_roles(admin);
  for (size_t i = 0; i < 25; ++i) CHECK(roles[i] == json_quoted(given.cards[i].role));
  CHECK(field_of(admin, "/history/0/targets") != "<absent>");
  CHECK(field_of(admin, "/proposal/card") == std::to_string(own));
}

TEST_CASE("a revealed card shows its role; the end shows the key and the targets",
          "[codenames_game][view]") {
  table t;
  auto players = started_match(t, "one_team", {"red"});
  t.give_clue("river", 1);
  int miss = t.covered("civilian");
  REQUIRE(t.guess(miss, players[0], players[0]).ok());
  std::string spectator = t.st().spectator_digest;
  auto v = t.view(spectator);
  CHECK(field_of(v, "/cards/" + std::to_string(miss) + "/role") == R"("civilian")");
  CHECK(field_of(v, "/history/0/guesses/0/role") == R"("civilian")");
  CHECK(field_of(v, "/history/0/ended") == R"("miss")");
  CHECK(field_of(v, "/history/0/targets") == "<absent>");
  CHECK(field_of(v, "/spymaster/status") == R"("thinking")");
  CHECK(field_of(v, "/phase") == R"("clue")");

  t.give_clue("ocean", 1);
  REQUIRE(t.guess(t.covered("assassin"), players[0], players[0]).ok());
  state s = t.st();
  for (auto who : {players[0], spectator}) {
    auto end = t.view(who);
    auto roles = shown_roles(end);
    for (size_t i = 0; i < 25; ++i) CHECK(roles[i] == json_quoted(s.cards[i].role));
    CHECK(field_of(end, "/history/1/targets") == "[" + json_quoted(s.history[1].targets[0]) + "]");
    CHECK(field_of(end, "/result/reason") == R"("assassin")");
    CHECK(field_of(end, "/phase") == R"("ended")");
    CHECK(field_of(end, "/team") == "null");
  }
}

TEST_CASE("events reach each viewer as they may see them", "[codenames_game][view]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  state s = t.st();
  std::string mover = s.team == "red" ? players[0] : players[1];
  std::string waiting = s.team == "red" ? players[1] : players[0];
  auto seen = [&](const std::string& who, bool admin = false) {
    return t.g->visible_event(*t.s, t.log.back(), viewer{who, admin, nullptr});
  };
  CHECK_FALSE(seen("stranger"));
  t.give_clue("river", 1);
  auto clue = seen(waiting);
  REQUIRE(clue);
  CHECK(field_of(*clue, "/clue") == R"("river")");
  CHECK(field_of(*clue, "/targets") == "<absent>");
  CHECK(field_of(*seen("", true), "/targets") != "<absent>");
  REQUIRE(t.run(R"({"type":"propose","card":)" + std::to_string(t.covered(s.team)) + "}", mover).ok());
  CHECK(seen(mover));
  CHECK_FALSE(seen(waiting));
  CHECK_FALSE(seen(s.spectator_digest));
  CHECK(seen("", true));

  // The first event never carries the roles.
  auto created = t.g->visible_event(*t.s, t.log.front(), viewer{s.spectator_digest, false, nullptr});
  REQUIRE(created);
  CHECK(*created == R"({"type":"cn.match_created","mode":"two_teams","first_team":")" + s.first_team + R"("})");
}

TEST_CASE("views show who is connected", "[codenames_game][view]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  std::vector<std::string> connected{players[1]};
  t.online = &connected;
  auto v = t.view(players[0]);
  CHECK(field_of(v, "/seats/0/online") == "false");
  CHECK(field_of(v, "/seats/1/online") == "true");
  CHECK(field_of(v, "/seats/0/host") == "true");
  CHECK(field_of(v, "/you/seat") == "0");
}
