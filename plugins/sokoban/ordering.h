// ordering.h -- move ordering for the portfolio's searches (ordering=on|off).
//
// A best-first search meets many ties: children of one parent, and whole plateaus of equal
// priority (greedy on h especially). Which of them goes first decides how far the search gets
// before it has to back up. Good Sokoban solvers break such ties by what a human would do
// next, and so does this rank (smaller first), used after the search's own priority:
//   0  the box pushed last is pushed again, and lands on a goal
//   1  the box pushed last is pushed again
//   2  another box, and it lands on a goal
//   3  anything else
// Pushing the same box on keeps a plan going (a box on its way to a goal is not left halfway
// while the search tries every other box at the same bound); landing on a goal fills the goals.
// The rank only orders ties, so it changes no priority, no bound and no proof: with --weight 1
// A* still returns the fewest pushes.
#ifndef SOKOBAN_ORDERING_H
#define SOKOBAN_ORDERING_H

#include <cstdint>

#include "board.h"

namespace sokoban {

constexpr int NO_CELL = -1;

// The cell the pushed box ends on: the one box bit set in `child` and not in `parent` (both
// box bitsets of `bytes` bytes; they differ in exactly one box). NO_CELL when equal.
int pushed_to(const uint8_t *parent_bits, const uint8_t *child_bits, int bytes);

// The rank above; `last` = the cell the parent's own push left its box on (NO_CELL at the
// root), `from` / `to` = where this push takes its box from / to.
uint32_t push_rank(const Board &board, int last, int from, int to);

} // namespace sokoban

#endif
