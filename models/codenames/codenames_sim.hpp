// codenames_sim: the simulation protocol of the Codenames AI competition, for one team.
//
// A game deals 25 distinct entries from the deck: 8 team, 7 enemy, 9 civilian cards and one
// assassin, roles shuffled independently of the deal so board order says nothing about roles.
// Only our team plays. Each turn the spymaster gives a clue for n cards; the guesser ranks the
// unrevealed cards against the clue and the top ones are revealed in order, up to n (n is kept
// within 1 .. unrevealed team cards), stopping after the first card that is not ours. Revealing
// the assassin loses at once; revealing the 7th enemy card loses; revealing the 8th team card
// wins. A game not won after 25 turns is lost, and a lost game counts as 25 turns.
//
// Games are deterministic: game i of a run with seed S is dealt from game_seed(S, i) with our
// own generator arithmetic (no std distributions), so a seed gives the same games on every
// platform and in any order. The rules never touch a clock or a global random source.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/embeddings.hpp"

namespace wordhall::codenames {

enum class card_role { team, enemy, civilian, assassin };

struct card {
  std::string entry;
  card_role role;
  bool revealed = false;
};

constexpr size_t board_size = 25;
constexpr size_t team_cards = 8;
constexpr size_t enemy_cards = 7;
constexpr size_t civilian_cards = 9;
constexpr size_t max_turns = 25;

uint64_t game_seed(uint64_t run_seed, size_t game);
// `deck` holds at least 25 distinct entries (else an empty board is returned).
std::vector<card> deal_board(const std::vector<std::string>& deck, uint64_t seed);
// What the spymaster sees of `cards` after the turns of `history` (their clues are the given ones).
board_view view_of(const std::vector<card>& cards, const std::vector<turn_seen>& history);

class guesser {
 public:
  virtual ~guesser() = default;
  // The unrevealed entries, most likely meant first; at least `clue.number` of them when there
  // are that many. Errors: `word_not_in_vocabulary` for a clue or entry it has no vector for.
  virtual result<std::vector<std::string>> rank(
      const clue& given, const std::vector<std::string>& unrevealed) const = 0;
};

// The competition's guesser: cards by cosine with the clue, highest first (ties: board order).
class vector_guesser final : public guesser {
 public:
  explicit vector_guesser(models::embeddings vectors) : vectors_(std::move(vectors)) {}
  result<std::vector<std::string>> rank(const clue& given,
                                        const std::vector<std::string>& unrevealed) const override;

 private:
  models::embeddings vectors_;
};

// One turn of a played game: the clue and the cards the guesser revealed for it, in order.
struct played_turn {
  clue given;
  std::vector<std::string> picks;
};

struct game_record {
  bool won = false;
  bool assassin = false;     // lost by revealing the assassin
  size_t turns = 0;          // clues given; max_turns for a lost game
  size_t clues = 0;          // clues actually given
  size_t team_revealed = 0;  // our cards the guesser found
  // Per clue number (index n - 1; clues for 4 or more cards at index 3): the clues given, and of
  // those the ones whose first revealed card was ours: where a guesser goes wrong shows here, as
  // a first pick that is not ours ends the turn with nothing found.
  std::array<size_t, 4> clues_for{};
  std::array<size_t, 4> first_ours_for{};
  // The same by the cards of ours left when the clue was given (index n - 1; 4 or more at
  // index 3), with the clues whose first pick was the assassin: a guesser who reads clues unlike
  // the spymaster loses most games on the clues for the last card or two.
  std::array<size_t, 4> clues_with_left{};
  std::array<size_t, 4> first_ours_with_left{};
  std::array<size_t, 4> first_assassin_with_left{};
  std::vector<card> dealt{};          // the board as dealt, every card face down
  std::vector<played_turn> played{};  // the game's turns in order
};

// Told of every clue before the guesser answers it: the cards as they lie then, and the clue.
using turn_watcher = std::function<void(const std::vector<card>& cards, const clue& given)>;

// `earlier`: the games the same guesser played before this one in a match (rematches), which
// the spymaster sees as board_view::earlier.
result<game_record> play_game(std::vector<card> cards, const spymaster& giver,
                              const guesser& taker, const turn_watcher& watch = {},
                              const std::vector<game_seen>& earlier = {});

// What a spymaster sees of a played game in a later game of the same match.
game_seen seen_of(const game_record& record);

// The boards a played game asked its spymaster for every clue after the first, in order: the
// cards earlier turns covered revealed, those turns as the history, as play_game shows them. To
// ask another spymaster what it would have said to the same team at the same point.
std::vector<board_view> boards_asked(const game_record& record);

struct eval_summary {
  size_t games = 0;
  double win_rate = 0;        // games won / games
  double mean_turns = 0;      // with a lost game as 25 turns
  double words_per_clue = 0;  // our cards revealed / clues given, over all games
  double assassin_rate = 0;   // games lost to the assassin / games
  // game_record's per-number counts, summed over the games.
  std::array<size_t, 4> clues_for{};
  std::array<size_t, 4> first_ours_for{};
  // game_record's counts by the cards of ours left, summed over the games.
  std::array<size_t, 4> clues_with_left{};
  std::array<size_t, 4> first_ours_with_left{};
  std::array<size_t, 4> first_assassin_with_left{};
  // Played as matches of several games (play_games' `series`): the summary of each game of a
  // match, the first games, the second ones, ...; empty otherwise.
  std::vector<eval_summary> by_game_of_match;
};

// With series > 1, by_game_of_match holds one summary per game of a match.
eval_summary summarise(const std::vector<game_record>& games, size_t series = 1);

// Plays `games` games dealt from `deck` with seeds game_seed(seed, 0 .. games-1), in order.
// `watch`, when set, hears each game's turns with the game's number. With `series` k > 1 the
// games are matches of k games with the same guesser, each a rematch of the one before: game i
// is shown the games of its match before it (i - i % k .. i - 1).
// Errors: `bad_deck` for fewer than 25 distinct entries; those of play_game.
using game_turn_watcher =
    std::function<void(size_t game, const std::vector<card>& cards, const clue& given)>;
result<std::vector<game_record>> play_games(const std::vector<std::string>& deck, size_t games,
                                           uint64_t seed, const spymaster& giver,
                                           const guesser& taker,
                                           const game_turn_watcher& watch = {},
                                           size_t series = 1);

// A paired comparison of two spymasters on the same deals: per game a's value minus b's, their
// mean and a 95 % interval for it (normal approximation, mean +- 1.96 standard errors).
struct paired_difference {
  double mean = 0;
  double low = 0, high = 0;
};
struct paired_comparison {
  size_t games = 0;
  paired_difference turns;  // a lost game counts as max_turns
  paired_difference wins;   // 1 for a win, 0 for a loss
};
// `a` and `b` must be records of the same deals in the same order (their sizes must agree).
paired_comparison compare_paired(const std::vector<game_record>& a,
                                 const std::vector<game_record>& b);

// summarise(play_games(...)).
result<eval_summary> evaluate(const std::vector<std::string>& deck, size_t games, uint64_t seed,
                              const spymaster& giver, const guesser& taker);

}  // namespace wordhall::codenames
