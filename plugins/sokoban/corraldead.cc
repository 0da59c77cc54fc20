// corraldead.cc -- see corraldead.h.
#include "corraldead.h"

#include <algorithm>
#include <cstring>

#include "freeze.h"
#include "search.h"
#include "subkey.h"

namespace sokoban {

// ---- the shared table ----

bool CorralDeadKey::operator==(const CorralDeadKey &o) const {
    return player == o.player && std::memcmp(cells, o.cells, sizeof cells) == 0;
}

size_t CorralDeadKeyHash::operator()(const CorralDeadKey &k) const {
    uint64_t h = 0x9e3779b97f4a7c15ull * (k.player + 1);
    for (int i = 0; i < CORRALDEAD_MAX_BOXES && k.cells[i] != 0xffff; ++i) {
        h ^= k.cells[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    return static_cast<size_t>(h);
}

namespace {
constexpr size_t STRIPES = size_t(1) << CorralDeadCache::STRIPE_BITS;
size_t stripe_of(size_t h) { return (h >> 56) & (STRIPES - 1); }
} // namespace

CorralDeadCache::CorralDeadCache(int slot_bits) : per_stripe_(size_t(1) << (slot_bits < 2 ? 2 : slot_bits)) {}

CorralDeadCache::~CorralDeadCache() {
    for (Stripe &s : stripes_) delete[] s.slots;
}

int CorralDeadCache::find(const CorralDeadKey &k) const {
    const size_t h = CorralDeadKeyHash()(k);
    const Stripe &st = stripes_[stripe_of(h)];
    std::lock_guard<std::mutex> g(st.lock);
    if (!st.slots) return -1;
    const size_t mask = st.cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const Slot &slot = st.slots[i];
        if (!slot.used) return -1;
        if (slot.key == k) return slot.dead;
    }
}

namespace {
// Linear probing into slots[0, cap) (cap a power of two with a free slot); the slot of k.
template <class Slot>
Slot &probe_slot(Slot *slots, size_t cap, size_t h, const CorralDeadKey &k) {
    for (size_t i = h & (cap - 1);; i = (i + 1) & (cap - 1))
        if (!slots[i].used || slots[i].key == k) return slots[i];
}
} // namespace

void CorralDeadCache::insert(const CorralDeadKey &k, bool dead) {
    const size_t h = CorralDeadKeyHash()(k);
    Stripe &st = stripes_[stripe_of(h)];
    std::lock_guard<std::mutex> g(st.lock);
    // A stripe starts at 64 slots and doubles at 3/4 load up to per_stripe_, then is emptied:
    // a level with few corrals never touches (and zeroes) the whole table (Microban's 155
    // levels spent 1.7 s of system time on it).
    if (!st.slots) {
        st.cap = per_stripe_ < 64 ? per_stripe_ : 64;
        st.slots = new Slot[st.cap]();
    }
    if (st.count >= st.cap / 4 * 3) {
        if (st.cap < per_stripe_) {
            Slot *grown = new Slot[2 * st.cap]();
            for (size_t i = 0; i < st.cap; ++i)
                if (st.slots[i].used)
                    probe_slot(grown, 2 * st.cap, CorralDeadKeyHash()(st.slots[i].key), st.slots[i].key) = st.slots[i];
            delete[] st.slots;
            st.slots = grown;
            st.cap *= 2;
        } else {
            std::memset(static_cast<void *>(st.slots), 0, st.cap * sizeof(Slot));
            st.count = 0;
        }
    }
    Slot &slot = probe_slot(st.slots, st.cap, h, k);
    if (!slot.used) {
        slot.key = k;
        slot.used = 1;
        ++st.count;
    }
    slot.dead = dead ? 1 : 0;
}

size_t CorralDeadCache::size() const {
    size_t n = 0;
    for (const Stripe &st : stripes_) {
        std::lock_guard<std::mutex> g(st.lock);
        n += st.count;
    }
    return n;
}

// ---- the search ----

namespace {

using Key = CorralDeadKey;
constexpr int MAXB = CORRALDEAD_MAX_BOXES;
// Planes of s.marks: the full position's player area, the corral's cells and boxes, the start
// sub-position's player area (outside the corral), the expanded state's area, a child's area.
enum Plane { FULL = 0, CORRAL = 1, START = 2, CUR = 3, CHILD = 4, PLANES = 5 };

uint32_t bump(CorralDeadScratch &s) {
    if (++s.stamp == 0) {
        std::fill(s.marks.begin(), s.marks.end(), 0);
        s.stamp = 1;
    }
    return s.stamp;
}

inline uint32_t &mark(CorralDeadScratch &s, const Board &b, int plane, int c) {
    return s.marks[static_cast<size_t>(plane) * static_cast<size_t>(b.n) + static_cast<size_t>(c)];
}

// Flood over cells without a box of `occ` from `from` into plane; returns the smallest cell.
int flood(const Board &b, CorralDeadScratch &s, const uint8_t *occ, int plane, uint32_t stamp, int from) {
    int top = 0, best = from;
    s.stack[top++] = from;
    mark(s, b, plane, from) = stamp;
    while (top > 0) {
        const int c = s.stack[--top];
        if (c < best) best = c;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || occ[x] || mark(s, b, plane, x) == stamp) continue;
            mark(s, b, plane, x) = stamp;
            s.stack[top++] = x;
        }
    }
    return best;
}

// The same flood from `from`, stopping as soon as it reaches a cell of the corral: an empty cell
// that the player did not reach in the start sub-position (plane START != area) and that held
// no box there (plane CORRAL != boxes). Returns -1 then (the corral is broken open), else the
// smallest cell.
int flood_unbroken(const Board &b, CorralDeadScratch &s, const uint8_t *occ, uint32_t stamp, int from,
                   uint32_t area, uint32_t boxes) {
    int top = 0, best = from;
    s.stack[top++] = from;
    mark(s, b, CHILD, from) = stamp;
    while (top > 0) {
        const int c = s.stack[--top];
        if (mark(s, b, START, c) != area && mark(s, b, CORRAL, c) != boxes) return -1;
        if (c < best) best = c;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || occ[x] || mark(s, b, CHILD, x) == stamp) continue;
            mark(s, b, CHILD, x) = stamp;
            s.stack[top++] = x;
        }
    }
    return best;
}

