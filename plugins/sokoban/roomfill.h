// roomfill.h -- goal-room fill deadlocks (roomfill=on|off).
//
// A goal area can be doomed before any box in it is frozen: in a one-wide dead-end goal column,
// a box two cells below the empty top goal with a second box under it (the player can no longer
// stand between them) leaves the top goal unfillable, though either box can still move. For
// each 4-connected group of at least two goals (a larger one cut into pieces of at most MAX_CELLS,
// the rest of the group counting as outside cells) a table over its
// 2^k fillings (and player areas) is computed once, by a backward search from the full group: the player pulls
// boxes inside the group, pulls one out onto a neighbouring cell (where it leaves the model),
// or pulls a box standing on a neighbouring cell into the group; the player's area being flooded over the whole map with only the group's boxes as
// obstacles. A filling that this search never reaches (with any player area) cannot be completed
// even in that relaxation, where boxes outside the group never block the player and new boxes
// can come in from any neighbouring cell at any time: every real sequence of pushes maps onto a
// path of the relaxation, so such a filling (with the player's area in the relaxation) is a
// deadlock. The search prunes a push whose box
// leaves or enters a group and leaves it in an unfillable filling.
#ifndef SOKOBAN_ROOMFILL_H
#define SOKOBAN_ROOMFILL_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct RoomFill {
    static constexpr int MAX_CELLS = 12; // 4096 fillings; larger groups are cut into pieces
    struct Group {
        std::vector<int> cells;          // goal cells, bit i = cells[i]
        // per filling mask: 0 never completable, 1 completable from every player area,
        // 2 from some: then seen[mask * n + smallest cell of the area] says
        std::vector<uint8_t> fillable;
        std::vector<uint8_t> seen;
    };
    struct Scratch {
        std::vector<uint32_t> mark;
        uint32_t stamp = 0;
        std::vector<int> stack;
    };
    std::vector<Group> groups;
    std::vector<int16_t> group_of; // per cell: group index or -1
    std::vector<int8_t> bit_of;    // per cell: bit within its group

    void init(const Board &board, bool on);
    bool enabled() const { return !groups.empty(); }

    // With the push applied in `occ` and the player on `player`: false when the group of
    // `cell` (if any) is left in a filling that can never be completed. The player's area is
    // flooded (only the group's boxes block) when the verdict depends on it.
    bool fillable(const Board &board, const uint8_t *occ, int cell, int player, Scratch &s) const;
};

} // namespace sokoban

#endif
