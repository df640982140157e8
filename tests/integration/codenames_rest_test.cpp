// Codenames through real HTTP against the real `wordhall serve` with the real baseline spymaster
// on the default data: create, invitation, teams, the clue from the model worker, guesses chosen
// with the key the admin API shows, to the end, and a rematch; refusals with their statuses; the
// pages; and a spymaster that cannot answer: the match waits, nothing is lost across a restart,
// and "try again" brings the clue.
#include "tests/support/codenames_rest.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

// The index of a covered card of `role` by the admin's key; -1 if none.
int covered_card(const json_probe& admin, const std::string& role) {
  for (int i = 0; i < 25; ++i) {
    std::string at = "/state/cards/" + std::to_string(i);
    if (!admin.at((at + "/revealed").c_str()).get_bool().value() &&
        admin.str((at + "/role").c_str()) == role)
      return i;
  }
  return -1;
}

}  // namespace

TEST_CASE("codenames over REST: a two-team match with the baseline spymaster to the end",
          "[integration][codenames]") {
  auto flags = baseline_spymaster_flags();
  if (!flags) return;
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token", *flags);
  cn_client c{server.port(), server.admin_token()};

  cn_refused(c.call("POST", "/api/codenames", R"({"mode":"three"})"), 400, "bad_mode");
  cn_refused(c.call("POST", "/api/codenames", "{"), 400, "bad_json");
  auto m = c.create(R"({"mode":"two_teams","name":"Ann","team":"red"})");
  for (auto t : {m.host, m.invite, m.spectator}) CHECK(t.size() >= 22);
  cn_refused(c.call("GET", "/api/codenames/" + m.id), 403, "not_a_seat");
  cn_refused(c.call("GET", "/api/codenames/nosuchmatch1", "", m.host), 404, "no_such_match");
  cn_refused(c.act(m, "start", m.host), 409, "team_empty");
  cn_refused(c.act(m, "join", m.invite, R"({"team":"green"})"), 400, "bad_team");
  std::string bob = c.join(m, R"({"name":"Bob","team":"blue"})");
  cn_refused(c.act(m, "start", bob), 403, "not_host");
  cn_refused(c.act(m, "start", m.spectator), 403, "not_a_seat");

  // The pages: each link opens the game page, other tokens the 404 page.
  CHECK(c.call("GET", "/cn/" + m.id + "/p/" + m.host).status == 200);
  CHECK(c.call("GET", "/cn/" + m.id + "/join/" + m.invite).status == 200);
  auto watch = c.call("GET", "/cn/" + m.id + "/watch/" + m.spectator);
  CHECK(watch.status == 200);
  CHECK(watch.content_type.find("text/html") == 0);
  CHECK(c.call("GET", "/cn/" + m.id + "/watch/" + m.host).status == 404);
  CHECK(c.call("GET", "/cn/" + m.id + "/p/" + m.invite).status == 404);
  CHECK(c.call("GET", "/cn/nosuchmatch1/p/" + m.host).status == 404);

  REQUIRE(c.act(m, "start", m.host).status == 200);
  json_probe first = c.settled(m, m.host);
  INFO(first.text());
  REQUIRE(first.str("/phase") == "guessing");
  std::string team = first.str("/team");
  std::string mover = team == "red" ? m.host : bob, waiting = team == "red" ? bob : m.host;
  CHECK(first.str("/clue/team") == team);
  CHECK(first.num("/clue/number") >= 1);
  CHECK(first.num("/clue/guesses_left") == first.num("/clue/number") + 1);
  CHECK(first.str("/history/0/spymaster") == "baseline");
  CHECK_FALSE(first.has("/history/0/targets"));
  for (int i = 0; i < 25; ++i) CHECK(first.at(("/cards/" + std::to_string(i) + "/role").c_str()).is_null());

  // The clue's targets, which only the admin sees, are covered cards of the team.
  json_probe admin = c.admin_state(m);
  std::set<std::string> own;
  for (int i = 0; i < 25; ++i)
    if (admin.str(("/state/cards/" + std::to_string(i) + "/role").c_str()) == team)
      own.insert(admin.str(("/state/cards/" + std::to_string(i) + "/word").c_str()));
  auto targets = admin.at("/state/history/0/targets").get_array();
  CHECK(targets.size() == static_cast<size_t>(first.num("/clue/number")));
  for (auto t : targets) CHECK(own.count(std::string(t.get_string().value())));

  cn_refused(c.act(m, "propose", waiting, R"({"card":0})"), 409, "not_your_turn");
  cn_refused(c.act(m, "propose", mover, R"({"card":25})"), 422, "bad_card");
  cn_refused(c.act(m, "confirm", mover), 409, "no_proposal");
  cn_refused(c.act(m, "end-turn", mover), 409, "no_guess_yet");
  cn_refused(c.act(m, "retry-clue", mover), 409, "clue_not_failed");

  // Each team reveals its own cards (by the key), clue after clue, until one has found all.
  int revealed_card = -1;
  for (int step = 0; step < 60; ++step) {
    json_probe v = c.settled(m, m.host);
    if (v.str("/status") == "ended") break;
    REQUIRE(v.str("/phase") == "guessing");
    std::string moving = v.str("/team");
    std::string player = moving == "red" ? m.host : bob;
    int card = covered_card(c.admin_state(m), moving);
    REQUIRE(card >= 0);
    auto proposed = c.act(m, "propose", player, R"({"card":)" + std::to_string(card) + "}");
    REQUIRE(proposed.status == 200);
    CHECK(json_probe(proposed.body).num("/proposal/card") == card);
    // Alone on the team (and nobody connected): the proposer confirms.
    auto confirmed = c.act(m, "confirm", player, R"({"card":)" + std::to_string(card) + "}");
    INFO(confirmed.body);
    REQUIRE(confirmed.status == 200);
    revealed_card = card;
  }
  REQUIRE(revealed_card >= 0);
  cn_refused(c.act(m, "propose", m.host, R"({"card":)" + std::to_string(revealed_card) + "}"), 409,
             "game_over");

  json_probe end = c.view(m, m.spectator);
  INFO(end.text());
  REQUIRE(end.str("/status") == "ended");
  CHECK(end.str("/access") == "spectator");
  CHECK(end.str("/result/reason") == "all_found");
  std::string winner = end.str("/result/winner");
  CHECK(end.num(("/remaining/" + winner).c_str()) == 0);
  for (int i = 0; i < 25; ++i) CHECK_FALSE(end.at(("/cards/" + std::to_string(i) + "/role").c_str()).is_null());
  CHECK(end.has("/history/0/targets"));
  CHECK(c.view(m, winner == "red" ? m.host : bob).at("/result/won").get_bool().value());

  // The journal replays to the live state.
  json_probe live = c.admin_state(m);
  auto replayed = c.call("GET", "/admin/matches/" + m.id + "/state?at=" +
                                    std::to_string(live.num("/lastSeq")),
                         "", server.admin_token());
  REQUIRE(replayed.status == 200);
  CHECK(json_probe(replayed.body).str("/hash") == live.str("/hash"));

  // The rematch: the next game of the same match for the same seats, its first clue asked for.
  cn_refused(c.act(m, "rematch", m.spectator), 403, "not_a_seat");
  auto rematch = c.act(m, "rematch", bob, R"({"game_number":1})");
  INFO(rematch.body);
  REQUIRE(rematch.status == 200);
  json_probe second(rematch.body);
  CHECK(second.num("/game_number") == 2);
  CHECK(second.str("/status") == "playing");
  CHECK(second.at("/result").is_null());
  CHECK(second.str("/you/name") == "Bob");
  CHECK(second.str("/you/team") == "blue");
  cn_refused(c.act(m, "rematch", m.host), 409, "not_over");
  CHECK(c.act(m, "rematch", m.host, R"({"game_number":1})").status == 200);  // a late click joins it
  json_probe next_game = c.settled(m, m.host);
  CHECK(next_game.num("/game_number") == 2);
  CHECK(next_game.str("/phase") == "guessing");
  CHECK(next_game.num("/turn") == 1);
  CHECK(c.admin_state(m).num("/state/game_number") == 2);
}

