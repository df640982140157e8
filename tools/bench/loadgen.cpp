// loadgen: real WebSocket players of vector cards, to measure the server under load.
//
// M matches of P players each, all connections asynchronous (Boost.Beast) over a few io threads.
// Per match: player 0 creates the match and joins first (so it is the host), the others join, every
// player subscribes with its player_id; once every match is ready the hosts start together. Each
// player submits one public and one private card (random signs; a JOKER gets "water", or another
// word when water is the round's start or target) at a uniformly random moment within W ms of
// seeing the round; the last submit resolves the round; the host sends `next` once all its players
// saw the results, until R rounds are played. With --reconnect and --kill-pid, a cluster node is
// killed during round N and the players on it move to the others (loadgen_client.hpp).
//
// Measured: submit sent -> its ack; the match's last submit sent -> each player's view with
// round.phase "results"; CPU of the server (/proc/PID/stat) and of this process over the rounds.
// Exit status 0 only when every submit was acknowledged, no error frame came, and every round
// resolved by all submits with P leaderboard rows. Prints a table, and with --json one JSON line.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "events/json_writer.hpp"
#include "tools/bench/loadgen_client.hpp"
#include "tools/bench/loadgen_run.hpp"

namespace wordhall::loadgen {

void load_run::connect_next() {
  size_t i = next_connect_++;
  if (i < clients.size()) clients[i]->start();
}

void match_run::on_connected() {
  std::unique_lock lock(mu_);
  if (++connected_ != static_cast<int>(players.size()) || finished_) return;
  lock.unlock();
  players[0]->create("load-" + std::to_string(index_), run_.opt.rounds, run_.opt.players);
}

void match_run::on_created(const std::string& id) {
  {
    std::lock_guard lock(mu_);
    id_ = id;
  }
  players[0]->join(id);
}

void match_run::on_joined(int seat) {
  if (seat != 0) return;
  std::string id;
  {
    std::lock_guard lock(mu_);
    id = id_;
  }
  for (size_t i = 1; i < players.size(); ++i) players[i]->join(id);  // the host is seated first
}

void match_run::on_subscribed() {
  {
    std::lock_guard lock(mu_);
    if (++subscribed_ != static_cast<int>(players.size()) || ready_) return;
    ready_ = true;
  }
  run_.on_match_ready();
}

void match_run::start_playing() {
  if (!finished()) players[0]->start_match();
}

void match_run::on_submit_sent(int round, clock_type::time_point at) {
  std::lock_guard lock(mu_);
  auto& r = rounds_[round];
  ++r.submits_sent;
  r.last_submit = std::max(r.last_submit, at);
}

void match_run::on_submit_acked() {
  std::lock_guard lock(mu_);
  ++acks_;
}

void match_run::on_results(int round, clock_type::time_point at, size_t rows, const std::string& reason) {
  const int players_n = static_cast<int>(players.size());
  std::string problem;
  std::vector<double> all;
  {
    std::lock_guard lock(mu_);
    if (finished_) return;
    auto& r = rounds_[round];
    if (r.submits_sent < players_n)
      problem = "round " + std::to_string(round) + " showed results (" + reason + ") after " +
                std::to_string(r.submits_sent) + " of " + std::to_string(players_n) + " submits";
    else if (reason != "all_submitted")
      problem = "round " + std::to_string(round) + " resolved with reason \"" + reason + "\"";
    else if (rows != players.size())
      problem = "round " + std::to_string(round) + " has " + std::to_string(rows) + " leaderboard rows";
    r.results_ms.push_back(ms_between(r.last_submit, at));
    if (problem.empty() && ++r.results_seen == players_n) {
      // After a node's failure a submit's answer may come after the round's results: the run's
      // end checks that every submit was answered.
      if (!run_.opt.reconnect && acks_ != players_n * round)
        problem = "round " + std::to_string(round) + " resolved with " + std::to_string(acks_) +
                  " submits acknowledged in all";
      all = std::move(r.results_ms);
    }
  }
  if (!problem.empty()) return fail(problem);
  if (all.empty()) return;
  run_.record_results(all, *std::max_element(all.begin(), all.end()));
  ++run_.rounds_resolved;
  if (round < run_.opt.rounds) return players[0]->next_round();
  {
    std::lock_guard lock(mu_);
    if (finished_) return;
    finished_ = true;
  }
  run_.on_match_finished();
}

void match_run::fail(const std::string& why) {
  bool was_ready;
  {
    std::lock_guard lock(mu_);
    if (finished_) return;
    finished_ = true;
    was_ready = ready_;
    ready_ = true;
  }
  run_.add_failure("match " + std::to_string(index_) + ": " + why);
  if (!was_ready) run_.on_match_ready();  // the others need not wait for it
  run_.on_match_finished();
}

std::string match_run::progress() const {
  std::lock_guard lock(mu_);
  std::string s = "connected " + std::to_string(connected_) + ", subscribed " +
                  std::to_string(subscribed_) + " of " + std::to_string(players.size()) +
                  ", submits acked " + std::to_string(acks_);
  for (auto& [n, r] : rounds_)
    s += "; round " + std::to_string(n) + ": submits sent " + std::to_string(r.submits_sent) +
         ", results seen " + std::to_string(r.results_seen);
  return s;
}

namespace {

bool parse_options(int argc, char** argv, options& opt) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    try {
      if (a == "--json") opt.json = true;
      else if (a == "--url") { if (!parse_ws_url(value(), opt.host, opt.port, opt.path)) return false; }
      else if (a == "--port") opt.port = static_cast<unsigned short>(std::stoi(value()));
      else if (a == "--also-port") opt.more_ports.push_back(static_cast<unsigned short>(std::stoi(value())));
      else if (a == "--matches") opt.matches = std::stoi(value());
      else if (a == "--players") opt.players = std::stoi(value());
      else if (a == "--rounds") opt.rounds = std::stoi(value());
      else if (a == "--submit-window-ms") opt.window_ms = std::stoi(value());
      else if (a == "--server-pid") opt.server_pid = std::stol(value());
      else if (a == "--kill-pid") opt.kill_pid = std::stol(value());
      else if (a == "--kill-at-round") opt.kill_at_round = std::stoi(value());
      else if (a == "--kill-after-ms") opt.kill_after_ms = std::stoi(value());
      else if (a == "--reconnect") opt.reconnect = true;
      else if (a == "--threads") opt.threads = std::stoi(value());
      else if (a == "--timeout-s") opt.timeout_s = std::stoi(value());
      else if (a == "--connect-parallel") opt.connect_parallel = std::stoi(value());
      else if (a == "--seed") opt.seed = std::stoull(value());
      else return false;
    } catch (const std::exception&) {
      return false;
    }
  }
  return opt.port != 0 && opt.matches >= 1 && opt.players >= 1 && opt.players <= 200 &&
         opt.rounds >= 1 && opt.rounds <= 50 && opt.window_ms >= 0 && opt.threads >= 1 &&
         opt.connect_parallel >= 1 && opt.kill_at_round >= 1 && opt.kill_at_round <= opt.rounds &&
         opt.kill_after_ms >= 0 &&
         (opt.kill_pid == 0 || opt.reconnect);
}

}  // namespace

}  // namespace wordhall::loadgen

