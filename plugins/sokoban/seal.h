// seal.h -- does filling the packing order's next layers seal the goal area's only entrance
// while boxes still need it? (fessseal=off|on|t0|t1, fess.h; session 21)
//
// The packing order (packing.h) fills its layers 0, 1, ...; the goals of a full layer are
// walls from then on. A layer may close the player's only way to the side of a passage from
// which the boxes still outside must be pushed in. XSokoban 41: the bottom goal row is filled
// first (layers 0-9), and the boxes of the lower room get up the one-wide column, and then down
// it to the row, only with the player below them, whom the row's second goal shuts off. The
// order itself can be followed (its backward search has lower boxes fill the first goals), but
// FESS's packing macro fills them with the nearest boxes, from the upper room, and from then on
// two lower boxes too many are left below: the state is dead a few pushes later.
//
// The test, per state: with N the first layer not full and for each layer L >= N, a matching of
// the boxes (but those on goals of layers <= L, which are walls) to the goals still to fill --
// the empty goals of layers N..L, each with the goals of the layers before its own as walls, and
// every goal of a layer after L with the layers up to L as walls -- where a box may take a goal
// when the side-kept pull reach of that goal (sidegoals.h: a pull search over (box cell, the
// player's component)) reaches the box's cell with the player on a side of it he can get to:
// one in the player's part of the floor without the walls and the box's cell (XSokoban 16: a box
// beside a pocket whose only other way in is the first goal is pushed out of it only from the
// pocket). The reach sets depend on the walls only, so they are computed once per level, per
// layer, with a depth-first search of the floor per layer for the parts a cell cuts it into
// (the player's part then costs a few look-ups). The player is taken where he stands now (on a
// cell that is a wall of the layer: any side). The seal count of a state is the most goals left
// unmatched at any L from N to N + 2 (0: the plan can go on with these boxes; the layers
// further on are left to later states: three matchings per state, not one per layer). Not a deadlock test: the
// plan is only a plan (and the other boxes are not obstacles here); a guide for FESS: a push
// that lowers it is advised, a move that raises it is not (packing.h's macro tries the next box
// instead), and it is a cell coordinate.
// Parks of the order (packorder=park..): only goals are walls; a parked goal (its box brought
// to its park cell while the park's place layer is filled) is read with the walls of that place
// layer when those are fewer than its own table's (a box that reaches the goal then may go to
// the park cell then and wait there; a relaxation, never a higher count).
// Levels with more than 64 goals have no seal map (the count stays 0).
// Session 22, the same counts for less: per (table, cell, side) the part of the floor the side
// lies in and the goals reached from the sides in that part (one part() look-up per box and table
// for the player, not five); each box's reach once per table the layers read; a greedy pass
// before Kuhn's paths; and seal_parent: FESS takes an expanded state's matchings as a snapshot,
// and a child with one box moved between two cells off the goals, the same player cell and the
// same next layer has its count from them by one augmenting path (0 or 1: see seal_parent).
#ifndef SOKOBAN_SEAL_H
#define SOKOBAN_SEAL_H

#include <cstdint>
#include <vector>

#include "board.h"
#include "packing.h"

