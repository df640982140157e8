// embeddings_builder: what every loader feeds, one (word, vector) record at a time.
//
// It enforces the rules common to all formats: words are valid, non-empty UTF-8 without
// whitespace or control characters; a repeated word keeps its first vector (later ones are
// skipped, as gensim does); values are finite and the vector is not all zeros; at most `limit`
// words are kept. Rows are normalised as they arrive, so memory stays at the output matrix plus
// the vocabulary.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/embeddings.hpp"

namespace wordhall::models {

class embeddings_builder {
 public:
  // `limit` 0 keeps every word; `expected_count` (0 if unknown) reserves the matrix up front.
  embeddings_builder(size_t dimensions, size_t limit, size_t expected_count);

  // Adds one record. Errors (`bad_vectors`) describe the record but not where it was read;
  // loaders prefix the line or record number.
  result<void> add(std::string_view word, const float* values);
  bool full() const { return limit_ != 0 && parts_.words.size() >= limit_; }
  size_t size() const { return parts_.words.size(); }
  size_t dimensions() const { return parts_.dimensions; }

  embeddings finish() &&;

 private:
  std::string_view store_word(std::string_view word);

  embeddings_parts parts_;
  size_t limit_;
  std::unordered_set<std::string_view> seen_;
  size_t chunk_used_ = 0;
  size_t chunk_size_ = 0;
};

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
bool valid_utf8(std::string_view text);

// Prefixes an error's message with where it happened ("vectors.txt line 12: ...").
error located(const error& e, std::string_view where);

}  // namespace wordhall::models
