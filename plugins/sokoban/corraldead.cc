// corraldead.cc -- see corraldead.h.
#include "corraldead.h"

#include <algorithm>
#include <cstring>

#include "freeze.h"
#include "search.h"
#include "subsearch.h"

namespace sokoban {

// ---- the search ----

namespace {

using Key = CorralDeadKey;
constexpr int MAXB = CORRALDEAD_MAX_BOXES;
// Planes of s.marks: the full position's player area, the corral's cells and boxes, the start
// sub-position's player area (outside the corral), the expanded state's area, a child's area.
enum Plane { FULL = 0, CORRAL = 1, START = 2, CUR = 3, CHILD = 4, PLANES = 5 };

uint32_t bump(CorralDeadScratch &s) { return sub_bump(s); }

inline uint32_t &mark(CorralDeadScratch &s, const Board &b, int plane, int c) {
    return s.marks[static_cast<size_t>(plane) * static_cast<size_t>(b.n) + static_cast<size_t>(c)];
}

// Flood over cells without a box of `occ` from `from` into plane; returns the smallest cell.
int flood(const Board &b, CorralDeadScratch &s, const uint8_t *occ, int plane, uint32_t stamp, int from) {
    return sub_flood(b, occ, &mark(s, b, plane, 0), s.stack.data(), stamp, from);
}

// The same flood from `from`, stopping as soon as it reaches a cell of the corral: an empty cell
// that the player did not reach in the start sub-position (plane START != area) and that held
// no box there (plane CORRAL != boxes). Returns -1 then (the corral is broken open), else the
// smallest cell.
int flood_unbroken(const Board &b, CorralDeadScratch &s, const uint8_t *occ, uint32_t stamp, int from,
                   uint32_t area, uint32_t boxes) {
    return sub_flood(b, occ, &mark(s, b, CHILD, 0), s.stack.data(), stamp, from, [&](int c) {
        return mark(s, b, START, c) != area && mark(s, b, CORRAL, c) != boxes;
    });
}

Key make_key(int player, int *cells, int count) { return make_sub_key<Key, MAXB>(player, cells, count); }

// The corral test's rules for bounded_sub_search (subsearch.h): plane CUR is the expanded
// key's area, plane START (stamp `area`) the start sub-position's area, plane CORRAL (stamp
// `boxes`) the start's box cells. A box pushed onto a cell of the start area is dropped (it
// left the corral); any other push that freezes its box off a goal is dead; a child whose
// player reaches an empty cell of the corral (not in the start area, not a start box) is
// alive (the corral is broken open).
struct CorralRules {
    const Board &b;
    const uint8_t *dead;
    CorralDeadScratch &s;
    uint32_t area, boxes;
    uint32_t rs = 0;
    bool out = false; // the last push relaxed took its box out of the corral
    void expand(int player) {
        rs = bump(s);
        flood(b, s, s.occ.data(), CUR, rs, player);
    }
    bool reached(int c) { return mark(s, b, CUR, c) == rs; }
    bool relax(const int *cells, int count, int i, int to, int *child, int &m) {
        out = mark(s, b, START, to) == area; // pushed out of the corral: dropped
        if (!out && freeze_deadlock(b, dead, s.occ.data(), to)) return false;
        m = 0;
        for (int j = 0; j < count; ++j)
            if (j != i) child[m++] = cells[j];
        if (!out) child[m++] = to;
        return true;
    }
    int player(const int *cells, int, int i, int to, const int *, int) {
        uint8_t *occ = s.occ.data();
        if (out) occ[to] = 0;
        const int p = flood_unbroken(b, s, occ, bump(s), cells[i], area, boxes);
        if (out) occ[to] = 1;
        return p;
    }
};

// Exhaustive bounded best-first search from `start`; true when proven dead. The start area
// (cells the player reaches in the start sub-position) is marked in plane START with `area`.
bool sub_search(const Board &b, const uint8_t *dead, const Key &start, uint32_t area, CorralDeadScratch &s) {
    const uint32_t boxes = bump(s); // the start's box cells, plane CORRAL
    int cells[MAXB];
    const int count = sub_key_cells<Key, MAXB>(start, cells);
    for (int i = 0; i < count; ++i) mark(s, b, CORRAL, cells[i]) = boxes;
    CorralRules rules{b, dead, s, area, boxes};
    return bounded_sub_search<Key, MAXB>(b, dead, start, s, rules);
}

// The corral beside `to` after the single push a.box -> to, `to` a cell of the parent's area:
// the child's player (on a.box) reaches the parts that hold a neighbour of a.box (a corral the
// box left and that opens onto a.box touches no cell of the area, so it joins nothing else);
// the parts beside `to` that are not among them are shut off. Appends their cells to s.corral.
void cut_corral(const Board &b, int to, const ParentArea &a, CorralDeadScratch &s) {
    AreaTree &t = *a.tree;
    if (!t.ready(a.stamp)) t.build(b, a.reach, a.stamp, a.root);
    int joined[4], nj = 0, taken[4], nt = 0;
    for (int d = 0; d < 4; ++d) {
        const int y = b.nb[a.box][d];
        if (y < 0 || y == to || a.reach[y] != a.stamp) continue;
        joined[nj++] = t.part_of(b, to, y);
    }
    for (int d = 0; d < 4; ++d) {
        const int x = b.nb[to][d];
        if (x < 0 || a.reach[x] != a.stamp) continue; // a wall, a box or the player's new cell
        const int p = t.part_of(b, to, x);
        bool skip = false;
        for (int i = 0; i < nj; ++i) skip |= joined[i] == p;
        for (int i = 0; i < nt; ++i) skip |= taken[i] == p;
        if (skip) continue;
        taken[nt++] = p;
        t.append_part(b, to, p, s.corral);
    }
}

// A push a.box -> to into a corral C of the parent (labelled by find_pi_corral): when no cell
// of C but `to` is beside a.box, C without `to` stays shut off whole (it touches only its own
// cells, walls, boxes and `to`), and it is the corral the flood would find. Its boxes are C's
// boxes (a.box excepted) and `to`, each if still beside a cell of C but `to`. Returns -1 when
// this does not apply (flood instead), 0 when no test is due (no corral, too many boxes, or
// one can be pushed out: the same answers as the flood's path), 1 with the boxes in cells and
// marked in plane CORRAL with cs.
int label_corral(const Board &b, const uint8_t *dead, const uint8_t *occ, int to, const ParentArea &a,
                 CorralDeadScratch &s, uint32_t cs, int *cells, int &count) {
    const CorralScratch &cr = *a.corrals;
    const uint32_t id = cr.comp[static_cast<size_t>(to)];
    if (id <= cr.label_base || id > cr.label_base + cr.label_count) return -1;
    auto in_c = [&](int c) { return c != to && !occ[c] && cr.comp[static_cast<size_t>(c)] == id; };
    for (int d = 0; d < 4; ++d) {
        const int y = b.nb[a.box][d];
        if (y >= 0 && in_c(y)) return -1; // part of C joins the player's area
    }
    count = 0;
    bool too_big = false;
    auto add = [&](int y) {
        if (mark(s, b, CORRAL, y) == cs) return;
        bool beside = false;
        for (int e = 0; e < 4 && !beside; ++e) beside = b.nb[y][e] >= 0 && in_c(b.nb[y][e]);
        if (!beside) return;
        mark(s, b, CORRAL, y) = cs;
        if (count == MAXB) {
            too_big = true;
            return;
        }
        cells[count++] = y;
    };
    const size_t k = id - cr.label_base - 1;
    for (int j = cr.first_box[k]; j < cr.first_box[k + 1] && !too_big; ++j)
        if (cr.comp_boxes[static_cast<size_t>(j)] != a.box) add(cr.comp_boxes[static_cast<size_t>(j)]);
    if (!too_big) add(to);
    if (too_big) {
        ++s.too_big;
        return 0;
    }
    if (count == 0) return 0; // C was `to` alone
    // The I-check of the flood's path, with C's labels for its cells.
    for (int i = 0; i < count; ++i) {
        const int box = cells[i];
        for (int d = 0; d < 4; ++d) {
            const int dest = b.nb[box][d], pos = b.nb[box][opposite(d)];
            if (dest < 0 || pos < 0 || !b.boxable[dest] || (dead && dead[dest])) continue;
            if (in_c(dest) || mark(s, b, CORRAL, dest) == cs || in_c(pos) || mark(s, b, CORRAL, pos) == cs) continue;
            ++s.pushable;
            return 0;
        }
    }
    return 1;
}

// The corral beside `to` and its boxes by the tree (a push inside the parent's area) or the
// flood, the corral's cells and boxes marked cs in plane CORRAL; false when no test is due (no
// corral, or too many boxes). The I-check is pushable_out's.
bool find_corral(const Board &b, const uint8_t *occupancy, int to, int player,
                 CorralDeadScratch &s, const ParentArea *parent, bool local, uint32_t cs, int *cells, int &count) {
    s.corral.clear();
    count = 0;
    if (local && parent->reach[to] == parent->stamp) {
        ++s.cut_answers;
        cut_corral(b, to, *parent, s);
    } else {
        ++s.floods;
        // Flood from each empty neighbour of `to` over empty cells; a flood that meets the
        // player's cell, or a cell of an earlier flood of this call that met it (an earlier
        // flood that did not is a whole corral, closed, so it cannot be met), is in the
        // player's area and stops there; the others are the corral's cells.
        const uint32_t call_base = s.stamp + 1;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[to][d];
            if (x < 0 || occupancy[x] || x == player || mark(s, b, FULL, x) >= call_base) continue;
            const uint32_t fs = bump(s);
            const size_t first = s.corral.size();
            bool reached = false;
            // Breadth-first: the player stands near `to`, so a flood that reaches it mostly
            // does so within a few cells.
            int head = 0, tail = 0;
            s.stack[tail++] = x;
            mark(s, b, FULL, x) = fs;
            s.corral.push_back(x);
            while (head < tail && !reached) {
                const int c = s.stack[head++];
                for (int e = 0; e < 4; ++e) {
                    const int y = b.nb[c][e];
                    if (y < 0 || occupancy[y] || mark(s, b, FULL, y) == fs) continue;
                    if (y == player || mark(s, b, FULL, y) >= call_base) {
                        reached = true;
                        break;
                    }
                    mark(s, b, FULL, y) = fs;
                    s.stack[tail++] = y;
                    s.corral.push_back(y);
                }
            }
            if (reached) s.corral.resize(first);
        }
    }
    if (s.corral.empty()) return false;
    // The corral's boxes: every box beside one of its cells.
    for (int c : s.corral)
        for (int e = 0; e < 4; ++e) {
            const int y = b.nb[c][e];
            if (y < 0 || !occupancy[y] || mark(s, b, CORRAL, y) == cs) continue;
            mark(s, b, CORRAL, y) = cs;
            if (count == MAXB) {
                ++s.too_big;
                return false;
            }
            cells[count++] = y;
        }
    for (int c : s.corral) mark(s, b, CORRAL, c) = cs;
    return true;
}

// Only corrals whose boxes cannot be pushed out are searched (the I of PI-corrals, corral.h):
// a push of one of the corral's boxes (the first `count` of cells) from a cell outside the
// corral to a cell outside it (empty or holding a box that the sub-position removes) would, in
// the sub-position, take the box out and open the corral at once in nearly every case, so the
// search would end "alive" anyway. Skipping is sound: it only says alive. Plane CORRAL holds
// cs on the corral's cells and on every box of the sub-position (with cdextend, the added
// boxes too: they block such a push in the sub-position as in the full one).
bool pushable_out(const Board &b, const uint8_t *dead, CorralDeadScratch &s, uint32_t cs, const int *cells, int count) {
    for (int i = 0; i < count; ++i) {
        const int box = cells[i];
        for (int d = 0; d < 4; ++d) {
            const int dest = b.nb[box][d], pos = b.nb[box][opposite(d)];
            if (dest < 0 || pos < 0 || !b.boxable[dest] || (dead && dead[dest])) continue;
            if (mark(s, b, CORRAL, dest) == cs || mark(s, b, CORRAL, pos) == cs) continue; // in the corral or a box kept
            return true;
        }
    }
    return false;
}

// cdextend=4|8: the boxes beside (4) or around (8, the king's neighbourhood) the corral's
// boxes, one ring, appended to cells[count, MAXB) and marked cs in plane CORRAL while room
// lasts (any subset of the boxes is a sound relaxation, so a cut ring is too). Returns the
// new count.
int extend_boxes(const Board &b, const uint8_t *occupancy, CorralDeadScratch &s, uint32_t cs, int *cells, int count) {
    const int corral_boxes = count;
    for (int i = 0; i < corral_boxes && count < MAXB; ++i) {
        int around[8];
        int na = 0;
        if (s.extend == 8) {
            ring_cells(b, cells[i], around);
            na = 8;
        } else {
            for (int d = 0; d < 4; ++d) around[na++] = b.nb[cells[i]][d];
        }
        for (int k = 0; k < na && count < MAXB; ++k) {
            const int y = around[k];
            if (y < 0 || !occupancy[y] || mark(s, b, CORRAL, y) == cs) continue;
            mark(s, b, CORRAL, y) = cs;
            cells[count++] = y;
        }
    }
    return count;
}

// The cached search on the sub-position of cells[0, count) alone (sorted here), the player at
// `player`: true when proven dead. Plane CORRAL is free for the search's own marks after this.
bool search_boxes(const Board &b, const uint8_t *dead, int *cells, int count, int player, CorralDeadScratch &s,
                  CorralDeadCache *cache) {
    if (sub_all_on_goals(b, cells, count)) return false; // trivially alive in the relaxation
    ++s.tests;
    // Probe first with the full position's player cell: its area lies inside the sub-position's
    // area, so (player, boxes) names the same sub-position as the normalized key.
    const Key probe = make_key(player, cells, count); // sorts cells
    // The thread's own small table first (no lock, hot in the cache), then the shared one.
    CorralDeadScratch::Near *near = nullptr;
    if (cache) {
        near = &s.near[CorralDeadKeyHash()(probe) & (CorralDeadScratch::NEAR - 1)];
        if (near->used && near->key == probe) {
            ++s.cache_hits;
            return near->dead != 0;
        }
        const int r = cache->find(probe);
        if (r >= 0) {
            ++s.cache_hits;
            *near = {probe, 1, static_cast<uint8_t>(r)};
            return r != 0;
        }
    }
    // The sub-position: these boxes alone. Its player area (plane START) is the outside of
    // the corral for the drop rule.
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 1;
    const uint32_t area = bump(s);
    const int p = flood(b, s, s.occ.data(), START, area, player);
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 0;
    const Key key = make_key(p, cells, count);
    if (cache && p != player) {
        const int r = cache->find(key);
        if (r >= 0) {
            ++s.cache_hits;
            cache->insert(probe, r != 0);
            *near = {probe, 1, static_cast<uint8_t>(r)};
            return r != 0;
        }
    }
    const bool result = sub_search(b, dead, key, area, s);
    if (cache) {
        cache->insert(key, result);
        if (p != player) cache->insert(probe, result);
        *near = {probe, 1, static_cast<uint8_t>(result ? 1 : 0)};
        if (result)
            for (const auto &kv : s.seen) cache->insert(kv.first, true); // each one proven dead
    }
    return result;
}

} // namespace

