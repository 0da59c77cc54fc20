// strand.h -- the stranded count: boxes that no longer reach a free goal when every box on a goal
// stays where it is (fessstrand=off|on, fess.h; session 26).
//
// Why: on the large levels FESS stands 1-2 goals short (Sasquatch I 18 31 43, GRIGoRusha 1;
// NOTES.md, session 26). Its most-packed states have the same shape on each: the boxes it
// packed last took goals on the way of the boxes still out, which now sit behind a row of
// packed goals (18: the two goal rows of the upper half filled partly from below, two upper
// boxes left above them with the empty goals below; 31: the two goals of the passages into the
// middle room filled while four boxes were still on the far side; GRIGoRusha 1: the goal box
// in the column under each empty pocket goal). The packing macro takes the nearest box, and
// nothing in the features tells a packing that shuts in another box from one that does not.
//
// The count: the boxes on the goals of the full packing layers are walls (FESS passes those;
// strand_count takes any set, every goal box by default); each other goal's reach is the cells
// from which a box can be pushed onto it with only the walls in the way (the other boxes
// removed, the player anywhere beside the box: a relaxation); a box off its goal may take a goal
// whose reach holds its cell when the player can get beside the box at all (a neighbour in his
// part of the floor with the walls), a box on a goal that is not a wall may keep it; the count
// is the boxes left unmatched by a maximum matching. 0 when every box still has a goal of its
// own with the packed layers kept; more than 0 when some packed box must come off its goal
// again (or a packed row shut the player out of a room that still has boxes to move): the
// position may still be solvable, it is not a deadlock test.
// FESS uses it as the seal count is used: a push that lowers it costs 0, a move that raises it
// is never free, the packing macro passes over a box whose packing raises it; fessstrand=cell
// makes it a cell coordinate too. Along the known solutions of the six levels above it is 0 on
// every push but one (three levels) with the full layers as walls, where with every goal box as
// a wall it is above 0 on a third or more of the pushes (boxes that start on goals are moved).
// Cost: the reaches depend on the boxes on goals only, so one entry caches them for the last
// such set (the children of one expansion share their parent's set, but for the one that
// moves a box onto or off a goal); then a matching (Kuhn's paths from a greedy start).
#ifndef SOKOBAN_STRAND_H
#define SOKOBAN_STRAND_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct StrandScratch {
    std::vector<uint8_t> walls;      // the on-goal set the reaches were made for (per goal index)
    bool valid = false;              // reaches made for `walls`
    std::vector<int> empty;          // the empty goals of that set (cells)
    size_t words = 0;                // 64-bit words per reach set
    std::vector<uint64_t> reach;     // [k * words ..]: the cells from which empty goal k is reached
    std::vector<int> queue;
    std::vector<int> part;           // per cell: its part of the floor with the walls, -1 on a wall
    std::vector<uint8_t> beside;     // per box: the player can get beside it
    const Board *board = nullptr;
    std::vector<uint8_t> blocked;    // per cell: a wall for the pushes (a box on a goal)
    std::vector<int> boxes;          // boxes off goals (cells)
    std::vector<int> match_goal;     // per box: matched empty goal index, -1
    std::vector<int> match_box;      // per empty goal: matched box index, -1
    std::vector<uint32_t> seen;      // per empty goal: the augmenting search's stamp
    uint32_t stamp = 0;
    uint64_t reach_builds = 0;       // how often the reaches were made (the cache's misses)
};

// The stranded count of the boxes in occ (1 per interior cell with a box). fixed: per cell, 1 where
// a box on a goal is a wall (null: every box on a goal); the other boxes, those on goals too, are
// matched to the goals that are not walls (a box on such a goal reaches it). dead: the dead
// squares (a box is never pushed onto one that is not a goal), or null.
// player: the player's cell; a box off its goal takes a goal only when a cell beside it is in the
// player's part of the floor with the walls (the other boxes removed); -1: anywhere.
uint32_t strand_count(const Board &b, const uint8_t *dead, const uint8_t *occ, const uint8_t *fixed, int player,
                      StrandScratch &s);

} // namespace sokoban

#endif
