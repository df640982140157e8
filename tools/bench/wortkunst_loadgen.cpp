// wortkunst_loadgen: real WebSocket players of Wortkunst whose moves wait for the LLM, to measure
// the server and its judge's queue under load (tools/loadgen wortkunst runs it against fake_llm).
//
// G games of S seats play M moves each (tools/bench/wortkunst/players.hpp). Measured per move:
// sent -> its ack (the move is stored; the LLM is not involved), and sent -> the update whose view
// lists it rated, for the mover and for every player; with the fake LLM's reply log (--llm-port),
// its reply -> the mover's rated update, matched by the words asked. The LLM queue's throughput is
// the fake's replies over the time it was busy, against --llm-concurrency / the fake's delay.
// Exit status 0 only when every move was acknowledged and every player saw it rated, with no error
// frame (the throughput is reported, not judged). Prints a table, and with --json one JSON line.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "tools/bench/fake_llm_stats.hpp"
#include "tools/bench/http_fetch.hpp"
#include "tools/bench/wortkunst/moves.hpp"
#include "tools/bench/wortkunst/players.hpp"
#include "tools/bench/wortkunst/report.hpp"

namespace wordhall::loadgen::wortkunst {
namespace {

bool parse_options(int argc, char** argv, options& opt) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    try {
      if (a == "--json") opt.json = true;
      else if (a == "--url") { if (!parse_ws_url(value(), opt.host, opt.port, opt.path)) return false; }
      else if (a == "--port") opt.port = static_cast<unsigned short>(std::stoi(value()));
      else if (a == "--games") opt.games = std::stoi(value());
      else if (a == "--seats") opt.seats = std::stoi(value());
      else if (a == "--moves") opt.moves = std::stoi(value());
      else if (a == "--first-tiles") opt.first_tiles = std::stoi(value());
      else if (a == "--move-window-ms") opt.window_ms = std::stoi(value());
      else if (a == "--server-pid") opt.server_pid = std::stol(value());
      else if (a == "--llm-host") opt.llm_host = value();
      else if (a == "--llm-port") opt.llm_port = static_cast<unsigned short>(std::stoi(value()));
      else if (a == "--llm-concurrency") opt.llm_concurrency = std::stoi(value());
      else if (a == "--threads") opt.threads = std::stoi(value());
      else if (a == "--timeout-s") opt.timeout_s = std::stoi(value());
      else if (a == "--connect-parallel") opt.connect_parallel = std::stoi(value());
      else if (a == "--seed") opt.seed = std::stoull(value());
      else return false;
    } catch (const std::exception&) {
      return false;
    }
  }
  return opt.port != 0 && opt.games >= 1 && opt.seats >= 1 && opt.seats <= 4 && opt.first_tiles >= 2 &&
         opt.first_tiles <= 7 && opt.moves >= 1 && opt.moves <= max_moves(opt.first_tiles) &&
         opt.window_ms >= 0 && opt.threads >= 1 && opt.connect_parallel >= 1 && opt.llm_concurrency >= 1;
}

// The fake LLM's stats (with its reply log when `log`); false when it does not answer.
bool fetch_llm_stats(const options& opt, bool log, fake_llm_stats& into) {
  auto reply = http_fetch(opt.llm_host, opt.llm_port, beast::http::verb::get, log ? "/stats?log=1" : "/stats");
  return reply.status == 200 && parse_fake_llm_stats(reply.body, into);
}

// The fake's reply -> the mover's rated update, for the moves whose words were asked in exactly
// one request and made by no other move: a move answered from the judge's memory would otherwise
// be lined up with the request another game's move caused.
std::vector<double> reply_to_rated_ms(const std::vector<fake_llm_reply>& log,
                                      const std::vector<game_run::move_record>& moves) {
  std::unordered_map<std::string, int64_t> replied;  // words key -> reply time, -1 when ambiguous
  for (auto& r : log) {
    std::string key;
    for (auto& w : r.words) key.append(w).push_back('\n');
    auto [it, fresh] = replied.emplace(std::move(key), r.at_ns);
    if (!fresh) it->second = -1;
  }
  std::unordered_map<std::string, int> made;  // words key -> moves
  for (auto& m : moves) ++made[m.words_key];
  std::vector<double> out;
  for (auto& m : moves) {
    auto it = replied.find(m.words_key);
    if (it == replied.end() || it->second < 0 || made[m.words_key] != 1 ||
        m.mover_rated == clock_type::time_point{})
      continue;
    auto rated_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(m.mover_rated.time_since_epoch()).count();
    out.push_back(static_cast<double>(rated_ns - it->second) / 1e6);
  }
  return out;
}

}  // namespace
}  // namespace wordhall::loadgen::wortkunst

