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
    masks.assign(n, 0);
    goal_of.assign(n, -1);
    for (size_t k = 0; k < board.goals.size(); ++k) goal_of[static_cast<size_t>(board.goals[k])] = static_cast<int>(k);
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
    // The floor's components with F as walls.
    e.area.assign(static_cast<size_t>(b.n), 0);
    uint16_t next = 0;
    for (int c0 = 0; c0 < b.n; ++c0) {
        if (e.area[c0] || s.in_frozen[c0]) continue;
        e.area[c0] = ++next;
        int top = 0;
        s.stack[top++] = c0;
        while (top > 0) {
            const int c = s.stack[--top];
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || e.area[x] || s.in_frozen[x]) continue;
                e.area[x] = next;
                s.stack[top++] = x;
            }
        }
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

// Adds to s.frozen (marked in s.in_frozen) the frozen group of the box on goal cell c, when it
// is frozen; false when that group holds a box off a goal.
bool add_group(const Board &b, const uint8_t *dead, uint8_t *occ, int c, FrozenWallScratch &s) {
    if (!b.goal[c] || s.in_frozen[c] || !frozen_group(b, dead, occ, c, s.group)) return true;
    bool on_goals = true;
    for (int g : s.group) {
        if (!b.goal[g]) on_goals = false;
        if (s.in_frozen[g]) continue;
        s.in_frozen[g] = 1;
        s.frozen.push_back(g);
    }
    return on_goals;
}

} // namespace

bool frozen_on_goals(const Board &b, const uint8_t *dead, uint8_t *occ, const int *boxes, int count, std::vector<int> &out,
                     FrozenWallScratch &s) {
    s.frozen.clear();
    bool ok = true;
    for (int i = 0; i < count && ok; ++i) ok = add_group(b, dead, occ, boxes[i], s);
    for (int c : s.frozen) s.in_frozen[c] = 0;
    std::sort(s.frozen.begin(), s.frozen.end());
    out = s.frozen;
    return ok;
}

bool frozen_wall_deadlock(const Board &b, const uint8_t *dead, uint8_t *occ, const int *boxes, int count, int player,
                          FrozenWallScratch &s, const std::vector<int> *base, int to) {
    ++s.tests;
    // 1. F: the frozen boxes on goals.
    s.frozen.clear();
    bool off_goal = false;
    if (!base) {
        for (int i = 0; i < count && !off_goal; ++i) off_goal = !add_group(b, dead, occ, boxes[i], s);
    } else {
        for (int c : *base) {
            s.in_frozen[c] = 1;
            s.frozen.push_back(c);
        }
        // The clump of boxes at `to` (4-connected), flooded with stamps in s.cut.
        const uint32_t st = next_stamp(s);
        int top = 0;
        s.cut[to] = st;
        s.stack[top++] = to;
        while (top > 0 && !off_goal) {
            const int c = s.stack[--top];
            off_goal = !add_group(b, dead, occ, c, s);
            for (int e = 0; e < 4; ++e) {
                const int x = b.nb[c][e];
                if (x < 0 || !occ[x] || s.cut[x] == st) continue;
                s.cut[x] = st;
                s.stack[top++] = x;
            }
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
    const uint16_t area = e.area[player];
    for (int i = 0; i < count; ++i) {
        const int c = boxes[i];
        if (s.in_frozen[c]) continue;
        int8_t p = -1;
        if (e.area[c] == area) {
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
    bool deadlock;
    if (goals <= 64) {
        // Kuhn's matching on goal masks (frozengoals.h's augment_on_masks), stopped at the
        // first box left without a goal.
        int nb = 0;
        uint64_t taken = 0; // the goals under F
        for (int f : s.frozen) taken |= uint64_t{1} << s.goal_of[f];
        for (int i = 0; i < count; ++i) {
            const int c = boxes[i];
            if (s.in_frozen[c]) continue;
            uint64_t m = 0;
            const int p = s.pside[c];
            if (p >= 0) {
                const size_t bit = static_cast<size_t>(c) * 4 + static_cast<size_t>(p);
                const size_t word = bit >> 6, shift = bit & 63;
                for (size_t k = 0; k < goals; ++k) m |= ((e.reach4[k * s.stride4 + word] >> shift) & 1) << k;
            }
            if (s.goal_of[c] >= 0) m |= uint64_t{1} << s.goal_of[c];
            s.masks[nb++] = m & ~taken;
        }
        deadlock = static_cast<size_t>(nb) < open_goals;
        std::fill(s.match.goal_match.begin(), s.match.goal_match.end(), -1);
        for (int i = 0; i < nb && !deadlock; ++i) {
            uint64_t visited = 0;
            if (!augment_on_masks(s.masks.data(), i, visited, s.match.goal_match)) deadlock = true;
        }
    } else {
        deadlock = !match_open_goals(goals, open_goals, boxes, count, in_group, reaches, s.match);
    }
    clear();
    if (deadlock) ++s.deadlocks;
    return deadlock;
}

} // namespace sokoban
