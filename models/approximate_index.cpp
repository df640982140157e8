// FAISS behind approximate_index; the contract is in approximate_index.hpp.
//
// Cache file layout, integers little-endian:
//   0   8  magic "WHANN2\0\0"
//   8   4  kind (1 HNSW, 2 IVF)
//   12  4  dimensions
//   16  8  count of rows
//   24  8  fingerprint of the vectors: FNV-1a 64 over the words (each followed by a 0 byte) and
//          the source norms, which change whenever a source vector does; cheap (~5 ms at 341k)
//          where hashing the matrix itself would cost more than the load it guards
//   32  4  m, 4 ef_construction (HNSW) or 8 lists (IVF): a file built otherwise is stale
//   40  .. FAISS's write_index serialisation; an HNSW index is written with empty storage: its
//          rows are the vectors' own unit rows, which load() copies from the embeddings it is
//          given (the fingerprint vouches that they are the same), so the file holds the graph
//          alone and a server start reads the matrix once, not twice. ("WHANN1" files held the
//          rows too; they read as not a cache and are rebuilt.)
#include "models/approximate_index.hpp"

#include <faiss/IndexFlat.h>
#include <faiss/IndexHNSW.h>
#include <faiss/IndexIVFFlat.h>
#include <faiss/index_io.h>
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <numeric>

#include "models/inner_product.hpp"
#include "models/kmeans.hpp"

namespace wordhall::models {
namespace {

constexpr char cache_magic[8] = {'W', 'H', 'A', 'N', 'N', '2', '\0', '\0'};

struct cache_header {
  char magic[8];
  uint32_t kind;
  uint32_t dimensions;
  uint64_t count;
  uint64_t fingerprint;
  uint64_t shape;  // m << 32 | ef_construction for HNSW, lists for IVF
};
static_assert(sizeof(cache_header) == 40, "the cache header is 40 bytes on disk");

uint64_t fingerprint(const embeddings& vectors) {
  uint64_t hash = 14695981039346656037ull;
  auto mix = [&hash](const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ull;
  };
  for (size_t i = 0; i < vectors.size(); ++i) {
    auto word = vectors.word(i);
    mix(word.data(), word.size());
    mix("", 1);
  }
  if (vectors.size() > 0) mix(vectors.norm_data(), vectors.size() * sizeof(float));
  return hash;
}

uint64_t shape_of(const approximate_options& options) {
  if (options.kind == approximate_kind::ivf) return options.lists;
  return uint64_t(uint32_t(options.m)) << 32 | uint32_t(options.ef_construction);
}

cache_header header_for(const embeddings& vectors, const approximate_options& options) {
  cache_header header{};
  std::memcpy(header.magic, cache_magic, sizeof cache_magic);
  header.kind = static_cast<uint32_t>(options.kind);
  header.dimensions = static_cast<uint32_t>(vectors.dimensions());
  header.count = vectors.size();
  header.fingerprint = fingerprint(vectors);
  header.shape = shape_of(options);
  return header;
}

struct file_closer {
  void operator()(FILE* f) const { std::fclose(f); }
};
using file_ptr = std::unique_ptr<FILE, file_closer>;


// Sets the calling thread's OpenMP team size for one FAISS call. FAISS opens a parallel region
// even for one query; on two cores shared with the server's own threads, the spinning team costs
// far more than it saves (15 ms instead of 0.1 ms a query), so searches run on the caller's thread
// and only the one-off build uses every core.
class omp_threads {
 public:
  explicit omp_threads(int n) : saved_(omp_get_max_threads()) { omp_set_num_threads(n); }
  ~omp_threads() { omp_set_num_threads(saved_); }
  omp_threads(const omp_threads&) = delete;
  omp_threads& operator=(const omp_threads&) = delete;