int main(int argc, char** argv) {
  using namespace wordhall::loadgen;
  using namespace wordhall::loadgen::wortkunst;
  options opt;
  if (!parse_options(argc, argv, opt)) {
    std::fprintf(stderr,
                 "usage: wortkunst_loadgen (--url ws://HOST:PORT/ws | --port N) [--games G] [--seats S (1-4)]\n"
                 "         [--moves M (per game, at most 1 + (29 - T) / 2)] [--first-tiles T (2-7)]\n"
                 "         [--move-window-ms W]\n"
                 "         [--llm-port N [--llm-host H]] [--llm-concurrency C (the server's limit)]\n"
                 "         [--server-pid PID] [--threads T] [--timeout-s S] [--connect-parallel N]\n"
                 "         [--seed N] [--json]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  const size_t total = static_cast<size_t>(opt.games) * static_cast<size_t>(opt.seats);
  raise_descriptor_limit(total + 64, "wortkunst_loadgen");

  // The fake's counters start with the moves: setup asks the LLM nothing.
  int64_t delay_ms = 200;
  if (opt.llm_port != 0) {
    auto reset = http_fetch(opt.llm_host, opt.llm_port, beast::http::verb::post, "/stats/reset");
    fake_llm_stats before;
    if (reset.status != 200 || !fetch_llm_stats(opt, false, before)) {
      std::fprintf(stderr, "wortkunst_loadgen: the fake LLM at %s:%u does not answer /stats: %s\n",
                   opt.llm_host.c_str(), opt.llm_port, reset.error.c_str());
      return 2;
    }
    delay_ms = before.delay_ms;
  }

  load_run run(opt);
  try {
    tcp::resolver resolver(run.ioc);
    run.endpoint = resolver.resolve(opt.host, std::to_string(opt.port))->endpoint();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "wortkunst_loadgen: cannot resolve %s: %s\n", opt.host.c_str(), e.what());
    return 2;
  }
  add_games(run);

  run.setup_start = clock_type::now();
  auto work = asio::make_work_guard(run.ioc);
  std::vector<std::thread> threads;
  for (int i = 0; i < opt.threads; ++i) threads.emplace_back([&] { run.ioc.run(); });
  for (int i = 0; i < opt.connect_parallel; ++i) run.connect_next();

  // Setup, the window, and the LLM queue at its limit, with room to spare.
  const double queue_s = static_cast<double>(opt.games) * opt.moves * static_cast<double>(delay_ms) /
                         1000.0 / opt.llm_concurrency;
  int timeout_s = opt.timeout_s > 0 ? opt.timeout_s
                                    : 60 + opt.window_ms / 1000 + static_cast<int>(queue_s * 1.5);
  if (!run.wait(std::chrono::seconds(timeout_s))) {
    for (auto& g : run.games)
      if (!g->finished()) g->fail("timed out after " + std::to_string(timeout_s) + " s: " + g->progress());
    run.wait(std::chrono::seconds(5));  // a game finishing meanwhile is still counting itself
  }

  // Close politely, but do not wait long for thousands of close handshakes.
  run.stopping = true;
  close_players(run);
  auto until = clock_type::now() + std::chrono::seconds(3);
  while (run.clients_closed < static_cast<long>(total) && clock_type::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  work.reset();
  run.ioc.stop();
  for (auto& t : threads) t.join();

  report r;
  r.games = opt.games;
  r.seats = opt.seats;
  r.moves = opt.moves;
  r.first_tiles = opt.first_tiles;
  r.window_ms = opt.window_ms;
  r.threads = opt.threads;
  r.llm_concurrency = opt.llm_concurrency;
  r.cores = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  std::vector<game_run::move_record> moves;
  for (auto& g : run.games) {
    auto m = g->moves();
    moves.insert(moves.end(), m.begin(), m.end());
  }
  if (opt.llm_port != 0 && fetch_llm_stats(opt, true, r.llm)) {
    r.have_llm = true;
    r.reply_to_rated = summarize(reply_to_rated_ms(r.llm.log, moves));
    r.llm.log.clear();
  }
  {
    std::lock_guard lock(run.mu);
    const bool played = run.play_start != clock_type::time_point{};
    const bool ended = run.play_end != clock_type::time_point{};
    r.setup_s = played ? ms_between(run.setup_start, run.play_start) / 1000 : 0;
    r.play_s = played && ended ? ms_between(run.play_start, run.play_end) / 1000 : 0;
    r.ack = summarize(run.ack_ms);
    r.rated_mover = summarize(run.rated_mover_ms);
    r.rated_every = summarize(run.rated_every_ms);
    r.failures = run.failures;
  }
  r.moves_expected = static_cast<long>(opt.games) * opt.moves;
  r.moves_sent = run.moves_sent;
  r.moves_acked = run.moves_acked;
  r.moves_rated = run.moves_rated;
  r.error_frames = run.error_frames;
  if (run.server_cpu_start >= 0 && run.server_cpu_end >= 0)
    r.server_cpu_s = run.server_cpu_end - run.server_cpu_start;
  r.self_cpu_s = run.self_cpu_end - run.self_cpu_start;
  r.frames_received = run.frames_at_end - run.frames_at_start;
  r.bytes_received = run.bytes_at_end - run.bytes_at_start;
  print_table(r);
  if (opt.json) std::printf("%s\n", json_line(r).c_str());
  std::fflush(stdout);
  // Thousands of sockets and their pending handlers need no orderly teardown at exit.
  std::_Exit(r.ok() ? 0 : 1);
}
