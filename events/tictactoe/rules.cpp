#include "events/tictactoe/rules.hpp"

#include <algorithm>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/player_name.hpp"

namespace wordhall::tictactoe {
namespace {

constexpr int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                             {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

char line_winner(const std::string& board) {
  for (auto& l : lines) {
    char c = board[l[0]];
    if (c != '.' && c == board[l[1]] && c == board[l[2]]) return c;
  }
  return board.find('.') == std::string::npos ? 'd' : 0;
}

char other(char mark) { return mark == 'x' ? 'o' : 'x'; }

std::string token_reply(const fresh_secret& secret, char mark) {
  json_writer out;
  out.begin_object().field("token", secret.secret).field("mark", std::string(1, mark)).end_object();
  return out.take();
}

result<std::string> name_of(const command& cmd) {
  auto name = get_string(cmd.body, "name");
  if (!name) return name.err();
  return player_name(*name, 40);
}

// Appends `e` to `out` and folds it into `s`, so later events of the decision see it.
void emit(outcome& out, state& s, event e) {
  s = evolve(std::move(s), e);
  out.events.push_back(std::move(e));
}

// After a round's last event: finish the round and start the next or end the match.
void close_round(outcome& out, state& s, char winner, int64_t now_ms) {
  emit(out, s, round_finished{s.round, winner});
  if (s.round < s.rounds) {
    char first = s.round % 2 == 0 ? 'x' : 'o';
    emit(out, s, round_started{s.round + 1, first, now_ms + s.turn_secs * 1000LL});
    return;
  }
  int x = 0, o = 0;
  for (auto& r : s.results) {
    x += r.winner == 'x';
    o += r.winner == 'o';
  }
  emit(out, s, match_finished{x > o ? "x" : o > x ? "o" : "draw"});
}

result<outcome> decide_create(const state& s, const command& cmd, const decision_context& ctx) {
  if (s.status != "new") return make_error("match_exists", "this match was already created");
  auto name = name_of(cmd);
  if (!name) return name.err();
  int rounds = 3, turn_secs = 30;
  if (auto r = find_field(cmd.body, "rounds")) {
    int64_t v;
    if (r->get(v) || v < 1 || v > 10000)
      return make_error("bad_field", "\"rounds\" must be 1..10000");
    rounds = static_cast<int>(v);
  }
  if (auto t = find_field(cmd.body, "turnSecs")) {
    int64_t v;
    if (t->get(v) || v < 1 || v > 3600)
      return make_error("bad_field", "\"turnSecs\" must be 1..3600");
    turn_secs = static_cast<int>(v);
  }
  if (ctx.fresh_secrets.empty()) return make_error("internal", "no credential to hand out");
  outcome out;
  out.events.push_back(match_created{ctx.fresh_secrets[0].digest, *name, rounds, turn_secs});
  out.reply = token_reply(ctx.fresh_secrets[0], 'x');
  return out;
}

result<outcome> decide_join(const state& s, const command& cmd, const decision_context& ctx) {
  if (s.status != "lobby") return make_error("match_full", "this match takes no more players");
  if (!ctx.caller.empty() && find_player(s, ctx.caller))
    return make_error("already_joined", "you are already in this match");
  auto name = name_of(cmd);
  if (!name) return name.err();
  if (ctx.fresh_secrets.empty()) return make_error("internal", "no credential to hand out");
  outcome out;
  state next = s;
  emit(out, next, player_joined{ctx.fresh_secrets[0].digest, *name});
  emit(out, next, round_started{1, 'x', ctx.now_ms + next.turn_secs * 1000LL});
  out.reply = token_reply(ctx.fresh_secrets[0], 'o');
  return out;
}

result<outcome> decide_place(const state& s, const command& cmd, const decision_context& ctx) {
  if (s.status != "playing") return make_error("not_playing", "no round is being played");
  const player* p = find_player(s, ctx.caller);
  if (!p) return make_error("not_a_player", "you are not a player of this match");
  if (p->mark != s.turn) return make_error("not_your_turn", "it is not your turn");
  auto cell = get_int(cmd.body, "cell");
  if (!cell) return cell.err();
  if (*cell < 0 || *cell > 8) return make_error("bad_cell", "\"cell\" must be 0..8");
  if (s.board[*cell] != '.') return make_error("cell_taken", "that cell is taken");
  outcome out;
  state next = s;
  emit(out, next, mark_placed{static_cast<int>(*cell), p->mark, ctx.now_ms + s.turn_secs * 1000LL});
  if (char w = line_winner(next.board)) close_round(out, next, w, ctx.now_ms);
  return out;
}

result<outcome> decide_deadline(const state& s, const decision_context& ctx) {
  if (!ctx.from_platform) return make_error("unknown_command", "deadline is the server's own");
  if (s.status != "playing" || ctx.now_ms < s.deadline_ms)
    return make_error("deadline_not_reached", "no deadline has passed");
  outcome out;
  state next = s;
  emit(out, next, turn_timed_out{s.turn});
  close_round(out, next, other(s.turn), ctx.now_ms);
  return out;
}

}  // namespace

const player* find_player(const state& s, const std::string& id) {
  auto it = std::find_if(s.players.begin(), s.players.end(),
                         [&](const player& p) { return p.id == id; });
  return it == s.players.end() ? nullptr : &*it;
}

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx) {
  if (s.status == "finished") return make_error("match_finished", "this match is over");
  if (cmd.type == "create") return decide_create(s, cmd, ctx);
  if (s.status == "new") return make_error("no_such_match", "this match does not exist");
  if (cmd.type == "join") return decide_join(s, cmd, ctx);
  if (cmd.type == "place") return decide_place(s, cmd, ctx);
  if (cmd.type == "deadline") return decide_deadline(s, ctx);
  return make_error("unknown_command", "tictactoe has no command \"" + cmd.type + "\"");
}

state evolve(state s, const event& e) {
  std::visit(
      [&](const auto& ev) {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, match_created>) {
          s.status = "lobby";
          s.players.push_back({ev.host, ev.name, 'x'});
          s.rounds = ev.rounds;
          s.turn_secs = ev.turn_secs;
        } else if constexpr (std::is_same_v<T, player_joined>) {
          s.players.push_back({ev.player, ev.name, 'o'});
        } else if constexpr (std::is_same_v<T, round_started>) {
          s.status = "playing";
          s.round = ev.round;
          s.board = ".........";
          s.turn = ev.first;
          s.deadline_ms = ev.deadline_ms;
        } else if constexpr (std::is_same_v<T, mark_placed>) {
          s.board[ev.cell] = ev.mark;
          s.turn = other(ev.mark);
          s.deadline_ms = ev.next_deadline_ms;
        } else if constexpr (std::is_same_v<T, turn_timed_out>) {
          s.deadline_ms = 0;
        } else if constexpr (std::is_same_v<T, round_finished>) {
          s.results.push_back({ev.round, ev.winner});
          s.deadline_ms = 0;
        } else if constexpr (std::is_same_v<T, match_finished>) {
          s.status = "finished";
          s.winner = ev.winner;
        }
      },
      e);
  return s;
}

}  // namespace wordhall::tictactoe
