// Tic-tac-toe, a series of rounds between two players: the platform's test game.
//
// It exists to prove the platform (event sourcing, timers, secrets, replay) on rules small enough
// to check by hand. Rules it enforces:
//   - `create {name, rounds?=3 (1..10000), turnSecs?=30}` opens a match; the creator plays x.
//   - `join {name}` by a second credential fills the match and starts round 1 (x moves first;
//     the first mover alternates by round).
//   - `place {cell: 0..8}` by the player to move, on an empty cell, before the turn's deadline.
//     Three in a row wins the round; a full board draws it.
//   - `deadline` (issued by the platform only) once the turn's deadline has passed: the player to
//     move loses the round.
//   - After `rounds` rounds the match is finished; the player with more round wins wins it.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "events/game.hpp"

namespace wordhall::tictactoe {

struct player {
  std::string id;  // digest of the player's credential
  std::string name;
  char mark = 'x';
};

struct round_result {
  int round = 0;
  char winner = 'd';  // 'x', 'o' or 'd' (draw)
};

struct state {
  std::string status = "new";  // new | lobby | playing | finished
  std::vector<player> players;
  std::string board = ".........";
  char turn = 'x';
  int round = 0;
  int rounds = 3;
  int turn_secs = 30;
  int64_t deadline_ms = 0;
  std::vector<round_result> results;
  std::string winner;  // "", "x", "o" or "draw"
};

struct match_created { std::string host, name; int rounds = 3, turn_secs = 30; };
struct player_joined { std::string player, name; };
struct round_started { int round = 1; char first = 'x'; int64_t deadline_ms = 0; };
struct mark_placed { int cell = 0; char mark = 'x'; int64_t next_deadline_ms = 0; };
struct turn_timed_out { char mark = 'x'; };
struct round_finished { int round = 0; char winner = 'd'; };
struct match_finished { std::string winner; };

using event = std::variant<match_created, player_joined, round_started, mark_placed,
                           turn_timed_out, round_finished, match_finished>;

struct outcome {
  std::vector<event> events;
  std::string reply = "{}";
};

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx);
state evolve(state s, const event& e);

const player* find_player(const state& s, const std::string& id);

}  // namespace wordhall::tictactoe
