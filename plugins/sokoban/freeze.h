// freeze.h -- freeze deadlocks: boxes that can never move again, not all on goals.
//
// A box is blocked on an axis when it can be pushed neither way along it: a wall on either
// side; or each side is a cell a box may not enter (dead square, fragile tile) ... precisely:
// it can move towards side A only when A accepts a box and the player can stand on side B.
// A neighbouring box counts as a wall when it is itself frozen; while that is checked the box
// under test counts as a wall (so chains and the 2x2 block are found without looping). The
// result is the greatest fixpoint, a proof of immobility: a frozen group with any box off a
// goal is a deadlock.
#ifndef SOKOBAN_FREEZE_H
#define SOKOBAN_FREEZE_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

// After a push brought a box to `cell`: true when that box is frozen and its frozen group holds
// a box off a goal. `occupancy` holds 1 per interior cell with a box (0 else); it is used as
// scratch and restored before returning. `dead` may be null (dead squares turned off).
bool freeze_deadlock(const Board &board, const uint8_t *dead, uint8_t *occupancy, int cell);

// The same test, returning whether the box at `cell` is frozen, on a goal or not; `group` gets
// the boxes of the proof (`cell` among them), each of which can never move again either. Empty
// when not frozen. Used by frozengoals.h.
bool frozen_group(const Board &board, const uint8_t *dead, uint8_t *occupancy, int cell, std::vector<int> &group);

} // namespace sokoban

#endif
