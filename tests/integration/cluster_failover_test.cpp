// `wordhall serve --cluster` when things fail: a killed owner's matches move to a living node
// (ten times over, under load) and their deadlines still fire; a node paused past its lease gives
// its matches up when it wakes; play goes on while any one of three NATS servers is killed.
#include "tests/support/cluster_nodes.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "storage/match_owners.hpp"

using namespace wordhall;
using namespace wordhall::testing;

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
  auto post_until_accepted = [&](const std::string& path, const std::string& body) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (;;) {
      http_result r = c.post(path, body);
      if (r.status == 200) return;
      INFO(r.body);
      REQUIRE(r.status == 503);
      REQUIRE(std::chrono::steady_clock::now() < until);
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  };
  std::vector<std::string> joined{"Ann"};
  for (size_t down = 0; down < nats.servers.size(); ++down) {
    nats.servers[down]->kill_hard();
    const std::string name = "P" + std::to_string(down + 1);
    post_until_accepted("/match/" + match + "/join", R"({"player_name":")" + name + R"("})");
    joined.push_back(name);
    nats.servers[down]->restart();
    nats.servers[down]->wait_until_current(std::chrono::seconds(30));
  }
  // The restarted server may still be moving a leader back: the start, too, may meet a 503.
  post_until_accepted("/match/" + match + "/start", with_player(ann.id));

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
