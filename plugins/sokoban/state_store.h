// state_store.h -- the states one sequential search has seen (the portfolio's best-first
// searches and FESS; each thread owns its own store, nothing here is shared).
//
// States are fixed-size byte strings kept in one arena and numbered in insertion order, so a
// search keeps its per-node data in vectors indexed by the same numbers. An open-addressing
// index of numbers (linear probing, power-of-two size, grown at 3/4 load) finds a state by the
// plugin's state hash and compares whole states, so two different states never share a number.
#ifndef SOKOBAN_STATE_STORE_H
#define SOKOBAN_STATE_STORE_H

#include <cstdint>
#include <cstring>
#include <vector>

namespace sokoban {

class StateStore {
public:
    explicit StateStore(uint32_t state_size) : n_(state_size), index_(1u << 16, NONE), mask_(index_.size() - 1) {}

    // The number of `st` (hash h): the existing one (inserted = false) or, stored now, the next
    // (inserted = true; the caller appends its per-node data under it).
    uint32_t find_or_insert(const uint8_t *st, uint64_t h, bool &inserted) {
        if ((used_ + 1) * 4 > index_.size() * 3) grow();
        uint64_t slot = h & mask_;
        while (index_[slot] != NONE) {
            const uint32_t id = index_[slot];
            if (hashes_[id] == h && std::memcmp(state(id), st, n_) == 0) {
                inserted = false;
                return id;
            }
            slot = (slot + 1) & mask_;
        }
        const uint32_t id = static_cast<uint32_t>(hashes_.size());
        index_[slot] = id;
        ++used_;
        arena_.insert(arena_.end(), st, st + n_);
        hashes_.push_back(h);
        inserted = true;
        return id;
    }

    const uint8_t *state(uint32_t id) const { return &arena_[static_cast<size_t>(id) * n_]; }

    // Appends the states of `path` (numbers, in order) to `out`.
    void append_states(const std::vector<uint32_t> &path, std::vector<uint8_t> &out) const {
        for (uint32_t id : path) out.insert(out.end(), state(id), state(id) + n_);
    }

    // Bytes held (for the memory budget).
    uint64_t memory() const { return arena_.capacity() + index_.size() * 4 + hashes_.capacity() * 8; }

private:
    static constexpr uint32_t NONE = UINT32_MAX;

    void grow() {
        std::vector<uint32_t> bigger(index_.size() * 2, NONE);
        const uint64_t m2 = bigger.size() - 1;
        for (uint32_t id : index_) {
            if (id == NONE) continue;
            uint64_t slot = hashes_[id] & m2;
            while (bigger[slot] != NONE) slot = (slot + 1) & m2;
            bigger[slot] = id;
        }
        index_.swap(bigger);
        mask_ = m2;
    }

    uint32_t n_;
    std::vector<uint8_t> arena_;    // state id at [id * n_, (id + 1) * n_)
    std::vector<uint32_t> index_;   // numbers by hash slot, NONE where empty
    std::vector<uint64_t> hashes_;  // per number: its state's hash
    uint64_t mask_, used_ = 0;
};

} // namespace sokoban

#endif
