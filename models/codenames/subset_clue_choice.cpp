// Choosing the learned spymaster's clue; the steps are in subset_clue_choice.hpp. A card the board
// no longer has counts as the farthest possible, 2 (the largest distance between unit vectors),
// so a board with nothing but team cards left still prefers the clue nearest its targets.
#include "models/codenames/subset_clue_choice.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace wordhall::codenames {
namespace {

using distance_matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

constexpr float no_card = std::numeric_limits<float>::infinity();
constexpr double farthest_possible = 2.0;

// Where one clue word sits among the board's cards, for one subset of the team's cards.
struct placement {
  float farthest_target = 0;
  float nearest_enemy = no_card, nearest_civilian = no_card, to_assassin = no_card;
};

placement place(const distance_matrix& distances, Eigen::Index word, const card_vectors& cards,
                uint32_t subset) {
  const auto row = distances.row(word);
  placement p;
  for (Eigen::Index j = 0; j < cards.team; ++j) {
    if (subset >> j & 1u) p.farthest_target = std::max(p.farthest_target, row[j]);
  }
  Eigen::Index at = cards.team;
  for (Eigen::Index j = 0; j < cards.enemy; ++j)
    p.nearest_enemy = std::min(p.nearest_enemy, row[at++]);
  for (Eigen::Index j = 0; j < cards.civilians; ++j)
    p.nearest_civilian = std::min(p.nearest_civilian, row[at++]);
  if (cards.assassin) p.to_assassin = row[at];
  return p;
}

// The room left: the least distance to another card after its role's margin, minus the farthest
// target. The seed's constraints hold with the margins exactly when it is positive.
double room(const placement& p, const constraint_margins& m) {
  const double nearest = std::min({farthest_possible, p.nearest_enemy - m.enemy,
                                   p.nearest_civilian - m.civilian, p.to_assassin - m.assassin});
  return nearest - p.farthest_target;
}

// d(c, w) for every clue word c (rows) and card w (columns): sqrt(2 - 2 cos) for unit vectors.
distance_matrix word_card_distances(const clue_space& space, const card_vectors& cards) {
  distance_matrix cosines = space.cosines_with(cards.columns);
  return (2.0f - 2.0f * cosines.array()).max(0.0f).sqrt().matrix();
}

// Step 1: the team cards each word may be given for, as bits.
std::vector<uint32_t> reach_of(const distance_matrix& distances, const card_vectors& cards,
                               const subset_choice_options& options) {
  std::vector<uint32_t> out(size_t(distances.rows()), 0);
  for (Eigen::Index i = 0; i < distances.rows(); ++i) {
    const double limit = room(place(distances, i, cards, 0), options.margins);
    uint32_t bits = 0;
    for (Eigen::Index j = 0; j < cards.team; ++j) {
      const float d = distances(i, j);
      if (d < limit && d <= options.threshold) bits |= uint32_t(1) << j;
    }
    out[size_t(i)] = bits;
  }
  return out;
}

struct chosen_clue {
  size_t word = 0;
  uint32_t subset = 0;
  int size = 0;
  double room = -std::numeric_limits<double>::infinity();
  bool found = false;
  bool beats(int other_size, double other_room) const {
    return !found || other_size > size || (other_size == size && other_room > room);
  }
};

// Step 3: the `keep` legal words of `useful` nearest to `direction` that reach all of `subset`,
// nearest first; equal scores keep the more common (earlier) word first. keep 0: all of them.
std::vector<size_t> nearest_reaching(const clue_space& space, const std::vector<size_t>& useful,
                                     const std::vector<uint32_t>& reach, uint32_t subset,
                                     const Eigen::Ref<const Eigen::RowVectorXf>& direction,
                                     size_t keep, legal_word_cache& legality) {
  using scored = std::pair<float, size_t>;  // (dot product with direction, word)
  std::vector<scored> nearest;
  for (size_t i : useful) {
    if ((reach[i] & subset) != subset) continue;
    if (keep == 0) {
      if (legality.legal(i)) nearest.emplace_back(0.0f, i);
      continue;
    }
    const float score = space.rows().row(Eigen::Index(i)).dot(direction);
    if (nearest.size() == keep && score <= nearest.back().first) continue;
    if (!legality.legal(i)) continue;
    auto at = std::upper_bound(nearest.begin(), nearest.end(), score,
                               [](float v, const scored& w) { return v > w.first; });
    nearest.insert(at, {score, i});
    if (nearest.size() > keep) nearest.pop_back();
  }
  std::vector<size_t> out;
  for (const auto& item : nearest) out.push_back(item.second);
  return out;
}

// Step 5: the one-card clue with the most room, every legal word against every team card.
chosen_clue best_one_card_clue(const distance_matrix& distances, const card_vectors& cards,
                               const constraint_margins& margins, legal_word_cache& legality) {
  chosen_clue best;
  for (Eigen::Index i = 0; i < distances.rows(); ++i) {
    for (Eigen::Index j = 0; j < cards.team; ++j) {
      const uint32_t subset = uint32_t(1) << j;
      const double r = room(place(distances, i, cards, subset), margins);
      if (!best.beats(1, r) || !legality.legal(size_t(i))) continue;
      best = {size_t(i), subset, 1, r, true};
    }
  }
  return best;
}

}  // namespace

