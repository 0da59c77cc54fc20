// subsearch.h -- the bounded best-first sub-search that the local deadlock test (localdead.h)
// and the corral deadlock test (corraldead.h) both run on a few boxes alone on the board, and
// the pieces both use around it (stamps, the area flood, the priority).
//
// The search, over (box cells, normalized player) keys (subkey.h): pop a key of the lowest
// priority (boxes off goals count twice, every box once: pushes that drop boxes or put them
// on goals come first, so a live position is found alive after few states; a dead one is
// exhausted in any order), push each box in each direction the player reaches from behind
// (not onto a wall, a box, a fragile cell or a dead square), let the rules relax the child
// (drop boxes; or call it dead and skip it), and stop with "alive" when a child has every box
// left on a goal or the rules say so; a child's key goes into the open buckets once. Exhausting
// every reachable key proves the start dead (each caller's header has the soundness argument
// for its relaxation); more than s.budget expansions say alive (unknown). What differs between
// the two tests, the relaxation and the child's player, is the Rules argument:
//
//   void expand(int player)   mark the player's area of the key about to be expanded (s.occ
//                             holds its boxes); reached(c) is then true for its cells
//   bool reached(int c)
//   bool relax(const int *cells, int count, int i, int to, int *child, int &m)
//                             s.occ has the push of cells[i] to `to` applied: false when the
//                             child is dead (skipped), else its boxes in child[0, m)
//   int player(const int *cells, int count, int i, int to, const int *child, int m)
//                             the child's normalized player (s.occ as for relax, returned so),
//                             or -1 when the child is alive
//
// Scratch: occ (n cells, all 0 on entry and exit), buckets[3 * MAXB + 1], seen (an unordered
// map from Key), budget, and the counters unknown and expanded.
#ifndef SOKOBAN_SUBSEARCH_H
#define SOKOBAN_SUBSEARCH_H

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "board.h"
#include "subkey.h"

namespace sokoban {

// The next flood stamp of a scratch with `stamp` and `marks`; the marks are cleared when it wraps.
template <class Scratch>
uint32_t sub_bump(Scratch &s) {
    if (++s.stamp == 0) {
        std::fill(s.marks.begin(), s.marks.end(), 0);
        s.stamp = 1;
    }
    return s.stamp;
}

// Flood over the cells without a box of `occ` from `from`, marking `marks` (one plane of n
// cells) with `stamp`; `stack` holds n cells. Returns the smallest cell reached, or -1 as soon
// as a cell taken off the stack has stop(cell) true.
struct NoStop {
    bool operator()(int) const { return false; }
};
template <class Stop = NoStop>
int sub_flood(const Board &b, const uint8_t *occ, uint32_t *marks, int *stack, uint32_t stamp, int from,
              Stop stop = Stop()) {
    int top = 0, best = from;
    stack[top++] = from;
    marks[from] = stamp;
    while (top > 0) {
        const int c = stack[--top];
        if (stop(c)) return -1;
        if (c < best) best = c;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || occ[x] || marks[x] == stamp) continue;
            marks[x] = stamp;
            stack[top++] = x;
        }
    }
    return best;
}

inline bool sub_all_on_goals(const Board &b, const int *cells, int count) {
    for (int i = 0; i < count; ++i)
        if (!b.goal[cells[i]]) return false;
    return true;
}

// Boxes off goals count twice, every box once (see above).
inline int sub_priority(const Board &b, const int *cells, int count) {
    int p = count;
    for (int i = 0; i < count; ++i) p += b.goal[cells[i]] ? 0 : 2;
    return p;
}

// The search from `start`; true when proven dead (every reachable key exhausted), false when
// alive or over budget. s.seen holds every key it reached.
template <class Key, int MAXB, class Scratch, class Rules>
bool bounded_sub_search(const Board &b, const uint8_t *dead, const Key &start, Scratch &s, Rules &rules) {
    constexpr int NB = 3 * MAXB + 1;
    for (auto &bk : s.buckets) bk.clear();
    s.seen.clear();
    int cells[MAXB], child[MAXB];
    {
        const int count = sub_key_cells<Key, MAXB>(start, cells);
        s.buckets[sub_priority(b, cells, count)].push_back(start);
    }
    s.seen.emplace(start, 0);
    int expanded = 0, lowest = 0;
    uint8_t *occ = s.occ.data();
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
        const int count = sub_key_cells<Key, MAXB>(cur, cells);
        for (int i = 0; i < count; ++i) occ[cells[i]] = 1;
        rules.expand(cur.player);
        bool alive = false;
        for (int i = 0; i < count && !alive; ++i) {
            const int box = cells[i];
            for (int d = 0; d < 4 && !alive; ++d) {
                const int to = b.nb[box][d];
                if (to < 0 || occ[to] || !b.boxable[to] || (dead && dead[to])) continue;
                const int behind = b.nb[box][opposite(d)];
                if (behind < 0 || !rules.reached(behind)) continue;
                occ[box] = 0;
                occ[to] = 1;
                int m = 0;
                if (rules.relax(cells, count, i, to, child, m)) {
                    if (sub_all_on_goals(b, child, m)) {
                        alive = true;
                    } else {
                        const int p = rules.player(cells, count, i, to, child, m);
                        if (p < 0) {
                            alive = true;
                        } else {
                            const Key k = make_sub_key<Key, MAXB>(p, child, m); // sorts child
                            if (s.seen.emplace(k, 0).second) {
                                const int pr = sub_priority(b, child, m);
                                s.buckets[pr].push_back(k);
                                if (pr < lowest) lowest = pr;
                            }
                        }
                    }
                }
                occ[to] = 0;
                occ[box] = 1;
            }
        }
        for (int i = 0; i < count; ++i) occ[cells[i]] = 0;
        if (alive) return false;
    }
    return true; // every reachable sub-position explored: none with all boxes on goals
}

} // namespace sokoban

#endif
