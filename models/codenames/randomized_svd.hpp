// randomized_svd: the leading singular triplets of a large sparse matrix, after Halko,
// Martinsson & Tropp 2011 ("Finding structure with randomness"), algorithm 4.4.
//
// With l = rank + oversampling Gaussian test vectors Omega: Q = orth(A Omega), refined by
// `power_iterations` rounds of Q = orth(A orth(A' Q)); then B = Q' A is small (l x n) and the
// eigen-decomposition of B B' (l x l, in double precision) gives B's left singular vectors W and
// singular values s, so A ~ (Q W) diag(s) (...)'. Each round costs two sparse products and two
// thin QRs of n x l matrices: seconds for PPMI matrices of 50,000 words. Test vectors come from
// our own generator, so the result depends on the seed only.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include <cstddef>
#include <cstdint>

namespace wordhall::codenames {

struct truncated_svd {
  Eigen::MatrixXf u;                // rows x rank, orthonormal columns
  Eigen::VectorXf singular_values;  // rank values, largest first
};

// `rank` + `oversampling` must not exceed either dimension of `a`.
truncated_svd randomized_svd(const Eigen::SparseMatrix<float, Eigen::RowMajor>& a, size_t rank,
                             size_t oversampling, size_t power_iterations, uint64_t seed);

}  // namespace wordhall::codenames
