// gensim-style evaluation; the semantics and departures are in evaluation.hpp.
#include "models/evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <numeric>
#include <sstream>
#include <unordered_map>

#include "models/search.hpp"

namespace wordhall::models {
namespace {

// Questions scored per matrix product: enough to amortise a pass over the matrix.
constexpr size_t batch_questions = 512;

std::string fold(std::string_view word, bool case_insensitive) {
  std::string out(word);
  if (case_insensitive) {
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

// The evaluation vocabulary: folded spelling -> row, the first (most frequent) spelling winning.
std::unordered_map<std::string, uint32_t> ok_vocabulary(const embeddings& vectors, size_t limit,
                                                        bool case_insensitive) {
  std::unordered_map<std::string, uint32_t> out;
  out.reserve(limit);
  for (size_t i = 0; i < limit; ++i) {
    out.emplace(fold(vectors.word(i), case_insensitive), static_cast<uint32_t>(i));
  }
  return out;
}

// The first `limit` rows as embeddings of their own (sharing the rows), so search stays inside.
embeddings vocabulary_prefix(const embeddings& vectors, size_t limit) {
  if (limit == vectors.size()) return vectors;
  embeddings_parts parts;
  parts.dimensions = vectors.dimensions();
  parts.words.reserve(limit);
  for (size_t i = 0; i < limit; ++i) parts.words.push_back(vectors.word(i));
  parts.rows = vectors.row_data();
  parts.norms = vectors.norm_data();
  parts.backing = std::make_shared<embeddings>(vectors);
  return embeddings(std::move(parts));
}

std::vector<std::string> split_whitespace(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

error bad_line(const std::string& path, size_t line_no, const std::string& why) {
  return make_error("bad_eval_file", path + " line " + std::to_string(line_no) + ": " + why);
}

struct question {
  uint32_t a, b, c, expected;
  size_t section;
};

// Scores a batch of answerable questions exactly as gensim's loop does, one matrix product.
void answer(const embeddings& candidates, const std::vector<question>& questions,
            bool case_insensitive, analogy_scores& scores) {
  query_matrix queries(static_cast<Eigen::Index>(questions.size()),
                       static_cast<Eigen::Index>(candidates.dimensions()));
  std::vector<std::vector<uint32_t>> exclusions;
  for (size_t i = 0; i < questions.size(); ++i) {
    const auto& q = questions[i];
    Eigen::VectorXf mean = candidates.vector(q.b) + candidates.vector(q.c) - candidates.vector(q.a);
    const float norm = mean.norm();
    if (norm > 0) mean /= norm;
    queries.row(static_cast<Eigen::Index>(i)) = mean.transpose();
    exclusions.push_back({q.a, q.b, q.c});
  }
  auto found = nearest_batch(candidates, queries, 5, std::move(exclusions));
  for (size_t i = 0; i < questions.size(); ++i) {
    const auto& q = questions[i];
    const std::string ignored[] = {fold(candidates.word(q.a), case_insensitive),
                                   fold(candidates.word(q.b), case_insensitive),
                                   fold(candidates.word(q.c), case_insensitive)};
    std::string predicted;
    for (const auto& n : found[i]) {
      predicted = fold(candidates.word(n.index), case_insensitive);
      if (std::find(std::begin(ignored), std::end(ignored), predicted) == std::end(ignored)) break;
    }
    const bool right = predicted == fold(candidates.word(q.expected), case_insensitive);
    ++(right ? scores.sections[q.section].correct : scores.sections[q.section].incorrect);
    ++(right ? scores.correct : scores.incorrect);
  }
}

// Ranks 1..n, tied values sharing the mean of the ranks they span.
std::vector<double> average_ranks(const std::vector<double>& values) {
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t i, size_t j) { return values[i] < values[j]; });
  std::vector<double> ranks(values.size());
  for (size_t start = 0; start < order.size();) {
    size_t end = start + 1;
    while (end < order.size() && values[order[end]] == values[order[start]]) ++end;
    const double rank = (double(start + 1) + double(end)) / 2;
    for (size_t k = start; k < end; ++k) ranks[order[k]] = rank;
    start = end;
  }
  return ranks;
}

}  // namespace

result<analogy_scores> evaluate_word_analogies(const embeddings& vectors, const std::string& path,
                                               size_t restrict_vocab, bool case_insensitive) {
  std::ifstream in(path);
  if (!in) return make_error("io_error", path + ": cannot open");
  const size_t limit = std::min(restrict_vocab, vectors.size());
  const auto vocabulary = ok_vocabulary(vectors, limit, case_insensitive);
  const embeddings candidates = vocabulary_prefix(vectors, limit);

  analogy_scores scores;
  std::vector<question> pending;
  std::string line;
  for (size_t line_no = 1; std::getline(in, line); ++line_no) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind(": ", 0) == 0) {
      const auto first = line.find_first_not_of(": ");
      const auto last = line.find_last_not_of(" \t");
      scores.sections.push_back(
          {first == std::string::npos ? "" : line.substr(first, last - first + 1), 0, 0});
      continue;
    }
    auto words = split_whitespace(line);
    if (words.empty()) continue;
    if (scores.sections.empty()) return bad_line(path, line_no, "question before any section");
    if (words.size() != 4) {
      return bad_line(path, line_no, "expected 4 words, found " + std::to_string(words.size()));
    }
    uint32_t rows[4];
    bool known = true;
    for (size_t k = 0; k < 4 && known; ++k) {
      auto it = vocabulary.find(fold(words[k], case_insensitive));
      known = it != vocabulary.end();
      if (known) rows[k] = it->second;
    }
    if (!known) {
      ++scores.oov;
      continue;
    }
    pending.push_back({rows[0], rows[1], rows[2], rows[3], scores.sections.size() - 1});
    if (pending.size() == batch_questions) {
      answer(candidates, pending, case_insensitive, scores);
      pending.clear();
    }
  }
  if (in.bad()) return make_error("io_error", path + ": read failed");
  if (!pending.empty()) answer(candidates, pending, case_insensitive, scores);
  const size_t answered = scores.correct + scores.incorrect;
  scores.accuracy = answered ? double(scores.correct) / double(answered) : 0.0;
  return scores;
}

