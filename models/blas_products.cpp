// Single-precision products through BLAS; the contract is in blas_products.hpp.
#include "models/blas_products.hpp"

#include <limits>
#include <stdexcept>

extern "C" {
// The Fortran interface every BLAS exports (FAISS declares it the same way).
int sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
           const float* alpha, const float* a, const int* lda, const float* b, const int* ldb,
           const float* beta, float* c, const int* ldc);
}

namespace wordhall::models {

void multiply_by_transpose(const float* a, size_t a_rows, const float* b, size_t b_rows,
                           size_t dims, float* out) {
  if (a_rows == 0 || b_rows == 0) return;
  constexpr size_t limit = static_cast<size_t>(std::numeric_limits<int>::max());
  if (a_rows > limit || b_rows > limit || dims > limit) {
    throw std::length_error("multiply_by_transpose: a dimension exceeds BLAS's int");
  }
  // Column-major view: out^T (b_rows x a_rows) = b (read as dims x b_rows, transposed) * a
  // (read as dims x a_rows). Row-major `out` is exactly that column-major out^T.
  const int m = static_cast<int>(b_rows), n = static_cast<int>(a_rows);
  const int k = static_cast<int>(dims);
  const float one = 1.0f, zero = 0.0f;
  if (k == 0) {
    for (size_t i = 0; i < a_rows * b_rows; ++i) out[i] = 0.0f;
    return;
  }
  sgemm_("T", "N", &m, &n, &k, &one, b, &k, a, &k, &zero, out, &m);
}

}  // namespace wordhall::models
