// freeze.cc -- see freeze.h.
#include "freeze.h"

namespace sokoban {
namespace {

constexpr uint8_t BOX = 1;
constexpr uint8_t PINNED = 2; // the box under test, counted as a wall

struct Freeze {
    const Board &board;
    const uint8_t *dead;
    uint8_t *occ;

    bool enterable(int cell) const { return board.boxable[cell] && !(dead && dead[cell]); }

    // Is the box at `cell` frozen? `off` collects "some box of the frozen group is off a goal",
    // only from sub-results that were used to prove this box frozen.
    bool frozen(int cell, bool &off) {
        occ[cell] = PINNED;
        bool my_off = !board.goal[cell];
        bool both = true;
        for (int axis = 0; axis < 2 && both; ++axis) {
            const int a = board.nb[cell][axis == 0 ? DIR_UP : DIR_LEFT];
            const int c = board.nb[cell][axis == 0 ? DIR_DOWN : DIR_RIGHT];
            bool wa = a < 0 || occ[a] == PINNED;
            bool wc = c < 0 || occ[c] == PINNED;
            auto blocked = [&]() {
                const bool to_a = !wa && enterable(a) && !wc;
                const bool to_c = !wc && enterable(c) && !wa;
                return !to_a && !to_c;
            };
            bool bl = blocked();
            if (!bl && a >= 0 && occ[a] == BOX) {
                bool sub = false;
                if (frozen(a, sub)) {
                    wa = true;
                    my_off |= sub;
                    bl = true;
                }
            }
            if (!bl && c >= 0 && occ[c] == BOX) {
                bool sub = false;
                if (frozen(c, sub)) {
                    wc = true;
                    my_off |= sub;
                    bl = true;
                }
            }
            both = bl;
        }
        occ[cell] = BOX;
        if (both) off |= my_off;
        return both;
    }
};

} // namespace

bool freeze_deadlock(const Board &board, const uint8_t *dead, uint8_t *occupancy, int cell) {
    Freeze f{board, dead, occupancy};
    bool off = false;
    return f.frozen(cell, off) && off;
}

} // namespace sokoban
