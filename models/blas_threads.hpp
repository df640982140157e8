// blas_threads: how many threads the system BLAS may use for one product.
//
// OpenBLAS (Debian's libblas.so.3 provider, see tools/install-deps) spreads a large product over
// its own threads, which then spin (sched_yield) for a while in wait for the next one. A server
// whose cores are busy with actors and sockets gains nothing from that and loses what they spin:
// in the 5,000-player vector cards load one such thread took 14 % of the server's CPU. BLAS
// libraries without threads of their own (the reference BLAS) are left as they are.
#pragma once

namespace wordhall::models {

// Call before the first product; affects the whole process.
void limit_blas_threads(int threads);

}  // namespace wordhall::models
