// The search works on cosines (larger is nearer) and turns the winner's into a distance only to
// compare it with tau: distance is monotone in the cosine, so both orders agree.
#include "models/codenames/baseline_spymaster.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wordhall::codenames {
namespace {

constexpr float no_score = -std::numeric_limits<float>::infinity();

struct best_clue {
  float cosine = no_score;  // min over the subset of cos(c, w): its largest distance, as a cosine
  size_t word = 0;
  std::vector<size_t> subset;  // team columns
  bool found() const { return cosine != no_score; }
};

// Every k-subset of 0..n-1 in lexicographic order.
std::vector<std::vector<size_t>> subsets_of(size_t n, size_t k) {
  std::vector<std::vector<size_t>> out;
  std::vector<size_t> pick(k);
  for (size_t i = 0; i < k; ++i) pick[i] = i;
  while (true) {
    out.push_back(pick);
    size_t i = k;
    while (i > 0 && pick[i - 1] == n - k + (i - 1)) --i;
    if (i == 0) return out;
    ++pick[i - 1];
    for (size_t j = i; j < k; ++j) pick[j] = pick[j - 1] + 1;
  }
}

}  // namespace

double unit_distance(double cosine) { return std::sqrt(std::max(0.0, 2.0 - 2.0 * cosine)); }

baseline_spymaster::baseline_spymaster(std::shared_ptr<const clue_space> space,
                                       baseline_options options)
    : space_(std::move(space)), options_(options) {}

result<clue> baseline_spymaster::give_clue(const board_view& board) const {
  if (board.team.empty()) return make_error("bad_board", "the board has no unrevealed team card");
  std::vector<std::string> columns = board.team;
  columns.insert(columns.end(), board.enemy.begin(), board.enemy.end());
  columns.insert(columns.end(), board.civilians.begin(), board.civilians.end());
  if (!board.assassin.empty()) columns.push_back(board.assassin);
  auto board_vectors = space_->entry_columns(columns);
  if (!board_vectors) return board_vectors.err();

  // cosines(i, j): clue word i against card j; team cards first.
  const Eigen::MatrixXf cosines = space_->cosines_with(board_vectors.value());
  const size_t words = space_->words().size();
  const Eigen::Index team = static_cast<Eigen::Index>(board.team.size());
  Eigen::VectorXf nearest_other =
      Eigen::VectorXf::Constant(static_cast<Eigen::Index>(words), no_score);
  if (cosines.cols() > team) {
    nearest_other = cosines.rightCols(cosines.cols() - team).rowwise().maxCoeff();
  }

  clue_rules rules(space_->blocked(), table_entries(board), board.given);
  legal_word_cache legality(*space_, rules);  // asked only for words that beat the best so far
  const size_t largest = std::min(options_.max_targets, board.team.size());
  std::vector<best_clue> best(largest + 1);
  for (size_t k = 1; k <= largest; ++k) {
    for (const auto& subset : subsets_of(board.team.size(), k)) {
      for (size_t i = 0; i < words; ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        float worst = std::numeric_limits<float>::infinity();
        for (size_t j : subset) worst = std::min(worst, cosines(row, static_cast<Eigen::Index>(j)));
        if (worst <= best[k].cosine || worst <= nearest_other[row]) continue;
        if (!legality.legal(i)) continue;
        best[k] = {worst, i, subset};
      }
    }
  }

  const best_clue* chosen = nullptr;
  for (size_t k = largest; k >= 1 && !chosen; --k) {
    if (best[k].found() && unit_distance(best[k].cosine) <= options_.threshold) chosen = &best[k];
  }
  if (!chosen && best[1].found()) chosen = &best[1];
  best_clue fallback;
  if (!chosen) {
    for (Eigen::Index j = 0; j < team; ++j) {
      for (size_t i = 0; i < words; ++i) {
        float c = cosines(static_cast<Eigen::Index>(i), j);
        if (c > fallback.cosine && legality.legal(i)) fallback = {c, i, {size_t(j)}};
      }
    }
    if (!fallback.found())
      return make_error("no_clue", "every clue word is ruled out on this board");
    chosen = &fallback;
  }

  clue out;
  out.word = space_->words()[chosen->word];
  out.number = static_cast<int>(chosen->subset.size());
  for (size_t j : chosen->subset) out.targets.push_back(board.team[j]);
  return out;
}

}  // namespace wordhall::codenames
