// macros.h -- macro moves: one search step that makes several pushes of one box.
//
// Tunnel macro (tunnels=on|off). A push of a box from c to t in direction d where t is not a
// goal, both cells beside t across d are walls, and both cells beside c across d are walls too
// (the player now stands in a one-wide corridor behind the box): the box can then move only
// along the corridor, and the player can only push it on or leave; the macro pushes on, cell by
// cell, while that stays true and the next cell is free, boxable and live. Pushes that only
// lengthen a corridor walk are never branched on.
//
// Goal-room macro (goalroom=on|off). A goal room is a 4-connected group of at least two goal
// cells with one entrance: the cells outside it next to it form one 4-connected doorway (with
// several entrances a fixed order is often wrong, so such groups get no macro). Its packing
// order is computed once, backwards: from the room full of boxes (boxes elsewhere ignored),
// repeatedly take out a box that can be pulled out of the room with the others in place,
// preferring goals that are empty at the start (so goals filled at the start come first in the
// order) and then the one closest to leaving. Filling in the reverse order is then possible
// from outside. During the search, when a push brings a box into a room from outside and the
// room's filled goals are exactly the first j of the order, a second child is emitted beside
// the plain push: the shortest push sequence that takes that box on to goal j inside the room
// (when one exists with the other boxes where they are). With goalroom=on the plain push stays,
// because a fixed order can be wrong for the rest of the map (Microban 125 and course map 18
// have none that works), so the macro cuts no solution and only lets the search reach the
// packed room in one step; goalroom=strict drops the plain push (fewer branches, as in Rolling
// Stone's goal macros) and can then cut every solution.
//
// With tunnels=on the single push into the corridor is emitted as well, so the macro only adds
// a shortcut. tunnels=strict drops it and can then cut every solution (a box left half-way in a
// corridor that the player later reaches from the other end). With both macros in 'on' mode the
// search graph is the plain one plus shortcuts of exact cost (a macro child costs its number of
// pushes), so --engine astar --weight 1 still finds the fewest pushes and an exhausted search is
// still a proof. With a strict one neither holds: a search that exhausts its space proves
// nothing, the portfolio then searches again without the macros (portfolio.h), and the
// runtime's engines would report it as exhausted (use 'on' or 'off' for a proof).
//
// push_path() is the one breadth-first search over (box cell, player side) that both the
// goal-room macro and the solution formatter (solution.h) use, so both count the same pushes.
#ifndef SOKOBAN_MACROS_H
#define SOKOBAN_MACROS_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct GoalRoom {
    std::vector<int> cells; // the room's goal cells
    std::vector<int> order; // packing order (cells), empty when none was found
};

struct Macros {
    bool tunnels = false;
    bool goalrooms = false;
    std::vector<uint8_t> tunnel; // tunnel[cell * 4 + d]: a box pushed onto cell along d is in a tunnel
    std::vector<int> room_of;    // per cell: index into rooms or -1
    std::vector<GoalRoom> rooms; // only rooms with a packing order

    void init(const Board &board, const uint8_t *dead, bool tunnels, bool goalrooms);
};

// Per-thread buffers of push_path().
struct PathScratch {
    std::vector<uint8_t> occ;
    std::vector<int32_t> prev;   // per (cell * 4 + side): previous state, -1 none, -2 start
    std::vector<uint32_t> mark;  // per cell: flood stamp
    uint32_t stamp = 0;
    std::vector<int> queue, stack, dirs;
    void init(int n);
};

// Shortest push sequence moving the box at `from` (the player at `player`, adjacent or not)
// to `target`, the box staying on cells with allowed[cell] != 0 (null: every boxable cell),
// other boxes in `occ` (which includes `from`) fixed. When `want_player` >= 0 the end state
// must also have the player in the area whose smallest cell is `want_player`. On success,
// `dirs` holds the push directions in order and `end_player` the cell the player ends on.
bool push_path(const Board &board, const uint8_t *occ, const uint8_t *allowed, int from, int player,
               int target, int want_player, PathScratch &s, std::vector<int> &dirs, int &end_player);

} // namespace sokoban

#endif
