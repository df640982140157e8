// Exact search; the semantics are in search.hpp.
#include "models/search.hpp"

#include <algorithm>

namespace wordhall::models {
namespace {

// Rows scored per matrix product: the block of scores stays in cache while the heaps read it.
constexpr Eigen::Index scan_block_rows = 8192;

bool better(const neighbour& a, const neighbour& b) {
  return a.score > b.score || (a.score == b.score && a.index < b.index);
}

// The k best of the scores offered, kept in a heap whose front is the worst kept.
class top_k {
 public:
  top_k(size_t k, std::vector<uint32_t> excluded) : k_(k), excluded_(std::move(excluded)) {
    std::sort(excluded_.begin(), excluded_.end());
    heap_.reserve(k);
  }

  void offer(uint32_t index, float score) {
    neighbour candidate{index, score};
    if (heap_.size() == k_ && !better(candidate, heap_.front())) return;
    if (std::binary_search(excluded_.begin(), excluded_.end(), index)) return;
    if (heap_.size() == k_) {
      std::pop_heap(heap_.begin(), heap_.end(), better);
      heap_.back() = candidate;
    } else {
      heap_.push_back(candidate);
    }
    std::push_heap(heap_.begin(), heap_.end(), better);
  }

  std::vector<neighbour> take() && {
    std::sort_heap(heap_.begin(), heap_.end(), better);
    return std::move(heap_);
  }

 private:
  size_t k_;
  std::vector<uint32_t> excluded_;
  std::vector<neighbour> heap_;
};

size_t candidate_rows(const embeddings& vectors, size_t restrict_vocab) {
  return restrict_vocab != 0 && restrict_vocab < vectors.size() ? restrict_vocab : vectors.size();
}

}  // namespace

result<Eigen::VectorXf> query_vector(const embeddings& vectors,
                                     const std::vector<std::string>& positive,
                                     const std::vector<std::string>& negative) {
  if (positive.empty() && negative.empty()) {
    return make_error("bad_query", "give at least one positive or negative word");
  }
  Eigen::VectorXf mean = Eigen::VectorXf::Zero(static_cast<Eigen::Index>(vectors.dimensions()));
  for (const auto* words : {&positive, &negative}) {
    float weight = words == &positive ? 1.0f : -1.0f;
    for (const auto& word : *words) {
      auto index = vectors.require(word);
      WORDHALL_TRY(index);
      // Rows are unit length already: the per-input normalisation gensim does is a no-op here.
      mean += weight * vectors.vector(index.value());
    }
  }
  float norm = mean.norm();
  if (norm > 0) mean /= norm;
  return mean;
}

result<std::vector<scored_word>> most_similar(const embeddings& vectors,
                                              const similar_query& query) {
  auto mean = query_vector(vectors, query.positive, query.negative);
  WORDHALL_TRY(mean);
  return to_scored_words(vectors, nearest(vectors, mean.value(), query.topn,
                                          query_exclusions(vectors, query), query.restrict_vocab));
}

std::vector<uint32_t> query_exclusions(const embeddings& vectors, const similar_query& query) {
  std::vector<uint32_t> excluded;
  for (const auto* words : {&query.positive, &query.negative, &query.exclude}) {
    for (const auto& word : *words) {
      if (auto index = vectors.index_of(word)) excluded.push_back(*index);
    }
  }
  return excluded;
}

std::vector<scored_word> to_scored_words(const embeddings& vectors,
                                         const std::vector<neighbour>& neighbours) {
  std::vector<scored_word> out;
  out.reserve(neighbours.size());
  for (const auto& n : neighbours) out.push_back({std::string(vectors.word(n.index)), n.score});
  return out;
}

result<float> similarity(const embeddings& vectors, std::string_view a, std::string_view b) {
  auto ia = vectors.require(a);
  WORDHALL_TRY(ia);
  auto ib = vectors.require(b);
  WORDHALL_TRY(ib);
  return vectors.vector(ia.value()).dot(vectors.vector(ib.value()));
}

result<size_t> rank(const embeddings& vectors, std::string_view a, std::string_view b) {
  auto ia = vectors.require(a);
  WORDHALL_TRY(ia);
  auto ib = vectors.require(b);
  WORDHALL_TRY(ib);
  Eigen::VectorXf scores = vectors.matrix() * vectors.vector(ia.value());
  const float threshold = scores[ib.value()];
  size_t closer = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    if (scores[i] > threshold && i != static_cast<Eigen::Index>(ia.value())) ++closer;
  }
  return closer + 1;
}

std::vector<neighbour> nearest(const embeddings& vectors, const Eigen::VectorXf& query,
                               size_t topn, std::vector<uint32_t> excluded,
                               size_t restrict_vocab) {
  const auto rows = static_cast<Eigen::Index>(candidate_rows(vectors, restrict_vocab));
  top_k best(topn, std::move(excluded));
  if (topn == 0) return std::move(best).take();
  auto matrix = vectors.matrix();
  Eigen::VectorXf scores(scan_block_rows);
  for (Eigen::Index start = 0; start < rows; start += scan_block_rows) {
    Eigen::Index n = std::min(scan_block_rows, rows - start);
    scores.head(n).noalias() = matrix.middleRows(start, n) * query;
    for (Eigen::Index i = 0; i < n; ++i) best.offer(static_cast<uint32_t>(start + i), scores[i]);
  }
  return std::move(best).take();
}

std::vector<std::vector<neighbour>> nearest_batch(const embeddings& vectors,
                                                  const query_matrix& queries, size_t topn,
                                                  std::vector<std::vector<uint32_t>> exclusions) {
  const auto count = static_cast<size_t>(queries.rows());
  std::vector<top_k> best;
  best.reserve(count);
  for (size_t q = 0; q < count; ++q) {
    best.emplace_back(topn, q < exclusions.size() ? std::move(exclusions[q])
                                                  : std::vector<uint32_t>{});
  }
  const auto rows = static_cast<Eigen::Index>(vectors.size());
  auto matrix = vectors.matrix();
  query_matrix scores(queries.rows(), scan_block_rows);
  for (Eigen::Index start = 0; start < rows && topn > 0; start += scan_block_rows) {
    Eigen::Index n = std::min(scan_block_rows, rows - start);
    scores.leftCols(n).noalias() = queries * matrix.middleRows(start, n).transpose();
    for (size_t q = 0; q < count; ++q) {
      const float* row = scores.row(static_cast<Eigen::Index>(q)).data();
      for (Eigen::Index i = 0; i < n; ++i) best[q].offer(static_cast<uint32_t>(start + i), row[i]);
    }
  }
  std::vector<std::vector<neighbour>> out;
  out.reserve(count);
  for (auto& b : best) out.push_back(std::move(b).take());
  return out;
}

}  // namespace wordhall::models
