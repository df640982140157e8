// blas_products: large single-precision matrix products through the system BLAS.
//
// Why: Eigen in this build is compiled for plain x86-64 (SSE2) and multiplies at ~39 GFLOP/s on
// the two cores here; Debian's OpenBLAS (tools/install-deps makes it the libblas.so.3 provider)
// picks AVX-512 kernels at run time and reaches ~210 GFLOP/s. Use it where one product reads a
// large matrix: k-means over millions of rows, a round's moves against the whole deck.
//
// Contract: operands are row-major and dense; multiply_by_transpose writes
// out (a_rows x b_rows) = a (a_rows x dims) * b (b_rows x dims)^T. Safe to call from several
// threads at once; OpenBLAS may spread one large product over its own threads.
#pragma once

#include <cstddef>

namespace wordhall::models {

void multiply_by_transpose(const float* a, size_t a_rows, const float* b, size_t b_rows,
                           size_t dims, float* out);

}  // namespace wordhall::models
