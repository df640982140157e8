// Co-occurrences are gathered as packed (word, context) keys, sorted and run-length counted:
// for a few million tokens that is a few hundred megabytes for a moment and a deterministic
// order, cheaper than a hash map of pairs. Matrices are filled row by row, in order.
#include "models/codenames/ppmi.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "models/codenames/randomized_svd.hpp"
#include "models/embeddings_builder.hpp"

namespace wordhall::codenames {
namespace {

constexpr uint32_t dropped = std::numeric_limits<uint32_t>::max();

// Fills a sparse matrix from (row, column, value) entries sorted by row, then column.
template <class entries_fn>
sparse_matrix fill_rows(Eigen::Index size, size_t nonzeros, entries_fn&& for_each_entry) {
  sparse_matrix out(size, size);
  out.reserve(static_cast<Eigen::Index>(nonzeros));
  Eigen::Index next_row = 0;
  for_each_entry([&](Eigen::Index row, Eigen::Index col, float value) {
    while (next_row <= row) out.startVec(next_row++);
    out.insertBack(row, col) = value;
  });
  while (next_row < size) out.startVec(next_row++);
  out.finalize();
  return out;
}

}  // namespace

cooccurrences count_cooccurrences(const corpus& text, size_t window, size_t min_count) {
  std::vector<uint64_t> type_counts(text.types.size(), 0);
  for (uint32_t t : text.tokens) ++type_counts[t];
  std::vector<uint32_t> order;
  for (uint32_t t = 0; t < type_counts.size(); ++t)
    if (type_counts[t] >= min_count && type_counts[t] > 0) order.push_back(t);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return type_counts[a] > type_counts[b]; });

  cooccurrences out;
  std::vector<uint32_t> id_of(text.types.size(), dropped);
  for (uint32_t i = 0; i < order.size(); ++i) {
    id_of[order[i]] = i;
    out.words.push_back(text.types[order[i]]);
    out.word_counts.push_back(type_counts[order[i]]);
  }

  std::vector<uint64_t> keys;
  std::vector<uint32_t> sentence;
  size_t begin = 0;
  for (size_t end : text.sentence_ends) {
    sentence.clear();
    for (size_t i = begin; i < end; ++i)
      if (id_of[text.tokens[i]] != dropped) sentence.push_back(id_of[text.tokens[i]]);
    begin = end;
    for (size_t i = 0; i < sentence.size(); ++i) {
      for (size_t j = i + 1; j < sentence.size() && j <= i + window; ++j) {
        keys.push_back(uint64_t(sentence[i]) << 32 | sentence[j]);
        keys.push_back(uint64_t(sentence[j]) << 32 | sentence[i]);
      }
    }
  }
  std::sort(keys.begin(), keys.end());
  size_t distinct = 0;
  for (size_t i = 0; i < keys.size(); ++i) distinct += i == 0 || keys[i] != keys[i - 1];

  out.counts = fill_rows(Eigen::Index(out.words.size()), distinct, [&](auto&& emit) {
    for (size_t i = 0; i < keys.size();) {
      size_t j = i;
      while (j < keys.size() && keys[j] == keys[i]) ++j;
      emit(Eigen::Index(keys[i] >> 32), Eigen::Index(keys[i] & 0xffffffffULL), float(j - i));
      i = j;
    }
  });
  return out;
}

sparse_matrix ppmi_matrix(const sparse_matrix& counts, double smoothing) {
  const Eigen::Index n = counts.rows();
  std::vector<double> row_sums(size_t(n), 0.0), column_sums(size_t(counts.cols()), 0.0);
  for (Eigen::Index r = 0; r < n; ++r) {
    for (sparse_matrix::InnerIterator it(counts, r); it; ++it) {
      row_sums[size_t(r)] += it.value();
      column_sums[size_t(it.col())] += it.value();
    }
  }
  std::vector<double> smoothed(column_sums.size());
  double z = 0.0;
  for (size_t c = 0; c < column_sums.size(); ++c) {
    smoothed[c] = std::pow(column_sums[c], smoothing);
    z += smoothed[c];
  }
  size_t positive = 0;
  auto value_of = [&](Eigen::Index r, Eigen::Index c, double count) {
    return std::log(count * z / (row_sums[size_t(r)] * smoothed[size_t(c)]));
  };
  for (Eigen::Index r = 0; r < n; ++r)
    for (sparse_matrix::InnerIterator it(counts, r); it; ++it)
      positive += value_of(r, it.col(), it.value()) > 0.0;
  return fill_rows(n, positive, [&](auto&& emit) {
    for (Eigen::Index r = 0; r < n; ++r) {
      for (sparse_matrix::InnerIterator it(counts, r); it; ++it) {
        const double v = value_of(r, it.col(), it.value());
        if (v > 0.0) emit(r, it.col(), float(v));
      }
    }
  });
}

result<models::embeddings> ppmi_vectors(const corpus& text, const ppmi_options& options,
                                        ppmi_report* report,
                                        const std::function<void(const std::string&)>& log) {
  auto say = [&](const std::string& line) {
    if (log) log(line);
  };
  ppmi_report local;
  ppmi_report& r = report ? *report : local;
  r.tokens = text.tokens.size();
  auto counted = count_cooccurrences(text, options.window, options.min_count);
  r.vocabulary = counted.words.size();
  say("counted " + std::to_string(r.tokens) + " tokens, " + std::to_string(r.vocabulary) +
      " words, " + std::to_string(counted.counts.nonZeros()) + " co-occurring pairs");
  if (r.vocabulary < options.dimensions + options.oversampling) {
    return make_error("bad_corpus", "the corpus has " + std::to_string(r.vocabulary) +
                                        " words seen " + std::to_string(options.min_count) +
                                        " times or more; " + std::to_string(options.dimensions) +
                                        " dimensions need more");
  }
  sparse_matrix ppmi = ppmi_matrix(counted.counts, options.smoothing);
  counted.counts = sparse_matrix();
  r.nonzeros = size_t(ppmi.nonZeros());
  say("PPMI: " + std::to_string(r.nonzeros) + " positive entries");

  auto vectors = svd_vectors(ppmi, counted.words, options, log);
  if (vectors) r.words_kept = vectors->size();
  return vectors;
}

result<models::embeddings> svd_vectors(const sparse_matrix& ppmi,
                                       const std::vector<std::string>& words,
                                       const ppmi_options& options,
                                       const std::function<void(const std::string&)>& log) {
  auto svd = randomized_svd(ppmi, options.dimensions, options.oversampling,
                            options.power_iterations, options.seed);
  if (log) log("SVD: largest singular value " + std::to_string(svd.singular_values[0]));
  Eigen::VectorXf scale = svd.singular_values.array().pow(float(options.eigenvalue_weight));
  models::embeddings_builder builder(options.dimensions, 0, words.size());
  std::vector<float> row(options.dimensions);
  for (size_t w = 0; w < words.size(); ++w) {
    for (size_t d = 0; d < options.dimensions; ++d) {
      row[d] = svd.u(Eigen::Index(w), Eigen::Index(d)) * scale[Eigen::Index(d)];
    }
    if (std::all_of(row.begin(), row.end(), [](float v) { return v == 0.0f; })) continue;
    auto added = builder.add(words[w], row.data());
    if (!added) return added.err();
  }
  return std::move(builder).finish();
}

}  // namespace wordhall::codenames
