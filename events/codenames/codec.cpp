// The events' JSON (codec.hpp lists the payloads). The state's JSON is in state_codec.cpp.
#include "events/codenames/codec.hpp"

#include "events/codenames/codec_parts.hpp"
#include "events/json_read.hpp"

namespace wordhall::codenames_game {
namespace {

using simdjson::dom::object;

struct encoder {
  json_writer& out;

  std::string operator()(const match_created& e) {
    out.field("mode", e.mode).field("seed", e.seed).field("first_team", e.first_team).key("cards");
    write_cards(out, e.cards);
    out.field("invite_digest", e.invite_digest).field("spectator_digest", e.spectator_digest);
    return "cn.match_created";
  }
  std::string operator()(const seat_joined& e) {
    out.field("seat", e.seat).field("digest", e.digest).field("name", e.name).field("team", e.team);
    return "cn.seat_joined";
  }
  std::string operator()(const seat_changed& e) {
    out.field("seat", e.seat).field("name", e.name).field("team", e.team);
    return "cn.seat_changed";
  }
  std::string operator()(const game_started&) { return "cn.started"; }
  std::string operator()(const clue_given& e) {
    out.field("turn", e.turn).field("team", e.team).field("clue", e.clue)
        .field("number", e.number).key("targets");
    write_strings(out, e.targets);
    out.field("spymaster", e.spymaster);
    return "cn.clue_given";
  }
  std::string operator()(const clue_failed& e) {
    out.field("turn", e.turn).field("attempt", e.attempt).field("code", e.code)
        .field("message", e.message);
    return "cn.clue_failed";
  }
  std::string operator()(const clue_retried& e) {
    out.field("turn", e.turn).field("attempt", e.attempt);
    return "cn.clue_retried";
  }
  std::string operator()(const guess_proposed& e) {
    out.field("turn", e.turn).field("seat", e.seat).field("card", e.card);
    return "cn.guess_proposed";
  }
  std::string operator()(const card_revealed& e) {
    out.field("turn", e.turn).field("seat", e.seat).field("card", e.card).field("role", e.role);
    return "cn.card_revealed";
  }
  std::string operator()(const turn_ended& e) {
    out.field("turn", e.turn).field("team", e.team).field("reason", e.reason);
    return "cn.turn_ended";
  }
  std::string operator()(const game_ended& e) {
    out.field("winner", e.outcome.winner).field("reason", e.outcome.reason);
    return "cn.game_ended";
  }
  std::string operator()(const rematch_dealt& e) {
    out.field("game_number", e.game_number).field("seed", e.seed)
        .field("first_team", e.first_team).key("cards");
    write_cards(out, e.cards);
    return "cn.rematch_dealt";
  }
};

result<event> decode(const std::string& type, object o) {
  if (type == "cn.match_created") {
    match_created e;
    WORDHALL_READ(e.mode, get_string(o, "mode"));
    WORDHALL_READ(e.seed, get_uint(o, "seed"));
    WORDHALL_READ(e.first_team, get_string(o, "first_team"));
    WORDHALL_READ(e.cards, read_cards(o, "cards"));
    WORDHALL_READ(e.invite_digest, get_string(o, "invite_digest"));
    WORDHALL_READ(e.spectator_digest, get_string(o, "spectator_digest"));
    return event{std::move(e)};
  }
  if (type == "cn.seat_joined") {
    seat_joined e;
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.digest, get_string(o, "digest"));
    WORDHALL_READ(e.name, get_string(o, "name"));
    WORDHALL_READ(e.team, get_string(o, "team"));
    return event{std::move(e)};
  }
  if (type == "cn.seat_changed") {
    seat_changed e;
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.name, get_string(o, "name"));
    WORDHALL_READ(e.team, get_string(o, "team"));
    return event{std::move(e)};
  }
  if (type == "cn.started") return event{game_started{}};
  if (type == "cn.clue_given") {
    clue_given e;
    WORDHALL_READ(e.turn, read_int(o, "turn"));
    WORDHALL_READ(e.team, get_string(o, "team"));
    WORDHALL_READ(e.clue, get_string(o, "clue"));
    WORDHALL_READ(e.number, read_int(o, "number"));
    WORDHALL_READ(e.targets, read_strings(o, "targets"));
    WORDHALL_READ(e.spymaster, get_string(o, "spymaster"));
    return event{std::move(e)};
  }
  if (type == "cn.clue_failed") {
    clue_failed e;
    WORDHALL_READ(e.turn, read_int(o, "turn"));
    WORDHALL_READ(e.attempt, read_int(o, "attempt"));
    WORDHALL_READ(e.code, get_string(o, "code"));
    WORDHALL_READ(e.message, get_string(o, "message"));
    return event{std::move(e)};
  }
  if (type == "cn.clue_retried") {
    clue_retried e;
    WORDHALL_READ(e.turn, read_int(o, "turn"));
    WORDHALL_READ(e.attempt, read_int(o, "attempt"));
    return event{std::move(e)};
  }
  if (type == "cn.guess_proposed") {
    guess_proposed e;
    WORDHALL_READ(e.turn, read_int(o, "turn"));
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.card, read_int(o, "card"));
    return event{std::move(e)};
  }
  if (type == "cn.card_revealed") {
    card_revealed e;
    WORDHALL_READ(e.turn, read_int(o, "turn"));
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.card, read_int(o, "card"));
    WORDHALL_READ(e.role, get_string(o, "role"));
    return event{std::move(e)};
  }
  if (type == "cn.turn_ended") {
    turn_ended e;
    WORDHALL_READ(e.turn, read_int(o, "turn"));
    WORDHALL_READ(e.team, get_string(o, "team"));
    WORDHALL_READ(e.reason, get_string(o, "reason"));
    return event{std::move(e)};
  }
  if (type == "cn.game_ended") {
    game_ended e;
    WORDHALL_READ(e.outcome.winner, get_string(o, "winner"));
    WORDHALL_READ(e.outcome.reason, get_string(o, "reason"));
    return event{std::move(e)};
  }
  if (type == "cn.rematch_dealt") {
    rematch_dealt e;
    WORDHALL_READ(e.game_number, read_int(o, "game_number"));
    WORDHALL_READ(e.seed, get_uint(o, "seed"));
    WORDHALL_READ(e.first_team, get_string(o, "first_team"));
    WORDHALL_READ(e.cards, read_cards(o, "cards"));
    return event{std::move(e)};
  }
  return make_error("unknown_event", "unknown event type \"" + type + "\"");
}

