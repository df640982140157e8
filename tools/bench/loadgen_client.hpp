// loadgen_client: one vector cards player of the load generator, a WebSocket of its own that
// creates or joins its match, subscribes, submits within the play window and reports to its
// match_run (loadgen_run.hpp).
//
// With options::reconnect (a cluster whose nodes may die) a player whose connection is lost
// connects to the next node, subscribes again and sends again every command not yet answered
// (its latency still counted from the first send); a command refused with `unavailable` or
// `match_stale` (the match's node is gone and no other has taken it yet) is sent again 250 ms
// later; a submit sent again that finds its first copy applied (`already_submitted`, or
// `round_closed`: the round ends only once every player moved) counts as acknowledged then, and
// a start or next sent again that finds the match moved on is dropped.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <simdjson.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "tools/bench/loadgen_run.hpp"

namespace wordhall::loadgen {

// Absent or mistyped fields read as empty / -1: the callers treat those as failures.
inline std::string_view string_at(simdjson::dom::element e, const char* pointer) {
  std::string_view v;
  if (e.at_pointer(pointer).get(v)) return {};
  return v;
}
inline int64_t int_at(simdjson::dom::element e, const char* pointer) {
  int64_t v;
  if (e.at_pointer(pointer).get(v)) return -1;
  return v;
}

// One player: a WebSocket (ws_client) with its own strand; its state lives on that strand.
class client : public ws_client {
 public:
  // `node`: which of run.endpoints this player connects to.
  client(load_run& run, match_run& match, int seat, uint64_t seed, size_t node)
      : ws_client(run.ioc), run_(run), match_(match), seat_(seat), node_(node), timer_(executor()),
        reconnect_timer_(executor()), rng_(seed) {}

  void start() {
    const tcp::endpoint& at = run_.endpoints[node_ % run_.endpoints.size()];
    connect(at, run_.opt.host + ":" + std::to_string(at.port()), run_.opt.path);
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
      reconnect_timer_.cancel();
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
    clock_type::time_point sent;  // first sent: latencies count from here
    std::string body;
    bool again = false;  // sent more than once
  };

  std::shared_ptr<client> self() { return std::static_pointer_cast<client>(shared_from_this()); }
  std::string who() const { return "player-" + std::to_string(seat_) + " of " + (match_id_.empty() ? "?" : match_id_); }

  void on_open() override {
    if (reconnecting_) return on_reconnected();
    run_.connect_next();
    match_.on_connected();
  }

  void command(kind what, const std::string& body, clock_type::time_point now, bool again = false) {
    int64_t seq = next_seq_++;
    json_writer out;
    out.begin_object().field("type", "command").field("clientSeq", seq);
    if (match_id_.empty()) out.field("game", "vectorcards");
    else out.field("matchId", match_id_);
    if (!player_id_.empty()) out.field("token", player_id_);
    out.raw_field("command", body).end_object();
    pending_[seq] = {what, now, body, again};
    send(out.take());
  }

  // The connection was lost: the next node in 100 ms, then every 250 ms while none answers.
  void reconnect_later(std::chrono::milliseconds delay) {
    reconnecting_ = true;
    reconnect_timer_.expires_after(delay);
    reconnect_timer_.async_wait([self = self()](beast::error_code ec) {
      if (ec || self->run_.stopping) return;
      if (++self->reconnect_attempts_ > 200)
        return self->match_.fail(self->who() + ": no node took the connection again");
      ++self->node_;
      self->start();
    });
  }

  void on_reconnected() {
    reconnecting_ = false;
    reconnect_attempts_ = 0;
    ++run_.reconnects;
    if (!player_id_.empty()) {
      json_writer sub;
      sub.begin_object().field("type", "subscribe").field("matchId", match_id_)
          .field("token", player_id_).end_object();
      send(sub.take());
    }
    auto unanswered = std::move(pending_);
    pending_.clear();
    for (auto& [seq, p] : unanswered) command(p.what, p.body, p.sent, /*again=*/true);
  }

  // Whether an error frame for `p` is the failover's to absorb (options::reconnect): sends it
  // again later or takes it as answered, and says so.
  bool absorbed(const pending& p, std::string_view code, clock_type::time_point now) {
    if (!run_.opt.reconnect) return false;
    if (code == "unavailable" || code == "match_stale") {
      ++run_.retries;
      auto later = std::make_shared<asio::steady_timer>(executor(), std::chrono::milliseconds(250));
      later->async_wait([self = self(), p, later](beast::error_code ec) {
        if (!ec && !self->run_.stopping) self->command(p.what, p.body, p.sent, /*again=*/true);
      });
      return true;
    }
    if (!p.again) return false;
    run_.record_answer(ms_between(p.sent, now), p.sent);
    // The first copy was applied: the player has moved, or the round closed because every player had.
    if (p.what == kind::submit && (code == "already_submitted" || code == "round_closed")) {
      acknowledged(p, now);
      return true;
    }
    return p.what == kind::start || p.what == kind::next;
  }

  void acknowledged(const pending& p, clock_type::time_point now) {
    ++run_.submits_acked;
    run_.record_ack(ms_between(p.sent, now));
    match_.on_submit_acked();
  }

  void on_failed(const char* step, beast::error_code ec, bool was_open) override {
    if (std::string_view(step) == "connect" || std::string_view(step) == "handshake") {
      if (reconnecting_) return reconnect_later(std::chrono::milliseconds(250));
      run_.connect_next();
      return match_.fail(who() + ": " + step + ": " + ec.message());
    }
    if (run_.stopping) {
      if (was_open) ++run_.clients_closed;
      return;
    }
    if (run_.opt.reconnect) {
      if (was_open) reconnect_later(std::chrono::milliseconds(100));
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
      auto it = pending_.find(int_at(msg, "/clientSeq"));
      if (it != pending_.end() && absorbed(it->second, string_at(msg, "/error/code"), now)) {
        pending_.erase(it);
        return;
      }
      ++run_.error_frames;
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
    run_.record_answer(ms_between(p.sent, now), p.sent);
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
        return acknowledged(p, now);
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
      run_.on_round_playing(static_cast<int>(number));
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
    if (joker) {
      // Any word but the round's start and target (the rules refuse those).
      std::string_view start = string_at(round, "/start_word"), target = string_at(round, "/target_word");
      const char* word = "water";
      if (start == "water" || target == "water") word = start == "stone" || target == "stone" ? "tree" : "stone";
      body.field("joker_override_token", word);
    }
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
  size_t node_;  // of run_.endpoints, modulo their count
  asio::steady_timer timer_;        // the planned submit
  asio::steady_timer reconnect_timer_;
  std::mt19937_64 rng_;
  bool subscribed_ = false, reconnecting_ = false;
  int reconnect_attempts_ = 0;
  int64_t next_seq_ = 1;
  std::unordered_map<int64_t, pending> pending_;
  std::string match_id_, player_id_, submitted_round_, results_round_;
};

}  // namespace wordhall::loadgen
