// Wortkunst (seed 001; docs/wortkunst.md is the contract of commands, events and views): a
// German word game on a 15×15 board whose moves an LLM judge rates instead of letter values.
//
//   - `create` makes 1–4 seats with one secret each; seat 0 hosts. Seats `join` in the lobby; the
//     host `start`s: seats not joined are locked for good, the rest play in seat order, each
//     dealt 7 tiles from a bag shuffled by the decision's seed (the order is in the event).
//   - On their turn a player places tiles (placement.hpp), exchanges (bag ≥ 7) or passes.
//     A placement goes on the board and refills the rack at once, then waits for its rating:
//     the state lists an effect for the judge, whose answer (`effect_result`, from the platform)
//     becomes `wk.move_rated` (the turn passes) or `wk.rating_failed` (any player may retry).
//   - The game ends when a rated mover's rack and the bag are empty, or after
//     `pass_rounds × players` consecutive passes; every tile left costs 100 points.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "events/game.hpp"
#include "events/wortkunst/board.hpp"
#include "events/wortkunst/placement.hpp"

namespace wordhall::wortkunst {

inline constexpr int penalty_per_tile = 100;

struct settings {
  int pass_rounds = 1;  // 1..10
};

struct seat {
  int index = 0;
  std::string digest;  // SHA-256 of the seat's secret token
  std::string name;    // "Spieler N" until the seat names itself
  bool joined = false;
  bool locked = false;  // not joined when the game started
  int64_t score = 0;
  std::vector<std::string> rack;  // blanks as "?"
};

struct evaluation {
  std::string word;
  int score = 0;
  std::string explanation;
};

// A placed move waiting for its rating.
struct pending_move {
  int move = 0;
  int seat = 0;
  std::vector<placed_tile> tiles;
  std::vector<formed_word> words;
  int attempt = 1;
  bool failed = false;
  std::string error_code, error_message;  // of the last failure
};

// A finished move, for the history.
struct move_record {
  int move = 0;
  int seat = 0;
  std::string kind;                  // place | exchange | pass
  std::vector<placed_tile> tiles;    // place: the tiles placed
  std::vector<std::string> letters;  // exchange: the tiles returned ("?" for a blank)
  std::vector<formed_word> words;
  std::vector<evaluation> evaluations;
  int64_t score = 0;
  std::string judge;
};

struct final_row {
  int seat = 0;
  std::vector<std::string> rack;
  int64_t penalty = 0;
  int64_t score = 0;  // after the penalty
};

struct final_result {
  std::string reason;  // rack_empty | passes
  std::vector<final_row> results;
  std::vector<int> winners;
};

struct state {
  std::string status = "new";  // new | lobby | playing | ended
  settings config;
  std::vector<seat> seats;
  std::vector<int> players;  // seat indices, in turn order
  board tiles_on_board;
  std::vector<std::string> bag;  // drawn from the front
  int turn = 0;                  // seat to move
  int moves = 0;                 // moves begun so far (numbers count from 1)
  int passes = 0;                // consecutive passes
  std::optional<pending_move> pending;
  std::vector<move_record> history;
  std::optional<final_result> result;
};

struct game_created { settings config; std::vector<std::string> digests; };
struct seat_joined { int seat = 0; std::string name; };
struct game_started { uint64_t seed = 0; std::vector<int> players; std::vector<std::string> bag; };
struct move_placed {
  int move = 0, seat = 0;
  std::vector<placed_tile> tiles;
  std::vector<formed_word> words;
  std::vector<std::string> drawn;
};
struct move_rated {
  int move = 0, seat = 0;
  std::string judge;
  std::vector<evaluation> evaluations;
  int64_t score = 0;
};
struct rating_failed { int move = 0, attempt = 0; std::string code, message; };
struct rating_retried { int move = 0, attempt = 0; };
struct tiles_exchanged {
  int move = 0, seat = 0;
  std::vector<std::string> letters, drawn, bag;
};
struct passed { int move = 0, seat = 0; };
struct game_ended { final_result outcome; };

using event = std::variant<game_created, seat_joined, game_started, move_placed, move_rated,
                           rating_failed, rating_retried, tiles_exchanged, passed, game_ended>;

struct outcome {
  std::vector<event> events;
  std::string reply = "{}";
};

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx);
state evolve(state s, const event& e);

// Helpers shared by decide, the view and the adapter.
const seat* find_seat(const state& s, const std::string& digest);
bool is_player(const state& s, int seat_index);
int next_player(const state& s, int seat_index);
int passes_to_end(const state& s);
std::string effect_key(const pending_move& p);  // "rate:<move>:<attempt>"

}  // namespace wordhall::wortkunst
