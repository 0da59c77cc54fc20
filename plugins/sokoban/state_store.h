// state_store.h -- the states one sequential search has seen (the portfolio's best-first
// searches, FESS and the backward search; each thread owns its own stores, nothing here is
// shared between threads: the backward guest's meet count reads its own thread's forward store
// between that search's expansions, on the same thread).
//
// States are fixed-size byte strings kept in one arena and numbered in insertion order, so a
// search keeps its per-node data in vectors indexed by the same numbers. An open-addressing
// index (linear probing, power-of-two size, grown at 3/4 load) finds a state by the plugin's
// state hash and compares whole states, so two different states never share a number. Each
// slot holds the number and the hash's upper 32 bits (the tag): a probe that meets another
// state's slot is told apart by the tag alone, without reading that state's hash or bytes (on
// XSokoban 4 the lookup was 10% of the portfolio's profile, mostly those reads).
#ifndef SOKOBAN_STATE_STORE_H
#define SOKOBAN_STATE_STORE_H

#include <cstdint>
#include <cstring>
#include <vector>

#include "huge_alloc.h"

namespace sokoban {

class StateStore {
public:
    // The index starts at 2^10 slots (8 KiB) and doubles at 3/4 load: a portfolio makes about
    // eight stores a level, and at 2^16 slots each (512 KiB written with EMPTY) they were 6% of
    // Microban's CPU once the matching tables stopped costing (session 45, NOTES.md).
    explicit StateStore(uint32_t state_size) : n_(state_size), index_(1u << 10, EMPTY), mask_(index_.size() - 1) {}

    // The number of `st` (hash h): the existing one (inserted = false) or, stored now, the next
    // (inserted = true; the caller appends its per-node data under it).
    uint32_t find_or_insert(const uint8_t *st, uint64_t h, bool &inserted) {
        uint64_t slot = 0;
        const uint32_t id = find(st, h, &slot);
        inserted = id == NONE;
        return inserted ? insert_at(slot, st, h) : id;
    }

    // The number of `st` (hash h), or NONE when it is not stored (nothing is inserted). With
    // `slot`: where the probe stopped (with NONE, the empty slot `st` goes into), for insert_at.
    static constexpr uint32_t NONE = UINT32_MAX;
    uint32_t find(const uint8_t *st, uint64_t h, uint64_t *slot = nullptr) const {
        const uint64_t tag = h & TAG_MASK;
        uint64_t s = h & mask_;
        for (; index_[s] != EMPTY; s = (s + 1) & mask_) {
            const uint64_t e = index_[s];
            if ((e & TAG_MASK) == tag && std::memcmp(state(static_cast<uint32_t>(e)), st, n_) == 0) { // equal states have equal hashes
                if (slot) *slot = s;
                return static_cast<uint32_t>(e);
            }
        }
        if (slot) *slot = s;
        return NONE;
    }

    // Stores `st` (hash h), which find(st, h, &slot) has just not found (nothing inserted since),
    // in that slot without probing again; its number, the next. Only when this insert takes the
    // index past 3/4 load is the index grown and the slot looked up anew (free_slot: no state
    // compared, `st` is known to be absent).
    uint32_t insert_at(uint64_t slot, const uint8_t *st, uint64_t h) {
        if ((used_ + 1) * 4 > index_.size() * 3) {
            grow();
            slot = free_slot(index_, mask_, h);
        }
        const uint32_t id = static_cast<uint32_t>(hashes_.size());
        index_[slot] = (h & TAG_MASK) | id;
        ++used_;
        arena_.insert(arena_.end(), st, st + n_);
        hashes_.push_back(h);
        return id;
    }

    const uint8_t *state(uint32_t id) const { return &arena_[static_cast<size_t>(id) * n_]; }

    // The path from the root to `goal` along the nodes' `parent` links (UINT32_MAX at the root):
    // its states appended to `states`, its moves (each node's `move`, the root's left out) to
    // `moves`, and `cost` = the goal node's `g`. Node: any record with parent, move and g (the
    // portfolio's best-first searches, its tie guest, FESS).
    template <class Nodes>
    void append_path(const Nodes &nodes, uint32_t goal, std::vector<uint8_t> &states, std::vector<uint32_t> &moves,
                     uint64_t &cost) const {
        std::vector<uint32_t> path;
        for (uint32_t x = goal; x != UINT32_MAX; x = nodes[x].parent) path.push_back(x);
        for (size_t i = path.size(); i-- > 0;) states.insert(states.end(), state(path[i]), state(path[i]) + n_);
        for (size_t i = path.size() - 1; i-- > 0;) moves.push_back(nodes[path[i]].move);
        cost = nodes[goal].g;
    }

    // Bytes held (for the memory budget).
    uint64_t memory() const { return arena_.capacity() + index_.size() * 8 + hashes_.capacity() * 8; }

private:
    // A slot: the tag (hash bits 32-63) above the number (bits 0-31); EMPTY is no number's slot
    // (numbers stay below UINT32_MAX: the arena would be far past any memory budget first).
    static constexpr uint64_t EMPTY = UINT64_MAX;
    static constexpr uint64_t TAG_MASK = 0xffffffff00000000ull;

    // The first empty slot from h's (every state in `index` differs from the one placed there).
    static uint64_t free_slot(const HugeVec<uint64_t> &index, uint64_t mask, uint64_t h) {
        uint64_t slot = h & mask;
        while (index[slot] != EMPTY) slot = (slot + 1) & mask;
        return slot;
    }

    void grow() {
        HugeVec<uint64_t> bigger(index_.size() * 2, EMPTY);
        const uint64_t m2 = bigger.size() - 1;
        for (uint64_t e : index_) {
            if (e == EMPTY) continue;
            bigger[free_slot(bigger, m2, hashes_[static_cast<uint32_t>(e)])] = e;
        }
        index_.swap(bigger);
        mask_ = m2;
    }

    uint32_t n_;
    // The three grow with the search: 2 MiB pages where the kernel gives them (huge_alloc.h).
    HugeVec<uint8_t> arena_;    // state id at [id * n_, (id + 1) * n_)
    HugeVec<uint64_t> index_;   // (tag, number) by hash slot, EMPTY where empty
    HugeVec<uint64_t> hashes_;  // per number: its state's hash
    uint64_t mask_, used_ = 0;
};

} // namespace sokoban

#endif
