// address_space: reserved, lazily committed memory for the visited structures.
//
// Contract: reserve_address_space(bytes) maps `bytes` of anonymous, zero-filled address space
// with MAP_NORESERVE (pages are committed only when first touched, so the resident size follows
// what is used and the budget bounds it from above), advises transparent huge pages for large
// ranges unless huge_pages is false, and throws std::bad_alloc when the range cannot be mapped; 0 bytes gives nullptr.
// release_address_space(p, bytes) unmaps it (nullptr: no-op). Thread-safe.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>

namespace solver {

inline void* reserve_address_space(std::size_t bytes, bool huge_pages = true) {
    if (bytes == 0) return nullptr;
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    // Probes land on random pages: transparent huge pages cut the TLB misses (a hint; the kernel
    // may ignore it). Still bounded by `bytes`, i.e. by the budget.
    if (huge_pages && bytes >= (std::size_t{2} << 20)) ::madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

inline void release_address_space(void* p, std::size_t bytes) {
    if (p != nullptr) ::munmap(p, bytes);
}

}  // namespace solver
