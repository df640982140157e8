// OpenBLAS's kernels for this CPU; the contract is in blas_kernels.hpp.
#include "models/blas_kernels.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace wordhall::models {
namespace {

// OpenBLAS's names (OPENBLAS_CORETYPE) of the best kernels the CPU can run, or nullptr.
const char* native_core_type() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512cd"))
    return "SkylakeX";
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "Haswell";
  return nullptr;
}

}  // namespace

void use_native_blas_kernels(char** argv) {
  if (std::getenv("OPENBLAS_CORETYPE")) return;  // the user's choice, or already executed again
  // Looked up rather than linked: only OpenBLAS has it, and the BLAS is chosen at run time.
  using name_getter = char* (*)();
  auto core_name = reinterpret_cast<name_getter>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
  if (!core_name || std::strcmp(core_name(), "Prescott") != 0) return;
  const char* native = native_core_type();
  if (!native) return;
  setenv("OPENBLAS_CORETYPE", native, 1);
  execv("/proc/self/exe", argv);
  unsetenv("OPENBLAS_CORETYPE");  // exec failed: go on with the generic kernels
}

}  // namespace wordhall::models
