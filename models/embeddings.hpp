// embeddings: a vocabulary and its unit-normalised vectors, one row per word.
//
// Contract: words are unique UTF-8 strings in source order (frequency order for the sources we
// ship), rows are float32, row-major, each of unit L2 norm; `norm(i)` keeps the length the row had
// in its source. The value is immutable and cheap to copy: copies share one read-only store, which
// may be a memory-mapped compact file (see vector_file.hpp), so it can be handed to many readers.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"

namespace wordhall::models {

using matrix_view =
    Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
using vector_view = Eigen::Map<const Eigen::VectorXf>;

// The pieces an embeddings value is made of. Loaders fill one in; `words`, `rows` and `norms`
// point into `word_chunks`, `owned_rows`/`owned_norms` or `backing`, which the value keeps alive.
struct embeddings_parts {
  size_t dimensions = 0;
  std::vector<std::string_view> words;
  std::vector<std::unique_ptr<char[]>> word_chunks;
  std::vector<float> owned_rows;
  std::vector<float> owned_norms;
  const float* rows = nullptr;   // null: use owned_rows
  const float* norms = nullptr;  // null: use owned_norms
  std::shared_ptr<const void> backing;
};

class embeddings {
 public:
  embeddings() = default;
  // Indexes the words; when a word repeats, the first row keeps it.
  explicit embeddings(embeddings_parts parts);

  size_t size() const { return store_ ? store_->parts.words.size() : 0; }
  size_t dimensions() const { return store_ ? store_->parts.dimensions : 0; }
  bool empty() const { return size() == 0; }

  std::optional<uint32_t> index_of(std::string_view word) const;
  // As index_of, with the error `word_not_in_vocabulary` naming the word.
  result<uint32_t> require(std::string_view word) const;
  std::string_view word(size_t i) const { return store_->parts.words[i]; }
  vector_view vector(size_t i) const {
    return vector_view(store_->rows + i * dimensions(), static_cast<Eigen::Index>(dimensions()));
  }
  float norm(size_t i) const { return store_->norms[i]; }
  matrix_view matrix() const {
    return matrix_view(store_ ? store_->rows : nullptr, static_cast<Eigen::Index>(size()),
                       static_cast<Eigen::Index>(dimensions()));
  }
  const float* row_data() const { return store_ ? store_->rows : nullptr; }
  const float* norm_data() const { return store_ ? store_->norms : nullptr; }

 private:
  struct store {
    embeddings_parts parts;
    const float* rows = nullptr;
    const float* norms = nullptr;
    std::unordered_map<std::string_view, uint32_t> index;
  };
  std::shared_ptr<const store> store_;
};

// The rows of `vectors` whose word is in `words`, in source order, copied bit for bit with their
// norms: a smaller file to carry to another machine gives the same results for those words.
// Words of `words` that the vocabulary lacks are left out.
embeddings keep_words(const embeddings& vectors, const std::unordered_set<std::string>& words);

// The words every one of `views` knows, in the first view's order, each row the views' unit rows
// side by side scaled by 1/sqrt(views.size()), so of unit length, and a cosine between two rows
// the mean of the views' cosines: several views of meaning as one set of vectors (a guesser who
// reads clues as a multi-view spymaster weighs them). Norms are 1. Empty without a view.
embeddings concatenate(const std::vector<embeddings>& views);

}  // namespace wordhall::models
