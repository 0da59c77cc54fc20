// heuristic.h -- lower bounds on the pushes still needed.
//
// Push distances are precomputed per goal by pulling (deadsquares.h: pull_distances), so they
// respect walls and fragile tiles but ignore the other boxes.
// With sides (the default, for maps of at most SIDES_MAX_CELLS interior cells) they also respect
// where the player can be: the distance is kept per (box cell, side of the box the player is
// on), the player changes sides around a box only through cells other than the box (other
// boxes still ignored), and a box's cost is the best over the sides the player can reach now.
// In a one-wide corridor a box can then no longer "turn around". Still a relaxation, so still
// admissible and consistent; a push changes only the moved box's costs (the player's side of
// every other box stays connected to where it was).
//   matching: minimum-cost perfect matching of boxes to goals (Hungarian algorithm, O(k^3));
//             admissible and consistent for pushes; no perfect matching -> dead.
//   greedy:   each box in turn takes the nearest goal still free (a box whose free goals are
//             all unreachable pays its nearest goal); cheaper, NOT admissible.
//   none:     h = 0.
#ifndef SOKOBAN_HEURISTIC_H
#define SOKOBAN_HEURISTIC_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "board.h"
#include "zeroed.h"

namespace sokoban {

enum class HeuristicKind { matching, greedy, none };

// How the matching bound is computed (the value is the same in every mode):
//   full:        from scratch for every state (Hungarian, O(k^3));
//   incremental: from scratch for the expanded state, each child by re-inserting the moved
//                box's row into the parent's solution (one augmentation, O(k^2));
//   cached:      incremental, and each emitted child's optimal solution (column potentials and
//                assignment) is kept in a per-thread table keyed by the child's hash; when the
//                child is expanded the kept solution is checked against its cost matrix (dual
//                feasibility and tight assigned edges: an optimality certificate, O(k^2)), so a
//                stale entry or a hash collision only costs the from-scratch solve.
enum class MatchingMode { full, incremental, cached };

constexpr uint32_t H_DEAD = UINT32_MAX;

constexpr int SIDES_MAX_CELLS = 2048;

struct Heuristic {
    HeuristicKind kind = HeuristicKind::matching;
    int n = 0;                  // interior cells
    int k = 0;                  // goals
    std::vector<uint16_t> dist; // dist[g * n + cell]: pushes from cell to goal g (any side)
    std::vector<uint16_t> nearest; // per cell: min over goals (UINT16_MAX: dead square)
    bool sides = false;
    std::vector<std::array<int32_t, 4>> nb; // the board's neighbour table
    std::vector<uint16_t> comp;  // comp[box * n + cell]: component of cell with `box` removed
    std::vector<uint16_t> dist4; // dist4[(g * n + cell) * 4 + side]
    // One cost-matrix row per (box cell, side), goals contiguous: side_rows[(cell * 4 + d) * k + g]
    // = box_cost(g, cell, p) for a player p in the component of the neighbour in direction d
    // (with sides; without, d = 0 holds dist). UINT16_MAX where that neighbour is a wall.
    std::vector<uint16_t> side_rows;
    // side_rows as the Hungarian's rows (make_cost_rows, once side_rows is filled; it then
    // releases side_rows): 32-bit costs with big() for UINT16_MAX, so that filling a row of the
    // cost matrix is a copy, and per row whether any goal is reachable at all.
    std::vector<int32_t> cost_rows;
    std::vector<uint8_t> row_any;
    // The cost of an unreachable pair: more than any perfect matching of reachable pairs costs.
    int64_t big() const { return static_cast<int64_t>(k) * (n + 1) + 1; }
    void make_cost_rows();

    void init(const Board &board, HeuristicKind kind, bool use_sides = true);

    // Pushes to bring a box from `box` to goal g with the player at `player` (UINT16_MAX: never).
    uint16_t box_cost(int g, int box, int player) const {
        if (!sides) return dist[static_cast<size_t>(g) * n + box];
        const uint16_t *cb = &comp[static_cast<size_t>(box) * n];
        const uint16_t pc = cb[player];
        const uint16_t *d4 = &dist4[(static_cast<size_t>(g) * n + box) * 4];
        uint16_t best = UINT16_MAX;
        for (int d = 0; d < 4; ++d) {
            const int x = nb[box][d];
            if (x >= 0 && cb[x] == pc && d4[d] < best) best = d4[d];
        }
        return best;
    }
};

// Per-thread buffers of the Hungarian algorithm, sized once.
struct HeuristicScratch {
    std::vector<int32_t> cost, pcost; // k x k cost matrix (and the parent's); big() fits: k (n + 1) + 1
    std::vector<int64_t> u, v, minv;
    std::vector<int> p, way;
    std::vector<uint8_t> used, taken;
    std::vector<int64_t> pu, pv; // the parent's solution (matching_keep_parent)
    std::vector<int> pp;
    std::vector<int> free_rows; // rows left unmatched by the Hungarian's greedy start
    std::vector<int> settled;        // augment(): the columns settled, in order
    std::vector<int64_t> settled_at; // augment(): the distance at which each was settled
    void init(int k);

