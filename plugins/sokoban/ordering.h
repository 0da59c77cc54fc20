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

// Child order (tieorder0|1=fifo|lifo|hash|rev|transpose, options.h; session 24): which of the
// children with equal (priority, tie) a best-first search takes first. The search's open list
// orders (priority, tie, last key, node); the last key decides among the rest. Generation order
// (search.cc: the boxes by cell index, i.e. row by row, each box up, left, down, right) then
// FIFO is what the searches always did; but XSokoban 72 falls to weighted A* in 1-27 thousand
// states in four of its orientations and not in 300 thousand as published (NOTES.md session
// 23), so that order is a choice, and the portfolio can hold more than one.
//   fifo       generation order; among expansions, the older node first (last key = node)
//   lifo       the newer node first (last key = ~node)
//   hash       a fixed pseudo-random order: the child's Zobrist hash mixed with a seed
//   rev        the children of one expansion in reversed generation order, then FIFO
//   transpose  in the order the transposed map generates them (column by column; left, up,
//              right, down), then FIFO
// None changes a priority or a bound: only which of equals goes first.
enum TieOrder : int { TIE_FIFO = 0, TIE_LIFO = 1, TIE_HASH = 2, TIE_REV = 3, TIE_TRANSPOSE = 4 };

// The position of the push `move` (= box cell * 4 + direction, as expand_state emits it) in the
// generation order of `order` (smaller first): for rev and transpose a sort key over one
// expansion's children; for the others the move itself (generation order kept).
uint32_t child_sort_key(const Board &board, TieOrder order, uint32_t move);

// The last key of the open list's entry for node `node` with Zobrist hash `hash` (smaller
// first); `seed` tells two searches' hash orders apart.
uint32_t tie_last_key(TieOrder order, uint32_t node, uint64_t hash, uint64_t seed);

} // namespace sokoban

#endif
