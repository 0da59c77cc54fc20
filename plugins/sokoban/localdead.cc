// localdead.cc -- see localdead.h.
#include "localdead.h"

#include <algorithm>

#include "freeze.h"
#include "search.h"
#include "subsearch.h"

namespace sokoban {

void LocalDeadScratch::init(const Board &board) {
    occ.assign(board.n, 0);
    marks.assign(static_cast<size_t>(board.n) * 2, 0);
    stamp = 0;
    stack.assign(board.n + 1, 0);
    for (auto &bk : buckets) bk.clear();
    seen.clear();
    cache.clear();
    // The ring scan's candidates for one cell and radius: the cells it visits and whose
    // king distance passes its touching() test, in its order.
    const int w = board.level.width;
    for (int r = 1; r <= 2; ++r) {
        std::vector<int> &list = near[r - 1], &first = near_first[r - 1];
        list.clear();
        first.assign(1, 0);
        for (int c = 0; c < board.n; ++c) {
            const int g = board.grid_of[c];
            for (int ring = 1; ring <= r; ++ring)
                for (int dr = -ring; dr <= ring; ++dr)
                    for (int dc = -ring; dc <= ring; ++dc) {
                        if (std::max(dr < 0 ? -dr : dr, dc < 0 ? -dc : dc) != ring) continue;
                        const int gx = g + dr * w + dc;
                        if (gx < 0 || gx >= static_cast<int>(board.index_of.size())) continue;
                        const int x = board.index_of[gx];
                        if (x < 0) continue;
                        const int gr = board.grid_of[x];
                        const int ddr = g / w - gr / w, ddc = g % w - gr % w;
                        if (ddr < -r || ddr > r || ddc < -r || ddc > r) continue;
                        list.push_back(x);
                    }
            first.push_back(static_cast<int>(list.size()));
        }
    }
}

namespace {

using Key = LocalDeadScratch::Key;
constexpr int MAXB = LocalDeadScratch::MAX_BOXES;

// Are cells a and b (interior indices) within r king steps of each other?
bool touching(const Board &b, int a, int c, int r) {
    const int w = b.level.width;
    const int ga = b.grid_of[a], gc = b.grid_of[c];
    const int dr = ga / w - gc / w, dc = ga % w - gc % w;
    return dr >= -r && dr <= r && dc >= -r && dc <= r;
}

// Drop boxes with no other box of the list within r king steps, until none is left to drop.
void reduce(const Board &b, int *cells, int &count, int r) {
    bool changed = true;
    while (changed && count > 0) {
        changed = false;
        for (int i = 0; i < count; ++i) {
            bool alone = true;
            for (int j = 0; j < count && alone; ++j)
                if (j != i && touching(b, cells[i], cells[j], r)) alone = false;
            if (alone) {
                cells[i] = cells[--count];
                changed = true;
                break;
            }
        }
    }
}

Key make_key(int player, int *cells, int count) { return make_sub_key<Key, MAXB>(player, cells, count); }

// The smallest cell of the area that holds `from`, s.occ holding the sub-position's few boxes:
// the flood stops as soon as it reaches the board's smallest free cell c0 (no cell of any area
// is smaller, so c0 is the answer). One plane of marks, which no caller reads afterwards (each
// flood takes a fresh stamp). Session 30: it stops when c0 is first marked, not when c0 is taken
// off the stack (the depth-first stack explored everything pushed after c0 first: on XSokoban
// 32, member 1, a tenth of the CPU was in here), and walks toward the top-left first; the same
// cell either way (floods_test). 100000 expansions of XSokoban 32's member 1: 1.54 million
// calls; of the 1.42 million floods a ring test in front left (NOTES.md, session 30: dropped),
// 42.7 million cells taken off the stack with the old direction order, 18.5 million with this one.
int sub_player(const Board &b, LocalDeadScratch &s, uint32_t *marks, int from) {
    int c0 = 0;
    while (c0 < b.n && s.occ[c0]) ++c0; // c0 == n (every cell a box): no stop
    const uint32_t stamp = sub_bump(s);
    if (from == c0) return c0;
    const uint8_t *occ = s.occ.data();
    int *stack = s.stack.data();
    int top = 0, best = from;
    stack[top++] = from;
    marks[from] = stamp;
    while (top > 0) {
        const int c = stack[--top];
        if (c < best) best = c;
        // Right, down, left, up onto the stack: up and then left come off it first, so the
        // depth-first walk heads for the top-left, where c0 lies (row-major cell order).
        for (int d = 3; d >= 0; --d) {
            const int x = b.nb[c][d];
            if (x < 0 || occ[x] || marks[x] == stamp) continue;
            if (x == c0) return c0;
            marks[x] = stamp;
            stack[top++] = x;
        }
    }
    return best;
}

// The local test's rules for bounded_sub_search (subsearch.h): s.marks plane 0 is the expanded
// key's area, plane 1 a child's; a child keeps the boxes that still have another within
// s.radius king steps, and a push that freezes its box off a goal is dead.
struct LocalRules {
    const Board &b;
    const uint8_t *dead;
    LocalDeadScratch &s;
    uint32_t rs = 0;
    int root = -1; // the expanded key's normalized player: the smallest cell of its area
    void expand(int player) {
        rs = sub_bump(s);
        root = sub_flood(b, s.occ.data(), s.marks.data(), s.stack.data(), rs, player);
    }
    bool reached(int c) const { return s.marks[static_cast<size_t>(c)] == rs; }
    bool relax(const int *cells, int count, int i, int to, int *child, int &m) {
        if (freeze_deadlock(b, dead, s.occ.data(), to)) return false;
        m = count;
        for (int j = 0; j < count; ++j) child[j] = j == i ? to : cells[j];
        reduce(b, child, m, s.radius);
        return true;
    }
    int player(const int *cells, int count, int i, int to, const int *child, int m) {
        // ldlocal=on, no box dropped: the child's area is the expanded one without `to`, plus
        // the box's old cell, as for the full position (search.h, child_player): the local test
        // around `to` gives its smallest cell without a flood whenever that is exact.
        if (s.local_player && m == count) {
            const int p = local_child_player(b, s.occ.data(), s.marks.data(), rs, root, cells[i], to);
            if (p >= 0) {
                ++s.local_players;
                return p;
            }
        }
        // The child's sub-position holds only the reduced boxes.
        for (int j = 0; j < count; ++j) s.occ[j == i ? to : cells[j]] = 0;
        for (int j = 0; j < m; ++j) s.occ[child[j]] = 1;
        const int p = sub_player(b, s, s.marks.data() + b.n, cells[i]);
        for (int j = 0; j < m; ++j) s.occ[child[j]] = 0;
        for (int j = 0; j < count; ++j) s.occ[j == i ? to : cells[j]] = 1;
        return p;
    }
};

// Exhaustive bounded best-first search from `start`; true when proven dead.
bool sub_search(const Board &b, const uint8_t *dead, const Key &start, LocalDeadScratch &s) {
    LocalRules rules{b, dead, s};
    return bounded_sub_search<Key, MAXB>(b, dead, start, s, rules);
}

} // namespace

int local_clump(const Board &b, const uint8_t *occupancy, int cell, int rad, const LocalDeadScratch *s, int *cells) {
    // Boxes 8-connected to `cell`, breadth-first, at most MAX_BOXES.
    int count = 0;
    cells[count++] = cell;
    if (s && (rad == 1 || rad == 2) && !s->near_first[rad - 1].empty()) {
        const int *list = s->near[rad - 1].data();
        const int *first = s->near_first[rad - 1].data();
        for (int q = 0; q < count && count < MAXB; ++q)
            for (int k = first[cells[q]], e = first[cells[q] + 1]; k < e && count < MAXB; ++k) {
                const int x = list[k];
                if (!occupancy[x]) continue;
                bool have = false;
                for (int j = 0; j < count; ++j) have |= cells[j] == x;
                if (!have) cells[count++] = x;
            }
        return count;
    }
    const int w = b.level.width;
    for (int q = 0; q < count && count < MAXB; ++q) {
        const int g = b.grid_of[cells[q]];
        for (int ring = 1; ring <= rad && count < MAXB; ++ring) // nearest first
        for (int dr = -ring; dr <= ring && count < MAXB; ++dr)
            for (int dc = -ring; dc <= ring && count < MAXB; ++dc) {
                if (std::max(dr < 0 ? -dr : dr, dc < 0 ? -dc : dc) != ring) continue;
                const int gx = g + dr * w + dc;
                if (gx < 0 || gx >= static_cast<int>(b.index_of.size())) continue;
                const int x = b.index_of[gx];
                if (x < 0 || !occupancy[x] || !touching(b, cells[q], x, rad)) continue;
                bool have = false;
                for (int j = 0; j < count; ++j) have |= cells[j] == x;
                if (!have) cells[count++] = x;
            }
    }
    return count;
}

namespace {

// The test of one clump (cells[0, count), local_clump's order; sorted by the key): true when
// the sub-search proves it dead. The table and counters as local_deadlock says.
bool clump_deadlock(const Board &b, const uint8_t *dead, int *cells, int count, int player, LocalDeadScratch &s,
                    LocalDeadCache *shared, bool probe) {
    if (count < 2 || sub_all_on_goals(b, cells, count)) return false;
    ++s.tests;
    auto lookup = [&](const Key &k) -> int {
        if (shared) return shared->find(k);
        auto it = s.cache.find(k);
        return it == s.cache.end() ? -1 : (it->second ? 1 : 0);
    };
    // The shared table overwrites; the per-thread cache keeps the first value (as before).
    auto store = [&](const Key &k, bool dead_) {
        if (shared) shared->insert(k, dead_);
        else s.cache.emplace(k, dead_);
    };
    auto answer = [&](int r) {
        ++s.cache_hits;
        if (r) ++s.deadlocks;
        return r != 0;
    };
    // The full position's player: its area lies in the sub-position's area, so a key with it
    // means the same sub-position (and needs no flood).
    const Key fast = make_key(player, cells, count); // sorts cells
    if (probe) {
        const int r = lookup(fast);
        if (r >= 0) {
            ++s.probe_hits;
            return answer(r);
        }
    }
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 1;
    const int p = sub_player(b, s, s.marks.data(), player);
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 0;
    const Key key = make_key(p, cells, count);
    if (!probe || p != player) {
        const int r = lookup(key);
        if (r >= 0) {
            if (probe) store(fast, r != 0); // the full player's key too: next time no flood
            return answer(r);
        }
    }
    const bool result = sub_search(b, dead, key, s);
    if (!shared && s.cache.size() + s.seen.size() + 1 >= LocalDeadScratch::CACHE_CAP) s.cache.clear();
    store(key, result);
    if (probe && p != player) store(fast, result);
    // Every sub-position the exhausted search reached is dead too (what it reaches was
    // explored as well): keep them all, later clumps often are among them.
    if (result)
        for (const auto &kv : s.seen) store(kv.first, true);
    if (result) ++s.deadlocks;
    return result;
}

// ldcore: the clump around `cell` (cells[0, count), sorted by clump_deadlock's key) was not
// proven dead with radius 2; test the boxes touching `cell` when they are another set (a
// subset, or other boxes where MAX_BOXES cut the wide clump short). True when proven dead.
bool core_deadlock(const Board &b, const uint8_t *dead, const uint8_t *occupancy, int cell, const int *wide, int wide_count,
                   int player, LocalDeadScratch &s, LocalDeadCache *shared, bool probe) {
    if (!s.core || s.radius != 2) return false;
    int cells[MAXB];
    const int count = local_clump(b, occupancy, cell, 1, &s, cells);
    if (count < 2) return false;
    if (count == wide_count) {
        bool same = true; // wide is sorted; cells is not
        for (int i = 0; i < count && same; ++i) same = std::find(wide, wide + wide_count, cells[i]) != wide + wide_count;
        if (same) return false;
    }
    ++s.core_tests;
    if (!clump_deadlock(b, dead, cells, count, player, s, shared, probe)) return false;
    ++s.core_deadlocks;
    return true;
}

} // namespace

bool local_deadlock(const Board &b, const uint8_t *dead, const uint8_t *occupancy, int cell, int player,
                    LocalDeadScratch &s, LocalDeadCache *shared, bool probe) {
    int cells[MAXB];
    const int count = local_clump(b, occupancy, cell, s.radius, &s, cells);
    return clump_deadlock(b, dead, cells, count, player, s, shared, probe) ||
           core_deadlock(b, dead, occupancy, cell, cells, count, player, s, shared, probe);
}

bool local_deadlock_left(const Board &b, const uint8_t *dead, const uint8_t *occupancy, int from, int to, int player,
                         LocalDeadScratch &s, LocalDeadCache *shared, bool probe) {
    // The boxes within the radius of `from` (the ring scan's candidates, s.near), each clump
    // tested once: cells of the clumps seen so far (the pushed box's first, which
    // local_deadlock tested) are skipped. At most 24 candidates (radius 2), so a list will do; when
    // it is full a clump may be tested twice, which costs time only.
    const int r = s.radius == 2 ? 2 : 1;
    constexpr int SEEN = 64;
    int seen[SEEN], nseen = 0;
    int cells[MAXB];
    int count = local_clump(b, occupancy, to, r, &s, cells);
    for (int j = 0; j < count; ++j) seen[nseen++] = cells[j];
    const int *list = s.near[r - 1].data();
    const int *first = s.near_first[r - 1].data();
    for (int k = first[from], e = first[from + 1]; k < e; ++k) {
        const int x = list[k];
        if (!occupancy[x]) continue;
        bool have = false;
        for (int j = 0; j < nseen && !have; ++j) have = seen[j] == x;
        if (have) continue;
        count = local_clump(b, occupancy, x, r, &s, cells);
        for (int j = 0; j < count && nseen < SEEN; ++j) seen[nseen++] = cells[j];
        ++s.left_tests;
        if (clump_deadlock(b, dead, cells, count, player, s, shared, probe) ||
            core_deadlock(b, dead, occupancy, x, cells, count, player, s, shared, probe)) {
            ++s.left_deadlocks;
            return true;
        }
    }
    return false;
}

int local_sub_player(const Board &b, LocalDeadScratch &s, const int *cells, int count, int from, bool plain) {
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 1;
    const int p = plain ? sub_flood(b, s.occ.data(), s.marks.data(), s.stack.data(), sub_bump(s), from)
                        : sub_player(b, s, s.marks.data(), from);
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 0;
    return p;
}

} // namespace sokoban
