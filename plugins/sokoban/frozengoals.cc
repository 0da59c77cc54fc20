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

bool WideMatching::augment(const uint64_t *const *rows, size_t words, int box) {
    const uint64_t *row = rows[box];
    for (size_t w = 0; w < words; ++w) { // a free goal of the box's own first
        const uint64_t free_goals = row[w] & ~taken[w];
        if (free_goals == 0) continue;
        const size_t k = w * 64 + static_cast<size_t>(__builtin_ctzll(free_goals));
        taken[w] |= free_goals & (~free_goals + 1);
        goal_match[k] = box;
        return true;
    }
    for (size_t w = 0; w < words; ++w) {
        uint64_t avail = row[w] & ~visited[w];
        while (avail) {
            const int bit = __builtin_ctzll(avail);
            avail &= avail - 1;
            if (visited[w] >> bit & 1) continue; // visited deeper in this search
            visited[w] |= uint64_t{1} << bit;
            const size_t k = w * 64 + static_cast<size_t>(bit);
            if (augment(rows, words, goal_match[k])) { // every goal of the row is held (above)
                goal_match[k] = box;
                return true;
            }
        }
    }
    return false;
}

bool WideMatching::covers(const uint64_t *const *rows, size_t boxes, size_t goals, size_t need, size_t words) {
    if (boxes < need) return false;
    goal_match.assign(goals, -1);
    taken.assign(words, 0);
    visited.resize(words);
    pending.clear();
    for (size_t i = 0; i < boxes; ++i) {
        bool got = false;
        for (size_t w = 0; w < words && !got; ++w) {
            const uint64_t free_goals = rows[i][w] & ~taken[w];
            if (free_goals == 0) continue;
            taken[w] |= free_goals & (~free_goals + 1);
            goal_match[w * 64 + static_cast<size_t>(__builtin_ctzll(free_goals))] = static_cast<int>(i);
            got = true;
        }
        if (!got) pending.push_back(static_cast<int>(i));
    }
    size_t matched = boxes - pending.size();
    for (int i : pending) {
        std::fill(visited.begin(), visited.end(), 0);
        if (augment(rows, words, i)) ++matched;
        else if (boxes <= need) return false;
    }
    return matched >= need;
}

bool frozen_goal_deadlock(const Board &b, const uint8_t *dead, uint8_t *occ, const int *boxes, int count, int cell,
                          FrozenGoalScratch &s, int player) {
    bool off_goal = false;
    const size_t goals = b.goals.size();
    const size_t words = (goals + 63) / 64;
    // The transposes take n * words words an entry and the regions n (up to 72 KB on the largest
    // levels, 4096 entries): the cache is emptied once they pass 32 MiB as well.
    const size_t entry_bytes = static_cast<size_t>(b.n) * ((s.fast ? words * sizeof(uint64_t) : 0) +
                                                           (s.player ? sizeof(int32_t) : 0));
    if (s.cache.size() * entry_bytes > (size_t{32} << 20)) s.cache.clear();
    const FrozenGroupEntry *entry = frozen_group_entry(b, dead, occ, cell, s, off_goal, [&](FrozenGroupEntry &e) {
        for (size_t k = 0; k < goals; ++k)
            if (!s.wall[b.goals[k]]) pull_reach(b, b.goals[k], s, e.reach.data() + k * s.stride);
        if (s.player) {
            // The components of the map with F as walls (fgplayer), labelled by flood.
            e.region.assign(static_cast<size_t>(b.n), -1);
            int32_t next = 0;
            for (int start = 0; start < b.n; ++start) {
                if (s.wall[start] || e.region[static_cast<size_t>(start)] >= 0) continue;
                s.queue.clear();
                s.queue.push_back(start);
                e.region[static_cast<size_t>(start)] = next;
                for (size_t head = 0; head < s.queue.size(); ++head)
                    for (int d = 0; d < 4; ++d) {
                        const int x = b.nb[s.queue[head]][d];
                        if (x < 0 || s.wall[x] || e.region[static_cast<size_t>(x)] >= 0) continue;
                        e.region[static_cast<size_t>(x)] = next;
                        s.queue.push_back(x);
                    }
                ++next;
            }
        }
        if (!s.fast) return;
        e.masks.assign(static_cast<size_t>(b.n) * words, 0);
        for (size_t k = 0; k < goals; ++k)
            for (size_t w = 0; w < s.stride; ++w)
                for (uint64_t bits = e.reach[k * s.stride + w]; bits != 0; bits &= bits - 1) {
                    const size_t c = w * 64 + static_cast<size_t>(__builtin_ctzll(bits));
                    e.masks[c * words + k / 64] |= uint64_t{1} << (k % 64);
                }
    });
    if (!entry) return off_goal;
    const FrozenGroupEntry &e = *entry;
    const uint64_t *reach = e.reach.data();
    auto in_group = [&](int c) { return std::binary_search(e.cells.begin(), e.cells.end(), c); };
    auto reaches = [&](size_t k, int c) { return (reach[k * s.stride + (c >> 6)] >> (c & 63)) & 1; };
    if (player >= 0 && !e.region.empty()) {
        // fgplayer: boxes and goals outside the player's region R (see frozengoals.h).
        const int32_t r = e.region[static_cast<size_t>(player)];
        bool sealed = false;
        for (int i = 0; i < count && !sealed; ++i) {
            const int c = boxes[i];
            sealed = !b.goal[c] && e.region[static_cast<size_t>(c)] != r; // off a goal, never to move (F is on goals)
        }
        for (size_t k = 0; k < goals && !sealed; ++k) {
            const int g = b.goals[k];
            sealed = !occ[g] && e.region[static_cast<size_t>(g)] != r; // empty, never to be filled
        }
        if (sealed) {
            ++s.player_deadlocks;
            ++s.deadlocks;
            return true;
        }
    }
    size_t open_goals = 0;
    for (size_t k = 0; k < goals; ++k)
        if (!in_group(b.goals[k])) ++open_goals;
    if (s.fast && !e.masks.empty()) {
        // fgfast=on: the same maximum matching question on goal masks (WideMatching: a greedy
        // start, then augmenting paths, stopped at the first box left without one when the
        // boxes outside F are no more than the open goals; fewer boxes than goals is dead without
        // a search). The verdict is the full matching's (tested against fgfast=off).
        s.rows.clear();
        for (int i = 0; i < count; ++i)
            if (!in_group(boxes[i])) s.rows.push_back(e.masks.data() + static_cast<size_t>(boxes[i]) * words);
        const bool dead_now = !s.wide.covers(s.rows.data(), s.rows.size(), goals, open_goals, words);
        if (dead_now) ++s.deadlocks;
        return dead_now;
    }
    // Kuhn's augmenting paths: each goal outside F gets a distinct box outside F.
    const bool deadlock = !match_open_goals(goals, open_goals, boxes, count, in_group, reaches, s.match);
    if (deadlock) ++s.deadlocks;
    return deadlock;
}

} // namespace sokoban
