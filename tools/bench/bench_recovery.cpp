// bench_recovery: how long a match actor needs to rebuild a 10,000-event match from the journal,
// from the newest snapshot plus the events after it versus replaying every event.
//
// The match is a real tic-tac-toe series decided by the pure core (no actors), appended with a
// snapshot every 100 events as the server does. Recovery is `recover_match`, the function match
// actors run. Prints a table and a final JSON line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "actors/recovery.hpp"
#include "actors/secrets.hpp"
#include "events/game_registry.hpp"
#include "events/json_read.hpp"
#include "storage/rocksdb_journal.hpp"

using namespace wordhall;

namespace {

constexpr uint64_t target_events = 10'000;
constexpr uint64_t snapshot_every = 100;

result<decision> decide_json(const game& g, const match_state& s, const std::string& json,
                             const std::string& caller, int64_t now,
                             const fresh_secret& credential = {}) {
  auto doc = json_document::parse(json);
  auto body = as_object(doc->root(), "command");
  decision_context ctx{caller, now, 0, {credential}, false};
  return g.decide(s, command{*get_string(*body, "type"), *body}, ctx);
}

// Writes one match of at least `target_events` events; returns its last seq.
uint64_t write_match(storage::journal& journal, const game& g, const std::string& id) {
  auto state = g.initial_state();
  uint64_t seq = 0;
  int64_t now = 1'763'776'800'000;
  auto commit = [&](const decision& d) {
    storage::append_request req;
    req.match_id = id;
    req.expected_last_seq = seq;
    for (auto& e : d.events) {
      event_envelope env{e.type, e.version, ++seq, random_hex(16), now, e.payload};
      if (!g.apply(*state, env)) std::abort();
      req.events.push_back(std::move(env));
    }
    if (req.expected_last_seq / snapshot_every != seq / snapshot_every)
      req.snapshot = storage::snapshot_record{seq, std::string(g.name()), g.encode_state(*state)};
    storage::match_meta meta;
    meta.game = std::string(g.name());
    meta.status = g.summary(*state).status;
    req.meta = meta;
    if (!journal.append(req).ok()) std::abort();
  };
  fresh_secret host = mint_credential(), guest = mint_credential();
  commit(*decide_json(g, *state, R"({"type":"create","name":"A","rounds":10000})", "", now, host));
  commit(*decide_json(g, *state, R"({"type":"join","name":"B"})", "", now, guest));
  const std::string players[2] = {host.digest, guest.digest};
  // Each round is won in five moves by whoever moves first (x takes 0 1 2, o takes 3 4 5); the
  // first mover alternates by round.
  int move = 0;
  while (seq < target_events) {
    auto view = json_document::parse(g.encode_state(*state));
    auto obj = *as_object(view->root(), "state");
    std::string turn = *get_string(obj, "turn");
    std::string board = *get_string(obj, "board");
    static const int x_cells[] = {0, 1, 2}, o_cells[] = {3, 4, 5};
    const int* cells = turn == "x" ? x_cells : o_cells;
    int cell = -1;
    for (int i = 0; i < 3; ++i)
      if (board[cells[i]] == '.') { cell = cells[i]; break; }
    std::string caller = players[turn == "x" ? 0 : 1];
    auto d = decide_json(g, *state, R"({"type":"place","cell":)" + std::to_string(cell) + "}", caller, now + ++move);
    if (!d) std::abort();
    commit(*d);
  }
  return seq;
}

double median_ms(const storage::journal& journal, const game& g, const std::string& id,
                 bool snapshots, uint64_t expect_seq, int runs) {
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    recovery_options options;
    options.use_snapshots = snapshots;
    auto start = std::chrono::steady_clock::now();
    auto r = recover_match(journal, g, id, options);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (!r || r->last_seq != expect_seq) std::abort();
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace

int main() {
  std::string dir = (std::filesystem::temp_directory_path() / "wordhall-bench-recovery-XXXXXX").string();
  if (!mkdtemp(dir.data())) return 1;
  std::unique_ptr<storage::rocksdb_journal> journal;
  storage::rocksdb_journal::options options;
  options.sync = false;  // set-up speed only; recovery reads are what is measured
  if (!storage::rocksdb_journal::open(dir, options, &journal).ok()) return 1;
  auto games = make_default_registry();
  const game& g = *games.find("tictactoe");
  uint64_t last = write_match(*journal, g, "bench-match");
  double with = median_ms(*journal, g, "bench-match", true, last, 51);
  double without = median_ms(*journal, g, "bench-match", false, last, 11);
  std::printf("\nrecovery of one match with %llu events (median of runs, warm cache)\n",
              static_cast<unsigned long long>(last));
  std::printf("  newest snapshot + tail     %8.3f ms\n", with);
  std::printf("  full replay                %8.3f ms\n", without);
  std::printf("{\"bench\":\"recovery\",\"events\":%llu,\"snapshot_every\":%llu,"
              "\"with_snapshots_ms\":%.4f,\"full_replay_ms\":%.4f,"
              "\"targets\":{\"recovery_10k_with_snapshots_le_10ms\":%s}}\n",
              static_cast<unsigned long long>(last), static_cast<unsigned long long>(snapshot_every),
              with, without, with <= 10.0 ? "true" : "false");
  journal.reset();
  std::filesystem::remove_all(dir);
  return 0;
}
