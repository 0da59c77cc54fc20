// heuristic.cc -- the relaxed-game table behind the dice bound (see heuristic.h for the proof).
#include "heuristic.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace ewn {

int Heuristic::distance(int cell) const {
    const int r = cell / cols_, c = cell % cols_;
    return std::max(rows_ - 1 - r, cols_ - 1 - c);
}

void Heuristic::build(const Puzzle &pz, HeuristicKind kind) {
    kind_ = kind;
    rows_ = pz.rows;
    cols_ = pz.cols;
    period_ = pz.period;
    goal_piece_ = pz.goal_piece;
    for (int i = 0; i < MAX_PERIOD; ++i) dice_[i] = pz.dice[i];
    for (int dv = 1; dv <= PIECES; ++dv)
        for (unsigned mask = 0; mask < 64; ++mask) {
            Movers &mv = movers_[dv - 1][mask];
            mv.count = static_cast<uint8_t>(movers(mask, dv, mv.piece));
            mv.bits = 0;
            for (int i = 0; i < mv.count; ++i) mv.bits = static_cast<uint8_t>(mv.bits | (1u << (mv.piece[i] - 1)));
        }
    table_.clear();
    if (kind != HeuristicKind::dice && kind != HeuristicKind::dice_anytime) return;
    const int D = MAX_SIDE; // d in 0..8
    table_.assign(static_cast<size_t>(PIECES) * period_ * 64 * D, INF);
    // Per goal piece q: nodes (t, mask containing q, d). Forward moves are listed into a
    // reverse adjacency (CSR), then one backward BFS from every node with d = 0.
    const size_t per_q = static_cast<size_t>(period_) * 64 * D;
    std::vector<uint32_t> from, to; // edges u -> v, node ids local to q
    std::vector<uint32_t> start, adj, queue;
    for (int q = 1; q <= PIECES; ++q) {
        if (pz.goal_piece > 0 && q != pz.goal_piece) continue;
        const unsigned qbit = 1u << (q - 1);
        auto id = [&](int t, unsigned mask, int d) { return static_cast<uint32_t>((t * 64 + mask) * D + d); };
        from.clear();
        to.clear();
        for (int t = 0; t < period_; ++t) {
            const int t2 = (t + 1) % period_;
            for (unsigned mask = 0; mask < 64; ++mask) {
                if (!(mask & qbit)) continue;
                int mv[2];
                const int nm = movers(mask, pz.dice[t], mv);
                bool q_moves = false;
                for (int i = 0; i < nm; ++i) q_moves = q_moves || mv[i] == q;
                for (int d = 1; d < D; ++d) {
                    const uint32_t u = id(t, mask, d);
                    const int d2 = q_moves ? d - 1 : d;
                    from.push_back(u);
                    to.push_back(id(t2, mask, d2));
                    for (int r = 1; r <= PIECES; ++r) {
                        const unsigned rbit = 1u << (r - 1);
                        if (r == q || !(mask & rbit)) continue;
                        bool capturable = false; // some mover other than r can step onto r
                        for (int i = 0; i < nm; ++i) capturable = capturable || mv[i] != r;
                        if (!capturable) continue;
                        from.push_back(u);
                        to.push_back(id(t2, mask & ~rbit, d2));
                    }
                }
            }
        }
        start.assign(per_q + 1, 0);
        for (uint32_t v : to) ++start[v + 1];
        for (size_t i = 0; i < per_q; ++i) start[i + 1] += start[i];
        adj.assign(to.size(), 0);
        std::vector<uint32_t> fill(start.begin(), start.end() - 1);
        for (size_t e = 0; e < to.size(); ++e) adj[fill[to[e]]++] = from[e];
        uint16_t *H = &table_[index(q, 0, 0, 0)];
        queue.clear();
        for (int t = 0; t < period_; ++t)
            for (unsigned mask = 0; mask < 64; ++mask)
                if (mask & qbit) {
                    H[id(t, mask, 0)] = 0;
                    queue.push_back(id(t, mask, 0));
                }
        for (size_t head = 0; head < queue.size(); ++head) {
            const uint32_t v = queue[head];
            for (uint32_t e = start[v]; e < start[v + 1]; ++e) {
                const uint32_t u = adj[e];
                if (H[u] != INF) continue;
                H[u] = static_cast<uint16_t>(H[v] + 1);
                queue.push_back(u);
            }
        }
    }
}

