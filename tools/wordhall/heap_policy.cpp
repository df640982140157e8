// The allocator settings; the contract is in heap_policy.hpp.
#include "tools/wordhall/heap_policy.hpp"

#include <malloc.h>

namespace wordhall {

void keep_freed_heap_for_reuse() {
  // Setting either fixes it, which also stops glibc from adapting it to the largest free it saw.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

}  // namespace wordhall
