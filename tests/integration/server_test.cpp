// End to end through the real binary: HTTP and WebSocket error handling, admin API, replay CLI,
// graceful shutdown.
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>

using namespace wordhall::testing;

namespace {

struct two_player_match {
  std::string id, x_token, o_token;
};

two_player_match start_match(ws_client& ws) {
  ws.send(R"({"type":"command","clientSeq":1,"game":"tictactoe","command":{"type":"create","name":"Ann"}})");
  json_probe created(ws.receive_containing("\"clientSeq\":1"));
  REQUIRE(created.str("/type") == "ack");
  two_player_match m{created.str("/matchId"), created.str("/reply/token"), ""};
  ws.send(R"({"type":"command","clientSeq":2,"matchId":")" + m.id +
          R"(","command":{"type":"join","name":"Bob"}})");
  json_probe joined(ws.receive_containing("\"clientSeq\":2"));
  REQUIRE(joined.str("/type") == "ack");
  m.o_token = joined.str("/reply/token");
  return m;
}

std::string place(const two_player_match& m, const std::string& token, int cell, int client_seq) {
  return R"({"type":"command","clientSeq":)" + std::to_string(client_seq) + R"(,"matchId":")" +
         m.id + R"(","token":")" + token + R"(","command":{"type":"place","cell":)" +
         std::to_string(cell) + "}}";
}


}  // namespace

TEST_CASE("WebSocket: bad input gets a specific error frame and changes nothing", "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  ws_client ws(server.port());
  auto m = start_match(ws);
  const auto token = server.admin_token();
  auto last_seq = [&] {
    return json_probe(http_call(server.port(), "GET", "/admin/matches/" + m.id + "/events", "", token).body)
        .num("/lastSeq");
  };
  int64_t before = last_seq();

  ws.send("{not json");
  CHECK(json_probe(ws.receive()).str("/error/code") == "bad_json");
  ws.send(R"([1,2])");
  CHECK(json_probe(ws.receive()).str("/error/code") == "bad_json");
  ws.send(R"({"type":"teleport"})");
  CHECK(json_probe(ws.receive()).str("/error/code") == "unknown_type");
  ws.send(R"({"type":"command","clientSeq":5,"matchId":"nope","command":{"type":"place","cell":1}})");
  CHECK(json_probe(ws.receive()).str("/error/code") == "no_such_match");
  ws.send(R"({"type":"command","clientSeq":6,"game":"chess","command":{"type":"create"}})");
  CHECK(json_probe(ws.receive()).str("/error/code") == "unknown_game");
  ws.send(place(m, m.o_token, 4, 7));
  json_probe wrong_turn(ws.receive());
  CHECK(wrong_turn.str("/error/code") == "not_your_turn");
  CHECK(wrong_turn.num("/clientSeq") == 7);
  ws.send(place(m, "forged-token", 4, 8));
  CHECK(json_probe(ws.receive()).str("/error/code") == "not_a_player");
  ws.send_binary("\x01\x02");
  CHECK(json_probe(ws.receive()).str("/error/code") == "binary_not_supported");
  CHECK(last_seq() == before);

  // Still usable after all that.
  ws.send(place(m, m.x_token, 4, 9));
  json_probe ack(ws.receive_containing("\"clientSeq\":9"));
  CHECK(ack.str("/type") == "ack");
  CHECK(ack.num("/seq") == before + 1);

  // An oversized message closes the connection with 1009 and changes nothing.
  ws.send(std::string(65 * 1024, ' ') + "{}");
  CHECK_THROWS(ws.receive_containing("never"));
  CHECK(ws.close_reason().code == 1009);
  CHECK(last_seq() == before + 1);
}

TEST_CASE("subscribers get a snapshot, then updates with the match's seq", "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  ws_client player(server.port());
  auto m = start_match(player);
  ws_client watcher(server.port());
  watcher.send(R"({"type":"subscribe","matchId":")" + m.id + R"(","token":")" + m.o_token + "\"}");
  json_probe snapshot(watcher.receive());
  CHECK(snapshot.str("/type") == "snapshot");
  CHECK(snapshot.num("/seq") == 3);
  CHECK(snapshot.str("/view/you") == "o");
  CHECK(snapshot.str("/view/board") == ".........");
  CHECK(snapshot.text().find(m.x_token) == std::string::npos);
  player.send(place(m, m.x_token, 0, 3));
  json_probe update(watcher.receive());
  CHECK(update.str("/type") == "update");
  CHECK(update.num("/seq") == 4);
  CHECK(update.str("/view/board") == "x........");
  CHECK(update.str("/events/0/type") == "ttt.mark_placed");
}

