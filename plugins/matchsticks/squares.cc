// squares.cc -- exact counts for the squares puzzle: a row-by-row branch-and-bound enumeration.
//
// The board is searched line by line: the horizontal sticks of line i as one N-bit mask H_i,
// then the vertical sticks between lines i and i+1 as one (N+1)-bit mask V_i (the board is
// transposed first so that N <= M: the masks stay narrow and the counts do not change).
//  - No dangling end: once H_i and V_{i-1} are known, each point of line i has up/left/right
//    sticks known, so the down stick is forced (exactly one of the three present -> the down
//    stick must stay; none -> it must go) or free (two or more); V_i is enumerated as
//    forced | subset(free), never tested.
//  - Squares: for every open square (top line t, size u) a bit mask of the columns where it is
//    still intact; V_i ANDs in v & (v >> u), H_{t+u} completes it with the runs of u set bits.
//  - Bounds: exactly R removals (no more may be used, no more may remain than sticks left);
//    the final S lies between the completed squares C and the not-yet-broken squares A; and a
//    table computed backwards over the rows gives the fewest removals below the current line
//    that leave at most s unit squares alive there (ignoring everything else, so it is a
//    true lower bound): the largest wanted S <= A must be reachable with the removals left.
//  - Parallel: the (H_0, V_0) pairs are spread over the pool with parallel_for; every worker
//    has its own histogram over S, summed at the end.
// The table mode deepens R = 0, 1, 2, ... and settles each S at the first R that reaches it. An
// S is proven unreachable at R when no set with exactly R removals keeps >= S squares even with
// the dangling rule dropped (that is monotone in R: put sticks back).
#include "matchsticks.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <atomic>
#include <cstring>
#include <memory>
#include <new>

namespace matchsticks {
namespace {

constexpr int MAXN = MAX_SIDE_SQUARES;
constexpr int MAXM = MAX_SIDE_SQUARES;

inline int pc(unsigned x) { return __builtin_popcount(x); }

struct Tables {
    int M = 0, N = 0, SC = 0, total = 0;
    unsigned hmask = 0, vmask = 0;
    std::vector<uint16_t> hrun[MAXN + 1];   // [u][h] columns j where h has u set bits from j
    std::vector<uint16_t> vpair[MAXN + 1];  // [u][v] columns j where v has bits j and j+u
    int F[MAXM + 1] = {};                    // squares whose top line is > i
    int RS_H[MAXM + 1] = {};                 // sticks still undecided after H_i
    int RS_V[MAXM + 1] = {};                 // sticks still undecided after V_i
    // minrem[i][h*(SC+1)+s]: fewest removals below line i (V_i.., H_{i+1}..) leaving <= s unit
    // squares alive in cell rows i..M-1 given H_i = h; t2[i][c*(SC+1)+s] the same after V_i
    // with c the cells of row i still closed on three sides.
    std::vector<uint16_t> minrem[MAXM + 1], t2[MAXM + 1];

