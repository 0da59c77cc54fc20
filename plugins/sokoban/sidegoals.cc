// sidegoals.cc -- see sidegoals.h.
#include "sidegoals.h"

#include <algorithm>

#include "freeze.h"

namespace sokoban {

void SideGoalScratch::init(const Board &board) {
    const size_t n = static_cast<size_t>(board.n);
    group.reserve(n);
    wall.assign(n, 0);
    side.assign(n * 4, -1);
    label.assign(n, 0);
    stack.assign(n + 1, 0);
    queue.reserve(n * 4);
    seen.assign(n * 4, 0);
    match.init(board.goals.size());
    cache.clear();
    stride = (n + 63) / 64;
}

namespace {

// s.side for every cell a box may stand on outside the walls: the free cells (not a wall, not
// the box) labelled by component, one flood per box cell; the label of each neighbour kept.
void label_sides(const Board &b, SideGoalScratch &s) {
    std::fill(s.side.begin(), s.side.end(), -1);
    uint32_t next = 0; // labels grow over all box cells, so no clearing between floods
    for (int box = 0; box < b.n; ++box) {
        if (s.wall[box] || !b.boxable[box]) continue;
        const uint32_t base = next + 1;
        for (int d = 0; d < 4; ++d) {
            const int start = b.nb[box][d];
            if (start < 0 || s.wall[start]) continue;
            if (s.label[start] < base) {
                // A new component: flood it (the box and the walls excluded).
                s.label[start] = ++next;
                int top = 0;
                s.stack[top++] = start;
                while (top > 0) {
                    const int c = s.stack[--top];
                    for (int e = 0; e < 4; ++e) {
                        const int x = b.nb[c][e];
                        if (x < 0 || x == box || s.wall[x] || s.label[x] >= base) continue;
                        s.label[x] = next;
                        s.stack[top++] = x;
                    }
                }
            }
            s.side[static_cast<size_t>(box) * 4 + d] = static_cast<int32_t>(s.label[start]);
        }
    }
    std::fill(s.label.begin(), s.label.end(), 0); // labels may not carry over to the next F
}

// The first direction whose side cell lies in the same component as side d of `box`.
inline int canonical(const SideGoalScratch &s, int box, int d) {
    const int32_t comp = s.side[static_cast<size_t>(box) * 4 + d];
    for (int e = 0; e < d; ++e)
        if (s.side[static_cast<size_t>(box) * 4 + e] == comp) return e;
    return d;
}

// reach (stride words): the cells a box can be pulled to from goal g with the player's side.
void side_reach(const Board &b, int g, SideGoalScratch &s, uint64_t *reach) {
    std::fill(s.seen.begin(), s.seen.end(), 0);
    s.queue.clear();
    reach[g >> 6] |= uint64_t{1} << (g & 63); // a box already on g (even with no free cell beside it)
    for (int d = 0; d < 4; ++d) {
        if (s.side[static_cast<size_t>(g) * 4 + d] < 0) continue;
        const int k = g * 4 + canonical(s, g, d);
        if (s.seen[static_cast<size_t>(k)]) continue;
        s.seen[static_cast<size_t>(k)] = 1;
        s.queue.push_back(k);
    }
    for (size_t head = 0; head < s.queue.size(); ++head) {
        const int box = s.queue[head] >> 2;
        const int32_t comp = s.side[static_cast<size_t>(s.queue[head])];
        reach[box >> 6] |= uint64_t{1} << (box & 63);
        for (int d = 0; d < 4; ++d) {
            if (s.side[static_cast<size_t>(box) * 4 + d] != comp) continue; // the player cannot get to that side
            const int to = b.nb[box][d]; // the player stands here and pulls the box onto it
            if (to < 0 || !b.boxable[to]) continue;
            const int beyond = b.nb[to][d]; // and steps back onto this cell
            if (beyond < 0 || s.wall[beyond]) continue;
            const int k = to * 4 + canonical(s, to, d); // the player on side d of the box's new cell
            if (s.seen[static_cast<size_t>(k)]) continue;
            s.seen[static_cast<size_t>(k)] = 1;
            s.queue.push_back(k);
        }
    }
}

} // namespace

void side_reach_sets(const Board &b, const std::vector<uint8_t> &wall, const std::vector<int> &targets,
                     SideGoalScratch &s, uint64_t *reach, uint64_t *reach4, size_t stride4) {
    for (int c = 0; c < b.n; ++c) s.wall[c] = wall[c] != 0;
    label_sides(b, s);
    for (size_t k = 0; k < targets.size(); ++k) {
        const int g = targets[k];
        if (s.wall[g]) continue;
        side_reach(b, g, s, reach + k * s.stride);
        if (!reach4) continue;
        uint64_t *r4 = reach4 + k * stride4;
        auto set = [&](size_t bit) { r4[bit >> 6] |= uint64_t{1} << (bit & 63); };
        for (int d = 0; d < 4; ++d) set(static_cast<size_t>(g) * 4 + d);
        for (size_t q = 0; q < s.seen.size(); ++q) {
            if (!s.seen[q]) continue;
            const size_t cell = q >> 2;
            const int32_t comp = s.side[q];
            for (size_t e = 0; e < 4; ++e)
                if (s.side[cell * 4 + e] == comp) set(cell * 4 + e);
        }
    }
    std::fill(s.wall.begin(), s.wall.end(), 0);
}

bool side_goal_deadlock(const Board &b, const uint8_t *dead, uint8_t *occ, const int *boxes, int count, int cell,
                        SideGoalScratch &s) {
    bool off_goal = false;
    const size_t goals = b.goals.size();
    const FrozenGroupEntry *entry = frozen_group_entry(b, dead, occ, cell, s, off_goal, [&](FrozenGroupEntry &e) {
        label_sides(b, s);
        for (size_t k = 0; k < goals; ++k)
            if (!s.wall[b.goals[k]]) side_reach(b, b.goals[k], s, e.reach.data() + k * s.stride);
    });
    if (!entry) return off_goal;
    const FrozenGroupEntry &e = *entry;
    auto in_group = [&](int c) { return std::binary_search(e.cells.begin(), e.cells.end(), c); };
    auto reaches = [&](size_t k, int c) { return (e.reach[k * s.stride + (c >> 6)] >> (c & 63)) & 1; };
    size_t open_goals = 0;
    for (size_t k = 0; k < goals; ++k)
        if (!in_group(b.goals[k])) ++open_goals;
    // Kuhn's augmenting paths: each goal outside F gets a distinct box outside F.
    const bool deadlock = !match_open_goals(goals, open_goals, boxes, count, in_group, reaches, s.match);
    if (deadlock) ++s.deadlocks;
    return deadlock;
}

} // namespace sokoban
