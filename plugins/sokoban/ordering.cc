// ordering.cc -- see ordering.h.
#include "ordering.h"

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

} // namespace sokoban
