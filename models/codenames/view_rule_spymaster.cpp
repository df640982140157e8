// The multi-view rule; the contract is in view_rule_spymaster.hpp.
#include "models/codenames/view_rule_spymaster.hpp"

#include <Eigen/Core>

#include <algorithm>
#include <limits>
#include <numeric>

#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/deck_cosines.hpp"

namespace wordhall::codenames {
namespace {

constexpr float no_room = -std::numeric_limits<float>::infinity();

struct candidate {
  float room = no_room;
  size_t word = 0;
  size_t count = 0;  // targets: the first `count` of `order`
  std::vector<Eigen::Index> order;
  bool found() const { return room != no_room; }
};

}  // namespace

view_rule_spymaster::view_rule_spymaster(std::shared_ptr<const view_set> views,
                                         view_rule_options options,
                                         std::shared_ptr<const deck_cosines> deck)
    : views_(std::move(views)), options_(options) {
  source_.deck = std::move(deck);  // common_words stays 0: the rule reads every clue word
}

result<clue> view_rule_spymaster::give_clue(const board_view& board) const {
  // s.cosines[v](i, j): clue word i against card j in view v; team cards first, then enemy,
  // civilian and assassin cards.
  auto similarities = similarities_for(*views_, board, source_);
  if (!similarities) return similarities.err();
  const auto& s = similarities.value();
  const auto& cosines = s.cosines;
  const auto& mean = s.mean;
  const size_t view_count = views_->size();
  const Eigen::Index team = s.team, enemy_end = s.enemy_end, civilian_end = s.civilian_end;
  const bool assassin = s.assassin;
  // A role the board no longer has imposes nothing (unlike a feature's stand-in of -1).
  auto max_over = [](const Eigen::MatrixXf& m, Eigen::Index row, Eigen::Index from,
                     Eigen::Index to) {
    float best = no_room;
    for (Eigen::Index j = from; j < to; ++j) best = std::max(best, m(row, j));
    return best;
  };

  const auto& options = options_;
  const auto& space = *views_->spaces.front();
  clue_rules rules(space.blocked(), table_entries(board), board.given);
  legal_word_cache legality(space, rules);
  const size_t largest = std::min(options.max_targets, board.team.size());
  std::vector<candidate> best(largest + 1);
  candidate fallback;  // one card, no similarity floor, room may be negative

  std::vector<Eigen::Index> order(static_cast<size_t>(team));
  std::vector<float> enemy_max(view_count), civilian_max(view_count), assassin_cos(view_count);
  for (size_t i = 0; i < views_->words().size(); ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](Eigen::Index a, Eigen::Index b) { return mean(row, a) > mean(row, b); });
    for (size_t v = 0; v < view_count; ++v) {
      enemy_max[v] = max_over(cosines[v], row, team, enemy_end);
      civilian_max[v] = max_over(cosines[v], row, enemy_end, civilian_end);
      assassin_cos[v] = assassin ? cosines[v](row, civilian_end) : no_room;
    }
    bool ruled_out = false;
    for (size_t k = 1; k <= largest && !ruled_out; ++k) {
      float room = std::numeric_limits<float>::infinity();
      for (size_t v = 0; v < view_count; ++v) {
        float weakest = std::numeric_limits<float>::infinity();
        for (size_t t = 0; t < k; ++t) weakest = std::min(weakest, cosines[v](row, order[t]));
        room = std::min({room, weakest - enemy_max[v] - float(options.enemy_margin),
                         weakest - civilian_max[v] - float(options.civilian_margin),
                         weakest - assassin_cos[v] - float(options.assassin_margin)});
      }
      const bool similar = mean(row, order[k - 1]) >= options.min_similarity;
      const bool improves = similar && room > 0 && room > best[k].room;
      const bool improves_fallback = k == 1 && room > fallback.room;
      if (!improves && !improves_fallback) continue;
      if (!legality.legal(i)) {
        ruled_out = true;
        continue;
      }
      if (improves) best[k] = {room, i, k, order};
      if (improves_fallback) fallback = {room, i, 1, order};
    }
  }

  const candidate* chosen = nullptr;
  for (size_t k = largest; k >= 1 && !chosen; --k)
    if (best[k].found()) chosen = &best[k];
  if (!chosen) {
    if (!fallback.found()) return make_error("no_clue", "every clue word is ruled out on this board");
    chosen = &fallback;
  }
  clue out;
  out.word = views_->words()[chosen->word];
  out.number = static_cast<int>(chosen->count);
  for (size_t t = 0; t < chosen->count; ++t)
    out.targets.push_back(board.team[static_cast<size_t>(chosen->order[t])]);
  return out;
}

}  // namespace wordhall::codenames
