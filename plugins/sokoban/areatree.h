// areatree.h -- the player's area as a depth-first tree with low links (Tarjan's cut cells), so
// that a push onto a cell of the area can be judged without a flood.
//
// After a single push of a box from `box` onto `to`, `to` a cell of the parent's area R, the
// child's free cells near the player are R without `to`, plus `box`. R without `to` falls into
// parts: the subtree of a tree child y of `to` is a part of its own when no edge leads from it
// above `to` (low[y] >= disc[to]); everything else (the tree's root with the rest) is one more
// part. The child's player, on `box`, reaches the parts that hold a neighbour of `box` (and any
// corral the box left open, which touches no cell of R); the other parts beside `to` are shut
// off: new corrals. Each part is a contiguous range of the discovery order (or, for the root's
// part, the order without the separate subtrees and `to`), and the tree keeps each subtree's
// smallest cell, so both the corral's cells (corraldead.h) and the child's normalized player
// (search.h, child_player) come without a flood. One build per expansion, O(|R|), made by the
// first push that needs it (`valid` is cleared by the caller when the parent changes).
// Contract: per thread (lives in the search scratch); no allocation after init.
#ifndef SOKOBAN_AREATREE_H
#define SOKOBAN_AREATREE_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct AreaTree {
    bool valid = false;
    uint32_t built_for = 0;          // the reach stamp of the area it was built for
    uint32_t stamp = 0;              // marks the tree's cells in `visit`
    std::vector<uint32_t> visit;
    std::vector<int> disc, low, end; // per cell: discovery time, low link, end of the subtree's range
    std::vector<int> tparent, iter, submin, order, stack;
    uint64_t builds = 0;             // counter for measurements
    void init(int n);
    // The area: reach[c] == reach_stamp; root: its smallest cell (the normalized player).
    void build(const Board &b, const uint32_t *reach, uint32_t reach_stamp, int root);
    // Built for this area (the caller clears `valid` when the marks are reused for another).
    bool ready(uint32_t reach_stamp) const { return valid && built_for == reach_stamp; }
    // The part of the area without `to` that holds x (x in the area, x != to): the tree child
    // of `to` that roots it, or -1 for the root's part.
    int part_of(const Board &b, int to, int x) const;
    // The smallest cell of a part (the root is the area's smallest cell).
    int part_min(int part) const { return part < 0 ? order[0] : submin[part]; }
    // Appends the cells of a part to out.
    void append_part(const Board &b, int to, int part, std::vector<int> &out) const;
};

} // namespace sokoban

#endif
