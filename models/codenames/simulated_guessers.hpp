// simulated_guessers: guessers who think like the spymaster's views, but never exactly, for
// training a clue scorer (seed 002's online mining; docs/codenames.md).
//
// A guesser is drawn per board: weights w over the views from a flat Dirichlet and a noise level
// sigma, uniform in [min_noise, max_noise]. For a clue it scores every unrevealed card
// sum_v w_v cos_v(clue, card) + N(0, sigma^2), the noise drawn afresh per clue and card (a
// person's own associations; larger for rarer clue words when the population says so), and reveals cards best first as the competition's guesser does:
// up to the clue's number, stopping after the first card that is not ours.
//
// The utility of that turn: `team` per card of ours found, plus `enemy`, `civilian` or
// `assassin` for the card that ended it (penalties are negative). A clue's expected utility is
// the mean over the board's guessers. Everything is a function of the seed (our own generator
// arithmetic, no std distributions), so examples are the same on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/codenames/clue_candidates.hpp"

namespace wordhall::codenames {

struct guesser_population {
  size_t guessers = 16;
  double min_noise = 0.05;
  double max_noise = 0.2;
  // A person knows a rare word's associations less surely than a common word's: the noise on a
  // clue is sigma * (1 + rarity_noise * log(1 + rank) / log(clue words)), rank 0 the most common.
  double rarity_noise = 0.0;
};

struct turn_utility {
  double team = 1.0;
  double enemy = -1.0;
  double civilian = -0.25;
  double assassin = -20.0;
};

// A small deterministic generator: splitmix64, uniforms in [0, 1), normals by Box-Muller.
class seeded_random {
 public:
  explicit seeded_random(uint64_t seed) : state_(seed) {}
  uint64_t next();
  double uniform();
  double normal();

 private:
  uint64_t state_;
};

struct simulated_guesser {
  std::vector<double> weights;  // per view, summing to 1
  double noise = 0;
  double rarity_noise = 0;  // the population's
};

std::vector<simulated_guesser> draw_guessers(size_t views, const guesser_population& population,
                                             seeded_random& random);

// The mean over `guessers` of the turn's utility when `c` is the clue on the board of `s`.
double expected_utility(const board_similarities& s, const clue_candidate& c,
                        const std::vector<simulated_guesser>& guessers, const turn_utility& utility,
                        seeded_random& random);

// The utility of one turn on the board of `s` for a clue of `number` cards, when the guesser scores
// the cards (columns of `s`) `score`: it reveals them best first as above. `order` is scratch
// space of s.cards() entries.
double turn_of(const board_similarities& s, size_t number, const std::vector<double>& score,
               std::vector<Eigen::Index>& order, const turn_utility& utility);

}  // namespace wordhall::codenames
