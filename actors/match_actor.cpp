#include "actors/match_actor.hpp"

#include <algorithm>

#include "actors/cluster_context.hpp"
#include "actors/log.hpp"
#include "actors/recovery.hpp"
#include "actors/secrets.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall {
namespace {

// Enough fresh credentials for the largest join any game allows (4 seats).
constexpr int credentials_per_decision = 4;

}  // namespace

match_actor::match_actor(caf::actor_config& cfg, std::string match_id, const game* g,
                         platform* services, bool is_new)
    : caf::event_based_actor(cfg),
      id_(std::move(match_id)),
      game_(g),
      platform_(services),
      is_new_(is_new) {
  ++platform_->metrics->live_matches;
  if (platform_->cluster) write_epoch_ = platform_->cluster->write_epoch();
}

void match_actor::on_exit() {
  --platform_->metrics->live_matches;
  for (auto& c : queue_) refuse(c, "unavailable", "the match stopped; try again");
  queue_.clear();
}

caf::behavior match_actor::make_behavior() {
  recover();
  set_down_handler([this](caf::down_msg& down) {
    subscribers_.erase(std::remove_if(subscribers_.begin(), subscribers_.end(),
                                      [&](const subscriber& s) { return s.handle == down.source; }),
                       subscribers_.end());
    presence_changed();
  });
  return {
      [this](command_atom, std::string caller, std::string json) -> caf::result<command_outcome> {
        auto promise = make_response_promise<command_outcome>();
        pending_command c{std::move(caller), std::move(json), promise, false};
        if (broken_) {
          refuse(c, broken_->code, broken_->message);
        } else if (draining_) {
          refuse(c, "server_restarting", "the server is restarting; try again in a moment");
        } else {
          queue_.push_back(std::move(c));
          flush();
        }
        return promise;
      },
      [this](subscribe_atom, std::string caller, caf::actor who) {
        if (broken_) return send(who, refused_atom::value, id_, broken_->code, broken_->message);
        subscribers_.erase(std::remove_if(subscribers_.begin(), subscribers_.end(),
                                          [&](const subscriber& s) { return s.handle == who; }),
                           subscribers_.end());
        monitor(who);
        subscribers_.push_back({who, caller, last_seq_});
        bool changed = refresh_online();
        send(who, snapshot_atom::value, id_, last_seq_, view_for(caller));
        if (changed && game_->shows_presence()) send_updates(true);
      },
      [this](unsubscribe_atom, caf::actor who) {
        subscribers_.erase(std::remove_if(subscribers_.begin(), subscribers_.end(),
                                          [&](const subscriber& s) { return s.handle == who; }),
                           subscribers_.end());
        demonitor(who);
        presence_changed();
      },
      [this](inspect_atom) -> caf::result<live_report> {
        if (broken_) return caf::make_error(caf::sec::runtime_error, broken_->message);
        return live_report{std::string(game_->name()), last_seq_, state_hash(*game_, *state_),
                           game_->encode_state(*state_)};
      },
      [this](drain_atom) -> caf::result<bool> {
        draining_ = true;
        if (!in_flight_) return true;
        auto promise = make_response_promise<bool>();
        drain_waiters_.push_back(promise);
        return promise;
      },
      [this](appended_atom, uint64_t batch, int code, std::string message) {
        on_appended(batch, code, message);
      },
      [this](deadline_atom, int64_t at) {
        if (scheduled_deadline_ != at) return;  // superseded by a later state
        int64_t now = wall_clock_ms();
        if (now < at) {  // the timer fired early (clock adjustments): wait for the rest
          delayed_send(this, std::chrono::milliseconds(at - now), deadline_atom::value, at);
          return;
        }
        scheduled_deadline_.reset();
        ++platform_->metrics->deadlines_fired;
        queue_.push_back({"", R"({"type":"deadline"})", {}, true});
        flush();
      },
      [this](send_updates_atom) {
        updates_scheduled_ = false;
        send_updates(false);
      },
      [this](effect_done_atom, std::string key, effect_outcome outcome) {
        on_effect_done(key, std::move(outcome));
      },
      caf::after(platform_->settings.passivate_after) >>
          [this] {
            if (idle()) quit();
          },
  };
}

