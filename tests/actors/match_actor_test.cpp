#include "actors/recovery.hpp"
#include "events/json_read.hpp"
#include "platform_harness.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <thread>

using namespace wordhall;
using namespace wordhall::testing;

std::string wordhall::testing::token_of(const command_outcome& out) {
  auto doc = json_document::parse(out.reply);
  if (!doc) return "";
  auto obj = as_object(doc->root(), "reply");
  return obj ? optional_string(*obj, "token").value_or("") : "";
}

namespace {

std::string replayed_hash(platform_harness& h, const std::string& id, bool snapshots) {
  const game* g = h.games().find("tictactoe");
  recovery_options options;
  options.use_snapshots = snapshots;
  auto r = recover_match(h.journal(), *g, id, options);
  REQUIRE(r.ok());
  return state_hash(*g, *r->state);
}

}  // namespace

TEST_CASE("commands are decided, stored, then acknowledged", "[actors]") {
  temp_dir dir;
  platform_harness h(dir.path());
  auto [id, created] = h.create("tictactoe", R"({"type":"create","name":"Ann"})");
  REQUIRE(created.ok);
  CHECK(created.seq == 1);
  std::string ann = token_of(created);
  CHECK(ann.size() == 22);
  auto joined = h.command(id, "", R"({"type":"join","name":"Bob"})");
  REQUIRE(joined.ok);
  CHECK(joined.seq == 3);  // player_joined + round_started
  std::string bob = token_of(joined);
  CHECK(bob != ann);

  auto wrong_turn = h.command(id, bob, R"({"type":"place","cell":4})");
  CHECK_FALSE(wrong_turn.ok);
  CHECK(wrong_turn.error_code == "not_your_turn");
  CHECK(h.command(id, ann, "{nope").error_code == "bad_json");
  CHECK(h.command(id, ann, R"({"cell":1})").error_code == "bad_field");
  CHECK(h.journal().last_seq(id) == 3);  // refusals change nothing

  auto placed = h.command(id, ann, R"({"type":"place","cell":4})");
  REQUIRE(placed.ok);
  CHECK(placed.seq == 4);
  std::vector<event_envelope> events;
  REQUIRE(h.journal().read_events(id, 1, 100, &events).ok());
  REQUIRE(events.size() == 4);
  CHECK(events[3].type == "ttt.mark_placed");
  // Secrets never reach the journal, only their digests.
  for (auto& e : events) {
    CHECK(e.payload.find(ann) == std::string::npos);
    CHECK(e.payload.find(bob) == std::string::npos);
  }
  storage::match_meta meta;
  REQUIRE(h.journal().read_meta(id, &meta).ok());
  CHECK(meta.game == "tictactoe");
  CHECK(meta.status == "playing");
  CHECK(meta.players == std::vector<std::string>{"Ann", "Bob"});
  CHECK(meta.next_deadline_ms > 0);
  CHECK(h.lookup("nonexistent") == caf::actor{});
}

TEST_CASE("property: for random command sequences, live state equals replayed state",
          "[actors][property]") {
  temp_dir dir;
  platform_settings settings;
  settings.snapshot_every = 4;  // many snapshots, so snapshot + tail is exercised too
  platform_harness h(dir.path(), settings);
  std::mt19937_64 rng(20261122);
  for (int match = 0; match < 12; ++match) {
    auto [id, created] = h.create("tictactoe", R"({"type":"create","name":"P1","rounds":5})");
    REQUIRE(created.ok);
    std::vector<std::string> tokens{token_of(created)};
    auto joined = h.command(id, "", R"({"type":"join","name":"P2"})");
    REQUIRE(joined.ok);
    tokens.push_back(token_of(joined));
    tokens.push_back("stranger");
    int accepted = 0, refused = 0;
    for (int step = 0; step < 40; ++step) {
      const std::string& who = tokens[rng() % tokens.size()];
      std::string cmd;
      switch (rng() % 6) {
        case 0: cmd = R"({"type":"join","name":"P3"})"; break;
        case 1: cmd = R"({"type":"place","cell":)" + std::to_string(int(rng() % 11) - 1) + "}"; break;
        case 2: cmd = R"({"type":"deadline"})"; break;
        default: cmd = R"({"type":"place","cell":)" + std::to_string(rng() % 9) + "}";
      }
      auto out = h.command(id, who, cmd);
      (out.ok ? accepted : refused)++;
    }
    CHECK(accepted > 0);
    CHECK(refused > 0);
    auto live = h.inspect(id);
    CHECK(live.last_seq == h.journal().last_seq(id));
    CHECK(live.hash == replayed_hash(h, id, false));
    CHECK(live.hash == replayed_hash(h, id, true));
  }
}

