// visited_table: see the contract in visited_table.h. The memory-ordering argument is written
// beside each atomic operation below.
#include "visited/visited_table.h"

#include "sched/spin_wait.h"
#include "visited/address_space.h"
#include "visited/mix64.h"

#include <algorithm>
#include <chrono>
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

// The plugin's hash may be weak in some bits (e.g. a plain Zobrist XOR of few keys): mix64
// (mix64.h) spreads every input bit over the bits used for the position (high) and tag (low).

// Lemire's multiply-shift range reduction: maps h uniformly onto [0, n) for any n (the slot
// count need not be a power of two, so the whole budget can be used).
inline std::uint64_t reduce(std::uint64_t h, std::uint64_t n) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(h) * n) >> 64);
}


// Waiting for a resize (or, as the grower, for operations to leave): a rebuild takes up to a few
// hundred milliseconds on a big table and the cores are shared, so after a short spin the waiter
// sleeps in small steps instead of burning the core the grower needs.
inline void resize_backoff(unsigned& spins) {
    if (++spins < 64) {
        cpu_pause();
    } else if (spins < 256) {
        std::this_thread::yield();
    } else {
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
}

// Slots needed to hold n nodes at load <= 2/3 with at least one slot always empty (so every
// probe sequence ends).
inline std::uint64_t slots_for(std::uint64_t n) { return n + n / 2 + 1; }

}  // namespace

std::uint64_t visited_table::bytes_per_node(std::uint32_t state_size) {
    // record + state (rounded to 8) + 1.5 slots of 8 bytes (load factor at most 2/3).
    return node_stride(state_size) + 12;
}

visited_table::visited_table(std::uint32_t state_size, std::uint64_t memory_budget_bytes,
                             unsigned threads, std::uint64_t initial_slots)
    : state_size_(state_size), threads_(threads), budget_(memory_budget_bytes),
      stride_(node_stride(state_size)) {
    if (threads == 0) throw std::invalid_argument("visited_table: threads must be >= 1");
    // capacity C needs at most slots_for(C) = C + C/2 + 1 slots (<= 12 C + 8 bytes) plus
    // C * (record + state) bytes. The slot array grows in place up to slots_for(C), so this
    // split bounds the largest array, not just the first one, by the budget.
    std::uint64_t cap = budget_ >= 8 ? (budget_ - 8) / bytes_per_node(state_size) : 0;
    cap = std::min(cap, max_capacity);
    capacity_ = cap;
    max_slot_count_ = slots_for(cap);
    chunk_ = std::clamp<std::uint64_t>(cap / (std::uint64_t{threads} * 64), 1, max_chunk);
    slot_count_.store(std::clamp<std::uint64_t>(initial_slots, 1, max_slot_count_),
                      std::memory_order_relaxed);  // before any other thread sees the table

    slots_bytes_ = max_slot_count_ * sizeof(std::atomic<std::uint64_t>);
    nodes_bytes_ = cap * stride_;
    static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "64-bit atomics must be lock-free");
    try {
        // Fresh anonymous pages are zero: every slot starts as 0 = empty. std::atomic<uint64_t>
        // and record are standard-layout with trivial-value representations; we treat the
        // zeroed pages as their initial objects (as every mmap-backed lock-free table does).
        // Only the prefix [0, slot_count()) of the slot reservation is ever touched.
        slots_ = static_cast<std::atomic<std::uint64_t>*>(reserve_address_space(slots_bytes_));
        nodes_ = static_cast<std::uint8_t*>(reserve_address_space(nodes_bytes_));
        per_thread_.reset(new thread_state[threads]);
        holes_.reset(new std::uint64_t[2 * std::size_t{threads}]);
    } catch (...) {
        release_address_space(slots_, slots_bytes_);
        release_address_space(nodes_, nodes_bytes_);
        throw;
    }
}

visited_table::~visited_table() {
    release_address_space(slots_, slots_bytes_);
    release_address_space(nodes_, nodes_bytes_);
}

// ---- the resize protocol ----------------------------------------------------------------------
//
// An operation (insert() with its thread's `active` flag, find() with the shared `finders_`
// counter) announces itself, then checks `resizing_`; a grower sets `resizing_`, then checks
// every announcement. All of these stores/RMWs and loads are seq_cst, so they lie in the single
// total order S (Dekker): if the operation's load of resizing_ comes before the grower's store of
// 1 in S, then its announcement (sequenced before that load) also precedes the grower's checks
// (sequenced after its store), and a seq_cst load reads the last seq_cst store before it in S
// (or a later, non-seq_cst one: only the owner's release clear, written after the operation
// ended). So either the operation sees resizing_ == 1 and backs off, or the grower sees it
// announced and waits until it leaves. With plain release/acquire both sides could miss each
// other (store->load reordering), hence seq_cst exactly on this pair.
//
// Leaving is a release store (flag) / seq_cst fetch_sub (counter); the grower's seq_cst loads
// that read those values acquire everything the operation did, in particular the node records
// published and each thread's [next, end), which rebuild() reads. The grower's final seq_cst
// store of resizing_ = 0 releases the rebuilt slots and the new slot_count_ to every operation
// that reads it. Between the two no operation touches slots_, so the array can be rebuilt in
// place with plain stores.

