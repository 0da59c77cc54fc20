// board.h -- the static analysis of a level that the search runs on.
//
// Only the player's area (the cells the player reaches from the start through non-wall cells,
// boxes ignored) matters; those "interior" cells get dense indices 0..n-1 in row-major order,
// so index order is top-left first, and a neighbour table replaces all grid arithmetic.
// A neighbour of an interior cell is either interior or a wall (-1): the parser checked that
// the area is closed.
#ifndef SOKOBAN_BOARD_H
#define SOKOBAN_BOARD_H

#include <array>
#include <cstdint>
#include <vector>

#include "level.h"

namespace sokoban {

struct Board {
    Level level; // the level as parsed (the verifier replays on it)
    int n = 0;   // interior cells
    std::vector<int> grid_of;               // interior index -> grid index
    std::vector<int> index_of;              // grid index -> interior index or -1
    std::vector<std::array<int32_t, 4>> nb; // interior neighbours by direction, -1 = wall
    std::vector<uint8_t> goal;              // per interior cell
    std::vector<uint8_t> boxable;           // per interior cell: a box may stand here (not fragile)
    std::vector<int> goals;                 // interior indices of the goals in play
    std::vector<int> start_boxes;           // interior indices of the boxes in play, ascending
    int start_player = -1;                  // interior index
    // A box outside the player's area off a goal, or a goal outside it without a box: no
    // solution exists. (A box on a goal outside the area is simply out of play.)
    bool unsolvable = false;
    // Zobrist keys per interior cell (fixed seed: hashes are reproducible).
    std::vector<uint64_t> zobrist_box, zobrist_player;
};

Board build_board(Level level);

// Walking letters for directions.
char direction_letter(Format format, int dir, bool push);

} // namespace sokoban

#endif
