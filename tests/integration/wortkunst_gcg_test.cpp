// Wortkunst's reads beside the moves, through the real binary: the GCG export over REST (whose
// racks each reader sees) and from the command line, the `check` dry run over REST and the
// WebSocket, and which judge rates (for the lobby). The server runs without MISTRAL_API_KEY.
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/wortkunst_rest.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string joined(const std::vector<std::string>& letters) {
  std::string out;
  for (auto& l : letters) out += l;
  return out;
}

// The first `count` tiles of the rack as GCG writes them once wk_place_body laid them: a blank
// plays as "E" and is written in lower case.
std::string gcg_spelling(const std::vector<std::string>& rack, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i) out += rack.at(i) == "?" ? "e" : rack.at(i);
  return out;
}

}  // namespace

TEST_CASE("wortkunst GCG: over REST for any reader, racks as they may see them, and exported",
          "[integration][wortkunst][gcg]") {
  temp_dir dir;
  unsetenv("MISTRAL_API_KEY");
  auto server = std::make_unique<server_process>(dir.path());
  wk_client c{server->port(), {}};
  auto judge = c.call("GET", "/api/wortkunst/judge");
  CHECK(judge.status == 200);
  CHECK(judge.body == R"({"judge":"offline"})");

  auto g = c.create(2);
  const std::string anna = g.tokens[0], ben = g.tokens[1];
  c.join(g, 0, "Anna");
  c.join(g, 1, "Ben Berg");
  REQUIRE(c.act(g, "start", anna).status == 200);
  auto anna_rack = wk_strings(c.view(g, anna), "/rack");
  REQUIRE(c.act(g, "place", anna, wk_place_body(anna_rack, {"H8", "I8"})).status == 200);
  json_probe rated = c.settled(g, anna);
  REQUIRE(rated.at("/pending").is_null());
  std::string word = rated.str("/moves/0/words/0/word");
  std::string score = std::to_string(rated.num("/moves/0/score"));
  std::string played = gcg_spelling(anna_rack, 2);

  auto gcg = [&](const std::string& token) {
    auto r = c.call("GET", "/api/games/" + g.id + "/gcg", "", token);
    INFO(r.body);
    REQUIRE(r.status == 200);
    CHECK(r.content_type == "text/plain; charset=utf-8");
    return r.body;
  };
  std::string spectator = gcg("");
  INFO(spectator);
  CHECK(spectator.rfind("#character-encoding UTF-8\n#title Wortkunst " + g.id + "\n", 0) == 0);
  CHECK(has(spectator, "\n#player1 Anna Anna\n#player2 Ben_Berg Ben Berg\n"));
  CHECK(has(spectator, "\n#incomplete\n"));
  CHECK(has(spectator, "\n>Anna: 8H " + played + " +" + score + " " + score + "\n#note " + word));
  CHECK(has(gcg(anna), "\n>Anna: " + joined(anna_rack) + " 8H " + played + " +" + score));
  CHECK(has(gcg(ben), "\n>Anna: 8H " + played));
  CHECK(has(gcg("notaseattoken0000000000"), "\n>Anna: 8H " + played));  // read as a spectator

  wk_refused(c.call("GET", "/api/games/nosuchgame1/gcg"), 404, "no_such_game");
  auto vc = c.call("POST", "/match", R"({"name":"cards"})");
  REQUIRE(vc.status == 201);
  wk_refused(c.call("GET", "/api/games/" + json_probe(vc.body).str("/match_id") + "/gcg"), 404,
             "no_such_game");

  // Both pass: the game ends, every rack is public, 100 points off per tile.
  REQUIRE(c.act(g, "pass", ben).status == 200);
  REQUIRE(c.act(g, "pass", anna).status == 200);
  json_probe ended = c.view(g, "");
  REQUIRE(ended.str("/status") == "ended");
  std::string final_text = gcg("");
  CHECK_FALSE(has(final_text, "#incomplete"));
  CHECK(has(final_text, "\n>Anna: " + joined(anna_rack) + " 8H "));
  for (auto row : ended.at("/result/standings").get_array()) {
    std::vector<std::string> rack;
    for (auto l : row["rack"].get_array()) rack.emplace_back(std::string_view(l.get_string().value()));
    std::string nick = row["seat"].get_int64().value() == 0 ? "Anna" : "Ben_Berg";
    std::string line = ">" + nick + ": " + joined(rack) + " (" + joined(rack) + ") -" +
                       std::to_string(row["penalty"].get_int64().value()) + " " +
                       std::to_string(row["score"].get_int64().value()) + "\n";
    CHECK(has(final_text, line));
  }

  // The operator's export reads the journal beside the running server: the same file.
  auto [exported, status] = run_shell(wordhall_binary() + " wortkunst export --data-dir " + dir.path() +
                                " " + g.id);
  CHECK(status == 0);
  CHECK(exported == final_text);
  auto [missing, missing_status] = run_shell(wordhall_binary() + " wortkunst export --data-dir " +
                                       dir.path() + " nosuchgame1 2>/dev/null");
  CHECK(missing_status == 1);
  CHECK(missing.empty());
}

