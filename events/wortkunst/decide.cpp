// decide: the dispatch and the lobby (create, join, start). Turns are in turns.cpp.
#include <algorithm>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/player_name.hpp"
#include "events/wortkunst/tiles.hpp"
#include "events/wortkunst/turns.hpp"
#include "events/wortkunst/view.hpp"

namespace wordhall::wortkunst {
namespace {

using simdjson::dom::object;

constexpr int max_seats = 4;
constexpr size_t max_name = 24;

result<settings> read_settings(object body) {
  settings config;
  auto given = find_field(body, "settings");
  if (!given || given->is_null()) return config;
  object o;
  if (given->get(o)) return make_error("bad_settings", "\"settings\" must be a JSON object");
  for (auto [key, value] : o) {
    if (key != "pass_rounds")
      return make_error("bad_settings", "unknown setting \"" + std::string(key) + "\"");
    int64_t rounds;
    if (value.get(rounds) || rounds < 1 || rounds > 10)
      return make_error("bad_settings", "\"pass_rounds\" must be an integer from 1 to 10");
    config.pass_rounds = static_cast<int>(rounds);
  }
  return config;
}

result<outcome> create(const state& s, object body, const decision_context& ctx) {
  if (s.status != "new") return make_error("already_created", "this game exists already");
  int64_t count = 0;
  if (body["playerCount"].get(count) || count < 1 || count > max_seats)
    return make_error("bad_player_count", "\"playerCount\" must be an integer from 1 to 4");
  auto config = read_settings(body);
  if (!config) return config.err();
  if (ctx.fresh_secrets.size() < static_cast<size_t>(count))
    return make_error("internal", "too few fresh credentials for the seats");
  game_created created{*config, {}};
  json_writer reply;
  reply.begin_object().key("seats").begin_array();
  for (int i = 0; i < count; ++i) {
    const fresh_secret& secret = ctx.fresh_secrets[static_cast<size_t>(i)];
    created.digests.push_back(secret.digest);
    reply.begin_object().field("seat", i).field("token", secret.secret).end_object();
  }
  reply.end_array().end_object();
  return outcome{{std::move(created)}, reply.take()};
}

result<outcome> join(const state& s, object body, const decision_context& ctx) {
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat of this game");
  std::optional<std::string> name;
  if (auto given = find_field(body, "name"); given && !given->is_null()) {
    std::string_view text;
    if (given->get(text)) return make_error("bad_name", "\"name\" must be a string");
    auto cleaned = player_name(text, max_name);
    if (!cleaned) return cleaned.err();
    name = std::move(*cleaned);
    // Only a new name is checked: a seat rejoining under the name it has always gets in.
    for (auto& other : s.seats)
      if (*name != caller->name && other.index != caller->index && other.joined &&
          same_player_name(other.name, *name))
        return make_error("name_taken", "someone in this game is called \"" + other.name + "\"");
  }
  std::vector<event> events;
  if (s.status == "lobby") {
    if (!caller->joined || (name && *name != caller->name))
      events.push_back(seat_joined{caller->index, name.value_or(caller->name)});
  } else if (!caller->joined) {
    return make_error("seat_locked", "this seat did not join before the game started");
  }
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> start(const state& s, const decision_context& ctx) {
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat of this game");
  if (caller->index != 0) return make_error("not_host", "only the host can start the game");
  if (s.status != "lobby") return make_error("already_started", "the game has started");
  if (!caller->joined) return make_error("host_not_joined", "join the game before starting it");
  game_started started;
  started.seed = ctx.seed;
  for (auto& each : s.seats)
    if (each.joined) started.players.push_back(each.index);
  started.bag = shuffled(full_bag(), ctx.seed);
  std::vector<event> events{std::move(started)};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

bool known(const std::string& type) {
  static const char* types[] = {"create", "join", "start", "view", "place", "exchange",
                                "pass", "retry_rating", "effect_result", "check"};
  return std::any_of(std::begin(types), std::end(types),
                     [&](const char* t) { return type == t; });
}

}  // namespace

state after(const state& s, const std::vector<event>& events) {
  state next = s;
  for (auto& e : events) next = evolve(std::move(next), e);
  return next;
}

std::string reply_view(const state& s, const std::vector<event>& events,
                       const decision_context& ctx) {
  return view_json(events.empty() ? s : after(s, events), viewer{ctx.caller, false, ctx.online});
}

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx) {
  const std::string& type = cmd.type;
  if (!known(type)) return make_error("unknown_command", "unknown command \"" + type + "\"");
  if (type == "create") return create(s, cmd.body, ctx);
  if (s.status == "new") return make_error("no_such_game", "this game does not exist");
  if (type == "view") return outcome{{}, reply_view(s, {}, ctx)};
  if (type == "join") return join(s, cmd.body, ctx);
  if (type == "effect_result" && !ctx.from_platform)
    return make_error("platform_only", "only the platform reports effects");
  if (s.status == "ended") return make_error("game_over", "the game is over");
  if (type == "start") return start(s, ctx);
  if (type == "place") return place(s, cmd.body, ctx);
  if (type == "check") return check_move(s, cmd.body, ctx);
  if (type == "exchange") return exchange(s, cmd.body, ctx);
  if (type == "pass") return pass_turn(s, ctx);
  if (type == "retry_rating") return retry_rating(s, ctx);
  return effect_result(s, cmd.body, ctx);
}

final_result finish(const state& s, const std::string& reason) {
  final_result out;
  out.reason = reason;
  int64_t best = INT64_MIN;
  for (int p : s.players) {
    const seat& each = s.seats.at(static_cast<size_t>(p));
    int64_t penalty = penalty_per_tile * static_cast<int64_t>(each.rack.size());
    out.results.push_back({p, each.rack, penalty, each.score - penalty});
    best = std::max(best, each.score - penalty);
  }
  for (auto& row : out.results)
    if (row.score == best) out.winners.push_back(row.seat);
  return out;
}

}  // namespace wordhall::wortkunst
