// visited_table: the lock-free closed/visited set of the parallel engines.
//
// Contract:
//  - Thread-safety: insert(), find() and every accessor may be called from any number of threads
//    at once. `thread` arguments are worker ids in [0, threads); one id is used by at most one
//    OS thread at a time (each id owns a node-index chunk, not synchronized). Accessors on a node
//    index are valid once the caller "knows" the node: it got the index from insert()/find(), or
//    from another thread through a synchronizing hand-off (a locked queue, a release/acquire
//    flag, thread join). Nodes are never removed or moved; indices and state pointers stay valid
//    until the table is destroyed.
//  - Memory bound: the budget is split once, in the constructor, into capacity() nodes and the
//    largest slot array those nodes can need: max_slot_count() slots + capacity() * (node record
//    + state_size) <= memory_budget_bytes. Both are reserved as virtual address space (mmap,
//    MAP_NORESERVE) and committed by the OS only as they are touched. The nodes are filled chunk
//    by chunk from the front; the slot array starts small (initial_slots, 2^16 by default) and
//    doubles, in place inside its reservation, whenever the next node would push the load past
//    2/3, up to max_slot_count(). So the committed memory follows the number of nodes, a small
//    search in a large budget stays small, and the table never goes past the budget. insert()
//    never allocates; when all capacity() nodes are taken it returns outcome::full (duplicates
//    are still recognized when full): only the budget, never the slot array, makes it full. The
//    engine then stops cleanly (exit code 3, "memory limit reached"); the table never crashes,
//    never OOMs by itself.
//  - Progress: between resizes, lookups and first insertions are lock-free (one CAS publishes a
//    fully written node; a failed CAS means another thread made progress). Lowering g of an
//    existing node (A* reopening) takes a per-node seqlock for three stores; readers never
//    block writers and retry only while a writer of that very node is inside those three stores.
//    A resize (at most log2(max_slot_count() / initial_slots) + 1 of them in the table's life)
//    is a short stop-the-world phase: the growing thread waits until no insert()/find() is
//    inside the slot array, rebuilds the larger array from the nodes' stored hashes, and every
//    insert()/find() that starts meanwhile waits for it. O(nodes) time, single-threaded:
//    11-17 ns per node (0.8 ms at 44k nodes, 12 ms at 700k; several times that when the core is
//    shared). The nodes rebuilt over the table's life sum to at most ~2x the final count: about
//    7% on top of the inserts in tests/visited_table_benchmark.cc, which does nothing else.
//    Nodes are not touched by a resize: node indices, state pointers and the accessors below
//    (g, parent, move, info, state, hash) never wait for it.
//  - Equality is by bytes: two states are the same iff their state_size bytes are equal. The
//    64-bit hash is only used to place and filter; colliding hashes with different bytes are
//    different nodes. Callers must pass equal hashes for equal states.
//
// Layout (per node, round_up(32 + state_size, 8) bytes, plus 12 to 24 bytes of slots: the load
// stays between 1/3 and 2/3 once the array has grown):
//   slots_[S]      : atomic u64, 0 = empty, else (24-bit hash tag << 40) | (node index + 1).
//                    The tag lets a probe skip most non-matching slots without touching a node.
//                    S = slot_count() grows by doubling; position = reduce(mix64(hash), S).
//   nodes_[N]      : a 32-byte record (hash, gv = g << 32 | seqlock counter, parent, move)
//                    followed by the canonical state bytes (written once, before publication).
//                    Record and bytes side by side: a duplicate check costs one slot miss and
//                    one node miss (one cache line for states up to 32 bytes).
// Node indices are handed to threads in chunks (per-thread arenas inside one reserved range),
// so a thread's nodes are contiguous, never shared for writing, and index -> address is a
// multiplication (no chunk table to look up, nothing ever moves).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace solver {

class visited_table {
public:
    static constexpr std::uint64_t no_node = UINT64_MAX;       // "no node" (full, not found)
    static constexpr std::uint64_t root_parent = UINT64_MAX;   // parent of the initial state
    static constexpr std::uint32_t max_g = UINT32_MAX;

    enum class outcome : std::uint8_t {
        inserted,   // new state; node holds (g, parent, move) of this call
        duplicate,  // state already present with g <= the offered g; nothing changed
        improved,   // state present with a larger g; g, parent and move replaced by this call's
        full,       // new state but no capacity left; node == no_node; nothing stored
    };
    struct insert_result {
        std::uint64_t node;
        outcome result;
    };
    // A consistent snapshot of a node's mutable fields (all three from the same insert call).
    struct node_info {
        std::uint32_t g;
        std::uint32_t move;
        std::uint64_t parent;
    };

    // Throws std::invalid_argument for threads == 0, std::bad_alloc if the address space cannot
    // be reserved. A budget too small for one node gives capacity() == 0 (every insert is full).
    // initial_slots: size of the first slot array (clamped to [1, max_slot_count()]); tests pass
    // a tiny one to exercise many resizes.
    static constexpr std::uint64_t default_initial_slots = std::uint64_t{1} << 16;  // 512 KiB
    visited_table(std::uint32_t state_size, std::uint64_t memory_budget_bytes, unsigned threads,
                  std::uint64_t initial_slots = default_initial_slots);
    ~visited_table();
    visited_table(const visited_table&) = delete;
    visited_table& operator=(const visited_table&) = delete;

