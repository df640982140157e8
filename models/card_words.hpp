// card_words: vector cards' word_space over the loaded embeddings.
//
// It keeps the deck's unit vectors as one contiguous matrix, so a move's nearest deck word and
// its target's rank among the deck come from a single matrix-vector product (50,000 × 100
// floats, 20 MB: about a millisecond). Nearest words over the whole vocabulary go through
// word_services (the HNSW index when it is built). Read-only after construction.
#pragma once

#include <Eigen/Dense>

#include <memory>
#include <string_view>
#include <unordered_map>

#include "events/vectorcards/word_space.hpp"
#include "models/word_services.hpp"

namespace wordhall::models {

class card_words final : public vectorcards::word_space {
 public:
  explicit card_words(std::shared_ptr<const word_services> words);

  const std::vector<std::string>& deck() const override { return words_->deck(); }
  vectorcards::word_lookup lookup(std::string_view typed) const override;
  std::vector<float> unit_vector(std::string_view token) const override;
  vectorcards::neighbourhood neighbours(const std::vector<double>& direction,
                                        std::string_view target,
                                        const std::vector<std::string>& exclude,
                                        bool full_vocabulary) const override;

 private:
  std::shared_ptr<const word_services> words_;
  Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> deck_rows_;
  std::unordered_map<std::string_view, uint32_t> deck_index_;  // views into words_->deck()
};

}  // namespace wordhall::models
