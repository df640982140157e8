// IVF (FAISS IndexIVFFlat over spherical k-means buckets) against exact search, and which
// structure vector_index picks for a vocabulary's size and the configured search mode.
#include <catch2/catch.hpp>

#include <random>

#include "models/search.hpp"
#include "models/vector_index.hpp"
#include "tests/models/vector_fixtures.hpp"

using namespace wordhall::models;

namespace {

constexpr int dims = 48;

// Rows around 300 random topics, each row its topic plus noise of the same length: neighbours
// share a topic, as in real embeddings, which is the structure IVF's buckets exploit.
const embeddings& topic_vectors() {
  static const embeddings vectors = [] {
    std::mt19937 rng(4321);
    std::normal_distribution<float> normal;
    std::vector<std::vector<float>> topics(300, std::vector<float>(dims));
    for (auto& topic : topics) {
      for (float& v : topic) v = normal(rng);
    }
    std::uniform_int_distribution<size_t> pick(0, topics.size() - 1);
    embeddings_builder builder(dims, 0, 30000);
    std::vector<float> row(dims);
    for (int i = 0; i < 30000; ++i) {
      const auto& topic = topics[pick(rng)];
      for (int d = 0; d < dims; ++d) row[size_t(d)] = topic[size_t(d)] + normal(rng);
      REQUIRE(builder.add("t" + std::to_string(i), row.data()).ok());
    }
    return std::move(builder).finish();
  }();
  return vectors;
}

// Queries near random rows, as a move or a clue lies near the words it came from.
query_matrix queries_near_rows(int count) {
  std::mt19937 rng(77);
  std::normal_distribution<float> normal(0.0f, 0.1f);
  std::uniform_int_distribution<size_t> any(0, topic_vectors().size() - 1);
  query_matrix queries(count, dims);
  for (int q = 0; q < count; ++q) {
    queries.row(q) = topic_vectors().vector(any(rng)).transpose();
    for (int d = 0; d < dims; ++d) queries(q, d) += normal(rng);
  }
  queries.rowwise().normalize();
  return queries;
}

index_options ivf_options() {
  index_options options;
  options.mode = search_mode::ivf;
  options.approximate.lists = 256;
  options.approximate.probes = 8;
  options.approximate.training_rows = 20000;
  return options;
}

}  // namespace

TEST_CASE("IVF finds what exact search finds, scores and exclusions included", "[models]") {
  auto index = vector_index::open(topic_vectors(), ivf_options());
  REQUIRE(index.ok());
  REQUIRE(index->approximate());
  auto queries = queries_near_rows(200);
  auto exact = nearest_batch(topic_vectors(), queries, 10);
  size_t hits = 0, first_hits = 0;
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    auto found = index->nearest(queries.row(q).transpose(), 10);
    REQUIRE(found.size() == 10);
    for (size_t i = 1; i < found.size(); ++i) CHECK(found[i - 1].score >= found[i].score);
    first_hits += found[0].index == exact[size_t(q)][0].index;
    for (const auto& e : exact[size_t(q)]) {
      for (const auto& f : found) {
        if (f.index != e.index) continue;
        ++hits;
        CHECK(f.score == Approx(e.score).margin(1e-5));
      }
    }
    // The best row excluded: never returned, and ten others still come back.
    const uint32_t best = exact[size_t(q)][0].index;
    auto without = index->nearest(queries.row(q).transpose(), 10, {best});
    CHECK(without.size() == 10);
    for (const auto& f : without) CHECK(f.index != best);
  }
  CHECK(double(first_hits) / 200 >= 0.95);
  CHECK(double(hits) / (200 * 10) >= 0.9);

  // Visiting every bucket is exhaustive: exactly the exact top 10.
  auto everything = ivf_options();
  everything.approximate.probes = everything.approximate.lists;
  auto exhaustive = vector_index::open(topic_vectors(), everything);
  REQUIRE(exhaustive.ok());
  for (Eigen::Index q = 0; q < 20; ++q) {
    auto found = exhaustive->nearest(queries.row(q).transpose(), 10);
    REQUIRE(found.size() == 10);
    for (size_t i = 0; i < 10; ++i) CHECK(found[i].index == exact[size_t(q)][i].index);
  }
}

TEST_CASE("the search structure follows the vocabulary's size unless the mode names one",
          "[models]") {
  index_options options;  // automatic: exact below 100,000 words, HNSW below 1,000,000, IVF above
  CHECK_FALSE(index_structure(99999, options).has_value());
  CHECK(index_structure(100000, options) == approximate_kind::hnsw);
  CHECK(index_structure(999999, options) == approximate_kind::hnsw);
  CHECK(index_structure(3000000, options) == approximate_kind::ivf);
  options.mode = search_mode::approximate;
  CHECK(index_structure(1000, options) == approximate_kind::hnsw);
  CHECK(index_structure(1000000, options) == approximate_kind::ivf);
  options.mode = search_mode::hnsw;
  CHECK(index_structure(3000000, options) == approximate_kind::hnsw);
  options.mode = search_mode::ivf;
  CHECK(index_structure(1000, options) == approximate_kind::ivf);
  options.mode = search_mode::exact;
  CHECK_FALSE(index_structure(3000000, options).has_value());

  CHECK(parse_search_mode("auto") == search_mode::automatic);
  CHECK(parse_search_mode("ivf") == search_mode::ivf);
  CHECK_FALSE(parse_search_mode("IVF").has_value());
  CHECK_FALSE(parse_search_mode("").has_value());
  CHECK(search_mode_names() ==
        std::vector<std::string>{"auto", "exact", "approximate", "hnsw", "ivf"});
}

TEST_CASE("without a current cache and build_missing off, search is exact rather than built",
          "[models]") {
  auto options = ivf_options();
  options.cache_path = "/nonexistent/wordhall/vectors.ivf";
  options.build_missing = false;
  auto index = vector_index::open(topic_vectors(), options);
  REQUIRE(index.ok());
  CHECK_FALSE(index->approximate());
  CHECK(index->origin() == index_origin::none);
  auto queries = queries_near_rows(3);
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    Eigen::VectorXf query = queries.row(q).transpose();
    auto found = index->nearest(query, 5);
    auto exact = nearest(topic_vectors(), query, 5, {});
    REQUIRE(found.size() == exact.size());
    for (size_t i = 0; i < found.size(); ++i) CHECK(found[i].index == exact[i].index);
  }
}
