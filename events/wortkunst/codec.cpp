// The events' JSON (codec.hpp lists the payloads). The state's JSON is in state_codec.cpp.
#include "events/wortkunst/codec.hpp"

#include "events/json_read.hpp"
#include "events/wortkunst/codec_parts.hpp"

namespace wordhall::wortkunst {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

struct encoder {
  json_writer& out;

  std::string operator()(const game_created& e) {
    out.field("player_count", static_cast<int>(e.digests.size())).key("settings").begin_object()
        .field("pass_rounds", e.config.pass_rounds).end_object().key("seats").begin_array();
    for (size_t i = 0; i < e.digests.size(); ++i)
      out.begin_object().field("seat", static_cast<int>(i)).field("digest", e.digests[i]).end_object();
    out.end_array();
    return "wk.game_created";
  }
  std::string operator()(const seat_joined& e) {
    out.field("seat", e.seat).field("name", e.name);
    return "wk.seat_joined";
  }
  std::string operator()(const game_started& e) {
    out.field("seed", e.seed).key("players");
    write_ints(out, e.players);
    out.key("bag");
    write_strings(out, e.bag);
    return "wk.started";
  }
  std::string operator()(const move_placed& e) {
    out.field("move", e.move).field("seat", e.seat).key("tiles");
    write_tiles(out, e.tiles);
    out.key("words");
    write_words(out, e.words);
    out.key("drawn");
    write_strings(out, e.drawn);
    return "wk.move_placed";
  }
  std::string operator()(const move_rated& e) {
    out.field("move", e.move).field("seat", e.seat).field("judge", e.judge).key("evaluations");
    write_evaluations(out, e.evaluations);
    out.field("score", e.score);
    return "wk.move_rated";
  }
  std::string operator()(const rating_failed& e) {
    out.field("move", e.move).field("attempt", e.attempt).field("code", e.code)
        .field("message", e.message);
    return "wk.rating_failed";
  }
  std::string operator()(const rating_retried& e) {
    out.field("move", e.move).field("attempt", e.attempt);
    return "wk.rating_retried";
  }
  std::string operator()(const tiles_exchanged& e) {
    out.field("move", e.move).field("seat", e.seat).key("letters");
    write_strings(out, e.letters);
    out.key("drawn");
    write_strings(out, e.drawn);
    out.key("bag");
    write_strings(out, e.bag);
    return "wk.tiles_exchanged";
  }
  std::string operator()(const passed& e) {
    out.field("move", e.move).field("seat", e.seat);
    return "wk.passed";
  }
  std::string operator()(const game_ended&) { return "wk.game_ended"; }  // see encode_event
};

result<event> decode(const std::string& type, object o) {
  if (type == "wk.game_created") {
    game_created e;
    auto config = find_field(o, "settings");
    object settings_object;
    if (!config || config->get(settings_object))
      return make_error("bad_field", "\"settings\" must be an object");
    WORDHALL_READ(e.config.pass_rounds, read_int(settings_object, "pass_rounds"));
    auto seats = read_array(o, "seats");
    if (!seats) return seats.err();
    for (element s : *seats) {
      auto item = as_object(s, "seat");
      if (!item) return item.err();
      std::string digest;
      WORDHALL_READ(digest, get_string(*item, "digest"));
      e.digests.push_back(digest);
    }
    return event{std::move(e)};
  }
  if (type == "wk.seat_joined") {
    seat_joined e;
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.name, get_string(o, "name"));
    return event{std::move(e)};
  }
  if (type == "wk.started") {
    game_started e;
    WORDHALL_READ(e.seed, get_uint(o, "seed"));
    WORDHALL_READ(e.players, read_ints(o, "players"));
    WORDHALL_READ(e.bag, read_strings(o, "bag"));
    return event{std::move(e)};
  }
  if (type == "wk.move_placed") {
    move_placed e;
    WORDHALL_READ(e.move, read_int(o, "move"));
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.tiles, read_stored_tiles(o, "tiles"));
    WORDHALL_READ(e.words, read_words(o, "words"));
    WORDHALL_READ(e.drawn, read_strings(o, "drawn"));
    return event{std::move(e)};
  }
  if (type == "wk.move_rated") {
    move_rated e;
    WORDHALL_READ(e.move, read_int(o, "move"));
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.judge, get_string(o, "judge"));
    WORDHALL_READ(e.evaluations, read_evaluation_list(o, "evaluations"));
    WORDHALL_READ(e.score, get_int(o, "score"));
    return event{std::move(e)};
  }
  if (type == "wk.rating_failed") {
    rating_failed e;
    WORDHALL_READ(e.move, read_int(o, "move"));
    WORDHALL_READ(e.attempt, read_int(o, "attempt"));
    WORDHALL_READ(e.code, get_string(o, "code"));
    WORDHALL_READ(e.message, get_string(o, "message"));
    return event{std::move(e)};
  }
  if (type == "wk.rating_retried") {
    rating_retried e;
    WORDHALL_READ(e.move, read_int(o, "move"));
    WORDHALL_READ(e.attempt, read_int(o, "attempt"));
    return event{std::move(e)};
  }
  if (type == "wk.tiles_exchanged") {
    tiles_exchanged e;
    WORDHALL_READ(e.move, read_int(o, "move"));
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    WORDHALL_READ(e.letters, read_strings(o, "letters"));
    WORDHALL_READ(e.drawn, read_strings(o, "drawn"));
    WORDHALL_READ(e.bag, read_strings(o, "bag"));
    return event{std::move(e)};
  }
  if (type == "wk.passed") {
    passed e;
    WORDHALL_READ(e.move, read_int(o, "move"));
    WORDHALL_READ(e.seat, read_int(o, "seat"));
    return event{std::move(e)};
  }
  if (type == "wk.game_ended") {
    game_ended e;
    WORDHALL_READ(e.outcome, read_final(o));
    return event{std::move(e)};
  }
  return make_error("unknown_event", "unknown event type \"" + type + "\"");
}

std::vector<int> seats_named(const event& e) {
  return std::visit(
      [](const auto& ev) -> std::vector<int> {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, game_started>) return ev.players;
        else if constexpr (std::is_same_v<T, game_ended>) {
          std::vector<int> out = ev.outcome.winners;
          for (auto& row : ev.outcome.results) out.push_back(row.seat);
          return out;
        } else if constexpr (std::is_same_v<T, game_created> || std::is_same_v<T, rating_failed> ||
                             std::is_same_v<T, rating_retried>)
          return {};
        else
          return {ev.seat};
      },
      e);
}

}  // namespace

new_event encode_event(const event& e) {
  json_writer out;
  if (auto* ended = std::get_if<game_ended>(&e)) {  // the payload is the final result itself
    write_final(out, ended->outcome);
    return new_event{"wk.game_ended", 1, out.take()};
  }
  out.begin_object();
  std::string type = std::visit(encoder{out}, e);
  out.end_object();
  return new_event{type, 1, out.take()};
}

result<event> decode_event(const event_envelope& stored) {
  return decode_payload_v1(stored.type, stored.version, stored.payload, decode);
}

result<void> applicable(const state& s, const event& e) {
  bool created = std::holds_alternative<game_created>(e);
  if (created != (s.status == "new"))
    return make_error("bad_event", created ? "the game exists already" : "no game to apply it to");
  for (int seat : seats_named(e))
    if (seat < 0 || static_cast<size_t>(seat) >= s.seats.size())
      return make_error("bad_event", "seat " + std::to_string(seat) + " does not exist");
  return {};
}

}  // namespace wordhall::wortkunst
