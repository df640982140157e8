// What tools/bench/loadgen.cpp reports for vector cards and how it prints it: a table for people
// and one JSON line for scripts (the measuring itself is tools/bench/load_measure.hpp).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "tools/bench/load_measure.hpp"

namespace wordhall::loadgen {

struct report {
  int matches = 0, players = 0, rounds = 0, window_ms = 0, threads = 0;
  double setup_s = 0, play_s = 0;
  long submits_expected = 0, submits_sent = 0, submits_acked = 0, error_frames = 0;
  long rounds_expected = 0, rounds_resolved = 0;
  latency_summary ack, results_all, results_last;
  double server_cpu_s = -1, self_cpu_s = 0;  // over the play phase
  long frames_received = 0, bytes_received = 0;  // by all players, over the play phase
  int cores = 1;
  // A node killed during the load (--kill-pid): every command (start, submit, next) answered after
  // the kill, from its first send, and how often players connected again and sent a command again.
  bool killed = false;
  latency_summary answers_after_kill;
  long reconnects = 0, retries = 0;
  std::vector<std::string> failures;
  bool ok() const {
    return failures.empty() && submits_acked == submits_expected && rounds_resolved == rounds_expected;
  }
  double core_pct(double cpu_s) const { return play_s > 0 ? 100.0 * cpu_s / play_s : 0; }
};

inline void print_table(const report& r) {
  std::printf("loadgen: %d match(es) x %d players, %d round(s), submits within %d ms, %d io threads\n",
              r.matches, r.players, r.rounds, r.window_ms, r.threads);
  std::printf("setup (connect, create, join, subscribe) %.2f s; rounds played in %.2f s\n\n",
              r.setup_s, r.play_s);
  std::printf("%-38s %8s %9s %9s %9s\n", "", "count", "p50 ms", "p99 ms", "max ms");
  auto row = [](const char* name, const latency_summary& s) {
    std::printf("%-38s %8zu %9.2f %9.2f %9.2f\n", name, s.count, s.p50, s.p99, s.max);
  };
  row("submit -> ack", r.ack);
  row("last submit -> results, every player", r.results_all);
  row("last submit -> results, last player", r.results_last);
  if (r.killed) row("command -> answer, after the node kill", r.answers_after_kill);
  std::printf("\nsubmits acked %ld/%ld (sent %ld), rounds resolved %ld/%ld, error frames %ld\n",
              r.submits_acked, r.submits_expected, r.submits_sent, r.rounds_resolved,
              r.rounds_expected, r.error_frames);
  if (r.killed || r.reconnects || r.retries)
    std::printf("players connected again %ld times; commands sent again %ld times\n", r.reconnects,
                r.retries);
  std::printf("received %ld frames, %.1f MB (mean %.1f KB) while playing\n", r.frames_received,
              r.bytes_received / 1e6,
              r.frames_received ? r.bytes_received / 1e3 / static_cast<double>(r.frames_received) : 0.0);
  if (r.server_cpu_s >= 0)
    std::printf("server CPU %.2f s = %.0f%% of one core, %.0f%% of the machine (%d cores)\n",
                r.server_cpu_s, r.core_pct(r.server_cpu_s), r.core_pct(r.server_cpu_s) / r.cores,
                r.cores);
  std::printf("loadgen CPU %.2f s = %.0f%% of one core (same machine)\n", r.self_cpu_s,
              r.core_pct(r.self_cpu_s));
  for (size_t i = 0; i < r.failures.size() && i < 20; ++i)
    std::printf("FAILED: %s\n", r.failures[i].c_str());
  if (r.failures.size() > 20) std::printf("FAILED: ... and %zu more\n", r.failures.size() - 20);
  std::printf("%s\n", r.ok() ? "OK: every submit acknowledged, every round resolved" : "NOT OK");
}

inline std::string json_line(const report& r) {
  json_writer out;
  auto latency = [&](const char* name, const latency_summary& s) {
    out.key(name).begin_object().field("count", static_cast<unsigned long>(s.count))
        .field("p50", s.p50).field("p99", s.p99).field("max", s.max).end_object();
  };
  out.begin_object().field("bench", "loadgen").field("ok", r.ok()).field("matches", r.matches)
      .field("players", r.players).field("rounds", r.rounds).field("window_ms", r.window_ms)
      .field("threads", r.threads).field("setup_s", r.setup_s).field("play_s", r.play_s)
      .field("submits", r.submits_expected).field("submits_acked", r.submits_acked)
      .field("rounds_resolved", r.rounds_resolved).field("error_frames", r.error_frames)
      .field("frames_received", r.frames_received).field("bytes_received", r.bytes_received);
  latency("submit_to_ack_ms", r.ack);
  latency("last_submit_to_results_ms", r.results_all);
  latency("last_submit_to_results_last_player_ms", r.results_last);
  if (r.killed) {
    latency("command_to_answer_after_kill_ms", r.answers_after_kill);
    out.field("reconnects", r.reconnects).field("retries", r.retries);
  }
  if (r.server_cpu_s >= 0)
    out.field("server_cpu_s", r.server_cpu_s).field("server_cpu_core_pct", r.core_pct(r.server_cpu_s))
        .field("server_cpu_machine_pct", r.core_pct(r.server_cpu_s) / r.cores);
  out.field("loadgen_cpu_core_pct", r.core_pct(r.self_cpu_s)).field("cores", r.cores)
      .field("failures", static_cast<unsigned long>(r.failures.size())).end_object();
  return out.take();
}

}  // namespace wordhall::loadgen
