// `wordhall serve --cluster` serving games: every node serves, each match owned by one node.
// Players of one match on different nodes play it together and WebSocket viewers on nodes that
// do not own it get every update once, in order; a web node's clues and ratings come from a
// worker node; tools/cluster starts a cluster whose nodes serve one match together.
#include "tests/support/cluster_nodes.hpp"
#include "tests/support/codenames_rest.hpp"
#include "tests/support/wortkunst_rest.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <sstream>

using namespace wordhall;
using namespace wordhall::testing;

TEST_CASE("cluster: on three NATS servers (R3), players of one match on three nodes play a vector "
          "cards round, a Wortkunst game and a Codenames match; viewers on nodes that do not own "
          "the match see every update once, in order",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  unsetenv("MISTRAL_API_KEY");  // the offline judge rates, on the game's owner
  temp_dir dir;
  nats_cluster_fixture nats;
  auto a = start_node(dir, nats.urls(), "a", *words, 3);
  auto b = start_node(dir, nats.urls(), "b", *words, 3);
  auto c = start_node(dir, nats.urls(), "c", *words, 3);
  rest_client on_a{a->port(), {}}, on_b{b->port(), {}}, on_c{c->port(), {}};

  // Vector cards, created on a, so a owns it; Bob plays through b, Cy through c.
  const std::string match = create_match(on_a, R"({"round_timeout_secs":600,"wildcard_ratio":0})");
  seat ann = join(on_a, match, "Ann");
  seat bob = join(on_b, match, "Bob");
  seat cy = join(on_c, match, "Cy");
  ws_client bob_viewer(b->port()), cy_viewer(c->port());
  bob_viewer.send(R"({"type":"subscribe","matchId":")" + match + R"(","token":")" + bob.id + R"("})");
  cy_viewer.send(R"({"type":"subscribe","matchId":")" + match + R"(","token":")" + cy.id + R"("})");
  const uint64_t bob_seq = frame_seq(bob_viewer.receive_containing(R"("type":"snapshot")"));
  const uint64_t cy_seq = frame_seq(cy_viewer.receive_containing(R"("type":"snapshot")"));

  REQUIRE(on_b.post("/match/" + match + "/start", with_player(ann.id)).status == 200);
  std::vector<std::pair<rest_client*, seat*>> players{{&on_a, &ann}, {&on_b, &bob}, {&on_c, &cy}};
  for (size_t i = 0; i < players.size(); ++i) {
    auto& [client, who] = players[i];
    json_probe dealt(client->get(round_url(match, who->id)).body);
    auto publics = tokens(dealt, "/round_state/public_cards");
    auto hand = tokens(dealt, "/round_state/private_cards");
    REQUIRE(client->post("/match/" + match + "/round/1/submit",
                         submit_body(who->id, publics[i], i % 2 ? "-" : "+", hand[0], "+"))
                .status == 200);
  }
  follow_to_results(bob_viewer, bob_seq);
  follow_to_results(cy_viewer, cy_seq);
  json_probe via_a(on_a.get(round_url(match, ann.id)).body);
  CHECK(via_a.str("/round_state/phase") == "results");
  for (auto* other : {&on_b, &on_c}) {
    json_probe via(other->get(round_url(match, ann.id)).body);
    CHECK(to_json_text(via.at("/round_state")) == to_json_text(via_a.at("/round_state")));
  }
  // b and c stood in for a: they forwarded, and run no match actor of their own.
  for (auto& node : {b.get(), c.get()}) {
    CHECK(metric(node->port(), "wordhall_cluster_commands_forwarded_total") >= 2);
    CHECK(metric(node->port(), "wordhall_live_matches") == 0);
    CHECK(metric(node->port(), "wordhall_cluster_nodes") == 3);
  }
  CHECK(metric(a->port(), "wordhall_cluster_requests_answered_total") >= 4);

  // Wortkunst, owned by b: the host plays through b, the guest through c.
  wk_client wk_b{b->port(), {}}, wk_c{c->port(), {}};
  auto g = wk_b.create(2);
  wk_b.join(g, 0, "Ann");
  wk_c.join(g, 1, "Bob");
  REQUIRE(wk_b.act(g, "start", g.tokens[0]).status == 200);
  auto rack = wk_strings(wk_b.view(g, g.tokens[0]), "/rack");
  auto bob_rack = wk_strings(wk_c.view(g, g.tokens[1]), "/rack");
  CHECK(bob_rack.size() == 7);
  // Each sees their own rack, wherever they connect.
  CHECK(wk_strings(wk_c.view(g, g.tokens[0]), "/rack") == rack);
  REQUIRE(wk_b.act(g, "place", g.tokens[0], wk_place_body(rack, {"G8", "H8", "I8"})).status == 200);
  json_probe rated = wk_c.settled(g, g.tokens[1]);  // the rating, given on b, seen through c
  CHECK(rated.str("/moves/0/kind") == "place");
  CHECK(rated.str("/moves/0/judge") == "offline");
  CHECK(rated.num("/moves/0/score") > 0);
  CHECK(wk_board_at(rated, "H8") != ".");
  CHECK(wk_strings(rated, "/rack") == bob_rack);
  REQUIRE(wk_c.act(g, "pass", g.tokens[1]).status == 200);
  CHECK(wk_b.view(g, g.tokens[0]).text().find(R"("kind":"pass")") != std::string::npos);

  // Codenames, created on c: Bob joins and plays through a, the host starts through b.
  cn_client cn_a{a->port(), ""}, cn_b{b->port(), ""}, cn_c{c->port(), ""};
  auto m = cn_c.create(R"({"mode":"two_teams","name":"Ann","team":"red"})");
  std::string bob_seat = cn_a.join(m, R"({"name":"Bob","team":"blue"})");
  REQUIRE(cn_b.act(m, "start", m.host).status == 200);
  json_probe first = cn_a.settled(m, bob_seat);  // the spymaster's clue, given on c
  REQUIRE(first.str("/phase") == "guessing");
  CHECK(first.num("/clue/number") >= 1);
  CHECK(cn_b.view(m, bob_seat).str("/clue/word") == first.str("/clue/word"));
  for (int i = 0; i < 25; ++i)  // the key stays with the spymaster, on every node
    CHECK(first.at(("/cards/" + std::to_string(i) + "/role").c_str()).is_null());
  const std::string mover = first.str("/team") == "red" ? m.host : bob_seat;
  auto proposed = cn_a.act(m, "propose", mover, R"({"card":0})");
  INFO(proposed.body);
  CHECK(proposed.status == 200);
  CHECK(cn_c.view(m, mover).num("/proposal/card") == 0);
}