void match_actor::recover() {
  if (is_new_) {
    state_ = game_->initial_state();
    created_ms_ = wall_clock_ms();
    return;
  }
  auto started = std::chrono::steady_clock::now();
  auto recovered = recover_match(*platform_->journal, *game_, id_);
  if (!recovered) {
    ++platform_->metrics->recovery_failures;
    broken_ = recovered.err();
    // The player hears what it means; the log keeps which record failed and how.
    if (broken_->code == "data_loss") broken_->message = damaged_match_message;
    state_ = game_->initial_state();
    log_line("match_recovery_failed", "match=" + id_ + " code=" + recovered.err().code +
                                          " reason=" + recovered.err().message);
    return;
  }
  state_ = std::move(recovered->state);
  last_seq_ = recovered->last_seq;
  storage::match_meta meta;
  if (platform_->journal->read_meta(id_, &meta).ok()) created_ms_ = meta.created_ms;
  ++platform_->metrics->recoveries;
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                  .count();
  log_line("match_recovered", "match=" + id_ + " events=" + std::to_string(last_seq_) +
                                  " snapshot=" + std::to_string(recovered->snapshot_seq) +
                                  " ms=" + std::to_string(ms));
  schedule_deadline();
  start_effects();
}

void match_actor::refuse(pending_command& c, const std::string& code, const std::string& message) {
  ++platform_->metrics->commands_rejected;
  if (c.from_platform) return;
  c.promise.deliver(command_outcome{false, last_seq_, "{}", code, message});
}

void match_actor::flush() {
  if (in_flight_ || queue_.empty()) return;
  if (platform_->cluster) {
    const uint64_t epoch = platform_->cluster->write_epoch();
    if (epoch == 0 || epoch != write_epoch_) {
      // This node's lease lapsed since the match started here (a pause, a partition), or is
      // not known to be current: another node may own the match now. Write nothing; what
      // waits is told to try again, and the next request looks the match up afresh.
      log_line("match_stale", "match=" + id_);
      quit(caf::make_error(caf::sec::runtime_error, "this node's lease lapsed"));
      return;
    }
  }
  auto speculative = game_->clone(*state_);
  uint64_t seq = last_seq_;
  int64_t now = wall_clock_ms();
  std::vector<event_envelope> events;
  std::vector<accepted_command> accepted;
  while (!queue_.empty()) {
    pending_command c = std::move(queue_.front());
    queue_.pop_front();
    ++platform_->metrics->commands;
    auto doc = json_document::parse(c.json);
    if (!doc) {
      refuse(c, doc.err().code, doc.err().message);
      continue;
    }
    auto body = as_object(doc->root(), "command");
    if (!body) {
      refuse(c, body.err().code, body.err().message);
      continue;
    }
    auto type = get_string(*body, "type");
    if (!type) {
      refuse(c, type.err().code, type.err().message);
      continue;
    }
    decision_context ctx{c.caller, now, random_u64(), {}, c.from_platform, &online_};
    for (int i = 0; i < credentials_per_decision; ++i) ctx.fresh_secrets.push_back(mint_credential());
    auto decided = game_->decide(*speculative, command{*type, *body}, ctx);
    if (!decided) {
      refuse(c, decided.err().code, decided.err().message);
      continue;
    }
    size_t first_new = events.size();
    bool applied_all = true;
    for (auto& e : decided->events) {
      event_envelope env{e.type, e.version, ++seq, random_hex(16), now, e.payload};
      auto applied = game_->apply(*speculative, env);
      events.push_back(std::move(env));
      if (!applied) {
        log_line("game_bug", "match=" + id_ + " event=" + e.type + " code=" + applied.err().code);
        applied_all = false;
        break;
      }
    }
    if (!applied_all) {
      // The game emitted an event it cannot apply: drop this command's events and rebuild the
      // speculative state from the ones accepted before it.
      events.resize(first_new);
      seq = last_seq_ + events.size();
      speculative = game_->clone(*state_);
      for (auto& e : events) game_->apply(*speculative, e);
      refuse(c, "internal", "the game could not apply its own decision");
      continue;
    }
    accepted.push_back({std::move(c), seq, std::move(decided->reply)});
  }
  if (events.empty()) {
    for (auto& a : accepted)
      if (!a.command.from_platform)
        a.command.promise.deliver(command_outcome{true, last_seq_, a.reply, "", ""});
    return;
  }

  storage::append_request request;
  request.match_id = id_;
  request.expected_last_seq = last_seq_;
  request.events = events;
  uint64_t every = platform_->settings.snapshot_every;
  if (every > 0 && last_seq_ / every != seq / every)
    request.snapshot = storage::snapshot_record{seq, std::string(game_->name()),
                                                game_->encode_state(*speculative)};
  auto summary = game_->summary(*speculative);
  storage::match_meta meta;
  meta.id = id_;
  meta.game = std::string(game_->name());
  meta.created_ms = created_ms_;
  meta.status = summary.status;
  meta.players = summary.players;
  meta.last_seq = seq;
  meta.updated_ms = now;
  meta.next_deadline_ms = game_->next_deadline(*speculative).value_or(0);
  if (meta.next_deadline_ms == 0 && !game_->pending_effects(*speculative).empty())
    meta.next_deadline_ms = now;  // wake this match at start-up to run its effects
  request.meta = std::move(meta);

  in_flight_ = true;
  flight_events_ = std::move(events);
  flight_state_ = std::move(speculative);
  flight_commands_ = std::move(accepted);
  flight_started_ = std::chrono::steady_clock::now();
  uint64_t batch = ++batch_no_;
  auto self = caf::actor_cast<caf::actor>(this);
  platform_->committer->submit(std::move(request), [self, batch](storage::status st) {
    caf::anon_send(self, appended_atom::value, batch, static_cast<int>(st.code()), st.message());
  });
}

