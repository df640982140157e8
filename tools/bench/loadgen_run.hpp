// loadgen_run: the vector cards load generator's shared state: its options, each match's
// progress (match_run) and the whole run's (load_run). The players are in loadgen_client.hpp,
// the protocol and the measurements in loadgen.cpp.
#pragma once

#include <signal.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <vector>

#include "tools/bench/loadgen_report.hpp"
#include "tools/bench/ws_client.hpp"

namespace wordhall::loadgen {

struct options {
  std::string host = "127.0.0.1", path = "/ws";
  unsigned short port = 0;
  // More nodes of a cluster on the same host (--also-port): players are spread over all the
  // nodes in turn, so one match's players sit on different nodes.
  std::vector<unsigned short> more_ports;
  int matches = 1, players = 50, rounds = 1, window_ms = 1000, threads = 2;
  int timeout_s = 0;  // 0: 60 s plus 30 s and the window per round
  int connect_parallel = 64;
  long server_pid = 0;
  // A cluster node's failure (--kill-pid, --kill-at-round, --kill-after-ms): the load generator
  // kills that process (SIGKILL) kill_after_ms after the first player saw round kill_at_round
  // begin, while submits are in flight; players reconnect to other nodes and send again what was
  // not answered (loadgen_client.hpp).
  long kill_pid = 0;
  int kill_at_round = 1, kill_after_ms = 500;
  bool reconnect = false;
  uint64_t seed = 1;
  bool json = false;
};

class load_run;
class client;

// One match's progress. Its players run on different strands, so the state is under mu_, and
// nothing that may lock another match (the load_run's callbacks) is called while holding it.
class match_run {
 public:
  match_run(load_run& run, int index) : run_(run), index_(index) {}

  std::vector<std::shared_ptr<client>> players;  // players[0] creates the match and is the host

  void on_connected();
  void on_created(const std::string& id);
  void on_joined(int seat);
  void on_subscribed();
  void start_playing();
  void on_submit_sent(int round, clock_type::time_point at);
  void on_submit_acked();
  void on_results(int round, clock_type::time_point at, size_t rows, const std::string& reason);
  void fail(const std::string& why);
  bool finished() const {
    std::lock_guard lock(mu_);
    return finished_;
  }
  std::string progress() const;

 private:
  struct round_record {
    int submits_sent = 0, results_seen = 0;
    clock_type::time_point last_submit{};
    std::vector<double> results_ms;
  };

  load_run& run_;
  const int index_;
  mutable std::mutex mu_;
  std::string id_;
  int connected_ = 0, subscribed_ = 0, acks_ = 0;
  bool ready_ = false, finished_ = false;
  std::map<int, round_record> rounds_;
};

class load_run : public play_window {
 public:
  explicit load_run(options o) : opt(std::move(o)) {}

  const options opt;
  asio::io_context ioc;
  std::vector<tcp::endpoint> endpoints;  // the nodes' WebSocket endpoints; players take turns
  std::vector<std::unique_ptr<match_run>> matches;
  std::vector<std::shared_ptr<client>> clients;
  std::atomic<long> submits_sent{0}, submits_acked{0}, error_frames{0}, rounds_resolved{0};
  std::atomic<long> clients_closed{0}, reconnects{0}, retries{0};
  std::atomic<bool> stopping{false};

  void connect_next();
  void on_match_ready() {
    if (unit_ready(matches.size(), opt.server_pid))
      for (auto& m : matches) m->start_playing();
  }
  void on_match_finished() { unit_finished(matches.size(), opt.server_pid); }
  void record_ack(double ms) {
    std::lock_guard lock(mu);
    ack_ms.push_back(ms);
  }
  // Any command's answer (ack, or a refusal the failover absorbs), `ms` after it was first sent.
  void record_answer(double ms, clock_type::time_point sent) {
    std::lock_guard lock(mu);
    if (killed_at && sent + std::chrono::microseconds(int64_t(ms * 1000)) > *killed_at)
      answers_after_kill_ms.push_back(ms);
  }
  // Kills options::kill_pid options::kill_after_ms after round options::kill_at_round begins, once.
  void on_round_playing(int round) {
    if (opt.kill_pid <= 0 || round != opt.kill_at_round || kill_sent.exchange(true)) return;
    auto timer = std::make_shared<asio::steady_timer>(ioc, std::chrono::milliseconds(opt.kill_after_ms));
    timer->async_wait([this, timer](beast::error_code) {
      {
        std::lock_guard lock(mu);
        killed_at = clock_type::now();
      }
      ::kill(static_cast<pid_t>(opt.kill_pid), SIGKILL);
    });
  }
  void record_results(const std::vector<double>& all, double last) {
    std::lock_guard lock(mu);
    results_ms.insert(results_ms.end(), all.begin(), all.end());
    results_last_ms.push_back(last);
  }
  void add_failure(std::string why) {
    std::lock_guard lock(mu);
    failures.push_back(std::move(why));
  }

  // Read once every match finished (under the same mutex as their writers).
  std::vector<double> ack_ms, results_ms, results_last_ms;
  std::vector<double> answers_after_kill_ms;  // every command answered after the kill
  std::optional<clock_type::time_point> killed_at;
  std::atomic<bool> kill_sent{false};
  std::vector<std::string> failures;

 private:
  std::atomic<size_t> next_connect_{0};
};

}  // namespace wordhall::loadgen
