// heuristic.cc -- see heuristic.h.
#include "heuristic.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "deadsquares.h"

namespace sokoban {

void Heuristic::init(const Board &board, HeuristicKind kind_, bool use_sides) {
    kind = kind_;
    n = board.n;
    k = static_cast<int>(board.goals.size());
    // The matrix's 32-bit costs (make_cost_rows) need big() to fit: k (n + 1) passes 2^31 - 2 only
    // with 35,000 boxes or more in the parser's 60,000 cells. Refused here, before the tables of
    // k x n entries are allocated (the backward search's copy has the same k and n).
    if (big() > INT32_MAX) throw std::length_error("too many boxes for the matching bound's 32-bit costs");
    dist.assign(static_cast<size_t>(k) * n, UINT16_MAX);
    nearest.assign(n, UINT16_MAX);
    for (int g = 0; g < k; ++g) {
        const std::vector<uint16_t> d = pull_distances(board, board.goals[g]);
        for (int c = 0; c < n; ++c) {
            dist[static_cast<size_t>(g) * n + c] = d[c];
            if (d[c] < nearest[c]) nearest[c] = d[c];
        }
    }
    sides = use_sides && kind != HeuristicKind::none && n <= SIDES_MAX_CELLS;
    side_rows.clear();
    if (!sides) {
        if (kind == HeuristicKind::none) return;
        side_rows.assign(static_cast<size_t>(n) * 4 * k, UINT16_MAX);
        for (int c = 0; c < n; ++c)
            for (int g = 0; g < k; ++g)
                side_rows[static_cast<size_t>(c) * 4 * k + g] = dist[static_cast<size_t>(g) * n + c];
        make_cost_rows();
        return;
    }
    nb = board.nb;
    // Components of the interior with one cell removed, for every cell.
    comp.assign(static_cast<size_t>(n) * n, UINT16_MAX);
    std::vector<int> stack;
    stack.reserve(n);
    for (int b = 0; b < n; ++b) {
        uint16_t *cb = &comp[static_cast<size_t>(b) * n];
        uint16_t next = 0;
        for (int start = 0; start < n; ++start) {
            if (start == b || cb[start] != UINT16_MAX) continue;
            cb[start] = next;
            stack.push_back(start);
            while (!stack.empty()) {
                const int c = stack.back();
                stack.pop_back();
                for (int d = 0; d < 4; ++d) {
                    const int x = nb[c][d];
                    if (x < 0 || x == b || cb[x] != UINT16_MAX) continue;
                    cb[x] = next;
                    stack.push_back(x);
                }
            }
            ++next;
        }
    }
    // Per goal, a breadth-first search backwards over (box cell, player side): a pull moves the
    // box onto the player's cell and the player one further; walking around the box is free
    // between sides in the same component (closure applied when a state is first reached).
    dist4.assign(static_cast<size_t>(k) * n * 4, UINT16_MAX);
    std::vector<int> queue;
    queue.reserve(static_cast<size_t>(n) * 4);
    for (int g = 0; g < k; ++g) {
        uint16_t *dg = &dist4[static_cast<size_t>(g) * n * 4];
        const int goal = board.goals[g];
        queue.clear();
        if (!board.boxable[goal]) continue;
        for (int d = 0; d < 4; ++d)
            if (nb[goal][d] >= 0) {
                dg[goal * 4 + d] = 0;
                queue.push_back(goal * 4 + d);
            }
        for (size_t head = 0; head < queue.size(); ++head) {
            const int b = queue[head] / 4, d = queue[head] % 4;
            const int x = nb[b][d];
            if (x < 0 || !board.boxable[x]) continue;
            const int y = nb[x][d];
            if (y < 0) continue;
            const uint16_t nd = static_cast<uint16_t>(dg[b * 4 + d] + 1);
            if (dg[x * 4 + d] != UINT16_MAX) continue;
            const uint16_t *cx = &comp[static_cast<size_t>(x) * n];
            const uint16_t side = cx[y];
            for (int d2 = 0; d2 < 4; ++d2) {
                const int z = nb[x][d2];
                if (z < 0 || cx[z] != side || dg[x * 4 + d2] != UINT16_MAX) continue;
                dg[x * 4 + d2] = nd;
                queue.push_back(x * 4 + d2);
            }
        }
    }
    side_rows.assign(static_cast<size_t>(n) * 4 * k, UINT16_MAX);
    for (int c = 0; c < n; ++c) {
        const uint16_t *cc = &comp[static_cast<size_t>(c) * n];
        for (int d = 0; d < 4; ++d) {
            const int x = nb[c][d];
            if (x < 0) continue;
            uint16_t *row = &side_rows[(static_cast<size_t>(c) * 4 + d) * k];
            for (int g = 0; g < k; ++g) {
                const uint16_t *d4 = &dist4[(static_cast<size_t>(g) * n + c) * 4];
                uint16_t best = UINT16_MAX;
                for (int d2 = 0; d2 < 4; ++d2) {
                    const int y = nb[c][d2];
                    if (y >= 0 && cc[y] == cc[x] && d4[d2] < best) best = d4[d2];
                }
                row[g] = best;
            }
        }
    }
    make_cost_rows();
}

void Heuristic::make_cost_rows() {
    // big() fits in 32 bits: init() refuses the levels where it would not.
    const size_t rows = static_cast<size_t>(n) * 4;
    const int32_t unreachable = static_cast<int32_t>(big());
    cost_rows.assign(rows * static_cast<size_t>(k), unreachable);
    row_any.assign(rows, 0);
    for (size_t r = 0; r < rows; ++r)
        for (int g = 0; g < k; ++g) {
            const uint16_t d = side_rows[r * static_cast<size_t>(k) + static_cast<size_t>(g)];
            if (d == UINT16_MAX) continue;
            cost_rows[r * static_cast<size_t>(k) + static_cast<size_t>(g)] = d;
            row_any[r] = 1;
        }
    side_rows.clear();
    side_rows.shrink_to_fit();
}

void HeuristicScratch::init(int k) {
    cost.assign(static_cast<size_t>(k) * k + 1, 0);
    pcost.assign(static_cast<size_t>(k) * k + 1, 0);
    u.assign(k + 1, 0);
    v.assign(k + 1, 0);
    minv.assign(k + 1, 0);
    p.assign(k + 1, 0);
    way.assign(k + 1, 0);
    used.assign(k + 1, 0);
    taken.assign(k + 1, 0);
    pu.assign(k + 1, 0);
    pv.assign(k + 1, 0);
    pp.assign(k + 1, 0);
    settled.assign(k + 1, 0);
    settled_at.assign(k + 1, 0);
    free_rows.reserve(k + 1);
}

namespace {

// Hungarian algorithm with potentials (the shortest-augmenting-path form): rows = boxes,
// columns = goals, 1-based inside, column 0 a dummy. Unreachable pairs cost `big` (more than
// any real matching), so a total >= big means no perfect matching.
struct Hungarian {
    const int32_t *matrix; // k x k, row-major, unreachable = big
    int k;
    HeuristicScratch &s;
    int64_t big;