int main(int argc, char** argv) {
  using namespace wordhall::loadgen;
  options opt;
  if (!parse_options(argc, argv, opt)) {
    std::fprintf(stderr,
                 "usage: loadgen (--url ws://HOST:PORT/ws | --port N) [--also-port N ...] [--matches M]\n"
                 "               [--players P (1-200)]\n"
                 "               [--rounds R] [--submit-window-ms W] [--server-pid PID] [--threads T]\n"
                 "               [--timeout-s S] [--connect-parallel N] [--seed N] [--json]\n"
                 "               [--reconnect [--kill-pid PID [--kill-at-round N] [--kill-after-ms MS]]]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  const size_t total = static_cast<size_t>(opt.matches) * static_cast<size_t>(opt.players);
  raise_descriptor_limit(total + 64, "loadgen");

  load_run run(opt);
  try {
    tcp::resolver resolver(run.ioc);
    run.endpoints.push_back(resolver.resolve(opt.host, std::to_string(opt.port))->endpoint());
    for (auto port : opt.more_ports)
      run.endpoints.push_back(resolver.resolve(opt.host, std::to_string(port))->endpoint());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "loadgen: cannot resolve %s: %s\n", opt.host.c_str(), e.what());
    return 2;
  }
  for (int m = 0; m < opt.matches; ++m) {
    run.matches.push_back(std::make_unique<match_run>(run, m));
    for (int p = 0; p < opt.players; ++p) {
      auto c = std::make_shared<client>(run, *run.matches.back(), p, opt.seed * 1000003 + run.clients.size(),
                                        run.clients.size() % run.endpoints.size());
      run.matches.back()->players.push_back(c);
      run.clients.push_back(c);
    }
  }

  run.setup_start = clock_type::now();
  auto work = asio::make_work_guard(run.ioc);
  std::vector<std::thread> threads;
  for (int i = 0; i < opt.threads; ++i) threads.emplace_back([&] { run.ioc.run(); });
  for (int i = 0; i < opt.connect_parallel; ++i) run.connect_next();

  int timeout_s = opt.timeout_s > 0 ? opt.timeout_s : 60 + opt.rounds * (30 + opt.window_ms / 1000);
  if (!run.wait(std::chrono::seconds(timeout_s))) {
    for (auto& m : run.matches)
      if (!m->finished()) m->fail("timed out after " + std::to_string(timeout_s) + " s: " + m->progress());
    run.wait(std::chrono::seconds(5));  // a match finishing meanwhile is still counting itself
  }

  // Close politely, but do not wait long for thousands of close handshakes.
  run.stopping = true;
  for (auto& c : run.clients) c->close();
  auto until = clock_type::now() + std::chrono::seconds(3);
  while (run.clients_closed < static_cast<long>(total) && clock_type::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  work.reset();
  run.ioc.stop();
  for (auto& t : threads) t.join();

  report r;
  r.matches = opt.matches;
  r.players = opt.players;
  r.rounds = opt.rounds;
  r.window_ms = opt.window_ms;
  r.threads = opt.threads;
  r.cores = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  {
    std::lock_guard lock(run.mu);
    const bool played = run.play_start != clock_type::time_point{};
    r.setup_s = played ? ms_between(run.setup_start, run.play_start) / 1000 : 0;
    r.play_s = played ? ms_between(run.play_start, run.play_end) / 1000 : 0;
    r.ack = summarize(run.ack_ms);
    r.results_all = summarize(run.results_ms);
    r.results_last = summarize(run.results_last_ms);
    r.killed = run.killed_at.has_value();
    r.answers_after_kill = summarize(run.answers_after_kill_ms);
    r.failures = run.failures;
  }
  r.submits_expected = static_cast<long>(total) * opt.rounds;
  r.submits_sent = run.submits_sent;
  r.submits_acked = run.submits_acked;
  r.error_frames = run.error_frames;
  r.reconnects = run.reconnects;
  r.retries = run.retries;
  r.rounds_expected = static_cast<long>(opt.matches) * opt.rounds;
  r.rounds_resolved = run.rounds_resolved;
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
