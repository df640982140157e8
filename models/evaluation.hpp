// Intrinsic evaluation of word vectors, as gensim's KeyedVectors does it, so figures compare with
// published ones.
//
// Analogies (questions-words format): lines ": SECTION" open a section, every other line is
// "a b c d" (whitespace-separated), read "a is to b as c is to d". Only the first
// `restrict_vocab` words count; with `case_insensitive` words are lower-cased (ASCII letters) on
// both sides and the most frequent spelling of each stands for it. A question is OOV when any of
// its four words is missing. The prediction is most_similar(positive=[b, c], negative=[a]) over
// that vocabulary, the first of its top 5 whose spelling is not a, b or c (case folded); correct
// when that is d. accuracy = correct / (correct + incorrect), 0 when no question was answered.
//
// Word pairs (WordSim-353, SimLex-999, ...): lines "a<delimiter>b<delimiter>score"; lines starting
// with '#' are comments. Pearson and Spearman correlations (ranks averaged over ties, as scipy's
// spearmanr) between the human scores and the cosines of the pairs present; oov_ratio is
// 100 x oov / (pairs + oov), as gensim reports it. Correlations are NaN under two pairs.
//
// Departures from gensim: a blank line is skipped, but a malformed one (wrong field count,
// unparsable score, a question before any section) is an error naming the file and line
// (`bad_eval_file`) where gensim logs and skips it: a silently shrunken test set misleads.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/embeddings.hpp"

namespace wordhall::models {

struct analogy_section {
  std::string name;
  size_t correct = 0;
  size_t incorrect = 0;
};

struct analogy_scores {
  size_t correct = 0;
  size_t incorrect = 0;
  size_t oov = 0;
  double accuracy = 0;
  std::vector<analogy_section> sections;
};

struct pair_scores {
  double pearson = 0;
  double spearman = 0;
  double oov_ratio = 0;
  size_t pairs = 0;  // pairs scored (both words in the vocabulary)
  size_t oov = 0;
};

// Errors: `io_error` (cannot read the file), `bad_eval_file` (names the line).
result<analogy_scores> evaluate_word_analogies(const embeddings& vectors, const std::string& path,
                                               size_t restrict_vocab = 300000,
                                               bool case_insensitive = true);

result<pair_scores> evaluate_word_pairs(const embeddings& vectors, const std::string& path,
                                        char delimiter = '\t', size_t restrict_vocab = 300000,
                                        bool case_insensitive = true);

// The statistics evaluate_word_pairs reports, exposed for their tests.
double pearson_correlation(const std::vector<double>& x, const std::vector<double>& y);
double spearman_correlation(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace wordhall::models
