// loadgen: real WebSocket players of vector cards, to measure the server under load.
//
// M matches of P players each, all connections asynchronous (Boost.Beast) over a few io threads.
// Per match: player 0 creates the match and joins first (so it is the host), the others join, every
// player subscribes with its player_id; once every match is ready the hosts start together. Each
// player submits one public and one private card (random signs; a JOKER gets "water") at a
// uniformly random moment within W ms of seeing the round; the last submit resolves the round; the
// host sends `next` once all its players saw the results, until R rounds are played.
//
// Measured: submit sent -> its ack; the match's last submit sent -> each player's view with
// round.phase "results"; CPU of the server (/proc/PID/stat) and of this process over the rounds.
// Exit status 0 only when every submit was acknowledged, no error frame came, and every round
// resolved by all submits with P leaderboard rows. Prints a table, and with --json one JSON line.
#include <signal.h>

#include <boost/asio/steady_timer.hpp>
#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "tools/bench/loadgen_report.hpp"
#include "tools/bench/ws_client.hpp"

namespace wordhall::loadgen {
namespace {

// Absent or mistyped fields read as empty / -1: the callers treat those as failures.
std::string_view string_at(simdjson::dom::element e, const char* pointer) {
  std::string_view v;
  if (e.at_pointer(pointer).get(v)) return {};
  return v;
}
int64_t int_at(simdjson::dom::element e, const char* pointer) {
  int64_t v;
  if (e.at_pointer(pointer).get(v)) return -1;
  return v;
}

struct options {
  std::string host = "127.0.0.1", path = "/ws";
  unsigned short port = 0;
  int matches = 1, players = 50, rounds = 1, window_ms = 1000, threads = 2;
  int timeout_s = 0;  // 0: 60 s plus 30 s and the window per round
  int connect_parallel = 64;
  long server_pid = 0;
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
  tcp::endpoint endpoint;
  std::vector<std::unique_ptr<match_run>> matches;
  std::vector<std::shared_ptr<client>> clients;
  std::atomic<long> submits_sent{0}, submits_acked{0}, error_frames{0}, rounds_resolved{0};
  std::atomic<long> clients_closed{0};
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
  std::vector<std::string> failures;

 private:
  std::atomic<size_t> next_connect_{0};
};

// One player: a WebSocket (ws_client) with its own strand; its state lives on that strand.
class client : public ws_client {
 public:
  client(load_run& run, match_run& match, int seat, uint64_t seed)
      : ws_client(run.ioc), run_(run), match_(match), seat_(seat), timer_(executor()), rng_(seed) {}

  void start() {
    connect(run_.endpoint, run_.opt.host + ":" + std::to_string(run_.endpoint.port()), run_.opt.path);
  }
  void create(const std::string& name, int rounds, int players) {
    json_writer body;
    body.begin_object().field("type", "create").field("name", name)
        .key("settings").begin_object().field("rounds", rounds).field("round_timeout_secs", 3600)
        .field("max_players", players).end_object().end_object();
    post([this, body = body.take()] { command(kind::create, body, clock_type::now()); });
  }
  void join(const std::string& match_id) {
    post([this, match_id] {
      match_id_ = match_id;
      json_writer body;
      body.begin_object().field("type", "join").field("player_name", "player-" + std::to_string(seat_)).end_object();
      command(kind::join, body.take(), clock_type::now());
    });
  }
  void start_match() { post([this] { command(kind::start, R"({"type":"start"})", clock_type::now()); }); }
  void next_round() { post([this] { command(kind::next, R"({"type":"next"})", clock_type::now()); }); }
  void close() {
    post([this] {
      timer_.cancel();
      ws_client::close();
      if (!is_open()) ++run_.clients_closed;
    });
  }

 private:
  enum class kind { create, join, start, next, submit };
  static const char* kind_name(kind k) {
    static const char* names[] = {"create", "join", "start", "next", "submit"};
    return names[static_cast<int>(k)];
  }
  struct pending {
    kind what;
    clock_type::time_point sent;
  };

  std::shared_ptr<client> self() { return std::static_pointer_cast<client>(shared_from_this()); }
  std::string who() const { return "player-" + std::to_string(seat_) + " of " + (match_id_.empty() ? "?" : match_id_); }

  void on_open() override {
    run_.connect_next();
    match_.on_connected();
  }

