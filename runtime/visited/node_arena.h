// node_arena: the append-only node store of the approximate visited mode (--visited bloom):
// every admitted state once, with its g, parent and move, and no index over them (duplicate
// detection is the bloom filter's job, see bloom_visited below).
//
// Contract:
//  - append() may be called from any number of threads at once, each with its own worker id in
//    [0, threads) (one OS thread per id at a time: the id owns a chunk of node indices). It
//    writes the node with plain stores and returns its index, or no_node when the budget is used
//    up. Nothing is synchronized here: a node must reach another thread through a synchronizing
//    hand-off (the open list's locks, the engine's join), exactly like the visited table's nodes.
//    Nodes never move or change; indices and state pointers stay valid until destruction.
//  - Memory bound: one reservation of capacity() * stride bytes (MAP_NORESERVE, committed as
//    touched), capacity() = budget / (16 + state_size rounded up to 8). Never allocates after
//    construction, never exceeds the budget.
#pragma once

#include "visited/bloom_filter.h"
#include "visited/visited_table.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>

namespace solver {

class node_arena {
public:
    static constexpr std::uint64_t no_node = visited_table::no_node;

    node_arena(std::uint32_t state_size, std::uint64_t memory_budget_bytes, unsigned threads);
    ~node_arena();
    node_arena(const node_arena&) = delete;
    node_arena& operator=(const node_arena&) = delete;

    std::uint64_t append(unsigned thread, const void* state, std::uint32_t g, std::uint64_t parent,
                         std::uint32_t move);

    const std::uint8_t* state(std::uint64_t node) const { return base_ + node * stride_ + sizeof(record); }
    std::uint32_t g(std::uint64_t node) const { return rec(node).g; }
    std::uint64_t parent(std::uint64_t node) const { return rec(node).parent; }
    std::uint32_t move(std::uint64_t node) const { return rec(node).move; }
    std::uint32_t state_size() const { return state_size_; }
    std::uint64_t capacity() const { return capacity_; }
    std::uint64_t size() const;          // nodes appended (exact when quiescent)
    std::uint64_t memory_bytes() const;  // bytes of the chunks handed out so far
    static std::uint64_t bytes_per_node(std::uint32_t state_size) { return (sizeof(record) + state_size + 7) / 8 * 8; }

private:
    struct record {
        std::uint64_t parent;
        std::uint32_t move;
        std::uint32_t g;
    };
    struct alignas(64) thread_state {
        std::uint64_t next = 0, end = 0;
        std::atomic<std::uint64_t> appended{0};  // single writer, relaxed: for size()
    };
    record rec(std::uint64_t node) const {  // a copy (memcpy: the bytes were written so)
        record r;
        std::memcpy(&r, base_ + node * stride_, sizeof r);
        return r;
    }

    std::uint32_t state_size_;
    unsigned threads_;
    std::uint64_t stride_, capacity_, chunk_;
    std::uint8_t* base_ = nullptr;
    std::size_t bytes_ = 0;
    // Next unassigned node index. relaxed fetch_add: it only partitions the index space; node
    // contents are published by the caller's own hand-off, never through this counter.
    alignas(64) std::atomic<std::uint64_t> next_chunk_{0};
    std::unique_ptr<thread_state[]> per_thread_;
};

// The visited set of --visited bloom, with the part of visited_table's interface the
// best-first engines use. insert() asks the bloom filter: "seen" (possibly a false positive,
// which prunes a new state) is reported as a duplicate; a new state is appended to the arena.
// There is no g improvement (any-solution searches only) and no lookup by state. The search is
// therefore incomplete: an exhausted search proves nothing.
class bloom_visited {
public:
    using outcome = visited_table::outcome;
    using insert_result = visited_table::insert_result;
    static constexpr std::uint64_t no_node = visited_table::no_node;
    static constexpr std::uint64_t root_parent = visited_table::root_parent;

    // 1/16 of the budget for the filter (16 bits per node for states of up to 16 bytes), the
    // rest for the nodes.
    bloom_visited(std::uint32_t state_size, std::uint64_t memory_budget_bytes, unsigned threads)
        : bloom_(std::max<std::uint64_t>(memory_budget_bytes / 16, 8)),
          nodes_(state_size, memory_budget_bytes - memory_budget_bytes / 16, threads) {}

    insert_result insert(unsigned thread, const void* state, std::uint64_t hash, std::uint32_t g,
                         std::uint64_t parent, std::uint32_t move) {
        if (!bloom_.insert(hash)) return {no_node, outcome::duplicate};
        const std::uint64_t n = nodes_.append(thread, state, g, parent, move);
        return {n, n == no_node ? outcome::full : outcome::inserted};
    }
    void prefetch(std::uint64_t hash) const { bloom_.prefetch(hash); }
    const std::uint8_t* state(std::uint64_t node) const { return nodes_.state(node); }
    std::uint32_t g(std::uint64_t node) const { return nodes_.g(node); }
    std::uint64_t parent(std::uint64_t node) const { return nodes_.parent(node); }
    std::uint32_t move(std::uint64_t node) const { return nodes_.move(node); }
    std::uint32_t state_size() const { return nodes_.state_size(); }
    std::uint64_t size() const { return nodes_.size(); }
    std::uint64_t memory_bytes() const { return bloom_.memory_bytes() + nodes_.memory_bytes(); }
    // Expected rate at which new states were taken for seen ones, at the current size.
    double false_positive_rate() const { return bloom_.false_positive_rate(size()); }

private:
    bloom_filter bloom_;
    node_arena nodes_;
};

}  // namespace solver
