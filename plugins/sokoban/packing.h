// packing.h -- a packing order of the goals from a backward (pull) search on the solved
// position, the "packed" feature of the feature-space search (fess.h; fessorder=on|off).
//
// Start with a box on every goal. In round r, every goal whose box can be pulled, alone (the
// other remaining goal boxes stay as walls), onto a cell that is not a goal is given removal
// round r; then all of those boxes are taken away and the next round begins. Goals that never
// come free take the last round. The packing layer of a goal is (last round - its round): the
// goals that come free last are the ones to fill first (the far end of a goal room, the inside
// of a goal block), and a goal in layer L is best filled once layers 0..L-1 are full.
// The player in a pull search starts on any free cell beside the box (the solved position's
// player may stand anywhere); one pull moves box and player one cell away from the box's side.
#ifndef SOKOBAN_PACKING_H
#define SOKOBAN_PACKING_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct PackingOrder {
    std::vector<int> layer; // per interior cell: the goal's packing layer, -1 off goals
    std::vector<uint32_t> layer_size; // goals per layer
    int layers = 0;
};

PackingOrder compute_packing_order(const Board &b);

// Boxes packed in order: the boxes on goals of layers 0, 1, ... up to and including the first
// layer that is not full. occ: 1 per interior cell with a box. count: a buffer of layers entries.
uint32_t packed_in_order(const PackingOrder &p, const Board &b, const uint8_t *occ, std::vector<uint32_t> &count);

// The packing macro's search (fesspack=on, fess.h): the fewest pushes that take the box at
// `from` onto any cell with target[cell] != 0, the other boxes of occ (which includes `from`)
// fixed, the player starting on `player`, the box never on a cell with dead[cell] != 0 (null:
// none). A breadth-first search over (box cell, player side), one flood of the player's area
// per state; the first target reached is the nearest, so its path is a fewest-push one, the
// same length as solution.h's push_path() finds again when it formats the move.
struct PackPath {
    int first_dir = -1; // the first push's direction
    int dest = -1;      // the target reached
    int end_player = -1; // the cell the player stands on after the last push
    uint32_t pushes = 0;
};
// Which sides of the box the player reaches comes from one depth-first search per call over
// the floor without the other boxes (the moving box taken away): two cells beside the box's
// cell X are joined without X unless X cuts them apart (a child subtree of X whose low link
// does not climb above X), a look-up per push instead of a flood of the player's area per
// state. flood=true in the scratch floods for every state, as before (the reference the tests
// compare with: the same paths).
struct PackPathScratch {
    std::vector<int32_t> prev;  // per (cell * 4 + side): previous state, -1 none, -2 start
    std::vector<uint32_t> mark; // flood stamps
    uint32_t stamp = 0;
    std::vector<int> queue, stack;
    std::vector<int> disc, low, last, parent; // the depth-first search: order, low link, subtree end, parent
    std::vector<uint8_t> next;                // per cell: the next direction to try
    bool flood = false;
    void init(int n);
};
bool pack_path(const Board &b, uint8_t *occ, const uint8_t *dead, const uint8_t *target, int from, int player,
               PackPathScratch &s, PackPath &out);

} // namespace sokoban

#endif
