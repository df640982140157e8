#include "models/card_words.hpp"

#include <limits>

namespace wordhall::models {

card_words::card_words(std::shared_ptr<const word_services> words) : words_(std::move(words)) {
  const auto& vectors = words_->vectors();
  const auto& deck = words_->deck();
  deck_rows_.resize(static_cast<Eigen::Index>(deck.size()),
                    static_cast<Eigen::Index>(vectors.dimensions()));
  for (size_t i = 0; i < deck.size(); ++i) {
    // The deck is built from this vocabulary, so every deck word has a row.
    auto row = vectors.index_of(deck[i]);
    deck_rows_.row(static_cast<Eigen::Index>(i)) = vectors.vector(*row).transpose();
    deck_index_.emplace(deck[i], static_cast<uint32_t>(i));
  }
}

vectorcards::word_lookup card_words::lookup(std::string_view typed) const {
  auto checked = words_->check(std::string(typed));
  return {checked.token, checked.known, checked.blocked, checked.suggestions};
}

std::vector<float> card_words::unit_vector(std::string_view token) const {
  auto row = words_->vectors().index_of(token);
  if (!row) return {};
  auto v = words_->vectors().vector(*row);
  return std::vector<float>(v.data(), v.data() + v.size());
}

vectorcards::neighbourhood card_words::neighbours(const std::vector<double>& direction,
                                                  std::string_view target,
                                                  const std::vector<std::string>& exclude,
                                                  bool full_vocabulary) const {
  Eigen::VectorXf query(static_cast<Eigen::Index>(direction.size()));
  for (size_t i = 0; i < direction.size(); ++i) query[static_cast<Eigen::Index>(i)] = float(direction[i]);
  Eigen::VectorXf scores = deck_rows_ * query;
  std::vector<uint32_t> excluded_rows;
  for (auto& word : exclude)
    if (auto it = deck_index_.find(word); it != deck_index_.end()) excluded_rows.push_back(it->second);
  auto target_row = deck_index_.find(target);
  float target_score = 0.0f;
  if (auto t = unit_vector(target); !t.empty())
    target_score = Eigen::Map<const Eigen::VectorXf>(t.data(), query.size()).dot(query);
  for (uint32_t row : excluded_rows) scores[row] = -std::numeric_limits<float>::infinity();
  if (target_row != deck_index_.end())
    scores[target_row->second] = -std::numeric_limits<float>::infinity();

  vectorcards::neighbourhood out;
  out.target_rank = 1 + static_cast<int64_t>((scores.array() > target_score).count());
  if (full_vocabulary) {
    auto near = words_->nearest_to(query, 1, exclude);
    if (!near.empty()) {
      out.nearest = near[0].word;
      out.nearest_similarity = near[0].score;
    }
    return out;
  }
  Eigen::Index best = 0;
  float best_score = scores.maxCoeff(&best);
  if (best_score > -std::numeric_limits<float>::infinity()) {
    out.nearest = words_->deck()[static_cast<size_t>(best)];
    out.nearest_similarity = best_score;
  }
  return out;
}

}  // namespace wordhall::models