namespace sokoban {

constexpr int kSealAhead = 3; // SealScratch's arrays hold as many layers

struct SealMap {
    int layers = 0;     // the order's layers (0: no map)
    size_t stride = 0;  // 64-bit words per cell set
    std::vector<int> goal_layer; // per goal index: its layer
    std::vector<int> goal_index; // per cell: its goal index, -1 off the goals
    std::vector<int> park_layer; // per goal index: the place layer of its park, or the number of layers
    size_t stride4 = 0; // words per (cell, side) set
    // [(t * goals + k) * stride4 ..]: bit cell * 4 + d when a box on the cell reaches goal k with
    // the player on its side d, the goals of layers < t as walls (t = 0 .. layers-1; empty for a
    // goal of a layer < t).
    std::vector<uint64_t> reach;
    // [(t * n + cell) * 4 + d]: the goals whose bit cell * 4 + d is set in table t's reach (the
    // same sets read the other way: a box's goals in one look-up per side and table).
    std::vector<uint64_t> goal_mask;
    // [(t * n + cell) * 4 + d] (session 22): the part of table t's floor without the cell that
    // side d lies in (part() in seal.cc: -1 the part not cut off, else the cut-off child; -3 no
    // side: a wall or off the board), and the goals a box on the cell reaches with the player in
    // that part (goal_mask's sets over the sides in the same part). With these a box's reach
    // costs one part() look-up for the player, not one per side.
    std::vector<int> side_part;
    std::vector<uint64_t> side_mask;
    // Per table t, [t * n + cell]: the depth-first forest of the floor without its walls (disc 0 on
    // walls): discovery time, low link, the last time in the cell's subtree, parent, tree root.
    std::vector<int> disc, low, last, parent, root;
    bool empty() const { return layers == 0; }
};

SealMap compute_seal(const Board &b, const PackingOrder &order);

// Scratch for seal_count (no allocation per call once sized).
struct SealScratch {
    std::vector<uint64_t> masks;  // per box: the goals it may take
    std::vector<int> goal_match;  // per goal index: the box matched or -1
    std::vector<int> pending;     // the boxes the greedy pass left without a goal
    // Per (box, table read): the goals the box reaches with the player where he is (one call).
    std::vector<uint64_t> reach;
    // The parent's snapshot (session 22, seal_parent), valid when the parent's count was 0:
    // its next, player, occupancy and boxes, its layers' matching problems, and per layer L
    // (q = L - next) the matching found: per goal the goals its box may take (0: no box),
    // per box cell its goal (-1: none), the goals of the boxes left without one.
    struct Problem {
        uint64_t open = 0;
        int open_count = 0;
        int tables = 0;
        int used[65];          // the tables read (at most next..L + 1 and parks' place layers)
        uint64_t of_table[65]; // the open goals read from used[j]
        int slot[65];          // used[j]'s index in the call's list of tables
    };
    bool parent = false;
    int parent_next = 0, parent_player = -1, parent_layers = 0, parent_tables = 0;
    int tables[68];                     // the tables the layers read (Problem::slot)
    Problem problems[kSealAhead];
    std::vector<uint8_t> parent_occ;
    std::vector<int> parent_boxes;
    std::vector<uint64_t> owner_mask;   // [q * 64 + goal]
    std::vector<int8_t> goal_of;        // [q * cells + cell]
    uint64_t unmatched[kSealAhead] = {};
    std::vector<int> cell_of;           // per box index of the matching: its cell
    uint64_t quick = 0, full = 0; // counters for measurements: calls answered each way
};

// The goals left unmatched at layer L (L >= next, next the first layer not full): occ 1 per box
// cell, boxes the box cells (count of them), player the player's cell.
int seal_deficit(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
                 int next, int L, SealScratch &s);
// The seal count: the most goals left unmatched at any L from next to next + kSealAhead - 1 (the
// layers about to be filled; 0 without a map).
// first (may be null): the first L with that count, -1 when 0.
int seal_count(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
               int next, SealScratch &s, int *first = nullptr);
// seal_count, and the state taken as the parent of the states seal_count is asked next (s's
// snapshot; none when its count is above 0). A child of it with the same next and player cell,
// one box moved from a cell to another, neither a goal: the open goals and the other boxes'
// goals are the parent's, so the parent's matching without the moved box is one of the child's,
// one goal short at most; the child's count is 0 where one augmenting path (from the moved box
// or a box left without a goal to the goal it gave up) exists, else 1 -- the same count as the
// full one, without the other boxes' reach and the matchings. Any other state: the full count.
int seal_parent(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
                int next, SealScratch &s);

} // namespace sokoban

#endif
