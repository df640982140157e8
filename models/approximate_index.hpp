// approximate_index: FAISS nearest-neighbour search over the unit rows of an embeddings value,
// scored by inner product (= cosine, rows being unit length), so scores compare with search.hpp's.
//
// Contract:
//   - Two structures. HNSW (IndexHNSWFlat): no training, best recall per microsecond; its build is
//     O(n log n) graph insertion, a minute or more for 341k x 100 on two cores: hence the cache.
//     Its rows sit in a FAISS flat index whose distances use models/inner_product (AVX2 + FMA)
//     rather than the scalar loop of Debian's generic FAISS build: twice as fast a search.
//     IVF (IndexIVFFlat): rows bucketed by spherical k-means centroids (models/kmeans.hpp, its
//     products through OpenBLAS), the nearest buckets found by scanning the centroids; builds
//     in minutes where HNSW would take hours (3M x 300 into 8,192 lists: ~4 minutes).
//   - search() returns up to k neighbours, best first; fewer only when the index holds fewer rows.
//     Results are approximate: a true neighbour may be missing, never an invented one.
//   - The cache file ("<vectors>.hnsw" by convention) holds a header identifying the vectors it was
//     built from (see approximate_index.cpp) followed by FAISS's own serialisation (for HNSW, of
//     the graph alone: load() takes the rows from the `vectors` it is given); load() refuses
//     a file built from other vectors or with other options (`stale_index`), and a truncated or
//     unreadable one (`data_loss`, `io_error`), so a caller rebuilds rather than trusting it.
// FAISS headers stay in the .cpp (pimpl): only this pair of files compiles against them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/embeddings.hpp"
#include "models/search.hpp"

namespace wordhall::models {

enum class approximate_kind : uint32_t { hnsw = 1, ivf = 2 };

struct approximate_options {
  approximate_kind kind = approximate_kind::hnsw;
  // HNSW: links per node, candidate list while building, and while searching (raised to k when a
  // search asks for more). Tuned on the default vocabulary: recall@10 0.98 at ~0.35 ms a query.
  int m = 24;
  int ef_construction = 64;
  int ef_search = 144;
  // IVF: buckets (at most one per 64 rows), buckets visited per query, rows k-means trains on
  // (at least 48 per bucket, as far as there are rows), and its iterations. Tuned on the
  // synthetic 3M x 300 matrix of tools/bench-embeddings: 8,192 lists and 8 probes give recall@1
  // 0.995 at ~0.75 ms p99; 100,000 training rows instead of 400,000 cost 3-4 points of recall.
  size_t lists = 8192;
  size_t probes = 8;
  size_t training_rows = 400000;
  int training_iterations = 8;
};

class approximate_index {
 public:
  approximate_index();
  approximate_index(approximate_index&&) noexcept;
  approximate_index& operator=(approximate_index&&) noexcept;
  ~approximate_index();

  // Builds over every row of `vectors`, which the index copies (FAISS stores its own rows).
  static result<approximate_index> build(const embeddings& vectors,
                                         const approximate_options& options);
  // Errors: `io_error`, `data_loss`, `stale_index` (see the contract above).
  static result<approximate_index> load(const std::string& path, const embeddings& vectors,
                                        const approximate_options& options);
  // Writes `path` + ".tmp" and renames, so a reader never sees half a file.
  result<void> save(const std::string& path, const embeddings& vectors) const;

  size_t size() const;
  const approximate_options& options() const;
  // Search-time knobs, without rebuilding: ef_search for HNSW, probes for IVF. Not safe while
  // another thread searches this index (FAISS keeps them on the index, not per query).
  void set_ef_search(int ef_search);
  void set_probes(size_t probes);

  std::vector<neighbour> search(const float* query, size_t k) const;
  // One result list per row of `queries`.
  std::vector<std::vector<neighbour>> search_batch(const query_matrix& queries, size_t k) const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace wordhall::models
