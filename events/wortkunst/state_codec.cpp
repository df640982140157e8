// The state's canonical JSON (snapshots, admin, hashing): every field, in a fixed order, the
// board in its text form (board.hpp), so equal states always encode to equal text.
#include "events/json_read.hpp"
#include "events/wortkunst/codec.hpp"
#include "events/wortkunst/codec_parts.hpp"

namespace wordhall::wortkunst {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

void write_pending(json_writer& out, const pending_move& p) {
  out.begin_object().field("move", p.move).field("seat", p.seat).key("tiles");
  write_tiles(out, p.tiles);
  out.key("words");
  write_words(out, p.words);
  out.field("attempt", p.attempt).field("failed", p.failed).field("error_code", p.error_code)
      .field("error_message", p.error_message).end_object();
}

void write_record(json_writer& out, const move_record& m) {
  out.begin_object().field("move", m.move).field("seat", m.seat).field("kind", m.kind).key("tiles");
  write_tiles(out, m.tiles);
  out.key("letters");
  write_strings(out, m.letters);
  out.key("words");
  write_words(out, m.words);
  out.key("evaluations");
  write_evaluations(out, m.evaluations);
  out.field("score", m.score).field("judge", m.judge).end_object();
}

result<seat> read_seat(element e) {
  auto o = as_object(e, "seat");
  if (!o) return o.err();
  seat s;
  WORDHALL_READ(s.index, read_int(*o, "seat"));
  WORDHALL_READ(s.digest, get_string(*o, "digest"));
  WORDHALL_READ(s.name, get_string(*o, "name"));
  WORDHALL_READ(s.joined, get_bool(*o, "joined"));
  WORDHALL_READ(s.locked, get_bool(*o, "locked"));
  WORDHALL_READ(s.score, get_int(*o, "score"));
  WORDHALL_READ(s.rack, read_strings(*o, "rack"));
  return s;
}

result<pending_move> read_pending(object o) {
  pending_move p;
  WORDHALL_READ(p.move, read_int(o, "move"));
  WORDHALL_READ(p.seat, read_int(o, "seat"));
  WORDHALL_READ(p.tiles, read_stored_tiles(o, "tiles"));
  WORDHALL_READ(p.words, read_words(o, "words"));
  WORDHALL_READ(p.attempt, read_int(o, "attempt"));
  WORDHALL_READ(p.failed, get_bool(o, "failed"));
  WORDHALL_READ(p.error_code, get_string(o, "error_code"));
  WORDHALL_READ(p.error_message, get_string(o, "error_message"));
  return p;
}

result<move_record> read_record(element e) {
  auto o = as_object(e, "move");
  if (!o) return o.err();
  move_record m;
  WORDHALL_READ(m.move, read_int(*o, "move"));
  WORDHALL_READ(m.seat, read_int(*o, "seat"));
  WORDHALL_READ(m.kind, get_string(*o, "kind"));
  WORDHALL_READ(m.tiles, read_stored_tiles(*o, "tiles"));
  WORDHALL_READ(m.letters, read_strings(*o, "letters"));
  WORDHALL_READ(m.words, read_words(*o, "words"));
  WORDHALL_READ(m.evaluations, read_evaluation_list(*o, "evaluations"));
  WORDHALL_READ(m.score, get_int(*o, "score"));
  WORDHALL_READ(m.judge, get_string(*o, "judge"));
  return m;
}

// An optional object field: null or absent is nullopt.
std::optional<object> nullable_object(object o, std::string_view field) {
  auto e = find_field(o, field);
  object out;
  if (!e || e->get(out)) return std::nullopt;
  return out;
}

// Every seat a state names exists, so views and evolve never index out of range.
result<void> check_seats(const state& s) {
  std::vector<int> named = s.players;
  if (!s.players.empty()) named.push_back(s.turn);
  if (s.pending) named.push_back(s.pending->seat);
  for (auto& m : s.history) named.push_back(m.seat);
  if (s.result)
    for (auto& row : s.result->results) named.push_back(row.seat);
  for (size_t i = 0; i < s.seats.size(); ++i)
    if (s.seats[i].index != static_cast<int>(i))
      return make_error("bad_field", "seats must be numbered from 0 in order");
  for (int seat : named)
    if (seat < 0 || static_cast<size_t>(seat) >= s.seats.size())
      return make_error("bad_field", "seat " + std::to_string(seat) + " does not exist");
  return {};
}

}  // namespace

std::string encode_state(const state& s) {
  json_writer out;
  out.begin_object().field("status", s.status).key("settings").begin_object()
      .field("pass_rounds", s.config.pass_rounds).end_object().key("seats").begin_array();
  for (auto& each : s.seats) {
    out.begin_object().field("seat", each.index).field("digest", each.digest)
        .field("name", each.name).field("joined", each.joined).field("locked", each.locked)
        .field("score", each.score).key("rack");
    write_strings(out, each.rack);
    out.end_object();
  }
  out.end_array().key("players");
  write_ints(out, s.players);
  out.key("board");
  write_strings(out, s.tiles_on_board.rows());
  out.key("bag");
  write_strings(out, s.bag);
  out.field("turn", s.turn).field("moves", s.moves).field("passes", s.passes).key("pending");
  if (s.pending) write_pending(out, *s.pending); else out.null();
  out.key("history").begin_array();
  for (auto& m : s.history) write_record(out, m);
  out.end_array().key("result");
  if (s.result) write_final(out, *s.result); else out.null();
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
  auto config = nullable_object(o, "settings");
  if (!config) return make_error("bad_field", "\"settings\" must be an object");
  WORDHALL_READ(s.config.pass_rounds, read_int(*config, "pass_rounds"));
  auto seats = read_array(o, "seats");
  if (!seats) return seats.err();
  for (element e : *seats) WORDHALL_READ(s.seats.emplace_back(), read_seat(e));
  WORDHALL_READ(s.players, read_ints(o, "players"));
  std::vector<std::string> rows;
  WORDHALL_READ(rows, read_strings(o, "board"));
  WORDHALL_READ(s.tiles_on_board, board::from_rows(rows));
  WORDHALL_READ(s.bag, read_strings(o, "bag"));
  WORDHALL_READ(s.turn, read_int(o, "turn"));
  WORDHALL_READ(s.moves, read_int(o, "moves"));
  WORDHALL_READ(s.passes, read_int(o, "passes"));
  if (auto p = nullable_object(o, "pending")) WORDHALL_READ(s.pending, read_pending(*p));
  auto history = read_array(o, "history");
  if (!history) return history.err();
  for (element e : *history) WORDHALL_READ(s.history.emplace_back(), read_record(e));
  if (auto r = nullable_object(o, "result")) WORDHALL_READ(s.result, read_final(*r));
  WORDHALL_TRY(check_seats(s));
  return s;
}

}  // namespace wordhall::wortkunst