std::uint64_t visited_table::enter(std::atomic<std::uint32_t>& active) const {
    for (;;) {
        // seq_cst store + seq_cst load: the Dekker pair described above.
        active.store(1, std::memory_order_seq_cst);
        if (resizing_.load(std::memory_order_seq_cst) == 0) {
            // relaxed: slot_count_ changes only while resizing_ == 1 and no operation is active;
            // the load of resizing_ above synchronized with the store that ended the last
            // resize, which happens after that resize's store of slot_count_.
            return slot_count_.load(std::memory_order_relaxed);
        }
        // release: a grower that reads this 0 sees everything this thread did before.
        active.store(0, std::memory_order_release);
        wait_resize();
    }
}

std::uint64_t visited_table::enter_find() const {
    for (;;) {
        // seq_cst RMW + seq_cst load: the Dekker pair, with a counter in place of the flag.
        finders_.fetch_add(1, std::memory_order_seq_cst);
        if (resizing_.load(std::memory_order_seq_cst) == 0)
            return slot_count_.load(std::memory_order_relaxed);  // relaxed: as in enter()
        // seq_cst (not release): several threads modify the counter, and a grower's seq_cst load
        // must not read a value that predates an increment it is ordered after in S.
        finders_.fetch_sub(1, std::memory_order_seq_cst);
        wait_resize();
    }
}

void visited_table::wait_resize() const {
    unsigned spins = 0;
    // acquire: not needed for correctness (enter() re-checks with seq_cst), it only waits.
    while (resizing_.load(std::memory_order_acquire) != 0) resize_backoff(spins);
}

// Called by a thread that is not inside any operation and needs node index `node` admitted, i.e.
// slots_for(node + 1) <= slot_count(). Returns when it is (grown by this or another thread).
void visited_table::grow(std::uint64_t node) {
    std::uint32_t expected = 0;
    // seq_cst: the grower's side of the Dekker pair (and only one grower at a time).
    if (!resizing_.compare_exchange_strong(expected, 1, std::memory_order_seq_cst,
                                           std::memory_order_relaxed)) {
        wait_resize();  // another grower; the caller re-checks its node against the new size
        return;
    }
    // relaxed: only growers write slot_count_, and we are the only one now (the CAS above read
    // the 0 stored by the previous grower, which synchronizes with its store of slot_count_).
    const std::uint64_t old = slot_count_.load(std::memory_order_relaxed);
    if (slots_for(node + 1) > old) {  // not already grown by the grower before us
        unsigned spins = 0;
        for (unsigned t = 0; t < threads_; ++t) {
            // seq_cst: the other half of the Dekker pair; reading 0 acquires the thread's
            // last operation (its release clear).
            while (per_thread_[t].active.load(std::memory_order_seq_cst) != 0) resize_backoff(spins);
        }
        // seq_cst: as above, for find().
        while (finders_.load(std::memory_order_seq_cst) != 0) resize_backoff(spins);
        std::uint64_t count = old;
        while (slots_for(node + 1) > count && count < max_slot_count_)
            count = std::min(count * 2, max_slot_count_);
        rebuild(count);
        // relaxed: published by the seq_cst (release) store of resizing_ below.
        slot_count_.store(count, std::memory_order_relaxed);
    }
    // seq_cst: ends the resize; releases the rebuilt array and slot_count_ to every operation
    // whose seq_cst load reads it.
    resizing_.store(0, std::memory_order_seq_cst);
}

