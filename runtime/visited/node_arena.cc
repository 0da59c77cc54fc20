// node_arena: see the contract in node_arena.h.
#include "visited/node_arena.h"

#include "visited/address_space.h"

#include <algorithm>
#include <stdexcept>

namespace solver {

node_arena::node_arena(std::uint32_t state_size, std::uint64_t memory_budget_bytes, unsigned threads)
    : state_size_(state_size), threads_(threads), stride_(bytes_per_node(state_size)) {
    if (threads == 0) throw std::invalid_argument("node_arena: threads must be >= 1");
    capacity_ = std::min<std::uint64_t>(memory_budget_bytes / stride_, visited_table::no_node - 1);
    chunk_ = std::clamp<std::uint64_t>(capacity_ / (std::uint64_t{threads} * 64), 1, 1024);
    bytes_ = capacity_ * stride_;
    base_ = static_cast<std::uint8_t*>(reserve_address_space(bytes_));
    try {
        per_thread_.reset(new thread_state[threads]);
    } catch (...) {
        release_address_space(base_, bytes_);
        throw;
    }
}

node_arena::~node_arena() { release_address_space(base_, bytes_); }

std::uint64_t node_arena::append(unsigned thread, const void* state, std::uint32_t g, std::uint64_t parent,
                                 std::uint32_t move) {
    thread_state& ts = per_thread_[thread];
    if (ts.next == ts.end) {
        // relaxed: see next_chunk_. The load first keeps a full arena from pushing the counter
        // further on every failed append.
        if (next_chunk_.load(std::memory_order_relaxed) >= capacity_) return no_node;
        const std::uint64_t start = next_chunk_.fetch_add(chunk_, std::memory_order_relaxed);
        if (start >= capacity_) return no_node;
        ts.next = start;
        ts.end = std::min(start + chunk_, capacity_);
    }
    const std::uint64_t n = ts.next++;
    std::uint8_t* p = base_ + n * stride_;
    const record r{parent, move, g};
    std::memcpy(p, &r, sizeof r);
    std::memcpy(p + sizeof(record), state, state_size_);
    // relaxed, single writer: a statistic read by size().
    ts.appended.store(ts.appended.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    return n;
}

std::uint64_t node_arena::size() const {
    std::uint64_t total = 0;
    // relaxed: a statistic; exact once the appending threads are joined.
    for (unsigned t = 0; t < threads_; ++t) total += per_thread_[t].appended.load(std::memory_order_relaxed);
    return total;
}

std::uint64_t node_arena::memory_bytes() const {
    // relaxed: a statistic.
    return std::min(next_chunk_.load(std::memory_order_relaxed), capacity_) * stride_;
}

}  // namespace solver
