#include "actors/cluster_endpoint.hpp"

#include "actors/cluster_protocol.hpp"
#include "actors/messages.hpp"
#include "actors/remote_match.hpp"

namespace wordhall {
namespace {

constexpr auto local_lookup_timeout = std::chrono::seconds(10);
constexpr auto forwarded_command_timeout = std::chrono::seconds(30);

wire_message moved_reply() {
  wire_message m;
  m.kind = "moved";
  return m;
}

wire_message outcome_reply(const command_outcome& out) {
  wire_message m;
  m.kind = "outcome";
  m.ok = out.ok;
  m.seq = out.seq;
  if (out.ok) m.reply = out.reply;
  m.code = out.error_code;
  m.message = out.error_message;
  return m;
}

wire_message failure_reply(std::string code, std::string message) {
  command_outcome out;
  out.error_code = std::move(code);
  out.error_message = std::move(message);
  return outcome_reply(out);
}

}  // namespace

cluster_endpoint::cluster_endpoint(caf::actor_system& system, cluster_context& cluster,
                                   caf::actor directory, metrics& counters)
    : system_(system), cluster_(cluster), directory_(std::move(directory)), metrics_(counters) {}

storage::status cluster_endpoint::start() {
  const std::string& node = cluster_.node;
  std::pair<const char*, cluster_bus::message_handler> subjects[] = {
      {"command", [this](std::string d, std::string r) { on_command(d, r); }},
      {"subscribe", [this](std::string d, std::string r) { on_subscribe(d, r); }},
      {"unsubscribe", [this](std::string d, std::string) { on_unsubscribe(d); }},
      {"inspect", [this](std::string d, std::string r) { on_inspect(d, r); }},
      {"deliver", [this](std::string d, std::string) { cluster_.subscriptions->deliver(d); }},
  };
  for (auto& [what, handler] : subjects) {
    auto st = cluster_.bus->subscribe(node_subject(node, what), std::move(handler));
    if (!st.ok()) return st;
  }
  return storage::status::success();
}

void cluster_endpoint::reply(const std::string& reply_to, const wire_message& m) {
  if (!reply_to.empty()) cluster_.bus->publish(reply_to, encode_wire_message(m));
}

void cluster_endpoint::on_command(const std::string& data, const std::string& reply_to) {
  auto m = decode_wire_message(data);
  if (!m) return reply(reply_to, failure_reply("bad_request", m.err().message));
  ++metrics_.cluster_requests_answered;
  system_.spawn([this, m = std::move(*m), reply_to](caf::event_based_actor* self) {
    self->request(directory_, local_lookup_timeout, local_lookup_atom::value, m.match)
        .then(
            [=](caf::actor match) {
              if (!match) return reply(reply_to, moved_reply());
              self->request(match, forwarded_command_timeout, command_atom::value, m.caller, m.command)
                  .then([=](const command_outcome& out) { reply(reply_to, outcome_reply(out)); },
                        [=](caf::error&) {
                          reply(reply_to, failure_reply("unavailable", "the match did not answer; try again"));
                        });
            },
            [=](caf::error&) {
              reply(reply_to, failure_reply("unavailable", "the server is busy; try again"));
            });
  });
}

void cluster_endpoint::on_inspect(const std::string& data, const std::string& reply_to) {
  auto m = decode_wire_message(data);
  if (!m) return reply(reply_to, failure_reply("bad_request", m.err().message));
  system_.spawn([this, match_id = m->match, reply_to](caf::event_based_actor* self) {
    self->request(directory_, local_lookup_timeout, local_lookup_atom::value, match_id)
        .then(
            [=](caf::actor match) {
              if (!match) return reply(reply_to, moved_reply());
              self->request(match, local_lookup_timeout, inspect_atom::value)
                  .then(
                      [=](const live_report& r) {
                        wire_message out;
                        out.kind = "report";
                        out.game = r.game;
                        out.seq = r.last_seq;
                        out.hash = r.hash;
                        out.state = r.state;
                        reply(reply_to, out);
                      },
                      [=](caf::error& e) {
                        reply(reply_to, failure_reply("match_broken", self->system().render(e)));
                      });
            },
            [=](caf::error&) {
              reply(reply_to, failure_reply("unavailable", "the server is busy; try again"));
            });
  });
}

void cluster_endpoint::on_subscribe(const std::string& data, const std::string& reply_to) {
  auto decoded = decode_wire_message(data);
  if (!decoded) return reply(reply_to, failure_reply("bad_request", decoded.err().message));
  wire_message m = std::move(*decoded);
  if (m.sub.empty() || m.to.empty()) return reply(reply_to, failure_reply("bad_request", "no sub or to"));
  auto publish = [bus = cluster_.bus, to = m.to, sub = m.sub](wire_message out) {
    out.sub = sub;
    bus->publish(to, encode_wire_message(out));
  };
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (relays_.count(m.sub)) return;  // asked twice
  }
  auto forget = [this, sub = m.sub] {
    std::lock_guard<std::mutex> lock(mu_);
    relays_.erase(sub);
  };
  // The relay: a subscriber of the match here that passes everything on to the asking node.
  auto relay_actor = system_.spawn([this, m, reply_to, publish, forget](
                                       caf::event_based_actor* self) -> caf::behavior {
    self->attach_functor([forget] { forget(); });
    auto match = std::make_shared<caf::actor>();
    self->set_down_handler([=](caf::down_msg& down) {
      if (down.source != match->address()) return;
      wire_message ended;
      ended.kind = "ended";
      publish(ended);
      self->quit();
    });
    self->request(directory_, local_lookup_timeout, local_lookup_atom::value, m.match)
        .then(
            [=](caf::actor found) {
              if (!found) {
                reply(reply_to, moved_reply());
                return self->quit();
              }
              wire_message ok;
              ok.kind = "outcome";
              ok.ok = true;
              reply(reply_to, ok);
              *match = found;
              self->monitor(found);
              self->send(found, subscribe_atom::value, m.caller, caf::actor_cast<caf::actor>(self));
            },
            [=](caf::error&) {
              reply(reply_to, failure_reply("unavailable", "the server is busy; try again"));
              self->quit();
            });
    return {
        [=](snapshot_atom, const std::string& id, uint64_t seq, const std::string& view) {
          wire_message out;
          out.kind = "snapshot";
          out.match = id;
          out.seq = seq;
          out.view = view;
          publish(std::move(out));
        },
        [=](update_atom, const std::string& id, uint64_t seq, const std::string& events,
            const std::string& view) {
          wire_message out;
          out.kind = "update";
          out.match = id;
          out.seq = seq;
          out.events = events;
          out.view = view;
          publish(std::move(out));
        },
        [=](refused_atom, const std::string& id, const std::string& code,
            const std::string& message) {
          wire_message out;
          out.kind = "refused";
          out.match = id;
          out.code = code;
          out.message = message;
          publish(std::move(out));
        },
    };
  });
  // A relay that ended at once (its match moved) may have been forgotten already: the entry is
  // then left for node_gone or the subscriber's unsubscribe to end again, harmlessly.
  std::lock_guard<std::mutex> lock(mu_);
  relays_[m.sub] = {relay_actor, m.from};
}

void cluster_endpoint::on_unsubscribe(const std::string& data) {
  auto m = decode_wire_message(data);
  if (!m) return;
  caf::actor relay_actor;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = relays_.find(m->sub);
    if (it == relays_.end()) return;
    relay_actor = it->second.handle;
  }
  // The match watches its subscribers: the relay's end unsubscribes it.
  caf::anon_send_exit(relay_actor, caf::exit_reason::user_shutdown);
}

void cluster_endpoint::node_gone(const std::string& holder) {
  std::vector<caf::actor> ending;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [sub, r] : relays_)
      if (r.subscriber_holder == holder) ending.push_back(r.handle);
  }
  for (auto& a : ending) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
}

}  // namespace wordhall
