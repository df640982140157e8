// The card's nearest clear word; the contract is in plain_clue.hpp.
#include "models/codenames/plain_clue.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

namespace wordhall::codenames {
namespace {

// True when `card` is nearer to `word` than every other card in `cosines`.
bool card_ahead(const Eigen::MatrixXf& cosines, Eigen::Index word, Eigen::Index card,
                Eigen::Index cards) {
  for (Eigen::Index other = 0; other < cards; ++other)
    if (other != card && cosines(word, other) >= cosines(word, card)) return false;
  return true;
}

}  // namespace

std::optional<clue_candidate> plain_clue_for(const board_similarities& s, Eigen::Index card,
                                             const std::function<bool(size_t word)>& legal,
                                             long lead_view, size_t nearest) {
  const bool has_lead = lead_view >= 0 && size_t(lead_view) < s.cosines.size();
  // Nearest as people know the card: the lead view is running text. The views' mean would let
  // two dictionaries that share a sense people rarely use ("delinquent" for CRIB) come first.
  const Eigen::MatrixXf& nearness = has_lead ? s.cosines[size_t(lead_view)] : s.mean;
  std::vector<Eigen::Index> order(size_t(s.mean.rows()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) {
    return nearness(a, card) > nearness(b, card);
  });
  size_t looked = 0;
  for (Eigen::Index word : order) {
    if (looked == nearest) break;
    if (!legal(size_t(word))) continue;
    ++looked;
    if (!card_ahead(s.mean, word, card, s.cards())) continue;
    if (has_lead && !card_ahead(s.cosines[size_t(lead_view)], word, card, s.cards())) continue;
    if (s.assassin) {
      const Eigen::Index assassin = s.civilian_end;
      const bool behind = std::all_of(s.cosines.begin(), s.cosines.end(), [&](const auto& view) {
        return view(word, assassin) < view(word, card);
      });
      if (!behind) continue;
    }
    clue_candidate plain;
    plain.word = size_t(word);
    plain.targets = {card};
    return plain;
  }
  return std::nullopt;
}

}  // namespace wordhall::codenames
