// corraldead.h -- corral deadlock search (after YASS / Sokolution / Festival): a bounded search
// on the boxes of the area the player cannot reach beside the pushed box.
//
// After a push that left a box on `to`, flood the player's area R of the full position. When a
// neighbour of `to` is an empty cell outside R, the push closed (or borders) a corral: C = the
// empty cells outside R connected to those neighbours. Its boundary is walls and boxes (an
// empty cell beside C is in C or in R, and a cell of R beside C would make C reachable). The
// corral's boxes K = every box beside a cell of C (at most MAX_BOXES, else no test).
//
// Soundness (why every other box may be removed, and boxes dropped during the search):
//   1. Removing boxes is a relaxation. Take the sub-position with only K's boxes (player in
//      the same cell). Any solution of the full position, restricted to the pushes of K's
//      boxes, is a push sequence of the sub-position: each such push needs its destination
//      free of K's boxes (it was free of all boxes) and the player's walk to the cell behind,
//      which was possible with more boxes in the way. At its end K's boxes stand on goals. So
//      if K's boxes alone can never all stand on goals, the full position is dead.
//   2. Removing a box from any state reached in the sub-search is the same relaxation: if the
//      smaller position is dead, so is the larger. The search replaces each child X by relax(X)
//      and proves dead only by exhausting every state it reached. Claim: every reached state is
//      dead. Else take a reached state with a solution of the fewest pushes; its first push
//      leads to a child X whose solution is one push shorter, relax(X) has a solution no longer,
//      relax(X) was reached (the search is exhaustive) and is not "all boxes on goals" (that
//      would have stopped the search as alive): a reached solvable state with a shorter
//      solution, a contradiction. So the exhausted search proves the start dead, and every
//      state it reached too (they are all stored as dead in the cache).
//   3. Pushes onto dead squares and pushes after which the pushed box is frozen off a goal
//      (freeze.h, on the sub-position's boxes alone) lead to dead sub-positions: skipping them
//      keeps "exhausted" a proof.
//   4. Any answer "alive" is sound (it prunes nothing); an over-budget search says alive.
// The relaxation used in 2: a box pushed onto a cell that the player reached in the start
// sub-position (outside the corral's area: the box was pushed out of the corral) is dropped.
// The search stops with "alive" as soon as the player reaches an empty cell it could not reach
// in the start sub-position (the corral is broken open: with every other box gone the rest is
// usually easy, and proving it would cost the budget), or when every box left stands on a goal.
// Both stops only say alive, which is sound (4). The start area is a function of the start key
// (boxes and normalized player), so a cached answer does not depend on which full position
// asked. Not modelled, so never pruned: corrals with more than MAX_BOXES boxes around them.
//
// cdextend=4|8|4all|8all (session 21, off by default): the ring E of boxes beside (4) or around
// (8) a box of K (12 boxes in all at most). With 4|8, when a box of K can be pushed out of the
// corral (so the plain test does not search) but not with E kept, search K + E; with 4all|8all
// also when the plain search did not prove K dead (costlier: a second search on most live
// corrals). The
// case it is for: a box of K can leave the corral only through a cell or past a side that a
// box not bordering the corral blocks (XSokoban 28: three boxes round a pocket the player
// cannot enter, the third one not beside it). Soundness: K + E is a set of boxes of the full
// position, so 1 holds for it word for word (any subset of the boxes is a relaxation, however
// chosen); 2-4 do not depend on which boxes were kept. The drop rule and the "broken open"
// stop use the start area of K + E (E's cells count as box cells, not as corral cells), both
// relaxations or answers "alive". The I-check (corraldead.cc) with E kept: a push blocked by a
// box of E is blocked in the sub-position too, so skipping still only says alive. The ring's
// test runs only where the plain one failed, so it prunes a superset of what the plain test
// prunes; its answers are cached by their own keys (the sub-position K + E and the player).
//
// The sub-search is the bounded best-first search of subsearch.h (shared with localdead.h)
// over (box cells, normalized player), boxes off goals counting twice, budget cdbudget states. Results go to a
// table shared by all threads of the instance (CorralDeadCache: the StripedTable of
// striped_table.h, like localdead_cache.h). Options corraldead=off|on|pi|fess0, cdbudget=N, cdextend=off|4|8|4all|8all, areatree=on|off (options.cc).
#ifndef SOKOBAN_CORRALDEAD_H
#define SOKOBAN_CORRALDEAD_H

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "areatree.h"
#include "board.h"
#include "corral.h"
#include "striped_table.h"
#include "subkey.h"