 private:
  int saved_;
};

// Row-major float storage whose distances go through models/inner_product (AVX2 + FMA where
// the processor has them) instead of FAISS's scalar fallback: HNSW computes thousands of them a
// query. Cache files never hold it (see write_graph_only): load() makes a new one from the
// vectors.
struct fast_flat_ip : faiss::IndexFlatIP {
  explicit fast_flat_ip(faiss::Index::idx_t dims) : faiss::IndexFlatIP(dims) {}
  faiss::FlatCodesDistanceComputer* get_FlatCodesDistanceComputer() const override;
};

class fast_ip_distance : public faiss::FlatCodesDistanceComputer {
 public:
  explicit fast_ip_distance(const fast_flat_ip& storage)
      : faiss::FlatCodesDistanceComputer(storage.codes.data(), storage.code_size),
        dims_(static_cast<size_t>(storage.d)),
        rows_(reinterpret_cast<const float*>(storage.codes.data())) {}

  void set_query(const float* query) override { query_ = query; }
  float distance_to_code(const uint8_t* code) override {
    return inner_product(query_, reinterpret_cast<const float*>(code), dims_);
  }
  float symmetric_dis(idx_t i, idx_t j) override {
    return inner_product(rows_ + static_cast<size_t>(i) * dims_,
                         rows_ + static_cast<size_t>(j) * dims_, dims_);
  }

 private:
  size_t dims_;
  const float* rows_;
  const float* query_ = nullptr;
};

faiss::FlatCodesDistanceComputer* fast_flat_ip::get_FlatCodesDistanceComputer() const {
  return new fast_ip_distance(*this);
}

void replace_storage(faiss::IndexHNSW& hnsw, std::unique_ptr<faiss::Index> storage) {
  if (hnsw.own_fields) delete hnsw.storage;
  hnsw.storage = storage.release();
  hnsw.own_fields = true;
}

// Writes an HNSW index with empty storage in place of its rows (see the layout above), putting
// the rows back afterwards, also when writing throws.
void write_graph_only(faiss::IndexHNSW& hnsw, FILE* file) {
  faiss::IndexFlatIP empty(hnsw.d);
  struct put_back {
    faiss::IndexHNSW& hnsw;
    faiss::Index* rows;
    ~put_back() { hnsw.storage = rows; }
  } restore{hnsw, hnsw.storage};
  hnsw.storage = &empty;
  faiss::write_index(&hnsw, file);
}

}  // namespace

struct approximate_index::impl {
  approximate_options options;
  std::unique_ptr<faiss::Index> index;

  // FAISS 1.7.3 ignores SearchParametersHNSW, so the knobs live on the index itself.
  void apply_search_options() {
    if (auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(index.get())) {
      hnsw->hnsw.efSearch = options.ef_search;
    } else if (auto* ivf = dynamic_cast<faiss::IndexIVF*>(index.get())) {
      ivf->nprobe = options.probes;
    }
  }

  // IVF with the nearest lists found by one Eigen product with the centroids: FAISS's flat
  // quantizer scans them one inner product at a time (~1.4 ms for 8,192 x 300 here, the product
  // ~0.13 ms), then FAISS scans the chosen lists.
  static void search_ivf(const faiss::IndexIVF& ivf, size_t n, const float* queries, size_t k,
                         float* scores, faiss::Index::idx_t* labels) {
    const auto* flat = dynamic_cast<const faiss::IndexFlat*>(ivf.quantizer);
    const auto lists = static_cast<Eigen::Index>(ivf.nlist);
    const auto dims = static_cast<Eigen::Index>(ivf.d);
    const size_t probes = std::min(ivf.nprobe, ivf.nlist);
    if (!flat || probes == 0) {
      ivf.search(static_cast<faiss::Index::idx_t>(n), queries, static_cast<faiss::Index::idx_t>(k),
                 scores, labels);
      return;
    }
    Eigen::Map<const query_matrix> centroids(flat->get_xb(), lists, dims);
    Eigen::Map<const query_matrix> rows(queries, static_cast<Eigen::Index>(n), dims);
    query_matrix coarse = rows * centroids.transpose();
    std::vector<faiss::Index::idx_t> chosen(n * probes);
    std::vector<float> chosen_scores(n * probes);
    std::vector<faiss::Index::idx_t> order(ivf.nlist);
    for (size_t q = 0; q < n; ++q) {
      const float* row = coarse.data() + q * ivf.nlist;
      std::iota(order.begin(), order.end(), faiss::Index::idx_t{0});
      std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(probes),
                        order.end(), [row](auto a, auto b) { return row[a] > row[b]; });
      for (size_t p = 0; p < probes; ++p) {
        chosen[q * probes + p] = order[p];
        chosen_scores[q * probes + p] = row[order[p]];
      }
    }
    ivf.search_preassigned(static_cast<faiss::Index::idx_t>(n), queries,
                           static_cast<faiss::Index::idx_t>(k), chosen.data(),
                           chosen_scores.data(), scores, labels, false);
  }

