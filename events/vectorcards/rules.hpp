// Vector cards: rounds of simultaneous word arithmetic (seed 000; docs/vectorcards.md is the
// contract of commands, events and views).
//
// Every round all players share a start word, a target word and `n_public` public cards; each is
// dealt `m_private` private cards (a card is a joker with probability `wildcard_ratio`). A move
// is one public and one private card, each added or subtracted:
//     v* = v̂(start) + s₁·v̂(public) + s₂·v̂(private), score = cos(v*, v̂(target)).
// The round resolves when every dealt player has moved, when its deadline passes, or when the
// host ends it; a player without a move scores cos(start, target) and no points. Moves' ranks
// give points (n − rank + 1, ties share the better rank); with stakes, 1 − |prediction − score| is added.
// A move is scored at once (a dot product); its nearest word and the target's rank, a pass over
// the whole deck, are searched beside the play: while a round runs, the moves not yet searched
// go as one effect (`presearch_service`; one at a time per match, so moves that come while it
// runs make the next batch, and at least a tenth of the seats' worth in a big match) whose
// outcome, `vc.moves_searched`, fills them in. When the round
// closes, its own search (resolution.hpp) takes the moves still left, usually the last one or
// two, so the results wait for a pass over one move rather than fifty. A submit may ask for its
// move's at once (`nearest_now`: REST's answer).
// When the last move or the deadline ends a round, the round first closes (`vc.round_closed`:
// no more moves) and its search runs as an effect (`search_service`) off the path of other
// commands; its outcome resolves the round. A command that answers with the results (REST's
// submit with nearest_now, the host's resolve) resolves in its own decision instead, and so does
// any round while the vectors are not loaded (results without nearest words).
//
// `decide` is pure: time, the random seed and fresh player ids come in `decision_context`, the
// word arithmetic from `word_space`, and everything it used is written into the events.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "events/game.hpp"
#include "events/vectorcards/word_space.hpp"

namespace wordhall::vectorcards {

struct settings {
  int rounds = 5;
  int n_public = 10;
  int m_private = 2;
  double wildcard_ratio = 0.02;
  int round_timeout_secs = 60;
  std::string nearest_vocab = "deck";  // "deck" | "full"
  std::vector<std::string> exclude_tokens_from_nearest = {"start", "target", "cards"};
  bool stake = false;
  bool guarantee_improvement = true;
  std::string theme;     // "" draws start and target from the deck
  int max_players = 100;
  int card_pool = 10000; // cards come from the deck's most common `card_pool` words (0: all)
  std::string daily;     // "YYYY-MM-DD": that date's daily round for one (after_round.hpp)
  // How rounds are dealt (dealing.hpp): "curated" deals cards in roles from the curated word
  // lists, "classic" draws them at random from the deck.
  std::string dealing = "curated";
  double pair_band_low = 0.10;   // curated: cos(start, target) lies in [low, high]
  double pair_band_high = 0.35;
  double explain_min = 0.30;     // curated: par adds words this close to the target and
                                 // subtracts words this close to the start
};

struct card {
  std::string token;  // "JOKER" for a joker
  bool joker = false;
};

struct scored_move {
  std::string public_token, public_sign;    // sign: "+" or "-"
  std::string private_token, private_sign;  // for a joker, the word the player typed
  double similarity = 0.0;
};

struct move {
  scored_move played;
  bool joker = false;
  // The nearest word and the target's rank: found by a presearch while the round runs, when it
  // resolves, or at the submit when it asked (and always in journals written before searches
  // moved off the submit: v1 events).
  std::optional<neighbourhood> around;
  std::optional<int> stake;  // 0..100
};

struct player {
  std::string id;      // public seat: "p1", "p2", ...
  std::string name;
  std::string digest;  // SHA-256 of the secret player_id
  bool host = false;
  int64_t points = 0;
  double stake_total = 0.0;
};

struct deal {
  int round = 0;
  uint64_t seed = 0;
  std::string start, target;
  double base_similarity = 0.0;
  std::vector<std::string> public_cards;
  std::map<std::string, std::vector<card>> hands;             // by player id
  std::map<std::string, std::optional<scored_move>> par;      // by player id
  int64_t deadline_ms = 0;
};

struct result_row {
  std::string player;
  double similarity = 0.0;
  bool submitted = false;
  int rank = 0;
  int points = 0;
  std::optional<double> stake_reward;
};

struct point2 {
  double x = 0.0, y = 0.0;
};

struct projection {
  point2 start, target;
  std::map<std::string, point2> players;
};

// Each played word's part of a move's score, s·(v̂·t̂)/‖v*‖ for the start word (s = +1), the
// public card and the private card (or joker word): the three add up to cos(v*, t̂).
struct move_shares {
  double start = 0.0, public_card = 0.0, private_card = 0.0;
};

struct resolution {
  std::string reason;  // all_submitted | deadline | host
  std::vector<result_row> results;  // best first
  projection picture;
  // By player who moved, when the resolution's search had the vectors (empty in journals
  // written before shares were recorded).
  std::map<std::string, move_shares> shares;
};

// A round's deal never changes once dealt, nor its resolution once resolved: both are shared
// between copies of the state, so the copy a match decides its next commands against (one per
// batch of commands) costs the moves, not fifty hands.
struct round_state {
  std::shared_ptr<const deal> dealt;
  std::map<std::string, move> moves;  // by player id
  // Why the round took its last move (all_submitted | deadline), while its search runs as an
  // effect (search_service); empty otherwise.
  std::string closing;
  std::shared_ptr<const resolution> resolved;
};

struct standing {
  std::string player;
  double score = 0.0;
  int rank = 0;
};

struct state {
  std::string status = "new";  // new | lobby | in_progress | done
  std::string name;
  settings config;
  std::vector<player> players;
  std::vector<round_state> rounds;  // back() is the current round
  std::vector<standing> final_standings;
  std::string rematch;  // the match its players moved on to (vc.rematch_offered), if any
};

struct match_created { std::string name; settings config; };
struct player_joined { player joined; };
struct round_started { deal dealt; };
struct move_submitted { int round = 0; std::string player; move made; };
struct round_closed { int round = 0; std::string reason; };
// Nearest words and target ranks found for moves while their round runs (a presearch).
struct moves_searched {
  int round = 0;
  std::map<std::string, neighbourhood> neighbours;  // by player
};
struct round_resolved {
  int round = 0;
  resolution outcome;
  std::map<std::string, neighbourhood> neighbours;  // by player: the moves searched at resolution
};
struct match_finished { std::vector<standing> standings; };
struct rematch_offered { std::string match; };

using event = std::variant<match_created, player_joined, round_started, move_submitted,
                           round_closed, moves_searched, round_resolved, match_finished,
                           rematch_offered>;

// What decide may consult besides the state and the command.
struct environment {
  std::shared_ptr<const word_space> words;  // null while the vectors load
  const std::vector<theme>* themes = nullptr;
};

struct outcome {
  std::vector<event> events;
  std::string reply = "{}";
};

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx,
                       const environment& env);
// While the current round runs, a search of its moves not yet searched (presearch_service; the
// key names the round and how many of its moves are searched, so it stays the same while that
// search runs); while it closes, its own search (search_service).
std::vector<effect_request> pending_effects(const state& s);
state evolve(state s, const event& e);

const player* find_by_digest(const state& s, const std::string& digest);
const player* find_by_id(const state& s, const std::string& id);
// Every player's match score: round points plus stake rewards.
double match_score(const player& p);
std::vector<standing> standings(const state& s);

}  // namespace wordhall::vectorcards
