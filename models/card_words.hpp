// card_words: vector cards' word_space over the loaded embeddings.
//
// It keeps the deck's unit vectors as one contiguous row-major matrix. The moves of a search are
// scored against it together, one single-precision BLAS product (models/blas_products.hpp) per
// block of deck rows, so a round's 50 moves read the deck's 20 MB once instead of 50 times. The
// float scores only shortlist: the nearest deck word and the target's rank are settled in double
// precision (models/deck_scan.hpp), so every answer is the exact one whatever the batch, the
// BLAS kernel or the threads. When no other search uses it, a helper thread takes half the
// blocks. Nearest words over the whole vocabulary come from word_services (the HNSW index when it
// is built). Read-only after construction; one instance serves every thread.
#pragma once

#include <Eigen/Dense>

#include <atomic>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "events/vectorcards/word_space.hpp"
#include "models/deck_scan.hpp"
#include "models/word_services.hpp"

namespace wordhall::models {

class card_words final : public vectorcards::word_space {
 public:
  // `dealing` holds the curated lists (models/card_curation.hpp); empty: deal from the deck.
  explicit card_words(std::shared_ptr<const word_services> words,
                      vectorcards::deal_words dealing = {});

  const std::vector<std::string>& deck() const override { return words_->deck(); }
  const vectorcards::deal_words& dealing_words() const override { return dealing_; }
  vectorcards::word_lookup lookup(std::string_view typed) const override;
  std::vector<float> unit_vector(std::string_view token) const override;
  std::vector<vectorcards::neighbourhood> search(
      const std::vector<vectorcards::neighbour_query>& queries) const override;

 private:
  std::optional<uint32_t> deck_row(std::string_view word) const;
  // The exact (double) dot product of a direction with a deck row.
  double exact_score(const std::vector<double>& direction, uint32_t row) const;
  // Feeds every query's scan the scores of deck blocks [from, to): one product per block.
  void scan_blocks(size_t from, size_t to, const query_matrix& directions,
                   const std::vector<std::vector<uint32_t>>& excluded,
                   std::vector<deck_scan>& scans) const;

  std::shared_ptr<const word_services> words_;
  vectorcards::deal_words dealing_;
  Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> deck_rows_;
  std::unordered_map<std::string_view, uint32_t> deck_index_;  // views into words_->deck()
  mutable std::atomic<bool> helper_busy_{false};  // a search's helper thread is running
};

}  // namespace wordhall::models
