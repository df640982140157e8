// Simulated guessers and a turn's utility; the contract is in simulated_guessers.hpp.
#include "models/codenames/simulated_guessers.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace wordhall::codenames {

uint64_t seeded_random::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double seeded_random::uniform() { return double(next() >> 11) * 0x1.0p-53; }

double seeded_random::normal() {
  const double u = 1.0 - uniform();  // (0, 1]: the logarithm stays finite
  const double v = uniform();
  return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
}

std::vector<simulated_guesser> draw_guessers(size_t views, const guesser_population& population,
                                             seeded_random& random) {
  std::vector<simulated_guesser> out(population.guessers);
  for (auto& g : out) {
    // A flat Dirichlet: normalised exponential draws.
    g.weights.resize(views);
    for (auto& w : g.weights) w = -std::log(1.0 - random.uniform());
    const double sum = std::accumulate(g.weights.begin(), g.weights.end(), 0.0);
    for (auto& w : g.weights) w = sum > 0 ? w / sum : 1.0 / double(views);
    g.noise = population.min_noise + (population.max_noise - population.min_noise) * random.uniform();
    g.rarity_noise = population.rarity_noise;
  }
  return out;
}

double expected_utility(const board_similarities& s, const clue_candidate& c,
                        const std::vector<simulated_guesser>& guessers, const turn_utility& utility,
                        seeded_random& random) {
  if (guessers.empty()) return 0.0;
  const auto row = static_cast<Eigen::Index>(c.word);
  const Eigen::Index cards = s.cards();
  std::vector<double> score(static_cast<size_t>(cards));
  std::vector<Eigen::Index> order(static_cast<size_t>(cards));
  const double words = double(std::max<Eigen::Index>(s.mean.rows(), 2));
  const double rarity = std::log1p(double(row)) / std::log(words);  // 0 .. 1, rows by commonness
  double total = 0;
  for (const auto& g : guessers) {
    const double noise = g.noise * (1.0 + g.rarity_noise * rarity);
    for (Eigen::Index j = 0; j < cards; ++j) {
      double sum = 0;
      for (size_t v = 0; v < s.cosines.size(); ++v) sum += g.weights[v] * s.cosines[v](row, j);
      score[size_t(j)] = sum + noise * random.normal();
    }
    total += turn_of(s, c.targets.size(), score, order, utility);
  }
  return total / double(guessers.size());
}

double turn_of(const board_similarities& s, size_t number, const std::vector<double>& score,
               std::vector<Eigen::Index>& order, const turn_utility& utility) {
  std::iota(order.begin(), order.end(), 0);
  const size_t reveal = std::min(number, order.size());
  std::partial_sort(order.begin(), order.begin() + long(reveal), order.end(),
                    [&](Eigen::Index a, Eigen::Index b) { return score[size_t(a)] > score[size_t(b)]; });
  double turn = 0;
  for (size_t r = 0; r < reveal; ++r) {
    const Eigen::Index card = order[r];
    if (card < s.team) {
      turn += utility.team;
      continue;
    }
    turn += card < s.enemy_end      ? utility.enemy
            : card < s.civilian_end ? utility.civilian
                                    : utility.assassin;
    break;
  }
  return turn;
}

}  // namespace wordhall::codenames
