// `wordhall serve --cluster`: the journal in JetStream (a real nats-server on loopback), one node
// serving at a time and standbys taking over. A round dealt on one node goes on on the next,
// its deadline still fires; a node paused past its lease cannot go on serving; a graceful stop
// hands over at once.
#include "tests/support/nats_server_process.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/vectorcards_rest.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

constexpr int lease_secs = 4;

// A node of the cluster at `nats`, named `name`, with its own data directory under `dir`.
std::unique_ptr<server_process> start_node(const temp_dir& dir, const nats_server_process& nats,
                                           const std::string& name,
                                           const std::vector<std::string>& word_flags,
                                           server_start start) {
  const std::string data = dir.path() + "/" + name;
  std::filesystem::create_directories(data);
  std::vector<std::string> flags = word_flags;
  for (const auto& flag :
       {std::string("--cluster"), nats.url(), std::string("--node"), name,
        std::string("--cluster-replicas"), std::string("1"), std::string("--cluster-lease-secs"),
        std::to_string(lease_secs)}) {
    flags.push_back(flag);
  }
  return std::make_unique<server_process>(data, "", flags, start);
}

// Waits (up to 20 s) until the node's log says `text`.
void wait_for_log(const server_process& node, const std::string& text) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (node.log().find(text) == std::string::npos) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// Seconds from `since` to now.
double seconds_since(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

TEST_CASE("cluster: a standby takes over a killed node's round, and its deadline still fires",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  nats_fixture nats;
  auto a = start_node(dir, nats.server, "a", *words, server_start::wait_until_listening);
  wait_until_ready(a->port());
  auto b = start_node(dir, nats.server, "b", *words, server_start::return_at_once);

  rest_client c{a->port(), {}};
  const std::string match = create_match(c, R"({"round_timeout_secs":10,"wildcard_ratio":0})");
  seat ann = join(c, match, "Ann");
  seat bob = join(c, match, "Bob");
  REQUIRE(c.post("/match/" + match + "/start", with_player(ann.id)).status == 200);
  json_probe dealt(c.get(round_url(match, ann.id)).body);
  auto publics = tokens(dealt, "/round_state/public_cards");
  auto hand = tokens(dealt, "/round_state/private_cards");
  REQUIRE(c.post("/match/" + match + "/round/1/submit",
                 submit_body(ann.id, publics[2], "+", hand[0], "-"))
              .status == 200);
  json_probe before(c.get(round_url(match, ann.id)).body);
  wait_for_log(*b, "cluster_standby serving=a");

  a->kill_hard();
  const auto killed = std::chrono::steady_clock::now();
  b->wait_for_port(std::chrono::seconds(30));
  wait_until_ready(b->port());
  // Not before a's lease ran out, and soon after.
  CHECK(seconds_since(killed) >= lease_secs - 0.5);
  CHECK(seconds_since(killed) < lease_secs + 15);
  c.port = b->port();
  json_probe after(c.get(round_url(match, ann.id)).body);
  for (auto* field : {"/round_state/start_word", "/round_state/target_word"})
    CHECK(after.str(field) == before.str(field));
  CHECK(tokens(after, "/round_state/public_cards") == publics);
  CHECK(tokens(after, "/round_state/private_cards") == hand);
  CHECK(to_json_text(after.at("/round_state/your_move")) ==
        to_json_text(before.at("/round_state/your_move")));

  // Nobody resolves the round: its deadline does, on the node that took over.
  const int64_t deadline = before.num("/round_state/moves_deadline_ts");
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(45);
  for (;;) {
    json_probe p(c.get(round_url(match, bob.id)).body);
    if (p.str("/round_state/phase") == "results") {
      CHECK(now_ms() >= deadline);
      CHECK(p.str("/round_state/results/reason") == "deadline");
      break;
    }
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

TEST_CASE("cluster: a node paused past its lease stops when it wakes; a graceful stop hands over "
          "at once",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  nats_fixture nats;
  auto a = start_node(dir, nats.server, "a", *words, server_start::wait_until_listening);
  wait_until_ready(a->port());
  rest_client c{a->port(), {}};
  const std::string match = create_match(c, R"({"round_timeout_secs":60,"wildcard_ratio":0})");
  seat ann = join(c, match, "Ann");

  auto b = start_node(dir, nats.server, "b", *words, server_start::return_at_once);
  a->signal(SIGSTOP);
  b->wait_for_port(std::chrono::seconds(30));
  wait_until_ready(b->port());
  c.port = b->port();
  seat bob = join(c, match, "Bob");
  REQUIRE(c.post("/match/" + match + "/start", with_player(ann.id)).status == 200);

  // a wakes to find its lease taken, and ends rather than serve beside b.
  a->signal(SIGCONT);
  CHECK(a->wait_for_exit(std::chrono::seconds(lease_secs * 3 + 5)) == 3);
  CHECK(a->log().find("cluster_lease_lost reason=lease serving was lost to b") !=
        std::string::npos);
  json_probe on_b(c.get(round_url(match, bob.id)).body);
  CHECK(on_b.str("/round_state/phase") == "playing");

  // a back as a standby; b stops gracefully and a serves within moments, not a lease later.
  a = start_node(dir, nats.server, "a", *words, server_start::return_at_once);
  wait_for_log(*a, "cluster_standby serving=b");
  const auto stopping = std::chrono::steady_clock::now();
  CHECK(b->terminate() == 0);
  a->wait_for_port(std::chrono::seconds(30));
  CHECK(seconds_since(stopping) < lease_secs - 1);
  wait_until_ready(a->port());
  c.port = a->port();
  json_probe on_a(c.get(round_url(match, bob.id)).body);
  CHECK(on_a.str("/round_state/phase") == "playing");
  CHECK(tokens(on_a, "/round_state/public_cards") == tokens(on_b, "/round_state/public_cards"));
}

TEST_CASE("cluster: on three NATS servers (R3) play goes on while any one of them is killed, and "
          "nothing acknowledged is lost",
          "[integration][cluster]") {
  auto words = default_word_flags();
  if (!words) return;
  temp_dir dir;
  nats_cluster_fixture nats;
  std::vector<std::string> flags = *words;
  // A lease outlasting any leader election, even on a loaded machine: the node must ride out
  // the NATS server's loss, not give up the cluster.
  for (const auto& flag : {std::string("--cluster"), nats.urls(), std::string("--cluster-lease-secs"),
                           std::string("30"), std::string("--node"), std::string("a"),
                           std::string("--cluster-replicas"), std::string("3")}) {
    flags.push_back(flag);
  }
  std::filesystem::create_directories(dir.path() + "/a");
  // JetStream elects its leaders some seconds after its servers start; the node waits for them.
  server_process a(dir.path() + "/a", "", flags, server_start::return_at_once);
  a.wait_for_port(std::chrono::seconds(60));
  wait_until_ready(a.port());
  rest_client c{a.port(), {}};
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

  // What was acknowledged is what a new node recovers from the journal.
  CHECK(a.log().find("cluster_lease_lost") == std::string::npos);
  CHECK(a.terminate() == 0);
  std::filesystem::create_directories(dir.path() + "/b");
  std::vector<std::string> b_flags = flags;
  b_flags[b_flags.size() - 3] = "b";
  server_process b(dir.path() + "/b", "", b_flags, server_start::return_at_once);
  b.wait_for_port(std::chrono::seconds(60));
  wait_until_ready(b.port());
  c.port = b.port();
  json_probe view(c.get("/match/" + match + "?player_id=" + ann.id).body);
  std::vector<std::string> names;
  for (auto row : view.at("/players").get_array())
    names.emplace_back(std::string_view(row["name"].get_string().value()));
  CHECK(names == joined);
  CHECK(view.str("/status") != "lobby");
}
