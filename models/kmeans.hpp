// Spherical k-means with Eigen, for the IVF buckets of approximate_index.
//
// Contract: rows are unit length and row-major; centroids come back unit length, one per row.
// Training runs on a sample of the rows (chosen with `seed`, so a build is reproducible); each
// iteration assigns every sampled row to the centroid of largest inner product and replaces each
// centroid by the normalised mean of its rows; a bucket left empty is re-seeded with a random row.
// Scoring is one matrix product per block of rows, through BLAS (models/blas_products.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/search.hpp"

namespace wordhall::models {

query_matrix spherical_kmeans(const float* rows, size_t count, size_t dimensions, size_t k,
                              size_t sample, int iterations, uint32_t seed);

// The index of the best centroid for each of `count` rows.
std::vector<int64_t> assign_to_centroids(const float* rows, size_t count, size_t dimensions,
                                         const query_matrix& centroids);

}  // namespace wordhall::models
