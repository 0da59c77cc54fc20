// huge_alloc: an allocator for the large, randomly read tables held in std::vectors (the
// flip-slice class table, the pattern databases). Blocks of 2 MiB or more come from mmap,
// advised for transparent huge pages before they are touched, so random lookups cost fewer TLB
// misses (with THP in "madvise" mode, plain malloc memory gets 4 KiB pages); smaller ones from
// operator new.
#pragma once

#include <cstddef>
#include <vector>
#include <new>
#include <sys/mman.h>

namespace cube {

template <class T>
struct HugeAlloc {
    using value_type = T;
    HugeAlloc() = default;
    template <class U>
    HugeAlloc(const HugeAlloc<U> &) {}
    static constexpr size_t kBig = size_t(2) << 20;
    T *allocate(size_t n) {
        const size_t bytes = n * sizeof(T);
        if (bytes < kBig) return static_cast<T *>(::operator new(bytes));
        void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        madvise(p, bytes, MADV_HUGEPAGE);  // a hint; failure is harmless
#endif
        return static_cast<T *>(p);
    }
    void deallocate(T *p, size_t n) {
        const size_t bytes = n * sizeof(T);
        if (bytes < kBig) ::operator delete(p);
        else munmap(p, bytes);
    }
    template <class U>
    bool operator==(const HugeAlloc<U> &) const { return true; }
    template <class U>
    bool operator!=(const HugeAlloc<U> &) const { return false; }
};

template <class T>
using HugeVector = std::vector<T, HugeAlloc<T>>;

}  // namespace cube
