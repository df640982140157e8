#include "events/tictactoe/codec.hpp"

#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall::tictactoe {
namespace {

constexpr uint32_t mark_placed_version = 2;

std::string mark_text(char mark) { return std::string(1, mark); }

result<char> read_mark(simdjson::dom::object o, std::string_view field, std::string_view allowed) {
  auto text = get_string(o, field);
  if (!text) return text.err();
  if (text->size() != 1 || allowed.find((*text)[0]) == std::string_view::npos)
    return make_error("bad_field", "\"" + std::string(field) + "\" has an unknown mark");
  return (*text)[0];
}

// Reads each named int field into the given int or int64_t, or fails on the first bad one.
template <class... Ts>
result<void> read_ints(simdjson::dom::object o, std::pair<const char*, Ts*>... fields) {
  result<void> status;
  auto one = [&](auto field) {
    if (!status) return;
    auto v = get_int(o, field.first);
    if (!v) {
      status = v.err();
      return;
    }
    *field.second = static_cast<std::remove_pointer_t<decltype(field.second)>>(*v);
  };
  (one(fields), ...);
  return status;
}

result<event> decode_payload(const std::string& type, simdjson::dom::object o) {
  if (type == "ttt.match_created") {
    match_created e;
    auto host = get_string(o, "host");
    auto name = get_string(o, "name");
    if (!host) return host.err();
    if (!name) return name.err();
    e.host = *host;
    e.name = *name;
    WORDHALL_TRY(read_ints(o, std::pair{"rounds", &e.rounds}, std::pair{"turnSecs", &e.turn_secs}));
    return event{e};
  }
  if (type == "ttt.player_joined") {
    auto player = get_string(o, "player");
    auto name = get_string(o, "name");
    if (!player) return player.err();
    if (!name) return name.err();
    return event{player_joined{*player, *name}};
  }
  if (type == "ttt.round_started") {
    round_started e;
    WORDHALL_TRY(read_ints(o, std::pair{"round", &e.round}, std::pair{"deadline", &e.deadline_ms}));
    auto first = read_mark(o, "first", "xo");
    if (!first) return first.err();
    e.first = *first;
    return event{e};
  }
  if (type == "ttt.mark_placed") {
    mark_placed e;
    WORDHALL_TRY(read_ints(o, std::pair{"cell", &e.cell}, std::pair{"deadline", &e.next_deadline_ms}));
    if (e.cell < 0 || e.cell > 8) return make_error("bad_field", "\"cell\" must be 0..8");
    auto mark = read_mark(o, "mark", "xo");
    if (!mark) return mark.err();
    e.mark = *mark;
    return event{e};
  }
  if (type == "ttt.turn_timed_out") {
    auto mark = read_mark(o, "mark", "xo");
    if (!mark) return mark.err();
    return event{turn_timed_out{*mark}};
  }
  if (type == "ttt.round_finished") {
    round_finished e;
    WORDHALL_TRY(read_ints(o, std::pair{"round", &e.round}));
    auto winner = read_mark(o, "winner", "xod");
    if (!winner) return winner.err();
    e.winner = *winner;
    return event{e};
  }
  if (type == "ttt.match_finished") {
    auto winner = get_string(o, "winner");
    if (!winner) return winner.err();
    return event{match_finished{*winner}};
  }
  return make_error("unknown_event", "tictactoe has no event \"" + type + "\"");
}

}  // namespace

new_event encode_event(const event& e) {
  json_writer out;
  out.begin_object();
  new_event encoded;
  std::visit(
      [&](const auto& ev) {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, match_created>) {
          encoded.type = "ttt.match_created";
          out.field("host", ev.host).field("name", ev.name).field("rounds", ev.rounds)
              .field("turnSecs", ev.turn_secs);
        } else if constexpr (std::is_same_v<T, player_joined>) {
          encoded.type = "ttt.player_joined";
          out.field("player", ev.player).field("name", ev.name);
        } else if constexpr (std::is_same_v<T, round_started>) {
          encoded.type = "ttt.round_started";
          out.field("round", ev.round).field("first", mark_text(ev.first))
              .field("deadline", ev.deadline_ms);
        } else if constexpr (std::is_same_v<T, mark_placed>) {
          encoded.type = "ttt.mark_placed";
          encoded.version = mark_placed_version;
          out.field("cell", ev.cell).field("mark", mark_text(ev.mark))
              .field("deadline", ev.next_deadline_ms);
        } else if constexpr (std::is_same_v<T, turn_timed_out>) {
          encoded.type = "ttt.turn_timed_out";
          out.field("mark", mark_text(ev.mark));
        } else if constexpr (std::is_same_v<T, round_finished>) {
          encoded.type = "ttt.round_finished";
          out.field("round", ev.round).field("winner", mark_text(ev.winner));
        } else if constexpr (std::is_same_v<T, match_finished>) {
          encoded.type = "ttt.match_finished";
          out.field("winner", ev.winner);
        }
      },
      e);
  out.end_object();
  encoded.payload = out.take();
  return encoded;
}

