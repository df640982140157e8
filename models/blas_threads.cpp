// How many threads the BLAS may use; the contract is in blas_threads.hpp.
#include "models/blas_threads.hpp"

#include <dlfcn.h>

namespace wordhall::models {

void limit_blas_threads(int threads) {
  // Looked up rather than linked: only OpenBLAS has it, and the BLAS is chosen at run time.
  using setter = void (*)(int);
  if (auto set = reinterpret_cast<setter>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
    set(threads);
}

}  // namespace wordhall::models