  void command(kind what, const std::string& body, clock_type::time_point now) {
    int64_t seq = next_seq_++;
    json_writer out;
    out.begin_object().field("type", "command").field("clientSeq", seq);
    if (match_id_.empty()) out.field("game", "vectorcards");
    else out.field("matchId", match_id_);
    if (!player_id_.empty()) out.field("token", player_id_);
    out.raw_field("command", body).end_object();
    pending_[seq] = {what, now};
    send(out.take());
  }

  void on_failed(const char* step, beast::error_code ec, bool was_open) override {
    if (std::string_view(step) == "connect" || std::string_view(step) == "handshake") {
      run_.connect_next();
      return match_.fail(who() + ": " + step + ": " + ec.message());
    }
    if (run_.stopping) {
      if (was_open) ++run_.clients_closed;
      return;
    }
    match_.fail(who() + ": connection lost (" + step + "): " + ec.message());
  }

  void on_frame(std::string_view text, clock_type::time_point now) override {
    ++run_.frames_received;
    run_.bytes_received += static_cast<long>(text.size());
    thread_local simdjson::dom::parser parser;
    simdjson::dom::element msg;
    if (parser.parse(text.data(), text.size()).get(msg))
      return match_.fail(who() + ": unparsable frame: " + std::string(text.substr(0, 200)));
    std::string_view type;
    if (msg["type"].get(type)) return match_.fail(who() + ": frame without type");
    if (type == "ack") return on_ack(msg, now);
    if (type == "snapshot" || type == "update") {
      if (!subscribed_) {
        subscribed_ = true;
        match_.on_subscribed();
      }
      simdjson::dom::element view;
      if (msg["view"].get(view)) {
        // Others' moves come as events alone (minor updates); rounds and results bring views.
        if (type == "update") return;
        return match_.fail(who() + ": snapshot without view");
      }
      return on_view(view, now);
    }
    if (type == "error") {
      ++run_.error_frames;
      auto it = pending_.find(int_at(msg, "/clientSeq"));
      std::string what = it == pending_.end() ? "a message" : kind_name(it->second.what);
      return match_.fail(who() + ": error frame for " + what + ": " + std::string(text.substr(0, 300)));
    }
    if (type == "pong") return;
    match_.fail(who() + ": unexpected frame: " + std::string(text.substr(0, 200)));
  }

  void on_ack(simdjson::dom::element msg, clock_type::time_point now) {
    auto it = pending_.find(int_at(msg, "/clientSeq"));
    if (it == pending_.end()) return match_.fail(who() + ": ack for an unknown clientSeq");
    pending p = it->second;
    pending_.erase(it);
    std::string_view text;
    switch (p.what) {
      case kind::create:
        if (msg["matchId"].get(text)) return match_.fail(who() + ": create ack without matchId");
        return match_.on_created(std::string(text));
      case kind::join: {
        if (msg.at_pointer("/reply/player_id").get(text))
          return match_.fail(who() + ": join ack without reply.player_id");
        player_id_ = std::string(text);
        json_writer sub;
        sub.begin_object().field("type", "subscribe").field("matchId", match_id_)
            .field("token", player_id_).end_object();
        send(sub.take());
        return match_.on_joined(seat_);
      }
      case kind::submit:
        ++run_.submits_acked;
        run_.record_ack(ms_between(p.sent, now));
        return match_.on_submit_acked();
      case kind::start:
      case kind::next:
        return;
    }
  }

  void on_view(simdjson::dom::element view, clock_type::time_point now) {
    simdjson::dom::element round;
    if (view["round"].get(round) || round.is_null()) {
      std::string_view status;
      if (!view["status"].get(status) && status == "done")
        match_.fail(who() + ": the view of a done match has no round");
      return;
    }
    simdjson::dom::element id_element;
    int64_t number = 0;
    std::string_view phase;
    if (round["round_id"].get(id_element) || round["round"].get(number) || round["phase"].get(phase))
      return match_.fail(who() + ": round without round_id, round or phase");
    std::string round_id = to_json_text(id_element);  // sent back as received, string or number
    if (phase == "playing" && round_id != submitted_round_) {
      submitted_round_ = round_id;
      return plan_submit(round, round_id, static_cast<int>(number));
    }
    if (phase == "results" && round_id != results_round_) {
      results_round_ = round_id;
      simdjson::dom::array rows;
      size_t count = round.at_pointer("/results/leaderboard").get(rows) ? 0 : rows.size();
      match_.on_results(static_cast<int>(number), now, count, std::string(string_at(round, "/results/reason")));
    }
  }

