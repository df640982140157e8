// Codenames with the AI as spymaster (docs/codenames.md "The game" is the contract of commands,
// events, views and error codes). Browser players guess; the spymaster of each team is a model
// reached through the platform's effects.
//
//   - `create` deals 25 cards from the deck with the decision's seed (cards and roles are written
//     into the event) and seats the creator (seat 0, the host). Two teams ("two_teams"): 9 cards
//     for the team that starts (red or blue, by the seed), 8 for the other, 7 civilians,
//     1 assassin. One team ("one_team", the Codenames AI competition): red plays 8 cards against
//     blue's 7, with 9 civilians and 1 assassin; blue never plays.
//   - Others join with the invite link's secret, choosing a team; the host starts once every
//     playing team has a player. Late joiners may still join while the game runs.
//   - Each turn opens with a clue from the team's spymaster: the state lists an effect
//     (service "codenames.clue") whose answer becomes `cn.clue_given` or `cn.clue_failed`; a
//     failed clue waits until a player sends `retry_clue`.
//   - Players of the team to move propose a card; a teammate confirms it (a player alone on
//     the team, or whose teammates are all offline, confirms their own), which reveals it.
//     Up to number + 1 guesses; a card not the team's ends the turn; `end_turn` after one guess.
//   - The assassin loses at once. The first team with all its cards revealed wins (revealing the
//     other team's last card wins for them). One team: revealing the 7th enemy card loses.
//   - After the end any player's `rematch` deals a new board with a fresh seed and starts the
//     next game of the same match at once: same seats, teams and links, nothing new to share.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "events/game.hpp"

namespace wordhall::codenames_game {

inline constexpr int board_size = 25;
inline constexpr int max_seats = 16;
inline constexpr const char* red = "red";
inline constexpr const char* blue = "blue";
inline constexpr const char* civilian = "civilian";
inline constexpr const char* assassin = "assassin";
inline constexpr const char* one_team = "one_team";
inline constexpr const char* two_teams = "two_teams";
inline constexpr const char* clue_service = "codenames.clue";

struct card {
  std::string word;
  std::string role;  // red | blue | civilian | assassin
  bool revealed = false;
  int revealed_turn = 0;  // the turn that revealed it, 0 while covered
};

struct seat {
  int index = 0;
  std::string digest;  // SHA-256 of the seat's secret token
  std::string name;
  std::string team;    // red | blue
};

// One turn's clue and what came of it.
struct clue_record {
  int turn = 0;
  std::string team;
  std::string word;
  int number = 0;
  std::vector<std::string> targets;  // the spymaster's intended cards: admin, and all at the end
  std::string spymaster;             // learned | setnet | baseline
  std::vector<int> guesses;          // cards revealed this turn, in order
  std::string ended;                 // "" while running; miss | guesses_used | ended | game_over
};

// The spymaster's clue for the current turn while it has not come.
struct clue_request {
  int attempt = 1;
  bool failed = false;
  std::string error_code, error_message;  // of the last failure
};

struct proposal {
  int card = 0;
  int seat = 0;
};

struct game_result {
  std::string winner;  // red | blue (one team: blue winning is the team's loss)
  std::string reason;  // all_found | assassin | enemy_found
};

struct state {
  std::string status = "new";  // new | lobby | playing | ended
  std::string mode;            // one_team | two_teams
  int game_number = 1;         // games dealt in this match: 1, then one more per rematch
  uint64_t seed = 0;
  std::string first_team;
  std::vector<card> cards;
  std::string invite_digest, spectator_digest;
  std::vector<seat> seats;
  int turn = 0;        // turns begun, from 1 at the start
  std::string team;    // the team to move
  bool guessing = false;  // false: waiting for the clue
  clue_request request;
  int guesses_left = 0;
  std::optional<proposal> proposed;
  std::vector<clue_record> history;
  std::optional<game_result> result;
};

struct match_created {
  std::string mode;
  uint64_t seed = 0;
  std::string first_team;
  std::vector<card> cards;  // covered
  std::string invite_digest, spectator_digest;
};
struct seat_joined { int seat = 0; std::string digest, name, team; };
struct seat_changed { int seat = 0; std::string name, team; };
struct game_started {};
struct clue_given {
  int turn = 0;
  std::string team, clue;
  int number = 0;
  std::vector<std::string> targets;
  std::string spymaster;
};
struct clue_failed { int turn = 0, attempt = 0; std::string code, message; };
struct clue_retried { int turn = 0, attempt = 0; };
struct guess_proposed { int turn = 0, seat = 0, card = 0; };
struct card_revealed { int turn = 0, seat = 0, card = 0; std::string role; };
struct turn_ended { int turn = 0; std::string team, reason; };
struct game_ended { game_result outcome; };
// The next game of an ended match: a new deal (as in match_created), started at once.
struct rematch_dealt {
  int game_number = 0;
  uint64_t seed = 0;
  std::string first_team;
  std::vector<card> cards;  // covered
};

using event = std::variant<match_created, seat_joined, seat_changed, game_started, clue_given,
                           clue_failed, clue_retried, guess_proposed, card_revealed, turn_ended,
                           game_ended, rematch_dealt>;

struct outcome {
  std::vector<event> events;
  std::string reply = "{}";
};

// `deck` is what `create` deals from (at least 25 distinct entries).
result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx,
                       const std::vector<std::string>& deck);
state evolve(state s, const event& e);
state after(const state& s, const std::vector<event>& events);

// Helpers shared by decide, the views and the adapter.
const seat* find_seat(const state& s, const std::string& digest);
std::string other_team(const std::string& team);
// The teams whose players guess: red alone, or red and blue.
std::vector<std::string> playing_teams(const state& s);
// Unrevealed cards of `role`.
int remaining(const state& s, const std::string& role);
// Whether `caller` may confirm their own proposal: nobody else on the team could, because the
// team has no other player or none of them is connected. Without presence (`online` null) every
// teammate counts as connected.
bool confirms_own(const state& s, const seat& caller, const std::vector<std::string>* online);
// "clue:<turn>:<attempt>" in a match's first game, "clue:g<game>:<turn>:<attempt>" after a rematch.
std::string effect_key(const state& s);

}  // namespace wordhall::codenames_game
