#include "models/codenames/clue_space.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>

#include "models/blas_products.hpp"
#include "models/card_curation.hpp"
#include "models/deck.hpp"
#include "models/loaders.hpp"
#include "models/vector_cache.hpp"

namespace wordhall::codenames {
namespace {

// The entry's own token: as typed, lower-cased, or with its words joined by '_'.
std::optional<uint32_t> entry_token(const models::embeddings& vectors, std::string_view entry) {
  if (auto found = vectors.index_of(entry)) return found;
  std::string folded = models::fold_case(entry);
  if (auto found = vectors.index_of(folded)) return found;
  auto words = entry_words(folded);
  if (words.size() < 2) return std::nullopt;
  std::string joined = words[0];
  for (size_t i = 1; i < words.size(); ++i) joined += "_" + words[i];
  return vectors.index_of(joined);
}

}  // namespace

result<Eigen::VectorXf> entry_vector(const models::embeddings& vectors, std::string_view entry) {
  if (auto token = entry_token(vectors, entry)) return Eigen::VectorXf(vectors.vector(*token));
  auto words = entry_words(models::fold_case(entry));
  Eigen::VectorXf sum = Eigen::VectorXf::Zero(static_cast<Eigen::Index>(vectors.dimensions()));
  bool all_known = words.size() > 1;
  for (const auto& word : words) {
    auto row = vectors.index_of(word);
    if (!row) {
      all_known = false;
      break;
    }
    sum += vectors.vector(*row);
  }
  if (!all_known || sum.norm() == 0.0f) {
    return make_error("word_not_in_vocabulary",
                      "\"" + std::string(entry) + "\" is not in the vocabulary");
  }
  return Eigen::VectorXf(sum / sum.norm());
}

bool has_entry_vector(const models::embeddings& vectors, std::string_view entry) {
  return entry_vector(vectors, entry).ok();
}

clue_space::clue_space(models::embeddings vectors, const std::vector<std::string>& clue_words,
                       models::blocklist blocked)
    : vectors_(std::move(vectors)), blocked_(std::move(blocked)) {
  std::vector<uint32_t> known;
  for (const auto& word : clue_words) {
    if (auto row = vectors_.index_of(word)) {
      known.push_back(*row);
      words_.push_back(word);
    }
  }
  rows_.resize(static_cast<Eigen::Index>(known.size()),
               static_cast<Eigen::Index>(vectors_.dimensions()));
  for (size_t i = 0; i < known.size(); ++i) {
    rows_.row(static_cast<Eigen::Index>(i)) = vectors_.vector(known[i]).transpose();
  }
}

result<Eigen::MatrixXf> clue_space::entry_columns(const std::vector<std::string>& entries) const {
  Eigen::MatrixXf out(static_cast<Eigen::Index>(vectors_.dimensions()),
                      static_cast<Eigen::Index>(entries.size()));
  for (size_t i = 0; i < entries.size(); ++i) {
    auto v = entry_vector(vectors_, entries[i]);
    if (!v) return v.err();
    out.col(static_cast<Eigen::Index>(i)) = v.value();
  }
  return out;
}

Eigen::MatrixXf clue_space::cosines_with(const Eigen::MatrixXf& columns, size_t from,
                                         size_t count) const {
  assert(columns.rows() == rows_.cols() && from + count <= size_t(rows_.rows()));
  // Column-major `out` (count x columns) is, in memory, the row-major product columns^T x
  // rows^T, which is multiply_by_transpose's shape: columns' memory is columns^T row by row.
  Eigen::MatrixXf out(Eigen::Index(count), columns.cols());
  models::multiply_by_transpose(columns.data(), size_t(columns.cols()),
                                rows_.data() + from * size_t(rows_.cols()), count,
                                size_t(rows_.cols()), out.data());
  return out;
}

std::optional<size_t> clue_space::nearest_legal(const Eigen::VectorXf& direction,
                                                const clue_rules& rules) const {
  Eigen::VectorXf scores = rows_ * direction;
  std::vector<size_t> order(words_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return scores[static_cast<Eigen::Index>(a)] > scores[static_cast<Eigen::Index>(b)];
  });
  for (size_t i : order) {
    if (rules.legal(words_[i])) return i;
  }
  return std::nullopt;
}

result<std::shared_ptr<const clue_space>> load_clue_space(
    const clue_space_sources& sources, const std::function<bool(std::string_view)>& keep) {
  auto blocked = models::blocklist::load(sources.blocklist);
  if (!blocked) return blocked.err();
  if (!sources.sour_words.empty()) {
    auto sour = models::blocklist::load(sources.sour_words);
    if (!sour) return sour.err();
    blocked->add(sour.value());
  }
  if (!sources.profanity.empty()) {
    auto profanity = models::load_profanity({sources.profanity});
    if (!profanity) return profanity.err();
    for (const auto& word : profanity.value()) blocked->add_word(word);
  }
  auto word_lists = models::load_word_sources(sources.scowl_dir, sources.scowl_level,
                                              sources.frequencies, sources.function_words);
  if (!word_lists) return word_lists.err();
  auto vectors = models::load_vectors_cached(sources.vectors);
  if (!vectors) return vectors.err();

  std::vector<std::string_view> vocabulary(vectors->size());
  for (size_t i = 0; i < vectors->size(); ++i) vocabulary[i] = vectors->word(i);
  models::deck_options options;
  options.size = std::numeric_limits<size_t>::max();
  options.scowl_level = sources.scowl_level;
  auto ranked = models::build_deck(vocabulary, word_lists.value(), blocked.value(), options);
  std::vector<std::string> words;
  for (auto& word : ranked) {
    if (words.size() == sources.size) break;
    if (!keep || keep(word)) words.push_back(std::move(word));
  }
  if (words.empty()) {
    return make_error("no_clue_words",
                      "no clue words: none of the common words is in " + sources.vectors);
  }
  return std::shared_ptr<const clue_space>(
      std::make_shared<clue_space>(std::move(vectors).value(), words, std::move(blocked).value()));
}

}  // namespace wordhall::codenames