  // Picks the cards now and sends them at a uniformly random moment within the window.
  void plan_submit(simdjson::dom::element round, const std::string& round_id, int number) {
    bool dealt_in = false;
    if (round["dealt_in"].get(dealt_in) || !dealt_in) return match_.fail(who() + ": not dealt in");
    simdjson::dom::array public_cards, private_cards;
    if (round["public_cards"].get(public_cards) || round["private_cards"].get(private_cards) ||
        public_cards.size() == 0 || private_cards.size() == 0)
      return match_.fail(who() + ": round " + round_id + " shows no public or no private cards");
    auto pick = [&](simdjson::dom::array cards, bool* joker) {
      std::uniform_int_distribution<size_t> at(0, cards.size() - 1);
      simdjson::dom::element card;
      if (cards.at(at(rng_)).get(card)) return std::string();
      if (joker) *joker = string_at(card, "/type") == "JOKER";
      return std::string(string_at(card, "/token"));
    };
    bool joker = false;
    std::string public_token = pick(public_cards, nullptr);
    std::string private_token = pick(private_cards, &joker);
    auto sign = [&] { return std::bernoulli_distribution(0.5)(rng_) ? "+" : "-"; };
    json_writer body;
    body.begin_object().field("type", "submit").raw_field("round_id", round_id)
        .field("public_token", public_token).field("public_sign", sign())
        .field("private_token", joker ? "JOKER" : private_token).field("private_sign", sign());
    if (joker) body.field("joker_override_token", "water");
    body.end_object();
    double delay_ms = std::uniform_real_distribution<double>(0, run_.opt.window_ms)(rng_);
    timer_.expires_after(std::chrono::microseconds(static_cast<int64_t>(delay_ms * 1000)));
    timer_.async_wait([self = self(), number, body = body.take()](beast::error_code ec) {
      if (ec || self->is_closing()) return;
      auto now = clock_type::now();
      ++self->run_.submits_sent;
      self->match_.on_submit_sent(number, now);
      self->command(kind::submit, body, now);
    });
  }

  load_run& run_;
  match_run& match_;
  const int seat_;
  asio::steady_timer timer_;
  std::mt19937_64 rng_;
  bool subscribed_ = false;
  int64_t next_seq_ = 1;
  std::unordered_map<int64_t, pending> pending_;
  std::string match_id_, player_id_, submitted_round_, results_round_;
};

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
      if (acks_ != players_n * round)
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

bool parse_options(int argc, char** argv, options& opt) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    try {
      if (a == "--json") opt.json = true;
      else if (a == "--url") { if (!parse_ws_url(value(), opt.host, opt.port, opt.path)) return false; }
      else if (a == "--port") opt.port = static_cast<unsigned short>(std::stoi(value()));
      else if (a == "--matches") opt.matches = std::stoi(value());
      else if (a == "--players") opt.players = std::stoi(value());
      else if (a == "--rounds") opt.rounds = std::stoi(value());
      else if (a == "--submit-window-ms") opt.window_ms = std::stoi(value());
      else if (a == "--server-pid") opt.server_pid = std::stol(value());
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
         opt.connect_parallel >= 1;
}

}  // namespace
}  // namespace wordhall::loadgen

int main(int argc, char** argv) {
  using namespace wordhall::loadgen;
  options opt;
  if (!parse_options(argc, argv, opt)) {
    std::fprintf(stderr,
                 "usage: loadgen (--url ws://HOST:PORT/ws | --port N) [--matches M] [--players P (1-200)]\n"
                 "               [--rounds R] [--submit-window-ms W] [--server-pid PID] [--threads T]\n"
                 "               [--timeout-s S] [--connect-parallel N] [--seed N] [--json]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  const size_t total = static_cast<size_t>(opt.matches) * static_cast<size_t>(opt.players);
  raise_descriptor_limit(total + 64, "loadgen");

  load_run run(opt);
  try {
    tcp::resolver resolver(run.ioc);
    run.endpoint = resolver.resolve(opt.host, std::to_string(opt.port))->endpoint();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "loadgen: cannot resolve %s: %s\n", opt.host.c_str(), e.what());
    return 2;
  }
  for (int m = 0; m < opt.matches; ++m) {
    run.matches.push_back(std::make_unique<match_run>(run, m));
    for (int p = 0; p < opt.players; ++p) {
      auto c = std::make_shared<client>(run, *run.matches.back(), p, opt.seed * 1000003 + run.clients.size());
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
    r.failures = run.failures;
  }
  r.submits_expected = static_cast<long>(total) * opt.rounds;
  r.submits_sent = run.submits_sent;
  r.submits_acked = run.submits_acked;
  r.error_frames = run.error_frames;
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
