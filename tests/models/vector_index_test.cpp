// Exact (Eigen) against approximate (FAISS) search through vector_index: agreement, exclusions,
// fallbacks to exact, and the index cache file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>

#include "models/search.hpp"
#include "models/vector_index.hpp"
#include "tests/models/vector_fixtures.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;

namespace {

// Gaussian rows and queries: no structure to exploit, which makes 32 dimensions a fair test.
const embeddings& random_vectors() {
  static const embeddings vectors = [] {
    std::mt19937 rng(1234);
    std::normal_distribution<float> normal;
    embeddings_builder builder(32, 0, 20000);
    std::vector<float> row(32);
    for (int i = 0; i < 20000; ++i) {
      for (float& v : row) v = normal(rng);
      REQUIRE(builder.add("w" + std::to_string(i), row.data()).ok());
    }
    return std::move(builder).finish();
  }();
  return vectors;
}

query_matrix random_queries(int count) {
  std::mt19937 rng(99);
  std::normal_distribution<float> normal;
  query_matrix queries(count, 32);
  for (Eigen::Index i = 0; i < queries.size(); ++i) queries.data()[i] = normal(rng);
  queries.rowwise().normalize();
  return queries;
}

index_options approximate_options_for_tests() {
  index_options options;
  options.mode = search_mode::approximate;
  options.approximate.m = 16;
  options.approximate.ef_construction = 100;
  options.approximate.ef_search = 128;
  return options;
}

const vector_index& approximate_index_for_tests() {
  static const vector_index index =
      vector_index::open(random_vectors(), approximate_options_for_tests()).value();
  return index;
}

bool same(const std::vector<neighbour>& a, const std::vector<neighbour>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].index != b[i].index || a[i].score != b[i].score) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("HNSW finds what exact search finds: recall@10 at least 0.98", "[models]") {
  const auto& index = approximate_index_for_tests();
  REQUIRE(index.approximate());
  auto queries = random_queries(200);
  auto exact = nearest_batch(random_vectors(), queries, 10);
  auto batch = index.nearest_batch(queries, 10);
  size_t hits = 0;
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    auto found = index.nearest(queries.row(q).transpose(), 10);
    REQUIRE(found.size() == 10);
    CHECK(same(found, batch[size_t(q)]));
    for (size_t i = 1; i < found.size(); ++i) CHECK(found[i - 1].score >= found[i].score);
    for (const auto& e : exact[size_t(q)]) {
      for (const auto& f : found) {
        if (f.index == e.index) {
          ++hits;
          CHECK(f.score == Approx(e.score).margin(1e-5));
        }
      }
    }
  }
  CHECK(double(hits) / (200 * 10) >= 0.98);
}

TEST_CASE("excluded rows never come back, and topn is still filled", "[models]") {
  const auto& index = approximate_index_for_tests();
  auto queries = random_queries(20);
  auto exact = nearest_batch(random_vectors(), queries, 5);
  std::vector<std::vector<uint32_t>> exclusions;
  for (const auto& best : exact) {
    exclusions.emplace_back();
    for (const auto& n : best) exclusions.back().push_back(n.index);
  }
  auto batch = index.nearest_batch(queries, 10, exclusions);
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    const auto& excluded = exclusions[size_t(q)];
    auto found = index.nearest(queries.row(q).transpose(), 10, excluded);
    REQUIRE(found.size() == 10);
    REQUIRE(batch[size_t(q)].size() == 10);
    for (const auto& f : found) {
      CHECK(std::find(excluded.begin(), excluded.end(), f.index) == excluded.end());
    }
    for (const auto& f : batch[size_t(q)]) {
      CHECK(std::find(excluded.begin(), excluded.end(), f.index) == excluded.end());
    }
  }
}

