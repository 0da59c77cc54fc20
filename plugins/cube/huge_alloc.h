// huge_alloc: an allocator for the large, randomly read tables held in std::vectors (the
// flip-slice class table, the pattern databases). Blocks of 2 MiB or more come from mmap,
// advised for transparent huge pages before they are touched, so random lookups cost fewer TLB
// misses (with THP in "madvise" mode, plain malloc memory gets 4 KiB pages); smaller ones from
// operator new.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
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

// A table's memory: anonymous memory advised for transparent huge pages, 2 MiB aligned (to
// build or read a cached file into), or a read-only map of a cached file (no copy, but the
// page cache maps it mostly in 4 KiB pages). Move-only.
class HugeBuffer {
public:
    HugeBuffer() = default;
    explicit HugeBuffer(size_t bytes);  // throws std::bad_alloc
    // bytes at offset of the file at path, mapped read-only; an empty buffer when that fails.
    static HugeBuffer map_file(const std::string &path, size_t offset, size_t bytes);
    // The same bytes read into anonymous memory advised for huge pages (a private copy: page
    // cache pages of a file mapping are mostly 4 KiB, and random reads over 1.6 GiB then miss
    // the TLB on nearly every lookup); an empty buffer when that fails.
    static HugeBuffer read_file(const std::string &path, size_t offset, size_t bytes);
    // The file mapped read-only and shared (MAP_SHARED: the page cache's own pages, no copy, so
    // a second process or a second load reuses them), at a 2 MiB-aligned address and advised
    // for huge pages before the first touch, so the page cache reads it in 2 MiB folios (where
    // the file system supports large folios) and maps them whole: as few TLB misses as the
    // private copy. Accepted only when at least 90% of the mapping is mapped in 2 MiB pages
    // (FilePmdMapped in /proc/self/smaps; when some but fewer are, the file's unmapped cached
    // pages are dropped and it is mapped once more); else an empty buffer (the caller copies).
    static HugeBuffer map_file_huge(const std::string &path, size_t offset, size_t bytes);
    // map_file_huge, else read_file: how the smaller cached tables (the class and class move
    // files, the corner table, fstp2's side table) come in.
    static HugeBuffer map_or_read(const std::string &path, size_t offset, size_t bytes);
    ~HugeBuffer();
    HugeBuffer(const HugeBuffer &) = delete;
    HugeBuffer &operator=(const HugeBuffer &) = delete;
    HugeBuffer(HugeBuffer &&o) noexcept : p_(o.p_), n_(o.n_), off_(o.off_), len_(o.len_), shared_(o.shared_) {
        o.p_ = nullptr, o.n_ = 0, o.off_ = 0, o.len_ = 0, o.shared_ = false;
    }
    HugeBuffer &operator=(HugeBuffer &&o) noexcept;
    uint8_t *data() const { return p_ + off_; }  // read-only when file-mapped
    size_t size() const { return len_; }
    bool shared() const { return shared_; }  // from map_file_huge

private:
    uint8_t *p_ = nullptr;  // the mapping: n_ bytes; the data: len_ bytes from p_ + off_
    size_t n_ = 0, off_ = 0, len_ = 0;
    bool shared_ = false;
};

// A read-only table of n values of T: either memory of its own (a vector built in this process)
// or a view into a HugeBuffer (a cache file mapped or read by load_cached_array), which it keeps.
// Move-only; moving keeps the values where they are.
template <class T>
class Table {
public:
    Table() = default;
    explicit Table(HugeVector<T> &&v) : v_(std::move(v)), p_(v_.data()), n_(v_.size()) {}
    // buf holds at least n values of T from buf.data() (aligned for T).
    Table(HugeBuffer &&buf, size_t n) : b_(std::move(buf)), p_(reinterpret_cast<const T *>(b_.data())), n_(n) {}
    Table(Table &&o) noexcept : v_(std::move(o.v_)), b_(std::move(o.b_)), p_(o.p_), n_(o.n_) { o.p_ = nullptr, o.n_ = 0; }
    Table &operator=(Table &&o) noexcept {
        if (this != &o) v_ = std::move(o.v_), b_ = std::move(o.b_), p_ = o.p_, n_ = o.n_, o.p_ = nullptr, o.n_ = 0;
        return *this;
    }
    const T &operator[](size_t i) const { return p_[i]; }
    const T *data() const { return p_; }
    size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    const T *begin() const { return p_; }
    const T *end() const { return p_ + n_; }
    bool mapped() const { return b_.shared(); }  // the page cache's pages (map_file_huge)
    bool operator==(const Table &o) const { return n_ == o.n_ && (n_ == 0 || std::memcmp(p_, o.p_, n_ * sizeof(T)) == 0); }

private:
    HugeVector<T> v_;
    HugeBuffer b_;
    const T *p_ = nullptr;
    size_t n_ = 0;
};


}  // namespace cube
