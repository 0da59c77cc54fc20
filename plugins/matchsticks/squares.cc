// squares.cc -- exact counts for the squares puzzle.
//
// The board is cut into lines: the horizontal sticks of line i as one N-bit mask H_i, then the
// vertical sticks between lines i and i+1 as one (N+1)-bit mask V_i (the board is transposed
// first so that N <= M: the masks stay narrow and the counts do not change).
//  - No dangling end: once H_i and V_{i-1} are known, each point of line i has its up, left and
//    right sticks, so its down stick is forced (exactly one of the three present -> it must
//    stay; none -> it must go) or free (two or more); V_i is enumerated as forced | subset(free),
//    never tested.
//  - Squares: for every open square class (top line t, size u) a bit mask of the columns where
//    such a square is still intact; V_i ANDs in v & (v >> u), H_{t+u} completes the class with
//    the runs of u set bits of H_{t+u}.
//  - Counting is a layered DP (dp_pass): after H_i and after V_i the future depends only on the
//    down sticks forced/free (or V_i), the open masks, the removals so far and the squares
//    completed, so equal keys merge and carry the number of prefixes (128-bit, saturated). A
//    key and its left-right mirror image have mirrored futures with the same counts, so only
//    the smaller of the two is kept.
//  - Bounds drop keys: the removals must stay <= rcap and still be able to reach rmin; the final
//    S lies between the completed squares C and the not-yet-broken squares A, and some wanted S
//    must lie there; a table computed backwards over the lines (Tables::minrem, t2) gives the
//    fewest removals below the current line that leave at most s unit squares alive there
//    (a relaxation: units only, no dangling rule), which must fit into rcap; where N <= 7 the
//    tighter tables Tables::tv / th do the same exactly for the squares of sizes 1 and 2 together
//    (the H step visits H_i sorted by that bound and stops at the first one past rcap).
//  - Keys are packed into 128 bits and counted in 64 bits; a pass whose counts pass 2^64 is run
//    again with 128-bit saturated counts.
//  - Meet in the middle (boards with an even number of rows, the default there): the DP runs
//    down to the middle line only, and the top half is joined with itself turned upside down
//    (join_halves), which counts the crossing squares of each pair of halves with a popcount;
//    the test flag DP_FULL runs the DP over every line instead.
//  - Parallel: each layer's keys are spread over the pool with parallel_for, every worker
//    adding its new keys straight into 32 shared hash parts (see Sink); the join reads the
//    parts in parallel and spreads its groups over the pool.
// The table mode raises R one at a time (each S is settled at the first R that reaches it;
// earlier R had no arrangement for it). An S is proven unreachable at R when no set with exactly
// R removals keeps >= S squares even with the dangling rule dropped: that is monotone in R (put
// sticks back), it is shown true cheaply by a greedy removal order, and otherwise decided by a
// depth-first search with the same bounds (Walker, run_pass in relaxed mode, stopping at the
// first set found).
#include "matchsticks.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>

#include <sys/mman.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace matchsticks {

int dp_test_flags = 0;

namespace {

constexpr int MAXN = MAX_SIDE_SQUARES;
constexpr int MAXM = MAX_SIDE_SQUARES;

// Popcount of masks below 2^10 by table: the plugin is built without -mpopcnt, and the
// library call __popcountdi2 was a fifth of the run time.
struct PopTable {
    uint8_t v[1u << 10];
    PopTable() {
        for (unsigned x = 0; x < (1u << 10); ++x) v[x] = uint8_t(__builtin_popcount(x));
    }
};
const PopTable pop_table;
inline int pc(unsigned x) { return pop_table.v[x]; }

// dst[s] = min(dst[s], x[s]) for the 16 entries of a row (one instruction with SSE2).
inline void min_row(uint8_t *dst, const uint8_t *x) {
#ifdef __SSE2__
    _mm_storeu_si128(reinterpret_cast<__m128i *>(dst),
                     _mm_min_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(dst)),
                                  _mm_loadu_si128(reinterpret_cast<const __m128i *>(x))));
#else
    for (int s = 0; s < 16; ++s) dst[s] = std::min(dst[s], x[s]);
