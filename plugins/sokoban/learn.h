// learn.h -- learned deadlock patterns (session 41): a search that stalls inside a dead region
// proves the state it is expanding dead with a bounded search, shrinks the proof to the few
// boxes that make it, and every learning search of the instance (portfolio.cc) then prunes any
// child holding those boxes with the player on the same side of them.
//
// Why (NOTES.md, sessions 39-41): on the levels the portfolio does not solve, its best-first
// searches spend most of their time inside dead sets of 10^4-4x10^5 states; the states decided
// there are dead, and (session 41's probe, tools/sokoban-deadprobe.cc) most of them shrink to 2-8
// boxes whose own proof takes a few to a few hundred sub-states -- a deadlock the per-push tests
// miss because its boxes are not one clump round the last push (localdead.h), not a corral
// (corraldead.h), or not frozen (freeze.h, frozengoals.h). The same small pattern recurs under
// every arrangement of the other boxes, which is what makes the dead set large.
//
// A pattern P is a set of box cells and a region R of player cells: P's boxes alone on the
// board (every other box removed) can never all stand on goals with the player anywhere in R.
// Soundness:
//   1. Removing boxes is a relaxation (corraldead.h, 1): a solution of a full position,
//      restricted to the pushes of P's boxes, solves P's sub-position (each push's destination
//      was free of all boxes, each walk was possible with more boxes in the way). So a full
//      position holding every box of P, its player in R, is dead.
//   2. The proof is the bounded sub-search of subsearch.h over (P's box cells, normalized
//      player), exhausted: every push of every reached sub-position explored (dead squares and
//      pushes that freeze the pushed box off a goal among P's boxes alone skipped: those
//      children are dead sub-positions), none reaching "every box on a goal". A sub-position
//      with all of P's boxes on goals is never a pattern (probe() tests the start too).
//   3. R is the start sub-position's player area (a flood among P's boxes from the probed
//      state's player): every player cell in it has the same normalized key, the one proven.
//      A full position's player area lies inside the area of P's sub-position that holds it.
//   4. Shrinking: a box is left out only when the sub-search without it is exhausted again
//      (another proof by 1-2, each with its own budget); over budget keeps the box.
// The check (LearnedTable::dead) after a push onto `to`: only patterns holding `to` are asked. A
// pattern without `to` was in the same state before the push (the other boxes did not move; the
// player stayed in the same area of P's sub-position, since it walked and pushed on cells free
// of P's boxes), so it was either asked when the parent was made, or learned later: missing it
// prunes less, never wrongly.
//
// The probe (learn_probe): first the clusters of boxes within 1, 2, 3, 5 steps of one box off a
// goal, each searched alone (a cluster may be dead where the whole set is over any budget: the
// boxes that merely wander about multiply its states); else the whole set; then the dead set is
// shrunk box by box (4).
//
// Options: learn=on|off (off: session 41's gates won no level and lost XSokoban 16 at 75 CPU s,
// NOTES.md), learnbudget=N (sub-states of the whole set's proof, and of the clusters' in all),
// learnshrink=N (of each cluster and each shrinking step), learnrate=N (sub-states of credit a
// best-first expansion earns: the probes' share of the search), learnmax=N (patterns kept per
// instance). portfolio.cc runs the probes (on the state each best-first search expands when its
// credit covers a whole probe); the same searches' expansions (search.cc, Scratch::learn_use)
// ask the table, no other search does (FESS's trajectories stay as they were).
#ifndef SOKOBAN_LEARN_H
#define SOKOBAN_LEARN_H

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "board.h"
#include "subkey.h"

namespace sokoban {

constexpr int LEARN_MAX_BOXES = 64; // the probe runs on states of at most this many boxes

struct LearnedPattern {
    std::vector<uint16_t> cells;  // the boxes, ascending
    std::vector<uint64_t> region; // the player cells (a bitset over the interior cells)
    bool has_player(int cell) const { return (region[static_cast<size_t>(cell) >> 6] >> (cell & 63)) & 1u; }
};

// The patterns of one instance, shared by all its threads. Readers take no lock; writers are
// serialized by a mutex. Patterns are never removed before the table is destroyed.
class LearnedTable {
public:
    LearnedTable(int cells, size_t max_patterns);
    ~LearnedTable();
    LearnedTable(const LearnedTable &) = delete;
    LearnedTable &operator=(const LearnedTable &) = delete;

