// plan.h -- FESS's out-of-plan feature (fessplan=on|off, fess.h), after Festival's: the boxes
// that stand where the packing plan (packing.h) needs the floor free.
//
// For each packing layer L (the first layer not full) a table marks the cells on which a box,
// not packed and not on a goal of layer L, is out of plan:
//   - to be shut in (IN_SHUT): with the goals of layers up to L as walls (filled in order), the
//     cell no longer shares a floor area with any goal of a later layer (a box left there is
//     shut in when the layer being filled is complete);
//   - in the way: with the goals of layers below L as walls (they are full) and a wall on the
//     cell, some goal of layer L or later is cut off from the largest floor area (a box on the
//     cell shuts the plan's next goals off from the rest of the map): IN_WAY_GOAL on a goal of
//     a later layer (packed out of order), IN_WAY_FLOOR off the goals (which is also every
//     cell of a one-wide way into a goal room that a box passes on its way home).
// Floor connectivity stands in for push reachability, so the tables cost one flood per (layer,
// cell) once per level, and the feature one look-up per box per state.
#ifndef SOKOBAN_PLAN_H
#define SOKOBAN_PLAN_H

#include <cstdint>
#include <vector>

#include "board.h"
#include "packing.h"

namespace sokoban {

struct PlanMap {
    int layers = 0;
    std::vector<uint8_t> out; // [layer * n + cell]: the reasons (bits below) a box there is out of plan
};
enum : uint8_t { IN_SHUT = 1, IN_WAY_GOAL = 2, IN_WAY_FLOOR = 4 };

PlanMap compute_plan(const Board &b, const PackingOrder &order);

// The boxes out of plan for any reason in `mask`: occ 1 per box cell, next the first packing
// layer not full (no box is out of plan once every layer is full).
uint32_t out_of_plan(const PlanMap &p, const Board &b, const uint8_t *occ, uint32_t next, uint8_t mask);

} // namespace sokoban

#endif
