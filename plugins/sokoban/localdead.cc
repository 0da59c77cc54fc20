// localdead.cc -- see localdead.h.
#include "localdead.h"

#include <algorithm>

#include "freeze.h"
#include "subkey.h"

namespace sokoban {

void LocalDeadScratch::init(const Board &board) {
    occ.assign(board.n, 0);
    marks.assign(static_cast<size_t>(board.n) * 2, 0);
    stamp = 0;
    stack.assign(board.n + 1, 0);
    for (auto &bk : buckets) bk.clear();
    seen.clear();
    cache.clear();
}

namespace {

using Key = LocalDeadScratch::Key;
constexpr int MAXB = LocalDeadScratch::MAX_BOXES;

uint32_t bump(LocalDeadScratch &s) {
    if (++s.stamp == 0) {
        std::fill(s.marks.begin(), s.marks.end(), 0);
        s.stamp = 1;
    }
    return s.stamp;
}

// Flood over cells without a box of s.occ from `from` into marks[base..]; the smallest cell.
int flood(const Board &b, LocalDeadScratch &s, size_t base, uint32_t stamp, int from) {
    int top = 0, best = from;
    s.stack[top++] = from;
    s.marks[base + from] = stamp;
    while (top > 0) {
        const int c = s.stack[--top];
        if (c < best) best = c;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || s.marks[base + x] == stamp || s.occ[x]) continue;
            s.marks[base + x] = stamp;
            s.stack[top++] = x;
        }
    }
    return best;
}

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

bool all_on_goals(const Board &b, const int *cells, int count) {
    for (int i = 0; i < count; ++i)
        if (!b.goal[cells[i]]) return false;
    return true;
}

Key make_key(int player, int *cells, int count) { return make_sub_key<Key, MAXB>(player, cells, count); }
int key_cells(const Key &k, int *cells) { return sub_key_cells<Key, MAXB>(k, cells); }

// Priority of a sub-state: boxes off goals count twice, every box once, so pushes that drop
// boxes from the clump or put them on goals are tried first (a live clump is found alive
// after few states; the order does not matter for a dead one, which is exhausted anyway).
int priority(const Board &b, const int *cells, int count) {
    int p = count;
    for (int i = 0; i < count; ++i) p += b.goal[cells[i]] ? 0 : 2;
    return p;
}

// Exhaustive bounded best-first search from `start`; true when proven dead.
bool sub_search(const Board &b, const uint8_t *dead, const Key &start, LocalDeadScratch &s) {
    for (auto &bk : s.buckets) bk.clear();
    s.seen.clear();
    int cells[MAXB], child[MAXB];
    {
        const int count = key_cells(start, cells);
        s.buckets[priority(b, cells, count)].push_back(start);
    }
    s.seen.emplace(start, 0);
    int expanded = 0, lowest = 0;
    constexpr int NB = 3 * MAXB + 1;
    for (;;) {
        while (lowest < NB && s.buckets[lowest].empty()) ++lowest;
        if (lowest == NB) break;
        if (expanded >= s.budget) {
            ++s.unknown;
            return false; // over budget: unknown, so alive
        }
        ++expanded;
        ++s.expanded;
        const Key cur = s.buckets[lowest].back();
        s.buckets[lowest].pop_back();
        const int count = key_cells(cur, cells);
        for (int i = 0; i < count; ++i) s.occ[cells[i]] = 1;
        const uint32_t rs = bump(s);
        flood(b, s, 0, rs, cur.player);
        bool alive = false;
        for (int i = 0; i < count && !alive; ++i) {
            const int box = cells[i];
            for (int d = 0; d < 4 && !alive; ++d) {
                const int to = b.nb[box][d];
                if (to < 0 || s.occ[to] || !b.boxable[to] || (dead && dead[to])) continue;
                const int behind = b.nb[box][opposite(d)];
                if (behind < 0 || s.marks[behind] != rs) continue;
                s.occ[box] = 0;
                s.occ[to] = 1;
                const bool frozen = freeze_deadlock(b, dead, s.occ.data(), to);
                if (!frozen) {
                    int m = count;
                    for (int j = 0; j < count; ++j) child[j] = j == i ? to : cells[j];
                    reduce(b, child, m, s.radius);
                    if (all_on_goals(b, child, m)) {
                        alive = true;
                    } else {
                        // The child's sub-position holds only the reduced boxes.
                        for (int j = 0; j < count; ++j) s.occ[j == i ? to : cells[j]] = 0;
                        for (int j = 0; j < m; ++j) s.occ[child[j]] = 1;
                        const int p = flood(b, s, static_cast<size_t>(b.n), bump(s), box);
                        for (int j = 0; j < m; ++j) s.occ[child[j]] = 0;
                        for (int j = 0; j < count; ++j) s.occ[j == i ? to : cells[j]] = 1;
                        const Key k = make_key(p, child, m);
                        if (s.seen.emplace(k, 0).second) {
                            const int pr = priority(b, child, m);
                            s.buckets[pr].push_back(k);
                            if (pr < lowest) lowest = pr;
                        }
                    }
                }
                s.occ[to] = 0;
                s.occ[box] = 1;
            }
        }
        for (int i = 0; i < count; ++i) s.occ[cells[i]] = 0;
        if (alive) return false;
    }
    return true; // every reachable sub-position explored: none with all boxes on goals
}

} // namespace

bool local_deadlock(const Board &b, const uint8_t *dead, const uint8_t *occupancy, int cell, int player,
                    LocalDeadScratch &s, LocalDeadCache *shared, bool probe) {
    // The clump: boxes 8-connected to `cell`, breadth-first, at most MAX_BOXES.
    int cells[MAXB];
    int count = 0;
    cells[count++] = cell;
    const int w = b.level.width;
    const int rad = s.radius;
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
    if (count < 2 || all_on_goals(b, cells, count)) return false;
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
    const int p = flood(b, s, 0, bump(s), player);
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

} // namespace sokoban