Key make_key(int player, int *cells, int count) { return make_sub_key<Key, MAXB>(player, cells, count); }
int key_cells(const Key &k, int *cells) { return sub_key_cells<Key, MAXB>(k, cells); }

bool all_on_goals(const Board &b, const int *cells, int count) {
    for (int i = 0; i < count; ++i)
        if (!b.goal[cells[i]]) return false;
    return true;
}

int priority(const Board &b, const int *cells, int count) {
    int p = count;
    for (int i = 0; i < count; ++i) p += b.goal[cells[i]] ? 0 : 2;
    return p;
}

// Exhaustive bounded best-first search from `start`; true when proven dead. The start area
// (cells the player reaches in the start sub-position) is marked in plane START with `area`.
bool sub_search(const Board &b, const uint8_t *dead, const Key &start, uint32_t area, CorralDeadScratch &s) {
    for (auto &bk : s.buckets) bk.clear();
    s.seen.clear();
    int cells[MAXB], child[MAXB];
    const uint32_t boxes = bump(s); // the start's box cells, plane CORRAL
    {
        const int count = key_cells(start, cells);
        for (int i = 0; i < count; ++i) mark(s, b, CORRAL, cells[i]) = boxes;
        s.buckets[priority(b, cells, count)].push_back(start);
    }
    s.seen.emplace(start, 0);
    int expanded = 0, lowest = 0;
    constexpr int NB = 3 * MAXB + 1;
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
        const int count = key_cells(cur, cells);
        for (int i = 0; i < count; ++i) occ[cells[i]] = 1;
        const uint32_t rs = bump(s);
        flood(b, s, occ, CUR, rs, cur.player);
        bool alive = false;
        for (int i = 0; i < count && !alive; ++i) {
            const int box = cells[i];
            for (int d = 0; d < 4 && !alive; ++d) {
                const int to = b.nb[box][d];
                if (to < 0 || occ[to] || !b.boxable[to] || (dead && dead[to])) continue;
                const int behind = b.nb[box][opposite(d)];
                if (behind < 0 || mark(s, b, CUR, behind) != rs) continue;
                const bool out = mark(s, b, START, to) == area; // pushed out of the corral: dropped
                occ[box] = 0;
                occ[to] = 1;
                const bool frozen = !out && freeze_deadlock(b, dead, occ, to);
                if (!frozen) {
                    int m = 0;
                    for (int j = 0; j < count; ++j)
                        if (j != i) child[m++] = cells[j];
                    if (!out) child[m++] = to;
                    if (all_on_goals(b, child, m)) {
                        alive = true;
                    } else {
                        if (out) occ[to] = 0;
                        const int p = flood_unbroken(b, s, occ, bump(s), box, area, boxes);
                        if (out) occ[to] = 1;
                        if (p < 0) {
                            alive = true; // the corral is open: not a corral deadlock
                        } else {
                            const Key k = make_key(p, child, m);
                            if (s.seen.emplace(k, 0).second) {
                                const int pr = priority(b, child, m);
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
// flood; false when no test is due (no corral, too many boxes, or one can be pushed out).
bool find_corral(const Board &b, const uint8_t *dead, const uint8_t *occupancy, int to, int player,
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
    // Only corrals whose boxes cannot be pushed out are searched (the I of PI-corrals,
    // corral.h): a push of one of them from a cell outside the corral to a cell outside it
    // (empty or holding a box that the sub-position removes) would, in the sub-position, take
    // the box out and open the corral at once in nearly every case, so the search would end
    // "alive" anyway. Skipping is sound: it only says alive.
    for (int c : s.corral) mark(s, b, CORRAL, c) = cs;
    for (int i = 0; i < count; ++i) {
        const int box = cells[i];
        for (int d = 0; d < 4; ++d) {
            const int dest = b.nb[box][d], pos = b.nb[box][opposite(d)];
            if (dest < 0 || pos < 0 || !b.boxable[dest] || (dead && dead[dest])) continue;
            if (mark(s, b, CORRAL, dest) == cs || mark(s, b, CORRAL, pos) == cs) continue; // in the corral or a corral box
            ++s.pushable;
            return false;
        }
    }
    return true;
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
    const int labelled = local && parent->corrals && parent->reach[to] != parent->stamp
                             ? label_corral(b, dead, occupancy, to, *parent, s, cs, cells, count)
                             : -1;
    if (labelled == 0) {
        ++s.label_answers;
        return false;
    }
    if (labelled == 1) ++s.label_answers;
    if (labelled < 0 && !find_corral(b, dead, occupancy, to, player, s, parent, local, cs, cells, count)) return false;
    s.last_count = count;
    std::copy(cells, cells + count, s.last_boxes);
    if (all_on_goals(b, cells, count)) return false; // trivially alive in the relaxation
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
            if (near->dead) ++s.deadlocks;
            return near->dead != 0;
        }
        const int r = cache->find(probe);
        if (r >= 0) {
            ++s.cache_hits;
            if (r) ++s.deadlocks;
            *near = {probe, 1, static_cast<uint8_t>(r)};
            return r != 0;
        }
    }
    // The sub-position: the corral's boxes alone. Its player area (plane START) is the
    // outside of the corral for the drop rule.
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 1;
    const uint32_t area = bump(s);
    const int p = flood(b, s, s.occ.data(), START, area, player);
    for (int i = 0; i < count; ++i) s.occ[cells[i]] = 0;
    const Key key = make_key(p, cells, count);
    if (cache && p != player) {
        const int r = cache->find(key);
        if (r >= 0) {
            ++s.cache_hits;
            if (r) ++s.deadlocks;
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
    if (result) ++s.deadlocks;
    return result;
}

} // namespace sokoban
