// freeze.cc -- see freeze.h.
#include "freeze.h"

#include <vector>

namespace sokoban {
namespace {

constexpr uint8_t BOX = 1;
constexpr uint8_t PINNED = 2; // the box under test, counted as a wall

struct Freeze {
    const Board &board;
    const uint8_t *dead;
    uint8_t *occ;
    std::vector<int> *group; // when set: the boxes proven frozen (the proof's own boxes only)

    bool enterable(int cell) const { return board.boxable[cell] && !(dead && dead[cell]); }

    // Is the box at `cell` frozen? `off` collects "some box of the frozen group is off a goal",
    // only from sub-results that were used to prove this box frozen.
    bool frozen(int cell, bool &off) {
        const size_t mark = group ? group->size() : 0;
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
        if (group) {
            // A sub-proof that failed higher up assumed a box frozen that is not: drop it.
            if (both)
                group->push_back(cell);
            else
                group->resize(mark);
        }
        return both;
    }
};

} // namespace

bool freeze_deadlock(const Board &board, const uint8_t *dead, uint8_t *occupancy, int cell) {
    Freeze f{board, dead, occupancy, nullptr};
    bool off = false;
    return f.frozen(cell, off) && off;
}

bool frozen_group(const Board &board, const uint8_t *dead, uint8_t *occupancy, int cell, std::vector<int> &group) {
    group.clear();
    Freeze f{board, dead, occupancy, &group};
    bool off = false;
    if (f.frozen(cell, off)) return true;
    group.clear();
    return false;
}

} // namespace sokoban
