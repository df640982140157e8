#include "events/codenames/view.hpp"

#include <algorithm>

#include "events/codenames/codec_parts.hpp"
#include "events/json_writer.hpp"

namespace wordhall::codenames_game {
namespace {

enum class access { none, invite, spectator, player, admin };

access access_of(const state& s, const viewer& who, const seat** you) {
  *you = find_seat(s, who.caller);
  if (who.admin) return access::admin;
  if (*you) return access::player;
  if (who.caller.empty()) return access::none;
  if (who.caller == s.spectator_digest) return access::spectator;
  if (who.caller == s.invite_digest) return access::invite;
  return access::none;
}

const char* access_name(access a) {
  switch (a) {
    case access::admin: return "admin";
    case access::player: return "player";
    case access::spectator: return "spectator";
    case access::invite: return "invite";
    default: return "none";
  }
}

bool online(const viewer& who, const seat& s) {
  return who.online &&
         std::find(who.online->begin(), who.online->end(), s.digest) != who.online->end();
}

std::string phase_of(const state& s) {
  if (s.status == "playing") return s.guessing ? "guessing" : "clue";
  return s.status;
}

void write_seats(json_writer& out, const state& s, const viewer& who) {
  out.begin_array();
  for (auto& each : s.seats)
    out.begin_object().field("seat", each.index).field("name", each.name)
        .field("team", each.team).field("host", each.index == 0)
        .field("online", online(who, each)).end_object();
  out.end_array();
}

void write_board(json_writer& out, const state& s, bool key) {
  out.begin_array();
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const card& c = s.cards[i];
    out.begin_object().field("index", static_cast<int>(i)).field("word", c.word)
        .field("revealed", c.revealed).key("role");
    if (c.revealed || key) out.value(c.role); else out.null();
    out.field("turn", c.revealed_turn).end_object();
  }
  out.end_array();
}

void write_history(json_writer& out, const state& s, bool targets) {
  out.begin_array();
  for (auto& r : s.history) {
    out.begin_object().field("turn", r.turn).field("team", r.team).field("clue", r.word)
        .field("number", r.number).field("spymaster", r.spymaster).key("guesses").begin_array();
    for (int g : r.guesses) {
      const card& c = s.cards.at(static_cast<size_t>(g));
      out.begin_object().field("card", g).field("word", c.word).field("role", c.role).end_object();
    }
    out.end_array().field("ended", r.ended);
    if (targets) {
      out.key("targets");
      write_strings(out, r.targets);
    }
    out.end_object();
  }
  out.end_array();
}

void write_clue(json_writer& out, const state& s) {
  if (!s.guessing || s.history.empty()) {
    out.null();
    return;
  }
  const clue_record& r = s.history.back();
  out.begin_object().field("turn", r.turn).field("team", r.team).field("word", r.word)
      .field("number", r.number).field("guesses_made", static_cast<int>(r.guesses.size()))
      .field("guesses_left", s.guesses_left).end_object();
}

void write_spymaster(json_writer& out, const state& s, bool may_retry) {
  if (s.status != "playing" || s.guessing) {
    out.null();
    return;
  }
  out.begin_object().field("team", s.team)
      .field("status", s.request.failed ? "failed" : "thinking")
      .field("attempt", s.request.attempt).key("error");
  if (s.request.failed)
    out.begin_object().field("code", s.request.error_code)
        .field("message", s.request.error_message).end_object();
  else
    out.null();
  out.field("can_retry", s.request.failed && may_retry).end_object();
}

void write_proposal(json_writer& out, const state& s, bool visible) {
  if (!s.proposed || !visible) {
    out.null();
    return;
  }
  const seat& by = s.seats.at(static_cast<size_t>(s.proposed->seat));
  out.begin_object().field("card", s.proposed->card)
      .field("word", s.cards.at(static_cast<size_t>(s.proposed->card)).word)
      .field("seat", by.index).field("name", by.name).end_object();
}

// The team whose reveal ended the game and that card's word; none in a state without guesses.
const clue_record* final_turn(const state& s) {
  if (s.history.empty() || s.history.back().guesses.empty()) return nullptr;
  return &s.history.back();
}

// Why the game ended, finer than the event's reason: "all_found" (the winners revealed their
// last card), "other_revealed_last" (the losers revealed it), "assassin", "enemy_found".
std::string why_ended(const state& s, const clue_record* last) {
  if (s.result->reason != "all_found") return s.result->reason;
  return last && last->team != s.result->winner ? "other_revealed_last" : "all_found";
}

void write_result(json_writer& out, const state& s, const seat* you) {
  if (!s.result) {
    out.null();
    return;
  }
  const clue_record* last = final_turn(s);
  out.begin_object().field("winner", s.result->winner).field("reason", s.result->reason)
      .field("why", why_ended(s, last)).key("won");
  if (you) out.value(you->team == s.result->winner); else out.null();
  out.key("by");
  if (last) out.value(last->team); else out.null();
  out.key("last_card");
  if (last) out.value(s.cards.at(static_cast<size_t>(last->guesses.back())).word); else out.null();
  out.end_object();
}

}  // namespace

