// localdead_cache.h -- the local deadlock search's result table, shared by all threads of an
// instance (localdead.h): a StripedTable (striped_table.h: its contract, locking argument and
// memory bound), each stripe 64 slots of 14 bytes on its first insert, doubled up to 2^13.
//
// Keys: (player cell, up to MAX_BOXES clump cells ascending, unused = 0xffff). A key stands
// for "the clump's boxes alone on the board, the player anywhere in the area of `player`":
// both the sub-position's normalized player and the full position's player cell give valid
// keys (the full area lies inside the sub-position's area, localdead.cc).
// Values: dead (1) or alive/unknown (0).
#ifndef SOKOBAN_LOCALDEAD_CACHE_H
#define SOKOBAN_LOCALDEAD_CACHE_H

#include <cstddef>
#include <cstdint>

#include "striped_table.h"
#include "subkey.h"

namespace sokoban {

constexpr int LOCALDEAD_MAX_BOXES = 5;

using LocalDeadKey = SubKey<LOCALDEAD_MAX_BOXES>;
using LocalDeadKeyHash = SubKeyHash<LOCALDEAD_MAX_BOXES, true>;

// The table's policy (striped_table.h): 64 slots a stripe on its first insert, doubled up to
// 2^13. Until session 45 each stripe was allocated whole (2^13 slots), so a small level
// zeroed most of the 28 MiB: with the matching tables (zeroed.h), most of Microban's system
// time (NOTES.md, session 45).
struct LocalDeadStripes {
    static constexpr int SLOT_BITS = 13;
    static constexpr size_t FIRST_SLOTS = 64;
};

// find: -1 when the key is not stored, else 0 alive/unknown, 1 dead. [thread-safe]
// The default 2^13 slots per stripe: 2M slots in all, 28 MiB at most.
using LocalDeadCache = StripedTable<LocalDeadKey, LocalDeadKeyHash, uint8_t, LocalDeadStripes>;

} // namespace sokoban

#endif
