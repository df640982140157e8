// vector_index: the one nearest-word search the games and the CLI use. It owns the embeddings and,
// for large vocabularies, an approximate index over them; callers never pick a structure.
//
// Contract:
//   - Results follow search.hpp: best first, scores are cosines, `exclude` rows never returned.
//   - Exact (Eigen, search.hpp) below `approximate_from` words, approximate (FAISS, see
//     approximate_index.hpp) from there on: HNSW below `ivf_from` words, IVF above; `mode`
//     can force any of the three. Approximate results may miss
//     a true neighbour (recall@10 0.98 on the default vectors with HNSW); they never contain excluded rows.
//   - Exclusions with an approximate index: the index is asked for topn + |exclude| neighbours and
//     the excluded ones dropped, so up to `max_overfetch` exclusions cost one search; more than
//     that, or a `restrict_vocab` (a prefix FAISS cannot filter), fall back to exact search, whose
//     results are then identical to search.hpp's.
//   - open_vector_index() loads a vectors file and, when approximate, the index cached next to it
//     ("<file>.hnsw" or "<file>.ivf"); a missing or stale cache is rebuilt and rewritten, and a
//     cache that cannot be written only costs the rebuild at the next start.
//   - Immutable once opened and cheap to copy (copies share the matrix and the index); searches
//     may run concurrently.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "models/approximate_index.hpp"
#include "models/embeddings.hpp"
#include "models/search.hpp"

namespace wordhall::models {

// How searches run. exact: always Eigen. hnsw, ivf: that FAISS structure at any size.
// approximate: the structure by size, HNSW below `ivf_from` words and IVF from there (HNSW's
// build grows to hours at millions of rows on two cores; IVF's takes minutes). automatic: exact
// below `approximate_from` words, else as approximate.
enum class search_mode { automatic, exact, approximate, hnsw, ivf };

// "auto", "exact", "approximate", "hnsw", "ivf": the names settings and flags use.
const std::vector<std::string>& search_mode_names();
std::optional<search_mode> parse_search_mode(std::string_view name);

struct index_options {
  search_mode mode = search_mode::automatic;
  // automatic: approximate from this many words (exact search over 100k x 100 takes ~2 ms).
  size_t approximate_from = 100000;
  size_t ivf_from = 1000000;
  size_t max_overfetch = 256;
  approximate_options approximate;
  // Where open() reads and writes the built index; empty: build in memory, cache nothing.
  std::string cache_path;
  // false: without a current cache, search exactly rather than build (minutes at start-up).
  bool build_missing = true;
};

// How open() obtained the approximate index, for logs and the benchmark.
enum class index_origin { none, built, cache };

class vector_index {
 public:
  vector_index() = default;
  // Errors: those of approximate_index::build, when it is needed and fails.
  static result<vector_index> open(embeddings vectors, const index_options& options);

  const embeddings& vectors() const { return vectors_; }
  bool approximate() const { return approximate_ != nullptr; }
  index_origin origin() const { return origin_; }

  std::vector<neighbour> nearest(const Eigen::VectorXf& query, size_t topn,
                                 std::vector<uint32_t> exclude = {}) const;
  // `exclusions` is empty or holds one list per row of `queries`.
  std::vector<std::vector<neighbour>> nearest_batch(
      const query_matrix& queries, size_t topn,
      std::vector<std::vector<uint32_t>> exclusions = {}) const;
  // gensim's most_similar (see search.hpp) through this index.
  result<std::vector<scored_word>> most_similar(const similar_query& query) const;

 private:
  std::vector<neighbour> filtered(std::vector<neighbour> found, std::vector<uint32_t> exclude,
                                  size_t topn) const;

  embeddings vectors_;
  std::shared_ptr<const approximate_index> approximate_;
  size_t max_overfetch_ = 0;
  index_origin origin_ = index_origin::none;
};

// The structure `options` gives a vocabulary of `rows` words; std::nullopt: exact search.
std::optional<approximate_kind> index_structure(size_t rows, const index_options& options);

// The cache file open_vector_index() uses for `vectors_path` with `kind`.
std::string index_cache_path(const std::string& vectors_path, approximate_kind kind);

// Loads `path` (any format load_vectors reads) and opens an index over it, caching as above;
// `options.cache_path` is filled in when empty.
result<vector_index> open_vector_index(const std::string& path, index_options options = {});

}  // namespace wordhall::models