    // The table of children's solutions (MatchingMode::cached; matching_cache_init): entries of
    // cache_words words each, one place per hash (the newest stays): the state's hash (0: empty),
    // then per goal column its potential (int32), then the box cell assigned to it (uint16).
    uint64_t cache_mask = 0;      // entries - 1 (a power of two); no table when cache is empty
    int cache_k = 0;              // columns per entry
    size_t cache_words = 0;
    ZeroedWords cache;           // zero pages until touched (zeroed.h)
    uint64_t *cache_entry(size_t slot) { return &cache[slot * cache_words]; }
    int32_t *cache_pots(size_t slot) { return reinterpret_cast<int32_t *>(cache_entry(slot) + 1); }
    uint16_t *cache_cells(size_t slot) { return reinterpret_cast<uint16_t *>(cache_pots(slot) + cache_k); }
    std::vector<uint32_t> row_mark;  // per interior cell: stamp of the row map below
    std::vector<int> row_of;         // per interior cell: the row of the box there
    uint32_t row_stamp = 0;
    uint64_t cache_hits = 0, cache_misses = 0, cache_stores = 0; // statistics (tests, tuning)
    // Self-switching: per window of CACHE_WINDOW lookups (the first after a (re)start not
    // judged), under CACHE_MIN_HIT_PERCENT hits pauses the table (no stores, no lookups) for
    // CACHE_PAUSE expansions: when other threads expand most of this thread's children (the
    // runtime's engines at 2+ threads), a store per child costs more than the hits save.
    static constexpr uint64_t CACHE_WINDOW = 8192, CACHE_PAUSE = 16 * 8192, CACHE_MIN_HIT_PERCENT = 40;
    bool cache_storing = true, cache_warmup = true;
    uint64_t cache_window = 0, cache_window_hits = 0, cache_pause_left = 0, cache_pauses = 0;
};

// Per-thread size of the table of children's solutions (MatchingMode::cached). 4 MiB: as many
// hits per node as 16 MiB in practice and fewer cache misses per store (XSokoban 4 and 12 at
// 1 thread: 4 MiB 1-6% more nodes per CPU second than 16 MiB; 64 MiB was 10-15% slower).
constexpr size_t MATCHING_CACHE_BYTES = size_t(4) << 20;

// Size the table of children's solutions for k goals on n interior cells within about
// `max_bytes` (power-of-two entries, at least 1024); max_bytes == 0 removes it.
void matching_cache_init(HeuristicScratch &s, int n, int k, size_t max_bytes);

// Keep the optimal solution of a child for when it is expanded: boxes[] are the child's boxes
// (row order as given to matching_child). from_parent = false: the solution matching_child()
// just left in s; true: the parent's kept solution (matching_keep_parent) with the moved box one
// push closer to its assigned goal (matching_step_closer), which stays optimal for the child
// (its row potential lowered by 1). No-op without a table.
void matching_cache_store(HeuristicScratch &s, uint64_t key, const int *boxes, int count, bool from_parent);

// Prefetch the table entry of `key` (for a store or a lookup a little later).
inline void matching_cache_prefetch(HeuristicScratch &s, uint64_t key) {
    if (s.cache.empty()) return;
    const char *e = reinterpret_cast<const char *>(s.cache_entry(static_cast<size_t>(key & s.cache_mask)));
    for (size_t b = 0; b < s.cache_words * sizeof(uint64_t); b += 64) __builtin_prefetch(e + b, 1);
}

// As evaluate_assigned() (same value, matching only), but first tries the solution kept under
// `key`: accepted only when it is provably optimal for this cost matrix.
uint32_t evaluate_cached(const Heuristic &h, const int *boxes, int count, int player, HeuristicScratch &s,
                         int *goal_of, uint64_t key);

// h of the boxes (interior indices, count == heuristic.k) with the player at `player` (any
// cell of its area), or H_DEAD.
uint32_t evaluate(const Heuristic &h, const int *boxes, int count, int player, HeuristicScratch &s);

// As evaluate(); for matching, also the optimal assignment: goal_of[i] = goal index (into
// board.goals / heuristic rows) of box i. goal_of is left untouched for greedy and none.
uint32_t evaluate_assigned(const Heuristic &h, const int *boxes, int count, int player,
                           HeuristicScratch &s, int *goal_of);

// Incremental matching for the children of one parent: after evaluate_assigned() on the
// parent, matching_keep_parent() saves its optimal duals and assignment; matching_child() then
// gives the exact matching of boxes where only box `row` moved, re-inserting that one row with
// a single augmentation, O(k^2) instead of O(k^3). Matching only.
// `player` is the child's player: the cell the pushed box left.
void matching_keep_parent(HeuristicScratch &s);
uint32_t matching_child(const Heuristic &h, const int *boxes, int count, int row, int player,
                        HeuristicScratch &s);

// The matching's cheapest incremental case: one box of the parent's optimal assignment moves one
// push closer to its assigned goal. Then the child's matching is exactly parent - 1 (it cannot
// be lower: the matching is consistent), so the Hungarian run can be skipped.
inline bool matching_step_closer(const Heuristic &h, int goal, int from, int parent_player, int to) {
    const uint16_t a = h.box_cost(goal, from, parent_player);
    const uint16_t b = h.box_cost(goal, to, from);
    return a != UINT16_MAX && b != UINT16_MAX && b + 1 == a;
}

} // namespace sokoban

#endif