bool seat_exists(const state& s, int seat) {
  return seat >= 0 && static_cast<size_t>(seat) < s.seats.size();
}

bool card_exists(const state& s, int card) {
  return card >= 0 && static_cast<size_t>(card) < s.cards.size();
}

// The check of one decoded event against the state (applicable's body).
struct checker {
  const state& s;

  bool operator()(const match_created& e) {
    return (e.mode == one_team || e.mode == two_teams) && known_team(e.first_team);
  }
  bool operator()(const seat_joined& e) {
    return e.seat == static_cast<int>(s.seats.size()) && known_team(e.team);
  }
  bool operator()(const seat_changed& e) { return seat_exists(s, e.seat) && known_team(e.team); }
  bool operator()(const game_started&) { return true; }
  bool operator()(const clue_given& e) { return known_team(e.team); }
  bool operator()(const clue_failed&) { return true; }
  bool operator()(const clue_retried&) { return true; }
  bool operator()(const guess_proposed& e) { return seat_exists(s, e.seat) && card_exists(s, e.card); }
  bool operator()(const card_revealed& e) { return seat_exists(s, e.seat) && card_exists(s, e.card); }
  bool operator()(const turn_ended& e) { return known_team(e.team); }
  bool operator()(const game_ended& e) { return known_team(e.outcome.winner); }
  bool operator()(const rematch_dealt& e) {
    return s.status == "ended" && e.game_number == s.game_number + 1 && known_team(e.first_team) &&
           e.cards.size() == static_cast<size_t>(board_size);
  }
};

}  // namespace

new_event encode_event(const event& e) {
  json_writer out;
  out.begin_object();
  std::string type = std::visit(encoder{out}, e);
  out.end_object();
  return new_event{type, 1, out.take()};
}

result<event> decode_event(const event_envelope& stored) {
  return decode_payload_v1(stored.type, stored.version, stored.payload, decode);
}

result<void> applicable(const state& s, const event& e) {
  bool created = std::holds_alternative<match_created>(e);
  if (created != (s.status == "new"))
    return make_error("bad_event", created ? "the match exists already" : "no match to apply it to");
  if (!std::visit(checker{s}, e))
    return make_error("bad_event", "the event names a seat, card or team that does not exist");
  return {};
}

}  // namespace wordhall::codenames_game
