// rooms.h -- the rooms of a level and the doorways between them, for FESS's room-connectivity
// feature (fessrooms=on|off, fess.h), after Festival's.
//
// A doorway cell is an interior cell with walls on two opposite sides (a one-wide passage).
// Rooms are the 4-connected groups of the other interior cells; a run of doorway cells (a
// tunnel, 4-connected) that touches two or more rooms links each pair of them. In a state, a
// link is blocked when no free cell of one room shares a floor area (the areas the boxes cut
// the floor into, fess.h's regions) with a free cell of the other: the player cannot walk
// from one room to the other. The feature is the number of blocked links (fewer is better).
#ifndef SOKOBAN_ROOMS_H
#define SOKOBAN_ROOMS_H

#include <cstdint>
#include <utility>
#include <vector>

#include "board.h"

namespace sokoban {

struct RoomMap {
    std::vector<int> room_of; // per interior cell: its room, -1 on doorway cells
    int rooms = 0;
    std::vector<std::pair<int, int>> links; // room pairs joined by a tunnel, each once, a < b
};

RoomMap compute_rooms(const Board &b);

// Blocked links of a state: occ 1 per box cell, area[c] the floor area of each free cell (any
// numbering; ignored on box cells). mask: a buffer (one word per room).
uint32_t blocked_links(const RoomMap &r, const uint8_t *occ, const uint32_t *area, std::vector<uint64_t> &mask);

} // namespace sokoban

#endif
