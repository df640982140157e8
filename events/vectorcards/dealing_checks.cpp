#include "events/vectorcards/dealing_checks.hpp"

#include <algorithm>

namespace wordhall::vectorcards {
namespace {

// A near-miss is this much short of the explain threshold at most.
constexpr double near_miss_width = 0.10;

const hand_card* find_card(const std::vector<hand_card>& cards, const std::string& token) {
  for (auto& c : cards)
    if (c.token == token) return &c;
  return nullptr;
}

// An added word close to the target, or a subtracted one close to the start.
bool explains(const std::string& token, const std::string& sign, const std::vector<float>& start,
              const std::vector<float>& target, const std::vector<hand_card>& cards,
              double explain_min) {
  const hand_card* c = find_card(cards, token);
  if (!c) return false;
  return cosine(c->vector, sign == "+" ? target : start) >= explain_min;
}

}  // namespace

card_role role_of(closeness_pair c, const settings& config) {
  const double e = config.explain_min;
  if (c.to_target >= e) return card_role::pull;
  if (c.to_start >= e) return c.to_target < e / 2 ? card_role::push : card_role::lure;
  if (c.to_target >= e - near_miss_width) return card_role::near_miss;
  return card_role::filler;
}

const char* role_name(card_role role) {
  switch (role) {
    case card_role::pull:
      return "pull";
    case card_role::push:
      return "push";
    case card_role::lure:
      return "lure";
    case card_role::near_miss:
      return "near_miss";
    case card_role::filler:
      return "filler";
  }
  return "filler";
}

bool in_pair_band(double base_similarity, const settings& config) {
  return base_similarity >= config.pair_band_low && base_similarity <= config.pair_band_high;
}

double band_distance(double base_similarity, const settings& config) {
  return std::max(
      {config.pair_band_low - base_similarity, base_similarity - config.pair_band_high, 0.0});
}

bool explainable(const scored_move& m, const std::vector<float>& start,
                 const std::vector<float>& target, const std::vector<hand_card>& cards,
                 double explain_min) {
  return explains(m.public_token, m.public_sign, start, target, cards, explain_min) &&
         explains(m.private_token, m.private_sign, start, target, cards, explain_min);
}

int improving_moves(const std::vector<float>& start, const std::vector<float>& target,
                    const std::vector<hand_card>& publics, const std::vector<hand_card>& privates,
                    double base_similarity) {
  int count = 0;
  for (auto& p : publics)
    for (auto& q : privates)
      for (int s1 : {1, -1})
        for (int s2 : {1, -1}) {
          double score = cosine(move_vector(start, s1, p.vector, s2, q.vector), target);
          if (score >= base_similarity + improving_margin) ++count;
        }
  return count;
}

}  // namespace wordhall::vectorcards
