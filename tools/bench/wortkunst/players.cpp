// players: the state machines of the Wortkunst load generator's seats and games (players.hpp).
#include "tools/bench/wortkunst/players.hpp"

#include <boost/asio/steady_timer.hpp>
#include <simdjson.h>

#include <algorithm>
#include <random>
#include <unordered_map>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "tools/bench/wortkunst/moves.hpp"

namespace wordhall::loadgen::wortkunst {

// One seat: its connection, its commands in flight and what its latest view shows.
class player : public ws_client {
 public:
  player(load_run& run, game_run& game, int seat, uint64_t seed)
      : ws_client(run.ioc), run_(run), game_(game), seat_(seat), timer_(executor()), rng_(seed) {}

  void start() {
    connect(run_.endpoint, run_.opt.host + ":" + std::to_string(run_.endpoint.port()), run_.opt.path);
  }
  void create(int seats) {
    post([this, seats] {
      json_writer body;
      body.begin_object().field("type", "create").field("playerCount", seats).end_object();
      command(kind::create, body.take());
    });
  }
  void join(const std::string& game_id, const std::string& token) {
    post([this, game_id, token] {
      game_id_ = game_id;
      token_ = token;
      json_writer body;
      body.begin_object().field("type", "join").field("name", "Spieler " + std::to_string(seat_ + 1)).end_object();
      command(kind::join, body.take());
    });
  }
  void start_game() { post([this] { command(kind::start, R"({"type":"start"})"); }); }
  void subscribe() {
    post([this] {
      json_writer sub;
      sub.begin_object().field("type", "subscribe").field("matchId", game_id_).field("token", token_).end_object();
      send(sub.take());
    });
  }
  // From `delay` on, this player moves whenever its view says it is its turn.
  void allow_moves_after(std::chrono::microseconds delay) {
    post([this, delay] {
      timer_.expires_after(delay);
      timer_.async_wait([self = self()](beast::error_code ec) {
        if (ec || self->is_closing()) return;
        self->may_move_ = true;
        self->try_move();
      });
    });
  }
  void close() {
    post([this] {
      timer_.cancel();
      ws_client::close();
      if (!is_open()) ++run_.clients_closed;
    });
  }

 private:
  enum class kind { create, join, start, place };
  static const char* kind_name(kind k) {
    static const char* names[] = {"create", "join", "start", "place"};
    return names[static_cast<int>(k)];
  }
  struct pending {
    kind what;
    clock_type::time_point sent;
    int number = 0;  // the game's move, for place
  };

  std::shared_ptr<player> self() { return std::static_pointer_cast<player>(shared_from_this()); }
  std::string who() const {
    return "seat " + std::to_string(seat_) + " of " + (game_id_.empty() ? "?" : game_id_);
  }

  void command(kind what, const std::string& body, int number = 0, clock_type::time_point sent = clock_type::now()) {
    int64_t seq = next_seq_++;
    json_writer out;
    out.begin_object().field("type", "command").field("clientSeq", seq);
    if (game_id_.empty()) out.field("game", "wortkunst");
    else out.field("matchId", game_id_);
    if (!token_.empty()) out.field("token", token_);
    out.raw_field("command", body).end_object();
    pending_[seq] = {what, sent, number};
    send(out.take());
  }

  void on_open() override {
    run_.connect_next();
    game_.on_connected();
  }
  void on_failed(const char* step, beast::error_code ec, bool was_open) override {
    if (std::string_view(step) == "connect" || std::string_view(step) == "handshake") {
      run_.connect_next();
      return game_.fail(who() + ": " + step + ": " + ec.message());
    }
    if (run_.stopping) {
      if (was_open) ++run_.clients_closed;
      return;
    }
    game_.fail(who() + ": connection lost (" + step + "): " + ec.message());
  }