// Rebuild slots_[0, count) from the published nodes. Runs with no operation active (see grow()),
// so plain/relaxed accesses suffice and the old array's memory is reused: no second array, the
// largest one is all the budget has to hold.
void visited_table::rebuild(std::uint64_t count) {
    const std::uint64_t old = slot_count_.load(std::memory_order_relaxed);
    // The atomics are lock-free words and nothing else touches them now: zero them as memory.
    std::memset(static_cast<void*>(slots_), 0, old * sizeof(std::atomic<std::uint64_t>));
    // Slots [old, count) were never written since the mmap: already zero.

    // Published nodes are exactly [0, handed) minus each thread's unused range [next, end):
    // a thread fills its chunk in order and advances `next` only after its publication CAS
    // succeeded (a node written for a lost CAS is at `next` and not published).
    // relaxed: the chunk counter; the acquire of every thread's last operation (in grow())
    // covers the fetch_adds that handed out the chunks.
    const std::uint64_t handed = std::min(next_chunk_.load(std::memory_order_relaxed), capacity_);
    unsigned nholes = 0;
    for (unsigned t = 0; t < threads_; ++t) {
        const thread_state& ts = per_thread_[t];
        if (ts.next < ts.end) {
            holes_[2 * nholes] = ts.next;
            holes_[2 * nholes + 1] = ts.end;
            ++nholes;
        }
    }
    // Sort the (disjoint) holes by start; threads are few, insertion sort, no allocation.
    for (unsigned a = 1; a < nholes; ++a)
        for (unsigned b = a; b > 0 && holes_[2 * b] < holes_[2 * b - 2]; --b) {
            std::swap(holes_[2 * b], holes_[2 * b - 2]);
            std::swap(holes_[2 * b + 1], holes_[2 * b - 1]);
        }
    std::uint64_t placed = 0;
    auto place_range = [&](std::uint64_t a, std::uint64_t b) {
        if (a >= b) return;
        // Records are read in order (the hardware prefetcher follows); the slot each one lands
        // in is random, so it is prefetched `ahead` nodes early to overlap those misses.
        constexpr std::uint64_t ahead = 16;
        for (std::uint64_t n = a; n < std::min(b, a + ahead); ++n)
            __builtin_prefetch(&slots_[reduce(mix64(rec(n).hash), count)], 1, 1);
        for (std::uint64_t n = a; n < b; ++n) {
            if (n + ahead < b) __builtin_prefetch(&slots_[reduce(mix64(rec(n + ahead).hash), count)], 1, 1);
            const std::uint64_t h = mix64(rec(n).hash);
            std::uint64_t i = reduce(h, count);
            // Distinct nodes hold distinct states: no compare, the first empty slot is its place.
            while (slots_[i].load(std::memory_order_relaxed) != 0)
                if (++i == count) i = 0;
            slots_[i].store(((h & tag_mask) << index_bits) | (n + 1), std::memory_order_relaxed);
        }
        placed += b - a;
    };
    std::uint64_t n = 0;
    for (unsigned k = 0; k < nholes; ++k) {
        place_range(n, std::min(holes_[2 * k], handed));
        n = std::max(n, holes_[2 * k + 1]);
    }
    if (n < handed) place_range(n, handed);
    assert(placed == size() && "visited_table::rebuild: published nodes are not [0, handed) minus holes");
    (void)placed;
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
    const std::uint64_t h = mix64(hash);
    const std::uint64_t tag = h & tag_mask;
    for (;;) {  // once, or again after this thread had to grow the slot array
        const std::uint64_t count = enter(ts.active);
        // Every return below first leaves: release, so a grower that reads the 0 acquires this
        // operation (its publication, its ts.next/end).
        auto leave = [&ts] { ts.active.store(0, std::memory_order_release); };
        std::uint64_t i = reduce(h, count);
        std::uint64_t grow_for = 0;  // set when the probe loop breaks: node index to admit
        for (;;) {
            // acquire: pairs with the release CAS that published the slot's node, so the node's
            // record and state bytes (written before that CAS) are visible to the compare below.
            // (A slot written by a rebuild is covered by the resize protocol: see grow().)
            std::uint64_t w = slots_[i].load(std::memory_order_acquire);
            if (w == 0) {
                // Not present along the probe sequence: write a complete node, then publish it
                // with one CAS. No slot is ever "claimed but unwritten", so no reader ever waits.
                if (!take_node(ts)) {
                    leave();
                    return {no_node, outcome::full};
                }
                const std::uint64_t n = ts.next;
                if (slots_for(n + 1) > count) {
                    // Publishing node n could push the load past 2/3 (every published node has
                    // a smaller index, so at most n + 1 nodes would be in): grow first.
                    grow_for = n;
                    break;
                }
                record& r = rec(n);
                // Plain/relaxed writes: the node is private to this thread until the release CAS.
                r.hash = hash;
                r.gv.store(static_cast<std::uint64_t>(g) << 32, std::memory_order_relaxed);
                r.parent.store(parent, std::memory_order_relaxed);
                r.move.store(move, std::memory_order_relaxed);
                if (state_size_ != 0) std::memcpy(nodes_ + n * stride_ + record_bytes, s, state_size_);
                std::uint64_t expected = 0;
                // release on success: publishes the record and state bytes above to every thread
                // that acquires this slot. acquire on failure: the winner's node becomes visible
                // to our compare of it just below.
                if (slots_[i].compare_exchange_strong(expected, (tag << index_bits) | (n + 1),
                                                      std::memory_order_release,
                                                      std::memory_order_acquire)) {
                    ++ts.next;
                    // relaxed, single writer: a statistics counter read by size().
                    ts.published.store(ts.published.load(std::memory_order_relaxed) + 1,
                                       std::memory_order_relaxed);
                    leave();
                    return {n, outcome::inserted};
                }
                // Lost the race for this slot: node n stays reserved for the next new state;
                // look at what the winner put there (it may be our state).
                w = expected;
            }
            if ((w >> index_bits) == tag) {
                const std::uint64_t n = (w & index_mask) - 1;
                if (equal_state(n, s)) {
                    // The node is found: the rest touches only its record, not the slots.
                    leave();
                    record& r = rec(n);
                    // acquire: pairs with the release store that ends an improvement.
                    std::uint64_t cur = r.gv.load(std::memory_order_acquire);
                    unsigned spins = 0;
                    for (;;) {
                        if (cur & 1) {  // another thread is inside its improvement of this node
                            spin_backoff(spins);
                            cur = r.gv.load(std::memory_order_acquire);
                            continue;
                        }
                        if (g >= (cur >> 32)) return {n, outcome::duplicate};
                        // Seqlock write side (Boehm, "Can seqlocks get along with programming
                        // language memory models?", 2012, the variant without fences, which
                        // ThreadSanitizer understands): make the counter odd with a CAS (acquire:
                        // we see the previous writer's data, and only one writer at a time gets
                        // past this point).
                        if (r.gv.compare_exchange_weak(cur, cur + 1, std::memory_order_acquire,
                                                       std::memory_order_acquire)) {
                            break;
                        }
                    }
                    // release data stores: a reader whose acquire load reads one of these values
                    // synchronizes with it, so the odd counter (sequenced before) is visible to
                    // its re-check and it retries. On x86 release stores are plain moves.
                    r.parent.store(parent, std::memory_order_release);
                    r.move.store(move, std::memory_order_release);
                    const std::uint32_t seq = static_cast<std::uint32_t>(cur) + 2;  // even again
                    // release: publishes parent and move together with the new g.
                    r.gv.store((static_cast<std::uint64_t>(g) << 32) | seq, std::memory_order_release);
                    return {n, outcome::improved};
                }
            }
            if (++i == count) i = 0;
        }
        // Out of the slot array first (a grower waits for every active flag to clear, our own
        // included), grow (or wait for whoever grows), then probe the new array afresh. Our chunk
        // and node `grow_for` stay ours (rebuild() skips [next, end) of every thread).
        leave();
        grow(grow_for);
    }
}