std::string view_json(const state& s, const viewer& who) {
  const seat* you = nullptr;
  access a = access_of(s, who, &you);
  json_writer out;
  out.begin_object().field("game", "codenames").field("status", s.status)
      .field("access", access_name(a));
  if (a == access::none || s.status == "new") {
    out.end_object();
    return out.take();
  }
  bool ended = s.status == "ended", playing = s.status == "playing";
  bool admin = a == access::admin;
  bool to_move = playing && you && you->team == s.team;
  bool guessing = to_move && s.guessing;
  out.field("mode", s.mode).field("game_number", s.game_number)
      .field("first_team", s.first_team).key("you");
  if (you)
    out.begin_object().field("seat", you->index).field("name", you->name)
        .field("team", you->team).field("host", you->index == 0).end_object();
  else
    out.null();
  out.key("seats");
  write_seats(out, s, who);
  out.field("turn", s.turn).key("team");
  if (playing) out.value(s.team); else out.null();
  out.field("phase", phase_of(s)).key("cards");
  write_board(out, s, ended || admin);
  out.key("remaining").begin_object().field("red", remaining(s, red))
      .field("blue", remaining(s, blue)).end_object().key("clue");
  write_clue(out, s);
  out.key("spymaster");
  write_spymaster(out, s, you != nullptr);
  out.key("proposal");
  write_proposal(out, s, admin || (you && you->team == s.team));
  bool may_confirm = guessing && s.proposed &&
                     (s.proposed->seat != you->index || confirms_own(s, *you, who.online));
  bool guessed = !s.history.empty() && !s.history.back().guesses.empty();
  out.field("can_guess", guessing).field("can_confirm", may_confirm)
      .field("can_end_turn", guessing && guessed).key("history");
  write_history(out, s, ended || admin);
  out.key("result");
  write_result(out, s, you);
  out.end_object();
  return out.take();
}

std::optional<std::string> visible_event_json(const state& after, const event& e,
                                              const viewer& who) {
  const seat* you = nullptr;
  access a = access_of(after, who, &you);
  if (a == access::none) return std::nullopt;
  bool admin = a == access::admin;
  if (auto* p = std::get_if<guess_proposed>(&e)) {
    const seat& by = after.seats.at(static_cast<size_t>(p->seat));
    if (!admin && !(you && you->team == by.team)) return std::nullopt;
  }
  json_writer out;
  out.begin_object();
  std::visit(
      [&](const auto& ev) {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, match_created>) {
          out.field("type", "cn.match_created").field("mode", ev.mode)
              .field("first_team", ev.first_team);
        } else if constexpr (std::is_same_v<T, seat_joined>) {
          out.field("type", "cn.seat_joined").field("seat", ev.seat).field("name", ev.name)
              .field("team", ev.team);
        } else if constexpr (std::is_same_v<T, seat_changed>) {
          out.field("type", "cn.seat_changed").field("seat", ev.seat).field("name", ev.name)
              .field("team", ev.team);
        } else if constexpr (std::is_same_v<T, game_started>) {
          out.field("type", "cn.started");
        } else if constexpr (std::is_same_v<T, clue_given>) {
          out.field("type", "cn.clue_given").field("turn", ev.turn).field("team", ev.team)
              .field("clue", ev.clue).field("number", ev.number).field("spymaster", ev.spymaster);
          if (admin) {
            out.key("targets");
            write_strings(out, ev.targets);
          }
        } else if constexpr (std::is_same_v<T, clue_failed>) {
          out.field("type", "cn.clue_failed").field("turn", ev.turn).field("attempt", ev.attempt)
              .field("code", ev.code).field("message", ev.message);
        } else if constexpr (std::is_same_v<T, clue_retried>) {
          out.field("type", "cn.clue_retried").field("turn", ev.turn).field("attempt", ev.attempt);
        } else if constexpr (std::is_same_v<T, guess_proposed>) {
          out.field("type", "cn.guess_proposed").field("turn", ev.turn).field("seat", ev.seat)
              .field("card", ev.card);
        } else if constexpr (std::is_same_v<T, card_revealed>) {
          out.field("type", "cn.card_revealed").field("turn", ev.turn).field("seat", ev.seat)
              .field("card", ev.card)
              .field("word", after.cards.at(static_cast<size_t>(ev.card)).word)
              .field("role", ev.role);
        } else if constexpr (std::is_same_v<T, turn_ended>) {
          out.field("type", "cn.turn_ended").field("turn", ev.turn).field("team", ev.team)
              .field("reason", ev.reason);
        } else if constexpr (std::is_same_v<T, rematch_dealt>) {
          out.field("type", "cn.rematch_dealt").field("game_number", ev.game_number)
              .field("first_team", ev.first_team);
        } else {
          out.field("type", "cn.game_ended").field("winner", ev.outcome.winner)
              .field("reason", ev.outcome.reason);
        }
      },
      e);
  out.end_object();
  return out.take();
}

}  // namespace wordhall::codenames_game