    // Insert `state` (state_size bytes) reached with cost g from `parent` by `move`, or lower the
    // g of the existing node. [thread-safe, lock-free except the improvement seqlock]
    insert_result insert(unsigned thread, const void* state, std::uint64_t hash, std::uint32_t g,
                         std::uint64_t parent, std::uint32_t move);
    // The node holding `state`, or no_node. [thread-safe, lock-free]
    std::uint64_t find(const void* state, std::uint64_t hash) const;
    // Hint: start loading the slot where `hash` probes first. An engine that has all children
    // of an expansion at hand can prefetch them all, then insert them (the table is memory-bound:
    // each insert is one or two cache misses). [thread-safe, no effect on contents]
    void prefetch(std::uint64_t hash) const;

    // Accessors. [thread-safe] state() bytes are immutable after publication.
    const std::uint8_t* state(std::uint64_t node) const {
        return nodes_ + node * stride_ + sizeof(record);
    }
    std::uint64_t hash(std::uint64_t node) const { return rec(node).hash; }
    std::uint32_t g(std::uint64_t node) const {
        // acquire: pairs with the release store that ends an improvement, so a caller that sees
        // the new g and then reads parent()/move() sees that improvement's values (or newer).
        return static_cast<std::uint32_t>(rec(node).gv.load(std::memory_order_acquire) >> 32);
    }
    std::uint64_t parent(std::uint64_t node) const { return info(node).parent; }
    std::uint32_t move(std::uint64_t node) const { return info(node).move; }
    node_info info(std::uint64_t node) const;  // seqlock read; never torn

    std::uint64_t size() const;                // published nodes (exact when quiescent)
    std::uint64_t capacity() const { return capacity_; }
    // Current slot array size (grows; exact when quiescent) and its bytes, and the largest it
    // may grow to (fixed by the budget).
    std::uint64_t slot_count() const { return slot_count_.load(std::memory_order_relaxed); }
    std::uint64_t slot_bytes() const { return slot_count() * sizeof(std::uint64_t); }
    std::uint64_t max_slot_count() const { return max_slot_count_; }
    std::uint32_t state_size() const { return state_size_; }
    unsigned threads() const { return threads_; }
    // Bytes accounted against the budget that are in use now: the current slot array plus the
    // node records and state bytes of nodes handed out so far. Always <= memory_budget_bytes.
    std::uint64_t memory_bytes() const;
    std::uint64_t memory_budget_bytes() const { return budget_; }
    // Bytes one more node costs (record + state + slots at the 2/3 load limit); for estimates and
    // for the budget split (the largest slot array is sized with it).
    static std::uint64_t bytes_per_node(std::uint32_t state_size);

private:
    struct record {
        std::uint64_t hash;                  // written before publication, immutable after
        std::atomic<std::uint64_t> gv;       // g << 32 | seqlock counter (odd = being improved)
        std::atomic<std::uint64_t> parent;   // seqlock-protected
        std::atomic<std::uint32_t> move;     // seqlock-protected
    };
    static_assert(sizeof(record) == 32, "two node records per cache line");

    struct alignas(64) thread_state {
        // [next, end): this thread's unused node indices. Node `next` is the one the next new
        // state is written into; it stays reserved after a lost publication CAS and is reused.
        std::uint64_t next = 0;
        std::uint64_t end = 0;
        std::atomic<std::uint64_t> published{0};  // nodes this thread published (for size())
        // 1 while this thread's insert() may read or write the slot array (see enter()). Written
        // only by the owner; read by a grower. On the owner's cache line: the fast path pays one
        // store to a line it already owns, no sharing.
        std::atomic<std::uint32_t> active{0};
    };

    record& rec(std::uint64_t node) const {
        return *reinterpret_cast<record*>(nodes_ + node * stride_);
    }
    bool take_node(thread_state& ts);
    bool equal_state(std::uint64_t node, const void* state) const;
    std::uint64_t enter(std::atomic<std::uint32_t>& active) const;
    std::uint64_t enter_find() const;
    void wait_resize() const;
    void grow(std::uint64_t node);
    void rebuild(std::uint64_t count);

    std::uint32_t state_size_;
    unsigned threads_;
    std::uint64_t budget_;
    std::uint64_t capacity_ = 0;
    std::uint64_t max_slot_count_ = 0;  // slots_for(capacity_): the reservation of slots_
    std::uint64_t chunk_ = 1;
    std::atomic<std::uint64_t>* slots_ = nullptr;  // reservation of max_slot_count_ slots; fixed
    std::uint64_t stride_ = 0;  // bytes per node: record + state, rounded up to 8
    std::uint8_t* nodes_ = nullptr;
    std::size_t slots_bytes_ = 0, nodes_bytes_ = 0;  // reservation sizes
    // Resize state, read by every insert()/find(), written only by a grower: one shared line.
    // resizing_: 1 while a grower owns the slot array (see enter() and grow() for the protocol).
    // slot_count_: the current array is slots_[0, slot_count_); written only while resizing_ is
    // held and no operation is active, so readers see it stable for the whole operation.
    alignas(64) std::atomic<std::uint32_t> resizing_{0};
    std::atomic<std::uint64_t> slot_count_{0};
    // find() has no thread id: it announces itself in this shared counter instead of a flag.
    alignas(64) mutable std::atomic<std::uint64_t> finders_{0};
    // Next node index not yet handed to any thread. fetch_add(relaxed): it is only a counter
    // that partitions the index space; no data is published through it.
    alignas(64) std::atomic<std::uint64_t> next_chunk_{0};
    std::unique_ptr<thread_state[]> per_thread_;
    // Grower's scratch: the unpublished index range [next, end) of each thread (no allocation
    // inside insert()).
    std::unique_ptr<std::uint64_t[]> holes_;
};

}  // namespace solver