TEST_CASE("HTTP: /readyz answers 503 while parts load, 200 once none is waiting", "[integration]") {
  temp_dir dir;
  // No vectors: the embeddings (and the spymaster, which needs them) end unavailable, and the
  // server is still ready: it serves what it has.
  server_process server(dir.path(), "test-admin-token", {"--vectors", dir.path() + "/no-vectors"});
  auto p = server.port();
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  auto r = http_call(p, "GET", "/readyz");
  while (r.status != 200) {
    REQUIRE(r.status == 503);
    json_probe loading(r.body);
    CHECK(loading.str("/status") == "loading");
    CHECK(loading.at("/waiting").get_array().size() > 0);
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    r = http_call(p, "GET", "/readyz");
  }
  json_probe ready(r.body);
  CHECK(ready.str("/status") == "ready");
  CHECK(ready.at("/waiting").get_array().size() == 0);
  CHECK(ready.str("/unavailable/0/part") == "embeddings");
  CHECK(ready.str("/unavailable/0/reason").find("no-vectors") != std::string::npos);
  CHECK(http_call(p, "GET", "/healthz").status == 200);
  CHECK(http_call(p, "POST", "/readyz").status == 405);
}

TEST_CASE("HTTP: bad paths, health, metrics and the admin API's guard", "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  auto p = server.port();
  auto missing = http_call(p, "GET", "/no/such/page");
  CHECK(missing.status == 404);
  CHECK(json_probe(missing.body).str("/error/code") == "not_found");
  CHECK(json_probe(http_call(p, "GET", "/%2e%2e/%2e%2e/etc/passwd").body).str("/error/code") == "bad_path");
  CHECK(http_call(p, "GET", "/").status == 200);
  CHECK(http_call(p, "GET", "/healthz").status == 200);
  CHECK(json_probe(http_call(p, "GET", "/healthz").body).str("/status") == "ok");
  auto metrics = http_call(p, "GET", "/metrics");
  CHECK(metrics.status == 200);
  for (auto name : {"wordhall_live_matches", "wordhall_websocket_connections",
                    "wordhall_events_appended_total", "wordhall_append_latency_seconds_bucket",
                    "wordhall_recoveries_total"})
    CHECK(metrics.body.find(name) != std::string::npos);
  CHECK(http_call(p, "POST", "/healthz").status == 405);

  auto no_token = http_call(p, "GET", "/admin/matches");
  CHECK(no_token.status == 401);
  CHECK(json_probe(no_token.body).str("/error/code") == "unauthorized");
  CHECK(http_call(p, "GET", "/admin/matches", "", "wrong").status == 401);
  auto ok = http_call(p, "GET", "/admin/matches", "", server.admin_token());
  CHECK(ok.status == 200);
  CHECK(json_probe(ok.body).at("/matches").get_array().size() == 0);
  auto bad_limit = http_call(p, "GET", "/admin/matches?limit=abc", "", server.admin_token());
  CHECK(bad_limit.status == 400);
  CHECK(json_probe(bad_limit.body).str("/error/code") == "bad_query");
  auto unknown = http_call(p, "GET", "/admin/matches/zzz/events", "", server.admin_token());
  CHECK(unknown.status == 404);
  CHECK(json_probe(unknown.body).str("/error/code") == "no_such_match");
}

TEST_CASE("admin is disabled without a token", "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "");
  auto r = http_call(server.port(), "GET", "/admin/matches", "", "anything");
  CHECK(r.status == 404);
  CHECK(json_probe(r.body).str("/error/code") == "admin_disabled");
  CHECK(http_call(server.port(), "GET", "/admin").status == 404);
}

