#include "events/wortkunst/view.hpp"

#include <algorithm>

#include "events/json_writer.hpp"
#include "events/wortkunst/codec_parts.hpp"
#include "events/wortkunst/tiles.hpp"
#include "events/wortkunst/turns.hpp"

namespace wordhall::wortkunst {
namespace {

bool online(const viewer& who, const seat& s) {
  return who.online &&
         std::find(who.online->begin(), who.online->end(), s.digest) != who.online->end();
}

void write_seats(json_writer& out, const state& s, const viewer& who) {
  out.begin_array();
  for (auto& each : s.seats)
    out.begin_object().field("seat", each.index).field("name", each.name)
        .field("joined", each.joined).field("locked", each.locked)
        .field("online", online(who, each)).field("is_host", each.index == 0)
        .field("playing", is_player(s, each.index)).field("score", each.score)
        .field("rack_count", static_cast<int>(each.rack.size())).end_object();
  out.end_array();
}

void write_pending(json_writer& out, const pending_move& p, bool may_retry) {
  out.begin_object().field("move", p.move).field("seat", p.seat).key("tiles");
  write_tiles(out, p.tiles);
  out.key("words");
  write_words(out, p.words);
  out.field("status", p.failed ? "failed" : "rating").field("attempt", p.attempt).key("error");
  if (p.failed)
    out.begin_object().field("code", p.error_code).field("message", p.error_message).end_object();
  else
    out.null();
  out.field("can_retry", p.failed && may_retry).end_object();
}

void write_moves(json_writer& out, const state& s, const seat* you, bool admin) {
  out.begin_array();
  for (auto& m : s.history) {
    bool own = admin || (you && you->index == m.seat);
    int count = m.kind == "place" ? static_cast<int>(m.tiles.size())
                                  : static_cast<int>(m.letters.size());
    out.begin_object().field("move", m.move).field("seat", m.seat).field("kind", m.kind)
        .key("tiles");
    write_tiles(out, m.tiles);
    out.field("count", count).key("letters");
    write_strings(out, own ? m.letters : std::vector<std::string>{});
    out.key("words");
    write_words(out, m.words);
    out.key("evaluations");
    write_evaluations(out, m.evaluations);
    out.field("score", m.score).field("judge", m.judge).end_object();
  }
  out.end_array();
}

void write_result(json_writer& out, const state& s, const final_result& r) {
  out.begin_object().field("reason", r.reason).key("standings").begin_array();
  for (auto& row : r.results) {
    int rank = 1 + static_cast<int>(std::count_if(
                       r.results.begin(), r.results.end(),
                       [&](const final_row& other) { return other.score > row.score; }));
    out.begin_object().field("seat", row.seat)
        .field("name", s.seats.at(static_cast<size_t>(row.seat)).name)
        .field("penalty", row.penalty).field("score", row.score).field("rank", rank).key("rack");
    write_strings(out, row.rack);
    out.end_object();
  }
  out.end_array().key("winners");
  write_ints(out, r.winners);
  out.end_object();
}

// What a pass now would leave, rack counts and not racks (the standings of view.result show the
// racks, once they are no secret): null when a pass would not end the game.
void write_pass_warning(json_writer& out, const state& s) {
  auto end = pass_would_end(s);
  if (!end) {
    out.null();
    return;
  }
  out.begin_array();
  for (auto& row : end->results)
    out.begin_object().field("seat", row.seat)
        .field("name", s.seats.at(static_cast<size_t>(row.seat)).name)
        .field("tiles", static_cast<int>(row.rack.size())).field("penalty", row.penalty)
        .field("score", row.score).end_object();
  out.end_array();
}

// The tiles `you` cannot see (in the bag or on other racks), by letter in distribution order:
// all 102 less the board (a blank on it counts as "?") and the viewer's own rack.
void write_unseen(json_writer& out, const state& s, const seat* you) {
  std::vector<std::string> seen = you ? you->rack : std::vector<std::string>{};
  for (auto& row : s.tiles_on_board.rows())
    for (auto& ch : code_points(row))
      if (ch != ".") seen.push_back(tile_letter(ch) == ch ? ch : std::string(blank_tile));
  out.begin_object();
  for (auto& [letter, count] : distribution()) {
    auto used = std::count(seen.begin(), seen.end(), letter);
    out.field(letter, std::max<int>(0, count - static_cast<int>(used)));
  }
  out.end_object();
}

}  // namespace

std::string view_json(const state& s, const viewer& who) {
  const seat* you = find_seat(s, who.caller);
  bool playing = s.status == "playing";
  bool you_play = you && is_player(s, you->index);
  json_writer out;
  out.begin_object().field("game", "wortkunst").field("status", s.status).key("settings")
      .begin_object().field("pass_rounds", s.config.pass_rounds).end_object().key("seats");
  write_seats(out, s, who);
  out.key("you");
  if (you) out.value(you->index); else out.null();
  out.key("rack");
  if (you_play) write_strings(out, you->rack); else out.null();
  out.key("board");
  write_strings(out, s.tiles_on_board.rows());
  out.key("blanks");
  write_strings(out, s.tiles_on_board.blank_squares());
  out.field("bag_count", static_cast<int>(s.bag.size())).key("turn");
  if (playing) out.value(s.turn); else out.null();
  out.field("your_turn", playing && you && you->index == s.turn && !s.pending)
      .field("can_exchange", s.bag.size() >= static_cast<size_t>(rack_size))
      .key("waiting_for_offline");
  const seat* to_move = playing ? &s.seats.at(static_cast<size_t>(s.turn)) : nullptr;
  if (to_move && who.online && !s.pending && !online(who, *to_move)) out.value(to_move->name);
  else out.null();
  out.key("pending");
  if (s.pending) write_pending(out, *s.pending, you_play && playing); else out.null();
  out.key("moves");
  write_moves(out, s, you, who.admin);
  out.field("passes", s.passes).field("passes_to_end", passes_to_end(s)).key("pass_ends_game");
  write_pass_warning(out, s);
  out.key("unseen");
  write_unseen(out, s, you_play ? you : nullptr);
  out.key("result");
  if (s.result) write_result(out, s, *s.result); else out.null();
  if (who.admin) {
    out.key("racks").begin_object();
    for (auto& each : s.seats) {
      out.key(std::to_string(each.index));
      write_strings(out, each.rack);
    }
    out.end_object();
  }
  out.end_object();
  return out.take();
}

std::string visible_event_json(const state& after, const event& e, const viewer& who) {
  const seat* you = find_seat(after, who.caller);
  auto own = [&](int seat) { return who.admin || (you && you->index == seat); };
  json_writer out;
  out.begin_object();
  std::visit(
      [&](const auto& ev) {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, game_created>) {
          out.field("type", "wk.game_created")
              .field("player_count", static_cast<int>(ev.digests.size())).key("settings")
              .begin_object().field("pass_rounds", ev.config.pass_rounds).end_object();
        } else if constexpr (std::is_same_v<T, seat_joined>) {
          out.field("type", "wk.seat_joined").field("seat", ev.seat).field("name", ev.name);
        } else if constexpr (std::is_same_v<T, game_started>) {
          out.field("type", "wk.started").key("players");
          write_ints(out, ev.players);
          out.field("turn", ev.players.empty() ? 0 : ev.players.front());
        } else if constexpr (std::is_same_v<T, move_placed>) {
          out.field("type", "wk.move_placed").field("move", ev.move).field("seat", ev.seat)
              .key("tiles");
          write_tiles(out, ev.tiles);
          out.key("words");
          write_words(out, ev.words);
          if (own(ev.seat)) {
            out.key("drawn");
            write_strings(out, ev.drawn);
          }
        } else if constexpr (std::is_same_v<T, move_rated>) {
          out.field("type", "wk.move_rated").field("move", ev.move).field("seat", ev.seat)
              .field("judge", ev.judge).key("evaluations");
          write_evaluations(out, ev.evaluations);
          out.field("score", ev.score);
        } else if constexpr (std::is_same_v<T, rating_failed>) {
          out.field("type", "wk.rating_failed").field("move", ev.move)
              .field("attempt", ev.attempt).field("code", ev.code).field("message", ev.message);
        } else if constexpr (std::is_same_v<T, rating_retried>) {
          out.field("type", "wk.rating_retried").field("move", ev.move)
              .field("attempt", ev.attempt);
        } else if constexpr (std::is_same_v<T, tiles_exchanged>) {
          out.field("type", "wk.tiles_exchanged").field("move", ev.move).field("seat", ev.seat)
              .field("count", static_cast<int>(ev.letters.size()));
          if (own(ev.seat)) {
            out.key("letters");
            write_strings(out, ev.letters);
            out.key("drawn");
            write_strings(out, ev.drawn);
          }
        } else if constexpr (std::is_same_v<T, passed>) {
          out.field("type", "wk.passed").field("move", ev.move).field("seat", ev.seat);
        } else {
          out.field("type", "wk.game_ended").field("reason", ev.outcome.reason)
              .key("results").begin_array();
          for (auto& row : ev.outcome.results) {
            out.begin_object().field("seat", row.seat).key("rack");
            write_strings(out, row.rack);
            out.field("penalty", row.penalty).field("score", row.score).end_object();
          }
          out.end_array().key("winners");
          write_ints(out, ev.outcome.winners);
        }
      },
      e);
  out.end_object();
  return out.take();
}

}  // namespace wordhall::wortkunst
