// The games' search entry point; the contract is in vector_index.hpp.
#include "models/vector_index.hpp"

#include <algorithm>

#include "models/loaders.hpp"
#include "models/vector_cache.hpp"

namespace wordhall::models {
namespace {

const std::vector<std::pair<std::string, search_mode>>& named_modes() {
  static const std::vector<std::pair<std::string, search_mode>> modes{
      {"auto", search_mode::automatic}, {"exact", search_mode::exact},
      {"approximate", search_mode::approximate}, {"hnsw", search_mode::hnsw},
      {"ivf", search_mode::ivf}};
  return modes;
}

}  // namespace

const std::vector<std::string>& search_mode_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& [name, mode] : named_modes()) out.push_back(name);
    return out;
  }();
  return names;
}

std::optional<search_mode> parse_search_mode(std::string_view name) {
  for (const auto& [known, mode] : named_modes()) {
    if (known == name) return mode;
  }
  return std::nullopt;
}

std::optional<approximate_kind> index_structure(size_t rows, const index_options& options) {
  switch (options.mode) {
    case search_mode::exact: return std::nullopt;
    case search_mode::hnsw: return approximate_kind::hnsw;
    case search_mode::ivf: return approximate_kind::ivf;
    case search_mode::automatic:
      if (rows < options.approximate_from) return std::nullopt;
      [[fallthrough]];
    case search_mode::approximate:
      return rows < options.ivf_from ? approximate_kind::hnsw : approximate_kind::ivf;
  }
  return std::nullopt;
}

result<vector_index> vector_index::open(embeddings vectors, const index_options& options) {
  vector_index out;
  out.vectors_ = std::move(vectors);
  out.max_overfetch_ = options.max_overfetch;
  const auto structure = index_structure(out.vectors_.size(), options);
  if (!structure || out.vectors_.empty()) return out;
  approximate_options approximate = options.approximate;
  approximate.kind = *structure;

  if (!options.cache_path.empty()) {
    auto cached = approximate_index::load(options.cache_path, out.vectors_, approximate);
    if (cached) {
      out.approximate_ = std::make_shared<approximate_index>(std::move(cached).value());
      out.origin_ = index_origin::cache;
      return out;
    }
  }
  if (!options.build_missing) return out;
  auto built = approximate_index::build(out.vectors_, approximate);
  WORDHALL_TRY(built);
  // A cache we cannot write (read-only data folder) costs a rebuild next time, nothing more.
  if (!options.cache_path.empty()) (void)built->save(options.cache_path, out.vectors_);
  out.approximate_ = std::make_shared<approximate_index>(std::move(built).value());
  out.origin_ = index_origin::built;
  return out;
}

std::vector<neighbour> vector_index::filtered(std::vector<neighbour> found,
                                              std::vector<uint32_t> exclude, size_t topn) const {
  std::sort(exclude.begin(), exclude.end());
  auto excluded = [&exclude](const neighbour& n) {
    return std::binary_search(exclude.begin(), exclude.end(), n.index);
  };
  found.erase(std::remove_if(found.begin(), found.end(), excluded), found.end());
  if (found.size() > topn) found.resize(topn);
  return found;
}

std::vector<neighbour> vector_index::nearest(const Eigen::VectorXf& query, size_t topn,
                                             std::vector<uint32_t> exclude) const {
  if (!approximate_ || exclude.size() > max_overfetch_) {
    return models::nearest(vectors_, query, topn, std::move(exclude));
  }
  auto found = approximate_->search(query.data(), topn + exclude.size());
  return filtered(std::move(found), std::move(exclude), topn);
}

std::vector<std::vector<neighbour>> vector_index::nearest_batch(
    const query_matrix& queries, size_t topn,
    std::vector<std::vector<uint32_t>> exclusions) const {
  size_t most_excluded = 0;
  for (const auto& e : exclusions) most_excluded = std::max(most_excluded, e.size());
  if (!approximate_ || most_excluded > max_overfetch_) {
    return models::nearest_batch(vectors_, queries, topn, std::move(exclusions));
  }
  auto found = approximate_->search_batch(queries, topn + most_excluded);
  for (size_t q = 0; q < found.size(); ++q) {
    found[q] = filtered(std::move(found[q]),
                        q < exclusions.size() ? std::move(exclusions[q]) : std::vector<uint32_t>{},
                        topn);
  }
  return found;
}

result<std::vector<scored_word>> vector_index::most_similar(const similar_query& query) const {
  // A vocabulary prefix is not something FAISS can filter: search.hpp does it exactly.
  if (!approximate_ || (query.restrict_vocab != 0 && query.restrict_vocab < vectors_.size())) {
    return models::most_similar(vectors_, query);
  }
  auto mean = query_vector(vectors_, query.positive, query.negative);
  WORDHALL_TRY(mean);
  return to_scored_words(vectors_,
                         nearest(mean.value(), query.topn, query_exclusions(vectors_, query)));
}

std::string index_cache_path(const std::string& vectors_path, approximate_kind kind) {
  return vectors_path + (kind == approximate_kind::ivf ? ".ivf" : ".hnsw");
}

result<vector_index> open_vector_index(const std::string& path, index_options options) {
  load_options load;
  load.progress = progress_mode::never;
  auto vectors = load_vectors_cached(path, load);
  WORDHALL_TRY(vectors);
  const auto structure = index_structure(vectors->size(), options);
  if (options.cache_path.empty() && structure) {
    options.cache_path = index_cache_path(path, *structure);
  }
  return vector_index::open(std::move(vectors).value(), options);
}

}  // namespace wordhall::models