    int64_t cost(int row, int col) const { return matrix[(row - 1) * k + (col - 1)]; }

    // Assign row i (unassigned) along a shortest augmenting path, keeping the duals feasible
    // and every matched edge tight: O(k^2).
    // The potentials are updated lazily (session 34): instead of adding each round's delta to
    // every settled column and subtracting it from every unsettled column's minv (a second pass
    // over all k columns per round), minv holds distances from the start (D, the sum of the
    // deltas so far, added) and each settled column takes the deltas of the rounds since it was
    // settled once, at the end. Integer arithmetic, so the same potentials, the same choices of
    // column (ties to the first) and the same path as the per-round form.
    void augment(int i) {
        const int64_t INF = std::numeric_limits<int64_t>::max() / 4;
        int64_t *const minv = s.minv.data();
        int64_t *const u = s.u.data();
        int64_t *const v = s.v.data();
        int *const p = s.p.data();
        int *const way = s.way.data();
        uint8_t *const used = s.used.data();
        int *const settled = s.settled.data();
        int64_t *const settled_at = s.settled_at.data();
        p[0] = i;
        int j0 = 0;
        for (int j = 0; j <= k; ++j) {
            minv[j] = INF;
            used[j] = 0;
        }
        int nsettled = 0;
        int64_t dist = 0; // the deltas so far
        do {
            used[j0] = 1;
            settled[nsettled] = j0;
            settled_at[nsettled] = dist;
            ++nsettled;
            const int i0 = p[j0];
            const int32_t *row = matrix + static_cast<size_t>(i0 - 1) * k; // row[j - 1] = cost(i0, j)
            const int64_t off = dist - u[i0];
            int64_t best = INF + dist;
            int j1 = 0;
            for (int j = 1; j <= k; ++j) {
                if (used[j]) continue;
                const int64_t cur = row[j - 1] - v[j] + off;
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < best) {
                    best = minv[j];
                    j1 = j;
                }
            }
            dist = best;
            j0 = j1;
        } while (p[j0] != 0);
        for (int q = 0; q < nsettled; ++q) {
            const int j = settled[q];
            const int64_t d = dist - settled_at[q];
            u[p[j]] += d;
            v[j] -= d;
        }
        do {
            const int j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0 != 0);
    }