void CorralDeadScratch::init(const Board &board) {
    occ.assign(board.n, 0);
    marks.assign(static_cast<size_t>(board.n) * PLANES, 0);
    stamp = 0;
    stack.assign(board.n + 1, 0);
    corral.clear();
    corral.reserve(board.n);
    near.assign(NEAR, Near{});
    for (auto &bk : buckets) bk.clear();
    seen.clear();
}

bool corral_deadlock(const Board &b, const uint8_t *dead, const uint8_t *occupancy, int to, int player,
                     CorralDeadScratch &s, CorralDeadCache *cache, const ParentArea *parent) {
    ++s.calls;
    s.last_count = -1;
    // Cheap filter: with the player beside `to` (a single push, or a tunnel macro's last one),
    // walk the 8 cells around `to` in circular order (each next to the one before). When the
    // empty orthogonal neighbours of `to` all lie in one run of consecutive empty ring cells,
    // they are all joined to the player's cell: no corral borders `to`, no flood needed.
    const auto &tn = b.nb[to];
    bool beside = false;
    for (int d = 0; d < 4; ++d) beside |= tn[d] == player;
    if (beside) {
        int ring[8];
        ring_cells(b, to, ring);
        bool o[8];
        for (int k = 0; k < 8; ++k) o[k] = ring[k] >= 0 && !occupancy[ring[k]];
        // 0 runs: all open, one ring around `to`; 1: the player's run is the only one.
        if (open_ring_runs(o) <= 1) return false;
    }
    // The stamps of this call and its search (a few per sub-state and push) must not wrap.
    const uint64_t need = static_cast<uint64_t>(s.budget) * (4 * MAXB + 2) + 64;
    if (s.stamp > UINT32_MAX - need) {
        std::fill(s.marks.begin(), s.marks.end(), 0);
        s.stamp = 0;
    }
    int cells[MAXB];
    int count = 0;
    const uint32_t cs = bump(s); // plane CORRAL: the corral's cells and boxes
    const bool local = parent && parent->tree && s.cut_trigger && player == parent->box;
    // cdextend: the flood's path or the tree's only (the labels' path has its own I-check).
    const int labelled = local && parent->corrals && !s.extend && parent->reach[to] != parent->stamp
                             ? label_corral(b, dead, occupancy, to, *parent, s, cs, cells, count)
                             : -1;
    if (labelled == 0) {
        ++s.label_answers;
        return false;
    }
    if (labelled == 1) ++s.label_answers;
    int plain = count; // the corral's own boxes; cells[plain, count) the ring cdextend adds
    bool plain_out = false;
    if (labelled < 0) {
        if (!find_corral(b, occupancy, to, player, s, parent, local, cs, cells, count)) return false;
        plain = count;
        plain_out = pushable_out(b, dead, s, cs, cells, count);
        if (s.extend) count = extend_boxes(b, occupancy, s, cs, cells, count);
        if (plain_out && (count == plain || pushable_out(b, dead, s, cs, cells, plain))) {
            ++s.pushable;
            return false;
        }
    }
    s.last_count = count;
    for (int i = 0; i < count; ++i) s.last_boxes[i] = cells[i];
    // The corral's boxes alone first (when they pass the I-check), then with the ring: a
    // superset of the plain test's prunes, the ring searched only where the plain test fails:
    // where the ring blocks every way out that the I-check found, or (4all|8all) also where
    // the plain search did not prove the corral dead.
    if (!plain_out && search_boxes(b, dead, cells, plain, player, s, cache)) {
        ++s.deadlocks;
        return true;
    }
    if (count > plain && (plain_out || s.extend_after_search) && search_boxes(b, dead, cells, count, player, s, cache)) {
        ++s.deadlocks;
        ++s.ext_deadlocks;
        return true;
    }
    return false;
}

} // namespace sokoban
