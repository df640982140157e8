// SIMD dot products; the contract is in inner_product.hpp.
#include "models/inner_product.hpp"

#include <immintrin.h>

namespace wordhall::models {
namespace {

__attribute__((target("avx2,fma"))) float inner_product_avx2(const float* a, const float* b,
                                                             size_t n) {
  __m256 sum0 = _mm256_setzero_ps(), sum1 = _mm256_setzero_ps();
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    sum0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), sum0);
    sum1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8), _mm256_loadu_ps(b + i + 8), sum1);
  }
  if (i + 8 <= n) {
    sum0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), sum0);
    i += 8;
  }
  __m256 sum = _mm256_add_ps(sum0, sum1);
  __m128 half = _mm_add_ps(_mm256_castps256_ps128(sum), _mm256_extractf128_ps(sum, 1));
  half = _mm_add_ps(half, _mm_movehl_ps(half, half));
  half = _mm_add_ss(half, _mm_shuffle_ps(half, half, 1));
  float out = _mm_cvtss_f32(half);
  for (; i < n; ++i) out += a[i] * b[i];
  return out;
}

float inner_product_portable(const float* a, const float* b, size_t n) {
  // Eight independent sums let the compiler vectorise without reassociating one sum.
  float sums[8] = {};
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    for (size_t j = 0; j < 8; ++j) sums[j] += a[i + j] * b[i + j];
  }
  float out = 0;
  for (float s : sums) out += s;
  for (; i < n; ++i) out += a[i] * b[i];
  return out;
}

bool detect_avx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

const bool has_avx2 = detect_avx2();

}  // namespace

float inner_product(const float* a, const float* b, size_t n) {
  return has_avx2 ? inner_product_avx2(a, b, n) : inner_product_portable(a, b, n);
}

bool inner_product_uses_avx2() { return has_avx2; }

}  // namespace wordhall::models
