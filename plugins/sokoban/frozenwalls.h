// frozenwalls.h -- the matching deadlock with every frozen box as a wall and the player's side
// kept (fesswalls=off|on|t0|t1, session 24).
//
// frozengoals.h and sidegoals.h test the frozen group of the pushed box (fessgoals=on: and of
// the goal boxes round it) when the push leaves it on a goal. What they miss (session 20,
// XSokoban 41, 31, 32): boxes frozen on goals by a neighbour's later push, several frozen
// groups that shut goals off only together, and the player's side at the start -- a box whose
// only way to a goal needs the player on a side he can no longer reach. This test takes the
// whole position at once:
//   1. F = every box on a goal that is frozen (freeze.h's proof; a frozen group with a box off
//      a goal is a deadlock at once). Such a box never moves again in any solution, so it is a
//      wall from here on.
//   2. Per F (cached by F's Zobrist key, the cells compared): the pull reach of every goal
//      outside F over (box cell, the player's component), F as the only walls besides the
//      level's (sidegoals.cc's side_reach_sets), kept per (cell, side); and per box cell, which
//      of its sides lie in one component.
//   3. Per position: the player's component at each other box b -- the floor's components with
//      F as walls (labelled once per F) say whether he can get to b at all, and where b's cell
//      cuts his area in two or more (an articulation), a flood from him with b as a wall too,
//      stopped at b's first side, says which part he is in. Box b may take goal g when the
//      pull reach of g holds (b's cell, that side); a box the player cannot reach at all takes
//      only the goal it stands on.
//   4. Dead when the boxes outside F cannot all be given distinct goals outside F (Kuhn's
//      matching; Hall's condition covers the "room with more boxes than goals it can still
//      fill" case of 41).
// Sound (no false deadlock): in a solution, F never moves; box b's pushes, reversed, are a pull
// sequence of this search, since between two of b's pushes the player walks on cells free of
// every box at the time -- so free of F and of b -- and before b's first push he walks from
// where he stands now on such cells, so that push starts from a side in his component. Other
// boxes only narrow his way, and a box that never moves stands on its own goal. The goals the
// boxes end on are distinct, so they form a perfect matching here.
// Cost: the freeze proofs of the boxes on goals, the articulation floods and a small matching
// (on 64-bit goal masks up to 64 goals) per position; the pull searches once per F.
#ifndef SOKOBAN_FROZENWALLS_H
#define SOKOBAN_FROZENWALLS_H

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "board.h"
#include "frozengoals.h"
#include "sidegoals.h"

namespace sokoban {

struct FrozenWallScratch {
    struct Entry {
        std::vector<int> cells;       // F, sorted
        std::vector<uint64_t> reach4; // per goal: bit cell * 4 + d, the box at cell with the player on side d reaches it
        std::vector<uint8_t> canon;   // [cell * 4 + d]: the first side of cell in side d's component, 255 for none (wall, F)
        std::vector<uint16_t> area;   // per cell: its component of the floor with F as walls (0: in F)
    };
    SideGoalScratch side;             // the pull search (sidegoals.cc)
    std::vector<int> group, frozen, stack;
    std::vector<uint8_t> in_frozen;   // per cell
    std::vector<uint8_t> wall;        // per cell: F, for side_reach_sets
    std::vector<uint32_t> mark, cut;  // per cell: flood stamps (the player's area; with a box as a wall)
    uint32_t stamp = 0;
    std::vector<int8_t> pside;        // per box cell: a side in the player's component, -1 none
    std::vector<int> targets;         // every goal (side_reach_sets' targets)
    std::vector<uint64_t> masks;      // up to 64 goals: per box, the goals it may take
    std::vector<int> goal_of;         // per cell: its goal index, -1 if none
    GoalMatching match;
    std::unordered_map<uint64_t, Entry> cache;
    size_t stride4 = 0;
    // With no box frozen, the test adds to the matching bound of expand_state only the player's
    // side; false (the default) skips it there, true tests every position.
    bool unfrozen = false;
    uint64_t tests = 0, deadlocks = 0, entries = 0; // counters for measurements
    void init(const Board &board);
};

// The position: occupancy 1 per box (used as scratch, restored), `boxes` every box cell, the
// player's cell. True when it is dead by the test above. `dead` may be null (dead squares off).
// With `base` (sorted: F of a position this one was made from by moving one box, which was not
// in it, to cell `to`): F is base plus the frozen groups of the goal boxes in the 4-connected
// clump of boxes at `to` -- a box of base is still frozen (its proof holds only walls, dead
// squares and boxes of base, none of which moved), and a freeze proof runs only through
// orthogonally touching boxes, so a box frozen now and not before touches `to` through boxes.
// The same verdict, fewer freeze proofs (FESS: base once per parent, frozen_on_goals).
bool frozen_wall_deadlock(const Board &board, const uint8_t *dead, uint8_t *occupancy, const int *boxes, int count,
                          int player, FrozenWallScratch &s, const std::vector<int> *base = nullptr, int to = -1);

// F of a position (sorted) into `out`; false when a frozen group holds a box off a goal (then
// the position and every one made from it are dead). occupancy as above.
bool frozen_on_goals(const Board &board, const uint8_t *dead, uint8_t *occupancy, const int *boxes, int count,
                     std::vector<int> &out, FrozenWallScratch &s);

} // namespace sokoban

#endif
