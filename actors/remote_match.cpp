#include "actors/remote_match.hpp"

#include <unordered_set>

#include "actors/cluster_protocol.hpp"
#include "actors/log.hpp"
#include "actors/messages.hpp"
#include "actors/secrets.hpp"

namespace wordhall {
namespace {

using remote_reply_atom = caf::atom_constant<caf::atom("rreply")>;  // (request id, reply?)
using idle_check_atom = caf::atom_constant<caf::atom("idlechk")>;

const char* const owner_silent = "the match's server did not answer; try again in a moment";

class remote_match : public caf::event_based_actor {
 public:
  remote_match(caf::actor_config& cfg, std::string match_id, std::string owner_node,
               cluster_context* cluster, std::chrono::milliseconds idle)
      : caf::event_based_actor(cfg),
        match_id_(std::move(match_id)),
        owner_(std::move(owner_node)),
        cluster_(cluster),
        idle_(idle) {}

  caf::behavior make_behavior() override {
    set_down_handler([this](caf::down_msg& down) { drop_subscriber(down.source); });
    // Ended from outside (the owner's node left): what still waits is told to try again, which
    // then reaches the new owner.
    set_exit_handler([this](caf::exit_msg& msg) {
      answer_waiting();
      quit(msg.reason);
    });
    last_activity_ = std::chrono::steady_clock::now();
    delayed_send(this, idle_, idle_check_atom::value);
    return {
        [this](command_atom, const std::string& caller, const std::string& json)
            -> caf::result<command_outcome> {
          auto promise = make_response_promise<command_outcome>();
          wire_message m;
          m.kind = "command";
          m.match = match_id_;
          m.caller = caller;
          m.command = json;
          ++cluster_->counters->cluster_commands_forwarded;
          ask("command", m, [promise](std::optional<wire_message> reply) mutable {
            command_outcome out;
            if (reply && reply->kind == "outcome") {
              out.ok = reply->ok;
              out.seq = reply->seq;
              out.reply = reply->reply.empty() ? "{}" : reply->reply;
              out.error_code = reply->code;
              out.error_message = reply->message;
            } else {
              out.error_code = "unavailable";
              out.error_message = owner_silent;
            }
            promise.deliver(std::move(out));
            return reply && reply->kind == "outcome";
          });
          return promise;
        },
        [this](subscribe_atom, const std::string& caller, caf::actor who) {
          drop_subscriber(who.address());
          std::string sub = random_hex(16);
          monitor(who);
          subs_[sub] = who;
          cluster_->subscriptions->add(sub, who, caf::actor_cast<caf::actor>(this));
          wire_message m;
          m.kind = "subscribe";
          m.match = match_id_;
          m.caller = caller;
          m.sub = sub;
          m.to = node_subject(cluster_->node, "deliver");
          m.from = cluster_->holder;
          ask("subscribe", m, [](std::optional<wire_message> reply) {
            return reply && reply->kind == "outcome" && reply->ok;
          });
        },
        [this](unsubscribe_atom, caf::actor who) { drop_subscriber(who.address()); },
        [this](inspect_atom) -> caf::result<live_report> {
          auto promise = make_response_promise<live_report>();
          wire_message m;
          m.kind = "inspect";
          m.match = match_id_;
          ask("inspect", m, [promise](std::optional<wire_message> reply) mutable {
            if (reply && reply->kind == "report") {
              promise.deliver(live_report{reply->game, reply->seq, reply->hash, reply->state});
              return true;
            }
            promise.deliver(caf::make_error(caf::sec::runtime_error,
                                            reply && reply->kind == "outcome" ? reply->message
                                                                               : owner_silent));
            return reply && reply->kind == "outcome";
          });
          return promise;
        },
        [](drain_atom) { return true; },
        [this](remote_reply_atom, uint64_t id, const std::string& text, bool answered) {
          auto it = waiting_.find(id);
          if (it == waiting_.end()) return;
          auto handle = std::move(it->second);
          waiting_.erase(it);
          std::optional<wire_message> reply;
          if (answered) {
            auto decoded = decode_wire_message(text);
            if (decoded) reply = std::move(*decoded);
          }
          bool fine = handle(reply);
          if (reply && reply->kind == "moved") return give_up("moved");
          if (!fine && !reply) return give_up("silent");
          touch();
        },
        [this](idle_check_atom) {
          auto quiet = std::chrono::steady_clock::now() - last_activity_;
          if (subs_.empty() && waiting_.empty() && quiet >= idle_) return quit();
          delayed_send(this, idle_, idle_check_atom::value);
        },
    };
  }

