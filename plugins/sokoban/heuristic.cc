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
}

namespace {

// Hungarian algorithm (potentials, O(k^3)); rows = boxes, columns = goals, 1-based inside.
// Unreachable pairs cost `big` (more than any real matching), so a result >= big = no matching.
int64_t min_matching(const Heuristic &h, const int *boxes, int k, HeuristicScratch &s, int64_t big) {
    const int64_t INF = std::numeric_limits<int64_t>::max() / 4;
    auto cost = [&](int row, int col) -> int64_t {
        const uint16_t d = h.dist[static_cast<size_t>(col - 1) * h.n + boxes[row - 1]];
        return d == UINT16_MAX ? big : d;
    };
    for (int j = 0; j <= k; ++j) {
        s.u[j] = 0;
        s.v[j] = 0;
        s.p[j] = 0;
        s.way[j] = 0;
    }
    for (int i = 1; i <= k; ++i) {
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
    int64_t total = 0;
    for (int j = 1; j <= k; ++j) total += cost(s.p[j], j);
    return total;
}

} // namespace

uint32_t evaluate(const Heuristic &h, const int *boxes, int count, HeuristicScratch &s) {
    if (h.kind == HeuristicKind::none) return 0;
    if (count != h.k) return H_DEAD;
    for (int i = 0; i < count; ++i)
        if (h.nearest[boxes[i]] == UINT16_MAX) return H_DEAD;
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
    const int64_t big = static_cast<int64_t>(h.k) * (h.n + 1) + 1;
    const int64_t m = min_matching(h, boxes, count, s, big);
    if (m >= big) return H_DEAD;
    return static_cast<uint32_t>(m);
}

} // namespace sokoban
