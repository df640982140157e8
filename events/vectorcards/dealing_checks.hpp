// The rules a curated deal keeps (dealing.hpp), as pure functions of similarities, so the
// dealing, its tests and the deal report (`wordhall vectorcards deals`) judge deals alike.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "events/vectorcards/rules.hpp"
#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {

// A move improves on doing nothing when it beats cos(start, target) by at least this much.
constexpr double improving_margin = 0.05;
// A hand offers a choice when at least this many of its moves improve.
constexpr int wanted_improving_moves = 3;
// A card this close to the start or the target is nearly the same word: it gives the round
// away, so it is never dealt.
constexpr double giveaway_similarity = 0.80;

// What a card does in a round, by its cosines with the start and the target word
// (e = settings.explain_min):
//   pull       close to the target (≥ e): worth adding;
//   push       close to the start (≥ e), far from the target (< e/2): worth subtracting;
//   lure       close to the start (≥ e), half-close to the target: looks useful, helps little;
//   near_miss  almost close to the target ([e − 0.1, e)), not to the start;
//   filler     anything else.
enum class card_role { pull, push, lure, near_miss, filler };

struct closeness_pair {
  double to_start = 0.0;
  double to_target = 0.0;
};

card_role role_of(closeness_pair c, const settings& config);
const char* role_name(card_role role);

// cos(start, target) within [pair_band_low, pair_band_high]: related, but far.
bool in_pair_band(double base_similarity, const settings& config);
// How far cos(start, target) lies outside the band (0 inside).
double band_distance(double base_similarity, const settings& config);

// A move a person can follow: every added word is close to the target (≥ explain_min) and every
// subtracted word close to the start (≥ explain_min). Vectors are unit length.
bool explainable(const scored_move& m, const std::vector<float>& start,
                 const std::vector<float>& target, const std::vector<hand_card>& cards,
                 double explain_min);

// The hand's public × private × sign choices whose score beats `base_similarity` by at least
// improving_margin.
int improving_moves(const std::vector<float>& start, const std::vector<float>& target,
                    const std::vector<hand_card>& publics, const std::vector<hand_card>& privates,
                    double base_similarity);

}  // namespace wordhall::vectorcards