    int64_t solve() {
        for (int j = 0; j <= k; ++j) {
            s.u[j] = 0;
            s.v[j] = 0;
            s.p[j] = 0;
            s.way[j] = 0;
        }
        // Start from the row minima as row potentials, then the column reduction below, and give
        // each row its first tight column if still free (a tight matched edge keeps the
        // invariant augment() needs); only the rows left pay an O(k^2) augmentation.
        for (int i = 1; i <= k; ++i) {
            const int32_t *row = matrix + static_cast<size_t>(i - 1) * k;
            int64_t m = row[0];
            for (int j = 1; j < k; ++j)
                if (row[j] < m) m = row[j];
            s.u[i] = m;
        }
        // Column reduction: raise each column's potential to its smallest reduced cost (still
        // feasible). Boxes often share their nearest goal (a goal room's entrance), so the row
        // minima alone leave most columns without a tight edge; after this every column has one.
        // Row by row (the matrix is row-major): the same minima as column by column.
        for (int j = 1; j <= k; ++j) s.v[j] = std::numeric_limits<int64_t>::max();
        for (int i = 1; i <= k; ++i) {
            const int32_t *row = matrix + static_cast<size_t>(i - 1) * k;
            const int64_t ui = s.u[i];
            int64_t *const v = s.v.data() + 1;
            for (int j = 0; j < k; ++j) {
                const int64_t r = row[j] - ui;
                if (r < v[j]) v[j] = r;
            }
        }
        for (int i = 1; i <= k; ++i)
            for (int j = 1; j <= k; ++j)
                if (s.p[j] == 0 && cost(i, j) - s.u[i] - s.v[j] == 0) {
                    s.p[j] = i;
                    break;
                }
        for (int j = 1; j <= k; ++j) s.used[j] = 0; // reused as "row i matched" marks below
        for (int j = 1; j <= k; ++j)
            if (s.p[j] != 0) s.used[s.p[j]] = 1;
        std::vector<int> &free_rows = s.free_rows;
        free_rows.clear();
        for (int i = 1; i <= k; ++i)
            if (!s.used[i]) free_rows.push_back(i);
        for (int i : free_rows) augment(i);
        return total();
    }

