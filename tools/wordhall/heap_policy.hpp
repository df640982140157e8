// heap_policy: how the process's allocator treats memory LibTorch frees.
//
// keep_freed_heap_for_reuse() keeps freed blocks below 32 MiB in the process's heap for the next
// allocation instead of handing them back to the kernel. The set network's training allocates and
// frees the same few-megabyte tensors every step; glibc's defaults unmap or trim them each time,
// and the page faults of mapping them again cost about half of a step on the CPU (docs/
// benchmarks.md, "Spymaster training"). The weights are unchanged: only where the bytes come from
// differs. Call it once, before the work starts.
#pragma once

namespace wordhall {

void keep_freed_heap_for_reuse();

}  // namespace wordhall
