// Proposing and confirming guesses; what a reveal does to the turn.
#include "tests/codenames_game/match_support.hpp"

using namespace wordhall;
using namespace wordhall::codenames_game;
using namespace wordhall::codenames_game::testing;

namespace {

// Two players on red, one on blue, one team to move; red's players first.
struct four_seats {
  table t;
  std::vector<std::string> red_players, blue_players;
  std::string moving_a, moving_b;  // two players of the team to move (one when blue moves)

  four_seats() {
    auto players = started_match(t, "two_teams", {"red", "red", "blue", "blue"});
    red_players = {players[0], players[1]};
    blue_players = {players[2], players[3]};
    auto& moving = t.st().team == "red" ? red_players : blue_players;
    moving_a = moving[0];
    moving_b = moving[1];
  }
  std::string team() const { return t.st().team; }
  const std::vector<std::string>& waiting() const {
    return team() == "red" ? blue_players : red_players;
  }
};

}  // namespace

TEST_CASE("a teammate confirms a proposal, which reveals the card", "[codenames_game][guess]") {
  four_seats m;
  table& t = m.t;
  m.t.give_clue("river", 2);
  CHECK(code_of(t.run(R"({"type":"propose","card":0})", m.waiting()[0])) == "not_your_turn");
  CHECK(code_of(t.run(R"({"type":"propose","card":0})", "stranger")) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"propose","card":0})", t.st().spectator_digest)) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"propose","card":25})", m.moving_a)) == "bad_card");
  CHECK(code_of(t.run(R"({"type":"propose","card":-1})", m.moving_a)) == "bad_card");
  CHECK(code_of(t.run(R"({"type":"propose","card":"bank"})", m.moving_a)) == "bad_card");
  CHECK(code_of(t.run(R"({"type":"propose"})", m.moving_a)) == "bad_card");
  CHECK(code_of(t.run(R"({"type":"confirm"})", m.moving_b)) == "no_proposal");

  int own = t.covered(m.team());
  REQUIRE(t.run(R"({"type":"propose","card":)" + std::to_string(own) + "}", m.moving_a).ok());
  CHECK(t.log.back().type == "cn.guess_proposed");
  size_t events = t.log.size();
  REQUIRE(t.run(R"({"type":"propose","card":)" + std::to_string(own) + "}", m.moving_a).ok());
  CHECK(t.log.size() == events);  // the same proposal again records nothing
  CHECK(code_of(t.run(R"({"type":"confirm"})", m.moving_a)) == "own_proposal");
  CHECK(code_of(t.run(R"({"type":"confirm"})", m.waiting()[0])) == "not_your_turn");
  CHECK(code_of(t.run(R"({"type":"confirm","card":)" + std::to_string((own + 1) % 25) + "}",
                      m.moving_b)) == "proposal_changed");
  CHECK(t.log.size() == events);

  auto confirmed = t.run(R"({"type":"confirm","card":)" + std::to_string(own) + "}", m.moving_b);
  REQUIRE(confirmed.ok());
  CHECK(t.log.back().type == "cn.card_revealed");
  CHECK(field_of(t.log.back().payload, "/role") == json_quoted(m.team()));
  state s = t.st();
  CHECK(s.cards[static_cast<size_t>(own)].revealed);
  CHECK(s.cards[static_cast<size_t>(own)].revealed_turn == 1);
  CHECK(s.guesses_left == 2);
  CHECK_FALSE(s.proposed);
  CHECK(s.team == m.team());
  CHECK(code_of(t.run(R"({"type":"propose","card":)" + std::to_string(own) + "}", m.moving_b)) ==
        "already_revealed");

  // The proposer may confirm their own only when no teammate is connected.
  int next = t.covered(m.team());
  std::vector<std::string> connected{m.moving_a, m.moving_b};
  t.online = &connected;
  REQUIRE(t.run(R"({"type":"propose","card":)" + std::to_string(next) + "}", m.moving_b).ok());
  CHECK(code_of(t.run(R"({"type":"confirm"})", m.moving_b)) == "own_proposal");
  CHECK(field_of(t.view(m.moving_b), "/can_confirm") == "false");
  CHECK(field_of(t.view(m.moving_a), "/can_confirm") == "true");
  connected = {m.moving_b};
  CHECK(field_of(t.view(m.moving_b), "/can_confirm") == "true");
  REQUIRE(t.run(R"({"type":"confirm"})", m.moving_b).ok());
  CHECK(t.st().cards[static_cast<size_t>(next)].revealed);
}