TEST_CASE("cluster: a web node's ratings and clues come from the worker; without a worker a "
          "rating fails with a sentence, and its retry succeeds once a worker is back",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  unsetenv("MISTRAL_API_KEY");  // the worker's offline judge rates
  temp_dir dir;
  nats_fixture nats;
  auto with_role = [&](const std::string& role) {
    auto flags = *words;
    flags.push_back("--role");
    flags.push_back(role);
    return flags;
  };
  auto worker = start_node(dir, nats.server.url(), "worker", with_role("worker"));
  auto web = start_node(dir, nats.server.url(), "web", with_role("web"));
  CHECK(web->log().find("judge_ready") == std::string::npos);  // it loads no model

  // Wortkunst on the web node, which owns the game: the worker rates the move.
  wk_client wk{web->port(), {}};
  auto g = wk.create(1);
  wk.join(g, 0, "Ann");
  REQUIRE(wk.act(g, "start", g.tokens[0]).status == 200);
  auto rack = wk_strings(wk.view(g, g.tokens[0]), "/rack");
  REQUIRE(wk.act(g, "place", g.tokens[0], wk_place_body(rack, {"G8", "H8", "I8"})).status == 200);
  json_probe rated = wk.settled(g, g.tokens[0]);
  REQUIRE(rated.at("/pending").is_null());
  CHECK(rated.str("/moves/0/judge") == "offline");
  CHECK(rated.num("/moves/0/score") > 0);

  // Codenames on the web node: the worker's spymaster gives the clue.
  cn_client cn{web->port(), ""};
  auto m = cn.create(R"({"mode":"two_teams","name":"Ann","team":"red"})");
  cn.join(m, R"({"name":"Bob","team":"blue"})");
  REQUIRE(cn.act(m, "start", m.host).status == 200);
  json_probe clue = cn.settled(m, m.host);
  CHECK(clue.str("/phase") == "guessing");
  CHECK(clue.num("/clue/number") >= 1);
  json_probe status(http_call(web->port(), "GET", "/api/spymaster").body);
  CHECK(status.str("/givingClues") != "none");

  // No worker: the next rating fails with a sentence the player can act on.
  worker->kill_hard();
  json_probe now = wk.view(g, g.tokens[0]);
  auto second = wk_strings(now, "/rack");
  REQUIRE(wk.act(g, "place", g.tokens[0], wk_place_body(second, {"H9", "H10"})).status == 200);
  json_probe failed = wk.settled(g, g.tokens[0]);
  REQUIRE(failed.str("/pending/status") == "failed");
  CHECK(failed.str("/pending/error/code") == "no_worker");
  CHECK(failed.str("/pending/error/message").find("No worker") != std::string::npos);
  CHECK(json_probe(http_call(web->port(), "GET", "/api/spymaster").body).str("/givingClues") ==
        "none");

  // A worker again: the retry is rated.
  worker = start_node(dir, nats.server.url(), "worker", with_role("worker"));
  REQUIRE(wk.act(g, "retry-rating", g.tokens[0]).status == 200);
  json_probe retried = wk.settled(g, g.tokens[0]);
  CHECK(retried.at("/pending").is_null());
  CHECK(retried.at("/moves").get_array().size() == 2);
}