    void build(int m, int n) {
        M = m, N = n, SC = m * n;
        hmask = (1u << N) - 1, vmask = (1u << (N + 1)) - 1;
        for (int u = 1; u <= N; ++u) {
            unsigned lim = (1u << (N - u + 1)) - 1;
            hrun[u].assign(1u << N, 0);
            for (unsigned h = 0; h <= hmask; ++h) {
                unsigned x = h;
                for (int k = 1; k < u; ++k) x &= h >> k;
                hrun[u][h] = uint16_t(x & lim);
            }
            vpair[u].assign(1u << (N + 1), 0);
            for (unsigned v = 0; v <= vmask; ++v) vpair[u][v] = uint16_t(v & (v >> u) & lim);
        }
        total = 0;
        for (int t = 0; t < M; ++t)
            for (int u = 1; u <= std::min(N, M - t); ++u) total += N - u + 1;
        for (int i = 0; i <= M; ++i) {
            F[i] = 0;
            for (int t = i + 1; t < M; ++t)
                for (int u = 1; u <= std::min(N, M - t); ++u) F[i] += N - u + 1;
            RS_H[i] = (M - i) * (2 * N + 1);
            RS_V[i] = RS_H[i] - (N + 1);
        }
        const int W = SC + 1;
        const uint16_t INF = 0x3fff;
        minrem[M].assign(size_t(1u << N) * W, 0);
        for (int i = M - 1; i >= 0; --i) {
            t2[i].assign(size_t(1u << N) * W, INF);
            for (unsigned c = 0; c <= hmask; ++c)
                for (unsigned h2 = 0; h2 <= hmask; ++h2) {
                    int k = pc(c & h2), cost = N - pc(h2);
                    const uint16_t *next = &minrem[i + 1][size_t(h2) * W];
                    uint16_t *dst = &t2[i][size_t(c) * W];
                    for (int s = k; s < W; ++s) dst[s] = std::min<int>(dst[s], cost + next[s - k]);
                }
            minrem[i].assign(size_t(1u << N) * W, INF);
            for (unsigned h = 0; h <= hmask; ++h)
                for (unsigned v = 0; v <= vmask; ++v) {
                    int cost = N + 1 - pc(v);
                    const uint16_t *next = &t2[i][size_t(h & vpair[1][v]) * W];
                    uint16_t *dst = &minrem[i][size_t(h) * W];
                    for (int s = 0; s < W; ++s) dst[s] = std::min<int>(dst[s], cost + next[s]);
                }
        }
    }
};

struct Shared {
    const Tables *T = nullptr;
    int R = 0;
    bool relaxed = false;          // existence check: dangling rule dropped, stop at the first
    std::vector<int> prev_active;  // [a]: the largest wanted S <= a, or -1
    std::vector<std::vector<uint64_t>> hist;  // per worker, over S
    std::atomic<bool> abort{false}, found{false};
    const solver_services *sv = nullptr;
    std::atomic<uint64_t> done{0};
    uint64_t tasks = 0;
};

std::atomic<uint64_t> g_lvl[10];
struct Walker {
    Shared &sh;
    const Tables &T;
    uint64_t *hist;
    uint64_t nodes = 0;
    int root_h = -1, root_v = -1;
    uint16_t alive[2 * MAXM + 2][MAXM + 1][MAXN + 1];

    Walker(Shared &s, uint64_t *h) : sh(s), T(*s.T), hist(h) {}

    bool poll() {
        if ((++nodes & 0xff) == 0 && sh.sv && sh.sv->should_stop(sh.sv->ctx)) sh.abort = true;
        return sh.abort.load(std::memory_order_relaxed);
    }

    // Choose H_i. `prev` holds the open squares after V_{i-1}.
    void rec_h(int i, unsigned vprev, int used, int C) {
        if (poll()) return;
        g_lvl[i]++;
        const int M = T.M, N = T.N, R = sh.R;
        const uint16_t(*prev)[MAXN + 1] = alive[2 * i];  // after V_{i-1} (level 2i)
        uint16_t(*na)[MAXN + 1] = alive[2 * i + 1];
        const int tlo = std::max(0, i - N);
        for (unsigned h = 0; h <= T.hmask; ++h) {
            if (i == 0 && root_h >= 0 && h != unsigned(root_h)) continue;
            const int u2 = used + N - pc(h);
            if (u2 > R) continue;
            const int rem = R - u2;
            if (rem > T.RS_H[i]) continue;
            if (i == M) {
                if (rem != 0) continue;
                if (!sh.relaxed) {
                    unsigned up = vprev, l = h << 1, r = h;
                    unsigned one = (up ^ l ^ r) & ~((up & l) | (up & r) | (l & r));
                    if (one) continue;
                }
                int C2 = C;
                for (int t = tlo; t < i; ++t) C2 += pc(prev[t][i - t] & T.hrun[i - t][h]);
                if (sh.prev_active[C2] == C2) {
                    ++hist[C2];
                    if (sh.relaxed) {
                        sh.found = true;
                        sh.abort = true;
                        return;
                    }
                }
                continue;
            }
            int C2 = C, open = 0;
            for (int t = tlo; t < i; ++t) {
                C2 += pc(prev[t][i - t] & T.hrun[i - t][h]);
                for (int u = i - t + 1; u <= std::min(N, M - t); ++u) {
                    na[t][u] = prev[t][u];
                    open += pc(prev[t][u]);
                }
            }
            for (int u = 1; u <= std::min(N, M - i); ++u) {
                na[i][u] = T.hrun[u][h];
                open += pc(na[i][u]);
            }
            const int A = C2 + open + T.F[i];
            const int smax = sh.prev_active[A];
            if (smax < C2) continue;
            if (T.minrem[i][size_t(h) * (T.SC + 1) + std::min(smax - C2, T.SC)] > rem) continue;
            rec_v(i, h, vprev, u2, C2);
            if (sh.abort.load(std::memory_order_relaxed)) return;
        }
    }

