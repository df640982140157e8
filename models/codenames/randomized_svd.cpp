#include "models/codenames/randomized_svd.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>

#include "events/splitmix64.hpp"

namespace wordhall::codenames {
namespace {

// Standard normal values by Box-Muller over our own uniform bits.
Eigen::MatrixXf gaussian(Eigen::Index rows, Eigen::Index cols, uint64_t seed) {
  Eigen::MatrixXf out(rows, cols);
  splitmix64 random{seed};
  float* data = out.data();
  const Eigen::Index n = rows * cols;
  constexpr double two_pi = 6.283185307179586;
  for (Eigen::Index i = 0; i < n; i += 2) {
    const double u1 = (double(random.next() >> 11) + 1.0) * 0x1.0p-53;  // (0, 1]
    const double u2 = double(random.next() >> 11) * 0x1.0p-53;          // [0, 1)
    const double radius = std::sqrt(-2.0 * std::log(u1));
    data[i] = float(radius * std::cos(two_pi * u2));
    if (i + 1 < n) data[i + 1] = float(radius * std::sin(two_pi * u2));
  }
  return out;
}

Eigen::MatrixXf orthonormal_columns(const Eigen::MatrixXf& m) {
  Eigen::HouseholderQR<Eigen::MatrixXf> qr(m);
  return qr.householderQ() * Eigen::MatrixXf::Identity(m.rows(), m.cols());
}

}  // namespace

truncated_svd randomized_svd(const Eigen::SparseMatrix<float, Eigen::RowMajor>& a, size_t rank,
                             size_t oversampling, size_t power_iterations, uint64_t seed) {
  const auto sampled = static_cast<Eigen::Index>(rank + oversampling);
  Eigen::MatrixXf q = orthonormal_columns(a * gaussian(a.cols(), sampled, seed));
  for (size_t i = 0; i < power_iterations; ++i) {
    Eigen::MatrixXf z = orthonormal_columns(a.transpose() * q);
    q = orthonormal_columns(a * z);
  }
  // B' = A' Q; B B' = Q' A A' Q, whose eigenvectors are B's left singular vectors.
  const Eigen::MatrixXd bt = (a.transpose() * q).cast<double>();
  const Eigen::MatrixXd gram = bt.transpose() * bt;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(gram);  // eigenvalues ascending

  truncated_svd out;
  const auto k = static_cast<Eigen::Index>(rank);
  Eigen::MatrixXf left(sampled, k);
  out.singular_values.resize(k);
  for (Eigen::Index i = 0; i < k; ++i) {
    const Eigen::Index from = sampled - 1 - i;
    left.col(i) = eigen.eigenvectors().col(from).cast<float>();
    out.singular_values[i] = float(std::sqrt(std::max(0.0, eigen.eigenvalues()[from])));
  }
  out.u = q * left;
  return out;
}

}  // namespace wordhall::codenames