  void on_frame(std::string_view text, clock_type::time_point now) override {
    ++run_.frames_received;
    run_.bytes_received += static_cast<long>(text.size());
    thread_local simdjson::dom::parser parser;
    simdjson::dom::element msg;
    if (parser.parse(text.data(), text.size()).get(msg))
      return game_.fail(who() + ": unparsable frame: " + std::string(text.substr(0, 200)));
    std::string_view type;
    if (msg["type"].get(type)) return game_.fail(who() + ": frame without type");
    if (type == "ack") return on_ack(msg, now);
    if (type == "snapshot" || type == "update") {
      simdjson::dom::element view;
      if (msg["view"].get(view)) return game_.fail(who() + ": " + std::string(type) + " without view");
      return on_view(view, now, type == "snapshot");
    }
    if (type == "error") {
      ++run_.error_frames;
      int64_t seq = -1;
      auto it = msg["clientSeq"].get(seq) ? pending_.end() : pending_.find(seq);
      std::string what = it == pending_.end() ? "a message" : kind_name(it->second.what);
      return game_.fail(who() + ": error frame for " + what + ": " + std::string(text.substr(0, 300)));
    }
    if (type == "pong") return;
    game_.fail(who() + ": unexpected frame: " + std::string(text.substr(0, 200)));
  }

  void on_ack(simdjson::dom::element msg, clock_type::time_point now) {
    int64_t seq = -1;
    auto it = msg["clientSeq"].get(seq) ? pending_.end() : pending_.find(seq);
    if (it == pending_.end()) return game_.fail(who() + ": ack for an unknown clientSeq");
    pending p = it->second;
    pending_.erase(it);
    switch (p.what) {
      case kind::create: {
        std::string_view id;
        simdjson::dom::array seats;
        if (msg["matchId"].get(id) || msg.at_pointer("/reply/seats").get(seats))
          return game_.fail(who() + ": create ack without matchId or reply.seats");
        std::vector<std::string> tokens;
        for (auto s : seats) {
          std::string_view token;
          if (s["token"].get(token)) return game_.fail(who() + ": a seat without token");
          tokens.emplace_back(token);
        }
        if (tokens.size() != static_cast<size_t>(run_.opt.seats))
          return game_.fail(who() + ": created " + std::to_string(tokens.size()) + " seats");
        return game_.on_created(std::string(id), std::move(tokens));
      }
      case kind::join:
        return game_.on_joined(seat_);
      case kind::start:
        return game_.on_started();
      case kind::place: {
        ++run_.moves_acked;
        run_.record(run_.ack_ms, ms_between(p.sent, now));
        return game_.on_acked(p.number, words_key(msg));
      }
    }
  }

  // The distinct words of the acked move (reply.pending.words), in order, one per line: the
  // words the judge asks the LLM about when it remembers none of them.
  static std::string words_key(simdjson::dom::element ack) {
    simdjson::dom::array words;
    if (ack.at_pointer("/reply/pending/words").get(words)) return {};
    std::vector<std::string_view> seen;
    std::string key;
    for (auto w : words) {
      std::string_view word;
      if (w["word"].get(word) || std::find(seen.begin(), seen.end(), word) != seen.end()) continue;
      seen.push_back(word);
      key.append(word).push_back('\n');
    }
    return key;
  }