std::uint64_t visited_table::find(const void* s, std::uint64_t hash) const {
    const std::uint64_t h = mix64(hash);
    const std::uint64_t tag = h & tag_mask;
    const std::uint64_t count = enter_find();
    std::uint64_t i = reduce(h, count);
    std::uint64_t found = no_node;
    for (;;) {
        // acquire: as in insert(), makes the published node's bytes visible to the compare.
        const std::uint64_t w = slots_[i].load(std::memory_order_acquire);
        if (w == 0) break;
        if ((w >> index_bits) == tag) {
            const std::uint64_t n = (w & index_mask) - 1;
            if (equal_state(n, s)) {
                found = n;
                break;
            }
        }
        if (++i == count) i = 0;
    }
    // seq_cst: see enter_find(); a grower reading the count acquires this lookup.
    finders_.fetch_sub(1, std::memory_order_seq_cst);
    return found;
}

void visited_table::prefetch(std::uint64_t hash) const {
    // relaxed, and outside the resize protocol: a prefetch never faults, and the address is
    // inside the slot reservation for any count we may read, so a stale count costs only a
    // useless prefetch.
    __builtin_prefetch(&slots_[reduce(mix64(hash), slot_count_.load(std::memory_order_relaxed))], 0, 1);
}

visited_table::node_info visited_table::info(std::uint64_t node) const {
    const record& r = rec(node);
    unsigned spins = 0;
    for (;;) {
        // acquire: pairs with the release store that ended the last improvement (or with the
        // publication CAS), so the data loads below see at least that writer's values.
        const std::uint64_t s1 = r.gv.load(std::memory_order_acquire);
        if (s1 & 1) {
            spin_backoff(spins);
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
    return slot_count_.load(std::memory_order_relaxed) * sizeof(std::uint64_t) + handed * stride_;
}

}  // namespace solver