void match_actor::on_appended(uint64_t batch, int code, const std::string& message) {
  if (!in_flight_ || batch != batch_no_) return;
  in_flight_ = false;
  auto& m = *platform_->metrics;
  m.append_latency.observe(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - flight_started_).count());
  auto status = static_cast<storage::status_code>(code);
  if (status == storage::status_code::ok) {
    ++m.appends;
    m.events_appended += flight_events_.size();
    state_ = std::move(flight_state_);
    last_seq_ = flight_events_.back().seq;
    for (auto& a : flight_commands_)
      if (!a.command.from_platform)
        a.command.promise.deliver(command_outcome{true, a.last_seq, a.reply, "", ""});
    bool urgent = std::any_of(flight_events_.begin(), flight_events_.end(),
                              [&](const event_envelope& e) { return game_->urgent(e); });
    unsent_.insert(unsent_.end(), std::make_move_iterator(flight_events_.begin()),
                   std::make_move_iterator(flight_events_.end()));
    publish(urgent);
    schedule_deadline();
    start_effects();
  } else {
    ++m.append_failures;
    log_line("append_failed", "match=" + id_ + " code=" + std::to_string(code) + " reason=" + message);
    if (status == storage::status_code::resource_exhausted) {
      m.storage_full_refusals += flight_commands_.size();
      for (auto& a : flight_commands_) refuse(a.command, "storage_full", storage_full_message);
    } else {
      for (auto& a : flight_commands_) refuse(a.command, "unavailable", "not stored: " + message);
    }
    // An effect's outcome may have been among the lost commands: run what is still wanted again.
    effects_started_.clear();
  }
  flight_events_.clear();
  flight_state_.reset();
  flight_commands_.clear();
  if (status == storage::status_code::aborted) {
    // Someone else wrote this match: our state is stale. Stop; the directory re-spawns us from
    // the journal on the next request.
    quit(caf::make_error(caf::sec::runtime_error, "sequence conflict"));
    return;
  }
  if (status != storage::status_code::ok && !draining_) start_effects();
  if (draining_) {
    for (auto& w : drain_waiters_) w.deliver(true);
    drain_waiters_.clear();
    for (auto& c : queue_) refuse(c, "server_restarting", "the server is restarting");
    queue_.clear();
    return;
  }
  flush();
}

std::string match_actor::view_for(const std::string& caller) const {
  return game_->view(*state_, viewer{caller, false, &online_});
}

void match_actor::publish(bool urgent) {
  auto coalesce = coalesce_period(platform_->settings, subscribers_.size());
  if (urgent || coalesce.count() <= 0) {
    send_updates(false);
    return;
  }
  // Whoever caused these events has the reply to their command; every subscriber, the authors'
  // own pages included, gets them with the next update.
  if (!updates_scheduled_) {
    updates_scheduled_ = true;
    delayed_send(this, until_next_beat(coalesce), send_updates_atom::value);
  }
}

std::chrono::milliseconds match_actor::until_next_beat(std::chrono::milliseconds period) const {
  // Matches started together would otherwise flush together: a hundred matches' updates, five
  // thousand frames, in the same millisecond, with every command behind them waiting. Each
  // match keeps its own beat instead, offset by a phase drawn from its id.
  auto phase = static_cast<int64_t>(std::hash<std::string>{}(id_) % period.count());
  auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now().time_since_epoch()).count();
  return std::chrono::milliseconds(period.count() - (now + phase) % period.count());
}

