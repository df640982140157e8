// The crash test: the real server, SIGKILLed at random moments while several clients play;
// after every restart each acknowledged event is in the journal and each match's live state
// hash equals the hash of replaying its stored events.
#include "events/game_registry.hpp"
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <random>
#include <thread>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

struct acked_place {
  uint64_t seq;  // the last event of the acknowledged decision
  int cell;
};

struct tracked_match {
  std::string id;
  std::string tokens[2];
  std::vector<acked_place> places;
  uint64_t max_acked = 0;
  bool finished = false;
};

// Catch2's assertions are not thread-safe, so the client threads read replies with this.
struct reply_reader {
  json_document doc;
  explicit reply_reader(const std::string& text) {
    auto parsed = json_document::parse(text);
    if (!parsed) throw std::runtime_error("unparsable reply: " + text);
    doc = std::move(*parsed);
  }
  std::string str(const char* pointer) const {
    std::string_view v;
    if (doc.root().at_pointer(pointer).get(v)) return "";
    return std::string(v);
  }
  int64_t num(const char* pointer) const {
    int64_t v = 0;
    if (doc.root().at_pointer(pointer).get(v)) throw std::runtime_error("no number");
    return v;
  }
};

// One client: plays its matches until the connection dies; creates a new match when its current
// one is finished. Only what the server acknowledged is recorded.
void play(unsigned short port, std::vector<tracked_match>& matches, std::mutex& mu, uint64_t seed) {
  std::mt19937_64 rng(seed);
  try {
    ws_client ws(port);
    long long client_seq = 0;
    auto call = [&](const std::string& match_id, const std::string& game, const std::string& token,
                    const std::string& command) {
      long long cs = ++client_seq;
      std::string msg = R"({"type":"command","clientSeq":)" + std::to_string(cs);
      if (!match_id.empty()) msg += R"(,"matchId":")" + match_id + "\"";
      if (!game.empty()) msg += R"(,"game":")" + game + "\"";
      if (!token.empty()) msg += R"(,"token":")" + token + "\"";
      ws.send(msg + R"(,"command":)" + command + "}");
      return ws.receive_containing("\"clientSeq\":" + std::to_string(cs) + ",");
    };
    for (;;) {
      tracked_match* m = nullptr;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (!matches.empty()) m = &matches.back();
      }
      if (!m || m->finished) {
        tracked_match fresh;
        reply_reader created(call("", "tictactoe", "", R"({"type":"create","name":"A","rounds":99,"turnSecs":600})"));
        fresh.id = created.str("/matchId");
        fresh.tokens[0] = created.str("/reply/token");
        reply_reader joined(call(fresh.id, "", "", R"({"type":"join","name":"B"})"));
        fresh.tokens[1] = joined.str("/reply/token");
        fresh.max_acked = static_cast<uint64_t>(joined.num("/seq"));
        std::lock_guard<std::mutex> lock(mu);
        matches.push_back(fresh);
        continue;
      }
      int cell = static_cast<int>(rng() % 9);
      const std::string& token = m->tokens[rng() % 2];
      reply_reader reply(call(m->id, "", token, R"({"type":"place","cell":)" + std::to_string(cell) + "}"));
      if (reply.str("/type") == "ack") {
        std::lock_guard<std::mutex> lock(mu);
        auto seq = static_cast<uint64_t>(reply.num("/seq"));
        m->places.push_back({seq, cell});
        m->max_acked = std::max(m->max_acked, seq);
      } else if (reply.str("/error/code") == "match_finished") {
        std::lock_guard<std::mutex> lock(mu);
        m->finished = true;  // the next turn of the loop creates a new match
      }
    }
  } catch (const std::exception&) {
    // The server was killed: whatever was not acknowledged may or may not be stored.
  }
}

std::vector<json_probe> all_events(unsigned short port, const std::string& token,
                                   const std::string& id, uint64_t* last_seq) {
  std::vector<json_probe> pages;
  uint64_t from = 1;
  for (;;) {
    auto r = http_call(port, "GET", "/admin/matches/" + id + "/events?limit=1000&from=" + std::to_string(from), "", token);
    REQUIRE(r.status == 200);
    pages.emplace_back(r.body);
    *last_seq = static_cast<uint64_t>(pages.back().num("/lastSeq"));
    if (!pages.back().has("/next") || pages.back().at("/next").is_null()) break;
    from = static_cast<uint64_t>(pages.back().num("/next"));
  }
  return pages;
}

void verify(unsigned short port, const std::string& admin_token, const tracked_match& m) {
  uint64_t last_seq = 0;
  auto pages = all_events(port, admin_token, m.id, &last_seq);
  CHECK(last_seq >= m.max_acked);
  auto games = make_default_registry();
  const game* g = games.find("tictactoe");
  auto state = g->initial_state();
  std::map<uint64_t, event_envelope> by_seq;
  uint64_t expected = 1;
  for (auto& page : pages) {
    for (auto e : page.at("/events").get_array()) {
      auto envelope = decode_envelope_json(simdjson::minify(e));
      REQUIRE(envelope.ok());
      CHECK(envelope->seq == expected++);
      REQUIRE(g->apply(*state, *envelope).ok());
      by_seq[envelope->seq] = *envelope;
    }
  }
  CHECK(expected - 1 == last_seq);
  for (auto& p : m.places) {
    bool found = false;
    for (uint64_t s = p.seq >= 3 ? p.seq - 3 : 1; s <= p.seq; ++s) {
      auto it = by_seq.find(s);
      if (it != by_seq.end() && it->second.type == "ttt.mark_placed" &&
          it->second.payload.find("\"cell\":" + std::to_string(p.cell) + ",") != std::string::npos)
        found = true;
    }
    INFO("match " << m.id << " acknowledged place at seq " << p.seq);
    CHECK(found);
  }
  json_probe live(http_call(port, "GET", "/admin/matches/" + m.id + "/state", "", admin_token).body);
  CHECK(static_cast<uint64_t>(live.num("/lastSeq")) == last_seq);
  CHECK(live.str("/hash") == state_hash(*g, *state));
}

}  // namespace

TEST_CASE("SIGKILL at random moments loses no acknowledged event", "[integration][crash]") {
  temp_dir dir;
  constexpr int clients = 4;
  constexpr int kills = 12;
  std::vector<std::vector<tracked_match>> matches(clients);
  std::vector<std::mutex> locks(clients);
  std::mt19937_64 rng(424242);
  size_t total_acked = 0;
  for (int round = 0; round < kills; ++round) {
    server_process server(dir.path());
    std::vector<std::thread> players;
    for (int c = 0; c < clients; ++c)
      players.emplace_back(play, server.port(), std::ref(matches[c]), std::ref(locks[c]), rng());
    std::this_thread::sleep_for(std::chrono::milliseconds(150 + rng() % 500));
    server.kill_hard();
    for (auto& t : players) t.join();
    // Verify after each crash, on a fresh server, that nothing acknowledged went missing.
    server_process check(dir.path());
    for (int c = 0; c < clients; ++c)
      for (auto& m : matches[c]) {
        verify(check.port(), check.admin_token(), m);
        if (round == kills - 1) total_acked += m.places.size();
      }
  }
  INFO("acknowledged moves across all rounds: " << total_acked);
  CHECK(total_acked > 100);
}
