// Exact nearest-word search over embeddings, with gensim's KeyedVectors semantics so results can
// be compared with what users know:
//   most_similar  mean = unitvec(sum of +1 x unit(positive) and -1 x unit(negative)), every word
//                 scored by its dot product with it, the input words left out, best first;
//   similarity    cosine of two words;
//   rank          1 + the number of words (other than a) closer to a than b is.
// Scoring is a matrix product over blocks of rows, so many queries cost one pass over the matrix
// (nearest_batch); the top n come from a bounded heap rather than a sort of every score.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "models/embeddings.hpp"

namespace wordhall::models {

struct neighbour {
  uint32_t index;
  float score;
};

struct scored_word {
  std::string word;
  float score;
};

struct similar_query {
  std::vector<std::string> positive;
  std::vector<std::string> negative;
  size_t topn = 10;
  // Words never returned, besides the inputs; words not in the vocabulary are ignored here.
  std::vector<std::string> exclude;
  // Only the first N (most frequent) words are candidates, as gensim's restrict_vocab; 0: all.
  size_t restrict_vocab = 0;
};

using query_matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Errors: `word_not_in_vocabulary` naming the word, `bad_query` when there is no input word.
result<std::vector<scored_word>> most_similar(const embeddings& vectors,
                                              const similar_query& query);

// The unit mean most_similar scores against (zero when the inputs cancel out, as in gensim).
result<Eigen::VectorXf> query_vector(const embeddings& vectors,
                                     const std::vector<std::string>& positive,
                                     const std::vector<std::string>& negative);

// The rows most_similar leaves out: its positive, negative and excluded words that are known.
std::vector<uint32_t> query_exclusions(const embeddings& vectors, const similar_query& query);
// Neighbours as words with their scores, in the same order.
std::vector<scored_word> to_scored_words(const embeddings& vectors,
                                         const std::vector<neighbour>& neighbours);

result<float> similarity(const embeddings& vectors, std::string_view a, std::string_view b);
result<size_t> rank(const embeddings& vectors, std::string_view a, std::string_view b);

// The `topn` best words for one query vector, best first (ties: lower index first), skipping
// `excluded` (any order) and rows at or past `restrict_vocab` when it is not 0.
std::vector<neighbour> nearest(const embeddings& vectors, const Eigen::VectorXf& query,
                               size_t topn, std::vector<uint32_t> excluded,
                               size_t restrict_vocab = 0);

// One row of `queries` per query; `exclusions` is empty or holds one list per query. Equal to
// calling nearest() per row, with one matrix product per block of words for all of them.
std::vector<std::vector<neighbour>> nearest_batch(
    const embeddings& vectors, const query_matrix& queries, size_t topn,
    std::vector<std::vector<uint32_t>> exclusions = {});

}  // namespace wordhall::models
