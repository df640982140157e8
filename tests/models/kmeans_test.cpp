// The BLAS product and the spherical k-means IVF buckets come from.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "models/blas_products.hpp"
#include "models/kmeans.hpp"

using namespace wordhall::models;

TEST_CASE("multiply_by_transpose is A times B transposed, row-major", "[models]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (auto [a_rows, b_rows, dims] : {std::tuple<int, int, int>{1, 1, 1}, {3, 7, 5},
                                      {70, 33, 300}, {129, 1, 17}}) {
    query_matrix a(a_rows, dims), b(b_rows, dims);
    for (Eigen::Index i = 0; i < a.size(); ++i) a.data()[i] = value(rng);
    for (Eigen::Index i = 0; i < b.size(); ++i) b.data()[i] = value(rng);
    query_matrix expected = a * b.transpose();
    query_matrix out(a_rows, b_rows);
    multiply_by_transpose(a.data(), size_t(a_rows), b.data(), size_t(b_rows), size_t(dims),
                          out.data());
    for (Eigen::Index i = 0; i < out.size(); ++i) {
      CHECK(out.data()[i] == Approx(expected.data()[i]).margin(1e-4));
    }
  }
}

TEST_CASE("k-means finds well-separated groups and assigns rows to their nearest centroid",
          "[models]") {
  // Four groups around the axes of a 4-dimensional space, 500 rows each.
  std::mt19937 rng(11);
  std::normal_distribution<float> noise(0.0f, 0.05f);
  const size_t dims = 4, per_group = 500;
  query_matrix rows(4 * per_group, dims);
  for (size_t g = 0; g < 4; ++g) {
    for (size_t i = 0; i < per_group; ++i) {
      auto row = rows.row(Eigen::Index(g * per_group + i));
      for (size_t d = 0; d < dims; ++d) row[Eigen::Index(d)] = (d == g ? 1.0f : 0.0f) + noise(rng);
      row.normalize();
    }
  }
  // More buckets than groups: every group gets some (its rows seed them), and no bucket mixes
  // groups, since rows of different groups are nearly orthogonal.
  const size_t k = 12;
  auto centroids = spherical_kmeans(rows.data(), size_t(rows.rows()), dims, k, 2000, 10, 3);
  REQUIRE(centroids.rows() == Eigen::Index(k));
  for (Eigen::Index c = 0; c < centroids.rows(); ++c) {
    CHECK(centroids.row(c).norm() == Approx(1.0f).margin(1e-5));
  }
  auto assignment = assign_to_centroids(rows.data(), size_t(rows.rows()), dims, centroids);
  REQUIRE(assignment.size() == size_t(rows.rows()));
  std::vector<std::set<size_t>> groups_in_bucket(k);
  for (size_t r = 0; r < assignment.size(); ++r) {
    groups_in_bucket[size_t(assignment[r])].insert(r / per_group);
  }
  std::set<size_t> covered;
  for (size_t c = 0; c < k; ++c) {
    CHECK(groups_in_bucket[c].size() <= 1);
    if (groups_in_bucket[c].empty()) continue;
    const size_t group = *groups_in_bucket[c].begin();
    covered.insert(group);
    CHECK(centroids(Eigen::Index(c), Eigen::Index(group)) > 0.99f);
  }
  CHECK(covered.size() == 4);
  // Assignment is the argmax of the inner products, row by row.
  for (Eigen::Index r = 0; r < rows.rows(); r += 97) {
    Eigen::Index best = 0;
    (centroids * rows.row(r).transpose()).maxCoeff(&best);
    CHECK(assignment[size_t(r)] == best);
  }
}
