// The arithmetic of a move, and what a round's results are made of: pure functions on vectors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

// v̂(start) + s₁·v̂(public) + s₂·v̂(private), normalised; inputs are unit vectors, signs ±1.
// All zeros when the sum is the zero vector.
std::vector<double> move_vector(const std::vector<float>& start, int public_sign,
                                const std::vector<float>& public_card, int private_sign,
                                const std::vector<float>& private_card);
// The parts of a move's score (rules.hpp move_shares) from the same unit vectors as
// move_vector; all zeros when the sum is the zero vector.
move_shares shares_of(const std::vector<float>& start, int public_sign,
                      const std::vector<float>& public_card, int private_sign,
                      const std::vector<float>& private_card, const std::vector<float>& target);
// Cosine of a unit direction with a unit vector.
double cosine(const std::vector<double>& direction, const std::vector<float>& unit);
double cosine(const std::vector<float>& a, const std::vector<float>& b);

int sign_value(std::string_view sign);  // "+" -> 1, "-" -> -1, anything else 0

struct closeness {
  const char* nl;
  const char* en;
};
// heel dichtbij ≥ 0.80, warm ≥ 0.60, lauw ≥ 0.40, koud ≥ 0.20, ijskoud below.
closeness closeness_label(double similarity);

struct hand_card {
  std::string token;
  std::vector<float> vector;
};
// The best move over every public × private × sign choice (jokers are not in `privates`);
// std::nullopt when either list is empty.
std::optional<scored_move> best_move(const std::vector<float>& start,
                                     const std::vector<float>& target,
                                     const std::vector<hand_card>& publics,
                                     const std::vector<hand_card>& privates);

// Results best first: every player who moved before every one who did not (whose score, the
// start's, never outranks a move), then by similarity at full precision; equal ones share the
// better rank (1, 1, 3); points = rows − rank + 1 for a move, 0 without one; stake reward 1 − |stake/100 − similarity|.
// `rows` come in seat order, which also orders equal similarities.
std::vector<result_row> rank_rows(std::vector<result_row> rows,
                                  const std::map<std::string, std::optional<int>>& stakes);

// The first two principal components of `points` (rows, same length), each point's coordinates
// scaled so the farthest lies at distance 1. Deterministic; fewer than two distinct points
// give all zeros.
std::vector<point2> principal_plane(const std::vector<std::vector<double>>& points);

// A seeded generator whose sequence is fixed by this code (not by the standard library), so a
// seed recorded in an event means the same draws everywhere: splitmix64.
class draw_rng {
 public:
  explicit draw_rng(uint64_t seed) : state_(seed) {}
  uint64_t next();
  uint64_t below(uint64_t bound);  // uniform in [0, bound), bound > 0
  double unit();                   // uniform in [0, 1)

 private:
  uint64_t state_;
};

}  // namespace wordhall::vectorcards