TEST_CASE("wortkunst check: the words a draft forms, over REST and the WebSocket, never a move",
          "[integration][wortkunst][check]") {
  temp_dir dir;
  unsetenv("MISTRAL_API_KEY");
  auto server = std::make_unique<server_process>(dir.path());
  wk_client c{server->port(), {}};
  auto g = c.create(2);
  const std::string anna = g.tokens[0], ben = g.tokens[1];
  c.join(g, 0, "Anna");
  c.join(g, 1, "Ben");
  wk_refused(c.act(g, "check", anna, R"({"tiles":[{"square":"H8","letter":"A"}]})"), 409,
             "not_started");
  REQUIRE(c.act(g, "start", anna).status == 200);
  auto anna_rack = wk_strings(c.view(g, anna), "/rack");
  REQUIRE(c.act(g, "place", anna, wk_place_body(anna_rack, {"H8", "I8"})).status == 200);
  json_probe rated = c.settled(g, anna);
  std::string word = rated.str("/moves/0/words/0/word");

  auto ben_rack = wk_strings(c.view(g, ben), "/rack");
  std::vector<std::string> one{ben_rack[0]};
  auto r = c.act(g, "check", ben, wk_place_body(one, {"J8"}));
  INFO(r.body);
  REQUIRE(r.status == 200);
  std::string extended = word + (ben_rack[0] == "?" ? "E" : ben_rack[0]);
  CHECK(json_probe(r.body).str("/words/0") == extended);
  wk_refused(c.act(g, "check", ben, wk_place_body(one, {"A1"})), 422, "not_connected");
  wk_refused(c.act(g, "check", "", wk_place_body(one, {"J8"})), 403, "not_a_seat");
  wk_refused(c.act(g, "check", ben, "{}"), 400, "bad_field");
  json_probe after = c.view(g, ben);
  CHECK(after.at("/moves").get_array().size() == 1);
  CHECK(after.at("/pending").is_null());
  CHECK(after.num("/turn") == 1);

  ws_client ws(server->port());
  std::string command = R"({"type":"check",)" + wk_place_body(one, {"J8"}).substr(1);
  ws.send(R"({"type":"command","clientSeq":7,"matchId":")" + g.id + R"(","token":")" + ben +
          R"(","command":)" + command + "}");
  json_probe ack(ws.receive_containing("\"clientSeq\":7"));
  INFO(ack.text());
  CHECK(ack.str("/type") == "ack");
  CHECK(ack.str("/reply/words/0") == extended);
  // A tile of Ben's own rack, or the refusal would be tile_not_on_rack.
  std::string unconnected = R"({"type":"check",)" + wk_place_body(one, {"A1"}).substr(1);
  ws.send(R"({"type":"command","clientSeq":8,"matchId":")" + g.id + R"(","token":")" + ben +
          R"(","command":)" + unconnected + "}");
  json_probe refused(ws.receive_containing("\"clientSeq\":8"));
  CHECK(refused.str("/type") == "error");
  CHECK(refused.str("/error/code") == "not_connected");
}
