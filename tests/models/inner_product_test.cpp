// The SIMD dot product against a double-precision reference, at every remainder length.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "models/inner_product.hpp"

using wordhall::models::inner_product;

TEST_CASE("inner_product matches a double-precision sum for every length up to 70", "[models]") {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (size_t n = 0; n <= 70; ++n) {
    CAPTURE(n);
    // Offset by one float so the loads are unaligned, as rows inside a matrix can be.
    std::vector<float> a(n + 1), b(n + 1);
    for (auto& v : a) v = value(rng);
    for (auto& v : b) v = value(rng);
    double expected = 0;
    for (size_t i = 0; i < n; ++i) expected += double(a[i + 1]) * double(b[i + 1]);
    CHECK(inner_product(a.data() + 1, b.data() + 1, n) == Approx(expected).margin(1e-5));
  }
  const std::vector<float> ones(300, 1.0f);
  CHECK(inner_product(ones.data(), ones.data(), 300) == 300.0f);
}
