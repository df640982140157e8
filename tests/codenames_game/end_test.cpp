// How a match ends: the assassin, a team's last card, one team's win and losses, and how the view
// explains it (who won, why, whose reveal ended it, the card).
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

namespace {

// Players of the team to move guess `card` (one player alone on each team).
result<std::string> solo_guess(table& t, const std::vector<std::string>& players, int card) {
  const std::string& mover = t.st().team == "red" ? players[0] : players[1];
  return t.guess(card, mover, mover);
}

// Plays until `team`'s cards are all revealed: its turns reveal its own cards (two per clue of
// 1), the other team's turns end on a civilian.
void play_until_found(table& t, const std::vector<std::string>& players, const std::string& team) {
  while (t.st().status == "playing") {
    if (!t.st().guessing) t.give_clue("clue" + std::to_string(t.st().turn), 1);
    REQUIRE(solo_guess(t, players, t.covered(t.st().team == team ? team : "civilian")).ok());
  }
}

}  // namespace

TEST_CASE("the assassin loses at once", "[codenames_game][end]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  std::string team = t.st().team;
  t.give_clue("river", 2);
  REQUIRE(solo_guess(t, players, t.covered("assassin")).ok());
  CHECK(t.log.back().type == "cn.game_ended");
  state s = t.st();
  CHECK(s.status == "ended");
  REQUIRE(s.result);
  CHECK(s.result->winner == other_team(team));
  CHECK(s.result->reason == "assassin");
  CHECK(s.history.back().ended == "game_over");
  auto v = t.view(s.spectator_digest);
  CHECK(field_of(v, "/result/why") == R"("assassin")");
  CHECK(field_of(v, "/result/by") == json_quoted(team));
  const card& last = s.cards.at(static_cast<size_t>(s.history.back().guesses.back()));
  CHECK(last.role == "assassin");
  CHECK(field_of(v, "/result/last_card") == json_quoted(last.word));
  CHECK(field_of(v, "/result/won") == "null");  // a spectator neither won nor lost
  CHECK(t.effects().empty());
  CHECK(t.g->summary(*t.s).status == "finished");
  for (auto cmd : {R"({"type":"propose","card":0})", R"({"type":"end_turn"})",
                   R"({"type":"retry_clue"})", R"({"type":"start"})"})
    CHECK(code_of(t.run(cmd, players[0])) == "game_over");
  CHECK(code_of(t.run(R"({"type":"join"})", s.invite_digest)) == "game_over");
  CHECK(t.run(R"({"type":"join"})", players[0]).ok());  // a seat still reconnects
  CHECK(t.run(R"({"type":"view"})", players[0]).ok());
}

TEST_CASE("two teams: revealing all your cards wins", "[codenames_game][end]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  std::string team = t.st().team;
  play_until_found(t, players, team);
  state s = t.st();
  REQUIRE(s.result);
  CHECK(s.result->winner == team);
  CHECK(s.result->reason == "all_found");
  auto v = t.view(players[0]);
  CHECK(field_of(v, "/result/why") == R"("all_found")");
  CHECK(field_of(v, "/result/by") == json_quoted(team));
  CHECK(field_of(v, "/result/won") == (team == "red" ? "true" : "false"));
  CHECK(field_of(v, "/remaining/" + team) == "0");
  CHECK(remaining(s, team) == 0);
  CHECK(remaining(s, "civilian") == 3);
  // Nine cards at two a turn: five turns of theirs, four of the others' between them.
  CHECK(s.history.size() == 9);
  CHECK(s.history.back().ended == "game_over");
}

TEST_CASE("two teams: revealing the other team's last card makes them win", "[codenames_game][end]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  std::string starters = t.st().team, others = other_team(starters);
  // The starters reveal the others' cards as misses until one is left, then the last one.
  while (remaining(t.st(), others) > 0) {
    if (t.st().team != starters) {  // the others end their turn with a civilian
      if (!t.st().guessing) t.give_clue("pass" + std::to_string(t.st().turn), 1);
      REQUIRE(solo_guess(t, players, t.covered("civilian")).ok());
      continue;
    }
    t.give_clue("clue" + std::to_string(t.st().turn), 1);
    REQUIRE(solo_guess(t, players, t.covered(others)).ok());
  }
  state s = t.st();
  REQUIRE(s.result);
  CHECK(s.result->winner == others);
  CHECK(s.result->reason == "all_found");
  // The event says all_found; the view says the losers revealed the winners' last card.
  auto v = t.view(s.spectator_digest);
  CHECK(field_of(v, "/result/why") == R"("other_revealed_last")");
  CHECK(field_of(v, "/result/by") == json_quoted(starters));
  const card& last = s.cards.at(static_cast<size_t>(s.history.back().guesses.back()));
  CHECK(last.role == others);
  CHECK(field_of(v, "/result/last_card") == json_quoted(last.word));
}

TEST_CASE("one team: all 8 cards win; the team plays every turn", "[codenames_game][end]") {
  table t;
  auto players = started_match(t, "one_team", {"red", "red"});
  t.give_clue("river", 1);
  REQUIRE(t.guess(t.covered("civilian"), players[0], players[1]).ok());  // a miss
  CHECK(t.st().team == "red");
  CHECK(t.st().turn == 2);
  std::vector<std::string> order{players[0], players[1]};
  while (t.st().status == "playing") {
    if (!t.st().guessing) t.give_clue("clue" + std::to_string(t.st().turn), 1);
    REQUIRE(t.guess(t.covered("red"), order[0], order[1]).ok());
    std::swap(order[0], order[1]);
  }
  state s = t.st();
  CHECK(s.result->winner == "red");
  CHECK(s.result->reason == "all_found");
  CHECK(s.turn == 5);  // 1 miss, then 4 turns of 2 cards
  CHECK(field_of(t.view(players[0]), "/result/won") == "true");
}

TEST_CASE("one team: the 7th enemy card loses", "[codenames_game][end]") {
  table t;
  auto players = started_match(t, "one_team", {"red"});
  for (int i = 0; i < 7; ++i) {
    t.give_clue("clue" + std::to_string(i), 1);
    REQUIRE(t.guess(t.covered("blue"), players[0], players[0]).ok());
  }
  state s = t.st();
  REQUIRE(s.result);
  CHECK(s.result->winner == "blue");
  CHECK(s.result->reason == "enemy_found");
  CHECK(s.turn == 7);
  CHECK(field_of(t.view(players[0]), "/result/won") == "false");
  CHECK(field_of(t.view(players[0]), "/result/why") == R"("enemy_found")");
  CHECK(field_of(t.view(players[0]), "/result/by") == R"("red")");
}

TEST_CASE("one team: the assassin loses", "[codenames_game][end]") {
  table t;
  auto players = started_match(t, "one_team", {"red"});
  t.give_clue("river", 1);
  REQUIRE(t.guess(t.covered("assassin"), players[0], players[0]).ok());
  CHECK(t.st().result->winner == "blue");
  CHECK(t.st().result->reason == "assassin");
}
