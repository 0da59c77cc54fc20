// localdead.h -- local deadlock search: a tiny bounded search on the boxes around a push.
//
// After a push, take the pushed box and the boxes 8-connected to it (transitively, at most
// MAX_BOXES, nearest first): the clump. With radius 2 (ldradius=2, or the portfolio's greedy
// searches with ldradius=mixed) boxes within two king steps count as connected. Remove every
// other box from the board. Removing boxes only makes a position easier (every solution of
// the full position, restricted to the clump's boxes, is a solution of the sub-position), so
// if the clump's boxes can never all stand on goals in the sub-position, the full position is
// dead.
//
// The sub-search is the bounded best-first search of subsearch.h (shared with corraldead.h)
// over (clump cells, normalized player) with the same push rules (no dead squares, no fragile
// cells, freeze deadlocks pruned). It counts as "alive"
// any state where every remaining box stands on a goal; a box that ends up with no other clump
// box in its 8-neighbourhood is dropped from the clump (a further relaxation). Reaching a
// clump with every box on a goal (or none left) means alive; exhausting the reachable states
// without it proves the pattern dead. A search that exceeds its budget of states says alive
// (unknown): only a proven exhaustion prunes, so the test cuts no live state.
// Results are cached by (clump cells, a cell of the player's area): in the table shared by all
// threads of the instance (localdead_cache.h; ldcache=shared, the default) or per thread
// (ldcache=thread, cleared when it grows past a cap). Before the flood that finds the
// sub-position's player, the table is probed with the full position's player cell (its area
// lies inside the sub-position's area, so the answer is the same); only on a miss is the flood
// done and the table asked again with the sub-position's normalized player (ldprobe=on|off).
// Option localdead=on|off.
//
// ldleft=off|all|LIST (session 22; LIST names the searches as cdmembers does): after the
// pushed box's clump, also the clumps of the boxes within the radius of the cell the box left
// (local_deadlock_left). A box that leaves can make a clump testable that was not: it was part
// of a larger clump (over MAX_BOXES, or over the budget) when its last box came, and nothing
// tests it again while it does not move. The same sub-search on another set of boxes of the
// same child: sound for the same reason.
//
// ldcore=off|all|LIST (session 23; LIST as cdmembers): in the searches with the wider clump
// (radius 2: FESS thread 1's member and the greedy searches, ldradius=mixed), when the wide
// clump is not proven dead, also its core: the boxes touching the tested box (radius 1), when
// that is another set (local_deadlock, and each clump of local_deadlock_left). A fifth box
// within two steps often makes the wide clump's sub-search run out of budget, or helps it,
// while the touching four are dead on their own (XSokoban 28: FESS thread 1's member expands
// 94 states at its highest packed count, every one dead by such a core). Any set of the
// child's boxes is a relaxation, so this is sound for the reason the local test is.
#ifndef SOKOBAN_LOCALDEAD_H
#define SOKOBAN_LOCALDEAD_H

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "board.h"
#include "localdead_cache.h"

namespace sokoban {

struct LocalDeadScratch {
    static constexpr int MAX_BOXES = LOCALDEAD_MAX_BOXES;
    static constexpr int BUDGET = 100;        // sub-states expanded per test at most
    static constexpr size_t CACHE_CAP = 1u << 20;
    using Key = LocalDeadKey;
    using KeyHash = LocalDeadKeyHash;
    std::vector<uint8_t> occ;     // sub-position occupancy
    std::vector<uint32_t> marks;  // flood stamps
    uint32_t stamp = 0;
    std::vector<int> stack;
    std::vector<Key> buckets[3 * MAX_BOXES + 1]; // open sub-states by priority (see localdead.cc)
    std::unordered_map<Key, uint32_t, KeyHash> seen; // sub-search visited
    std::unordered_map<Key, bool, KeyHash> cache;    // clump -> dead (ldcache=thread)
    int radius = 1;               // clump: boxes within this many king steps (ldradius=1|2)
    int budget = BUDGET;          // sub-states per test (ldbudget=N)
    bool local_player = true;     // ldlocal=on: a child's player without a flood when exact (localdead.cc)
    bool left = false;            // ldleft: this search also tests the clumps beside the left cell (options.h ldleft_on)
    uint64_t left_tests = 0, left_deadlocks = 0; // clumps local_deadlock_left tested, and found dead
    bool core = false;            // ldcore: a wide clump not proven dead is followed by its touching core (options.h ldcore_on)
    uint64_t core_tests = 0, core_deadlocks = 0; // cores tested (another set than the wide clump), and found dead
    uint64_t tests = 0, deadlocks = 0, cache_hits = 0, probe_hits = 0, unknown = 0, expanded = 0; // counters for measurements
    uint64_t local_players = 0;   // children whose player came from the local test (ldlocal=on)
    // The clump's candidate cells around each cell, for radius 1 and 2, in the order the ring
    // scan of local_clump() meets them (CSR: near[r - 1][near_first[r - 1][c] ..
    // near_first[r - 1][c + 1])); built by init(), so the clump costs no grid arithmetic.
    std::vector<int> near[2], near_first[2];
    void init(const Board &board);
};

// The clump around `cell` (occupancy: 1 per box) into cells[0, return value), at most
// MAX_BOXES, nearest first (see above). With `s` non-null and radius 1 or 2 from s's
// precomputed lists, else by the ring scan on the grid (the old way, kept for tests: the
// same cells in the same order).
int local_clump(const Board &board, const uint8_t *occupancy, int cell, int radius, const LocalDeadScratch *s,
                int *cells);

// After a push that left a box on `cell` with the player at `player` (any cell of its area;
// occupancy holds 1 per box, the push applied): true when the clump around `cell` is proven
// dead by the sub-search. `dead` may be null. occupancy is not changed. With `shared` non-null
// the results go to and come from that table (thread-safe), else to s.cache; `probe` asks the
// table with `player` itself before the flood (see above).
bool local_deadlock(const Board &board, const uint8_t *dead, const uint8_t *occupancy, int cell, int player,
                    LocalDeadScratch &s, LocalDeadCache *shared = nullptr, bool probe = false);

// After the same push, from `from` to `to`: true when a clump of boxes within the radius of
// `from` other than the pushed box's clump is proven dead (ldleft, above). The same table and
// probe as local_deadlock; occupancy is not changed.
bool local_deadlock_left(const Board &board, const uint8_t *dead, const uint8_t *occupancy, int from, int to,
                         int player, LocalDeadScratch &s, LocalDeadCache *shared = nullptr, bool probe = false);

// The sub-search's player cell for the sub-position of cells[0, count) (s.occ all 0 before and
// after) with the player at `from`: the smallest cell of from's area. plain: by a full flood
// (the plain computation, for tests); else as the sub-search takes it (a flood that stops at the
// board's smallest free cell).
int local_sub_player(const Board &board, LocalDeadScratch &s, const int *cells, int count, int from, bool plain);

} // namespace sokoban

#endif