    // True when a pattern holding `to` has every box in occ (1 per cell with a box) and
    // `player` (a cell of the position's player area) in its region. [thread-safe, lock-free]
    bool dead(const uint8_t *occ, int to, int player) const;
    // The same for any pattern at all (each box's list). [thread-safe, lock-free]
    bool dead_any(const uint8_t *occ, const int *boxes, int count, int player) const;
    // Adds a pattern (cells ascending); false when the table is full. [thread-safe]
    bool add(LearnedPattern p);
    size_t size() const {
        // relaxed: a statistic and the writers' own bound (read again under the mutex).
        return size_.load(std::memory_order_relaxed);
    }

private:
    struct Node {
        const LearnedPattern *pattern;
        const Node *next;
    };
    // Per cell, the newest node of the patterns holding it; each node and pattern is complete
    // before the release store that publishes it, and never changed after.
    std::unique_ptr<std::atomic<const Node *>[]> head_;
    size_t max_;
    std::atomic<size_t> size_{0};
    std::mutex write_;                                  // add() only
    std::vector<std::unique_ptr<LearnedPattern>> owned_; // under write_
    std::vector<std::unique_ptr<Node>> nodes_;           // under write_
};

// The sub-search's set of reached keys (subsearch.h asks clear() and emplace(key, 0).second):
// open addressing over a growing array, emptied in O(1) by a generation count (the probes run
// many small searches after a few large ones).
template <class Key, class Hash>
class FlatKeySet {
public:
    struct Inserted {
        bool second;
    };
    void clear() {
        keys_.clear();
        if (++gen_ == 0) {
            std::fill(slot_gen_.begin(), slot_gen_.end(), 0);
            gen_ = 1;
        }
    }
    Inserted emplace(const Key &k, int) {
        if ((keys_.size() + 1) * 2 > slot_gen_.size()) grow();
        const size_t mask = slot_gen_.size() - 1;
        for (size_t h = Hash()(k) & mask;; h = (h + 1) & mask) {
            if (slot_gen_[h] != gen_) {
                slot_gen_[h] = gen_;
                slot_[h] = static_cast<uint32_t>(keys_.size());
                keys_.push_back(k);
                return {true};
            }
            if (keys_[slot_[h]] == k) return {false};
        }
    }

private:
    void grow() {
        const size_t size = slot_gen_.empty() ? 1024 : slot_gen_.size() * 2;
        slot_gen_.assign(size, 0);
        slot_.assign(size, 0);
        gen_ = 1;
        const size_t mask = size - 1;
        for (size_t i = 0; i < keys_.size(); ++i) {
            size_t h = Hash()(keys_[i]) & mask;
            while (slot_gen_[h] == gen_) h = (h + 1) & mask;
            slot_gen_[h] = gen_;
            slot_[h] = static_cast<uint32_t>(i);
        }
    }
    std::vector<Key> keys_;
    std::vector<uint32_t> slot_gen_, slot_;
    uint32_t gen_ = 1;
};

// The buffers of the sub-search on keys of up to N boxes.
template <int N>
struct LearnArena {
    using Key = SubKey<N>;
    std::vector<std::vector<Key>> buckets = std::vector<std::vector<Key>>(3 * N + 1);
    FlatKeySet<Key, SubKeyHash<N, false>> seen;
};

// Per-thread buffers of the probe (sized by init). Its proofs run on keys of 8, 16, 32 or 64
// boxes, the least that holds the set searched (a cluster of a few boxes costs a short key).
struct LearnScratch {
    std::vector<uint8_t> occ; // all 0 between calls
    std::vector<uint32_t> marks, child_marks;
    uint32_t stamp = 0, child_stamp = 0;
    std::vector<int> stack, dist, queue;
    LearnArena<8> a8;
    LearnArena<16> a16;
    LearnArena<32> a32;
    LearnArena<LEARN_MAX_BOXES> a64;
    uint64_t unknown = 0, expanded = 0; // sub-states expanded by every probe (the credit's cost)
    uint64_t probes = 0, proven = 0, learned = 0;
    uint64_t pruned = 0; // children the table pruned in this thread's expansions (search.cc)
    void init(const Board &b);
};

// Probe the position (boxes[0, count), the player at `player`, a cell of its area): when the
// bounded search exhausts it (first budget `budget`), shrink the boxes (each step `shrink`) and
// add the pattern to `table` (unless full). True when the position is dead: proven now, or
// covered by a stored pattern (then nothing is searched). False past LEARN_MAX_BOXES boxes.
bool learn_probe(const Board &b, const uint8_t *dead, const int *boxes, int count, int player, int budget,
                 int shrink, LearnScratch &s, LearnedTable &table);

// The bounded proof alone (tests, tools): 1 dead, 0 alive, -1 over budget.
int learn_prove(const Board &b, const uint8_t *dead, const int *boxes, int count, int player, int budget,
                LearnScratch &s);

} // namespace sokoban

#endif
