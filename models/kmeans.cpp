// Spherical k-means; the contract is in kmeans.hpp.
#include "models/kmeans.hpp"

#include <algorithm>
#include <numeric>
#include <random>

namespace wordhall::models {
namespace {

using row_map = Eigen::Map<const query_matrix>;

// Rows scored per matrix product, so the block of scores (rows x k floats) stays modest.
constexpr size_t block_rows = 4096;

}  // namespace

std::vector<int64_t> assign_to_centroids(const float* rows, size_t count, size_t dimensions,
                                         const query_matrix& centroids) {
  std::vector<int64_t> out(count);
  const auto blocks = static_cast<int64_t>((count + block_rows - 1) / block_rows);
  // Blocks are independent: one per OpenMP thread (Eigen itself is kept single-threaded).
#pragma omp parallel for schedule(dynamic)
  for (int64_t b = 0; b < blocks; ++b) {
    const size_t start = static_cast<size_t>(b) * block_rows;
    const size_t n = std::min(block_rows, count - start);
    query_matrix scores;
    row_map block(rows + start * dimensions, static_cast<Eigen::Index>(n),
                  static_cast<Eigen::Index>(dimensions));
    scores.noalias() = block * centroids.transpose();
    for (size_t i = 0; i < n; ++i) {
      Eigen::Index best = 0;
      scores.row(static_cast<Eigen::Index>(i)).maxCoeff(&best);
      out[start + i] = best;
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
