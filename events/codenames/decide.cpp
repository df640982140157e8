// decide: the dispatch, the lobby (create, join, start) and the rematch. Guesses are in
// guesses.cpp, the spymaster's round trip in clues.cpp.
#include <algorithm>

#include "events/codenames/commands.hpp"
#include "events/codenames/deal.hpp"
#include "events/codenames/view.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/player_name.hpp"

namespace wordhall::codenames_game {
namespace {

using simdjson::dom::object;

constexpr size_t max_name = 24;

// The "name" field: absent or null is nullopt; else 1..24 characters after trimming.
result<std::optional<std::string>> read_name(object body) {
  auto given = find_field(body, "name");
  if (!given || given->is_null()) return std::optional<std::string>{};
  std::string_view text;
  if (given->get(text)) return make_error("bad_name", "\"name\" must be a string");
  auto name = player_name(text, max_name);
  if (!name) return name.err();
  return std::optional<std::string>{std::move(*name)};
}

// Refuses a name another seat than `own` (-1: none) has, compared without regard to case.
result<void> check_name_free(const state& s, const std::optional<std::string>& name, int own) {
  if (!name) return {};
  for (auto& other : s.seats)
    if (other.index != own && same_player_name(other.name, *name))
      return make_error("name_taken", "someone in this match is called \"" + other.name + "\"");
  return {};
}

// The "team" field: absent or null is nullopt; one team plays red only.
result<std::optional<std::string>> read_team(object body, const std::string& mode) {
  auto given = find_field(body, "team");
  if (!given || given->is_null()) return std::optional<std::string>{};
  std::string_view text;
  if (given->get(text) || (text != red && text != blue))
    return make_error("bad_team", "\"team\" must be \"red\" or \"blue\"");
  if (mode == one_team && text != red)
    return make_error("bad_team", "in a one-team game everyone plays red");
  return std::optional<std::string>{std::string(text)};
}

// Where a newcomer without a choice goes: the smaller team, red on a tie.
std::string smaller_team(const state& s) {
  if (s.mode == one_team) return red;
  auto count = [&](const char* team) {
    return std::count_if(s.seats.begin(), s.seats.end(), [&](const seat& x) { return x.team == team; });
  };
  return count(blue) < count(red) ? blue : red;
}

result<outcome> create(const state& s, object body, const decision_context& ctx,
                       const std::vector<std::string>& deck) {
  if (s.status != "new") return make_error("already_created", "this match exists already");
  auto mode = optional_string(body, "mode");
  if (!mode || (*mode != one_team && *mode != two_teams))
    return make_error("bad_mode", "\"mode\" must be \"one_team\" or \"two_teams\"");
  auto name = read_name(body);
  if (!name) return name.err();
  auto team = read_team(body, *mode);
  if (!team) return team.err();
  if (ctx.fresh_secrets.size() < 3)
    return make_error("internal", "too few fresh credentials for the match");
  auto dealt = deal_cards(deck, *mode, ctx.seed);
  if (!dealt) return dealt.err();
  const fresh_secret& host = ctx.fresh_secrets[0];
  const fresh_secret& invite = ctx.fresh_secrets[1];
  const fresh_secret& spectator = ctx.fresh_secrets[2];
  std::vector<event> events{
      match_created{*mode, ctx.seed, dealt->first_team, dealt->cards, invite.digest,
                    spectator.digest},
      seat_joined{0, host.digest, name->value_or("Player 1"), team->value_or(red)}};
  json_writer reply;
  reply.begin_object().field("seat", 0).field("token", host.secret)
      .field("invite", invite.secret).field("spectator", spectator.secret).end_object();
  return outcome{std::move(events), reply.take()};
}

// A newcomer with the invite's secret takes a new seat; its secret is in the reply alone.
result<outcome> join_by_invite(const state& s, object body, const decision_context& ctx) {
  if (s.status == "ended") return make_error("game_over", "the game is over");
  if (s.seats.size() >= static_cast<size_t>(max_seats))
    return make_error("match_full", "this match has 16 players already");
  auto name = read_name(body);
  if (!name) return name.err();
  if (auto free = check_name_free(s, *name, -1); !free) return free.err();
  auto team = read_team(body, s.mode);
  if (!team) return team.err();
  if (ctx.fresh_secrets.empty()) return make_error("internal", "no fresh credential for the seat");
  const fresh_secret& secret = ctx.fresh_secrets[0];
  int index = static_cast<int>(s.seats.size());
  std::vector<event> events{seat_joined{index, secret.digest,
                                        name->value_or("Player " + std::to_string(index + 1)),
                                        team->value_or(smaller_team(s))}};
  json_writer reply;
  reply.begin_object().field("seat", index).field("token", secret.secret)
      .raw_field("view", view_json(after(s, events), viewer{secret.digest, false, ctx.online}))
      .end_object();
  return outcome{std::move(events), reply.take()};
}

// A seat joining again: a new name or team in the lobby, a reconnect otherwise.
result<outcome> join_again(const state& s, const seat& caller, object body,
                           const decision_context& ctx) {
  auto name = read_name(body);
  if (!name) return name.err();
  // Only a new name is checked: a seat rejoining under the name it has always gets in.
  if (*name != caller.name) {
    if (auto free = check_name_free(s, *name, caller.index); !free) return free.err();
  }
  auto team = read_team(body, s.mode);
  if (!team) return team.err();
  std::string new_name = name->value_or(caller.name), new_team = team->value_or(caller.team);
  std::vector<event> events;
  if (new_name != caller.name || new_team != caller.team) {
    if (s.status != "lobby")
      return make_error("already_started", "names and teams are fixed once the game started");
    events.push_back(seat_changed{caller.index, new_name, new_team});
  }
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> join(const state& s, object body, const decision_context& ctx) {
  if (!ctx.caller.empty() && ctx.caller == s.invite_digest) return join_by_invite(s, body, ctx);
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat or invitation of this match");
  return join_again(s, *caller, body, ctx);
}

result<outcome> start(const state& s, const decision_context& ctx) {
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat of this match");
  if (caller->index != 0) return make_error("not_host", "only the host can start the game");
  if (s.status != "lobby") return make_error("already_started", "the game has started");
  for (auto& team : playing_teams(s)) {
    bool manned = std::any_of(s.seats.begin(), s.seats.end(),
                              [&](const seat& x) { return x.team == team; });
    if (!manned) return make_error("team_empty", "team " + team + " has no player yet");
  }
  std::vector<event> events{game_started{}};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

// The next game with the same seats, dealt with the decision's seed and started at once. The
// optional "game_number" is the game the caller saw end: when a teammate's rematch already dealt a
// newer one, the click is answered with the view, not refused, so simultaneous clicks are one.
result<outcome> rematch(const state& s, object body, const decision_context& ctx,
                        const std::vector<std::string>& deck) {
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat of this match");
  int64_t seen = s.game_number;
  if (auto given = find_field(body, "game_number"); given && !given->is_null()) {
    if (given->get(seen) || seen < 1 || seen > s.game_number)
      return make_error("bad_field", "\"game_number\" must be the number of a game of this match");
  }
  if (seen < s.game_number) return outcome{{}, reply_view(s, {}, ctx)};
  if (s.status != "ended") return make_error("not_over", "the game is not over yet");
  auto dealt = deal_cards(deck, s.mode, ctx.seed);
  if (!dealt) return dealt.err();
  std::vector<event> events{
      rematch_dealt{s.game_number + 1, ctx.seed, dealt->first_team, dealt->cards}};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

bool known(const std::string& type) {
  static const char* types[] = {"create", "join", "start", "view", "propose", "confirm",
                                "end_turn", "retry_clue", "effect_result", "rematch"};
  return std::any_of(std::begin(types), std::end(types),
                     [&](const char* t) { return type == t; });
}

bool may_view(const state& s, const std::string& caller) {
  return find_seat(s, caller) ||
         (!caller.empty() && (caller == s.invite_digest || caller == s.spectator_digest));
}

}  // namespace

std::string reply_view(const state& s, const std::vector<event>& events,
                       const decision_context& ctx) {
  return view_json(events.empty() ? s : after(s, events), viewer{ctx.caller, false, ctx.online});
}

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx,
                       const std::vector<std::string>& deck) {
  const std::string& type = cmd.type;
  if (!known(type)) return make_error("unknown_command", "unknown command \"" + type + "\"");
  if (type == "create") return create(s, cmd.body, ctx, deck);
  if (s.status == "new") return make_error("no_such_game", "this match does not exist");
  if (type == "view") {
    if (!may_view(s, ctx.caller))
      return make_error("not_a_seat", "this link is not a seat, invitation or spectator link");
    return outcome{{}, reply_view(s, {}, ctx)};
  }
  if (type == "join") return join(s, cmd.body, ctx);
  if (type == "rematch") return rematch(s, cmd.body, ctx, deck);
  if (type == "effect_result" && !ctx.from_platform)
    return make_error("platform_only", "only the platform reports effects");
  if (s.status == "ended") return make_error("game_over", "the game is over");
  if (type == "start") return start(s, ctx);
  if (type == "propose") return propose(s, cmd.body, ctx);
  if (type == "confirm") return confirm(s, cmd.body, ctx);
  if (type == "end_turn") return end_turn(s, ctx);
  if (type == "retry_clue") return retry_clue(s, ctx);
  return effect_result(s, cmd.body, ctx);
}

}  // namespace wordhall::codenames_game
