// players: the Wortkunst load generator's games and seats (tools/bench/wortkunst_loadgen.cpp).
//
// load_run owns G games of S seats; every seat is a `player`, its own WebSocket (ws_client) on
// its own strand. Per game: seat 0 creates the game and joins, the others join, seat 0 starts,
// every seat subscribes; once every game is ready, each game's first move goes out at a uniformly
// random moment within the window, and from then on whoever's view says it is their turn (the
// previous move rated, `pending` null) places the next move at once (wortkunst/moves.hpp), until
// the game has made its moves. A game finishes when its moves are acked and every seat has seen
// them rated; an error frame, a failed rating or a lost connection fails it.
//
// Measured: per move, sent -> its ack and sent -> each seat's update listing it rated (load_run's
// vectors); per game, each move's words and when the mover saw it rated (game_run::moves).
#pragma once

#include <boost/asio/io_context.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tools/bench/load_measure.hpp"
#include "tools/bench/ws_client.hpp"

namespace wordhall::loadgen::wortkunst {

struct options {
  std::string host = "127.0.0.1", path = "/ws";
  unsigned short port = 0;
  int games = 1000, seats = 1;
  int moves = 3;          // per game, not per seat
  int first_tiles = 4;    // the first move's word length: two-letter words repeat across games
  int window_ms = 1000;   // the games' first moves go out within this much of the start
  int threads = 2;        // io threads
  int timeout_s = 0;      // 0: from the expected queue time
  int connect_parallel = 64;
  long server_pid = 0;    // for the server's CPU time
  std::string llm_host = "127.0.0.1";
  unsigned short llm_port = 0;  // the fake LLM, for its stats; 0: none
  int llm_concurrency = 2;      // the server's limit, which the throughput is checked against
  uint64_t seed = 1;
  bool json = false;
};

class load_run;
class player;

// One game's progress. Its players run on different strands, so the state is under mu_, and
// nothing that may lock another game (the load_run's callbacks) is called while holding it.
class game_run {
 public:
  game_run(load_run& run, int index) : run_(run), index_(index) {}

  std::vector<std::shared_ptr<player>> players;  // players[0] creates the game and is the host

  void on_connected();
  void on_created(const std::string& id, std::vector<std::string> tokens);
  void on_joined(int seat);
  void on_started();
  void on_subscribed();
  void start_playing();
  // Takes the next move for a player whose view lists `rated` moves; false when that is not the
  // game's latest state, or the game has made its moves.
  bool claim_move(int rated, int seat, clock_type::time_point now, int& number);
  void on_acked(int number, std::string words_key);
  void on_rated_seen(int number, int seat, clock_type::time_point now);
  void fail(const std::string& why);
  bool finished() const {
    std::lock_guard lock(mu_);
    return finished_;
  }
  std::string progress() const;

  struct move_record {
    clock_type::time_point sent{}, mover_rated{};
    int mover = 0, seen = 0;
    std::string words_key;  // the move's distinct words, as the LLM would be asked
  };
  std::vector<move_record> moves() const {
    std::lock_guard lock(mu_);
    return moves_;
  }

 private:
  bool finish_if_done_locked();  // under mu_; true once: the caller reports the game finished

  load_run& run_;
  const int index_;
  mutable std::mutex mu_;
  std::string id_;
  std::vector<std::string> tokens_;
  int connected_ = 0, joined_ = 0, subscribed_ = 0, acked_ = 0, rated_ = 0;
  bool ready_ = false, finished_ = false;
  std::vector<move_record> moves_;
};

class load_run : public play_window {
 public:
  explicit load_run(options o) : opt(std::move(o)) {}

  const options opt;
  asio::io_context ioc;
  tcp::endpoint endpoint;
  std::vector<std::unique_ptr<game_run>> games;
  std::vector<std::shared_ptr<player>> players;
  std::atomic<long> moves_sent{0}, moves_acked{0}, moves_rated{0}, error_frames{0};
  std::atomic<long> clients_closed{0};
  std::atomic<bool> stopping{false};

  // Starts the next player's connection; each one opened or failed starts the next.
  void connect_next();
  void on_game_ready() {
    if (unit_ready(games.size(), opt.server_pid))
      for (auto& g : games) g->start_playing();
  }
  void on_game_finished() { unit_finished(games.size(), opt.server_pid); }
  void record(std::vector<double>& into, double ms) {
    std::lock_guard lock(mu);
    into.push_back(ms);
  }
  void add_failure(std::string why) {
    std::lock_guard lock(mu);
    failures.push_back(std::move(why));
  }

  // Read once every game finished (under the same mutex as their writers).
  std::vector<double> ack_ms, rated_mover_ms, rated_every_ms;
  std::vector<std::string> failures;

 private:
  std::atomic<size_t> next_connect_{0};
};

// Creates the run's games and their players, not yet connected.
void add_games(load_run& run);
// Closes every player's connection once what it has queued is sent.
void close_players(load_run& run);

}  // namespace wordhall::loadgen::wortkunst