    int64_t total() const {
        int64_t sum = 0;
        for (int j = 1; j <= k; ++j) sum += cost(s.p[j], j);
        return sum;
    }
};

bool any_dead_box(const Heuristic &h, const int *boxes, int count) {
    for (int i = 0; i < count; ++i)
        if (h.nearest[boxes[i]] == UINT16_MAX) return true;
    return false;
}

} // namespace

uint32_t evaluate(const Heuristic &h, const int *boxes, int count, int player, HeuristicScratch &s) {
    return evaluate_assigned(h, boxes, count, player, s, nullptr);
}

namespace {
// Fill one row of the cost matrix; false when the box reaches no goal. The same values as
// box_cost() per goal (big() for none), copied from the precomputed row of the side the player is on.
bool fill_row(const Heuristic &h, int box, int player, int32_t *row) {
    int side = 0;
    if (h.sides) {
        const uint16_t *cb = &h.comp[static_cast<size_t>(box) * h.n];
        const uint16_t pc = cb[player];
        side = -1;
        for (int d = 0; d < 4 && side < 0; ++d) {
            const int x = h.nb[box][d];
            if (x >= 0 && cb[x] == pc) side = d;
        }
        if (side < 0) return false; // the player reaches no side of the box
    }
    const size_t r = static_cast<size_t>(box) * 4 + static_cast<size_t>(side);
    if (!h.row_any[r]) return false;
    std::memcpy(row, &h.cost_rows[r * static_cast<size_t>(h.k)], static_cast<size_t>(h.k) * sizeof(int32_t));
    return true;
}

// The matching of the filled matrix s.cost, from scratch.
uint32_t solve_filled(const Heuristic &h, int count, HeuristicScratch &s, int *goal_of) {
    const int64_t big = h.big();
    Hungarian hung{s.cost.data(), count, s, big};
    const int64_t m = hung.solve();
    if (m >= big) return H_DEAD;
    if (goal_of)
        for (int j = 1; j <= count; ++j) goal_of[s.p[j] - 1] = j - 1;
    return static_cast<uint32_t>(m);
}
} // namespace

uint32_t evaluate_assigned(const Heuristic &h, const int *boxes, int count, int player,
                           HeuristicScratch &s, int *goal_of) {
    if (h.kind == HeuristicKind::none) return 0;
    if (count != h.k) return H_DEAD;
    if (any_dead_box(h, boxes, count)) return H_DEAD;
    if (h.kind == HeuristicKind::greedy) {
        for (int g = 0; g < h.k; ++g) s.taken[g] = 0;
        uint32_t total = 0;
        for (int i = 0; i < count; ++i) {
            int best = -1;
            uint16_t best_d = UINT16_MAX, any_d = UINT16_MAX;
            for (int g = 0; g < h.k; ++g) {
                const uint16_t d = h.box_cost(g, boxes[i], player);
                if (d < any_d) any_d = d;
                if (!s.taken[g] && d < best_d) {
                    best_d = d;
                    best = g;
                }
            }
            if (any_d == UINT16_MAX) return H_DEAD;
            if (best < 0) {
                total += any_d;
            } else {
                s.taken[best] = 1;
                total += best_d;
            }
        }
        return total;
    }
    for (int i = 0; i < count; ++i)
        if (!fill_row(h, boxes[i], player, &s.cost[static_cast<size_t>(i) * count])) return H_DEAD;
    return solve_filled(h, count, s, goal_of);
}

