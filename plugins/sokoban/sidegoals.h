// sidegoals.h -- the frozen-goal deadlock test with the player's side (fessgoals=on, session 20).
//
// frozengoals.h asks, after a push that freezes its box on a goal with frozen group F, whether
// the other boxes can still fill the goals outside F, a box b taking goal g only when b's cell
// is reachable by pulling a box from g with F as walls -- the player's side relaxed: the
// player may stand on any cell beside the box. That misses the goals F leaves reachable only
// from one side. XSokoban 41 (session 20): the goal at the foot of a one-wide column is filled
// by a push down from the upper room; the boxes of the lower room reach it only while the
// player can walk round to below the column along the bottom goal row; once that row holds its
// frozen boxes, a box of the lower room at the column's top has the player on its wrong side
// for good, and every state FESS made with 14 of the 15 boxes packed was such a dead end.
//
// Here the pull search runs over (box cell, player's component): with F and the box as the only
// obstacles, the free cells fall into components; a pull needs the player in the component of
// the cell beside the box on the pull's side and the cell beyond it free, and leaves the player
// there. A box reaches goal g when the search from g (the player in any component beside g)
// reaches its cell in any component. Sound (no false deadlock): a real sequence of pushes of a
// box onto g, reversed, is such a pull sequence, since every cell the player walked on in the
// real game was free of boxes at the time, so free of F and of that box here (the other boxes
// only narrow the player's way). The components of every box cell are labelled once per F
// (one flood per cell) and the reach sets kept per F, as frozengoals.h does.
#ifndef SOKOBAN_SIDEGOALS_H
#define SOKOBAN_SIDEGOALS_H

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "board.h"
#include "frozengoals.h"

namespace sokoban {

struct SideGoalScratch {
    std::vector<int> group;       // the frozen group of the pushed box
    std::vector<uint8_t> wall;    // per cell: 1 in the group being tested
    std::vector<int32_t> side;    // [cell * 4 + d]: the component of the cell beside `cell` in direction d, -1 if none
    std::vector<uint32_t> label;  // flood labels per cell (stamped)
    std::vector<int> stack, queue;
    std::vector<uint8_t> seen;    // [cell * 4 + d]: the pull state (cell, the component of side d) reached
    GoalMatching match;           // the matching's scratch (frozengoals.h)
    std::unordered_map<uint64_t, FrozenGroupEntry> cache; // frozengoals.h
    size_t stride = 0;
    uint64_t tests = 0, deadlocks = 0; // counters for measurements
    void init(const Board &board);
};

// After a push left a box on goal cell `cell` (occupancy: 1 per box, the push applied; `boxes`:
// every box cell, in any order): true when that box is frozen and the other boxes cannot fill
// the goals outside its frozen group with the player's side kept. `dead` may be null.
// occupancy is used as scratch and restored.
bool side_goal_deadlock(const Board &board, const uint8_t *dead, uint8_t *occupancy, const int *boxes, int count,
                        int cell, SideGoalScratch &s);

// The side-kept pull reach of each goal targets[k] with the cells where wall[c] != 0 as walls
// (the search above with any walls, not only a frozen group; seal.h): the cells a box can be
// pulled to from targets[k] are OR-ed into reach[k * s.stride ..] (s.stride words per target;
// the caller clears them). A target on a wall is skipped. s must be init()ed for the board.
// reach4 (may be null): the same per (cell, side), bit cell * 4 + d of reach4[k * stride4 ..]
// when the box reaches the cell with the player able to stand on its side d (every side in the
// component of one reached; all four on the target itself).
void side_reach_sets(const Board &board, const std::vector<uint8_t> &wall, const std::vector<int> &targets,
                     SideGoalScratch &s, uint64_t *reach, uint64_t *reach4 = nullptr, size_t stride4 = 0);

// The cells side_goal_deadlock is asked about after a push that left a box on `to`: `to` when it
// is a goal, and the goals round it (the four beside it and the four diagonals) that hold a box,
// since the push may have frozen a neighbour (expand_state's frozen-goal test looks at the pushed
// box only). has_box(cell) says whether the position after the push has a box there. Writes up
// to 9 cells into cand and returns how many (FessSearch::side_dead_child, tools/sokoban-sound).
template <class HasBox> int side_goal_candidates(const Board &b, int to, HasBox has_box, int cand[9]) {
    int nc = 0;
    if (b.goal[to]) cand[nc++] = to;
    for (int d = 0; d < 4; ++d) {
        const int x = b.nb[to][d];
        if (x < 0) continue;
        if (b.goal[x] && has_box(x)) cand[nc++] = x;
        const int y = b.nb[x][(d + 1) & 3]; // the diagonal, one turn on
        if (y >= 0 && b.goal[y] && has_box(y)) cand[nc++] = y;
    }
    return nc;
}

} // namespace sokoban

#endif