  std::vector<std::vector<neighbour>> search(size_t n, const float* queries, size_t k) const {
    std::vector<std::vector<neighbour>> out(n);
    if (k == 0 || n == 0) return out;
    std::vector<float> scores(n * k);
    std::vector<faiss::Index::idx_t> labels(n * k);
    {
      omp_threads single(1);
      if (auto* ivf = dynamic_cast<const faiss::IndexIVF*>(index.get())) {
        search_ivf(*ivf, n, queries, k, scores.data(), labels.data());
      } else {
        // HNSW widens its candidate list to k by itself when k exceeds efSearch.
        index->search(static_cast<faiss::Index::idx_t>(n), queries,
                      static_cast<faiss::Index::idx_t>(k), scores.data(), labels.data());
      }
    }
    for (size_t q = 0; q < n; ++q) {
      out[q].reserve(k);
      for (size_t j = q * k; j < (q + 1) * k; ++j) {
        if (labels[j] >= 0) out[q].push_back({static_cast<uint32_t>(labels[j]), scores[j]});
      }
    }
    return out;
  }
};

approximate_index::approximate_index() = default;
approximate_index::approximate_index(approximate_index&&) noexcept = default;
approximate_index& approximate_index::operator=(approximate_index&&) noexcept = default;
approximate_index::~approximate_index() = default;

result<approximate_index> approximate_index::build(const embeddings& vectors,
                                                   const approximate_options& options) {
  if (vectors.empty()) return make_error("bad_query", "cannot index an empty vocabulary");
  approximate_index out;
  out.impl_ = std::make_unique<impl>();
  out.impl_->options = options;
  const auto dims = static_cast<int>(vectors.dimensions());
  const auto count = static_cast<faiss::Index::idx_t>(vectors.size());
  try {
    omp_threads all(omp_get_num_procs());
    if (options.kind == approximate_kind::hnsw) {
      auto hnsw = std::make_unique<faiss::IndexHNSWFlat>(dims, options.m,
                                                         faiss::METRIC_INNER_PRODUCT);
      hnsw->hnsw.efConstruction = options.ef_construction;
      replace_storage(*hnsw, std::make_unique<fast_flat_ip>(dims));
      hnsw->add(count, vectors.row_data());
      out.impl_->index = std::move(hnsw);
    } else {
      const size_t lists = std::max<size_t>(1, std::min(options.lists, vectors.size() / 64));
      const size_t training_rows = std::max(options.training_rows, 48 * lists);
      auto centroids = spherical_kmeans(vectors.row_data(), vectors.size(), vectors.dimensions(),
                                        lists, training_rows, options.training_iterations,
                                        20240601);
      auto quantizer = std::make_unique<faiss::IndexFlatIP>(dims);
      quantizer->add(static_cast<faiss::Index::idx_t>(lists), centroids.data());
      auto ivf = std::make_unique<faiss::IndexIVFFlat>(quantizer.release(), dims, lists,
                                                       faiss::METRIC_INNER_PRODUCT);
      ivf->own_fields = true;
      ivf->is_trained = true;
      auto assignment = assign_to_centroids(vectors.row_data(), vectors.size(),
                                            vectors.dimensions(), centroids);
      ivf->add_core(count, vectors.row_data(), nullptr, assignment.data());
      out.impl_->index = std::move(ivf);
    }
    out.impl_->apply_search_options();
  } catch (const std::exception& e) {
    return make_error("index_failed", std::string("building the index failed: ") + e.what());
  }
  return out;
}

