// heuristic.cc -- see heuristic.h.
#include "heuristic.h"

#include <limits>

#include "deadsquares.h"

namespace sokoban {

void Heuristic::init(const Board &board, HeuristicKind kind_) {
    kind = kind_;
    n = board.n;
    k = static_cast<int>(board.goals.size());
    dist.assign(static_cast<size_t>(k) * n, UINT16_MAX);
    nearest.assign(n, UINT16_MAX);
    for (int g = 0; g < k; ++g) {
        const std::vector<uint16_t> d = pull_distances(board, board.goals[g]);
        for (int c = 0; c < n; ++c) {
            dist[static_cast<size_t>(g) * n + c] = d[c];
            if (d[c] < nearest[c]) nearest[c] = d[c];
        }
    }
}

void HeuristicScratch::init(int k) {
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
}

namespace {

// Hungarian algorithm with potentials (the shortest-augmenting-path form): rows = boxes,
// columns = goals, 1-based inside, column 0 a dummy. Unreachable pairs cost `big` (more than
// any real matching), so a total >= big means no perfect matching.
struct Hungarian {
    const Heuristic &h;
    const int *boxes;
    int k;
    HeuristicScratch &s;
    int64_t big;

    int64_t cost(int row, int col) const {
        const uint16_t d = h.dist[static_cast<size_t>(col - 1) * h.n + boxes[row - 1]];
        return d == UINT16_MAX ? big : d;
    }

    // Assign row i (unassigned) along a shortest augmenting path, keeping the duals feasible
    // and every matched edge tight: O(k^2).
    void augment(int i) {
        const int64_t INF = std::numeric_limits<int64_t>::max() / 4;
        s.p[0] = i;
        int j0 = 0;
        for (int j = 0; j <= k; ++j) {
            s.minv[j] = INF;
            s.used[j] = 0;
        }
        do {
            s.used[j0] = 1;
            const int i0 = s.p[j0];
            int64_t delta = INF;
            int j1 = 0;
            for (int j = 1; j <= k; ++j) {
                if (s.used[j]) continue;
                const int64_t cur = cost(i0, j) - s.u[i0] - s.v[j];
                if (cur < s.minv[j]) {
                    s.minv[j] = cur;
                    s.way[j] = j0;
                }
                if (s.minv[j] < delta) {
                    delta = s.minv[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= k; ++j) {
                if (s.used[j]) {
                    s.u[s.p[j]] += delta;
                    s.v[j] -= delta;
                } else {
                    s.minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (s.p[j0] != 0);
        do {
            const int j1 = s.way[j0];
            s.p[j0] = s.p[j1];
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
        for (int i = 1; i <= k; ++i) augment(i);
        return total();
    }

    int64_t total() const {
        int64_t sum = 0;
        for (int j = 1; j <= k; ++j) sum += cost(s.p[j], j);
        return sum;
    }
};

int64_t big_of(const Heuristic &h) { return static_cast<int64_t>(h.k) * (h.n + 1) + 1; }

bool any_dead_box(const Heuristic &h, const int *boxes, int count) {
    for (int i = 0; i < count; ++i)
        if (h.nearest[boxes[i]] == UINT16_MAX) return true;
    return false;
}

} // namespace

uint32_t evaluate(const Heuristic &h, const int *boxes, int count, HeuristicScratch &s) {
    return evaluate_assigned(h, boxes, count, s, nullptr);
}

uint32_t evaluate_assigned(const Heuristic &h, const int *boxes, int count, HeuristicScratch &s,
                           int *goal_of) {
    if (h.kind == HeuristicKind::none) return 0;
    if (count != h.k) return H_DEAD;
    if (any_dead_box(h, boxes, count)) return H_DEAD;
    if (h.kind == HeuristicKind::greedy) {
        for (int g = 0; g < h.k; ++g) s.taken[g] = 0;
        uint32_t total = 0;
        for (int i = 0; i < count; ++i) {
            int best = -1;
            uint16_t best_d = UINT16_MAX;
            for (int g = 0; g < h.k; ++g) {
                const uint16_t d = h.dist[static_cast<size_t>(g) * h.n + boxes[i]];
                if (!s.taken[g] && d < best_d) {
                    best_d = d;
                    best = g;
                }
            }
            if (best < 0) {
                total += h.nearest[boxes[i]];
            } else {
                s.taken[best] = 1;
                total += best_d;
            }
        }
        return total;
    }
    Hungarian hung{h, boxes, count, s, big_of(h)};
    const int64_t m = hung.solve();
    if (m >= hung.big) return H_DEAD;
    if (goal_of)
        for (int j = 1; j <= count; ++j) goal_of[s.p[j] - 1] = j - 1;
    return static_cast<uint32_t>(m);
}

void matching_keep_parent(HeuristicScratch &s) {
    s.pu = s.u;
    s.pv = s.v;
    s.pp = s.p;
}

uint32_t matching_child(const Heuristic &h, const int *boxes, int count, int row, HeuristicScratch &s) {
    if (count != h.k) return H_DEAD;
    if (h.nearest[boxes[row]] == UINT16_MAX) return H_DEAD;
    Hungarian hung{h, boxes, count, s, big_of(h)};
    const int r = row + 1;
    for (int j = 0; j <= count; ++j) {
        s.u[j] = s.pu[j];
        s.v[j] = s.pv[j];
        s.p[j] = s.pp[j];
    }
    for (int j = 1; j <= count; ++j)
        if (s.p[j] == r) s.p[j] = 0;
    // Only row r's costs changed: lower its potential until every edge of the row is feasible
    // again, then re-insert the row with one augmentation.
    int64_t ur = std::numeric_limits<int64_t>::max();
    for (int j = 1; j <= count; ++j) {
        const int64_t c = hung.cost(r, j) - s.v[j];
        if (c < ur) ur = c;
    }
    s.u[r] = ur;
    hung.augment(r);
    const int64_t m = hung.total();
    if (m >= hung.big) return H_DEAD;
    return static_cast<uint32_t>(m);
}

} // namespace sokoban
