// Spherical k-means; the contract is in kmeans.hpp.
#include "models/kmeans.hpp"

#include <algorithm>
#include <numeric>
#include <random>

#include "models/blas_products.hpp"

namespace wordhall::models {
namespace {

using row_map = Eigen::Map<const query_matrix>;

// Floats in one block of scores (rows x k): 128 MB, so blocks are large enough for BLAS to run
// at full speed and small enough to stay modest beside a 3.6 GB matrix.
constexpr size_t block_floats = size_t{32} << 20;

}  // namespace

std::vector<int64_t> assign_to_centroids(const float* rows, size_t count, size_t dimensions,
                                         const query_matrix& centroids) {
  std::vector<int64_t> out(count);
  const auto k = static_cast<size_t>(centroids.rows());
  if (k == 0) return out;
  const size_t block_rows = std::max<size_t>(256, block_floats / k);
  std::vector<float> scores(std::min(block_rows, count) * k);
  for (size_t start = 0; start < count; start += block_rows) {
    const size_t n = std::min(block_rows, count - start);
    // One product per block; BLAS spreads it over the cores itself.
    multiply_by_transpose(rows + start * dimensions, n, centroids.data(), k, dimensions,
                          scores.data());
    const auto rows_n = static_cast<int64_t>(n);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < rows_n; ++i) {
      const float* row = scores.data() + static_cast<size_t>(i) * k;
      out[start + static_cast<size_t>(i)] = std::max_element(row, row + k) - row;
    }
  }
  return out;
}

query_matrix spherical_kmeans(const float* rows, size_t count, size_t dimensions, size_t k,
                              size_t sample, int iterations, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<size_t> order(count);
  std::iota(order.begin(), order.end(), size_t{0});
  sample = std::max(k, std::min(sample, count));
  std::shuffle(order.begin(), order.end(), rng);
  order.resize(sample);
  std::sort(order.begin(), order.end());  // reading rows in file order is kinder to the cache

  const auto dims = static_cast<Eigen::Index>(dimensions);
  query_matrix training(static_cast<Eigen::Index>(sample), dims);
  for (size_t i = 0; i < sample; ++i) {
    training.row(static_cast<Eigen::Index>(i)) = row_map(rows + order[i] * dimensions, 1, dims);
  }
  // Start from k distinct sampled rows.
  std::vector<size_t> seeds(sample);
  std::iota(seeds.begin(), seeds.end(), size_t{0});
  std::shuffle(seeds.begin(), seeds.end(), rng);
  query_matrix centroids(static_cast<Eigen::Index>(k), dims);
  for (size_t c = 0; c < k; ++c) {
    centroids.row(static_cast<Eigen::Index>(c)) = training.row(static_cast<Eigen::Index>(seeds[c]));
  }

  std::uniform_int_distribution<size_t> any_row(0, sample - 1);
  for (int iteration = 0; iteration < iterations; ++iteration) {
    auto assignment = assign_to_centroids(training.data(), sample, dimensions, centroids);
    query_matrix sums = query_matrix::Zero(static_cast<Eigen::Index>(k), dims);
    std::vector<size_t> sizes(k, 0);
    for (size_t i = 0; i < sample; ++i) {
      sums.row(assignment[i]) += training.row(static_cast<Eigen::Index>(i));
      ++sizes[static_cast<size_t>(assignment[i])];
    }
    for (size_t c = 0; c < k; ++c) {
      const auto row = static_cast<Eigen::Index>(c);
      const float norm = sums.row(row).norm();
      if (sizes[c] == 0 || norm == 0) {
        centroids.row(row) = training.row(static_cast<Eigen::Index>(any_row(rng)));
      } else {
        centroids.row(row) = sums.row(row) / norm;
      }
    }
  }
  return centroids;
}

}  // namespace wordhall::models