void match_actor::send_updates(bool even_if_current) {
  std::vector<subscriber*> due;
  std::vector<viewer> who;
  for (auto& s : subscribers_)
    if (even_if_current || s.sent_seq < last_seq_) {
      due.push_back(&s);
      who.push_back(viewer{s.caller, false, &online_});
    }
  // The game sees all viewers of each event and of the views at once, so it can do what they
  // share once: 50 subscribers of a match need not decode one event 50 times.
  std::vector<json_writer> events(due.size());
  for (auto& list : events) list.begin_array();
  for (auto& e : unsent_) {
    std::vector<size_t> behind;  // the due subscribers not yet sent `e`
    std::vector<viewer> seeing;
    for (size_t i = 0; i < due.size(); ++i)
      if (e.seq > due[i]->sent_seq) {
        behind.push_back(i);
        seeing.push_back(who[i]);
      }
    if (seeing.empty()) continue;
    auto shown = game_->visible_events(*state_, e, seeing);
    for (size_t k = 0; k < behind.size(); ++k)
      if (shown[k]) events[behind[k]].raw(*shown[k]);
  }
  // Minor events alone go without views: clients apply them (game::urgent).
  bool minor = !even_if_current &&
               std::none_of(unsent_.begin(), unsent_.end(),
                            [&](const event_envelope& e) { return game_->urgent(e); });
  auto views = minor ? std::vector<std::string>(due.size()) : game_->views(*state_, who);
  for (size_t i = 0; i < due.size(); ++i) {
    send(due[i]->handle, update_atom::value, id_, last_seq_, events[i].end_array().take(),
         std::move(views[i]));
    due[i]->sent_seq = last_seq_;
  }
  unsent_.clear();  // every subscriber is now current
}

void match_actor::schedule_deadline() {
  auto next = game_->next_deadline(*state_);
  if (!next) {
    scheduled_deadline_.reset();
    return;
  }
  if (scheduled_deadline_ == next) return;
  scheduled_deadline_ = next;
  int64_t delay = std::max<int64_t>(0, *next - wall_clock_ms());
  delayed_send(this, std::chrono::milliseconds(delay), deadline_atom::value, *next);
}

void match_actor::start_effects() {
  if (broken_ || draining_) return;
  auto wanted = game_->pending_effects(*state_);
  std::set<std::string> still_wanted;
  for (auto& e : wanted) still_wanted.insert(e.key);
  for (auto it = effects_started_.begin(); it != effects_started_.end();)
    it = still_wanted.count(*it) ? std::next(it) : effects_started_.erase(it);
  for (auto& e : wanted) {
    if (!effects_started_.insert(e.key).second) continue;
    ++effects_in_flight_;
    ++platform_->metrics->effects_started;
    // A weak handle: an outstanding effect must not keep a stopped match alive.
    effect_done done = [self = address(), key = e.key](effect_outcome outcome) {
      if (auto match = caf::actor_cast<caf::actor>(self))
        caf::anon_send(match, effect_done_atom::value, key, std::move(outcome));
    };
    if (!platform_->effects) {
      done(effect_outcome{false, "{}", "no_effect_runner", "this server runs no effects"});
      continue;
    }
    platform_->effects->run(e.service, e.payload, std::move(done));
  }
}

void match_actor::on_effect_done(const std::string& key, effect_outcome outcome) {
  --effects_in_flight_;
  if (!outcome.ok) ++platform_->metrics->effects_failed;
  if (broken_ || draining_) return;  // still listed after a restart: it runs again then
  json_writer out;
  out.begin_object().field("type", "effect_result").field("key", key).field("ok", outcome.ok);
  if (outcome.ok) {
    out.key("result").raw(outcome.result);
  } else {
    out.key("error").begin_object();
    out.field("code", outcome.error_code).field("message", outcome.error_message);
    out.end_object();
  }
  out.end_object();
  queue_.push_back({"", out.take(), {}, true});
  flush();
}

bool match_actor::refresh_online() {
  std::vector<std::string> now;
  for (auto& s : subscribers_)
    if (!s.caller.empty()) now.push_back(s.caller);
  std::sort(now.begin(), now.end());
  now.erase(std::unique(now.begin(), now.end()), now.end());
  if (now == online_) return false;
  online_ = std::move(now);
  return true;
}

void match_actor::presence_changed() {
  if (refresh_online() && game_->shows_presence()) send_updates(true);
}

bool match_actor::idle() const {
  return subscribers_.empty() && queue_.empty() && !in_flight_ && !scheduled_deadline_ &&
         effects_in_flight_ == 0;
}

}  // namespace wordhall