result<approximate_index> approximate_index::load(const std::string& path,
                                                  const embeddings& vectors,
                                                  const approximate_options& options) {
  file_ptr file(std::fopen(path.c_str(), "rb"));
  if (!file) return make_error("io_error", path + ": cannot open the index cache");
  cache_header stored{};
  if (std::fread(&stored, sizeof stored, 1, file.get()) != 1 ||
      std::memcmp(stored.magic, cache_magic, sizeof cache_magic) != 0) {
    return make_error("data_loss", path + ": not an index cache (bad magic or too short)");
  }
  const cache_header expected = header_for(vectors, options);
  if (std::memcmp(&stored, &expected, sizeof stored) != 0) {
    return make_error("stale_index", path + ": built from other vectors or other index options");
  }
  approximate_index out;
  out.impl_ = std::make_unique<impl>();
  out.impl_->options = options;
  try {
    out.impl_->index.reset(faiss::read_index(file.get()));
    if (auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(out.impl_->index.get())) {
      if (hnsw->storage == nullptr || hnsw->storage->ntotal != 0 ||
          hnsw->ntotal != static_cast<faiss::Index::idx_t>(vectors.size())) {
        return make_error("data_loss", path + ": the index's rows do not match its header");
      }
      auto rows = std::make_unique<fast_flat_ip>(hnsw->d);
      rows->add(hnsw->ntotal, vectors.row_data());
      replace_storage(*hnsw, std::move(rows));
    }
    out.impl_->apply_search_options();
  } catch (const std::exception& e) {
    return make_error("data_loss", path + ": unreadable index: " + e.what());
  }
  if (static_cast<uint64_t>(out.impl_->index->ntotal) != vectors.size() ||
      out.impl_->index->d != static_cast<int>(vectors.dimensions())) {
    return make_error("data_loss", path + ": the index does not match its header");
  }
  return out;
}

result<void> approximate_index::save(const std::string& path, const embeddings& vectors) const {
  const std::string temporary = path + ".tmp";
  {
    file_ptr file(std::fopen(temporary.c_str(), "wb"));
    if (!file) return make_error("io_error", temporary + ": cannot create");
    const cache_header header = header_for(vectors, impl_->options);
    try {
      if (std::fwrite(&header, sizeof header, 1, file.get()) != 1) throw std::runtime_error("");
      if (auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(impl_->index.get())) {
        write_graph_only(*hnsw, file.get());
      } else {
        faiss::write_index(impl_->index.get(), file.get());
      }
    } catch (const std::exception& e) {
      std::remove(temporary.c_str());
      return make_error("io_error", temporary + ": write failed " + e.what());
    }
    if (std::fflush(file.get()) != 0) return make_error("io_error", temporary + ": write failed");
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    return make_error("io_error", path + ": cannot rename " + temporary);
  }
  return {};
}

size_t approximate_index::size() const {
  return impl_ && impl_->index ? static_cast<size_t>(impl_->index->ntotal) : 0;
}

const approximate_options& approximate_index::options() const { return impl_->options; }

void approximate_index::set_ef_search(int ef_search) {
  impl_->options.ef_search = ef_search;
  impl_->apply_search_options();
}

void approximate_index::set_probes(size_t probes) {
  impl_->options.probes = probes;
  impl_->apply_search_options();
}

std::vector<neighbour> approximate_index::search(const float* query, size_t k) const {
  return std::move(impl_->search(1, query, k)[0]);
}

std::vector<std::vector<neighbour>> approximate_index::search_batch(const query_matrix& queries,
                                                                    size_t k) const {
  return impl_->search(static_cast<size_t>(queries.rows()), queries.data(), k);
}

}  // namespace wordhall::models