  void on_view(simdjson::dom::element view, clock_type::time_point now, bool snapshot) {
    std::string_view status;
    simdjson::dom::array moves, rack;
    simdjson::dom::element pending, board;
    bool your_turn = false;
    if (view["status"].get(status) || view["moves"].get(moves) || view["pending"].get(pending) ||
        view["your_turn"].get(your_turn) || view["board"].get(board) || view["rack"].get(rack))
      return game_.fail(who() + ": a view without status, moves, pending, your_turn, board or rack");
    if (!pending.is_null()) {
      std::string_view state;
      if (!pending["status"].get(state) && state == "failed")
        return game_.fail(who() + ": rating failed: " + to_json_text(pending));
    }
    const int rated = static_cast<int>(moves.size());
    for (int k = rated_seen_ + 1; k <= rated; ++k) {
      simdjson::dom::element m;
      std::string_view kind_text, judge;
      if (moves.at(static_cast<size_t>(k - 1)).get(m) || m["kind"].get(kind_text) || kind_text != "place" ||
          m["judge"].get(judge))
        return game_.fail(who() + ": move " + std::to_string(k) + " is not a rated placement");
      if (judge == "offline")
        return game_.fail(who() + ": move " + std::to_string(k) + " was rated by the offline judge, not the LLM");
      game_.on_rated_seen(k, seat_, now);
    }
    rated_seen_ = std::max(rated_seen_, rated);
    can_move_ = status == "playing" && your_turn && pending.is_null();
    if (!parse_board(board, board_)) return game_.fail(who() + ": a board that is not 15 x 15");
    rack_.clear();
    for (auto t : rack) {
      std::string_view letter;
      if (!t.get(letter)) rack_.emplace_back(letter);
    }
    if (snapshot && !subscribed_) {
      subscribed_ = true;
      if (status != "playing") return game_.fail(who() + ": subscribed to a game that is " + std::string(status));
      game_.on_subscribed();
    }
    try_move();
  }

  void try_move() {
    if (!may_move_ || !can_move_ || is_closing()) return;
    auto tiles = plan_move(board_, rack_, run_.opt.first_tiles, rng_);
    auto now = clock_type::now();  // the move is sent from here on: its latencies start
    int number = 0;
    if (!game_.claim_move(rated_seen_, seat_, now, number)) return;
    can_move_ = false;
    if (tiles.empty()) return game_.fail(who() + ": no room for move " + std::to_string(number));
    ++run_.moves_sent;
    command(kind::place, place_command(tiles), number, now);
  }