TEST_CASE("admin reads streams and states at any event; replay prints the live hash",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  ws_client ws(server.port());
  auto m = start_match(ws);
  int seq = 3;
  for (auto [token, cell] : std::vector<std::pair<std::string, int>>{
           {m.x_token, 0}, {m.o_token, 4}, {m.x_token, 8}}) {
    ws.send(place(m, token, cell, ++seq));
    REQUIRE(json_probe(ws.receive_containing("\"clientSeq\":" + std::to_string(seq))).str("/type") == "ack");
  }
  auto p = server.port();
  auto t = server.admin_token();
  json_probe list(http_call(p, "GET", "/admin/matches", "", t).body);
  CHECK(list.str("/matches/0/id") == m.id);
  CHECK(list.str("/matches/0/game") == "tictactoe");
  CHECK(list.num("/matches/0/events") == 6);
  CHECK(list.str("/matches/0/players/1") == "Bob");

  json_probe page(http_call(p, "GET", "/admin/matches/" + m.id + "/events?from=2&limit=2", "", t).body);
  CHECK(page.num("/events/0/seq") == 2);
  CHECK(page.num("/next") == 4);
  CHECK(page.str("/events/1/type") == "ttt.round_started");

  json_probe at4(http_call(p, "GET", "/admin/matches/" + m.id + "/state?at=4", "", t).body);
  CHECK(at4.str("/state/board") == "x........");
  json_probe at0(http_call(p, "GET", "/admin/matches/" + m.id + "/state?at=0", "", t).body);
  CHECK(at0.str("/state/status") == "new");
  CHECK(http_call(p, "GET", "/admin/matches/" + m.id + "/state?at=99", "", t).status == 400);
  json_probe live(http_call(p, "GET", "/admin/matches/" + m.id + "/state", "", t).body);
  CHECK(live.str("/state/board") == "x...o...x");
  json_probe at6(http_call(p, "GET", "/admin/matches/" + m.id + "/state?at=6", "", t).body);
  CHECK(at6.str("/hash") == live.str("/hash"));

  std::string printed =
      run_shell(wordhall_binary() + " replay --data-dir " + dir.path() + " " + m.id).output;
  CHECK(printed.find("\"type\":\"ttt.mark_placed\"") != std::string::npos);
  CHECK(printed.find("state_hash=" + live.str("/hash") + " last_seq=6") != std::string::npos);
}

TEST_CASE("SIGTERM drains: browsers hear 'restarting', the server exits 0, nothing is lost",
          "[integration]") {
  temp_dir dir;
  std::string match_id, x_token;
  {
    server_process server(dir.path());
    ws_client ws(server.port());
    auto m = start_match(ws);
    match_id = m.id;
    x_token = m.x_token;
    ws.send(place(m, m.x_token, 4, 10));
    REQUIRE(json_probe(ws.receive_containing("\"clientSeq\":10")).str("/type") == "ack");
    CHECK(server.terminate() == 0);
    CHECK(ws.receive_containing("restarting") == R"({"type":"restarting"})");
    CHECK_THROWS(ws.receive());
    CHECK(ws.close_reason().code == 1012);
  }
  server_process again(dir.path());
  json_probe state(http_call(again.port(), "GET", "/admin/matches/" + match_id + "/state", "",
                             again.admin_token()).body);
  CHECK(state.num("/lastSeq") == 4);
  CHECK(state.str("/state/board") == "....x....");
}

TEST_CASE("word checks: usable, blocked and unknown words, or 503 without vectors",
          "[integration][words]") {
  temp_dir dir;
  {
    server_process bare(dir.path(), "", {"--vectors", dir.path() + "/none.whv"});
    auto r = http_call(bare.port(), "GET", "/api/words/queen");
    CHECK(r.status == 503);
    CHECK(json_probe(r.body).str("/error/code") == "embeddings_unavailable");
  }
  const std::string root = WORDHALL_SOURCE_DIR;
  const std::string vectors = root + "/data/embeddings/glove-6b-100d.whv";
  if (!std::ifstream(vectors)) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors missing: run tools/prepare-data");
    return;
  }
  server_process server(dir.path(), "", {"--vectors", vectors, "--blocklist", root + "/config/blocklist.txt",
                                         "--function-words", root + "/config/function-words.txt",
                                         "--word-frequencies", root + "/data/embeddings/subtlex-frequencies.tsv"});
  // The vectors load after the server listens; on a busy machine that takes a while.
  wait_until_ready(server.port());
  json_probe queen(http_call(server.port(), "GET", "/api/words/queen").body);
  CHECK(queen.at("/usable").get_bool().value());
  json_probe blocked(http_call(server.port(), "GET", "/api/words/fucking").body);
  CHECK(blocked.at("/blocked").get_bool().value());
  CHECK_FALSE(blocked.at("/usable").get_bool().value());
  json_probe typo(http_call(server.port(), "GET", "/api/words/qeen").body);
  CHECK_FALSE(typo.at("/known").get_bool().value());
  // "seen" and "queen" are both one edit away; the more frequent word comes first.
  CHECK(typo.text().find("\"queen\"") != std::string::npos);
  json_probe cased(http_call(server.port(), "GET", "/api/words/Paris").body);
  CHECK(cased.str("/token") == "paris");  // GloVe is lower-case: any case finds the word
  CHECK(cased.at("/usable").get_bool().value());
}
