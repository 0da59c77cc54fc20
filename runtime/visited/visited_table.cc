// visited_table: see the contract in visited_table.h. The memory-ordering argument is written
// beside each atomic operation below.
#include "visited/visited_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <cassert>
#include <cstring>
#include <new>
#include <stdexcept>
#include <thread>

namespace solver {

namespace {

constexpr unsigned index_bits = 40;
constexpr std::uint64_t index_mask = (std::uint64_t{1} << index_bits) - 1;
constexpr std::uint64_t tag_mask = (std::uint64_t{1} << (64 - index_bits)) - 1;
constexpr std::uint64_t max_capacity = index_mask - 1;  // slot stores index + 1 in 40 bits
constexpr std::uint64_t record_bytes = 32;
inline std::uint64_t node_stride(std::uint32_t state_size) { return (record_bytes + state_size + 7) / 8 * 8; }
constexpr std::uint64_t max_chunk = 1024;

// The plugin's hash may be weak in some bits (e.g. a plain Zobrist XOR of few keys); the murmur3
// finalizer spreads every input bit over the bits we use for the position (high) and tag (low).
inline std::uint64_t mix(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

// Lemire's multiply-shift range reduction: maps h uniformly onto [0, n) for any n (the slot
// count need not be a power of two, so the whole budget can be used).
inline std::uint64_t reduce(std::uint64_t h, std::uint64_t n) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(h) * n) >> 64);
}

inline void cpu_relax(unsigned& spins) {
    if (++spins < 64) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    } else {
        // The writer we wait for may be descheduled (cores are shared): give it the core.
        std::this_thread::yield();
    }
}

void* reserve(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    // MAP_NORESERVE: address space only; pages are committed (zero-filled) on first touch, so
    // the resident size follows what is used, and the budget bounds it from above.
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    // Probes land on random pages: transparent huge pages cut the TLB misses (a hint; the kernel
    // may ignore it). Still bounded by `bytes`, i.e. by the budget.
    if (bytes >= (std::size_t{2} << 20)) ::madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

void release(void* p, std::size_t bytes) {
    if (p != nullptr) ::munmap(p, bytes);
}

}  // namespace

std::uint64_t visited_table::bytes_per_node(std::uint32_t state_size) {
    // record + state (rounded to 8) + 1.5 slots of 8 bytes (load factor at most 2/3).
    return node_stride(state_size) + 12;
}

visited_table::visited_table(std::uint32_t state_size, std::uint64_t memory_budget_bytes,
                             unsigned threads)
    : state_size_(state_size), threads_(threads), budget_(memory_budget_bytes),
      stride_(node_stride(state_size)) {
    if (threads == 0) throw std::invalid_argument("visited_table: threads must be >= 1");
    // capacity C needs (C + C/2 + 1) slots (<= 12 C + 8 bytes) plus C * (record + state) bytes.
    std::uint64_t cap = budget_ >= 8 ? (budget_ - 8) / bytes_per_node(state_size) : 0;
    cap = std::min(cap, max_capacity);
    capacity_ = cap;
    // Load factor <= 2/3 and at least one slot always empty, so every probe sequence ends.
    slot_count_ = cap + cap / 2 + 1;
    chunk_ = std::clamp<std::uint64_t>(cap / (std::uint64_t{threads} * 64), 1, max_chunk);

    slots_bytes_ = slot_count_ * sizeof(std::atomic<std::uint64_t>);
    nodes_bytes_ = cap * stride_;
    static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "64-bit atomics must be lock-free");
    try {
        // Fresh anonymous pages are zero: every slot starts as 0 = empty. std::atomic<uint64_t>
        // and record are standard-layout with trivial-value representations; we treat the
        // zeroed pages as their initial objects (as every mmap-backed lock-free table does).
        slots_ = static_cast<std::atomic<std::uint64_t>*>(reserve(slots_bytes_));
        nodes_ = static_cast<std::uint8_t*>(reserve(nodes_bytes_));
        per_thread_.reset(new thread_state[threads]);
    } catch (...) {
        release(slots_, slots_bytes_);
        release(nodes_, nodes_bytes_);
        throw;
    }
}

visited_table::~visited_table() {
    release(slots_, slots_bytes_);
    release(nodes_, nodes_bytes_);
}

bool visited_table::take_node(thread_state& ts) {
    if (ts.next < ts.end) return true;
    // relaxed: the counter only partitions the index space among threads; the nodes' contents
    // are published through the slot CAS, not through this counter. The load first keeps a
    // full table from pushing the counter further on every failed insert.
    if (next_chunk_.load(std::memory_order_relaxed) >= capacity_) return false;
    std::uint64_t start = next_chunk_.fetch_add(chunk_, std::memory_order_relaxed);
    if (start >= capacity_) return false;
    ts.next = start;
    ts.end = std::min(start + chunk_, capacity_);
    return true;
}

bool visited_table::equal_state(std::uint64_t node, const void* s) const {
    return state_size_ == 0 || std::memcmp(state(node), s, state_size_) == 0;
}

