// What tools/bench/wortkunst_loadgen.cpp reports and how it prints it: a table for people and one
// JSON line for scripts. The LLM's throughput is its replies over the time its queue was busy
// (the fake's first request to its last reply), against the ideal: concurrency limit / latency.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "tools/bench/fake_llm_stats.hpp"
#include "tools/bench/load_measure.hpp"

namespace wordhall::loadgen::wortkunst {

struct report {
  int games = 0, seats = 0, moves = 0, first_tiles = 0, window_ms = 0, threads = 0;
  int llm_concurrency = 0;  // the server's limit, as configured
  double setup_s = 0, play_s = 0;
  long moves_expected = 0, moves_sent = 0, moves_acked = 0, moves_rated = 0, error_frames = 0;
  latency_summary ack;            // move sent -> its ack (stored; the LLM not involved)
  latency_summary rated_mover;    // move sent -> the mover's update showing it rated
  latency_summary rated_every;    // move sent -> every player's update showing it rated
  latency_summary reply_to_rated; // the fake's reply went out -> the mover's rated update
  bool have_llm = false;          // the fake's stats were read
  fake_llm_stats llm;             // over the play phase, without the log
  double server_cpu_s = -1, self_cpu_s = 0;  // over the play phase
  long frames_received = 0, bytes_received = 0;
  int cores = 1;
  std::vector<std::string> failures;

