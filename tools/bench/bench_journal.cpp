// bench_journal: how fast the journal makes appends durable, and how fast it replays a match.
//
// Sections, one function each, run in order on a fresh directory (removed afterwards):
//   fsync_per_append   sequential appends of one event, one synced write each (the baseline)
//   group_commit       N matches, each with one append in flight (single writer per match, as in
//                      the server): its callback submits the next. Appends/s, submit->durable
//                      latency, mean batch size, speed-up over the baseline
//   replay             one match of 1,000,000 small events, streamed with for_each_event
// Prints a table for people, then one JSON line for scripts.
//
// Usage: bench_journal [--dir DIR] [--seconds S]
//        bench_journal --nats URLS [--replicas R] [--seconds S]
//   DIR: where the scratch directory goes (default /tmp); S: length of each timed run (default 3).
//   With --nats, only group commit runs, on a JetStream journal at URLS (comma-separated) with R
//   replicas (default 1), each run on a stream and buckets of its own (tools/bench-cluster).
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <future>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "storage/group_commit.hpp"
#include "storage/jetstream_journal.hpp"
#include "storage/rocksdb_journal.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using bench_clock = std::chrono::steady_clock;

namespace {

struct bench_config {
  std::string dir;  // scratch directory, one subdirectory per run
  double seconds = 3;
  std::string nats;  // JetStream's servers; empty: RocksDB in dir
  int replicas = 1;
};

struct fsync_result {
  uint64_t appends = 0;
  double appends_per_s = 0;
};

struct group_result {
  size_t matches = 0;
  uint64_t appends = 0;
  double appends_per_s = 0;
  double p50_us = 0, p99_us = 0;
  double mean_batch = 0;
};

struct replay_result {
  uint64_t events = 0;
  double write_s = 0;
  double replay_s = 0;
  double events_per_s = 0;
};

double seconds_since(bench_clock::time_point start) {
  return std::chrono::duration<double>(bench_clock::now() - start).count();
}

[[noreturn]] void fail(const std::string& what, const status& s) {
  std::fprintf(stderr, "bench_journal: %s: %s\n", what.c_str(), s.to_string().c_str());
  std::exit(1);
}

std::unique_ptr<rocksdb_journal> open_fresh(const bench_config& config, const std::string& name,
                                    bool sync) {
  rocksdb_journal::options options;
  options.sync = sync;
  std::unique_ptr<rocksdb_journal> j;
  status s = rocksdb_journal::open(config.dir + "/" + name, options, &j);
  if (!s.ok()) fail("open " + name, s);
  return j;
}

append_request one_event(const std::string& match_id, uint64_t last_seq) {
  append_request request;
  request.match_id = match_id;
  request.expected_last_seq = last_seq;
  event_envelope& e = request.events.emplace_back();
  e.type = "ttt.mark_placed";
  e.seq = last_seq + 1;
  e.id = match_id + "-" + std::to_string(e.seq);
  e.timestamp_ms = 1763776800000;
  e.payload = R"({"cell":4,"mark":"x"})";
  return request;
}

fsync_result bench_fsync_per_append(const bench_config& config) {
  auto j = open_fresh(config, "fsync", /*sync=*/true);
  fsync_result result;
  const auto start = bench_clock::now();
  while (seconds_since(start) < config.seconds) {
    status s = j->append(one_event("solo", result.appends));
    if (!s.ok()) fail("append", s);
    ++result.appends;
  }
  result.appends_per_s = result.appends / seconds_since(start);
  return result;
}

// A JetStream journal on a stream and buckets no other run uses.
std::unique_ptr<jetstream_journal> open_fresh_jetstream(const bench_config& config,
                                                        const std::string& name) {
  jetstream_journal::options options;
  options.url = config.nats;
  options.replicas = config.replicas;
  const std::string run = name + "-" + std::to_string(getpid());
  options.stream = "BENCH_" + run;
  options.subject_prefix = "bench." + run;
  options.snapshot_bucket = "bench-snap-" + run;
  options.meta_bucket = "bench-meta-" + run;
  std::unique_ptr<jetstream_journal> j;
  status s = jetstream_journal::open(options, &j);
  if (!s.ok()) fail("open JetStream at " + config.nats, s);
  return j;
}

// One writer per match: each match's callback submits its next append until the deadline.
// Callbacks all run on the commit thread, so the latency list needs no lock.
group_result bench_group_commit(const bench_config& config, size_t matches) {
  const std::string name = "group-" + std::to_string(matches);
  std::unique_ptr<journal> j;
  if (config.nats.empty()) j = open_fresh(config, name, /*sync=*/true);
  else j = open_fresh_jetstream(config, name);
  group_commit committer(*j);
  struct writer {
    std::string match_id;
    uint64_t last_seq = 0;
    bench_clock::time_point submitted;
  };
  std::vector<writer> writers(matches);
  std::vector<double> latencies_us;
  latencies_us.reserve(1 << 20);
  size_t in_flight = matches;
  std::promise<void> all_done;
  const auto start = bench_clock::now();
  const auto deadline = start + std::chrono::duration<double>(config.seconds);

  std::function<void(writer&)> submit_next = [&](writer& w) {
    w.submitted = bench_clock::now();
    committer.submit(one_event(w.match_id, w.last_seq), [&](status s) {
      if (!s.ok()) fail("group append", s);
      const auto now = bench_clock::now();
      latencies_us.push_back(std::chrono::duration<double, std::micro>(now - w.submitted).count());
      ++w.last_seq;
      if (now < deadline) return submit_next(w);
      if (--in_flight == 0) all_done.set_value();
    });
  };
  for (size_t i = 0; i < matches; ++i) writers[i].match_id = "match-" + std::to_string(i);
  // This thread touches a writer only before its first submit; from then on only the commit
  // thread does, and the promise hands everything back.
  for (auto& w : writers) submit_next(w);
  all_done.get_future().wait();
  const double elapsed = seconds_since(start);
  committer.stop();

  group_result result;
  result.matches = matches;
  result.appends = latencies_us.size();
  result.appends_per_s = result.appends / elapsed;
  std::sort(latencies_us.begin(), latencies_us.end());
  result.p50_us = latencies_us[latencies_us.size() / 2];
  result.p99_us = latencies_us[std::min(latencies_us.size() - 1, latencies_us.size() * 99 / 100)];
  result.mean_batch = static_cast<double>(committer.requests_written()) /
                      std::max<uint64_t>(1, committer.batches_written());
  return result;
}

// Writes the match unsynced in large appends, reopens the journal so replay reads what a
// restarted server would (SST files plus the recovered WAL tail), then times one full scan.
replay_result bench_replay(const bench_config& config, uint64_t event_count) {
  replay_result result;
  const auto write_start = bench_clock::now();
  {
    auto j = open_fresh(config, "replay", /*sync=*/false);
    constexpr uint64_t per_append = 1000;
    for (uint64_t last = 0; last < event_count; last += per_append) {
      append_request request;
      request.match_id = "long-match";
      request.expected_last_seq = last;
      for (uint64_t seq = last + 1; seq <= std::min(event_count, last + per_append); ++seq) {
        request.events.push_back(one_event("long-match", seq - 1).events.front());
      }
      status s = j->append(request);
      if (!s.ok()) fail("replay setup", s);
    }
  }
  result.write_s = seconds_since(write_start);

  auto j = open_fresh(config, "replay", /*sync=*/false);
  uint64_t payload_bytes = 0;
  const auto start = bench_clock::now();
  status s = j->for_each_event("long-match", 1, event_count, [&](const event_envelope& e) {
    payload_bytes += e.payload.size();
    ++result.events;
    return true;
  });
  result.replay_s = seconds_since(start);
  if (!s.ok()) fail("replay", s);
  if (result.events != event_count || payload_bytes == 0) {
    fail("replay", status::data_loss("replayed " + std::to_string(result.events) + " events"));
  }
  result.events_per_s = result.events / result.replay_s;
  return result;
}

void print_table(const fsync_result& fsync, const std::vector<group_result>& groups,
                 const replay_result& replay) {
  std::printf("\n%-28s %12s %10s %10s %10s %9s\n", "durable appends", "appends/s", "p50 us",
              "p99 us", "batch", "speed-up");
  std::printf("%-28s %12.0f %10s %10s %10s %9s\n", "one fsync per append", fsync.appends_per_s,
              "-", "-", "1.0", "1.0x");
  for (const auto& g : groups) {
    std::string name = "group commit, " + std::to_string(g.matches) + " matches";
    std::printf("%-28s %12.0f %10.0f %10.0f %10.1f %8.1fx\n", name.c_str(), g.appends_per_s,
                g.p50_us, g.p99_us, g.mean_batch, g.appends_per_s / fsync.appends_per_s);
  }
  std::printf("\nreplay: %llu events in %.3f s = %.0f events/s (setup write %.1f s)\n\n",
              static_cast<unsigned long long>(replay.events), replay.replay_s,
              replay.events_per_s, replay.write_s);
}

// One group commit run's figures, as fields of the object `out` has open.
json_writer& write_group_fields(json_writer& out, const group_result& g) {
  return out.field("matches", static_cast<uint64_t>(g.matches))
      .field("appends", g.appends)
      .field("appends_per_s", g.appends_per_s)
      .field("p50_us", g.p50_us)
      .field("p99_us", g.p99_us)
      .field("mean_batch", g.mean_batch);
}

void print_json(const bench_config& config, const fsync_result& fsync,
                const std::vector<group_result>& groups, const replay_result& replay) {
  json_writer out;
  out.begin_object().field("bench", "journal").field("seconds", config.seconds);
  out.key("fsync_per_append")
      .begin_object()
      .field("appends", fsync.appends)
      .field("appends_per_s", fsync.appends_per_s)
      .end_object();
  out.key("group_commit").begin_array();
  double speedup_256 = 0;
  for (const auto& g : groups) {
    const double speedup = g.appends_per_s / fsync.appends_per_s;
    if (g.matches == 256) speedup_256 = speedup;
    write_group_fields(out.begin_object(), g).field("speedup", speedup).end_object();
  }
  out.end_array();
  out.key("replay")
      .begin_object()
      .field("events", replay.events)
      .field("seconds", replay.replay_s)
      .field("events_per_s", replay.events_per_s)
      .end_object();
  out.key("targets")
      .begin_object()
      .field("group_commit_256_speedup_ge_20", speedup_256 >= 20)
      .field("replay_ge_1m_events_per_s", replay.events_per_s >= 1e6)
      .end_object();
  out.end_object();
  std::printf("%s\n", out.str().c_str());
}

bool parse_args(int argc, char** argv, std::string* parent, bench_config* config) {
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--dir") == 0 && has_value) {
      *parent = argv[++i];
    } else if (std::strcmp(argv[i], "--seconds") == 0 && has_value) {
      config->seconds = std::atof(argv[++i]);
      if (config->seconds <= 0) return false;
    } else if (std::strcmp(argv[i], "--nats") == 0 && has_value) {
      config->nats = argv[++i];
    } else if (std::strcmp(argv[i], "--replicas") == 0 && has_value) {
      config->replicas = std::atoi(argv[++i]);
      if (config->replicas < 1) return false;
    } else {
      return false;
    }
  }
  return true;
}