uint32_t Heuristic::with_release(int q, int t, unsigned mask, int d, const uint8_t *state,
                                 HeuristicCache *cache) const {
    // rel[m][r]: the first ply offset at which piece m may capture piece r (they must be
    // adjacent first, and their distance drops by at most one per ply).
    int rel[PIECES + 1][PIECES + 1] = {{0}};
    int horizon = 0;
    for (int r = 1; r <= PIECES; ++r) {
        if (r == q || !(mask & (1u << (r - 1)))) continue;
        const int rr = state[r - 1] / cols_, rc = state[r - 1] % cols_;
        for (int m = 1; m <= PIECES; ++m) {
            if (m == r || !(mask & (1u << (m - 1)))) continue;
            const int mr = state[m - 1] / cols_, mc = state[m - 1] % cols_;
            rel[m][r] = std::max(std::abs(mr - rr), std::abs(mc - rc)) - 1;
            horizon = std::max(horizon, rel[m][r]);
        }
    }
    if (horizon == 0) return relaxed(q, t, mask, d);
    // Memo key: q (3 bits), t (5), mask (6), d (4), then rel (0..7, 3 bits) of the 15 unordered
    // pairs (absent pieces give 0): 63 bits, so a hit is exact.
    uint64_t key = static_cast<uint64_t>(q) | static_cast<uint64_t>(t) << 3 | static_cast<uint64_t>(mask) << 8 |
                   static_cast<uint64_t>(d) << 14;
    int shift = 18;
    for (int a = 1; a <= PIECES; ++a)
        for (int b = a + 1; b <= PIECES; ++b, shift += 3)
            key |= static_cast<uint64_t>(std::max(rel[a][b], rel[b][a])) << shift;
    key |= uint64_t(1) << 63;
    size_t slot = 0;
    if (cache) {
        slot = static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> (64 - HeuristicCache::BITS));
        if (cache->key[slot] == key) return cache->value[slot] == INF ? UINT32_MAX : cache->value[slot];
    }
    const uint32_t v = release_game(q, t, mask, d, rel, horizon);
    if (cache) {
        cache->key[slot] = key;
        cache->value[slot] = v >= INF ? INF : static_cast<uint16_t>(v);
    }
    return v >= INF ? UINT32_MAX : v;
}

uint32_t Heuristic::release_game(int q, int t, unsigned mask, int d, const int (*rel)[PIECES + 1], int horizon) const {
    // best[M] = the smallest d reachable at the current offset with exactly the pieces M;
    // `active` holds the sets M with an entry (bit M).
    uint8_t best[64], next[64];
    best[mask] = static_cast<uint8_t>(d);
    uint64_t active = uint64_t(1) << mask;
    uint32_t result = INF;
    // reach[m]: the pieces r != m that m may capture at the current offset k (rel[m][r] <= k),
    // grown offset by offset from the pairs bucketed by their release offset.
    unsigned reach[PIECES + 1] = {0};
    uint8_t bucket[MAX_SIDE][PIECES * PIECES][2];
    int bucket_size[MAX_SIDE] = {0};
    for (int m = 1; m <= PIECES; ++m)
        for (int r = 1; r <= PIECES; ++r)
            if (r != m && (mask & (1u << (m - 1))) && (mask & (1u << (r - 1)))) {
                const int v = rel[m][r] < 0 ? 0 : rel[m][r];
                bucket[v][bucket_size[v]][0] = static_cast<uint8_t>(m);
                bucket[v][bucket_size[v]++][1] = static_cast<uint8_t>(r);
            }
    for (int k = 0; k < horizon; ++k) {
        const int dice = dice_[(t + k) % period_];
        for (int i = 0; i < bucket_size[k]; ++i) reach[bucket[k][i][0]] |= 1u << (bucket[k][i][1] - 1);
        uint64_t reached = 0;
        while (active) {
            const unsigned m = static_cast<unsigned>(__builtin_ctzll(active));
            active &= active - 1;
            const Movers &mv = movers_[dice - 1][m];
            const int d2 = best[m] - ((mv.bits >> (q - 1)) & 1);
            if (d2 == 0) {
                // The corner is reached at offset k + 1; nothing later can beat it.
                result = std::min<uint32_t>(result, static_cast<uint32_t>(k + 1));
                continue;
            }
            auto relax = [&](unsigned m2) {
                const uint64_t bit = uint64_t(1) << m2;
                if (!(reached & bit) || next[m2] > d2) next[m2] = static_cast<uint8_t>(d2);
                reached |= bit;
            };
            relax(m);
            // Pieces some mover may have reached by now (never the goal piece).
            unsigned prey = 0;
            for (int i = 0; i < mv.count; ++i) prey |= reach[mv.piece[i]];
            for (unsigned rest = prey & m & ~(1u << (q - 1)); rest; rest &= rest - 1)
                relax(m & ~(1u << __builtin_ctz(rest)));
        }
        if (result <= static_cast<uint32_t>(k + 1)) return result;
        active = reached;
        std::memcpy(best, next, sizeof best);
    }
    const int t2 = (t + horizon) % period_;
    while (active) {
        const unsigned m = static_cast<unsigned>(__builtin_ctzll(active));
        active &= active - 1;
        const uint16_t h = relaxed(q, t2, m, best[m]);
        if (h != INF) result = std::min<uint32_t>(result, static_cast<uint32_t>(horizon) + h);
    }
    return result;
}

uint32_t Heuristic::value(const uint8_t *state, HeuristicCache *cache) const {
    if (goal_piece_ > 0 && state[goal_piece_ - 1] == NONE) return UINT32_MAX;
    if (kind_ == HeuristicKind::zero) {
        if (goal_piece_ == 0 && present_mask(state) == 0) return UINT32_MAX;
        return 0;
    }
    const unsigned mask = present_mask(state);
    const int t = state[T_BYTE];
    uint32_t best = UINT32_MAX;
    for (int q = 1; q <= PIECES; ++q) {
        if (goal_piece_ > 0 && q != goal_piece_) continue;
        if (state[q - 1] == NONE) continue;
        const int d = distance(state[q - 1]);
        const uint32_t h = kind_ == HeuristicKind::chebyshev      ? static_cast<uint32_t>(d)
                           : kind_ == HeuristicKind::dice_anytime ? relaxed(q, t, mask, d)
                           : d == 0                              ? 0
                                                                 : with_release(q, t, mask, d, state, cache);
        if (h != INF && h < best) best = h;
    }
    return best;
}

} // namespace ewn