  load_run& run_;
  game_run& game_;
  const int seat_;
  asio::steady_timer timer_;
  std::mt19937_64 rng_;
  bool subscribed_ = false, may_move_ = false, can_move_ = false;
  int rated_seen_ = 0;  // moves this player has seen rated
  board_cells board_;
  std::vector<std::string> rack_;
  int64_t next_seq_ = 1;
  std::unordered_map<int64_t, pending> pending_;
  std::string game_id_, token_;
};

void load_run::connect_next() {
  size_t i = next_connect_++;
  if (i < players.size()) players[i]->start();
}

void game_run::on_connected() {
  std::unique_lock lock(mu_);
  if (++connected_ != static_cast<int>(players.size()) || finished_) return;
  lock.unlock();
  players[0]->create(static_cast<int>(players.size()));
}

void game_run::on_created(const std::string& id, std::vector<std::string> tokens) {
  std::string host_token = tokens[0];
  {
    std::lock_guard lock(mu_);
    id_ = id;
    tokens_ = std::move(tokens);
  }
  players[0]->join(id, host_token);
}

void game_run::on_joined(int seat) {
  int joined;
  std::string id;
  std::vector<std::string> tokens;
  {
    std::lock_guard lock(mu_);
    joined = ++joined_;
    id = id_;
    tokens = tokens_;
  }
  if (seat == 0)  // the host is seated first
    for (size_t i = 1; i < players.size(); ++i) players[i]->join(id, tokens[i]);
  if (joined == static_cast<int>(players.size())) players[0]->start_game();
}

void game_run::on_started() {
  for (auto& p : players) p->subscribe();
}

void game_run::on_subscribed() {
  {
    std::lock_guard lock(mu_);
    if (++subscribed_ != static_cast<int>(players.size()) || ready_) return;
    ready_ = true;
  }
  run_.on_game_ready();
}

void game_run::start_playing() {
  if (finished()) return;
  // The first player (seat 0) opens within the window; the others move when their turn comes.
  std::mt19937_64 rng(run_.opt.seed * 7919 + static_cast<uint64_t>(index_));
  double delay_ms = std::uniform_real_distribution<double>(0, run_.opt.window_ms)(rng);
  for (size_t i = 0; i < players.size(); ++i)
    players[i]->allow_moves_after(std::chrono::microseconds(i == 0 ? static_cast<int64_t>(delay_ms * 1000) : 0));
}

bool game_run::claim_move(int rated, int seat, clock_type::time_point now, int& number) {
  std::lock_guard lock(mu_);
  if (finished_ || static_cast<int>(moves_.size()) != rated || rated >= run_.opt.moves) return false;
  moves_.push_back({now, {}, seat, 0, {}});
  number = static_cast<int>(moves_.size());
  return true;
}

// A game is done when every move is acked and every seat saw it rated: the mover's ack comes
// before its rated update, but another seat may see the update before the mover has its ack.
bool game_run::finish_if_done_locked() {
  if (finished_ || acked_ != run_.opt.moves || rated_ != run_.opt.moves) return false;
  finished_ = true;
  return true;
}

void game_run::on_acked(int number, std::string words_key) {
  bool done;
  {
    std::lock_guard lock(mu_);
    ++acked_;
    moves_[static_cast<size_t>(number - 1)].words_key = std::move(words_key);
    done = finish_if_done_locked();
  }
  if (done) run_.on_game_finished();
}

void game_run::on_rated_seen(int number, int seat, clock_type::time_point now) {
  const int seats = static_cast<int>(players.size());
  double ms = 0;
  bool mover = false, all_seen = false, done = false;
  std::string problem;
  {
    std::lock_guard lock(mu_);
    if (finished_) return;
    if (number > static_cast<int>(moves_.size())) {
      problem = "seat " + std::to_string(seat) + " saw move " + std::to_string(number) + " rated, sent " +
                std::to_string(moves_.size());
    } else {
      auto& m = moves_[static_cast<size_t>(number - 1)];
      ms = ms_between(m.sent, now);
      mover = m.mover == seat;
      if (mover) m.mover_rated = now;
      all_seen = ++m.seen == seats;
      if (all_seen) ++rated_;
      done = finish_if_done_locked();
    }
  }
  if (!problem.empty()) return fail(problem);
  if (mover) run_.record(run_.rated_mover_ms, ms);
  run_.record(run_.rated_every_ms, ms);
  if (all_seen) ++run_.moves_rated;
  if (done) run_.on_game_finished();
}

void game_run::fail(const std::string& why) {
  bool was_ready;
  {
    std::lock_guard lock(mu_);
    if (finished_) return;
    finished_ = true;
    was_ready = ready_;
    ready_ = true;
  }
  run_.add_failure("game " + std::to_string(index_) + ": " + why);
  if (!was_ready) run_.on_game_ready();  // the others need not wait for it
  run_.on_game_finished();
}

std::string game_run::progress() const {
  std::lock_guard lock(mu_);
  return "connected " + std::to_string(connected_) + ", joined " + std::to_string(joined_) +
         ", subscribed " + std::to_string(subscribed_) + " of " + std::to_string(players.size()) +
         "; moves sent " + std::to_string(moves_.size()) + ", acked " + std::to_string(acked_) +
         ", rated " + std::to_string(rated_);
}

void add_games(load_run& run) {
  for (int g = 0; g < run.opt.games; ++g) {
    run.games.push_back(std::make_unique<game_run>(run, g));
    for (int s = 0; s < run.opt.seats; ++s) {
      auto p = std::make_shared<player>(run, *run.games.back(), s, run.opt.seed * 1000003 + run.players.size());
      run.games.back()->players.push_back(p);
      run.players.push_back(p);
    }
  }
}

void close_players(load_run& run) {
  for (auto& p : run.players) p->close();
}

}  // namespace wordhall::loadgen::wortkunst
