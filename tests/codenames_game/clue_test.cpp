// The spymaster's round trip: the effect a turn lists, its payload, a clue, a failure, a retry.
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

TEST_CASE("a turn lists the clue effect with the board its spymaster reads",
          "[codenames_game][clue]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  state s = t.st();
  auto request = t.clue_request();
  CHECK(request.service == "codenames.clue");
  CHECK(request.key == "clue:1:1");
  std::string own = s.first_team, other = other_team(s.first_team);
  auto words = [&](const std::string& role) {
    std::string out = "[";
    for (auto& c : s.cards)
      if (c.role == role) out += std::string(out.size() > 1 ? "," : "") + json_quoted(c.word);
    return out + "]";
  };
  std::string hidden_assassin;
  for (auto& c : s.cards)
    if (c.role == "assassin") hidden_assassin = c.word;
  CHECK(request.payload == R"({"team":)" + words(own) + R"(,"enemy":)" + words(other) +
                               R"(,"civilians":)" + words("civilian") + R"(,"assassin":)" +
                               json_quoted(hidden_assassin) +
                               R"(,"revealed":[],"given":[],"history":[]})");

  // Guessing waits for the clue.
  std::string mover = own == "red" ? players[0] : players[1];
  CHECK(code_of(t.run(R"({"type":"propose","card":0})", mover)) == "clue_pending");
  CHECK(code_of(t.run(R"({"type":"end_turn"})", mover)) == "clue_pending");
  CHECK(code_of(t.run(R"({"type":"retry_clue"})", mover)) == "clue_not_failed");
  CHECK(code_of(t.run(R"({"type":"effect_result","key":"clue:1:1","ok":false})", mover)) ==
        "platform_only");
  CHECK(code_of(t.run(R"({"type":"effect_result","key":"clue:9:1","ok":false})", "", true)) ==
        "stale_effect");

  t.give_clue("river", 2);
  state now = t.st();
  CHECK(now.guessing);
  CHECK(now.guesses_left == 3);
  REQUIRE(now.history.size() == 1);
  CHECK(now.history[0].word == "river");
  CHECK(now.history[0].number == 2);
  CHECK(now.history[0].targets.size() == 2);
  CHECK(now.history[0].spymaster == "baseline");
  CHECK(t.effects().empty());
  CHECK(code_of(t.run(R"({"type":"effect_result","key":"clue:1:1","ok":true,"result":{}})", "",
                      true)) == "stale_effect");
}

TEST_CASE("a failed clue waits, any player retries it, nothing is lost",
          "[codenames_game][clue]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  std::string waiting_team = t.st().team;
  std::string idle = waiting_team == "red" ? players[1] : players[0];  // not on the team to move
  t.fail_clue("spymaster_unavailable");
  state s = t.st();
  CHECK(s.request.failed);
  CHECK(s.request.error_code == "spymaster_unavailable");
  CHECK(t.log.back().type == "cn.clue_failed");
  CHECK(t.effects().empty());  // the match waits: nothing is asked until a retry
  auto v = t.view(idle);
  CHECK(field_of(v, "/spymaster/status") == R"("failed")");
  CHECK(field_of(v, "/spymaster/error/code") == R"("spymaster_unavailable")");
  CHECK(field_of(v, "/spymaster/can_retry") == "true");
  CHECK(field_of(t.view(t.st().spectator_digest), "/spymaster/can_retry") == "false");

  CHECK(code_of(t.run(R"({"type":"retry_clue"})", t.st().spectator_digest)) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"retry_clue"})", t.st().invite_digest)) == "not_a_seat");
  auto retried = t.run(R"({"type":"retry_clue"})", idle);
  REQUIRE(retried.ok());
  CHECK(field_of(*retried, "/spymaster/status") == R"("thinking")");
  CHECK(t.clue_request().key == "clue:1:2");
  CHECK(code_of(t.run(R"({"type":"retry_clue"})", idle)) == "clue_not_failed");
  CHECK(t.st().team == waiting_team);
  CHECK(t.st().turn == 1);

  // An answer that is not a usable clue is a failure too, with its own code.
  auto bad = [&](const std::string& result) {
    auto r = t.run(R"({"type":"effect_result","key":")" + t.clue_request().key +
                       R"(","ok":true,"result":)" + result + "}",
                   "", true);
    REQUIRE(r.ok());
    CHECK(t.st().request.error_code == "bad_clue");
    REQUIRE(t.run(R"({"type":"retry_clue"})", idle).ok());
  };
  state now = t.st();
  std::string own, enemy;
  for (auto& c : now.cards) {
    if (c.role == now.team && own.empty()) own = c.word;
    if (c.role == other_team(now.team) && enemy.empty()) enemy = c.word;
  }
  bad(R"({"clue":"","number":1,"targets":[")" + own + R"("]})");
  bad(R"({"clue":")" + own + R"(","number":1,"targets":[")" + own + R"("]})");
  bad(R"({"clue":"river","number":1,"targets":[")" + enemy + R"("]})");
  bad(R"({"clue":"river","number":2,"targets":[")" + own + R"("]})");
  bad(R"({"clue":"river","number":2,"targets":[")" + own + R"(",")" + own + R"("]})");
  bad(R"({"clue":"river","number":0,"targets":[]})");
  bad(R"("river")");
  CHECK(t.st().request.attempt == 9);
  t.give_clue("river", 1);
  CHECK(t.st().guessing);
  CHECK(t.st().history.size() == 1);
}

TEST_CASE("each team's spymaster sees its own cards and its own earlier clues",
          "[codenames_game][clue]") {
  table t;
  auto players = started_match(t, "two_teams", {"red", "blue"});
  std::string first = t.st().team;
  std::string first_player = first == "red" ? players[0] : players[1];
  t.give_clue("alpha", 1);
  int miss = t.covered("civilian");
  REQUIRE(t.guess(miss, first_player, first_player).ok());  // alone on the team
  CHECK(t.st().team == other_team(first));
  auto payload = t.clue_request().payload;
  CHECK(t.clue_request().key == "clue:2:1");
  CHECK(field_of(payload, "/given") == "[]");  // the other team's clue is not theirs
  CHECK(field_of(payload, "/revealed") == "[" + json_quoted(t.st().cards[static_cast<size_t>(miss)].word) + "]");
  std::string second_player = first == "red" ? players[1] : players[0];
  t.give_clue("beta", 1);
  REQUIRE(t.guess(t.covered("civilian"), second_player, second_player).ok());
  CHECK(field_of(t.clue_request().payload, "/given") == R"(["alpha"])");
  CHECK(field_of(t.clue_request().payload, "/team/8") != "<absent>");  // 9 cards for the starters
}
