// ppmi: word vectors counted from text — PPMI with context smoothing, then a truncated SVD —
// as Levy, Goldberg & Dagan 2015 ("Improving Distributional Similarity with Lessons Learned
// from Word Embeddings") describe them. The project builds its own second set of vectors this
// way (from WordNet's glosses), so a Codenames guesser can think differently from the spymaster.
//
//   vocabulary  tokens seen at least `min_count` times, most frequent first (ties: first seen);
//               other tokens are removed before windows are taken.
//   #(w, c)     how often c is within `window` tokens of w in one sentence, either side,
//               unweighted; the counts are symmetric.
//   PPMI(w, c)  max(0, log( #(w, c) · Z / (#(w) · #(c)^a) )), where #(w) = sum_c #(w, c),
//               #(c) = sum_w #(w, c), Z = sum_c #(c)^a and a = `smoothing` (0.75): that is
//               log P(w, c) / (P(w) · P_a(c)) with the smoothed context distribution
//               P_a(c) = #(c)^a / Z, which keeps rare contexts from dominating.
//   vectors     the rank-`dimensions` truncated SVD PPMI ~ U S V', word w's vector the row
//               U_w · S^p with p = `eigenvalue_weight` (0.5), then unit-normalised; words whose
//               row is zero (no positive PPMI) are left out.
// Deterministic for a given corpus, options and seed.
#pragma once

#include <Eigen/SparseCore>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/ppmi_corpus.hpp"
#include "models/embeddings.hpp"

namespace wordhall::codenames {

using sparse_matrix = Eigen::SparseMatrix<float, Eigen::RowMajor>;

struct ppmi_options {
  size_t window = 5;
  size_t min_count = 5;
  double smoothing = 0.75;
  size_t dimensions = 100;
  double eigenvalue_weight = 0.5;
  size_t oversampling = 10;     // randomized SVD: extra directions sampled
  size_t power_iterations = 3;  // randomized SVD: passes that sharpen the spectrum
  uint64_t seed = 1;
};

struct cooccurrences {
  std::vector<std::string> words;     // the vocabulary, most frequent first
  std::vector<uint64_t> word_counts;  // token counts in the corpus
  sparse_matrix counts;               // #(w, c), rows and columns in vocabulary order
};

cooccurrences count_cooccurrences(const corpus& text, size_t window, size_t min_count);

// PPMI of the counts; only positive entries are stored.
sparse_matrix ppmi_matrix(const sparse_matrix& counts, double smoothing);

struct ppmi_report {
  size_t tokens = 0;  // after stop words
  size_t vocabulary = 0;
  size_t nonzeros = 0;    // positive PPMI entries
  size_t words_kept = 0;  // rows with a nonzero vector
};

// The last stage of the pipeline, shared with other counts (graph_vectors.hpp): the rank-
// `options.dimensions` SVD of a PPMI matrix whose rows are `words`, as unit-normalised rows
// U_w · S^p; zero rows are left out.
result<models::embeddings> svd_vectors(const sparse_matrix& ppmi,
                                       const std::vector<std::string>& words,
                                       const ppmi_options& options,
                                       const std::function<void(const std::string&)>& log = {});

// The whole pipeline. `log`, when given, hears one line per finished stage. Errors:
// `bad_corpus` when the vocabulary is smaller than `dimensions`.
result<models::embeddings> ppmi_vectors(const corpus& text, const ppmi_options& options,
                                        ppmi_report* report = nullptr,
                                        const std::function<void(const std::string&)>& log = {});

}  // namespace wordhall::codenames
