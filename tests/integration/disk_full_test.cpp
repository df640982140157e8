// A full disk and a read-only data directory, with the real server on a small tmpfs.
//
// Full disk: the journal's directory is a tmpfs that a filler file has nearly used up before the
// server starts (so RocksDB cannot set aside its WAL's usual 70 MiB and every write needs fresh
// space), then wholly once a move is acknowledged. The tmpfs is larger than RocksDB's own
// condition for resuming after ENOSPC (free space for one memtable, 64 MiB), which the test
// meets by deleting the fillers, as an operator would free space.
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/small_disk.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/tictactoe_ws.hpp"

#include <catch2/catch.hpp>
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

using namespace wordhall::testing;

namespace {

using clock_type = std::chrono::steady_clock;

// The first answer of `call` for which `done` holds, trying for up to `limit`; the last answer
// otherwise.
template <class Call, class Done>
http_result poll(Call call, Done done, std::chrono::seconds limit) {
  auto until = clock_type::now() + limit;
  http_result r = call();
  while (!done(r) && clock_type::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    r = call();
  }
  return r;
}

uint64_t counter(const std::string& metrics, const std::string& name) {
  auto at = metrics.find("\n" + name + " ");
  if (at == std::string::npos) return 0;
  return std::stoull(metrics.substr(at + name.size() + 2));
}

// Runs `wordhall serve` on `data_dir` until it exits (at most 20 s): its exit line and output.
std::string serve_until_exit(const std::string& data_dir) {
  std::string command = "cd " + std::string(WORDHALL_SOURCE_DIR) + " && timeout -s KILL 20 " +
                        wordhall_binary() + " serve --port 0 --data-dir '" + data_dir +
                        "' --config config/wordhall.json --www-root http/www 2>&1; echo exit=$?";
  return run_shell(command).output;
}

}  // namespace