void matching_cache_init(HeuristicScratch &s, int n, int k, size_t max_bytes) {
    s.cache.clear();
    s.cache_mask = 0;
    s.cache_k = k;
    s.cache_words = 0;
    s.cache_hits = s.cache_misses = s.cache_stores = 0;
    s.cache_storing = s.cache_warmup = true;
    s.cache_window = s.cache_window_hits = s.cache_pause_left = s.cache_pauses = 0;
    if (max_bytes == 0 || k <= 0) return;
    s.cache_words = 1 + (static_cast<size_t>(k) * (sizeof(int32_t) + sizeof(uint16_t)) + 7) / 8;
    const size_t per_entry = s.cache_words * sizeof(uint64_t);
    size_t entries = 1024;
    while (entries * 2 * per_entry <= max_bytes) entries *= 2;
    s.cache.assign_zero(entries * s.cache_words);
    s.cache_mask = entries - 1;
    s.row_mark.assign(n, 0);
    s.row_of.assign(n, 0);
    s.row_stamp = 0;
}

void matching_cache_store(HeuristicScratch &s, uint64_t key, const int *boxes, int count, bool from_parent) {
    if (s.cache.empty() || count != s.cache_k || key == 0 || !s.cache_storing) return;
    const std::vector<int64_t> &v = from_parent ? s.pv : s.v;
    const std::vector<int> &p = from_parent ? s.pp : s.p;
    const size_t slot = static_cast<size_t>(key & s.cache_mask);
    uint64_t *tag = s.cache_entry(slot);
    int32_t *pot = s.cache_pots(slot);
    uint16_t *cell = s.cache_cells(slot);
    *tag = 0;
    for (int j = 1; j <= count; ++j) {
        const int r = p[j];
        if (r < 1 || r > count || v[j] < INT32_MIN || v[j] > INT32_MAX) return;
        cell[j - 1] = static_cast<uint16_t>(boxes[r - 1]);
        pot[j - 1] = static_cast<int32_t>(v[j]);
    }
    *tag = key;
    ++s.cache_stores;
}

uint32_t evaluate_cached(const Heuristic &h, const int *boxes, int count, int player, HeuristicScratch &s,
                         int *goal_of, uint64_t key) {
    if (h.kind != HeuristicKind::matching || s.cache.empty() || count != h.k || count != s.cache_k)
        return evaluate_assigned(h, boxes, count, player, s, goal_of);
    if (!s.cache_storing) {
        if (--s.cache_pause_left == 0) {
            s.cache_storing = s.cache_warmup = true;
            s.cache_window = s.cache_window_hits = 0;
        }
        return evaluate_assigned(h, boxes, count, player, s, goal_of);
    }
    if (++s.cache_window == HeuristicScratch::CACHE_WINDOW) {
        if (!s.cache_warmup &&
            s.cache_window_hits * 100 < HeuristicScratch::CACHE_WINDOW * HeuristicScratch::CACHE_MIN_HIT_PERCENT) {
            s.cache_storing = false;
            s.cache_pause_left = HeuristicScratch::CACHE_PAUSE;
            ++s.cache_pauses;
        }
        s.cache_warmup = false;
        s.cache_window = s.cache_window_hits = 0;
    }
    const size_t slot = static_cast<size_t>(key & s.cache_mask);
    if (key == 0 || *s.cache_entry(slot) != key) {
        ++s.cache_misses;
        return evaluate_assigned(h, boxes, count, player, s, goal_of);
    }
    if (any_dead_box(h, boxes, count)) return H_DEAD;
    const int64_t big = h.big();
    for (int i = 0; i < count; ++i)
        if (!fill_row(h, boxes[i], player, &s.cost[static_cast<size_t>(i) * count])) return H_DEAD;
    // The kept assignment (column -> box cell) as column -> row, every row exactly once.
    if (++s.row_stamp == 0) {
        std::fill(s.row_mark.begin(), s.row_mark.end(), 0);
        s.row_stamp = 1;
    }
    const uint32_t stamp = s.row_stamp;
    const int n = static_cast<int>(s.row_mark.size());
    for (int i = 0; i < count; ++i) {
        s.row_mark[boxes[i]] = stamp;
        s.row_of[boxes[i]] = i + 1;
    }
    const uint16_t *cell = s.cache_cells(slot);
    const int32_t *pot = s.cache_pots(slot);
    bool ok = true;
    for (int i = 0; i <= count; ++i) s.used[i] = 0;
    s.u[0] = s.v[0] = 0;
    s.p[0] = 0;
    for (int j = 1; j <= count && ok; ++j) {
        const int c = cell[j - 1];
        if (c >= n || s.row_mark[c] != stamp || s.used[s.row_of[c]]) {
            ok = false;
            break;
        }
        const int r = s.row_of[c];
        s.used[r] = 1;
        s.p[j] = r;
        s.v[j] = pot[j - 1];
        s.u[r] = s.cost[static_cast<size_t>(r - 1) * count + (j - 1)] - s.v[j];
    }
    // Dual feasibility: with every assigned edge tight, cost(i, j) >= u[i] + v[j] everywhere
    // proves the assignment optimal (LP duality), so its total is the minimum.
    for (int i = 1; i <= count && ok; ++i) {
        const int32_t *row = &s.cost[static_cast<size_t>(i - 1) * count];
        const int64_t ui = s.u[i];
        for (int j = 0; j < count; ++j)
            if (row[j] - s.v[j + 1] < ui) {
                ok = false;
                break;
            }
    }
    if (!ok) {
        ++s.cache_misses;
        return solve_filled(h, count, s, goal_of);
    }
    ++s.cache_hits;
    ++s.cache_window_hits;
    int64_t m = 0;
    for (int j = 1; j <= count; ++j) m += s.cost[static_cast<size_t>(s.p[j] - 1) * count + (j - 1)];
    if (m >= big) return H_DEAD;
    if (goal_of)
        for (int j = 1; j <= count; ++j) goal_of[s.p[j] - 1] = j - 1;
    return static_cast<uint32_t>(m);
}

