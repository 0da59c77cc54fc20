// node_store: the single-threaded exact visited table of the sequential engines: every state
// once, its bytes in one arena, its record (hash, parent index, move, g) beside it, and an
// open-addressing index over the 64-bit hashes (linear probing, load factor <= 1/2).
//
// Contract: not thread-safe. Node ids are dense 0..size()-1 and stay valid; state() pointers
// are invalidated by the next insert (the arena may move). memory_bytes() counts every byte
// this structure holds (capacities, not sizes), so engines can keep within a budget.
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace solver {

class node_store {
public:
    static constexpr std::uint32_t no_parent = 0xffffffffu;

    explicit node_store(std::uint32_t state_size) : n_(state_size), slots_(1u << 12, 0) {}

    std::uint32_t size() const { return static_cast<std::uint32_t>(records_.size()); }
    const std::uint8_t* state(std::uint32_t id) const { return arena_.data() + std::size_t(id) * n_; }
    std::uint32_t g(std::uint32_t id) const { return records_[id].g; }
    std::uint32_t parent(std::uint32_t id) const { return records_[id].parent; }
    std::uint32_t move(std::uint32_t id) const { return records_[id].move; }
    bool closed(std::uint32_t id) const { return records_[id].closed != 0; }
    void set_closed(std::uint32_t id) { records_[id].closed = 1; }

    // Looks the state up; when absent, remembers the free slot for insert_reserved().
    std::pair<std::uint32_t, bool> find_or_reserve(const void* state, std::uint64_t hash) {
        std::size_t mask = slots_.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            std::uint32_t s = slots_[i];
            if (s == 0) {
                reserved_ = i;
                return {0, false};
            }
            const record& r = records_[s - 1];
            if (r.hash == hash && std::memcmp(this->state(s - 1), state, n_) == 0) return {s - 1, true};
        }
    }
    // Insert a state known to be absent, right after find_or_reserve() said so.
    std::uint32_t insert_reserved(const void* state, std::uint64_t hash, std::uint32_t parent, std::uint32_t move,
                                  std::uint32_t g) {
        std::uint32_t id = size();
        records_.push_back({hash, parent, move, g, 0});
        arena_.insert(arena_.end(), static_cast<const std::uint8_t*>(state),
                      static_cast<const std::uint8_t*>(state) + n_);
        slots_[reserved_] = id + 1;
        if (2 * records_.size() > slots_.size()) grow();
        return id;
    }
    std::uint32_t insert_new(const void* state, std::uint64_t hash, std::uint32_t parent, std::uint32_t move,
                             std::uint32_t g) {
        auto [id, found] = find_or_reserve(state, hash);
        return found ? id : insert_reserved(state, hash, parent, move, g);
    }
    void set_parent(std::uint32_t id, std::uint32_t parent, std::uint32_t move, std::uint32_t g) {
        records_[id].parent = parent;
        records_[id].move = move;
        records_[id].g = g;
    }
    // Rebuild the path root..id as states and moves.
    void path_to(std::uint32_t id, std::vector<std::uint8_t>& states, std::vector<std::uint32_t>& moves) const {
        std::vector<std::uint32_t> chain;
        for (std::uint32_t v = id; v != no_parent; v = records_[v].parent) chain.push_back(v);
        states.clear();
        moves.clear();
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            states.insert(states.end(), state(*it), state(*it) + n_);
            if (it != chain.rbegin()) moves.push_back(records_[*it].move);
        }
    }
    std::uint64_t memory_bytes() const {
        return arena_.capacity() + records_.capacity() * sizeof(record) + slots_.capacity() * sizeof(std::uint32_t);
    }

private:
    struct record {
        std::uint64_t hash;
        std::uint32_t parent, move, g;
        std::uint32_t closed;  // expanded at least once (fills the record's padding)
    };
    void grow() {
        std::vector<std::uint32_t> bigger(slots_.size() * 2, 0);
        std::size_t mask = bigger.size() - 1;
        for (std::uint32_t id = 0; id < size(); ++id) {
            std::size_t i = records_[id].hash & mask;
            while (bigger[i]) i = (i + 1) & mask;
            bigger[i] = id + 1;
        }
        slots_.swap(bigger);
    }

    std::uint32_t n_;
    std::vector<std::uint8_t> arena_;
    std::vector<record> records_;
    std::vector<std::uint32_t> slots_;  // node id + 1, 0 = empty
    std::size_t reserved_ = 0;
};

}  // namespace solver
