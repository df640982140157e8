// bench_embeddings: nearest-word search figures, run by tools/bench-embeddings from the repository
// root after tools/prepare-data.
//   build/bench_embeddings [--vectors FILE] [--skip-large] [--large-rows N]
//                          [--lists N[,N...]] [--probes N[,N...]] [--training-rows N]
// (IVF shapes: each list count is built once and measured with each probe count.)
// Measures (a) the default vocabulary: exact (Eigen) and approximate (HNSW) most_similar-style
// queries, two positive words and one negative drawn from the 10,000 most frequent, the three
// inputs excluded; (b) a synthetic 3,000,000 x 300 matrix with cluster structure, searched by IVF
// (HNSW's build would take hours on two cores) with queries near its rows; (c) a batch of 50
// moves. Recall@k is the share of exact search's top k that the approximate top k holds. Load
// time is the compact file mapped plus the cached index read: what `serve` pays at start-up.
// Prints a table and, last, one JSON line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "models/approximate_index.hpp"
#include "models/blas_kernels.hpp"
#include "models/search.hpp"
#include "models/vector_file.hpp"
#include "models/vector_index.hpp"

using namespace wordhall::models;
using clock_type = std::chrono::steady_clock;

namespace {

double ms_since(clock_type::time_point start) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(p * double(values.size() - 1) + 0.5)];
}

double recall(const std::vector<neighbour>& exact, const std::vector<neighbour>& found, size_t k) {
  size_t hits = 0, n = std::min(k, exact.size());
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < std::min(k, found.size()); ++j) hits += found[j].index == exact[i].index;
  }
  return n ? double(hits) / double(n) : 1.0;
}

struct figures {
  std::string name;
  double p50 = 0, p99 = 0, recall1 = 0, recall10 = 0, exact_p50 = 0;
};

// Times `search` per query against exact results computed once.
figures measure(const std::string& name,
                const std::function<std::vector<neighbour>(const Eigen::VectorXf&, size_t)>& search,
                const query_matrix& queries, const std::vector<std::vector<neighbour>>& exact,
                double exact_p50) {
  figures out{name};
  out.exact_p50 = exact_p50;
  std::vector<double> latencies;
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    Eigen::VectorXf query = queries.row(q).transpose();
    auto start = clock_type::now();
    auto found = search(query, size_t(q));
    latencies.push_back(ms_since(start));
    out.recall1 += recall(exact[size_t(q)], found, 1);
    out.recall10 += recall(exact[size_t(q)], found, 10);
  }
  out.recall1 /= double(queries.rows());
  out.recall10 /= double(queries.rows());
  out.p50 = percentile(latencies, 0.5);
  out.p99 = percentile(latencies, 0.99);
  return out;
}

double exact_latency(const embeddings& vectors, const query_matrix& queries, size_t count) {
  std::vector<double> latencies;
  for (Eigen::Index q = 0; q < Eigen::Index(std::min<size_t>(count, queries.rows())); ++q) {
    Eigen::VectorXf query = queries.row(q).transpose();
    auto start = clock_type::now();
    nearest(vectors, query, 10, {});
    latencies.push_back(ms_since(start));
  }
  return percentile(latencies, 0.5);
}

// Unit rows near `centres` random cluster centres: each row is centre + noise of about the same
// length, so cluster mates have cosine ~0.5 and strangers ~0, as in real embeddings' topics.
embeddings synthetic_vectors(size_t rows, size_t dims, size_t centres, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  query_matrix centre(static_cast<Eigen::Index>(centres), static_cast<Eigen::Index>(dims));
  for (Eigen::Index i = 0; i < centre.size(); ++i) centre.data()[i] = normal(rng);
  centre.rowwise().normalize();
  embeddings_parts parts;
  parts.dimensions = dims;
  parts.owned_rows.resize(rows * dims);
  parts.owned_norms.assign(rows, 1.0f);
  auto names = std::make_unique<char[]>(rows * 12);
  std::uniform_int_distribution<size_t> pick(0, centres - 1);
  const float noise_scale = 1.0f / std::sqrt(float(dims));
  for (size_t r = 0; r < rows; ++r) {
    Eigen::Map<Eigen::VectorXf> row(parts.owned_rows.data() + r * dims, Eigen::Index(dims));
    row = centre.row(Eigen::Index(pick(rng))).transpose();
    for (size_t d = 0; d < dims; ++d) row[Eigen::Index(d)] += noise_scale * normal(rng);
    row.normalize();
    char* name = names.get() + r * 12;
    const int length = std::snprintf(name, 12, "w%zu", r % 100000000);
    parts.words.emplace_back(name, size_t(length));
  }
  parts.word_chunks.push_back(std::move(names));
  return embeddings(std::move(parts));
}