TEST_CASE("a card not the team's ends the turn", "[codenames_game][guess]") {
  for (std::string role : {"civilian", "enemy"}) {
    four_seats m;
    table& t = m.t;
    std::string team = m.team();
    t.give_clue("river", 2);
    int miss = t.covered(role == "enemy" ? other_team(team) : role);
    REQUIRE(t.guess(miss, m.moving_a, m.moving_b).ok());
    CHECK(t.log.back().type == "cn.turn_ended");
    CHECK(field_of(t.log.back().payload, "/reason") == R"("miss")");
    state s = t.st();
    CHECK(s.team == other_team(team));
    CHECK(s.turn == 2);
    CHECK_FALSE(s.guessing);
    CHECK(s.history[0].ended == "miss");
    CHECK(s.history[0].guesses == std::vector<int>{miss});
    CHECK(t.clue_request().key == "clue:2:1");
    // The next spymaster reads what the last turn's guessers picked, and that they were not its.
    const std::string payload = t.clue_request().payload;
    CHECK(field_of(payload, "/history/0/clue") == R"("river")");
    CHECK(field_of(payload, "/history/0/picks/0") == json_quoted(s.cards[size_t(miss)].word));
    CHECK(field_of(payload, "/history/0/ours") == "false");
    CHECK(code_of(t.run(R"({"type":"propose","card":0})", m.moving_a)) == "not_your_turn");
  }
}

TEST_CASE("a clue allows its number + 1 guesses", "[codenames_game][guess]") {
  four_seats m;
  table& t = m.t;
  std::string team = m.team();
  t.give_clue("river", 1);
  REQUIRE(t.guess(t.covered(team), m.moving_a, m.moving_b).ok());
  CHECK(t.st().team == team);
  CHECK(t.st().guesses_left == 1);
  REQUIRE(t.guess(t.covered(team), m.moving_b, m.moving_a).ok());
  CHECK(t.log.back().type == "cn.turn_ended");
  CHECK(field_of(t.log.back().payload, "/reason") == R"("guesses_used")");
  CHECK(t.st().team == other_team(team));
  CHECK(t.st().history[0].guesses.size() == 2);
}

TEST_CASE("end_turn after at least one guess", "[codenames_game][guess]") {
  four_seats m;
  table& t = m.t;
  std::string team = m.team();
  t.give_clue("river", 3);
  CHECK(code_of(t.run(R"({"type":"end_turn"})", m.moving_a)) == "no_guess_yet");
  CHECK(field_of(t.view(m.moving_a), "/can_end_turn") == "false");
  REQUIRE(t.guess(t.covered(team), m.moving_a, m.moving_b).ok());
  CHECK(field_of(t.view(m.moving_a), "/can_end_turn") == "true");
  CHECK(code_of(t.run(R"({"type":"end_turn"})", m.waiting()[0])) == "not_your_turn");
  REQUIRE(t.run(R"({"type":"propose","card":)" + std::to_string(t.covered(team)) + "}", m.moving_a).ok());
  auto ended = t.run(R"({"type":"end_turn"})", m.moving_b);
  REQUIRE(ended.ok());
  CHECK(field_of(t.log.back().payload, "/reason") == R"("ended")");
  state s = t.st();
  CHECK(s.team == other_team(team));
  CHECK_FALSE(s.proposed);  // a proposal does not outlive its turn
  CHECK(s.history[0].ended == "ended");
}
