// frozengoals.cc -- see frozengoals.h.
#include "frozengoals.h"

#include <algorithm>

#include "freeze.h"

namespace sokoban {

void FrozenGoalScratch::init(const Board &board) {
    const size_t n = static_cast<size_t>(board.n);
    group.reserve(n);
    wall.assign(n, 0);
    queue.reserve(n);
    seen.assign(n, 0);
    match.init(board.goals.size());
    cache.clear();
    stride = (n + 63) / 64;
}

namespace {

// Fill `reach` (stride words) with the cells a box can be pulled to from goal `g`, the cells
// with s.wall set acting as walls (for the box and for the player behind it).
void pull_reach(const Board &b, int g, FrozenGoalScratch &s, uint64_t *reach) {
    std::fill(s.seen.begin(), s.seen.end(), 0);
    s.queue.clear();
    s.queue.push_back(g);
    s.seen[g] = 1;
    for (size_t head = 0; head < s.queue.size(); ++head) {
        const int box = s.queue[head];
        reach[box >> 6] |= uint64_t{1} << (box & 63);
        for (int d = 0; d < 4; ++d) {
            const int to = b.nb[box][d]; // the player stood here and pulls the box onto it
            if (to < 0 || s.wall[to] || !b.boxable[to] || s.seen[to]) continue;
            const int beyond = b.nb[to][d]; // and steps back onto this cell
            if (beyond < 0 || s.wall[beyond]) continue;
            s.seen[to] = 1;
            s.queue.push_back(to);
        }
    }
}

} // namespace

bool frozen_goal_deadlock(const Board &b, const uint8_t *dead, uint8_t *occ, const int *boxes, int count, int cell,
                          FrozenGoalScratch &s) {
    bool off_goal = false;
    const size_t goals = b.goals.size();
    const FrozenGroupEntry *entry = frozen_group_entry(b, dead, occ, cell, s, off_goal, [&](FrozenGroupEntry &e) {
        for (size_t k = 0; k < goals; ++k)
            if (!s.wall[b.goals[k]]) pull_reach(b, b.goals[k], s, e.reach.data() + k * s.stride);
    });
    if (!entry) return off_goal;
    const FrozenGroupEntry &e = *entry;
    const uint64_t *reach = e.reach.data();
    auto in_group = [&](int c) { return std::binary_search(e.cells.begin(), e.cells.end(), c); };
    auto reaches = [&](size_t k, int c) { return (reach[k * s.stride + (c >> 6)] >> (c & 63)) & 1; };
    size_t open_goals = 0;
    for (size_t k = 0; k < goals; ++k)
        if (!in_group(b.goals[k])) ++open_goals;
    if (s.fast && goals <= 64) {
        // fgfast=on: the same maximum matching question, answered sooner. Each box outside F
        // gets its goals as one 64-bit mask; Kuhn's augmenting paths run on the masks. When the
        // boxes outside F are no more than the open goals, the first box without an augmenting
        // path stays unmatched in every maximum matching (a free vertex without one now never
        // gets one later), so the answer is "dead" at once; fewer boxes than goals is dead
        // without a search. The verdict is the full matching's (tested against fgfast=off).
        size_t out = 0;
        for (int i = 0; i < count; ++i) {
            if (in_group(boxes[i])) continue;
            uint64_t mask = 0;
            for (size_t k = 0; k < goals; ++k) mask |= static_cast<uint64_t>(reaches(k, boxes[i])) << k;
            if (s.masks.size() <= out) s.masks.resize(out + 1);
            s.masks[out++] = mask;
        }
        std::vector<int> &goal_match = s.match.goal_match;
        bool dead_now = out < open_goals;
        if (!dead_now) {
            std::fill(goal_match.begin(), goal_match.end(), -1);
            size_t matched = 0;
            for (size_t i = 0; i < out && !dead_now; ++i) {
                uint64_t visited = 0;
                if (augment_on_masks(s.masks.data(), static_cast<int>(i), visited, goal_match)) ++matched;
                else if (out <= open_goals) dead_now = true;
            }
            if (!dead_now) dead_now = matched < open_goals;
        }
        if (dead_now) ++s.deadlocks;
        return dead_now;
    }
    // Kuhn's augmenting paths: each goal outside F gets a distinct box outside F.
    const bool deadlock = !match_open_goals(goals, open_goals, boxes, count, in_group, reaches, s.match);
    if (deadlock) ++s.deadlocks;
    return deadlock;
}

} // namespace sokoban
