// blas_kernels: the system BLAS runs the kernels this CPU can run.
//
// Debian's OpenBLAS chooses its kernels once, as it loads, from the CPU's model number. A CPU
// newer than the library (OpenBLAS 0.3.21 does not know Intel's model 207) gets the generic SSE3
// kernels ("Prescott") although it has AVX-512: the spymaster's training then ran at 104 games/s
// where the AVX-512 kernels on the same machine give 256, and every clue's products slow down
// alike. OpenBLAS changes its choice only through OPENBLAS_CORETYPE, read as it loads, so
// use_native_blas_kernels(argv), called first thing in main(), sets it and executes the program
// again (same process id, same arguments) when OpenBLAS fell back to the generic kernels on a CPU
// with AVX-512 or AVX2. It returns when there is nothing to change: another BLAS, OpenBLAS that
// knows the CPU, OPENBLAS_CORETYPE already set by the user, or exec failing.
#pragma once

namespace wordhall::models {

void use_native_blas_kernels(char** argv);

}  // namespace wordhall::models
