// ordering.cc -- see ordering.h.
#include "ordering.h"

#include <cstdint>

namespace sokoban {

int pushed_to(const uint8_t *parent_bits, const uint8_t *child_bits, int bytes) {
    for (int i = 0; i < bytes; ++i) {
        const unsigned gained = child_bits[i] & ~parent_bits[i] & 0xffu;
        if (gained != 0) return i * 8 + __builtin_ctz(gained);
    }
    return NO_CELL;
}

uint32_t push_rank(const Board &board, int last, int from, int to) {
    const bool same = last != NO_CELL && from == last;
    const bool goal = to >= 0 && board.goal[to];
    return (same ? 0u : 2u) + (goal ? 0u : 1u);
}

uint32_t child_sort_key(const Board &board, TieOrder order, uint32_t move) {
    const int cell = static_cast<int>(move / 4), d = static_cast<int>(move % 4);
    if (order == TIE_REV) return UINT32_MAX - move; // boxes from the last cell, directions right, down, left, up
    if (order != TIE_TRANSPOSE) return move;
    // Transposed, the grid's (row, col) is (col, row): cells go column by column, and its
    // up, left, down, right are our left, up, right, down.
    static const uint32_t rank[4] = {1, 0, 3, 2}; // DIR_UP is the transposed map's second direction, ...
    const int g = board.grid_of[static_cast<size_t>(cell)], w = board.level.width, h = board.level.height;
    const uint32_t transposed = static_cast<uint32_t>((g % w) * h + g / w);
    return transposed * 4 + rank[d];
}

uint32_t tie_last_key(TieOrder order, uint32_t node, uint64_t hash, uint64_t seed) {
    if (order == TIE_LIFO) return UINT32_MAX - node;
    if (order != TIE_HASH) return node;
    // A 64-bit finaliser (the constants of splitmix64): every bit of the key depends on every
    // bit of hash ^ seed, so the order is unrelated to the board's cell numbering.
    uint64_t x = hash ^ (seed * 0x9e3779b97f4a7c15ull);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return static_cast<uint32_t>((x ^ (x >> 31)) >> 32);
}

} // namespace sokoban