result<card_vectors> card_vectors_of(const clue_space& space, const board_view& board) {
  std::vector<std::string> entries = board.team;
  entries.insert(entries.end(), board.enemy.begin(), board.enemy.end());
  entries.insert(entries.end(), board.civilians.begin(), board.civilians.end());
  if (!board.assassin.empty()) entries.push_back(board.assassin);
  auto columns = space.entry_columns(entries);
  if (!columns) return columns.err();
  card_vectors out;
  out.columns = std::move(columns).value();
  out.team = Eigen::Index(board.team.size());
  out.enemy = Eigen::Index(board.enemy.size());
  out.civilians = Eigen::Index(board.civilians.size());
  out.assassin = !board.assassin.empty();
  return out;
}

result<clue> choose_subset_clue(const clue_space& space, const board_view& board,
                                const card_vectors& cards,
                                const Eigen::Ref<const clue_matrix>& subset_clues,
                                const subset_choice_options& options) {
  if (board.team.empty() || board.team.size() > 20 || cards.team != Eigen::Index(board.team.size()))
    return make_error("bad_board", "a board needs 1 to 20 unrevealed team cards");
  if (subset_clues.rows() != (Eigen::Index(1) << cards.team) - 1 ||
      subset_clues.cols() != space.rows().cols()) {
    return make_error("bad_board", "expected one clue vector per subset of the " +
                                       std::to_string(board.team.size()) + " team cards");
  }
  const clue_rules rules(space.blocked(), table_entries(board), board.given);
  legal_word_cache legality(space, rules);
  const distance_matrix distances = word_card_distances(space, cards);
  const std::vector<uint32_t> reach = reach_of(distances, cards, options);

  std::vector<size_t> useful;  // words that reach at least one team card
  int largest = 0;             // step 2
  for (size_t i = 0; i < reach.size(); ++i) {
    if (!reach[i]) continue;
    useful.push_back(i);
    const int size = __builtin_popcount(reach[i]);
    if (size > largest && legality.legal(i)) largest = size;
  }

  chosen_clue best;
  const uint32_t subsets = uint32_t(subset_clues.rows());
  for (uint32_t subset = 1; largest > 0 && subset <= subsets; ++subset) {
    if (__builtin_popcount(subset) != largest) continue;
    for (size_t word : nearest_reaching(space, useful, reach, subset,
                                        subset_clues.row(Eigen::Index(subset - 1)),
                                        options.words_per_subset, legality)) {
      const double r = room(place(distances, Eigen::Index(word), cards, subset), options.margins);
      if (best.beats(largest, r)) best = {word, subset, largest, r, true};
    }
  }
  if (!best.found) best = best_one_card_clue(distances, cards, options.margins, legality);
  if (!best.found) return make_error("no_clue", "every clue word is ruled out on this board");

  clue out;
  out.word = space.words()[best.word];
  out.number = best.size;
  for (size_t j = 0; j < board.team.size(); ++j) {
    if (best.subset >> j & 1u) out.targets.push_back(board.team[j]);
  }
  return out;
}

}  // namespace wordhall::codenames