  bool ok() const {
    return failures.empty() && moves_acked == moves_expected && moves_rated == moves_expected;
  }
  double core_pct(double cpu_s) const { return play_s > 0 ? 100.0 * cpu_s / play_s : 0; }
  // Ratings per second the limit allows: concurrency / latency.
  double llm_ideal_per_s() const {
    return llm.delay_ms > 0 ? llm_concurrency * 1000.0 / static_cast<double>(llm.delay_ms) : 0;
  }
  double llm_ratio() const { return llm_ideal_per_s() > 0 ? llm.replies_per_s() / llm_ideal_per_s() : 0; }
  bool llm_within_5pct() const { return have_llm && llm.replies > 0 && std::fabs(llm_ratio() - 1) <= 0.05; }
};

inline void print_table(const report& r) {
  std::printf("wortkunst_loadgen: %d game(s) x %d seat(s), %d move(s) per game, first moves within %d ms, "
              "%d io threads\n", r.games, r.seats, r.moves, r.window_ms, r.threads);
  std::printf("setup (connect, create, join, start, subscribe) %.2f s; moves played in %.2f s\n\n",
              r.setup_s, r.play_s);
  std::printf("%-40s %8s %9s %9s %9s\n", "", "count", "p50 ms", "p99 ms", "max ms");
  auto row = [](const char* name, const latency_summary& s) {
    std::printf("%-40s %8zu %9.2f %9.2f %9.2f\n", name, s.count, s.p50, s.p99, s.max);
  };
  row("move -> ack (stored, LLM excluded)", r.ack);
  row("move -> rated update, mover", r.rated_mover);
  if (r.seats > 1) row("move -> rated update, every player", r.rated_every);
  if (r.have_llm) row("LLM reply -> rated update, mover", r.reply_to_rated);
  std::printf("\nmoves acked %ld/%ld (sent %ld), rated %ld/%ld, error frames %ld\n", r.moves_acked,
              r.moves_expected, r.moves_sent, r.moves_rated, r.moves_expected, r.error_frames);
  if (r.have_llm) {
    std::printf("LLM: %llu requests for %ld rated moves, %llu replies, %llu bad requests, "
                "max %lld in flight (limit %d), %lld ms per reply\n",
                static_cast<unsigned long long>(r.llm.requests), r.moves_rated,
                static_cast<unsigned long long>(r.llm.replies),
                static_cast<unsigned long long>(r.llm.bad_requests),
                static_cast<long long>(r.llm.max_in_flight), r.llm_concurrency,
                static_cast<long long>(r.llm.delay_ms));
    std::printf("LLM throughput %.2f ratings/s over %.2f s busy; limit / latency = %d / %.3f s = %.2f/s; "
                "ratio %.3f: %s\n", r.llm.replies_per_s(), r.llm.busy_s(), r.llm_concurrency,
                static_cast<double>(r.llm.delay_ms) / 1000, r.llm_ideal_per_s(), r.llm_ratio(),
                r.llm_within_5pct() ? "within 5%" : "NOT within 5%");
  } else {
    std::printf("LLM: no stats (no --llm-port, or the fake did not answer)\n");
  }
  std::printf("received %ld frames, %.1f MB while playing\n", r.frames_received, r.bytes_received / 1e6);
  if (r.server_cpu_s >= 0)
    std::printf("server CPU %.2f s = %.0f%% of one core, %.0f%% of the machine (%d cores)\n",
                r.server_cpu_s, r.core_pct(r.server_cpu_s), r.core_pct(r.server_cpu_s) / r.cores,
                r.cores);
  std::printf("loadgen CPU %.2f s = %.0f%% of one core (same machine)\n", r.self_cpu_s,
              r.core_pct(r.self_cpu_s));
  for (size_t i = 0; i < r.failures.size() && i < 20; ++i)
    std::printf("FAILED: %s\n", r.failures[i].c_str());
  if (r.failures.size() > 20) std::printf("FAILED: ... and %zu more\n", r.failures.size() - 20);
  std::printf("%s\n", r.ok() ? "OK: every move acknowledged and rated" : "NOT OK");
}

inline std::string json_line(const report& r) {
  json_writer out;
  auto latency = [&](const char* name, const latency_summary& s) {
    out.key(name).begin_object().field("count", static_cast<unsigned long>(s.count))
        .field("p50", s.p50).field("p99", s.p99).field("max", s.max).end_object();
  };
  out.begin_object().field("bench", "wortkunst_loadgen").field("ok", r.ok()).field("games", r.games)
      .field("seats", r.seats).field("moves_per_game", r.moves).field("first_tiles", r.first_tiles)
      .field("window_ms", r.window_ms).field("threads", r.threads).field("setup_s", r.setup_s)
      .field("play_s", r.play_s).field("moves", r.moves_expected).field("moves_sent", r.moves_sent)
      .field("moves_acked", r.moves_acked).field("moves_rated", r.moves_rated)
      .field("error_frames", r.error_frames).field("frames_received", r.frames_received)
      .field("bytes_received", r.bytes_received);
  latency("move_to_ack_ms", r.ack);
  latency("move_to_rated_mover_ms", r.rated_mover);
  latency("move_to_rated_every_player_ms", r.rated_every);
  if (r.have_llm) {
    latency("llm_reply_to_rated_ms", r.reply_to_rated);
    out.key("llm").begin_object().field("requests", r.llm.requests).field("replies", r.llm.replies)
        .field("bad_requests", r.llm.bad_requests).field("max_in_flight", r.llm.max_in_flight)
        .field("concurrency", r.llm_concurrency).field("delay_ms", r.llm.delay_ms)
        .field("busy_s", r.llm.busy_s()).field("throughput_per_s", r.llm.replies_per_s())
        .field("ideal_per_s", r.llm_ideal_per_s()).field("ratio", r.llm_ratio())
        .field("within_5pct", r.llm_within_5pct()).end_object();
  }
  if (r.server_cpu_s >= 0)
    out.field("server_cpu_s", r.server_cpu_s).field("server_cpu_core_pct", r.core_pct(r.server_cpu_s))
        .field("server_cpu_machine_pct", r.core_pct(r.server_cpu_s) / r.cores);
  out.field("loadgen_cpu_core_pct", r.core_pct(r.self_cpu_s)).field("cores", r.cores)
      .field("failures", static_cast<unsigned long>(r.failures.size())).end_object();
  return out.take();
}

}  // namespace wordhall::loadgen::wortkunst