TEST_CASE("cluster: tools/cluster up starts three NATS servers and three nodes that serve a match "
          "together; down stops them all",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  // Below the kernel's ephemeral range, where the other tests' servers listen.
  const int port = 20000 + static_cast<int>(getpid() % 9000);
  const std::string env = "cd " + std::string(WORDHALL_SOURCE_DIR) +
                          " && WORDHALL_CLUSTER_DIR=" + dir.path() + " tools/cluster ";
  auto up = run_shell(env + "up --nodes 3 --port " + std::to_string(port) + " 2>&1");
  INFO(up.output);
  REQUIRE(up.status == 0);
  std::vector<unsigned short> node_ports;
  std::vector<pid_t> pids;
  std::istringstream lines(up.output);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string kind, name, url;
    long pid = 0;
    if (!(fields >> kind >> name >> url >> pid) || (kind != "node" && kind != "nats")) continue;
    pids.push_back(static_cast<pid_t>(pid));
    if (kind == "node")
      node_ports.push_back(static_cast<unsigned short>(std::stoi(url.substr(url.rfind(':') + 1))));
  }
  REQUIRE(node_ports.size() == 3);
  REQUIRE(pids.size() == 6);

  // Every node is ready (up waited), and the three serve one match together.
  rest_client first{node_ports[0], {}};
  const std::string match = create_match(first, R"({"wildcard_ratio":0})");
  seat host = join(first, match, "Ann");
  for (size_t i = 1; i < node_ports.size(); ++i) {
    rest_client other{node_ports[i], {}};
    join(other, match, "P" + std::to_string(i));
  }
  rest_client last{node_ports[2], {}};
  REQUIRE(last.post("/match/" + match + "/start", with_player(host.id)).status == 200);
  json_probe view(first.get("/match/" + match + "?player_id=" + host.id).body);
  CHECK(view.at("/players").get_array().size() == 3);
  CHECK(run_shell(env + "status").output.find("node w3 http://127.0.0.1:" +
                                              std::to_string(port + 2)) != std::string::npos);

  auto down = run_shell(env + "down 2>&1");
  INFO(down.output);
  CHECK(down.status == 0);
  for (pid_t pid : pids) {  // every process has ended (reaped, or a zombie)
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    INFO("pid " << pid << ": " << text);
    CHECK((!stat || text.find(") Z ") != std::string::npos));
  }
}