TEST_CASE("too many exclusions, a small vocabulary or restrict_vocab give exact results",
          "[models]") {
  auto options = approximate_options_for_tests();
  options.max_overfetch = 4;
  // Same options as the shared index except max_overfetch; reuse its vectors.
  auto index = vector_index::open(random_vectors(), options);
  REQUIRE(index.ok());
  auto queries = random_queries(5);
  std::vector<uint32_t> many{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    Eigen::VectorXf query = queries.row(q).transpose();
    CHECK(same(index->nearest(query, 10, many), nearest(random_vectors(), query, 10, many)));
  }

  index_options automatic;
  automatic.approximate_from = 20001;
  auto small = vector_index::open(random_vectors(), automatic);
  REQUIRE(small.ok());
  CHECK_FALSE(small->approximate());
  Eigen::VectorXf query = queries.row(0).transpose();
  CHECK(same(small->nearest(query, 10), nearest(random_vectors(), query, 10, {})));

  similar_query restricted;
  restricted.positive = {"w1", "w2"};
  restricted.restrict_vocab = 1000;
  auto approximate = approximate_index_for_tests().most_similar(restricted);
  auto exact = most_similar(random_vectors(), restricted);
  REQUIRE(approximate.ok());
  REQUIRE(exact.ok());
  REQUIRE(approximate->size() == exact->size());
  for (size_t i = 0; i < exact->size(); ++i) CHECK(approximate.value()[i].word == exact.value()[i].word);
}

TEST_CASE("the index cache is reused only for the vectors and options it was built with",
          "[models]") {
  auto dir = std::filesystem::temp_directory_path() / "wordhall-vector-index-test";
  std::filesystem::create_directories(dir);
  const std::string cache = (dir / "vectors.hnsw").string();
  std::filesystem::remove(cache);
  auto vectors = make_embeddings(sample_vectors());
  auto options = approximate_options_for_tests();
  options.cache_path = cache;

  auto built = vector_index::open(vectors, options);
  REQUIRE(built.ok());
  CHECK(built->origin() == index_origin::built);
  REQUIRE(std::filesystem::exists(cache));
  auto loaded = vector_index::open(vectors, options);
  REQUIRE(loaded.ok());
  CHECK(loaded->origin() == index_origin::cache);
  Eigen::VectorXf query = vectors.vector(0);
  CHECK(same(loaded->nearest(query, 3), built->nearest(query, 3)));

  auto other_options = options.approximate;
  other_options.m = 8;
  CHECK(approximate_index::load(cache, vectors, other_options).err().code == "stale_index");
  auto other_vectors = make_embeddings({{"king", {3, 0, 4}}, {"queen", {1, 1, 1}}, {"x", {1, 0, 0}}});
  CHECK(approximate_index::load(cache, other_vectors, options.approximate).err().code ==
        "stale_index");

  std::filesystem::resize_file(cache, 60);
  CHECK(approximate_index::load(cache, vectors, options.approximate).err().code == "data_loss");
  auto rebuilt = vector_index::open(vectors, options);
  REQUIRE(rebuilt.ok());
  CHECK(rebuilt->origin() == index_origin::built);
  CHECK(approximate_index::load(cache, vectors, options.approximate).ok());
  std::filesystem::remove_all(dir);
}

TEST_CASE("the HNSW cache holds the graph, not a second copy of the rows", "[models]") {
  auto dir = std::filesystem::temp_directory_path() / "wordhall-vector-index-graph-test";
  std::filesystem::create_directories(dir);
  const std::string cache = (dir / "vectors.hnsw").string();
  std::filesystem::remove(cache);
  auto options = approximate_options_for_tests();
  options.cache_path = cache;
  auto built = vector_index::open(random_vectors(), options);
  REQUIRE(built.ok());
  REQUIRE(built->origin() == index_origin::built);

  // The graph alone is a little more than its bottom layer's 2m links a row; with the rows the
  // file would pass the two together.
  const size_t rows = random_vectors().size();
  const size_t bottom_links = rows * 2 * static_cast<size_t>(options.approximate.m) * 4;
  const size_t row_bytes = rows * random_vectors().dimensions() * sizeof(float);
  CHECK(std::filesystem::file_size(cache) > bottom_links);
  CHECK(std::filesystem::file_size(cache) < bottom_links + row_bytes);

  auto loaded = vector_index::open(random_vectors(), options);
  REQUIRE(loaded.ok());
  REQUIRE(loaded->origin() == index_origin::cache);
  auto queries = random_queries(50);
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    Eigen::VectorXf query = queries.row(q).transpose();
    CHECK(same(loaded->nearest(query, 10), built->nearest(query, 10)));
  }
  std::filesystem::remove_all(dir);
}