// JetStream: group commit alone, as a table and a JSON line.
int bench_jetstream(const bench_config& config) {
  std::vector<group_result> groups;
  for (size_t matches : {1, 16, 256}) {
    std::fprintf(stderr, "JetStream R%d, group commit, %zu matches...\n", config.replicas, matches);
    groups.push_back(bench_group_commit(config, matches));
  }
  std::printf("\n%-34s %12s %10s %10s %10s\n", "durable appends", "appends/s", "p50 us",
              "p99 us", "batch");
  json_writer out;
  out.begin_object().field("bench", "journal_jetstream").field("replicas", config.replicas)
      .field("seconds", config.seconds).key("group_commit").begin_array();
  for (const auto& g : groups) {
    std::string name = "JetStream R" + std::to_string(config.replicas) + ", " +
                       std::to_string(g.matches) + " matches";
    std::printf("%-34s %12.0f %10.0f %10.0f %10.1f\n", name.c_str(), g.appends_per_s, g.p50_us,
                g.p99_us, g.mean_batch);
    write_group_fields(out.begin_object(), g).end_object();
  }
  out.end_array().end_object();
  std::printf("\n%s\n", out.str().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string parent = "/tmp";
  bench_config config;
  if (!parse_args(argc, argv, &parent, &config)) {
    std::fprintf(stderr,
                 "usage: %s [--dir DIR] [--seconds S]\n"
                 "       %s --nats URLS [--replicas R] [--seconds S]\n",
                 argv[0], argv[0]);
    return 2;
  }
  if (!config.nats.empty()) return bench_jetstream(config);
  std::string scratch = parent + "/wordhall-bench-journal-XXXXXX";
  if (!mkdtemp(scratch.data())) {
    std::perror(("mkdtemp in " + parent).c_str());
    return 1;
  }
  config.dir = scratch;
  std::fprintf(stderr, "bench_journal: scratch directory %s\n", scratch.c_str());

  std::fprintf(stderr, "fsync per append...\n");
  const fsync_result fsync = bench_fsync_per_append(config);
  std::vector<group_result> groups;
  for (size_t matches : {1, 16, 256}) {
    std::fprintf(stderr, "group commit, %zu matches...\n", matches);
    groups.push_back(bench_group_commit(config, matches));
  }
  std::fprintf(stderr, "replay...\n");
  const replay_result replay = bench_replay(config, 1000000);

  print_table(fsync, groups, replay);
  print_json(config, fsync, groups, replay);
  std::error_code ignored;
  std::filesystem::remove_all(scratch, ignored);
  return 0;
}