TEST_CASE("codenames over REST: a spymaster that fails leaves the match waiting; try again works",
          "[integration][codenames]") {
  auto flags = baseline_spymaster_flags();
  if (!flags) return;
  temp_dir dir;
  // A first server whose spymaster cannot load (no vectors): every clue fails.
  auto broken = *flags;
  broken.insert(broken.end(), {"--vectors", dir.path() + "/no-such-vectors.whv"});
  std::optional<server_process> server;
  server.emplace(dir.path(), "test-admin-token", broken);
  cn_client c{server->port(), server->admin_token()};
  auto m = c.create(R"({"mode":"one_team","name":"Sol"})");
  cn_refused(c.act(m, "join", m.invite, R"({"team":"blue"})"), 400, "bad_team");
  std::string mia = c.join(m, R"({"name":"Mia"})");
  REQUIRE(c.act(m, "start", m.host).status == 200);
  json_probe failed = c.settled(m, mia);
  INFO(failed.text());
  REQUIRE(failed.str("/spymaster/status") == "failed");
  CHECK(failed.str("/spymaster/error/code") == "spymaster_unavailable");
  CHECK_FALSE(failed.str("/spymaster/error/message").empty());
  CHECK(failed.at("/spymaster/can_retry").get_bool().value());
  CHECK(failed.str("/phase") == "clue");
  cn_refused(c.act(m, "propose", mia, R"({"card":0})"), 409, "clue_pending");
  cn_refused(c.act(m, "retry-clue", m.spectator), 403, "not_a_seat");

  // Retrying on the same server fails the same way, as a new attempt.
  REQUIRE(c.act(m, "retry-clue", mia).status == 200);
  json_probe again = c.settled(m, mia);
  CHECK(again.str("/spymaster/status") == "failed");
  CHECK(again.num("/spymaster/attempt") == 2);

  // The server restarts with its data: the match waits as it was, and "try again" works.
  REQUIRE(server->terminate() == 0);
  server.emplace(dir.path(), "test-admin-token", *flags);
  c.port = server->port();
  json_probe waiting = c.view(m, m.host);
  CHECK(waiting.str("/spymaster/status") == "failed");
  CHECK(waiting.num("/turn") == 1);
  CHECK(waiting.at("/seats").get_array().size() == 2);
  REQUIRE(c.act(m, "retry-clue", m.host).status == 200);
  json_probe clued = c.settled(m, m.host);
  INFO(clued.text());
  CHECK(clued.str("/phase") == "guessing");
  CHECK(clued.str("/clue/team") == "red");
  CHECK(clued.num("/clue/number") >= 1);
  CHECK(clued.str("/history/0/spymaster") == "baseline");
}
