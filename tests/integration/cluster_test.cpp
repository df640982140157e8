// `wordhall serve --cluster`: the journal in JetStream (real nats-server processes on loopback)
// and every node serving, each match owned by one node. Players of one match on different nodes
// play it together and WebSocket viewers on nodes that do not own it get every update once, in
// order; a web node's clues and ratings come from a worker node; a killed owner's matches move to
// a living node (ten times over, under load) and their deadlines still fire; a node paused past
// its lease gives its matches up when it wakes; play goes on while any one of three NATS servers
// is killed.
#include "tests/support/clients.hpp"
#include "tests/support/codenames_rest.hpp"
#include "tests/support/nats_server_process.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/vectorcards_rest.hpp"
#include "tests/support/wortkunst_rest.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "storage/match_owners.hpp"

using namespace wordhall;
using namespace wordhall::testing;

namespace {

constexpr int lease_secs = 4;

// A node of the cluster at `nats_urls`, named `name`, with its own data directory under `dir`.
std::unique_ptr<server_process> start_node(const temp_dir& dir, const std::string& nats_urls,
                                           const std::string& name,
                                           const std::vector<std::string>& word_flags,
                                           int replicas = 1, int lease = lease_secs) {
  const std::string data = dir.path() + "/" + name;
  std::filesystem::create_directories(data);
  std::vector<std::string> flags = word_flags;
  for (const auto& flag :
       {std::string("--cluster"), nats_urls, std::string("--node"), name,
        std::string("--cluster-replicas"), std::to_string(replicas),
        std::string("--cluster-lease-secs"), std::to_string(lease)}) {
    flags.push_back(flag);
  }
  auto node = std::make_unique<server_process>(data, "test-admin-token", flags,
                                               server_start::return_at_once);
  node->wait_for_port(std::chrono::seconds(60));
  wait_until_ready(node->port());
  return node;
}

// Waits (up to `limit`) until the node's log says `text`.
void wait_for_log(const server_process& node, const std::string& text,
                  std::chrono::seconds limit = std::chrono::seconds(20)) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (node.log().find(text) == std::string::npos) {
    INFO("waiting for \"" << text << "\" in the log of port " << node.port());
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// The lines of the node's log that mention `needle`, for a failure's message.
std::string log_lines_with(const server_process& node, const std::string& needle) {
  std::istringstream log(node.log());
  std::string out;
  for (std::string line; std::getline(log, line);)
    if (line.find(needle) != std::string::npos) out += line + "\n";
  return out;
}

// Seconds from `since` to now.
double seconds_since(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// The seq of a snapshot or update frame.
uint64_t frame_seq(const std::string& frame) {
  json_probe p(frame);
  return static_cast<uint64_t>(p.num("/seq"));
}

// Polls `port` until the round view of `match` for `player` says phase `phase` (up to `limit`).
json_probe wait_for_phase(unsigned short port, const std::string& match, const std::string& player,
                          const std::string& phase, std::chrono::seconds limit) {
  rest_client c{port, {}};
  auto until = std::chrono::steady_clock::now() + limit;
  for (;;) {
    auto r = c.get(round_url(match, player));
    if (r.status == 200) {
      json_probe p(r.body);
      if (p.str("/round_state/phase") == phase) return p;
    }
    INFO("waiting for phase " << phase << ": " << r.status << " " << r.body);
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// Waits for the viewer's frames until one shows the round's results; checks on the way that they
// come in seq order and that no seq's events come twice.
void follow_to_results(ws_client& viewer, uint64_t last_seq) {
  for (;;) {
    std::string frame = viewer.receive();
    if (frame.find(R"("type":"update")") == std::string::npos) continue;
    uint64_t seq = frame_seq(frame);
    CHECK(seq >= last_seq);
    if (seq == last_seq) {  // a fresh view with no events (presence), never events again
      CHECK(frame.find(R"("events":[])") != std::string::npos);
      continue;
    }
    last_seq = seq;
    if (frame.find(R"("phase":"results")") != std::string::npos) return;
  }
}

}  // namespace

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

TEST_CASE("cluster: a killed node's match moves to a living node, which keeps every acknowledged "
          "move and fires the round's deadline",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  nats_fixture nats;
  auto a = start_node(dir, nats.server.url(), "a", *words);
  auto b = start_node(dir, nats.server.url(), "b", *words);
  rest_client on_a{a->port(), {}}, on_b{b->port(), {}};

  const std::string match = create_match(on_a, R"({"round_timeout_secs":12,"wildcard_ratio":0})");
  seat ann = join(on_a, match, "Ann");
  seat bob = join(on_b, match, "Bob");
  REQUIRE(on_b.post("/match/" + match + "/start", with_player(ann.id)).status == 200);
  json_probe dealt(on_b.get(round_url(match, ann.id)).body);
  auto publics = tokens(dealt, "/round_state/public_cards");
  auto hand = tokens(dealt, "/round_state/private_cards");
  REQUIRE(on_b.post("/match/" + match + "/round/1/submit",
                    submit_body(ann.id, publics[2], "+", hand[0], "-")).status == 200);
  json_probe before(on_b.get(round_url(match, ann.id)).body);

  a->kill_hard();
  const auto killed = std::chrono::steady_clock::now();
  // b sees a go once a's lease lapses (between two thirds of a lease and a lease after its
  // last renewal) and takes the match at once, for its timer.
  wait_for_log(*b, "cluster_match_taken_over match=" + match, std::chrono::seconds(lease_secs + 15));
  CHECK(seconds_since(killed) >= lease_secs * 2.0 / 3 - 0.5);
  CHECK(seconds_since(killed) < 10);
  json_probe after(on_b.get(round_url(match, ann.id)).body);
  for (auto* field : {"/round_state/start_word", "/round_state/target_word"})
    CHECK(after.str(field) == before.str(field));
  CHECK(tokens(after, "/round_state/public_cards") == publics);
  CHECK(tokens(after, "/round_state/private_cards") == hand);
  CHECK(to_json_text(after.at("/round_state/your_move")) ==
        to_json_text(before.at("/round_state/your_move")));
  CHECK(metric(b->port(), "wordhall_cluster_takeovers_total") >= 1);

  // Nobody resolves the round: its deadline does, on b.
  const int64_t deadline = before.num("/round_state/moves_deadline_ts");
  json_probe done = wait_for_phase(b->port(), match, bob.id, "results", std::chrono::seconds(45));
  CHECK(now_ms() >= deadline);
  CHECK(done.str("/round_state/results/reason") == "deadline");
}

TEST_CASE("cluster: a node paused past its lease gives its matches up when it wakes; its players "
          "then play on through the new owner, its browsers moved there",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  nats_fixture nats;
  auto a = start_node(dir, nats.server.url(), "a", *words);
  auto b = start_node(dir, nats.server.url(), "b", *words);
  rest_client on_a{a->port(), {}}, on_b{b->port(), {}};
  const std::string match = create_match(on_a, R"({"round_timeout_secs":600,"wildcard_ratio":0})");
  seat ann = join(on_a, match, "Ann");
  // Ann's browser, on a.
  ws_client browser(a->port());
  browser.send(R"({"type":"subscribe","matchId":")" + match + R"(","token":")" + ann.id + R"("})");
  CHECK(browser.receive_containing(R"("type":"snapshot")").find("Bob") == std::string::npos);

  a->signal(SIGSTOP);
  wait_for_log(*b, "cluster_node_gone holder=a/", std::chrono::seconds(lease_secs + 15));
  // Bob's join through b claims the match from the silent a.
  seat bob = join(on_b, match, "Bob");
  CHECK(b->log().find("cluster_match_taken_over match=" + match) != std::string::npos);

  a->signal(SIGCONT);
  // Eve's join through a races a's waking: either a's stale match actor takes it, and the
  // journal's fence refuses its append (b wrote since), or a already gave the match up and
  // forwards it to b. Acknowledged or not, nothing interleaves.
  auto eve = http_call(a->port(), "POST", "/match/" + match + "/join", R"({"player_name":"Eve"})");
  INFO(eve.body);
  CHECK((eve.status == 200 || eve.status == 503));
  wait_for_log(*a, "cluster_matches_released");
  // Her browser is moved to the match at b: a fresh snapshot, with Bob in it.
  CHECK(browser.receive_containing(R"("type":"snapshot")").find("Bob") != std::string::npos);
  // a stands in for b now: Ann's start through a reaches the match b runs.
  REQUIRE(on_a.post("/match/" + match + "/start", with_player(ann.id)).status == 200);
  json_probe via_a(on_a.get(round_url(match, ann.id)).body);
  json_probe via_b(on_b.get(round_url(match, ann.id)).body);
  CHECK(via_a.str("/round_state/phase") == "playing");
  CHECK(to_json_text(via_a.at("/round_state")) == to_json_text(via_b.at("/round_state")));
  json_probe players(on_a.get("/match/" + match + "?player_id=" + ann.id).body);
  CHECK(players.at("/players").get_array().size() == (eve.status == 200 ? 3u : 2u));
  auto live = http_call(a->port(), "GET", "/admin/matches/" + match + "/state", "",
                        "test-admin-token");
  REQUIRE(live.status == 200);
  json_probe state(live.body);
  auto replayed = http_call(b->port(), "GET",
                            "/admin/matches/" + match + "/state?at=" +
                                std::to_string(static_cast<uint64_t>(state.num("/lastSeq"))),
                            "", "test-admin-token");
  REQUIRE(replayed.status == 200);
  CHECK(json_probe(replayed.body).str("/hash") == state.str("/hash"));
}

TEST_CASE("cluster: on three NATS servers (R3) play goes on while any one of them is killed, and "
          "nothing acknowledged is lost",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  nats_cluster_fixture nats;
  // A lease outlasting any leader election, even on a loaded machine: the node must ride out
  // the NATS server's loss, not give up the cluster.
  auto a = start_node(dir, nats.urls(), "a", *words, 3, 30);
  rest_client c{a->port(), {}};
  const std::string match = create_match(c, R"({"round_timeout_secs":600,"wildcard_ratio":0})");
  seat ann = join(c, match, "Ann");

  // Each NATS server killed in turn, with a player joining while it is down, and restarted; the
  // next is killed once the restarted one has caught up. A command may be refused (503) while
  // JetStream moves a leader; it is then retried, as a browser would.
  std::vector<std::string> joined{"Ann"};
  for (size_t down = 0; down < nats.servers.size(); ++down) {
    nats.servers[down]->kill_hard();
    const std::string name = "P" + std::to_string(down + 1);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    http_result r;
    for (;;) {
      r = c.post("/match/" + match + "/join", R"({"player_name":")" + name + R"("})");
      if (r.status == 200) break;
      INFO(r.body);
      REQUIRE(r.status == 503);
      REQUIRE(std::chrono::steady_clock::now() < until);
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    joined.push_back(name);
    nats.servers[down]->restart();
    nats.servers[down]->wait_until_current(std::chrono::seconds(30));
  }
  REQUIRE(c.post("/match/" + match + "/start", with_player(ann.id)).status == 200);

  // What was acknowledged is what another node recovers from the journal once a has gone.
  CHECK(a->log().find("cluster_lease_lost") == std::string::npos);
  CHECK(a->terminate() == 0);
  auto b = start_node(dir, nats.urls(), "b", *words, 3, 30);
  c.port = b->port();
  json_probe view(c.get("/match/" + match + "?player_id=" + ann.id).body);
  std::vector<std::string> names;
  for (auto row : view.at("/players").get_array())
    names.emplace_back(std::string_view(row["name"].get_string().value()));
  CHECK(names == joined);
  CHECK(view.str("/status") != "lobby");
}

TEST_CASE("cluster: the owner of busy matches is SIGKILLed ten times; each of its matches moves "
          "within 10 s, nothing acknowledged is lost, the live state equals a replay, and "
          "deadlines still fire",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  constexpr int lease = 2;
  temp_dir dir;
  nats_fixture nats;
  const std::vector<std::string> names{"a", "b", "c"};
  std::vector<std::unique_ptr<server_process>> nodes;
  for (const auto& name : names)
    nodes.push_back(start_node(dir, nats.server.url(), name, *words, 1, lease));
  storage::match_owners::options owner_options;
  owner_options.url = nats.server.url();
  std::unique_ptr<storage::match_owners> owners;
  REQUIRE(storage::match_owners::open(owner_options, &owners).ok());

  // Four lobbies per node, which players keep joining, and on each node one round whose deadline
  // falls during the kills.
  std::vector<std::string> lobbies, rounds;
  std::map<std::string, std::string> round_player;
  for (auto& node : nodes) {
    rest_client c{node->port(), {}};
    for (int i = 0; i < 4; ++i)
      lobbies.push_back(create_match(c, R"({"max_players":200,"round_timeout_secs":600})"));
    const std::string m = create_match(c, R"({"round_timeout_secs":25,"wildcard_ratio":0})");
    seat host = join(c, m, "Host");
    join(c, m, "Guest");
    REQUIRE(c.post("/match/" + m + "/start", with_player(host.id)).status == 200);
    rounds.push_back(m);
    round_player[m] = host.id;
  }

  // The load: joins to random lobbies through random living nodes, about 20 a second. Only an
  // answered join counts as acknowledged.
  std::mutex mu;
  std::vector<unsigned short> ports;  // living nodes' ports; guarded by mu
  for (auto& node : nodes) ports.push_back(node->port());
  std::map<std::string, std::set<std::string>> acknowledged, attempted;  // guarded by mu
  std::atomic<bool> stop{false};
  std::atomic<int> answered{0};
  std::thread load;
  // A failed REQUIRE leaves this scope early: the load ends first.
  struct joiner {
    std::atomic<bool>& stop;
    std::thread& thread;
    ~joiner() {
      stop = true;
      if (thread.joinable()) thread.join();
    }
  } end_load{stop, load};
  load = std::thread([&] {
    std::mt19937 rng(7);
    for (int n = 0; !stop; ++n) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      unsigned short port;
      const std::string& match = lobbies[rng() % lobbies.size()];
      const std::string name = "P" + std::to_string(n);
      {
        std::lock_guard<std::mutex> lock(mu);
        port = ports[rng() % ports.size()];
        attempted[match].insert(name);
      }
      try {
        auto r = http_call(port, "POST", "/match/" + match + "/join",
                           R"({"player_name":")" + name + R"("})");
        if (r.status == 200) {
          std::lock_guard<std::mutex> lock(mu);
          acknowledged[match].insert(name);
          ++answered;
        }
      } catch (const std::exception&) {
        // The node died under the request: not acknowledged.
      }
    }
  });

  double slowest_move = 0;
  for (int kill = 0; kill < 10; ++kill) {
    // The node owning the most matches now.
    std::map<std::string, std::vector<std::string>> by_holder;
    std::vector<std::pair<std::string, storage::owner_entry>> owned;
    REQUIRE(owners->owned(&owned).ok());
    for (auto& [id, e] : owned) by_holder[e.holder].push_back(id);
    auto busiest = std::max_element(by_holder.begin(), by_holder.end(), [](auto& x, auto& y) {
      return x.second.size() < y.second.size();
    });
    REQUIRE(busiest != by_holder.end());
    std::string node_name, incarnation;
    REQUIRE(storage::split_owner_holder(busiest->first, &node_name, &incarnation));
    const size_t victim = static_cast<size_t>(
        std::find(names.begin(), names.end(), node_name) - names.begin());
    REQUIRE(victim < nodes.size());
    {
      std::lock_guard<std::mutex> lock(mu);
      ports.erase(std::find(ports.begin(), ports.end(), nodes[victim]->port()));
    }
    nodes[victim]->kill_hard();
    const auto killed = std::chrono::steady_clock::now();

    // Each of its matches answers through a living node, owned by a living node, within 10 s.
    const unsigned short living = nodes[(victim + 1) % nodes.size()]->port();
    for (const auto& id : busiest->second) {
      for (;;) {
        // Asked for (as its players would), it answers from a living owner.
        const bool answered_live = http_call(living, "GET", "/admin/matches/" + id + "/state",
                                             "", "test-admin-token").status == 200;
        storage::owner_entry e;
        if (answered_live && owners->owner(id, &e).ok() && e.holder != busiest->first) break;
        if (seconds_since(killed) >= 10) {
          for (size_t n = 0; n < nodes.size(); ++n)
            if (n != victim) UNSCOPED_INFO(names[n] << ": " << log_lines_with(*nodes[n], id)
                                                    << log_lines_with(*nodes[n], "cluster_node"));
        }
        INFO("kill " << kill << ": match " << id << " still on " << busiest->first);
        REQUIRE(seconds_since(killed) < 10);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
    slowest_move = std::max(slowest_move, seconds_since(killed));
    nodes[victim] = start_node(dir, nats.server.url(), node_name, *words, 1, lease);
    std::lock_guard<std::mutex> lock(mu);
    ports.push_back(nodes[victim]->port());
  }
  stop = true;
  load.join();
  WARN("slowest move after a kill: " << slowest_move << " s; joins answered: " << answered);
  CHECK(answered > 100);

  // Nothing acknowledged is lost, nothing unasked appears, and each match's live state (at its
  // owner) is what a replay of its journal gives.
  for (const auto& id : lobbies) {
    auto r = http_call(nodes[0]->port(), "GET", "/admin/matches/" + id + "/state", "",
                       "test-admin-token");
    REQUIRE(r.status == 200);
    json_probe live(r.body);
    auto replayed = http_call(nodes[0]->port(), "GET",
                              "/admin/matches/" + id + "/state?at=" +
                                  std::to_string(static_cast<uint64_t>(live.num("/lastSeq"))),
                              "", "test-admin-token");
    REQUIRE(replayed.status == 200);
    CHECK(json_probe(replayed.body).str("/hash") == live.str("/hash"));
    std::set<std::string> players;
    for (auto row : live.at("/state/players").get_array())
      players.emplace(std::string_view(row["name"].get_string().value()));
    for (const auto& name : acknowledged[id]) CHECK(players.count(name));
    for (const auto& name : players) CHECK(attempted[id].count(name));
  }
  // The rounds ended by their deadlines, wherever their matches had moved.
  for (const auto& id : rounds) {
    json_probe done = wait_for_phase(nodes[0]->port(), id, round_player[id], "results",
                                     std::chrono::seconds(30));
    CHECK(done.str("/round_state/results/reason") == "deadline");
  }
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
