// splitmix64: the games' random generator for seeded deals and shuffles. Decisions get a seed
// (decision_context::seed) and record what they drew, so the generator only has to be the same
// everywhere for one seed: plain 64-bit arithmetic, no std distributions (whose output the
// standard leaves to each library).
#pragma once

#include <cstdint>

namespace wordhall {

struct splitmix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (n > 0) by rejection, so shuffles have no modulo bias.
  uint64_t below(uint64_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = next(); while (x >= limit);
    return x % n;
  }
};

}  // namespace wordhall