    // Choose V_i after H_i = h.
    void rec_v(int i, unsigned h, unsigned vprev, int used, int C) {
        const int M = T.M, N = T.N, R = sh.R;
        const uint16_t(*prev)[MAXN + 1] = alive[2 * i + 1];
        uint16_t(*na)[MAXN + 1] = alive[2 * i + 2];
        unsigned up = vprev, l = h << 1, r = h;
        unsigned any = up | l | r;
        unsigned one = (up ^ l ^ r) & ~((up & l) | (up & r) | (l & r));
        unsigned f1 = one, fr = any & ~one & T.vmask;
        if (sh.relaxed) f1 = 0, fr = T.vmask;
        const int tlo = std::max(0, i - N + 1);
        unsigned sub = 0;
        do {
            const unsigned v = f1 | sub;
            sub = (sub - fr) & fr;
            if (i == 0 && root_v >= 0 && v != unsigned(root_v)) continue;
            const int u2 = used + N + 1 - pc(v);
            if (u2 > R) continue;
            const int rem = R - u2;
            if (rem > T.RS_V[i]) continue;
            int open = 0;
            for (int t = tlo; t <= i; ++t)
                for (int u = i - t + 1; u <= std::min(N, M - t); ++u) {
                    na[t][u] = prev[t][u] & T.vpair[u][v];
                    open += pc(na[t][u]);
                }
            const int A = C + open + T.F[i];
            const int smax = sh.prev_active[A];
            if (smax < C) continue;
            if (T.t2[i][size_t(h & T.vpair[1][v]) * (T.SC + 1) + std::min(smax - C, T.SC)] > rem) continue;
            rec_h(i + 1, v, u2, C);
            if (sh.abort.load(std::memory_order_relaxed)) return;
        } while (sub != 0);
    }
};

struct RootArg {
    Shared *sh;
};

void root_body(void *arg, uint64_t begin, uint64_t end, uint32_t worker) {
    Shared &sh = *static_cast<RootArg *>(arg)->sh;
    const Tables &T = *sh.T;
    std::unique_ptr<Walker> w(new Walker(sh, sh.hist[worker].data()));
    for (uint64_t k = begin; k < end; ++k) {
        if (sh.abort.load(std::memory_order_relaxed)) return;
        w->root_h = int(k >> (T.N + 1));
        w->root_v = int(k & T.vmask);
        w->rec_h(0, 0, 0, 0);
        uint64_t d = sh.done.fetch_add(1) + 1;
        if (sh.sv && sh.sv->progress && (d & 255) == 0) sh.sv->progress(sh.sv->ctx, "matchsticks", double(d) / sh.tasks);
    }
}

// One pass at exactly R removals: hist[S] for every wanted S (or, relaxed, whether one exists).
solver_status run_pass(const Tables &T, int R, const std::vector<bool> &wanted, bool relaxed,
                       const solver_services *sv, std::vector<uint64_t> &hist) {
    Shared sh;
    sh.T = &T;
    sh.R = R;
    sh.relaxed = relaxed;
    sh.sv = sv;
    sh.prev_active.assign(T.total + 1, -1);
    int last = -1;
    for (int a = 0; a <= T.total; ++a) {
        if (wanted[a]) last = a;
        sh.prev_active[a] = last;
    }
    const uint32_t workers = sv ? std::max<uint32_t>(1, sv->threads) : 1;
    sh.hist.assign(workers, std::vector<uint64_t>(T.total + 1, 0));
    sh.tasks = uint64_t(1) << (2 * T.N + 1);
    RootArg arg{&sh};
    if (sv && sv->parallel_for) sv->parallel_for(sv->ctx, 0, sh.tasks, 16, root_body, &arg);
    else root_body(&arg, 0, sh.tasks, 0);
    hist.assign(T.total + 1, 0);
    for (auto &h : sh.hist)
        for (int s = 0; s <= T.total; ++s) hist[s] += h[s];
    if (sh.abort && !sh.found) return SOLVER_ERR_STOPPED;
    return SOLVER_OK;
}

void orient(int &m, int &n) {
    if (n > m) std::swap(m, n);  // N <= M: the masks run along the shorter side
}

}  // namespace

solver_status count_squares(int m, int n, int s, int r, const solver_services *sv, uint64_t &out) {
    orient(m, n);
    Tables T;
    T.build(m, n);
    out = 0;
    if (s < 0 || s > T.total || r < 0 || r > (m + 1) * n + m * (n + 1)) return SOLVER_OK;
    std::vector<bool> wanted(T.total + 1, false);
    wanted[s] = true;
    std::vector<uint64_t> hist;
    solver_status st = run_pass(T, r, wanted, false, sv, hist);
    if (st != SOLVER_OK) return st;
    out = hist[s];
    return SOLVER_OK;
}

solver_status squares_table(int m, int n, int s_lo, int s_hi, const solver_services *sv,
                            std::vector<SquaresLine> &out) {
    orient(m, n);
    Tables T;
    T.build(m, n);
    const int sticks = (m + 1) * n + m * (n + 1);
    s_lo = std::max(0, s_lo);
    s_hi = std::min(T.total, s_hi);
    out.clear();
    std::vector<int> where(T.total + 1, -1);
    for (int s = s_lo; s <= s_hi; ++s) {
        where[s] = int(out.size());
        out.push_back(SquaresLine{s, -1, 0});
    }
    std::vector<bool> open(T.total + 1, false);
    int left = 0;
    for (int s = s_lo; s <= s_hi; ++s) open[s] = true, ++left;
    std::vector<uint64_t> hist;
    for (int R = 0; R <= sticks && left > 0; ++R) {
        auto t0 = std::chrono::steady_clock::now();
        solver_status st = run_pass(T, R, open, false, sv, hist);
        if (st != SOLVER_OK) return st;
        if (getenv("MS_DEBUG")) for (int q = 0; q <= T.M; ++q) fprintf(stderr, " L%d=%lu", q, (unsigned long)g_lvl[q].exchange(0));
        if (getenv("MS_DEBUG")) fprintf(stderr, "R=%d pass %.3f s\n", R, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        for (int s = s_lo; s <= s_hi; ++s)
            if (open[s] && hist[s] > 0) {
                out[where[s]].r = R;
                out[where[s]].count = hist[s];
                open[s] = false;
                --left;
            }
        // Unreachable from here on: no set of exactly R removals keeps >= S squares.
        for (int s = s_hi; s >= s_lo && left > 0; --s) {
            if (!open[s]) continue;
            std::vector<bool> atleast(T.total + 1, false);
            for (int a = s; a <= T.total; ++a) atleast[a] = true;
            t0 = std::chrono::steady_clock::now();
            st = run_pass(T, R, atleast, true, sv, hist);
            if (st != SOLVER_OK) return st;
            if (getenv("MS_DEBUG")) fprintf(stderr, "R=%d exists S>=%d %.3f s\n", R, s, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            bool any = false;
            for (int a = s; a <= T.total; ++a) any = any || hist[a] > 0;
            if (any) break;  // then every smaller S is still possible too
            open[s] = false;
            --left;
        }
    }
    return SOLVER_OK;
}

}  // namespace matchsticks
