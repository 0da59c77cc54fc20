// huge_alloc.h -- an allocator for the searches' big, growing arrays (state stores, node records,
// open lists): blocks of 2 MiB and more come from mmap at a 2 MiB boundary, advised for
// transparent huge pages (MADV_HUGEPAGE), smaller ones from the heap.
//
// Why (session 52, NOTES.md): the searches touch their stores at random, and with transparent
// huge pages in the "madvise" mode (Debian's default) heap memory gets 4 KiB pages: a TLB miss on
// most lookups and a page fault for every 4 KiB the arrays grow by (5 % of a portfolio's samples
// were the kernel's page faults on XSokoban 74, on a virtual machine where a fault is costly).
// With the advice the kernel maps 2 MiB at a fault where it can; where it cannot (THP "never",
// no huge page free) the pages are ordinary ones, so the advice never fails a search. The memory
// held is the same to within the last block's rounding up to 2 MiB.
#ifndef SOKOBAN_HUGE_ALLOC_H
#define SOKOBAN_HUGE_ALLOC_H

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace sokoban {

namespace huge_detail {
constexpr size_t HUGE = size_t(2) << 20;
inline size_t rounded(size_t bytes) { return (bytes + HUGE - 1) & ~(HUGE - 1); }
// `bytes` (a multiple of HUGE) of zeroed anonymous memory at a HUGE boundary, advised for huge
// pages; throws std::bad_alloc.
inline void *map_huge(size_t bytes) {
    void *r = mmap(nullptr, bytes + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED) throw std::bad_alloc();
    const uintptr_t r0 = reinterpret_cast<uintptr_t>(r), a = (r0 + HUGE - 1) & ~uintptr_t(HUGE - 1);
    if (a > r0) munmap(r, a - r0);                                  // the slack before (none when aligned)
    munmap(reinterpret_cast<void *>(a + bytes), r0 + HUGE - a);     // and after (a < r0 + HUGE)
#ifdef MADV_HUGEPAGE
    madvise(reinterpret_cast<void *>(a), bytes, MADV_HUGEPAGE); // a hint; failure is harmless
#endif
    return reinterpret_cast<void *>(a);
}
inline void unmap_huge(void *p, size_t bytes) { munmap(p, bytes); }
} // namespace huge_detail

template <class T>
struct HugeAlloc {
    using value_type = T;
    HugeAlloc() noexcept = default;
    template <class U>
    HugeAlloc(const HugeAlloc<U> &) noexcept {}
    T *allocate(size_t n) {
        if (n > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
        const size_t bytes = n * sizeof(T);
        if (bytes < huge_detail::HUGE) return static_cast<T *>(::operator new(bytes));
        return static_cast<T *>(huge_detail::map_huge(huge_detail::rounded(bytes)));
    }
    void deallocate(T *p, size_t n) noexcept {
        const size_t bytes = n * sizeof(T);
        if (bytes < huge_detail::HUGE) ::operator delete(p);
        else huge_detail::unmap_huge(p, huge_detail::rounded(bytes));
    }
    template <class U>
    bool operator==(const HugeAlloc<U> &) const noexcept { return true; }
    template <class U>
    bool operator!=(const HugeAlloc<U> &) const noexcept { return false; }
};

template <class T>
using HugeVec = std::vector<T, HugeAlloc<T>>;

} // namespace sokoban

#endif