  void on_exit() override {
    for (auto& [sub, who] : subs_) unsubscribe_at_owner(sub);
    subs_.clear();
  }

 private:
  using reply_handle = std::function<bool(std::optional<wire_message>)>;

  // Sends `m` to the owner's `what` subject; `handle` gets the owner's reply (nullopt: none) on
  // this actor and says whether all went well.
  void ask(const char* what, const wire_message& m, reply_handle handle) {
    uint64_t id = ++next_request_;
    waiting_[id] = std::move(handle);
    touch();
    caf::actor me = caf::actor_cast<caf::actor>(this);
    cluster_->bus->request(node_subject(owner_, what), encode_wire_message(m),
                           cluster_->request_timeout, [me, id](std::optional<std::string> reply) {
                             caf::anon_send(me, remote_reply_atom::value, id,
                                            reply.value_or(std::string()), reply.has_value());
                           });
  }

  void drop_subscriber(const caf::actor_addr& who) {
    for (auto it = subs_.begin(); it != subs_.end();) {
      if (it->second.address() != who) {
        ++it;
        continue;
      }
      unsubscribe_at_owner(it->first);
      demonitor(it->second);
      it = subs_.erase(it);
    }
    touch();
  }

  void unsubscribe_at_owner(const std::string& sub) {
    cluster_->subscriptions->remove(sub);
    wire_message m;
    m.kind = "unsubscribe";
    m.sub = sub;
    cluster_->bus->publish(node_subject(owner_, "unsubscribe"), encode_wire_message(m));
  }

  void give_up(const char* why) {
    log_line("cluster_remote_match_lost", "match=" + match_id_ + " owner=" + owner_ + " why=" + why);
    // Subscribers watch this actor and subscribe again.
    answer_waiting();
    quit(caf::exit_reason::unreachable);
  }

  void answer_waiting() {
    auto waiting = std::move(waiting_);
    waiting_.clear();
    for (auto& [id, handle] : waiting) handle(std::nullopt);
  }

  void touch() { last_activity_ = std::chrono::steady_clock::now(); }

  const std::string match_id_;
  const std::string owner_;
  cluster_context* const cluster_;
  const std::chrono::milliseconds idle_;
  uint64_t next_request_ = 0;
  std::chrono::steady_clock::time_point last_activity_;
  std::unordered_map<uint64_t, reply_handle> waiting_;
  std::unordered_map<std::string, caf::actor> subs_;  // subscription id -> subscriber
};

}  // namespace

void remote_subscriptions::add(const std::string& sub, caf::actor subscriber, caf::actor proxy) {
  std::lock_guard<std::mutex> lock(mu_);
  targets_[sub] = {std::move(subscriber), std::move(proxy)};
}

void remote_subscriptions::remove(const std::string& sub) {
  std::lock_guard<std::mutex> lock(mu_);
  targets_.erase(sub);
}

void remote_subscriptions::deliver(const std::string& message) {
  auto m = decode_wire_message(message);
  if (!m) return;
  target to;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = targets_.find(m->sub);
    if (it == targets_.end()) return;
    to = it->second;
  }
  if (m->kind == "snapshot") {
    caf::anon_send(to.subscriber, snapshot_atom::value, m->match, m->seq, m->view);
  } else if (m->kind == "update") {
    caf::anon_send(to.subscriber, update_atom::value, m->match, m->seq, m->events, m->view);
  } else if (m->kind == "refused") {
    caf::anon_send(to.subscriber, refused_atom::value, m->match, m->code, m->message);
  } else if (m->kind == "ended") {
    caf::anon_send_exit(to.proxy, caf::exit_reason::unreachable);
  }
}

caf::actor spawn_remote_match(caf::actor_system& system, std::string match_id,
                              std::string owner_node, cluster_context* cluster,
                              std::chrono::milliseconds idle) {
  return system.spawn<remote_match>(std::move(match_id), std::move(owner_node), cluster, idle);
}

}  // namespace wordhall
