// The deck-wide bars; the contract is in strong_links.hpp.
#include "models/codenames/strong_links.hpp"

#include <algorithm>
#include <functional>

#include "models/codenames/clue_candidates.hpp"

namespace wordhall::codenames {

result<std::shared_ptr<const strong_links>> strong_links::of(const view_set& views,
                                                             const std::vector<std::string>& deck,
                                                             size_t rank,
                                                             const std::string& lead_view,
                                                             size_t later_rank,
                                                             bool lead_keeps_say) {
  std::vector<std::string> known;
  for (const auto& entry : deck)
    if (has_entry_in_every_view(views, entry)) known.push_back(entry);
  if (rank == 0 || rank > known.size())
    return make_error("invalid_argument", "a strong link's rank must be 1 to " +
                                              std::to_string(known.size()) +
                                              ", the deck entries every view knows");
  if (later_rank == 0) later_rank = rank;
  if (later_rank < rank || later_rank > known.size())
    return make_error("invalid_argument", "a later card's link rank must be " +
                                              std::to_string(rank) + " (the strong link's) to " +
                                              std::to_string(known.size()) +
                                              ", the deck entries every view knows");
  auto links = std::make_shared<strong_links>();
  links->rank_ = rank;
  if (auto lead = std::find(views.names.begin(), views.names.end(), lead_view);
      !lead_view.empty() && lead != views.names.end())
    links->lead_ = long(lead - views.names.begin());
  links->lead_keeps_say_ = links->lead_ >= 0 && lead_keeps_say;
  // Without the lead view the later cards keep the first bar (the contract says why).
  const bool later_bars = links->lead_ >= 0 && later_rank != rank;
  links->later_rank_ = later_bars ? later_rank : rank;
  const auto words = static_cast<Eigen::Index>(views.words().size());
  std::vector<float> row(known.size());
  for (const auto& space : views.spaces) {
    auto columns = space->entry_columns(known);
    if (!columns) return columns.err();
    // A block of words at a time keeps the product's memory small (17,000 x 400 floats at once
    // would be 27 MB per view).
    constexpr Eigen::Index block = 1024;
    Eigen::VectorXf bars(words), later(later_bars ? words : 0);
    for (Eigen::Index from = 0; from < words; from += block) {
      const Eigen::Index n = std::min(block, words - from);
      const Eigen::MatrixXf similarities = space->cosines_with(columns.value(), size_t(from), size_t(n));
      for (Eigen::Index i = 0; i < n; ++i) {
        for (size_t j = 0; j < known.size(); ++j) row[j] = similarities(i, Eigen::Index(j));
        // The later bar first: the rank-th largest then lies among the entries before it.
        if (later_bars) {
          std::nth_element(row.begin(), row.begin() + long(later_rank - 1), row.end(),
                           std::greater<>());
          later(from + i) = row[later_rank - 1];
        }
        std::nth_element(row.begin(), row.begin() + long(rank - 1),
                         later_bars ? row.begin() + long(later_rank) : row.end(), std::greater<>());
        bars(from + i) = row[rank - 1];
      }
    }
    links->bars_.push_back(std::move(bars));
    if (later_bars) links->later_bars_.push_back(std::move(later));
  }
  return std::shared_ptr<const strong_links>(std::move(links));
}

bool strong_links::strong(const board_similarities& s, size_t word, Eigen::Index card,
                          const std::vector<double>& trust) const {
  if (trust.empty() && lead_ >= 0) return led(s, bars_, word, card);
  if (!trust.empty() && lead_keeps_say_) {
    const auto& lead_bars = later_bars_.empty() ? bars_ : later_bars_;
    if (!reaches(s, lead_bars, size_t(lead_), word, card)) return false;
  }
  double reached = 0;  // the weight of the views whose bar the card reaches
  for (size_t v = 0; v < bars_.size(); ++v)
    if (reaches(s, bars_, v, word, card))
      reached += trust.empty() ? 1.0 / double(bars_.size()) : trust[v];
  return reached > 0.5;
}

bool strong_links::strong_later(const board_similarities& s, size_t word, Eigen::Index card,
                                const std::vector<double>& trust) const {
  if (trust.empty() && !later_bars_.empty()) return led(s, later_bars_, word, card);
  return strong(s, word, card, trust);
}

size_t strong_links::strong_run(const board_similarities& s, size_t word,
                                const std::vector<Eigen::Index>& cards, size_t most,
                                const std::vector<double>& trust) const {
  most = std::min(most, cards.size());
  size_t run = 0;
  while (run < most && (run == 0 ? strong(s, word, cards[run], trust)
                                 : strong_later(s, word, cards[run], trust)))
    ++run;
  return run;
}

bool strong_links::linked_in_any_view(const board_similarities& s, size_t word,
                                      Eigen::Index card) const {
  for (size_t v = 0; v < bars_.size(); ++v)
    if (reaches(s, bars_, v, word, card)) return true;
  return false;
}

bool strong_links::reaches(const board_similarities& s, const std::vector<Eigen::VectorXf>& bars,
                           size_t view, size_t word, Eigen::Index card) {
  const auto row = static_cast<Eigen::Index>(word);
  // A board's cosines and the bars come from different products (a board's cards, the whole
  // deck), which the BLAS rounds differently by a few units in the last place: without the
  // slack the rank-th entry itself could miss its own bar.
  constexpr float rounding_slack = 1e-5f;
  return s.cosines[view](row, card) >= bars[view](row) - rounding_slack;
}

bool strong_links::led(const board_similarities& s, const std::vector<Eigen::VectorXf>& bars,
                       size_t word, Eigen::Index card) const {
  if (!reaches(s, bars, size_t(lead_), word, card)) return false;
  if (bars.size() == 1) return true;
  for (size_t v = 0; v < bars.size(); ++v)
    if (long(v) != lead_ && reaches(s, bars, v, word, card)) return true;
  return false;
}

}  // namespace wordhall::codenames
