#include "models/card_words.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <system_error>
#include <thread>

#include "models/blas_products.hpp"

namespace wordhall::models {
namespace {

// Deck rows per product: a block's scores for 50 moves (400 KB) stay in cache while scanned.
constexpr size_t card_block_rows = 2048;

}  // namespace

card_words::card_words(std::shared_ptr<const word_services> words, vectorcards::deal_words dealing)
    : words_(std::move(words)), dealing_(std::move(dealing)) {
  const auto& vectors = words_->vectors();
  const auto& deck = words_->deck();
  deck_rows_.resize(static_cast<Eigen::Index>(deck.size()),
                    static_cast<Eigen::Index>(vectors.dimensions()));
  for (size_t i = 0; i < deck.size(); ++i) {
    // The deck is built from this vocabulary, so every deck word has a row.
    auto row = vectors.index_of(deck[i]);
    deck_rows_.row(static_cast<Eigen::Index>(i)) = vectors.vector(*row).transpose();
    deck_index_.emplace(deck[i], static_cast<uint32_t>(i));
  }
  // The BLAS readies itself (buffers, their pages) on its first product: let that be now, while
  // the vectors load, rather than in the first round's resolution, which players wait for.
  if (!deck.empty()) {
    std::vector<double> direction(vectors.dimensions(), 0.0);
    direction[0] = 1.0;
    search({{direction, {}, deck.front(), false}});
  }
}

vectorcards::word_lookup card_words::lookup(std::string_view typed) const {
  auto checked = words_->check(std::string(typed));
  return {checked.token, checked.known, checked.blocked, checked.suggestions};
}

std::vector<float> card_words::unit_vector(std::string_view token) const {
  auto row = words_->vectors().index_of(token);
  if (!row) return {};
  auto v = words_->vectors().vector(*row);
  return std::vector<float>(v.data(), v.data() + v.size());
}

std::optional<uint32_t> card_words::deck_row(std::string_view word) const {
  auto it = deck_index_.find(word);
  if (it == deck_index_.end()) return std::nullopt;
  return it->second;
}

double card_words::exact_score(const std::vector<double>& direction, uint32_t row) const {
  const float* r = deck_rows_.data() + static_cast<size_t>(row) * direction.size();
  double dot = 0.0;
  for (size_t d = 0; d < direction.size(); ++d) dot += direction[d] * r[d];
  return dot;
}

void card_words::scan_blocks(size_t from, size_t to, const query_matrix& directions,
                             const std::vector<std::vector<uint32_t>>& excluded,
                             std::vector<deck_scan>& scans) const {
  const size_t n = scans.size(), dims = static_cast<size_t>(deck_rows_.cols());
  const size_t rows = static_cast<size_t>(deck_rows_.rows());
  std::vector<float> scores(n * card_block_rows);
  for (size_t block = from; block < to; ++block) {
    const size_t first = block * card_block_rows, count = std::min(card_block_rows, rows - first);
    multiply_by_transpose(directions.data(), n, deck_rows_.data() + first * dims, count, dims,
                          scores.data());
    for (size_t q = 0; q < n; ++q) {
      float* s = scores.data() + q * count;
      auto it = std::lower_bound(excluded[q].begin(), excluded[q].end(), first);
      for (; it != excluded[q].end() && *it < first + count; ++it)
        s[*it - first] = -std::numeric_limits<float>::infinity();
      scans[q].scan(s, count, static_cast<uint32_t>(first));
    }
  }
}

std::vector<vectorcards::neighbourhood> card_words::search(
    const std::vector<vectorcards::neighbour_query>& queries) const {
  const size_t n = queries.size(), dims = static_cast<size_t>(deck_rows_.cols());
  const size_t rows = static_cast<size_t>(deck_rows_.rows());
  std::vector<vectorcards::neighbourhood> out(n);
  if (n == 0) return out;

  // Queries of one round share their target: its vector is looked up once per run of them.
  std::string_view target;
  std::vector<float> target_vector;
  std::optional<uint32_t> target_row;
  query_matrix directions(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(dims));
  std::vector<std::vector<uint32_t>> excluded(n);  // sorted deck rows, the target's among them
  std::vector<deck_scan> scans;
  scans.reserve(n);
  for (size_t q = 0; q < n; ++q) {
    const auto& direction = queries[q].direction;
    if (q == 0 || queries[q].target != target) {
      target = queries[q].target;
      target_vector = unit_vector(target);
      target_row = deck_row(target);
    }
    for (size_t d = 0; d < dims; ++d)
      directions(static_cast<Eigen::Index>(q), static_cast<Eigen::Index>(d)) =
          static_cast<float>(direction[d]);
    // The same sum, in the same order, as the move's similarity (vectorcards::cosine).
    double target_score = 0.0;
    for (size_t d = 0; d < target_vector.size(); ++d) target_score += direction[d] * target_vector[d];
    scans.emplace_back(target_score, rounding_bound(dims));
    for (auto& word : queries[q].exclude)
      if (auto row = deck_row(word)) excluded[q].push_back(*row);
    if (target_row) excluded[q].push_back(*target_row);
    std::sort(excluded[q].begin(), excluded[q].end());
  }

  // The round's last mover waits for this: a second core halves the wait when it is free (one
  // helper at a time, so a busy server keeps to the threads it has).
  const size_t blocks = (rows + card_block_rows - 1) / card_block_rows;
  size_t split = blocks;  // the helper scans blocks [split, blocks)
  std::vector<deck_scan> later;
  std::exception_ptr helper_error;  // what the helper threw, rethrown on this thread
  std::thread helper;
  if (blocks >= 2 && !helper_busy_.exchange(true)) {
    split = blocks / 2;
    later = scans;
    try {
      helper = std::thread([&] {
        try {
          scan_blocks(split, blocks, directions, excluded, later);
        } catch (...) {
          helper_error = std::current_exception();
        }
      });
    } catch (const std::system_error&) {  // no thread to be had: this one scans them all
      split = blocks;
      helper_busy_ = false;
    }
  }
  try {
    scan_blocks(0, split, directions, excluded, scans);
  } catch (...) {  // a joinable thread must not be destroyed: wait for it, then report
    if (helper.joinable()) helper.join();
    helper_busy_ = false;
    throw;
  }
  if (helper.joinable()) {
    helper.join();
    helper_busy_ = false;
    if (helper_error) std::rethrow_exception(helper_error);
    for (size_t q = 0; q < n; ++q) scans[q].merge(std::move(later[q]));
  }

  for (size_t q = 0; q < n; ++q) {
    auto exact = [&](uint32_t row) { return exact_score(queries[q].direction, row); };
    out[q].target_rank = scans[q].target_rank(exact);
    if (queries[q].full_vocabulary) {
      // The whole vocabulary is searched approximately, one query at a time (HNSW gains
      // nothing from batching).
      auto found = words_->nearest_to(directions.row(static_cast<Eigen::Index>(q)).transpose(), 1,
                                      queries[q].exclude);
      if (found.empty()) continue;
      out[q].nearest = found[0].word;
      out[q].nearest_similarity = found[0].score;
    } else if (auto best = scans[q].nearest(exact)) {
      out[q].nearest = words_->deck()[best->first];
      out[q].nearest_similarity = best->second;
    }
  }
  return out;
}

}  // namespace wordhall::models