result<pair_scores> evaluate_word_pairs(const embeddings& vectors, const std::string& path,
                                        char delimiter, size_t restrict_vocab,
                                        bool case_insensitive) {
  std::ifstream in(path);
  if (!in) return make_error("io_error", path + ": cannot open");
  const auto vocabulary =
      ok_vocabulary(vectors, std::min(restrict_vocab, vectors.size()), case_insensitive);

  pair_scores scores;
  std::vector<double> gold, model;
  std::string line;
  for (size_t line_no = 1; std::getline(in, line); ++line_no) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream split(line);
    for (std::string field; std::getline(split, field, delimiter);) fields.push_back(field);
    if (fields.size() != 3) {
      return bad_line(path, line_no, "expected 3 fields, found " + std::to_string(fields.size()));
    }
    char* end = nullptr;
    const double human = std::strtod(fields[2].c_str(), &end);
    if (end == fields[2].c_str() || fields[2].find_first_not_of(" \t", end - fields[2].c_str()) !=
                                        std::string::npos || !std::isfinite(human)) {
      return bad_line(path, line_no, "\"" + fields[2] + "\" is not a number");
    }
    auto a = vocabulary.find(fold(fields[0], case_insensitive));
    auto b = vocabulary.find(fold(fields[1], case_insensitive));
    if (a == vocabulary.end() || b == vocabulary.end()) {
      ++scores.oov;
      continue;
    }
    gold.push_back(human);
    model.push_back(vectors.vector(a->second).dot(vectors.vector(b->second)));
  }
  if (in.bad()) return make_error("io_error", path + ": read failed");
  scores.pairs = gold.size();
  scores.pearson = pearson_correlation(gold, model);
  scores.spearman = spearman_correlation(gold, model);
  const size_t total = scores.pairs + scores.oov;
  scores.oov_ratio = total ? 100.0 * double(scores.oov) / double(total) : 0.0;
  return scores;
}

double pearson_correlation(const std::vector<double>& x, const std::vector<double>& y) {
  const size_t n = x.size();
  if (n < 2 || y.size() != n) return std::numeric_limits<double>::quiet_NaN();
  const double mean_x = std::accumulate(x.begin(), x.end(), 0.0) / double(n);
  const double mean_y = std::accumulate(y.begin(), y.end(), 0.0) / double(n);
  double xy = 0, xx = 0, yy = 0;
  for (size_t i = 0; i < n; ++i) {
    xy += (x[i] - mean_x) * (y[i] - mean_y);
    xx += (x[i] - mean_x) * (x[i] - mean_x);
    yy += (y[i] - mean_y) * (y[i] - mean_y);
  }
  return xy / std::sqrt(xx * yy);
}

double spearman_correlation(const std::vector<double>& x, const std::vector<double>& y) {
  return pearson_correlation(average_ranks(x), average_ranks(y));
}

}  // namespace wordhall::models
