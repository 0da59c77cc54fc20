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
//  - Memory bound: everything is sized once, in the constructor, from memory_budget_bytes:
//    slot array + capacity() * (node record + state_size). The memory is reserved as virtual
//    address space (mmap, MAP_NORESERVE) and committed by the OS only as it is touched, so a
//    large budget costs nothing until used. insert() never allocates; when all capacity() nodes
//    are taken it returns outcome::full (duplicates are still recognized when full). The engine
//    then stops cleanly (exit code 3, "memory limit reached"); the table never grows past the
//    budget, never crashes, never OOMs by itself.
//  - Progress: lookups and first insertions are lock-free (one CAS publishes a fully written
//    node; a failed CAS means another thread made progress). Lowering g of an existing node
//    (A* reopening) takes a per-node seqlock for three stores; readers never block writers
//    and retry only while a writer of that very node is inside those three stores.
//  - Equality is by bytes: two states are the same iff their state_size bytes are equal. The
//    64-bit hash is only used to place and filter; colliding hashes with different bytes are
//    different nodes. Callers must pass equal hashes for equal states.
//
// Layout (per node, round_up(32 + state_size, 8) bytes, plus ~12 bytes of slots at the 2/3
// load limit):
//   slots_[S]      : atomic u64, 0 = empty, else (24-bit hash tag << 40) | (node index + 1).
//                    The tag lets a probe skip most non-matching slots without touching a node.
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
    visited_table(std::uint32_t state_size, std::uint64_t memory_budget_bytes, unsigned threads);
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
    std::uint64_t slot_count() const { return slot_count_; }
    std::uint32_t state_size() const { return state_size_; }
    unsigned threads() const { return threads_; }
    // Bytes accounted against the budget that are in use now: the slot array plus the node
    // records and state bytes of nodes handed out so far. Always <= memory_budget_bytes.
    std::uint64_t memory_bytes() const;
    std::uint64_t memory_budget_bytes() const { return budget_; }
    // Bytes one more node costs (record + state + slots at the load limit); for estimates.
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
    };

    record& rec(std::uint64_t node) const {
        return *reinterpret_cast<record*>(nodes_ + node * stride_);
    }
    bool take_node(thread_state& ts);
    bool equal_state(std::uint64_t node, const void* state) const;

    std::uint32_t state_size_;
    unsigned threads_;
    std::uint64_t budget_;
    std::uint64_t capacity_ = 0;
    std::uint64_t slot_count_ = 0;
    std::uint64_t chunk_ = 1;
    std::atomic<std::uint64_t>* slots_ = nullptr;
    std::uint64_t stride_ = 0;  // bytes per node: record + state, rounded up to 8
    std::uint8_t* nodes_ = nullptr;
    std::size_t slots_bytes_ = 0, nodes_bytes_ = 0;
    // Next node index not yet handed to any thread. fetch_add(relaxed): it is only a counter
    // that partitions the index space; no data is published through it.
    alignas(64) std::atomic<std::uint64_t> next_chunk_{0};
    std::unique_ptr<thread_state[]> per_thread_;
};

}  // namespace solver