std::vector<size_t> numbers(const char* text) {
  std::vector<size_t> out;
  std::stringstream list(text);
  for (std::string item; std::getline(list, item, ',');) out.push_back(std::stoul(item));
  return out;
}

void print(const figures& f) {
  std::printf("%-34s %8.3f %8.3f %9.3f %9.3f %10.2f\n", f.name.c_str(), f.p50, f.p99, f.recall1,
              f.recall10, f.exact_p50);
}

void write(wordhall::json_writer& out, const figures& f) {
  out.begin_object().field("name", f.name).field("p50_ms", f.p50).field("p99_ms", f.p99);
  out.field("recall_at_1", f.recall1).field("recall_at_10", f.recall10);
  out.field("exact_p50_ms", f.exact_p50).end_object();
}

}  // namespace

int main(int argc, char** argv) {
  wordhall::models::use_native_blas_kernels(argv);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress lines show when piped to a file
  std::string path = "data/embeddings/glove-6b-100d.whv";
  bool skip_large = false;
  size_t large_rows = 3000000;
  // IVF shapes to measure; empty: approximate_options' defaults. Each list count is built once
  // and searched with each probe count.
  std::vector<size_t> lists, probes;
  size_t training_rows = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--skip-large")) skip_large = true;
    else if (!std::strcmp(argv[i], "--vectors") && i + 1 < argc) path = argv[++i];
    else if (!std::strcmp(argv[i], "--large-rows") && i + 1 < argc) large_rows = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--lists") && i + 1 < argc) lists = numbers(argv[++i]);
    else if (!std::strcmp(argv[i], "--probes") && i + 1 < argc) probes = numbers(argv[++i]);
    else if (!std::strcmp(argv[i], "--training-rows") && i + 1 < argc) {
      training_rows = std::stoul(argv[++i]);
    } else {
      std::fprintf(stderr,
                   "usage: bench_embeddings [--vectors FILE] [--skip-large] [--large-rows N] "
                   "[--lists N[,N...]] [--probes N[,N...]] [--training-rows N]\n");
      return 2;
    }
  }

  // Start-up: the first open may build the cache; the timed ones read it, as `serve` does.
  index_options options;
  options.mode = search_mode::approximate;
  auto start = clock_type::now();
  auto first = open_vector_index(path, options);
  if (!first) {
    std::fprintf(stderr, "%s\n", first.err().message.c_str());
    return 1;
  }
  const double first_ms = ms_since(start);
  const bool built = first->origin() == index_origin::built;
  std::vector<double> loads;
  for (int i = 0; i < 3; ++i) {
    start = clock_type::now();
    auto again = open_vector_index(path, options);
    loads.push_back(ms_since(start));
    if (!again || again->origin() != index_origin::cache) {
      std::fprintf(stderr, "the index cache was not reused\n");
      return 1;
    }
  }
  const double load_ms = percentile(loads, 0.5);
  const vector_index& index = first.value();
  const embeddings& vectors = index.vectors();

  std::mt19937 rng(42);
  std::uniform_int_distribution<uint32_t> common(0, uint32_t(std::min<size_t>(10000, vectors.size()) - 1));
  const Eigen::Index count = 200;
  query_matrix queries(count, Eigen::Index(vectors.dimensions()));
  std::vector<std::vector<uint32_t>> excluded(count);
  for (Eigen::Index q = 0; q < count; ++q) {
    uint32_t a = common(rng), b = common(rng), c = common(rng);
    excluded[size_t(q)] = {a, b, c};
    std::vector<std::string> positive{std::string(vectors.word(a)), std::string(vectors.word(b))};
    queries.row(q) = query_vector(vectors, positive, {std::string(vectors.word(c))}).value().transpose();
  }
  auto exact = nearest_batch(vectors, queries, 10, excluded);
  std::vector<figures> results;
  const double default_exact = exact_latency(vectors, queries, 50);
  results.push_back(measure("default " + std::to_string(vectors.size()) + "x" +
                                std::to_string(vectors.dimensions()) + " hnsw",
                            [&](const Eigen::VectorXf& query, size_t q) {
                              return index.nearest(query, 10, excluded[q]);
                            },
                            queries, exact, default_exact));

  // A batch of 50 moves: one call, each with its own three exclusions.
  query_matrix batch = queries.topRows(50);
  std::vector<std::vector<uint32_t>> batch_excluded(excluded.begin(), excluded.begin() + 50);
  std::vector<double> exact_batches, approximate_batches;
  for (int round = 0; round < 10; ++round) {
    auto s = clock_type::now();
    nearest_batch(vectors, batch, 10, batch_excluded);
    exact_batches.push_back(ms_since(s));
    s = clock_type::now();
    index.nearest_batch(batch, 10, batch_excluded);
    approximate_batches.push_back(ms_since(s));
  }
  figures batch_figures{"batch of 50 moves (ms per batch)"};
  batch_figures.p50 = percentile(approximate_batches, 0.5);
  batch_figures.p99 = percentile(approximate_batches, 1.0);
  batch_figures.exact_p50 = percentile(exact_batches, 0.5);
  auto batch_found = index.nearest_batch(batch, 10, batch_excluded);
  for (size_t q = 0; q < 50; ++q) {
    batch_figures.recall1 += recall(exact[q], batch_found[q], 1) / 50;
    batch_figures.recall10 += recall(exact[q], batch_found[q], 10) / 50;
  }
  results.push_back(batch_figures);

  std::vector<std::pair<size_t, double>> large_builds;  // lists, seconds
  if (!skip_large) {
    const size_t dims = 300;
    start = clock_type::now();
    auto large = synthetic_vectors(large_rows, dims, 10000, 7);
    std::printf("synthetic %zu x %zu generated in %.1f s\n", large_rows, dims,
                ms_since(start) / 1000);
    if (lists.empty()) lists.push_back(approximate_options{}.lists);
    // Queries near rows of the matrix, as a clue lies near the words it hints at.
    std::normal_distribution<float> normal(0.0f, 0.6f / std::sqrt(float(dims)));
    std::uniform_int_distribution<size_t> any_row(0, large_rows - 1);
    query_matrix near_rows(count, Eigen::Index(dims));
    for (Eigen::Index q = 0; q < count; ++q) {
      near_rows.row(q) = large.vector(any_row(rng)).transpose();
      for (Eigen::Index d = 0; d < Eigen::Index(dims); ++d) near_rows(q, d) += normal(rng);
      near_rows.row(q).normalize();
    }
    auto large_exact = nearest_batch(large, near_rows, 10);
    const double large_exact_p50 = exact_latency(large, near_rows, 5);
    if (probes.empty()) probes.push_back(approximate_options{}.probes);
    for (size_t list_count : lists) {
      approximate_options ivf;
      ivf.kind = approximate_kind::ivf;
      ivf.lists = list_count;
      if (training_rows) ivf.training_rows = training_rows;
      start = clock_type::now();
      auto large_index = approximate_index::build(large, ivf);
      const double build_s = ms_since(start) / 1000;
      if (!large_index) {
        std::fprintf(stderr, "%s\n", large_index.err().message.c_str());
        return 1;
      }
      large_builds.emplace_back(list_count, build_s);
      std::printf("synthetic %zu x %zu: IVF (%zu lists, k-means on %zu rows) built in %.1f s\n",
                  large_rows, dims, list_count, ivf.training_rows, build_s);
      for (size_t p : probes) {
        large_index->set_probes(p);
        results.push_back(measure("synthetic " + std::to_string(large_rows) +
                                      "x300 ivf " + std::to_string(list_count) + "/" +
                                      std::to_string(p),
                                  [&](const Eigen::VectorXf& query, size_t) {
                                    return large_index->search(query.data(), 10);
                                  },
                                  near_rows, large_exact, large_exact_p50));
      }
    }
  }

  std::printf("\n%-34s %8s %8s %9s %9s %10s\n", "case", "p50 ms", "p99 ms", "recall@1",
              "recall@10", "exact p50");
  for (const auto& f : results) print(f);
  std::printf("\ndefault data ready (map + cached index, median of 3): %.0f ms%s\n", load_ms,
              built ? "" : " (cache existed)");
  if (built) std::printf("first start (HNSW built and cached): %.1f s\n", first_ms / 1000);

  wordhall::json_writer out;
  out.begin_object().field("load_ms", load_ms);
  if (built) out.field("hnsw_build_s", first_ms / 1000);
  if (!large_builds.empty()) {
    out.key("ivf_builds").begin_array();
    for (auto [list_count, seconds] : large_builds) {
      out.begin_object().field("lists", list_count).field("build_s", seconds).end_object();
    }
    out.end_array();
  }
  out.key("cases").begin_array();
  for (const auto& f : results) write(out, f);
  out.end_array().end_object();
  std::printf("%s\n", out.str().c_str());
  return 0;
}