namespace sokoban {

constexpr int CORRALDEAD_MAX_BOXES = 12;

using CorralDeadKey = SubKey<CORRALDEAD_MAX_BOXES>;
using CorralDeadKeyHash = SubKeyHash<CORRALDEAD_MAX_BOXES, false>;

// The shared table: a StripedTable (striped_table.h: its contract, locking argument and memory
// bound), a stripe allocated on its first insert with 64 slots of 28 bytes and doubled at 3/4
// load up to 2^12 (the default: 1M slots, 28 MiB at most). find: -1 when the key is not
// stored, else 1 dead, 0 alive/unknown. [thread-safe]
using CorralDeadCache = StripedTable<CorralDeadKey, CorralDeadKeyHash, uint8_t, GrowingStripes>;

// The parent's player area, for the exact local trigger (areatree=on): reach[c] == stamp for
// the cells the player reaches before the push, `root` its smallest cell, `box` the pushed
// box's cell before the push (where the child's player stands), and the area's tree
// (areatree.h; built here when not valid).
struct ParentArea {
    const uint32_t *reach;
    uint32_t stamp;
    int root;
    int box;
    AreaTree *tree;
    // The parent's corrals as find_pi_corral labelled them (corral.h), or null (corral=off).
    const CorralScratch *corrals = nullptr;
};

struct CorralDeadScratch {
    static constexpr int MAX_BOXES = CORRALDEAD_MAX_BOXES;
    using Key = CorralDeadKey;
    std::vector<uint8_t> occ;     // sub-position occupancy
    std::vector<uint32_t> marks;  // flood stamps, 4 planes of n cells (see corraldead.cc)
    uint32_t stamp = 0;
    std::vector<int> stack;
    std::vector<int> corral;      // the corral's cells (corral_deadlock)
    std::vector<Key> buckets[3 * MAX_BOXES + 1];
    std::unordered_map<Key, uint8_t, CorralDeadKeyHash> seen;
    // A small direct-mapped table of this thread's answers by the probe key, in front of the
    // shared one (no lock; an entry is the full key, so a hit is exact).
    static constexpr size_t NEAR = 4096;
    struct Near {
        Key key;
        uint8_t used, dead;
    };
    std::vector<Near> near;
    int mode = 0;                 // this search's corraldead=off|on|pi (0, 1, 2): corraldead_mode (options.h)
    int budget = 2000;            // sub-states per test (cdbudget=N)
    bool cut_trigger = true;      // areatree=on: the corral from the parent area's tree
    int extend = 0;               // cdextend=off|4|8|4all|8all (0, 4, 8): the ring of boxes beside|around the corral's
    bool extend_after_search = false; // cdextend=4all|8all: the ring searched also where the corral's own boxes were searched (and not proven dead)
    // Counters for measurements.
    uint64_t calls = 0, floods = 0, pushable = 0, tests = 0, deadlocks = 0, cache_hits = 0, unknown = 0, too_big = 0, expanded = 0;
    uint64_t ext_deadlocks = 0;   // deadlocks proven only with the ring (cdextend)
    uint64_t cut_answers = 0, label_answers = 0; // corrals found from the tree, from the labels (no flood)
    int last_boxes[MAX_BOXES];    // the boxes of the last corral searched or looked up (tests)
    int last_count = -1;          // their number; -1 when the last call stopped before
    void init(const Board &board);
};

// After a push that left a box on `to` (occupancy: 1 per box, the push applied; player: any cell
// of the player's area): true when the corral beside `to` is proven dead. `dead` may be null.
// occupancy is not changed. With `cache` null nothing is stored or looked up. Before any flood,
// when `player` is beside `to`, a look at the 8 cells around `to` rules out most pushes (no
// corral can border `to`); the table is probed with `player` itself before the flood that
// normalizes the sub-position's player (its area lies inside the sub-position's area).
//
// With `parent` (a single push from parent->box to `to`, player == parent->box) and cut_trigger, the
// corral beside `to`, when `to` was in the parent's area, is found without a flood: removing
// `to` splits that area into parts (the depth-first tree's low links say which), and the
// child's player area is the parts beside the player's new cell (with any corral the box
// left opening into it); the other parts beside `to` are the corral, exactly the cells the
// flood would find (tested). A push into a corral C of the parent (parent->corrals) whose box
// leaves no other cell of C beside the player's new cell leaves C without `to` shut off: its
// boxes are C's boxes still beside it and the pushed one, no cell is visited. Otherwise (a
// macro, or a push into a corral that the player's new cell opens) the flood runs.
bool corral_deadlock(const Board &board, const uint8_t *dead, const uint8_t *occupancy, int to, int player,
                     CorralDeadScratch &s, CorralDeadCache *cache, const ParentArea *parent = nullptr);

} // namespace sokoban

#endif
