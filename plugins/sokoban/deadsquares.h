// deadsquares.h -- simple deadlocks: cells from which a box can never reach any goal.
//
// Found backwards: put a box on each goal and pull it in every direction (the box moves to the
// neighbour, the player needs the cell beyond it); every cell a box can be pulled to is live,
// every other interior cell is dead. Fragile tiles never hold a box, so they are dead too.
// Other boxes are ignored, so "live" is optimistic and "dead" is a proof.
#ifndef SOKOBAN_DEADSQUARES_H
#define SOKOBAN_DEADSQUARES_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

// Per interior cell: 1 when a box there can never reach a goal.
std::vector<uint8_t> compute_dead_squares(const Board &board);

// Push distances to one goal, ignoring other boxes: dist[c] = fewest pushes to bring a box from
// c to `goal` (UINT16_MAX when impossible). Shared with the heuristic (heuristic.h).
std::vector<uint16_t> pull_distances(const Board &board, int goal);

} // namespace sokoban

#endif