TEST_CASE("a passivated match comes back from its journal", "[actors]") {
  temp_dir dir;
  platform_settings settings;
  settings.passivate_after = std::chrono::milliseconds(50);
  platform_harness h(dir.path(), settings);
  // A finished match has no deadline, so nothing keeps its actor awake.
  auto [id, created] = h.create("tictactoe", R"({"type":"create","name":"A","rounds":1})");
  std::string a = token_of(created);
  std::string b = token_of(h.command(id, "", R"({"type":"join","name":"B"})"));
  for (auto [who, cell] : std::vector<std::pair<std::string, int>>{
           {a, 0}, {b, 3}, {a, 1}, {b, 4}, {a, 2}})
    REQUIRE(h.command(id, who, R"({"type":"place","cell":)" + std::to_string(cell) + "}").ok);
  auto before = h.inspect(id);
  auto recoveries = h.stats().recoveries.load();
  for (int i = 0; i < 100 && h.stats().live_matches.load() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(h.stats().live_matches.load() == 0);
  auto after = h.inspect(id);
  CHECK(after.hash == before.hash);
  CHECK(h.stats().recoveries.load() == recoveries + 1);
  CHECK(h.command(id, a, R"({"type":"place","cell":5})").error_code == "match_finished");
}

TEST_CASE("a deadline that passed while the server was down fires on recovery", "[actors]") {
  temp_dir dir;
  std::string id;
  {
    platform_harness h(dir.path());
    auto created = h.create("tictactoe", R"({"type":"create","name":"A","turnSecs":1})");
    id = created.first;
    REQUIRE(h.command(id, "", R"({"type":"join","name":"B"})").ok);
    CHECK(h.journal().last_seq(id) == 3);
  }  // the "server" stops with x to move and a deadline one second away
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  platform_harness h(dir.path());
  CHECK(h.wake() == 1);
  for (int i = 0; i < 100 && h.journal().last_seq(id) == 3; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::vector<event_envelope> events;
  REQUIRE(h.journal().read_events(id, 4, 10, &events).ok());
  REQUIRE(events.size() >= 2);
  CHECK(events[0].type == "ttt.turn_timed_out");
  CHECK(events[1].type == "ttt.round_finished");
  CHECK(events[1].payload.find(R"("winner":"o")") != std::string::npos);
}

TEST_CASE("a crashed match actor is re-spawned from its journal", "[actors]") {
  temp_dir dir;
  platform_harness h(dir.path());
  auto [id, created] = h.create("tictactoe", R"({"type":"create","name":"A"})");
  std::string a = token_of(created);
  std::string b = token_of(h.command(id, "", R"({"type":"join","name":"B"})"));
  REQUIRE(h.command(id, a, R"({"type":"place","cell":4})").ok);
  auto before = h.inspect(id);
  auto old_actor = h.lookup(id);
  auto recoveries = h.stats().recoveries.load();
  caf::anon_send_exit(old_actor, caf::exit_reason::kill);
  // The directory notices the crash; the next lookup spawns a new actor that recovers.
  caf::actor fresh;
  for (int i = 0; i < 100; ++i) {
    fresh = h.lookup(id);
    if (fresh && fresh != old_actor) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(fresh != old_actor);
  CHECK(h.inspect(id).hash == before.hash);
  CHECK(h.stats().recoveries.load() == recoveries + 1);
  auto next = h.command(id, b, R"({"type":"place","cell":0})");
  CHECK(next.ok);
  CHECK(next.seq == before.last_seq + 1);
}
