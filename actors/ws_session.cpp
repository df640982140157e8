#include "actors/ws_session.hpp"

#include "actors/secrets.hpp"
#include "actors/ws_session_frame.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/token_bucket.hpp"

namespace wordhall {
namespace {

using caf::atom;
// (match_id, client_seq, caller, command_json, redirects_left): send a command again, to the
// match's current actor.
using redirect_atom = caf::atom_constant<caf::atom("redirect")>;

std::shared_ptr<const std::string> frame(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

// Text of {"type":"error","clientSeq":n?,"matchId":id?,"error":{...}}; clientSeq < 0 and an empty
// match id leave them out. A refused subscription names its match.
std::string ws_error_frame(long long client_seq, std::string_view code, std::string_view message,
                           std::string_view match_id) {
  json_writer out;
  out.begin_object().field("type", "error");
  if (client_seq >= 0) out.field("clientSeq", client_seq);
  if (!match_id.empty()) out.field("matchId", match_id);
  out.key("error").begin_object().field("code", code).field("message", message).end_object();
  out.end_object();
  return out.take();
}

class session_actor : public caf::event_based_actor {
 public:
  session_actor(caf::actor_config& cfg, caf::actor directory, ws_send_fn send,
                ws_session_limits limits)
      : caf::event_based_actor(cfg),
        directory_(std::move(directory)),
        send_(std::move(send)),
        limits_(std::move(limits)),
        message_rate_{static_cast<double>(limits_.messages_per_second),
                      2.0 * static_cast<double>(limits_.messages_per_second)} {}

  void on_exit() override { send_ = nullptr; }

  void write(std::shared_ptr<const std::string> text) {
    if (send_) send_(std::move(text));
  }

  caf::behavior make_behavior() override {
    set_down_handler([this](caf::down_msg& down) { on_match_down(down.source); });
    return {
        [this](ws_in_atom, const std::string& text) { on_text(text); },
        [this](redirect_atom, const std::string& match_id, long long cseq,
               const std::string& caller, const std::string& command_json, int redirects_left) {
          with_match(match_id, cseq, [=](caf::actor successor) {
            send_command(successor, match_id, cseq, caller, command_json, redirects_left);
          });
        },
        [this](ws_closed_atom) {
          send_ = nullptr;  // breaks the connection -> handler -> actor -> connection cycle
          quit();
        },
        [this](snapshot_atom, const std::string& match_id, uint64_t seq, const std::string& view) {
          json_writer out;
          out.reserve(view.size() + match_id.size() + 64);
          out.begin_object().field("type", "snapshot").field("matchId", match_id)
              .field("seq", seq).raw_field("view", view).end_object();
          write(frame(out.take()));
        },
        [this](refused_atom, const std::string& match_id, const std::string& code,
               const std::string& message) {
          auto it = subscriptions_.find(match_id);
          const long long cseq = it == subscriptions_.end() ? -1 : it->second.client_seq;
          if (it != subscriptions_.end()) subscriptions_.erase(it);
          send_error(cseq, code, message, match_id);
        },
        [this](update_atom, const std::string& match_id, uint64_t seq, const std::string& events,
               const std::string& view) {
          json_writer out;
          out.reserve(events.size() + view.size() + match_id.size() + 64);
          out.begin_object().field("type", "update").field("matchId", match_id).field("seq", seq)
              .raw_field("events", events);
          if (!view.empty()) out.raw_field("view", view);  // none for minor events
          out.end_object();
          write(frame(out.take()));
        },
    };
  }

 private:
  struct subscription {
    caf::actor match;
    std::string caller;
    long long client_seq = -1;  // of the subscribe frame, for a refusal
  };

  void send_error(long long client_seq, std::string_view code, std::string_view message,
                  std::string_view match_id = {}) {
    write(frame(ws_error_frame(client_seq, code, message, match_id)));
  }

  // Every error answers with the frame's clientSeq when it has one, even when the frame is not
  // valid JSON: the client is waiting for that number.
  // Every frame takes a token from the connection's one budget, whatever its type: a flood of
  // pings, subscribes or malformed frames costs the server as much as one of commands, and one
  // budget is one number for an operator to reason about. A frame over it is refused after no
  // more work than finding its clientSeq.
  void on_text(const std::string& text) {
    auto doc = json_document::parse(text);
    if (!doc) {
      long long cseq = salvage_client_seq(text).value_or(-1);
      if (over_budget(cseq)) return;
      if (has_number_out_of_range(text))
        return send_error(cseq, "number_out_of_range",
                          "a number in the message is too large: integers must fit in 64 bits");
      return send_error(cseq, doc.err().code, doc.err().message);
    }
    auto msg = as_object(doc->root(), "message");
    if (!msg) {
      if (over_budget(-1)) return;
      return send_error(-1, msg.err().code, msg.err().message);
    }
    int64_t seq_field = -1;
    long long cseq = (*msg)["clientSeq"].get(seq_field) ? -1 : seq_field;
    if (over_budget(cseq)) return;
    auto type = get_string(*msg, "type");
    if (!type) return send_error(cseq, type.err().code, type.err().message);
    if (*type == "ping") return write(frame(R"({"type":"pong"})"));
    if (*type == "command") return on_command(*msg);
    if (*type == "subscribe") return on_subscribe(*msg, cseq);
    if (*type == "unsubscribe") return on_unsubscribe(*msg, cseq);
    send_error(cseq, "unknown_type", "unknown message type \"" + *type + "\"");
  }

  // Takes a token for one frame; when none is left, answers rate_limited (with the frame's
  // clientSeq when it has one), counts it and returns true.
  bool over_budget(long long cseq) {
    if (message_bucket_.take(message_rate_, limiter_clock::now()) == limiter_clock::duration::zero())
      return false;
    if (limits_.messages_limited) limits_.messages_limited->fetch_add(1, std::memory_order_relaxed);
    send_error(cseq, "rate_limited",
               "too many messages at once: at most " + std::to_string(limits_.messages_per_second) +
                   " a second on one connection; this one was not handled, send it again in a moment");
    return true;
  }

  void on_command(simdjson::dom::object msg) {
    auto client_seq = get_int(msg, "clientSeq");
    if (!client_seq) return send_error(-1, client_seq.err().code, client_seq.err().message);
    long long cseq = *client_seq;
    auto body = find_field(msg, "command");
    if (!body || !body->is_object())
      return send_error(cseq, "bad_field", "\"command\" must be a JSON object");
    std::string caller = credential_digest(optional_string(msg, "token").value_or(""));
    std::string command_json = to_json_text(*body);
    auto match_id = optional_string(msg, "matchId");
    if (match_id) {
      // A subscribed match's actor is known: asking the directory for it again would put two
      // more hops, each behind every actor waiting to run, on the way of each move.
      auto known = subscriptions_.find(*match_id);
      if (known != subscriptions_.end() && known->second.match)
        return send_command(known->second.match, *match_id, cseq, caller, command_json);
      return with_match(*match_id, cseq, [=](caf::actor match) {
        send_command(match, *match_id, cseq, caller, command_json);
      });
    }
    auto game = optional_string(msg, "game");
    if (!game) return send_error(cseq, "bad_field", "a command needs \"matchId\" or \"game\"");
    if (limits_.take_creation) {
      if (auto refused = limits_.take_creation()) return send_error(cseq, "rate_limited", *refused);
    }
    request(directory_, std::chrono::seconds(10), create_atom::value, *game)
        .then(
            [=](const std::string& id, caf::actor match) {
              if (!match) return send_error(cseq, "unknown_game", "no game \"" + *game + "\"");
              send_command(match, id, cseq, caller, command_json);
            },
            [=](caf::error& e) { directory_refused(cseq, e); });
  }

  // A match actor may stop (crash, conflict) before the session or the directory hears of it:
  // a command it never took is sent to its successor, once the directory has one (it may still
  // answer with the stopped actor for a moment, hence the pause).
  void send_command(caf::actor match, const std::string& match_id, long long cseq,
                    const std::string& caller, const std::string& command_json,
                    int redirects_left = 10) {
    request(match, std::chrono::seconds(30), command_atom::value, caller, command_json)
        .then(
            [=](const command_outcome& out) {
              if (!out.ok) return send_error(cseq, out.error_code, out.error_message);
              json_writer w;
              w.begin_object().field("type", "ack").field("clientSeq", cseq)
                  .field("matchId", match_id).field("seq", out.seq).raw_field("reply", out.reply)
                  .end_object();
              write(frame(w.take()));
            },
            [=](caf::error& e) {
              if (e == caf::sec::request_receiver_down && redirects_left > 0) {
                delayed_send(this, std::chrono::milliseconds(10), redirect_atom::value, match_id,
                             cseq, caller, command_json, redirects_left - 1);
                return;
              }
              send_error(cseq, "unavailable", "the match did not answer; try again");
            });
  }

  void directory_refused(long long cseq, const caf::error& e, std::string_view match_id = {}) {
    if (is_shutting_down(e))
      return send_error(cseq, "server_restarting", "the server is restarting; try again in a moment");
    if (is_match_damaged(e)) return send_error(cseq, "data_loss", damaged_match_message, match_id);
    send_error(cseq, "unavailable", "the server is busy");
  }

  // Runs `then` with the match's actor, or tells the client there is no such match. A damaged
  // match's refusal names it when `name_match` (a subscription: the page shows why it cannot play).
  template <class F>
  void with_match(const std::string& match_id, long long cseq, F then, bool name_match = false) {
    const std::string named = name_match ? match_id : std::string();
    request(directory_, std::chrono::seconds(10), lookup_atom::value, match_id)
        .then(
            [=](caf::actor match) {
              if (!match) return send_error(cseq, "no_such_match", "no match \"" + match_id + "\"");
              then(match);
            },
            [=](caf::error& e) { directory_refused(cseq, e, named); });
  }

  void on_subscribe(simdjson::dom::object msg, long long cseq) {
    auto match_id = get_string(msg, "matchId");
    if (!match_id) return send_error(cseq, match_id.err().code, match_id.err().message);
    std::string caller = credential_digest(optional_string(msg, "token").value_or(""));
    subscribe(*match_id, caller, cseq);
  }

  void subscribe(const std::string& match_id, const std::string& caller, long long cseq = -1) {
    with_match(match_id, cseq, [=](caf::actor match) {
      auto& sub = subscriptions_[match_id];
      if (sub.match && sub.match != match) send(sub.match, unsubscribe_atom::value, caf::actor_cast<caf::actor>(this));
      sub = {match, caller, cseq};
      monitor(match);
      send(match, subscribe_atom::value, caller, caf::actor_cast<caf::actor>(this));
    }, /*name_match=*/true);
  }

  void on_unsubscribe(simdjson::dom::object msg, long long cseq) {
    auto match_id = get_string(msg, "matchId");
    if (!match_id) return send_error(cseq, match_id.err().code, match_id.err().message);
    auto it = subscriptions_.find(*match_id);
    if (it == subscriptions_.end()) return;
    send(it->second.match, unsubscribe_atom::value, caf::actor_cast<caf::actor>(this));
    subscriptions_.erase(it);
  }

  // A watched match stopped (crash or conflict): subscribe again, which re-spawns it from its
  // journal and sends a fresh snapshot.
  void on_match_down(const caf::actor_addr& source) {
    for (auto& [id, sub] : subscriptions_) {
      if (sub.match.address() != source) continue;
      std::string match_id = id, caller = sub.caller;
      sub.match = caf::actor{};
      subscribe(match_id, caller);
      return;
    }
  }

  caf::actor directory_;
  ws_send_fn send_;
  const ws_session_limits limits_;
  const token_rate message_rate_;
  token_bucket message_bucket_;
  std::unordered_map<std::string, subscription> subscriptions_;
};

}  // namespace

void ws_session::on_message(std::string text) const {
  caf::anon_send(session_, ws_in_atom::value, std::move(text));
}

void ws_session::on_close() const { caf::anon_send(session_, ws_closed_atom::value); }

std::shared_ptr<ws_session> open_ws_session(caf::actor_system& system, caf::actor directory,
                                            ws_send_fn send, ws_session_limits limits) {
  auto session = system.spawn<session_actor>(std::move(directory), std::move(send), std::move(limits));
  return std::make_shared<ws_session>(std::move(session));
}

}  // namespace wordhall
