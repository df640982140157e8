// The state's canonical JSON (snapshots, admin, hashing): every field in a fixed order, so equal
// states always encode to equal text. The admin replay view reads this form. "game_number" appears
// only after a rematch (absent: 1), so a match of one game encodes as it always did.
#include "events/codenames/codec.hpp"
#include "events/codenames/codec_parts.hpp"
#include "events/json_read.hpp"

namespace wordhall::codenames_game {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

void write_record(json_writer& out, const clue_record& r) {
  out.begin_object().field("turn", r.turn).field("team", r.team).field("clue", r.word)
      .field("number", r.number).key("targets");
  write_strings(out, r.targets);
  out.field("spymaster", r.spymaster).key("guesses");
  write_ints(out, r.guesses);
  out.field("ended", r.ended).end_object();
}

result<clue_record> read_record(element e) {
  auto o = as_object(e, "clue");
  if (!o) return o.err();
  clue_record r;
  WORDHALL_READ(r.turn, read_int(*o, "turn"));
  WORDHALL_READ(r.team, get_string(*o, "team"));
  WORDHALL_READ(r.word, get_string(*o, "clue"));
  WORDHALL_READ(r.number, read_int(*o, "number"));
  WORDHALL_READ(r.targets, read_strings(*o, "targets"));
  WORDHALL_READ(r.spymaster, get_string(*o, "spymaster"));
  WORDHALL_READ(r.guesses, read_ints(*o, "guesses"));
  WORDHALL_READ(r.ended, get_string(*o, "ended"));
  return r;
}

result<seat> read_seat(element e) {
  auto o = as_object(e, "seat");
  if (!o) return o.err();
  seat s;
  WORDHALL_READ(s.index, read_int(*o, "seat"));
  WORDHALL_READ(s.digest, get_string(*o, "digest"));
  WORDHALL_READ(s.name, get_string(*o, "name"));
  WORDHALL_READ(s.team, get_string(*o, "team"));
  return s;
}

std::optional<object> nullable_object(object o, std::string_view field) {
  auto e = find_field(o, field);
  object out;
  if (!e || e->get(out)) return std::nullopt;
  return out;
}

// Seats are numbered in order and every seat and card a state names exists, so views and
// evolve never index out of range.
result<void> check_indices(const state& s) {
  for (size_t i = 0; i < s.seats.size(); ++i)
    if (s.seats[i].index != static_cast<int>(i))
      return make_error("bad_field", "seats must be numbered from 0 in order");
  if (s.status != "new" && s.cards.size() != static_cast<size_t>(board_size))
    return make_error("bad_field", "a board has 25 cards");
  auto bad_card = [&](int c) { return c < 0 || static_cast<size_t>(c) >= s.cards.size(); };
  if (s.proposed && (bad_card(s.proposed->card) || s.proposed->seat < 0 ||
                     static_cast<size_t>(s.proposed->seat) >= s.seats.size()))
    return make_error("bad_field", "the proposal names a card or seat that does not exist");
  for (auto& r : s.history)
    for (int c : r.guesses)
      if (bad_card(c)) return make_error("bad_field", "a guess names a card that does not exist");
  return {};
}

}  // namespace

std::string encode_state(const state& s) {
  json_writer out;
  out.begin_object().field("status", s.status).field("mode", s.mode);
  if (s.game_number > 1) out.field("game_number", s.game_number);
  out.field("seed", s.seed).field("first_team", s.first_team).key("cards");
  write_cards(out, s.cards);
  out.field("invite_digest", s.invite_digest).field("spectator_digest", s.spectator_digest)
      .key("seats").begin_array();
  for (auto& each : s.seats)
    out.begin_object().field("seat", each.index).field("digest", each.digest)
        .field("name", each.name).field("team", each.team).end_object();
  out.end_array().field("turn", s.turn).field("team", s.team).field("guessing", s.guessing)
      .key("request").begin_object().field("attempt", s.request.attempt)
      .field("failed", s.request.failed).field("error_code", s.request.error_code)
      .field("error_message", s.request.error_message).end_object()
      .field("guesses_left", s.guesses_left).key("proposal");
  if (s.proposed)
    out.begin_object().field("card", s.proposed->card).field("seat", s.proposed->seat).end_object();
  else
    out.null();
  out.key("history").begin_array();
  for (auto& r : s.history) write_record(out, r);
  out.end_array().key("result");
  if (s.result)
    out.begin_object().field("winner", s.result->winner).field("reason", s.result->reason).end_object();
  else
    out.null();
  out.end_object();
  return out.take();
}

result<state> decode_state(std::string_view json) {
  auto doc = json_document::parse(json);
  if (!doc) return doc.err();
  auto root = as_object(doc->root(), "state");
  if (!root) return root.err();
  object o = *root;
  state s;
  WORDHALL_READ(s.status, get_string(o, "status"));
  WORDHALL_READ(s.mode, get_string(o, "mode"));
  if (find_field(o, "game_number")) {
    WORDHALL_READ(s.game_number, read_int(o, "game_number"));
    if (s.game_number < 2)
      return make_error("bad_field", "\"game_number\" appears from the second game on");
  }
  WORDHALL_READ(s.seed, get_uint(o, "seed"));
  WORDHALL_READ(s.first_team, get_string(o, "first_team"));
  if (s.status == "new") {
    auto none = read_array(o, "cards");
    if (!none) return none.err();
  } else {
    WORDHALL_READ(s.cards, read_cards(o, "cards"));
  }
  WORDHALL_READ(s.invite_digest, get_string(o, "invite_digest"));
  WORDHALL_READ(s.spectator_digest, get_string(o, "spectator_digest"));
  auto seats = read_array(o, "seats");
  if (!seats) return seats.err();
  for (element e : *seats) WORDHALL_READ(s.seats.emplace_back(), read_seat(e));
  WORDHALL_READ(s.turn, read_int(o, "turn"));
  WORDHALL_READ(s.team, get_string(o, "team"));
  WORDHALL_READ(s.guessing, get_bool(o, "guessing"));
  auto request = nullable_object(o, "request");
  if (!request) return make_error("bad_field", "\"request\" must be an object");
  WORDHALL_READ(s.request.attempt, read_int(*request, "attempt"));
  WORDHALL_READ(s.request.failed, get_bool(*request, "failed"));
  WORDHALL_READ(s.request.error_code, get_string(*request, "error_code"));
  WORDHALL_READ(s.request.error_message, get_string(*request, "error_message"));
  WORDHALL_READ(s.guesses_left, read_int(o, "guesses_left"));
  if (auto p = nullable_object(o, "proposal")) {
    proposal given;
    WORDHALL_READ(given.card, read_int(*p, "card"));
    WORDHALL_READ(given.seat, read_int(*p, "seat"));
    s.proposed = given;
  }
  auto history = read_array(o, "history");
  if (!history) return history.err();
  for (element e : *history) WORDHALL_READ(s.history.emplace_back(), read_record(e));
  if (auto r = nullable_object(o, "result")) {
    game_result given;
    WORDHALL_READ(given.winner, get_string(*r, "winner"));
    WORDHALL_READ(given.reason, get_string(*r, "reason"));
    s.result = given;
  }
  WORDHALL_TRY(check_indices(s));
  return s;
}

}  // namespace wordhall::codenames_game
