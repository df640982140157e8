// inner_product: the dot product of two float rows, with AVX2 and FMA when the processor has them.
//
// Why: Debian's FAISS 1.7.3 is built for plain x86-64, where its distance code falls back to a
// scalar loop (fvec_inner_product_ref); HNSW spends most of a search there. This build is plain
// x86-64 too, so the fast path is compiled for AVX2 + FMA alone and chosen at run time; other
// processors get a portable loop with eight partial sums.
//
// Contract: returns sum a[i] * b[i] over i < n; the summation order differs from a sequential
// loop, so results may differ from one in the last bits.
#pragma once

#include <cstddef>

namespace wordhall::models {

float inner_product(const float* a, const float* b, size_t n);

// True when inner_product runs the AVX2 + FMA code on this processor.
bool inner_product_uses_avx2();

}  // namespace wordhall::models