#endif
}

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
    std::vector<unsigned> hby[MAXN + 1];  // [k]: the H masks with exactly k sticks removed
    // kcapH[i][r], kcapV[i][r]: the most future squares (top line > i, all still intact) that
    // r removals among the sticks undecided after H_i (after V_i) can break: the sum of the r
    // largest counts of such squares on a stick's border. With the open classes bounded one by
    // one (class_kills), this caps how many squares the removals left can still break.
    std::vector<int> kcapH[MAXM + 1], kcapV[MAXM + 1];
    // The same over every unfinished square (bottom line > i, intact or not): another cap.
    std::vector<int> kallH[MAXM + 1], kallV[MAXM + 1];

    void build_kill_caps() {
        // stick ids: horizontal (line a, column j) = a * N + j; vertical (row a, line j) = HV + a * (N + 1) + j
        const int HV = (M + 1) * N, S = HV + M * (N + 1);
        struct Sq {
            int top, size;
            std::vector<int> sticks;
        };
        std::vector<Sq> sq;
        for (int u = 1; u <= N; ++u)
            for (int t = 0; t + u <= M; ++t)
                for (int l = 0; l + u <= N; ++l) {
                    Sq q{t, u, {}};
                    for (int k = 0; k < u; ++k) {
                        q.sticks.push_back(t * N + l + k);
                        q.sticks.push_back((t + u) * N + l + k);
                        q.sticks.push_back(HV + (t + k) * (N + 1) + l);
                        q.sticks.push_back(HV + (t + k) * (N + 1) + l + u);
                    }
                    sq.push_back(q);
                }
        auto caps = [&](int i, bool after_v, bool all) {
            std::vector<int> cnt(S, 0);
            for (const auto &q : sq)
                if (all ? q.top + q.size > i : q.top > i)
                    for (int e : q.sticks) ++cnt[e];
            std::vector<int> c;
            for (int e = 0; e < S; ++e) {
                const bool horizontal = e < HV;
                const int line_or_row = horizontal ? e / N : (e - HV) / (N + 1);
                const bool undecided = horizontal ? line_or_row > i : (after_v ? line_or_row > i : line_or_row >= i);
                if (undecided) c.push_back(cnt[e]);
            }
            std::sort(c.rbegin(), c.rend());
            std::vector<int> pre(S + 1, 0);
            for (int r = 1; r <= S; ++r) pre[r] = pre[r - 1] + (r - 1 < int(c.size()) ? c[r - 1] : 0);
            return pre;
        };
        for (int i = 0; i <= M; ++i) {
            kcapH[i] = caps(i, false, false);
            kcapV[i] = caps(i, true, false);
            kallH[i] = caps(i, false, true);
            kallV[i] = caps(i, true, true);
        }
    }

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
        for (int k = 0; k <= N; ++k) hby[k].clear();
        for (unsigned h = 0; h <= hmask; ++h) hby[N - pc(h)].push_back(h);
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
        build_kill_caps();
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
        build_pairs();
    }

    // Squares of sizes 1 and 2 together (dangling rule dropped), computed backwards over the
    // lines like minrem but exact for both sizes: tv[i][a | b << N | c << (2N - 1)][s] is the
    // fewest removals below V_i (H_{i+1}, V_{i+1}, ...) that let at most s of these squares be
    // completed from there on, given a = the cells of row i still intact (class (i, 1)),
    // b = class (i-1, 2) and c = class (i, 2); th[i][b | h << (N - 1)][s] the same after H_i
    // (b = class (i-1, 2) before V_i, h = H_i). Entries for s >= PB are not kept (no bound).
    static constexpr int PB = 16;  // = the 16 bytes of min_row
    bool pairs = false;
    std::vector<uint8_t> tv[MAXM + 1], th[MAXM + 1];
    // hsorted[i][(b * PB + s) << N | z]: every H_i as cost << 8 | h, by increasing cost =
    // N - pc(h) + th[i][b | h << (N - 1)][s] (255 and more: no way), so the H step can stop at
    // the first H_i that the removals left cannot pay for.
    std::vector<uint16_t> hsorted[MAXM + 1];
    void build_pairs() {
        pairs = N >= 2 && N <= 7;
        if (!pairs) return;
        const int B = N - 1;  // bits of a size-2 class
        const size_t nv = size_t(1) << (N + B + B), nh = size_t(1) << (B + N);
        th[M].assign(nh * PB, 0);
        for (int i = M - 1; i >= 0; --i) {
            // For each c and H_{i+1}: the costs below as one 16-byte row, shifted by k (the
            // squares H_{i+1} completes), min-ed into every (a, b) that completes k.
            tv[i].assign(nv * PB, 255);
            for (unsigned c = 0; c < (1u << B); ++c)
                for (unsigned h = 0; h <= hmask; ++h) {
                    const int cost = N - pc(h);
                    const uint8_t *next = &th[i + 1][(size_t(c) | (size_t(h) << B)) * PB];
                    alignas(16) uint8_t shifted[PB][PB];
                    for (int k = 0; k < PB; ++k)
                        for (int s2 = 0; s2 < PB; ++s2)
                            shifted[k][s2] = s2 < k || next[s2 - k] == 255 ? 255 : uint8_t(std::min(254, cost + next[s2 - k]));
                    const uint16_t h2 = hrun[2][h];
                    for (unsigned ab = 0; ab < (1u << (N + B)); ++ab) {
                        const int k = pc(ab & h) + pc((ab >> N) & h2);
                        if (k >= PB) continue;
                        min_row(&tv[i][(size_t(ab) | (size_t(c) << (N + B))) * PB], shifted[k]);
                    }
                }
            th[i].assign(nh * PB, 255);
            for (size_t st = 0; st < nh; ++st) {
                const unsigned b = unsigned(st) & ((1u << B) - 1), h = unsigned(st >> B);
                if (i == 0 && b) continue;
                uint8_t *dst = &th[i][st * PB];
                for (unsigned v = 0; v <= vmask; ++v) {
                    const unsigned a2 = h & vpair[1][v], b2 = b & vpair[2][v], c2 = hrun[2][h] & vpair[2][v];
                    const uint8_t *next = &tv[i][(size_t(a2) | (size_t(b2) << N) | (size_t(c2) << (N + B))) * PB];
                    const int cost = N + 1 - pc(v);
                    alignas(16) uint8_t row[PB];
                    for (int s2 = 0; s2 < PB; ++s2) row[s2] = next[s2] == 255 ? 255 : uint8_t(std::min(254, cost + next[s2]));
                    min_row(dst, row);
                }
            }
            hsorted[i].assign((size_t(1) << B) * PB << N, 0);
            for (unsigned b = 0; b < (1u << B); ++b)
                for (int s2 = 0; s2 < PB; ++s2) {
                    uint16_t *list = &hsorted[i][(size_t(b) * PB + s2) << N];
                    for (unsigned h = 0; h <= hmask; ++h) {
                        const int t = th[i][(size_t(b) | (size_t(h) << B)) * PB + s2];
                        list[h] = uint16_t((t == 255 ? 255 : std::min(255, N - pc(h) + t)) << 8 | h);
                    }
                    std::sort(list, list + (size_t(1) << N));
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

// A node of the search where the parallel part starts: about to choose H_i.
struct Frontier {
    unsigned vprev;
    int used, C, weight;
    uint16_t alive[MAXM + 1][MAXN + 1];
};

struct Walker {
    Shared &sh;
    const Tables &T;
    uint64_t *hist;
    uint64_t nodes = 0;
    int weight = 1;
    int split = -1;                    // collecting: stop at rec_h(split) and record the node
    std::vector<Frontier> *collect = nullptr;
    uint16_t alive[2 * MAXM + 2][MAXM + 1][MAXN + 1];

    Walker(Shared &s, uint64_t *h) : sh(s), T(*s.T), hist(h) {}

    bool poll() {
        if ((++nodes & 0xff) == 0 && sh.sv && sh.sv->should_stop(sh.sv->ctx)) sh.abort = true;
        return sh.abort.load(std::memory_order_relaxed);
    }

    // The last line: exactly `rem` of its N sticks go; squares ending here are completed.
    void leaf(unsigned vprev, int rem, int C) {
        const int M = T.M, N = T.N;
        const uint16_t(*prev)[MAXN + 1] = alive[2 * M];
        const int tlo = std::max(0, M - N);
        const auto &list = T.hby[rem];
        for (unsigned h : list) {
            if (!sh.relaxed) {
                unsigned up = vprev, l = h << 1, r = h;
                if ((up ^ l ^ r) & ~((up & l) | (up & r) | (l & r))) continue;
            }
            int C2 = C;
            for (int t = tlo; t < M; ++t) C2 += pc(prev[t][M - t] & T.hrun[M - t][h]);
            if (sh.prev_active[C2] == C2) {
                hist[C2] += weight;
                if (sh.relaxed) {
                    sh.found = true;
                    sh.abort = true;
                    return;
                }
            }
        }
    }

    // Choose H_i. alive[2i] holds the open squares after V_{i-1}.
    void rec_h(int i, unsigned vprev, int used, int C) {
        if (poll()) return;
        const int M = T.M, N = T.N, R = sh.R;
        if (i == split) {
            Frontier f;
            f.vprev = vprev, f.used = used, f.C = C, f.weight = weight;
            std::memcpy(f.alive, alive[2 * i], sizeof f.alive);
            collect->push_back(f);
            return;
        }
        if (i == M) {
            if (R - used <= N) leaf(vprev, R - used, C);
            return;
        }
        const uint16_t(*prev)[MAXN + 1] = alive[2 * i];
        uint16_t(*na)[MAXN + 1] = alive[2 * i + 1];
        const int tlo = std::max(0, i - N);
        const int kmax = std::min(N, R - used);
        for (int k = 0; k <= kmax; ++k) {
            const int u2 = used + k, rem = R - u2;
            if (rem > T.RS_H[i]) continue;
            for (unsigned h : T.hby[k]) {
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
                rec_v(i, h, vprev, u2, C2, -1);
                if (sh.abort.load(std::memory_order_relaxed)) return;
            }
        }
    }

    // Choose V_i after H_i = h (only = -1), or only V_i = only (the root pair).
    void rec_v(int i, unsigned h, unsigned vprev, int used, int C, int only) {
        const int M = T.M, N = T.N, R = sh.R;
        const uint16_t(*prev)[MAXN + 1] = alive[2 * i + 1];
        uint16_t(*na)[MAXN + 1] = alive[2 * i + 2];
        unsigned up = vprev, l = h << 1, r = h;
        unsigned any = up | l | r;
        unsigned one = (up ^ l ^ r) & ~((up & l) | (up & r) | (l & r));
        unsigned f1 = one, fr = any & ~one & T.vmask;
        if (sh.relaxed) f1 = 0, fr = T.vmask;
        // at most R - used removals: pop(sub) >= need
        const int need = N + 1 - pc(f1) - (R - used);
        if (need > pc(fr)) return;
        const int tlo = std::max(0, i - N + 1);
        unsigned sub = 0;
        do {
            const unsigned v = f1 | sub;
            sub = (sub - fr) & fr;
            if (only >= 0 && v != unsigned(only)) continue;
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

    // The root pair (H_0, V_0) = (h, v), then on down.
    void root(unsigned h, unsigned v) {
        const int N = T.N, M = T.M, R = sh.R;
        const int u0 = N - pc(h);
        if (u0 > R || R - u0 > T.RS_H[0]) return;
        uint16_t(*na)[MAXN + 1] = alive[1];
        int open = 0;
        for (int u = 1; u <= std::min(N, M); ++u) {
            na[0][u] = T.hrun[u][h];
            open += pc(na[0][u]);
        }
        const int A = open + T.F[0];
        const int smax = sh.prev_active[A];
        if (smax < 0) return;
        if (T.minrem[0][size_t(h) * (T.SC + 1) + std::min(smax, T.SC)] > R - u0) return;
        rec_v(0, h, 0, u0, 0, int(v));
    }
};

unsigned reverse_bits(unsigned x, int bits) {
    unsigned r = 0;
    for (int k = 0; k < bits; ++k) r |= ((x >> k) & 1u) << (bits - 1 - k);
    return r;
}

struct TaskArg {
    Shared *sh;
    const std::vector<Frontier> *items;
    int split;
};

void frontier_body(void *arg, uint64_t begin, uint64_t end, uint32_t worker) {
    const TaskArg &a = *static_cast<TaskArg *>(arg);
    Shared &sh = *a.sh;
    std::unique_ptr<Walker> w(new Walker(sh, sh.hist[worker].data()));
    for (uint64_t k = begin; k < end; ++k) {
        if (sh.abort.load(std::memory_order_relaxed)) return;
        const Frontier &f = (*a.items)[k];
        std::memcpy(w->alive[2 * a.split], f.alive, sizeof f.alive);
        w->weight = f.weight;
        w->rec_h(a.split, f.vprev, f.used, f.C);
        uint64_t d = sh.done.fetch_add(1, std::memory_order_relaxed) + 1;
        if (sh.sv && sh.sv->progress && (d & 1023) == 0) sh.sv->progress(sh.sv->ctx, "matchsticks", double(d) / sh.tasks);
    }
}

// One pass at exactly R removals: hist[S] for every wanted S (or, relaxed, whether one exists).
// Left-right reflection maps the subtree of the root pair (H_0, V_0) onto that of the reflected
// pair, so only pairs with (H_0, V_0) <= reflected are searched, the smaller ones counted twice.
// The top of the tree (down to line `split`) is walked here; its nodes are spread over the pool.
solver_status run_pass(const Tables &T, int R, const std::vector<bool> &wanted, bool relaxed,
                       const solver_services *sv, std::vector<uint64_t> &hist) {
    static thread_local std::vector<Frontier> items;  // kept between passes: no fresh pages each time
    items.clear();
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
    const int split = 1;  // the root pairs (H_0, V_0): thousands of tasks, few bytes each
    {
        std::unique_ptr<Walker> w(new Walker(sh, sh.hist[0].data()));
        w->split = split;
        w->collect = &items;
        for (unsigned h = 0; h <= T.hmask; ++h)
            for (unsigned v = 0; v <= T.vmask; ++v) {
                const unsigned key = (h << (T.N + 1)) | v;
                const unsigned rkey = (reverse_bits(h, T.N) << (T.N + 1)) | reverse_bits(v, T.N + 1);
                if (key > rkey) continue;
                w->weight = key < rkey ? 2 : 1;
                w->root(h, v);
            }
    }
    if (sh.abort && !sh.found) return SOLVER_ERR_STOPPED;
    sh.tasks = items.size();
    TaskArg arg{&sh, &items, split};
    if (!sh.found) {
        if (sv && sv->parallel_for) sv->parallel_for(sv->ctx, 0, items.size(), 4, frontier_body, &arg);
        else frontier_body(&arg, 0, items.size(), 0);
    }
    hist.assign(T.total + 1, 0);
    for (auto &h : sh.hist)
        for (int s = 0; s <= T.total; ++s) hist[s] += h[s];
    if (sh.abort && !sh.found) return SOLVER_ERR_STOPPED;
    return SOLVER_OK;
}


// ---- the layered DP: the search above with equal nodes merged --------------------------------
// After V_i the future depends only on V_i (for the dangling test of line i+1), the masks of
// the open squares, the removals so far and the squares completed so far. Layer by layer, every
// such key holds the number of prefixes that reach it; a key and its mirror image (left-right
// reflection) have the same futures, so only the larger of the two is kept.
// The same bounds as the search drop keys that cannot end with a wanted S within `rcap`.
//
// A key is packed into 128 bits (at most 124 are used, on 8 x 8): the open masks from bit 0
// (class x at off[x], N - u + 1 bits), then removals (8 bits), squares completed (8 bits), and
// on top V_i (V layers) or f1 | fr << (N + 1) (H layers: the down sticks forced present, and
// free). With V on top, the comparison with the mirror image is mostly settled by V.
// Counts are 64-bit first; a pass in which a count passes 2^64 is run again with 128-bit
// saturated counts (OVERFLOW past 2^128), so every count stays exact or is reported as overflow.

inline int pc64(uint64_t x) {  // no -mpopcnt: a few shifts beat the library call
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return int((x * 0x0101010101010101ull) >> 56);
}
inline int pc128(u128 x) { return pc64(uint64_t(x)) + pc64(uint64_t(x >> 64)); }

inline uint64_t hash_pk(uint64_t lo, uint64_t hi) {
    uint64_t h = (lo ^ (hi * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}

// Saturated addition with a flag: 64-bit counts note the overflow (the pass is then run again
// with 128-bit counts), 128-bit ones saturate at OVERFLOW as everywhere in the plugin.
inline void count_add(uint64_t &a, uint64_t b, bool &over) {
    uint64_t s = a + b;
    if (s < a) over = true, s = ~uint64_t(0);
    a = s;
}
inline void count_add(u128 &a, u128 b, bool &) { a = sat_add(a, b); }

// Zeroed memory for the big tables, on 2 MB boundaries with transparent huge pages asked for:
// the tables are probed at random, and 4 KB pages made most probes a TLB miss as well.
struct BigBuffer {
    void *p = nullptr;
    size_t bytes = 0;
    BigBuffer() = default;
    BigBuffer(const BigBuffer &) = delete;
    BigBuffer &operator=(const BigBuffer &) = delete;
    BigBuffer(BigBuffer &&o) noexcept { swap(o); }
    BigBuffer &operator=(BigBuffer &&o) noexcept {
        swap(o);
        return *this;
    }
    ~BigBuffer() { std::free(p); }
    void swap(BigBuffer &o) {
        std::swap(p, o.p);
        std::swap(bytes, o.bytes);
    }
    void allocate(size_t n) {  // throws std::bad_alloc
        std::free(p);
        p = nullptr;
        bytes = 0;
        const size_t align = n >= (size_t(2) << 20) ? (size_t(2) << 20) : 64;
        const size_t rounded = (n + align - 1) / align * align;
        if (posix_memalign(&p, align, rounded) != 0) {
            p = nullptr;
            throw std::bad_alloc();
        }
#ifdef MADV_HUGEPAGE
        if (align > 64) madvise(p, rounded, MADV_HUGEPAGE);
#endif
        std::memset(p, 0, rounded);
        bytes = rounded;
    }
};

// Open addressing, linear probing; a zero count marks an empty slot. The buffer is kept between
// layers (only the part in use is cleared again). Adds go through a short queue: the slot of a
// key is prefetched when it is queued and written when it leaves the queue, so the cache misses
// of the random probes overlap instead of coming one after another.
template <class Count>
struct KeyTable {
    struct Entry {
        uint64_t lo, hi;
        Count v;
    };
    BigBuffer buf;
    Entry *e = nullptr;
    size_t cap = 0, size = 0, mask = 0;
    bool over = false;
    static constexpr unsigned QUEUE = 16;
    struct Pending {
        uint64_t lo, hi, h;
        Count v;
    };
    Pending q[QUEUE];
    unsigned qn = 0, qh = 0;
    void reset(size_t want) {
        size_t c = 64;
        while (c * 2 < want * 3) c <<= 1;  // load <= 2/3 at the expected size
        if (buf.bytes >= c * sizeof(Entry)) {
            std::memset(buf.p, 0, c * sizeof(Entry));
        } else {
            buf.allocate(c * sizeof(Entry));
        }
        e = static_cast<Entry *>(buf.p);
        cap = c, mask = c - 1, size = 0, qn = 0, qh = 0, over = false;
    }
    void release() {
        BigBuffer().swap(buf);
        e = nullptr;
        cap = size = mask = 0;
    }
    size_t capacity() const { return cap; }
    void insert(uint64_t lo, uint64_t hi, uint64_t h, Count v) {
        size_t p = h & mask;
        while (e[p].v != 0) {
            if (e[p].lo == lo && e[p].hi == hi) {
                count_add(e[p].v, v, over);
                return;
            }
            p = (p + 1) & mask;
        }
        e[p].lo = lo, e[p].hi = hi, e[p].v = v;
        if ((++size) * 4 > cap * 3) grow();  // load <= 3/4
    }
    void add(uint64_t lo, uint64_t hi, Count v) { add_hashed(lo, hi, hash_pk(lo, hi), v); }
    void add_hashed(uint64_t lo, uint64_t hi, uint64_t h, Count v) {
        __builtin_prefetch(&e[h & mask], 1);
        if (qn == QUEUE) {
            const Pending &o = q[qh];
            insert(o.lo, o.hi, o.h, o.v);
            q[qh] = Pending{lo, hi, h, v};
            qh = (qh + 1) % QUEUE;
        } else {
            q[(qh + qn++) % QUEUE] = Pending{lo, hi, h, v};
        }
    }
    void add(u128 k, Count v) { add(uint64_t(k), uint64_t(k >> 64), v); }
    void flush() {
        while (qn) {
            const Pending &o = q[qh];
            qh = (qh + 1) % QUEUE, --qn;
            insert(o.lo, o.hi, o.h, o.v);
        }
    }
    void grow() {
        BigBuffer old;
        old.swap(buf);
        const Entry *oe = static_cast<const Entry *>(old.p);
        const size_t oc = cap;
        buf.allocate(2 * oc * sizeof(Entry));
        e = static_cast<Entry *>(buf.p);
        cap = 2 * oc, mask = cap - 1, size = 0;
        for (size_t z = 0; z < oc; ++z)
            if (oe[z].v != 0) insert(oe[z].lo, oe[z].hi, hash_pk(oe[z].lo, oe[z].hi), oe[z].v);
    }
    size_t bytes() const { return buf.bytes; }
};

// Where a worker's new keys go. One worker: straight into its own table. Several: the next
// layer is one table per part (the part is given by the top bits of the key's hash, the slot by
// the low bits), shared by all workers, each part behind its own mutex; a worker gathers its
// keys in a short buffer per part and adds a full buffer under that part's lock. Every key thus
// lands in its final table once, with no merge of per-worker tables afterwards (that merge
// inserted every key a second time). The mutexes order the inserts of different workers; the
// main thread reads the parts only after parallel_for has returned (the pool's join orders
// the workers' writes before it).
template <class Count>
struct Sink {
    KeyTable<Count> *local = nullptr;  // one worker
    KeyTable<Count> *parts = nullptr;  // several: `np` parts (a power of 2), locks[q] guards parts[q]
    std::mutex *locks = nullptr;
    unsigned np = 0, shift = 64;
    static constexpr unsigned B = 32;
    struct Item {
        uint64_t lo, hi, h;
        Count v;
    };
    std::vector<Item> buf;       // [q * B + k]
    std::vector<unsigned> fill;  // [q]
    bool over = false;

    void to_local(KeyTable<Count> *t) { local = t, parts = nullptr, over = false; }
    void to_parts(KeyTable<Count> *p, std::mutex *l, unsigned n) {
        local = nullptr, parts = p, locks = l, np = n, over = false;
        shift = 64;
        for (unsigned x = n; x > 1; x >>= 1) --shift;
        buf.resize(size_t(n) * B);
        fill.assign(n, 0);
    }
    void add(u128 k, Count v) {
        const uint64_t lo = uint64_t(k), hi = uint64_t(k >> 64);
        if (local) {
            local->add(lo, hi, v);
            return;
        }
        const uint64_t h = hash_pk(lo, hi);
        const unsigned q = np > 1 ? unsigned(h >> shift) : 0;
        buf[size_t(q) * B + fill[q]] = Item{lo, hi, h, v};
        if (++fill[q] == B) drain(q);
    }
    void drain(unsigned q) {
        std::lock_guard<std::mutex> g(locks[q]);
        KeyTable<Count> &t = parts[q];
        const Item *it = &buf[size_t(q) * B];
        for (unsigned k = 0; k < fill[q]; ++k) t.add_hashed(it[k].lo, it[k].hi, it[k].h, it[k].v);
        t.flush();
        over = over || t.over;
        fill[q] = 0;
    }
    void flush() {
        if (local) {
            local->flush();
            over = over || local->over;
            return;
        }
        for (unsigned q = 0; q < np; ++q)
            if (fill[q]) drain(q);
    }
};

// The classes open after H_i / V_i (layer i + 1) and where their masks sit in the key.
struct Layer {
    std::vector<std::pair<int, int>> open;  // (t, u), key order: carried first, then (i, 1..)
    int unit_index = -1;                    // where (i, 1) sits in `open`
    int pair_prev = -1, pair_here = -1;     // where (i-1, 2) and (i, 2) sit, or -1
    int off[MAX_SIDE_SQUARES * MAX_SIDE_SQUARES] = {};
    int bits = 0;  // mask bits; removals at `bits`, squares at bits + 8, V / f1,fr at bits + 16
    std::vector<u128> vp;  // [v]: every class's vpair mask at its offset (AND in V_i)
    std::vector<u128> nb;  // [h]: the new classes (i, u) opened by H_i, at their offsets
};

inline u128 take(u128 k, int off, int w) { return (k >> off) & ((u128(1) << w) - 1); }

// The most squares of an open class (size u, `alive` of them intact) that r removals can break:
// a vertical stick borders at most 2 squares of a class, a stick of its bottom line at most
// min(u, N - u + 1); `rows_left` says whether vertical sticks of the class are still undecided.
inline int class_kills(int alive, int r, int u, int N, bool rows_left) {
    int per = std::min(u, N - u + 1);
    if (rows_left && per < 2) per = 2;
    return std::min(alive, r * per);
}

inline unsigned rev_bits(unsigned x, int w) {
    unsigned r = 0;
    for (int z = 0; z < w; ++z) r |= ((x >> z) & 1u) << (w - 1 - z);
    return r;
}

// The V step's first test: V_i = v passes when its removals plus tv at the loosest s fit into
// the removals left. That depends on the key only through (the row i cells with a top, the
// classes (i-1, 2) and (i, 2), s, the removals left), far fewer combinations than keys, so the
// verdict for every v is kept as a 128-bit mask in a small per-worker direct-mapped memo. The
// mask also drops the v that remove too few sticks to still reach rmin (a function of the
// removals left too, as rcap - rmin is fixed in a pass).
struct VMemo {
    uint64_t tag = ~uint64_t(0);
    uint64_t lo = 0, hi = 0;
};
inline size_t vmemo_size(int N) { return size_t(1) << std::min(13, 3 * N); }  // small boards: few tags

template <class Count>
struct DpShared {
    const Tables *T;
    int rmin, rcap, smax_all;
    std::vector<int> prev_active;
    std::vector<Layer> layers;           // [i + 1]: after H_i / V_i; [0]: before line 0
    std::vector<uint8_t> rev[MAXN + 2];  // rev[w][x]: x reversed over w bits
    std::vector<unsigned> revv;          // [v]: v reversed over N + 1 bits
    // the layer being read: parts (one per worker) seen as one index range
    const std::vector<KeyTable<Count>> *src = nullptr;
    std::vector<size_t> src_off;
    const typename KeyTable<Count>::Entry &entry(uint64_t p) const {
        size_t q = 0;
        while (p >= src_off[q + 1]) ++q;
        return (*src)[q].e[p - src_off[q]];
    }
    std::vector<Sink<Count>> out;            // per worker
    std::vector<std::vector<Count>> res;     // per worker: [R * (total+1) + S]
    std::vector<uint8_t> over;               // per worker: a 64-bit count passed 2^64
    std::vector<std::vector<VMemo>> vmemo;   // per worker: the V_i that pass the size 1-2 bound
    int i = 0;
    bool mirror = true;  // keep one key per mirror pair (off only for a test)
    std::atomic<bool> stop{false};
    const solver_services *sv = nullptr;

    // The mirror image of the masks of layer L (left-right reflection of every class).
    u128 mirror_masks(const Layer &L, u128 k) const {
        u128 m = 0;
        const int N = T->N;
        for (size_t x = 0; x < L.open.size(); ++x) {
            const int w = N - L.open[x].second + 1;
            m |= u128(rev[w][unsigned(take(k, L.off[x], w))]) << L.off[x];
        }
        return m;
    }
};

template <class Count>
void dp_poll(DpShared<Count> &d) {
    // relaxed: `stop` only tells the other workers to leave early; the pass result is discarded
    if (d.sv && d.sv->should_stop && d.sv->should_stop(d.sv->ctx)) d.stop.store(true, std::memory_order_relaxed);
}

// V layer (after V_{i-1}) -> H layer (after H_i), or the final counts when i == M.
template <class Count>
void dp_step_h(void *arg, uint64_t begin, uint64_t end, uint32_t worker) {
    DpShared<Count> &d = *static_cast<DpShared<Count> *>(arg);
    if (d.stop.load(std::memory_order_relaxed)) return;
    dp_poll(d);
    const Tables &T = *d.T;
    const int M = T.M, N = T.N, i = d.i;
    const Layer &Lp = d.layers[i];
    const Layer *Ln = i < M ? &d.layers[i + 1] : nullptr;
    Sink<Count> &out = d.out[worker];
    Count *res = d.res[worker].data();
    bool over = false;
    const int W = T.total + 1;
    const int np = int(Lp.open.size());
    uint16_t fin_m[40];
    int fin_u[40], car_alive[40], car_u[40];
    const int nnew = i < M ? std::min(N, M - i) : 0;
    for (uint64_t p = begin; p < end; ++p) {
        const auto &en = d.entry(p);
        const Count val = en.v;
        if (val == 0) continue;
        const u128 key = (u128(en.hi) << 64) | en.lo;
        const int used = int(take(key, Lp.bits, 8)), C = int(take(key, Lp.bits + 8, 8));
        const unsigned vprev = unsigned(key >> (Lp.bits + 16));
        const int kmax = std::min(N, d.rcap - used);
        // the classes carried on do not depend on H_i: split them from those finishing here once
        int nfin = 0, ncar = 0, open0 = 0;
        u128 carried = 0;
        for (int x = 0; x < np; ++x) {
            const int t = Lp.open[x].first, u = Lp.open[x].second;
            const unsigned m = unsigned(take(key, Lp.off[x], N - u + 1));
            if (t + u == i) {
                if (m) fin_m[nfin] = uint16_t(m), fin_u[nfin++] = u;
            } else {
                carried |= u128(m) << Ln->off[ncar];
                car_alive[ncar] = pc(m), car_u[ncar++] = u;
                open0 += pc(m);
            }
        }
        const u128 carried_mirror = Ln ? d.mirror_masks(*Ln, carried) : 0;
        // One H_i with kh = its removals (uh = used + kh).
        auto try_h = [&](unsigned h, int kh) {
            const int uh = used + kh;
            int C2 = C;
            for (int x = 0; x < nfin; ++x) C2 += pc(fin_m[x] & T.hrun[fin_u[x]][h]);
            if (C2 > d.smax_all) return;
            const unsigned up = vprev, l = h << 1, r = h;
            const unsigned one = (up ^ l ^ r) & ~((up & l) | (up & r) | (l & r));
            if (i == M) {
                if (one) return;
                if (uh >= d.rmin && d.prev_active[C2] == C2) count_add(res[size_t(uh) * W + C2], val, over);
                return;
            }
            int open = open0;
            for (int u = 1; u <= nnew; ++u) open += pc(T.hrun[u][h]);
            const int A = C2 + open + T.F[i];
            const int smax = d.prev_active[A];
            if (smax < C2) return;
            // th (sizes 1 and 2) is never below minrem (units only): one of the two suffices
            if (T.pairs && smax - C2 < Tables::PB) {
                const unsigned b = Ln->pair_prev >= 0 ? unsigned(take(carried, Ln->off[Ln->pair_prev], N - 1)) : 0;
                if (uh + T.th[i][(size_t(b) | (size_t(h) << (N - 1))) * Tables::PB + (smax - C2)] > d.rcap) return;
            } else if (uh + T.minrem[i][size_t(h) * (T.SC + 1) + std::min(smax - C2, T.SC)] > d.rcap) {
                return;
            }
            {
                const int rl = d.rcap - uh;
                if (T.kallH[i][rl] < A - smax) return;
                int kills = T.kcapH[i][rl];
                for (int x = 0; x < ncar && kills < A - smax; ++x)
                    kills += class_kills(car_alive[x], rl, car_u[x], N, true);  // rows i.. are undecided
                for (int u = 1; u <= nnew && kills < A - smax; ++u)
                    kills += class_kills(pc(T.hrun[u][h]), rl, u, N, true);
                if (kills < A - smax) return;
            }
            const unsigned f1 = one, fr = (up | l | r) & ~one & T.vmask;
            const u128 tail = (u128(uh) << Ln->bits) | (u128(C2) << (Ln->bits + 8));
            const u128 k = carried | Ln->nb[h] | tail | (u128(f1 | (fr << (N + 1))) << (Ln->bits + 16));
            const unsigned rh = d.rev[N][h];
            const u128 mk = carried_mirror | Ln->nb[rh] | tail |
                            (u128(d.revv[f1] | (d.revv[fr] << (N + 1))) << (Ln->bits + 16));
            out.add(mk > k && d.mirror ? mk : k, val);
        };
        const int s0 = d.smax_all - C;
        if (i < M && T.pairs && s0 < Tables::PB) {
            // H_i by increasing cost (its removals + the fewest removals below for squares of
            // sizes 1 and 2, at the loosest s): stop at the first one past rcap.
            const unsigned b = Ln->pair_prev >= 0 ? unsigned(take(carried, Ln->off[Ln->pair_prev], N - 1)) : 0;
            const uint16_t *list = &T.hsorted[i][(size_t(b) * Tables::PB + s0) << N];
            for (unsigned z = 0; z <= T.hmask; ++z) {
                if (used + (list[z] >> 8) > d.rcap) break;
                const unsigned h = list[z] & 0xff;
                const int kh = N - pc(h);
                if (used + kh + T.RS_H[i] < d.rmin) continue;
                try_h(h, kh);
            }
        } else {
            for (int kh = 0; kh <= kmax; ++kh) {
                if (used + kh + T.RS_H[i] < d.rmin) continue;
                for (unsigned h : T.hby[kh]) try_h(h, kh);
            }
        }
    }
    out.flush();
    if (over || out.over) d.over[worker] = 1;
}

// H layer (after H_i) -> V layer (after V_i).
template <class Count>
void dp_step_v(void *arg, uint64_t begin, uint64_t end, uint32_t worker) {
    DpShared<Count> &d = *static_cast<DpShared<Count> *>(arg);
    if (d.stop.load(std::memory_order_relaxed)) return;
    dp_poll(d);
    const Tables &T = *d.T;
    const int N = T.N, i = d.i;
    const Layer &Ln = d.layers[i + 1];
    Sink<Count> &out = d.out[worker];
    const int nc = int(Ln.open.size());
    const u128 maskbits = (u128(1) << Ln.bits) - 1;
    const int uoff = Ln.off[Ln.unit_index];
    VMemo *vmemo = d.vmemo[worker].data();
    for (uint64_t p = begin; p < end; ++p) {
        const auto &en = d.entry(p);
        const Count val = en.v;
        if (val == 0) continue;
        const u128 key = (u128(en.hi) << 64) | en.lo;
        const unsigned fv = unsigned(key >> (Ln.bits + 16));
        const unsigned f1 = fv & T.vmask, fr = fv >> (N + 1);
        const int used = int(take(key, Ln.bits, 8)), C2 = int(take(key, Ln.bits + 8, 8));
        const u128 masks = key & maskbits;
        const u128 mmasks = d.mirror_masks(Ln, masks);
        const u128 ctail = u128(C2) << (Ln.bits + 8);
        const unsigned cells = unsigned(take(key, uoff, N));  // row i cells with a top (= H_i)
        const int s0 = d.smax_all - C2;  // the loosest s any V_i may still aim at
        uint64_t vlo = ~uint64_t(0), vhi = ~uint64_t(0);
        if (T.pairs && s0 < Tables::PB) {
            const unsigned b = Ln.pair_prev >= 0 ? unsigned(take(masks, Ln.off[Ln.pair_prev], N - 1)) : 0;
            const unsigned c = Ln.pair_here >= 0 ? unsigned(take(masks, Ln.off[Ln.pair_here], N - 1)) : 0;
            const int slack = d.rcap - used;  // >= 0: keys past rcap were never stored
            // N <= 7 here: cells 7 bits, b and c 6, s0 4, slack 8, i 4
            const uint64_t tag = uint64_t(cells) | uint64_t(b) << 7 | uint64_t(c) << 13 | uint64_t(s0) << 19 |
                                 uint64_t(slack) << 23 | uint64_t(i) << 31;
            VMemo &vm = vmemo[hash_pk(tag, 0) & (vmemo_size(N) - 1)];
            if (vm.tag != tag) {
                vm.tag = tag, vm.lo = vm.hi = 0;
                const int low = d.rmin - used - T.RS_V[i];  // the fewest removals V_i must make
                const uint8_t *tvi = T.tv[i].data();
                for (unsigned v = 0; v <= T.vmask; ++v) {
                    const int k = N + 1 - pc(v);
                    if (k > slack || k < low) continue;
                    const size_t idx = size_t(cells & T.vpair[1][v]) | (size_t(b & T.vpair[2][v]) << N) |
                                       (size_t(c & T.vpair[2][v]) << (2 * N - 1));
                    if (k + tvi[idx * Tables::PB + s0] > slack) continue;
                    if (v < 64) vm.lo |= uint64_t(1) << v;
                    else vm.hi |= uint64_t(1) << (v - 64);
                }
            }
            vlo = vm.lo, vhi = vm.hi;
        }
        unsigned sub = 0;
        do {
            const unsigned v = f1 | sub;
            sub = (sub - fr) & fr;
            if (!(((v < 64 ? vlo : vhi) >> (v & 63)) & 1)) continue;  // the memo's verdict
            const int u2 = used + N + 1 - pc(v);
            if (u2 > d.rcap || u2 + T.RS_V[i] < d.rmin) continue;
            const u128 nm = masks & Ln.vp[v];
            unsigned pa = 0, pb = 0, pcc = 0;  // the classes of the size 1-2 table
            if (T.pairs) {
                pa = unsigned(take(nm, uoff, N));
                pb = Ln.pair_prev >= 0 ? unsigned(take(nm, Ln.off[Ln.pair_prev], N - 1)) : 0;
                pcc = Ln.pair_here >= 0 ? unsigned(take(nm, Ln.off[Ln.pair_here], N - 1)) : 0;
                // at the loosest s first: most V_i end here, before the squares are counted
                if (s0 < Tables::PB &&
                    u2 + T.tv[i][(size_t(pa) | (size_t(pb) << N) | (size_t(pcc) << (2 * N - 1))) * Tables::PB + s0] > d.rcap)
                    continue;
            }
            const int open = pc128(nm);
            const int A = C2 + open + T.F[i];
            const int smax = d.prev_active[A];
            if (smax < C2) continue;
            if (!(T.pairs && smax - C2 < Tables::PB) &&
                u2 + T.t2[i][size_t(cells & T.vpair[1][v]) * (T.SC + 1) + std::min(smax - C2, T.SC)] > d.rcap)
                continue;
            if (T.pairs && smax - C2 < Tables::PB &&
                u2 + T.tv[i][(size_t(pa) | (size_t(pb) << N) | (size_t(pcc) << (2 * N - 1))) * Tables::PB + (smax - C2)] > d.rcap)
                continue;
            {
                const int rl = d.rcap - u2;
                if (T.kallV[i][rl] < A - smax) continue;
                int kills = T.kcapV[i][rl];
                for (int x = 0; x < nc && kills < A - smax; ++x) {
                    const int u = Ln.open[x].second;
                    kills += class_kills(pc(unsigned(take(nm, Ln.off[x], N - u + 1))), rl, u, N,
                                         Ln.open[x].first + u - 1 > i);
                }
                if (kills < A - smax) continue;
            }
            const unsigned rv = d.revv[v];
            const u128 tail = ctail | (u128(u2) << Ln.bits);
            const u128 k = nm | tail | (u128(v) << (Ln.bits + 16));
            const u128 mk = (mmasks & Ln.vp[rv]) | tail | (u128(rv) << (Ln.bits + 16));
            out.add(mk > k && d.mirror ? mk : k, val);
        } while (sub != 0);
    }
    out.flush();
    if (out.over) d.over[worker] = 1;
}

// ---- meet in the middle: the top half joined with itself, turned upside down ---------------
// On a board with an even number M of rows the line M/2 cuts it into two halves that are
// mirror images of each other (top-bottom). The layer after H_{M/2} holds, for every top half
// that the bounds keep, a key: the classes still open, the removals (H_{M/2} included), the
// squares completed and f1/fr, the window for V_{M/2} that the points of line M/2 allow. The
// bottom half of a board, turned upside down, is the top half of another board, with the same
// H_{M/2}; so the same layer lists the bottom halves as well, and every board is one pair
// (top key, bottom key) with
//  - the same H_{M/2} (the class (M/2, 1): its mask is H_{M/2} itself);
//  - V_{M/2} in the top's window: the bottom's f1/fr tell V_{M/2} at the points with at most
//    one horizontal stick (none: f1 is V; one: fr is V), the other points are free on both
//    sides;
//  - R = the two removals minus those of H_{M/2} (counted in both);
//  - S = the two completed counts plus the crossing squares (top line above M/2, bottom line
//    below) intact in both halves: class (t, u) of the top meets class (M - t - u, u) of the
//    turned bottom, column by column.
// The bounds only drop halves that no board contains, so the pairs that pass these tests are
// exactly the boards. The top half is counted with the left-right mirror merging like the
// full DP; the join splits each merged key back into its two orientations (half the count
// each, as the two are mirror images with equal counts).
// The join groups the keys by (H_{M/2}, removals, squares completed) and visits only the pairs
// of groups whose removals add up to a wanted R and whose completed squares leave room for a
// wanted S (C_top + C_bottom <= the largest wanted S): on 6x6 that skips 93-96% of the pairs
// with the right H_{M/2} and R (at R = 14: 103M of 1.7G remain). Inside a pair of groups the
// crossing squares are counted with one popcount of the packed crossing masks (at most 64
// bits: 27 on 6x6, 64 on 8x8), and a pair is kept only when that count fits into what the
// wanted S leave (about 3% do). The A groups are spread over the pool.
struct HalfKey {
    uint64_t cross;    // the crossing classes' masks, top orientation, packed
    uint64_t flipped;  // the same masks as the bottom half's, at their partners' packed places
    uint64_t cnt;      // the count (64-bit passes; the 128-bit rerun keeps hi too)
    uint64_t cnt_hi;
    unsigned h, f1, fr, vknown;  // vknown: V_{M/2} where the bottom half tells it
    int used, C;
};

struct JoinArg {
    const Tables *T;
    const std::vector<HalfKey> *keys;       // sorted by (h, used, C)
    const std::vector<uint64_t> *flipped;   // [key]: keys[].flipped
    const std::vector<uint16_t> *vknown;    // [key]: keys[].vknown (N + 1 <= 9 bits)
    const std::vector<size_t> *group;       // start of each (h, used, C) group, and the end
    const std::vector<size_t> *hstart;      // [h]: first group of h, [hmask + 1]: the end
    const std::vector<int> *prev_active;
    int rmin, rcap, W, smax;
    std::vector<std::vector<u128>> *res;    // per worker [R * W + S]
};

inline u128 sat_mul(u128 a, u128 b) {
    if (a == 0 || b == 0) return 0;
    if (a == OVERFLOW || b == OVERFLOW || b > OVERFLOW / a) return OVERFLOW;
    const u128 p = a * b;
    return p == OVERFLOW ? OVERFLOW : p;
}

// One A group (H_{M/2}, removals, completed) against every B group it can pair with.
// Popcnt: the plugin is built for the baseline x86-64 (no popcnt instruction); the pair loop
// is compiled twice and the one with the instruction runs where the CPU has it.
template <bool HW>
#if defined(__x86_64__)
__attribute__((target("popcnt")))
#endif
inline int join_pc(uint64_t x) {
    return HW ? __builtin_popcountll(x) : pc64(x);
}

template <bool HW>
#if defined(__x86_64__)
__attribute__((target("popcnt")))
#endif
void join_groups(const JoinArg &a, uint64_t begin, uint64_t end, u128 *res) {
    const Tables &T = *a.T;
    const auto &keys = *a.keys;
    const auto &group = *a.group;
    const auto &hstart = *a.hstart;
    const std::vector<int> &active = *a.prev_active;
    const uint64_t *flipped = a.flipped->data();  // the B side's fields the pair loop reads, dense
    const uint16_t *vknown = a.vknown->data();
    u128 acc[256];
    for (uint64_t ga = begin; ga < end; ++ga) {
        const HalfKey &ga0 = keys[group[ga]];
        const unsigned h = ga0.h;
        const int kh = T.N - pc(h);
        const unsigned l = h << 1, r = h;
        const unsigned told = (~(l & r)) & T.vmask;  // points with at most one horizontal stick
        // The pair (a top, b bottom) counts as (b top, a bottom): the tests are symmetric (the
        // vertical sticks at line M/2, the removals, and |X_a & Y_b| = |X_b & Y_a| since a class
        // and its partner swap). So only groups gb >= ga are visited, and inside one group only
        // y >= x; the pairs of two different keys count twice.
        for (size_t gb = ga; gb < hstart[h + 1]; ++gb) {
            const HalfKey &gb0 = keys[group[gb]];
            const int R = ga0.used + gb0.used - kh;
            if (R < a.rmin || R > a.rcap) continue;
            const int base = ga0.C + gb0.C;
            const int room = a.smax - base;  // the most crossing squares a wanted S allows
            if (room < 0) continue;
            const bool same = gb == ga;
            u128 *row = res + size_t(R) * a.W + base;
            for (size_t x = group[ga]; x < group[ga + 1]; ++x) {
                const HalfKey &ka = keys[x];
                const unsigned must = told & ~ka.fr;  // V_{M/2} must equal f1 there
                const uint64_t cross = ka.cross;
                for (int k = 0; k <= room; ++k) acc[k] = 0;
                bool any = false;
                const unsigned f1 = ka.f1;
                for (size_t y = same ? x + 1 : group[gb]; y < group[gb + 1]; ++y) {
                    const int k = join_pc<HW>(cross & flipped[y]);  // most pairs end here
                    if (k > room || ((vknown[y] ^ f1) & must)) continue;
                    const HalfKey &kb = keys[y];
                    acc[k] = sat_add(acc[k], (u128(kb.cnt_hi) << 64) | kb.cnt);
                    any = true;
                }
                for (int k = 0; k <= room && any; ++k) acc[k] = sat_add(acc[k], acc[k]);
                if (same && !((ka.vknown ^ ka.f1) & must)) {  // the key with itself, once
                    const int k = join_pc<HW>(cross & ka.flipped);
                    if (k <= room) acc[k] = sat_add(acc[k], (u128(ka.cnt_hi) << 64) | ka.cnt), any = true;
                }
                if (!any) continue;
                const u128 ca = (u128(ka.cnt_hi) << 64) | ka.cnt;
                for (int k = 0; k <= room; ++k)
                    if (acc[k] && active[base + k] == base + k) row[k] = sat_add(row[k], sat_mul(ca, acc[k]));
            }
        }
    }
}

void join_body(void *arg, uint64_t begin, uint64_t end, uint32_t worker) {
    const JoinArg &a = *static_cast<JoinArg *>(arg);
    u128 *res = (*a.res)[worker].data();
#if defined(__x86_64__)
    if (__builtin_cpu_supports("popcnt")) {
        join_groups<true>(a, begin, end, res);
        return;
    }
#endif
    join_groups<false>(a, begin, end, res);
}

// Reading the layer after H_{M/2} into half keys, one hash part per call (parallel over the
// parts; each writes only its own list and counts).
struct CrossClass {
    int off, width, poff, partner_poff;  // in the key; packed; its partner's place, packed
};

template <class Count>
struct ExtractArg {
    const DpShared<Count> *d;
    const Layer *L;
    const std::vector<KeyTable<Count>> *parts;
    const std::vector<CrossClass> *cross;
    size_t nu, nc, nbuckets;
    std::vector<std::vector<HalfKey>> *raw;     // [part]
    std::vector<std::vector<uint32_t>> *counts; // [part][bucket]
    std::vector<uint8_t> failed;                 // [part]: a key outside the ranges, an odd count
};

template <class Count>
void extract_body(void *arg, uint64_t begin, uint64_t end, uint32_t) {
    ExtractArg<Count> &a = *static_cast<ExtractArg<Count> *>(arg);
    const DpShared<Count> &d = *a.d;
    const Layer &L = *a.L;
    const Tables &T = *d.T;
    const int N = T.N;
    const auto &cross = *a.cross;
    // each class's bits reversed in place (left-right mirror of the packed masks)
    auto rev_packed = [&](uint64_t x) {
        uint64_t r = 0;
        for (const CrossClass &c : cross)
            r |= uint64_t(d.rev[c.width][unsigned(x >> c.poff) & ((1u << c.width) - 1)]) << c.poff;
        return r;
    };
    for (uint64_t q = begin; q < end; ++q) {
        const KeyTable<Count> &t = (*a.parts)[q];
        std::vector<HalfKey> &out = (*a.raw)[q];
        std::vector<uint32_t> &cnt = (*a.counts)[q];
        cnt.assign(a.nbuckets, 0);
        out.clear();
        out.reserve(d.mirror ? 2 * t.size : t.size);
        auto emit = [&](const HalfKey &k) {
            out.push_back(k);
            ++cnt[(size_t(k.h) * a.nu + size_t(k.used)) * a.nc + size_t(k.C)];
        };
        for (size_t z = 0; z < t.cap; ++z) {
            const auto &en = t.e[z];
            if (en.v == 0) continue;
            const u128 key = (u128(en.hi) << 64) | en.lo;
            HalfKey k;
            k.cross = k.flipped = 0;
            for (const CrossClass &c : cross) {
                const uint64_t m = uint64_t(take(key, c.off, c.width));
                k.cross |= m << c.poff;
                k.flipped |= m << c.partner_poff;
            }
            k.h = unsigned(take(key, L.off[L.unit_index], N));
            k.used = int(take(key, L.bits, 8)), k.C = int(take(key, L.bits + 8, 8));
            if (size_t(k.used) >= a.nu || size_t(k.C) >= a.nc) {
                a.failed[q] = 1;
                return;
            }
            const unsigned fv = unsigned(key >> (L.bits + 16));
            k.f1 = fv & T.vmask, k.fr = fv >> (N + 1);
            const unsigned l = k.h << 1, r = k.h;
            const unsigned none = ~(l | r) & T.vmask, one = (l ^ r) & T.vmask;
            k.vknown = (k.f1 & none) | (k.fr & one);
            u128 v = u128(en.v);
            if (d.mirror) {
                // A merged key holds the top halves of both orientations: v = cnt(key) +
                // cnt(mirror) (the DP adds every prefix to the larger of the two), and the two
                // are equal (the steps and the bounds are left-right symmetric), so each gets
                // v / 2; a key that is its own mirror image holds its count alone. The key is
                // its crossing masks, H_{M/2} (the classes (M/2, u) are runs of it), removals,
                // completed squares and f1/fr, so the mirror is made from those.
                HalfKey mk = k;
                mk.cross = rev_packed(k.cross), mk.flipped = rev_packed(k.flipped);
                mk.h = d.rev[N][k.h], mk.f1 = d.revv[k.f1], mk.fr = d.revv[k.fr], mk.vknown = d.revv[k.vknown];
                if (mk.cross != k.cross || mk.h != k.h || mk.f1 != k.f1 || mk.fr != k.fr) {
                    if (v != OVERFLOW && (v & 1)) {  // cannot happen: the two halves are equal
                        a.failed[q] = 1;
                        return;
                    }
                    if (v != OVERFLOW) v >>= 1;
                    mk.cnt = uint64_t(v), mk.cnt_hi = uint64_t(v >> 64);
                    emit(mk);
                }
            }
            k.cnt = uint64_t(v), k.cnt_hi = uint64_t(v >> 64);
            emit(k);
        }
    }
}

// False (an internal error, never expected) when the crossing masks do not fit into 64 bits
// (8x8 has 64), a key lies outside the pass's ranges, or a merged key's count is odd.
template <class Count>
bool join_halves(const DpShared<Count> &d, const Layer &L, int half, const std::vector<KeyTable<Count>> &parts,
                 const solver_services *sv, std::vector<u128> &result) {
    const Tables &T = *d.T;
    const int N = T.N, M = T.M, W = T.total + 1;
    // The crossing classes, packed one after the other: class x at poff[x] (its bits in the key
    // at L.off[x]); a class's partner (the class it meets in the turned bottom half) has the same width.
    std::vector<CrossClass> cross;
    int packed = 0;
    std::vector<int> poff(L.open.size(), -1);
    for (size_t x = 0; x < L.open.size(); ++x) {
        const int t = L.open[x].first, u = L.open[x].second;
        if (t >= half) continue;
        poff[x] = packed;
        packed += N - u + 1;
    }
    if (packed > 64) return false;
    for (size_t x = 0; x < L.open.size(); ++x) {
        if (poff[x] < 0) continue;
        const int t = L.open[x].first, u = L.open[x].second;
        for (size_t y = 0; y < L.open.size(); ++y)
            if (L.open[y] == std::make_pair(M - t - u, u)) cross.push_back({L.off[x], N - u + 1, poff[x], poff[y]});
    }
    // The keys in (H_{M/2}, removals, completed) order by a counting sort: bucket
    // (h * (rcap + 1) + used) * (smax + 1) + C (used <= rcap and C <= smax: the steps keep
    // no other keys). Each hash part is read into its own list in parallel (ExtractArg), then
    // the lists are placed by bucket.
    const size_t nu = size_t(d.rcap) + 1, nc = size_t(d.smax_all) + 1;
    const size_t nbuckets = (size_t(T.hmask) + 1) * nu * nc;
    std::vector<std::vector<HalfKey>> raw(parts.size());
    std::vector<std::vector<uint32_t>> counts(parts.size());
    ExtractArg<Count> ex{&d, &L, &parts, &cross, nu, nc, nbuckets, &raw, &counts, std::vector<uint8_t>(parts.size(), 0)};
    if (sv && sv->parallel_for && parts.size() > 1) sv->parallel_for(sv->ctx, 0, parts.size(), 1, extract_body<Count>, &ex);
    else extract_body<Count>(&ex, 0, parts.size(), 0);
    for (size_t q = 0; q < parts.size(); ++q)
        if (ex.failed[q]) return false;
    std::vector<size_t> start(nbuckets + 1, 0);
    for (size_t bk = 0; bk < nbuckets; ++bk) {
        size_t c = 0;
        for (const auto &cq : counts) c += cq[bk];
        start[bk + 1] = start[bk] + c;
    }
    std::vector<size_t> group, hstart(size_t(T.hmask) + 2, 0);
    for (size_t bk = 0; bk < nbuckets; ++bk) {
        if (bk % (nu * nc) == 0) hstart[bk / (nu * nc)] = group.size();
        if (start[bk + 1] > start[bk]) group.push_back(start[bk]);
    }
    const size_t ng = group.size();
    hstart[T.hmask + 1] = ng;
    group.push_back(start[nbuckets]);
    std::vector<HalfKey> keys(start[nbuckets]);
    for (auto &rq : raw) {
        for (const HalfKey &k : rq) keys[start[(size_t(k.h) * nu + size_t(k.used)) * nc + size_t(k.C)]++] = k;
        std::vector<HalfKey>().swap(rq);
    }
    // `start` has moved on by one bucket: group[] was taken before.
    const uint32_t workers = sv ? std::max<uint32_t>(1, sv->threads) : 1;
    std::vector<std::vector<u128>> res(workers, std::vector<u128>(result.size() + 256, 0));
    std::vector<uint64_t> flipped(keys.size());
    std::vector<uint16_t> vknown(keys.size());
    for (size_t z = 0; z < keys.size(); ++z) flipped[z] = keys[z].flipped, vknown[z] = uint16_t(keys[z].vknown);
    JoinArg arg{&T, &keys, &flipped, &vknown, &group, &hstart, &d.prev_active, d.rmin, d.rcap, W, d.smax_all, &res};
    if (sv && sv->parallel_for) sv->parallel_for(sv->ctx, 0, ng, 1, join_body, &arg);
    else join_body(&arg, 0, ng, 0);
    for (const auto &r : res)
        for (size_t k = 0; k < result.size(); ++k) result[k] = sat_add(result[k], r[k]);
    return true;
}

// One DP pass: res[R][S] for rmin <= R <= rcap and every wanted S. `overflowed` is set when a
// 64-bit count passed 2^64 (the caller runs the pass again with 128-bit counts).
template <class Count>
solver_status dp_pass_t(const Tables &T, int rmin, int rcap, const std::vector<bool> &wanted,
                        const solver_services *sv, std::vector<u128> &result, bool &overflowed,
                        std::vector<size_t> &hint) {
    const int M = T.M, N = T.N, W = T.total + 1;
    overflowed = false;
    DpShared<Count> d;
    d.T = &T;
    const int half = M / 2;
    const bool join = M % 2 == 0 && !(dp_test_flags & DP_FULL);  // see join_halves
    d.mirror = !(dp_test_flags & DP_PLAIN);
    d.rmin = rmin, d.rcap = rcap;
    d.sv = sv;
    d.prev_active.assign(W, -1);
    int last = -1;
    for (int a = 0; a < W; ++a) {
        if (wanted[a]) last = a;
        d.prev_active[a] = last;
    }
    d.smax_all = last;
    result.assign(size_t(rcap + 1) * W, 0);
    if (last < 0) return SOLVER_OK;
    for (int w = 1; w <= N + 1; ++w) {
        d.rev[w].assign(256, 0);
        for (unsigned x = 0; x < 256 && x < (1u << w); ++x) d.rev[w][x] = uint8_t(rev_bits(x, w));
    }
    d.revv.resize(size_t(1) << (N + 1));
    for (unsigned v = 0; v <= T.vmask; ++v) d.revv[v] = rev_bits(v, N + 1);
    d.layers.resize(M + 1);
    for (int i = 0; i < M; ++i) {
        Layer &L = d.layers[i + 1];
        for (auto tu : d.layers[i].open)
            if (tu.first + tu.second > i) L.open.push_back(tu);
        L.unit_index = int(L.open.size());
        for (int u = 1; u <= std::min(N, M - i); ++u) L.open.push_back({i, u});
        int b = 0;
        for (size_t x = 0; x < L.open.size(); ++x) L.off[x] = b, b += N - L.open[x].second + 1;
        L.bits = b;
        for (size_t x = 0; x < L.open.size(); ++x) {
            if (L.open[x] == std::make_pair(i - 1, 2)) L.pair_prev = int(x);
            if (L.open[x] == std::make_pair(i, 2)) L.pair_here = int(x);
        }
        if (b + 16 + 2 * (N + 1) > 128) return SOLVER_ERR_INTERNAL;
        L.vp.assign(size_t(1) << (N + 1), 0);
        for (unsigned v = 0; v <= T.vmask; ++v)
            for (size_t x = 0; x < L.open.size(); ++x)
                L.vp[v] |= u128(T.vpair[L.open[x].second][v]) << L.off[x];
        L.nb.assign(size_t(1) << N, 0);
        for (unsigned h = 0; h <= T.hmask; ++h)
            for (size_t x = L.unit_index; x < L.open.size(); ++x)
                L.nb[h] |= u128(T.hrun[L.open[x].second][h]) << L.off[x];
    }
    const uint32_t workers = sv ? std::max<uint32_t>(1, sv->threads) : 1;
    d.out.resize(workers);
    d.res.assign(workers, std::vector<Count>(size_t(rcap + 1) * W, 0));
    d.over.assign(workers, 0);
    d.vmemo.assign(workers, std::vector<VMemo>(vmemo_size(N)));
    // One worker: the new layer goes into that worker's table, swapped with the old layer's
    // after each step. Several: into NP shared parts (see Sink), swapped the same way.
    const unsigned NP = workers > 1 ? 32 : 1;
    std::vector<KeyTable<Count>> cur(1), nxt(NP);
    std::unique_ptr<std::mutex[]> locks(new std::mutex[NP]);
    cur[0].reset(1);
    cur[0].add(0, 0, 1);
    cur[0].flush();  // layer 0: no classes, nothing removed; V_{-1} = 0
    for (int step = 0; step <= 2 * M; ++step) {
        const int i = step / 2;
        const bool hstep = step % 2 == 0;
        d.i = i;
        d.src = &cur;
        d.src_off.assign(1, 0);
        size_t keys = 0;
        for (const auto &c : cur) d.src_off.push_back(d.src_off.back() + c.capacity()), keys += c.size;
        // Expected size: this step's output in the previous pass (passes differ little), else
        // twice this layer (layers grow); a wrong guess costs a rehash, never a wrong count.
        if (hint.size() <= size_t(step)) hint.resize(step + 1, 0);
        const size_t expect = hint[step] ? hint[step] + hint[step] / 8 : 2 * keys;
        nxt.resize(NP);
        for (auto &t : nxt) t.reset(std::max<size_t>(1024, expect / NP));
        for (auto &o : d.out) {
            if (NP == 1) o.to_local(&nxt[0]);
            else o.to_parts(nxt.data(), locks.get(), NP);
        }
        solver_range_fn fn = hstep ? dp_step_h<Count> : dp_step_v<Count>;
        if (sv && sv->parallel_for) sv->parallel_for(sv->ctx, 0, d.src_off.back(), 512, fn, &d);
        else fn(&d, 0, d.src_off.back(), 0);
        if (d.stop.load(std::memory_order_relaxed)) return SOLVER_ERR_STOPPED;
        hint[step] = 0;
        for (const auto &t : nxt) hint[step] += t.size, overflowed = overflowed || t.over;
        for (auto o : d.over) overflowed = overflowed || o;
        if (overflowed) return SOLVER_OK;
        if (join && step == 2 * half) {
            return join_halves(d, d.layers[half + 1], half, nxt, sv, result) ? SOLVER_OK : SOLVER_ERR_INTERNAL;
        }
        if (step == 2 * M) break;
        size_t bytes = 0;
        for (const auto &c : cur) bytes += c.bytes();
        for (const auto &t : nxt) bytes += t.bytes();
        if (sv && sv->memory_budget_bytes && bytes > sv->memory_budget_bytes) return SOLVER_ERR_NO_MEMORY;
        std::swap(cur, nxt);  // the old layer's buffers are reused for the step after
        if (sv && sv->progress) sv->progress(sv->ctx, "matchsticks", double(step + 1) / (2 * M + 1));
    }
    for (auto &r : d.res)
        for (size_t k = 0; k < r.size(); ++k) result[k] = sat_add(result[k], u128(r[k]));
    return SOLVER_OK;
}

// `hint`: the layer sizes of the previous pass, to size the tables (updated here).
solver_status dp_pass(const Tables &T, int rmin, int rcap, const std::vector<bool> &wanted, const solver_services *sv,
                      std::vector<u128> &result, std::vector<size_t> &hint) {
    bool over = false;
    if (dp_test_flags & DP_WIDE) return dp_pass_t<u128>(T, rmin, rcap, wanted, sv, result, over, hint);
    solver_status st = dp_pass_t<uint64_t>(T, rmin, rcap, wanted, sv, result, over, hint);
    if (st != SOLVER_OK || !over) return st;
    return dp_pass_t<u128>(T, rmin, rcap, wanted, sv, result, over, hint);
}
// Greedy: remove, one at a time, a stick that breaks the fewest intact squares (dangling rule
// dropped). kept[R] is a number of squares some set of exactly R removals keeps: a quick proof
// that >= kept[R] squares are possible, so the search for it can be skipped.
std::vector<int> greedy_kept(int m, int n) {
    const int H = (m + 1) * n, sticks = H + m * (n + 1);
    std::vector<std::vector<int>> sq;
    for (int u = 1; u <= std::min(m, n); ++u)
        for (int t = 0; t + u <= m; ++t)
            for (int l = 0; l + u <= n; ++l) {
                std::vector<int> b;
                for (int k = 0; k < u; ++k) {
                    b.push_back(t * n + l + k);
                    b.push_back((t + u) * n + l + k);
                    b.push_back(H + (t + k) * (n + 1) + l);
                    b.push_back(H + (t + k) * (n + 1) + l + u);
                }
                sq.push_back(b);
            }
    std::vector<std::vector<int>> of(sticks);
    for (int q = 0; q < int(sq.size()); ++q)
        for (int e : sq[q]) of[e].push_back(q);
    std::vector<bool> gone(sticks, false), dead(sq.size(), false);
    std::vector<int> kept(sticks + 1, 0);
    int alive = int(sq.size());
    kept[0] = alive;
    for (int r = 1; r <= sticks; ++r) {
        int best = -1, bk = 1 << 30;
        for (int e = 0; e < sticks; ++e) {
            if (gone[e]) continue;
            int k = 0;
            for (int q : of[e]) k += !dead[q];
            if (k < bk) bk = k, best = e;
        }
        gone[best] = true;
        for (int q : of[best])
            if (!dead[q]) dead[q] = true, --alive;
        kept[r] = alive;
    }
    return kept;
}

void orient(int &m, int &n) {
    if (n > m) std::swap(m, n);  // N <= M: the masks run along the shorter side
}

}  // namespace

solver_status count_squares(int m, int n, int s, int r, const solver_services *sv, u128 &out) {
    orient(m, n);
    Tables T;
    T.build(m, n);
    out = 0;
    if (s < 0 || s > T.total || r < 0 || r > (m + 1) * n + m * (n + 1)) return SOLVER_OK;
    std::vector<bool> wanted(T.total + 1, false);
    wanted[s] = true;
    std::vector<u128> res;
    std::vector<size_t> hint;
    solver_status st = dp_pass(T, r, r, wanted, sv, res, hint);
    if (st != SOLVER_OK) return st;
    out = res[size_t(r) * (T.total + 1) + s];
    return SOLVER_OK;
}

solver_status count_squares_upto(int m, int n, int s_hi, int r, const solver_services *sv, std::vector<u128> &out) {
    orient(m, n);
    Tables T;
    T.build(m, n);
    s_hi = std::min(s_hi, T.total);
    out.assign(size_t(std::max(0, s_hi + 1)), 0);
    if (s_hi < 0 || r < 0 || r > (m + 1) * n + m * (n + 1)) return SOLVER_OK;
    std::vector<bool> wanted(T.total + 1, false);
    for (int s = 0; s <= s_hi; ++s) wanted[s] = true;
    std::vector<u128> res;
    std::vector<size_t> hint;
    solver_status st = dp_pass(T, r, r, wanted, sv, res, hint);
    if (st != SOLVER_OK) return st;
    for (int s = 0; s <= s_hi; ++s) out[s] = res[size_t(r) * (T.total + 1) + s];
    return SOLVER_OK;
}

solver_status squares_table(int m, int n, int s_lo, int s_hi, const solver_services *sv,
                            std::vector<SquaresLine> &out) {
    orient(m, n);
    Tables T;
    T.build(m, n);
    const int sticks = (m + 1) * n + m * (n + 1);
    const int W = T.total + 1;
    s_lo = std::max(0, s_lo);
    s_hi = std::min(T.total, s_hi);
    out.clear();
    std::vector<int> where(W, -1);
    for (int s = s_lo; s <= s_hi; ++s) {
        where[s] = int(out.size());
        out.push_back(SquaresLine{s, -1, 0});
    }
    std::vector<bool> open(W, false);
    int left = 0;
    for (int s = s_lo; s <= s_hi; ++s) open[s] = true, ++left;
    const std::vector<int> kept = greedy_kept(m, n);
    // The first cap: the fewest removals any open S needs by the unit-square table.
    int rcap = sticks;
    for (int s = s_lo; s <= s_hi; ++s)
        for (unsigned h = 0; h <= T.hmask; ++h)
            rcap = std::min(rcap, T.N - pc(h) + int(T.minrem[0][size_t(h) * (T.SC + 1) + std::min(s, T.SC)]));
    int rmin = 0;
    std::vector<u128> res;
    std::vector<uint64_t> hist;
    std::vector<size_t> hint;
    while (left > 0) {
        solver_status st = dp_pass(T, rmin, rcap, open, sv, res, hint);
        if (st != SOLVER_OK) return st;
        for (int s = s_lo; s <= s_hi; ++s) {
            if (!open[s]) continue;
            for (int R = rmin; R <= rcap; ++R)
                if (res[size_t(R) * W + s] != 0) {
                    out[where[s]].r = R;
                    out[where[s]].count = res[size_t(R) * W + s];
                    open[s] = false;
                    --left;
                    break;
                }
        }
        // Unreachable from rcap on: no set of exactly rcap removals keeps >= S squares, even
        // without the dangling rule (monotone in R: put sticks back).
        for (int s = s_hi; s >= s_lo && left > 0; --s) {
            if (!open[s]) continue;
            if (kept[rcap] >= s) break;  // the greedy set already keeps >= s
            std::vector<bool> atleast(W, false);
            for (int a = s; a <= T.total; ++a) atleast[a] = true;
            st = run_pass(T, rcap, atleast, true, sv, hist);
            if (st != SOLVER_OK) return st;
            bool any = false;
            for (int a = s; a <= T.total; ++a) any = any || hist[a] > 0;
            if (any) break;  // then every smaller S is still possible too
            open[s] = false;
            --left;
        }
        if (left == 0 || rcap >= sticks) break;
        rmin = rcap + 1;
        rcap = rcap + 1;
    }
    return SOLVER_OK;
}

}  // namespace matchsticks