TEST_CASE("a full disk refuses commands with storage_full, loses nothing and recovers by itself",
          "[integration][disk]") {
  temp_dir dir;
  const std::string journal_dir = dir.path() + "/journal";
  REQUIRE(mkdir(journal_dir.c_str(), 0755) == 0);
  small_disk disk(journal_dir, "size=96m");
  if (!disk.mounted()) {
    WARN("SKIPPED: a full disk needs a small file system to fill: " + disk.mount_error());
    return;
  }
  disk.fill(2 << 20);
  // Without word vectors the other parts of /readyz settle at once: only storage is left to say.
  server_process server(dir.path(), "test-admin-token", {"--vectors", dir.path() + "/no-vectors"});
  const auto port = server.port();
  const auto token = server.admin_token();
  ws_client ws(port);
  long long client_seq = 0;
  auto m = start_ttt_match(ws, client_seq);
  json_probe first(play_ttt_move(ws, m, client_seq));
  REQUIRE(first.str("/type") == "ack");
  const int64_t acked_seq = first.num("/seq");

  disk.fill();
  // A few writes may still fit in the pages the journal's files already hold.
  std::string refusal;
  for (int attempt = 0; attempt < 200 && refusal.empty(); ++attempt) {
    json_probe answer(play_ttt_move(ws, m, client_seq));
    if (answer.str("/type") == "ack") continue;
    INFO(answer.text());
    REQUIRE(answer.str("/error/code") == "storage_full");
    CHECK(answer.num("/clientSeq") == client_seq);
    refusal = answer.str("/error/message");
    // The per-connection command limit must not answer for the disk.
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
  }
  REQUIRE_FALSE(refusal.empty());
  CHECK(refusal.find("disk is full") != std::string::npos);
  const int acked_before_full = m.moves_acked;

  // Refused again, over REST too (a new Wortkunst game), with the JSON error and 503.
  json_probe again(play_ttt_move(ws, m, client_seq));
  CHECK(again.str("/error/code") == "storage_full");
  auto created = http_call(port, "POST", "/api/games", R"({"playerCount":2})");
  CHECK(created.status == 503);
  CHECK(json_probe(created.body).str("/error/code") == "storage_full");

  auto ready = poll([&] { return http_call(port, "GET", "/readyz"); },
                    [](const http_result& r) {
                      return r.body.find(R"("part":"storage")") != std::string::npos;
                    },
                    std::chrono::seconds(5));
  REQUIRE(ready.status == 503);
  json_probe why(ready.body);
  CHECK(why.str("/status") == "blocked");
  CHECK(why.str("/blocked/0/part") == "storage");
  CHECK(why.str("/blocked/0/reason").find("is full") != std::string::npos);
  CHECK(why.str("/blocked/0/reason").find(journal_dir) != std::string::npos);
  CHECK(counter(http_call(port, "GET", "/metrics").body, "wordhall_storage_full_refusals_total") >= 2);

  // Reads and replays work on the full disk: the acknowledged moves are there.
  auto events = http_call(port, "GET", "/admin/matches/" + m.id + "/events?limit=1000", "", token);
  REQUIRE(events.status == 200);
  json_probe stored(events.body);
  const int64_t last_seq_when_full = stored.num("/lastSeq");
  CHECK(last_seq_when_full >= acked_seq);
  CHECK(stored.at("/events").get_array().size() == static_cast<size_t>(last_seq_when_full));
  auto replayed = http_call(port, "GET",
                            "/admin/matches/" + m.id + "/state?at=" + std::to_string(acked_seq),
                            "", token);
  CHECK(replayed.status == 200);
  CHECK(http_call(port, "GET", "/admin/matches/" + m.id + "/state", "", token).status == 200);

  // Space returns: the same move goes through without a restart, and /readyz is 200 again.
  disk.free_space();
  std::string resumed;
  auto until = clock_type::now() + std::chrono::seconds(30);
  while (resumed.empty() && clock_type::now() < until) {
    json_probe answer(play_ttt_move(ws, m, client_seq));
    if (answer.str("/type") == "ack") {
      resumed = answer.text();
      break;
    }
    CHECK(answer.str("/error/code") == "storage_full");
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  REQUIRE_FALSE(resumed.empty());
  CHECK(m.moves_acked == acked_before_full + 1);
  CHECK(poll([&] { return http_call(port, "GET", "/readyz"); },
             [](const http_result& r) { return r.status == 200; }, std::chrono::seconds(30))
            .status == 200);
  for (int i = 0; i < 5; ++i) REQUIRE(play_ttt_move(ws, m, client_seq).str("/type") == "ack");

  // Nothing acknowledged was lost, nothing refused was stored: one event per acknowledged move
  // after the two of creating and joining (and the round starts those moves caused).
  json_probe after(http_call(port, "GET", "/admin/matches/" + m.id + "/events?limit=1000", "", token).body);
  CHECK(after.num("/lastSeq") > last_seq_when_full);
  auto live = json_probe(http_call(port, "GET", "/admin/matches/" + m.id + "/state", "", token).body);
  auto replay = json_probe(http_call(port, "GET",
                                     "/admin/matches/" + m.id + "/state?at=" +
                                         std::to_string(after.num("/lastSeq")),
                                     "", token).body);
  CHECK(live.str("/hash") == replay.str("/hash"));
  CHECK(live.num("/lastSeq") == after.num("/lastSeq"));

  // And after a SIGKILL: the write-ahead log torn by ENOSPC hides nothing acknowledged.
  server.kill_hard();
  server_process restarted(dir.path(), "test-admin-token", {"--vectors", dir.path() + "/no-vectors"});
  json_probe recovered(http_call(restarted.port(), "GET", "/admin/matches/" + m.id + "/state", "",
                                 token).body);
  CHECK(recovered.num("/lastSeq") == after.num("/lastSeq"));
  CHECK(recovered.str("/hash") == live.str("/hash"));
}

TEST_CASE("a read-only data directory stops start-up with a sentence naming it",
          "[integration][disk]") {
  temp_dir dir;
  const std::string data_dir = dir.path() + "/data";
  REQUIRE(mkdir(data_dir.c_str(), 0755) == 0);
  // Root ignores permission bits, so the directory is a file system mounted read-only; without
  // root the bits say it.
  small_disk disk(data_dir, "size=1m", true);
  if (!disk.mounted()) REQUIRE(chmod(data_dir.c_str(), 0555) == 0);
  std::string out = serve_until_exit(data_dir);
  INFO(out);
  CHECK(out.find("exit=1") != std::string::npos);
  CHECK(out.find("the data directory " + data_dir + " is not writable") != std::string::npos);
  CHECK(out.find(disk.mounted() ? "Read-only file system" : "Permission denied") !=
        std::string::npos);
  CHECK(out.find("listening") == std::string::npos);

  // A read-only journal directory inside a writable data directory: named the same way.
  if (disk.mounted()) {
    const std::string data2 = dir.path() + "/data2", journal2 = data2 + "/journal";
    REQUIRE(mkdir(data2.c_str(), 0755) == 0);
    REQUIRE(mkdir(journal2.c_str(), 0755) == 0);
    small_disk journal_disk(journal2, "size=1m", true);
    REQUIRE(journal_disk.mounted());
    out = serve_until_exit(data2);
    INFO(out);
    CHECK(out.find("exit=1") != std::string::npos);
    CHECK(out.find("the data directory " + journal2 + " is not writable") != std::string::npos);
  }

  // A file where the directory should be: the same kind of sentence.
  const std::string file = dir.path() + "/not-a-directory";
  std::ofstream(file) << "x";
  out = serve_until_exit(file);
  INFO(out);
  CHECK(out.find("exit=1") != std::string::npos);
  CHECK(out.find("the data directory " + file + " is not a directory") != std::string::npos);
}