visited_table::insert_result visited_table::insert(unsigned thread, const void* s,
                                                   std::uint64_t hash, std::uint32_t g,
                                                   std::uint64_t parent, std::uint32_t move) {
    assert(thread < threads_ && "visited_table::insert: thread id out of range");
    thread_state& ts = per_thread_[thread];
    const std::uint64_t h = mix(hash);
    const std::uint64_t tag = h & tag_mask;
    std::uint64_t i = reduce(h, slot_count_);
    for (;;) {
        // acquire: pairs with the release CAS that published the slot's node, so the node's
        // record and state bytes (written before that CAS) are visible to the compare below.
        std::uint64_t w = slots_[i].load(std::memory_order_acquire);
        if (w == 0) {
            // Not present along the probe sequence: write a complete node, then publish it with
            // one CAS. No slot is ever "claimed but unwritten", so no reader ever waits.
            if (!take_node(ts)) return {no_node, outcome::full};
            const std::uint64_t n = ts.next;
            record& r = rec(n);
            // Plain/relaxed writes: the node is private to this thread until the release CAS.
            r.hash = hash;
            r.gv.store(static_cast<std::uint64_t>(g) << 32, std::memory_order_relaxed);
            r.parent.store(parent, std::memory_order_relaxed);
            r.move.store(move, std::memory_order_relaxed);
            if (state_size_ != 0) std::memcpy(nodes_ + n * stride_ + record_bytes, s, state_size_);
            std::uint64_t expected = 0;
            // release on success: publishes the record and state bytes above to every thread
            // that acquires this slot. acquire on failure: the winner's node becomes visible to
            // our compare of it just below.
            if (slots_[i].compare_exchange_strong(expected, (tag << index_bits) | (n + 1),
                                                  std::memory_order_release,
                                                  std::memory_order_acquire)) {
                ++ts.next;
                // relaxed, single writer: a statistics counter read by size().
                ts.published.store(ts.published.load(std::memory_order_relaxed) + 1,
                                   std::memory_order_relaxed);
                return {n, outcome::inserted};
            }
            // Lost the race for this slot: node n stays reserved for the next new state; look at
            // what the winner put there (it may be our state).
            w = expected;
        }
        if ((w >> index_bits) == tag) {
            const std::uint64_t n = (w & index_mask) - 1;
            if (equal_state(n, s)) {
                record& r = rec(n);
                // acquire: pairs with the release store that ends an improvement.
                std::uint64_t cur = r.gv.load(std::memory_order_acquire);
                unsigned spins = 0;
                for (;;) {
                    if (cur & 1) {  // another thread is inside its improvement of this node
                        cpu_relax(spins);
                        cur = r.gv.load(std::memory_order_acquire);
                        continue;
                    }
                    if (g >= (cur >> 32)) return {n, outcome::duplicate};
                    // Seqlock write side (Boehm, "Can seqlocks get along with programming language
                    // memory models?", 2012, the variant without fences, which ThreadSanitizer
                    // understands): make the counter odd with a CAS (acquire: we see the previous
                    // writer's data, and only one writer at a time gets past this point).
                    if (r.gv.compare_exchange_weak(cur, cur + 1, std::memory_order_acquire,
                                                   std::memory_order_acquire)) {
                        break;
                    }
                }
                // release data stores: a reader whose acquire load reads one of these values
                // synchronizes with it, so the odd counter (sequenced before) is visible to its
                // re-check and it retries. On x86 release stores are plain moves.
                r.parent.store(parent, std::memory_order_release);
                r.move.store(move, std::memory_order_release);
                const std::uint32_t seq = static_cast<std::uint32_t>(cur) + 2;  // even again
                // release: publishes parent and move together with the new g.
                r.gv.store((static_cast<std::uint64_t>(g) << 32) | seq, std::memory_order_release);
                return {n, outcome::improved};
            }
        }
        if (++i == slot_count_) i = 0;
    }
}

std::uint64_t visited_table::find(const void* s, std::uint64_t hash) const {
    const std::uint64_t h = mix(hash);
    const std::uint64_t tag = h & tag_mask;
    std::uint64_t i = reduce(h, slot_count_);
    for (;;) {
        // acquire: as in insert(), makes the published node's bytes visible to the compare.
        const std::uint64_t w = slots_[i].load(std::memory_order_acquire);
        if (w == 0) return no_node;
        if ((w >> index_bits) == tag) {
            const std::uint64_t n = (w & index_mask) - 1;
            if (equal_state(n, s)) return n;
        }
        if (++i == slot_count_) i = 0;
    }
}

void visited_table::prefetch(std::uint64_t hash) const {
    __builtin_prefetch(&slots_[reduce(mix(hash), slot_count_)], 0, 1);
}

visited_table::node_info visited_table::info(std::uint64_t node) const {
    const record& r = rec(node);
    unsigned spins = 0;
    for (;;) {
        // acquire: pairs with the release store that ended the last improvement (or with the
        // publication CAS), so the data loads below see at least that writer's values.
        const std::uint64_t s1 = r.gv.load(std::memory_order_acquire);
        if (s1 & 1) {
            cpu_relax(spins);
            continue;
        }
        // acquire data loads: if p or m came from a writer that has since started (made the
        // counter odd), they synchronize with its release store, so the re-load below sees the
        // odd or a later counter and s2 != s1. They also keep the re-load after them.
        const std::uint64_t p = r.parent.load(std::memory_order_acquire);
        const std::uint32_t m = r.move.load(std::memory_order_acquire);
        const std::uint64_t s2 = r.gv.load(std::memory_order_relaxed);
        if (s1 == s2) return {static_cast<std::uint32_t>(s1 >> 32), m, p};
    }
}

std::uint64_t visited_table::size() const {
    std::uint64_t total = 0;
    // relaxed: a statistic; exact once the inserting threads have been joined/synchronized.
    for (unsigned t = 0; t < threads_; ++t) total += per_thread_[t].published.load(std::memory_order_relaxed);
    return total;
}

std::uint64_t visited_table::memory_bytes() const {
    // relaxed: a statistic.
    const std::uint64_t handed = std::min(next_chunk_.load(std::memory_order_relaxed), capacity_);
    return slots_bytes_ + handed * stride_;
}

}  // namespace solver