void matching_keep_parent(HeuristicScratch &s) {
    s.pu = s.u;
    s.pv = s.v;
    s.pp = s.p;
    s.pcost.swap(s.cost);
}

uint32_t matching_child(const Heuristic &h, const int *boxes, int count, int row, int player,
                        HeuristicScratch &s) {
    if (count != h.k) return H_DEAD;
    const int64_t big = h.big();
    // The parent's matrix with row `row` replaced (saved in s.cost, restored below).
    int32_t *prow = &s.pcost[static_cast<size_t>(row) * count];
    int32_t *saved = s.cost.data();
    for (int g = 0; g < count; ++g) saved[g] = prow[g];
    if (!fill_row(h, boxes[row], player, prow)) {
        for (int g = 0; g < count; ++g) prow[g] = saved[g];
        return H_DEAD;
    }
    Hungarian hung{s.pcost.data(), count, s, big};
    const int r = row + 1;
    for (int j = 0; j <= count; ++j) {
        s.u[j] = s.pu[j];
        s.v[j] = s.pv[j];
        s.p[j] = s.pp[j];
    }
    int old = 0; // the column row r held in the parent's matching, the only free one now
    for (int j = 1; j <= count; ++j)
        if (s.p[j] == r) {
            s.p[j] = 0;
            old = j;
        }
    // Only row r's costs changed: lower its potential until every edge of the row is feasible
    // again, then re-insert the row with one augmentation.
    int64_t ur = std::numeric_limits<int64_t>::max();
    for (int j = 1; j <= count; ++j) {
        const int64_t c = hung.cost(r, j) - s.v[j];
        if (c < ur) ur = c;
    }
    s.u[r] = ur;
    // If the edge to its old column is tight at that potential, taking it is already optimal
    // (feasible duals, every matched edge tight): no augmentation needed.
    if (old != 0 && hung.cost(r, old) - s.v[old] == ur) s.p[old] = r;
    else hung.augment(r);
    const int64_t m = hung.total();
    for (int g = 0; g < count; ++g) prow[g] = saved[g];
    if (m >= big) return H_DEAD;
    return static_cast<uint32_t>(m);
}

} // namespace sokoban
