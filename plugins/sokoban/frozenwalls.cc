// frozenwalls.cc -- see frozenwalls.h.
#include "frozenwalls.h"

#include <algorithm>

#include "freeze.h"

namespace sokoban {

void FrozenWallScratch::init(const Board &board) {
    const size_t n = static_cast<size_t>(board.n);
    side.init(board);
    group.reserve(n);
    frozen.reserve(n);
    stack.assign(n + 1, 0);
    in_frozen.assign(n, 0);
    wall.assign(n, 0);
    mark.assign(n, 0);
    cut.assign(n, 0);
    stamp = 0;
    pside.assign(n, -1);
    targets = board.goals;
    match.init(board.goals.size());
    cache.clear();
    stride4 = (4 * n + 63) / 64;
}

namespace {

uint32_t next_stamp(FrozenWallScratch &s) {
    if (++s.stamp == 0) {
        std::fill(s.mark.begin(), s.mark.end(), 0);
        std::fill(s.cut.begin(), s.cut.end(), 0);
        s.stamp = 1;
    }
    return s.stamp;
}

// The cache entry of F = s.frozen (sorted), made when new.
const FrozenWallScratch::Entry &entry_for(const Board &b, FrozenWallScratch &s) {
    uint64_t key = 0x9e3779b97f4a7c15ull; // F empty has an entry too
    for (int c : s.frozen) key ^= b.zobrist_box[c];
    auto it = s.cache.find(key);
    if (it != s.cache.end() && it->second.cells == s.frozen) return it->second;
    if (s.cache.size() >= 1024) s.cache.clear(); // about 5 KB an entry on a large level
    FrozenWallScratch::Entry e;
    e.cells = s.frozen;
    const size_t goals = b.goals.size();
    e.reach4.assign(goals * s.stride4, 0);
    std::vector<uint64_t> reach(goals * s.side.stride, 0); // per cell, not used here
    for (int c : s.frozen) s.wall[c] = 1;
    side_reach_sets(b, s.wall, s.targets, s.side, reach.data(), e.reach4.data(), s.stride4);
    for (int c : s.frozen) s.wall[c] = 0;
    // s.side.side holds the components round each box cell, F as walls (label_sides).
    e.canon.assign(static_cast<size_t>(b.n) * 4, 255);
    for (size_t c = 0; c < static_cast<size_t>(b.n); ++c)
        for (size_t d = 0; d < 4; ++d) {
            const int32_t comp = s.side.side[c * 4 + d];
            if (comp < 0) continue;
            size_t first = d;
            for (size_t x = 0; x < d; ++x)
                if (s.side.side[c * 4 + x] == comp) {
                    first = x;
                    break;
                }
            e.canon[c * 4 + d] = static_cast<uint8_t>(first);
        }
    ++s.entries;
    return s.cache.insert_or_assign(key, std::move(e)).first->second;
}

// Flood from `from` over the cells that are not walls, not in F and not `block`; the cells
// reached get stamp `st` in `mark` (s.mark for the player's area, s.cut for the floods with a
// box as a wall, so that the area's stamps survive them). With block >= 0 the flood stops at the first cell beside `block` and
// returns the side it is on (-1: none reached).
int flood(const Board &b, FrozenWallScratch &s, std::vector<uint32_t> &mark, int from, int block, uint32_t st) {
    auto beside = [&](int x) {
        for (int d = 0; d < 4; ++d)
            if (b.nb[block][d] == x) return d;
        return -1;
    };
    if (block >= 0) {
        const int d = beside(from);
        if (d >= 0) return d;
    }
    int top = 0;
    mark[from] = st;
    s.stack[top++] = from;
    while (top > 0) {
        const int c = s.stack[--top];
        for (int e = 0; e < 4; ++e) {
            const int x = b.nb[c][e];
            if (x < 0 || x == block || s.in_frozen[x] || mark[x] == st) continue;
            if (block >= 0) {
                const int d = beside(x);
                if (d >= 0) return d;
            }
            mark[x] = st;
            s.stack[top++] = x;
        }
    }
    return -1;
}

} // namespace

bool frozen_wall_deadlock(const Board &b, const uint8_t *dead, uint8_t *occ, const int *boxes, int count, int player,
                          FrozenWallScratch &s) {
    ++s.tests;
    // 1. F: the frozen boxes on goals.
    s.frozen.clear();
    bool off_goal = false;
    for (int i = 0; i < count && !off_goal; ++i) {
        const int c = boxes[i];
        if (!b.goal[c] || s.in_frozen[c]) continue;
        if (!frozen_group(b, dead, occ, c, s.group)) continue;
        for (int g : s.group) {
            if (!b.goal[g]) off_goal = true; // frozen off a goal: dead whatever the rest
            if (s.in_frozen[g]) continue;
            s.in_frozen[g] = 1;
            s.frozen.push_back(g);
        }
    }
    auto clear = [&]() {
        for (int c : s.frozen) s.in_frozen[c] = 0;
    };
    if (off_goal) {
        clear();
        ++s.deadlocks;
        return true;
    }
    if (s.frozen.empty() && !s.unfrozen) return false;
    std::sort(s.frozen.begin(), s.frozen.end());
    // 2. The pull reach with F as walls.
    const FrozenWallScratch::Entry &e = entry_for(b, s);
    // 3. The player's side at each box outside F.
    const uint32_t area = next_stamp(s);
    flood(b, s, s.mark, player, -1, area);
    for (int i = 0; i < count; ++i) {
        const int c = boxes[i];
        if (s.in_frozen[c]) continue;
        int8_t p = -1;
        if (s.mark[c] == area) {
            int distinct = 0, first = -1;
            for (int d = 0; d < 4; ++d)
                if (e.canon[static_cast<size_t>(c) * 4 + d] == d) {
                    if (first < 0) first = d;
                    ++distinct;
                }
            if (distinct == 1) {
                p = static_cast<int8_t>(first);
            } else if (distinct > 1) {
                const int d = flood(b, s, s.cut, player, c, next_stamp(s));
                if (d >= 0) p = static_cast<int8_t>(e.canon[static_cast<size_t>(c) * 4 + d]);
            }
        }
        s.pside[c] = p;
    }
    // 4. Each goal outside F gets a distinct box outside F.
    const size_t goals = b.goals.size();
    const size_t open_goals = goals - s.frozen.size();
    auto in_group = [&](int c) { return s.in_frozen[c] != 0; };
    auto reaches = [&](size_t k, int c) {
        if (c == b.goals[k]) return true;
        const int p = s.pside[c];
        if (p < 0) return false;
        const size_t bit = static_cast<size_t>(c) * 4 + static_cast<size_t>(p);
        return ((e.reach4[k * s.stride4 + (bit >> 6)] >> (bit & 63)) & 1) != 0;
    };
    const bool deadlock = !match_open_goals(goals, open_goals, boxes, count, in_group, reaches, s.match);
    clear();
    if (deadlock) ++s.deadlocks;
    return deadlock;
}

} // namespace sokoban