upcaster_chain make_upcasters() {
  upcaster_chain chain;
  chain.add("ttt.mark_placed", 1, [](std::string_view payload) -> result<std::string> {
    auto doc = json_document::parse(payload);
    if (!doc) return doc.err();
    auto o = as_object(doc->root(), "payload");
    if (!o) return o.err();
    auto row = get_int(*o, "row");
    auto col = get_int(*o, "col");
    auto mark = get_string(*o, "mark");
    auto deadline = get_int(*o, "deadline");
    if (!row) return row.err();
    if (!col) return col.err();
    if (!mark) return mark.err();
    if (!deadline) return deadline.err();
    json_writer out;
    out.begin_object().field("cell", *row * 3 + *col).field("mark", *mark)
        .field("deadline", *deadline).end_object();
    return out.take();
  });
  return chain;
}

result<event> decode_event(const event_envelope& stored, const upcaster_chain& upcasters) {
  event_envelope current = stored;
  uint32_t version = stored.type == "ttt.mark_placed" ? mark_placed_version : 1;
  WORDHALL_TRY(upcasters.upcast(current, version));
  auto doc = json_document::parse(current.payload);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "payload");
  if (!o) return o.err();
  return decode_payload(current.type, *o);
}

std::string encode_state(const state& s) {
  json_writer out;
  out.begin_object().field("status", s.status).key("players").begin_array();
  for (auto& p : s.players)
    out.begin_object().field("id", p.id).field("name", p.name).field("mark", mark_text(p.mark))
        .end_object();
  out.end_array()
      .field("board", s.board)
      .field("turn", mark_text(s.turn))
      .field("round", s.round)
      .field("rounds", s.rounds)
      .field("turnSecs", s.turn_secs)
      .field("deadline", s.deadline_ms)
      .key("results")
      .begin_array();
  for (auto& r : s.results)
    out.begin_object().field("round", r.round).field("winner", mark_text(r.winner)).end_object();
  out.end_array().field("winner", s.winner).end_object();
  return out.take();
}

result<state> decode_state(std::string_view json) {
  auto doc = json_document::parse(json);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "state");
  if (!o) return o.err();
  state s;
  auto status = get_string(*o, "status");
  auto board = get_string(*o, "board");
  auto winner = get_string(*o, "winner");
  if (!status) return status.err();
  if (!board) return board.err();
  if (!winner) return winner.err();
  if (board->size() != 9) return make_error("bad_field", "\"board\" must have 9 cells");
  s.status = *status;
  s.board = *board;
  s.winner = *winner;
  auto turn = read_mark(*o, "turn", "xo");
  if (!turn) return turn.err();
  s.turn = *turn;
  WORDHALL_TRY(read_ints(*o, std::pair{"round", &s.round}, std::pair{"rounds", &s.rounds},
                std::pair{"turnSecs", &s.turn_secs}, std::pair{"deadline", &s.deadline_ms}));
  simdjson::dom::array players, results;
  if ((*o)["players"].get(players) || (*o)["results"].get(results))
    return make_error("bad_field", "\"players\" and \"results\" must be arrays");
  for (auto p : players) {
    auto po = as_object(p, "player");
    if (!po) return po.err();
    auto id = get_string(*po, "id");
    auto name = get_string(*po, "name");
    auto mark = read_mark(*po, "mark", "xo");
    if (!id) return id.err();
    if (!name) return name.err();
    if (!mark) return mark.err();
    s.players.push_back({*id, *name, *mark});
  }
  for (auto r : results) {
    auto ro = as_object(r, "result");
    if (!ro) return ro.err();
    round_result rr;
    WORDHALL_TRY(read_ints(*ro, std::pair{"round", &rr.round}));
    auto w = read_mark(*ro, "winner", "xod");
    if (!w) return w.err();
    rr.winner = *w;
    s.results.push_back(rr);
  }
  return s;
}

}  // namespace wordhall::tictactoe
