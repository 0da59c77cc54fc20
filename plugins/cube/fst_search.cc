// The optimal search over the flip-slice-twist table (tables=fst): parallel IDA* like
// solve_optimal, with a node made of coordinates instead of cubie locations.
//
// A node holds, for each of the three axes (the cube, and the cube conjugated by the URF-DBL
// turn once and twice), flip, sorted slice and twist (three move-table lookups per axis and
// move) plus that axis's exact flip-slice-twist distance, and the eight corner locations for
// the corner table. A node's children are evaluated in three passes so the memory latency of
// the big tables overlaps: compute every child's coordinates and prefetch their symmetry-class
// entries and corner-table bytes; then compute every table index and prefetch it; then read.
// h = max(corner distance, the three axis distances); since every part is 0 only when its
// pieces are solved, h = 0 means solved, so the last level needs no separate goal test.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>

#include "optimal.h"
#include "twophase.h"

namespace cube {

namespace {

struct FNode {
    uint16_t fl[3], sl[3], tw[3];
    uint8_t d[3];
    uint8_t cl[8];
};

struct Div3 {
    uint8_t q[24], r[24], pop[256];
    constexpr Div3() : q(), r(), pop() {
        for (int i = 0; i < 24; ++i) q[i] = uint8_t(i / 3), r[i] = uint8_t(i % 3);
        for (int i = 0; i < 256; ++i) pop[i] = uint8_t((i & 1) + pop[i >> 1]);
    }
};
constexpr Div3 D3{};

// The corner table's index (Pattern c01234567: rank of the positions x twists of corners 0..6).
inline uint64_t corner_index(const uint8_t *l) {
    uint32_t used = 0;
    uint64_t rank = 0, ori = 0;
    for (int t = 0; t < 8; ++t) {
        const int pos = D3.q[l[t]];
        rank = rank * uint64_t(8 - t) + uint64_t(pos - D3.pop[used & ((1u << pos) - 1)]);
        used |= 1u << pos;
        if (t < 7) ori = ori * 3 + D3.r[l[t]];
    }
    return rank * 2187 + ori;
}

inline bool corners_solved(const uint8_t *l) {
    for (int i = 0; i < 8; ++i)
        if (l[i] != i * 3) return false;
    return true;
}

inline bool redundant(int prev, int m) {
    if (prev < 0) return false;
    const int pf = prev / 3, f = m / 3;
    return f == pf || f + 3 == pf;
}

struct Ctx {
    const Coords *co;
    const FstTable *fst;
    const Pdb *corners;
    int axis_move[3][NMOVES];
    const solver_services *sv;
    std::atomic<bool> found{false};
    std::atomic<bool> stopped{false};
    std::atomic<uint64_t> nodes{0}, generated{0};
    std::mutex mu;
    std::vector<int> solution;
};

inline void child_coords(const Ctx &X, const FNode &n, int m, FNode &c) {
    const Coords &co = *X.co;
    for (int a = 0; a < 3; ++a) {
        const int mk = X.axis_move[a][m];
        c.fl[a] = co.flip_move[size_t(n.fl[a]) * NMOVES + mk];
        c.sl[a] = co.slice_move[size_t(n.sl[a]) * NMOVES + mk];
        c.tw[a] = co.twist_move[size_t(n.tw[a]) * NMOVES + mk];
    }
    for (int i = 0; i < 8; ++i) c.cl[i] = corner_move_loc[m][n.cl[i]];
}

// A child's distance from its parent's (pd) and its table value (v = distance mod 3).
inline unsigned step_distance(unsigned pd, unsigned v) {
    static constexpr int8_t delta[3] = {0, 1, -1};
    return unsigned(int(pd) + delta[(v + 3 - pd % 3) % 3]);
}

// Fills c (with its distances) and returns its h; the unpipelined version for prefixes.
unsigned eval_child(const Ctx &X, const FNode &n, int m, FNode &c) {
    child_coords(X, n, m, c);
    unsigned h = X.corners ? X.corners->lookup(corner_index(c.cl)) : corners_solved(c.cl) ? 0 : 1;
    for (int a = 0; a < 3; ++a) {
        c.d[a] = uint8_t(step_distance(n.d[a], X.fst->get(X.fst->index(c.fl[a], c.sl[a], c.tw[a]))));
        if (c.d[a] > h) h = c.d[a];
    }
    return h;
}

struct Worker {
    Ctx *X;
    int path[32];
    uint64_t nodes = 0, generated = 0;

    // Below n (g moves done, togo >= 1 moves left of the bound): true when a solution is in path.
    bool dfs(const FNode &n, int g, int togo) {
        if ((++nodes & 0x3ff) == 0) {
            if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
            if (X->sv && X->sv->should_stop && X->sv->should_stop(X->sv->ctx)) {
                X->stopped = true;
                return false;
            }
        }
        const Coords &co = *X->co;
        const FstTable &fst = *X->fst;
        // Without a corner table (tests) every child reads the same zero byte.
        static const uint8_t zero = 0;
        const uint8_t *cdata = X->corners ? X->corners->data.data() : &zero;
        const bool cmask = X->corners != nullptr;
        const int prev = g > 0 ? path[g - 1] : -1;
        FNode ch[NMOVES];
        int mv[NMOVES];
        uint32_t cls[NMOVES][3];
        uint64_t cidx[NMOVES], idx[NMOVES][3];
        int k = 0;
        for (int m = 0; m < NMOVES; ++m) {
            if (redundant(prev, m)) {
                m += 2;
                continue;
            }
            FNode &c = ch[k];
            child_coords(*X, n, m, c);
            for (int a = 0; a < 3; ++a) {
                cls[k][a] = uint32_t(c.sl[a]) * N_FLIP + c.fl[a];
                __builtin_prefetch(&co.flipslice_class[cls[k][a]]);
            }
            cidx[k] = cmask ? corner_index(c.cl) : 0;
            __builtin_prefetch(&cdata[cidx[k] >> 1]);
            mv[k++] = m;
        }
        generated += uint64_t(k);
        const unsigned lim = unsigned(togo);
        // Children the corner table already prunes need no flip-slice-twist lookups.
        {
            int k2 = 0;
            for (int i = 0; i < k; ++i) {
                if (((cdata[cidx[i] >> 1] >> ((cidx[i] & 1) * 4)) & 0xf) >= lim) continue;
                if (k2 != i) {
                    ch[k2] = ch[i], mv[k2] = mv[i], cidx[k2] = cidx[i];
                    for (int a = 0; a < 3; ++a) cls[k2][a] = cls[i][a];
                }
                ++k2;
            }
            k = k2;
        }
        for (int i = 0; i < k; ++i)
            for (int a = 0; a < 3; ++a) {
                const uint32_t e = co.flipslice_class[cls[i][a]];
                idx[i][a] = uint64_t(e >> 4) * N_TWIST + co.twist_conj[size_t(ch[i].tw[a]) * N_UDSYM + (e & 15)];
                __builtin_prefetch(&fst.data.data()[idx[i][a] >> 2]);
            }
        int keep[NMOVES], nk = 0;
        for (int i = 0; i < k; ++i) {
            bool ok = true;
            for (int a = 0; a < 3 && ok; ++a) {
                const unsigned d = step_distance(n.d[a], fst.get(idx[i][a]));
                ch[i].d[a] = uint8_t(d);
                ok = d < lim;
            }
            if (!ok) continue;
            if (togo == 1) {  // h = 0: solved (without a corner table, when the corners are)
                if (!cmask && !corners_solved(ch[i].cl)) continue;
                path[g] = mv[i];
                return true;
            }
            keep[nk++] = i;
        }
        for (int j = 0; j < nk; ++j) {
            const int i = keep[j];
            path[g] = mv[i];
            if (dfs(ch[i], g + 1, togo - 1)) return true;
            if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
        }
        return false;
    }
};

struct Prefix {
    FNode s;
    int moves[4];
    int len;
};

struct Task {
    Ctx *X;
    const Prefix *pre;
    int bound;
};

void run_task(void *arg, uint32_t) {
    Task *task = static_cast<Task *>(arg);
    Ctx *X = task->X;
    // Relaxed: these flags only make tasks end early; the solution itself is under mu.
    if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return;
    if (X->sv && X->sv->should_stop && X->sv->should_stop(X->sv->ctx)) {
        X->stopped = true;
        return;
    }
    Worker w{X, {}, 0, 0};
    const int g = task->pre->len;
    for (int i = 0; i < g; ++i) w.path[i] = task->pre->moves[i];
    // A prefix as long as the bound passed with h = 0: it is a solution.
    const bool hit = g == task->bound || w.dfs(task->pre->s, g, task->bound - g);
    if (hit) {
        std::lock_guard<std::mutex> lock(X->mu);
        if (!X->found.load()) {
            X->solution.assign(w.path, w.path + task->bound);
            X->found = true;
        }
    }
    X->nodes += w.nodes;
    X->generated += w.generated;
}

void prefixes(const Ctx &X, const FNode &s, int g, int depth, int bound, Prefix &cur, std::vector<Prefix> &out) {
    if (g == depth) {
        out.push_back(cur);
        return;
    }
    const int prev = g > 0 ? cur.moves[g - 1] : -1;
    for (int m = 0; m < NMOVES; ++m) {
        if (redundant(prev, m)) continue;
        Prefix next = cur;
        if (int(eval_child(X, s, m, next.s)) > bound - g - 1) continue;
        next.moves[g] = m;
        next.len = g + 1;
        prefixes(X, next.s, g + 1, depth, bound, next, out);
    }
}

}  // namespace

unsigned fst_bound(const CubieCube &c, const FstTable &fst, unsigned out[3]) {
    unsigned h = 0;
    for (int a = 0; a < 3; ++a) {
        const CubieCube v = a == 0 ? c : urf_conjugate(c, a);
        const int d = fst.exact(get_flip(v), get_slice_sorted(v), get_twist(v));
        out[a] = d < 0 ? 0 : unsigned(d);
        if (out[a] > h) h = out[a];
    }
    return h;
}

OptimalResult solve_optimal_fst(const CubieCube &cube, const Pdb *corners, const FstTable &fst,
                                const solver_services *sv) {
    init_loc_tables();
    OptimalResult res;
    Ctx X;
    X.co = fst.co;
    X.fst = &fst;
    X.corners = corners;
    X.sv = sv;
    for (int m = 0; m < NMOVES; ++m) X.axis_move[0][m] = m;
    // Axis a sees the cube as S^-a c S^a; a turn m becomes S^-a m S^a = conjugation_map(3 - a).
    conjugation_map(2, X.axis_move[1]);
    conjugation_map(1, X.axis_move[2]);
    FNode start;
    for (int a = 0; a < 3; ++a) {
        const CubieCube v = a == 0 ? cube : urf_conjugate(cube, a);
        start.fl[a] = uint16_t(get_flip(v));
        start.sl[a] = uint16_t(get_slice_sorted(v));
        start.tw[a] = uint16_t(get_twist(v));
        const int d = fst.exact(start.fl[a], start.sl[a], start.tw[a]);
        if (d < 0) {
            res.status = SOLVER_ERR_INTERNAL;
            return res;
        }
        start.d[a] = uint8_t(d);
    }
    const Loc l = to_loc(cube);
    for (int i = 0; i < 8; ++i) start.cl[i] = l.l[i];
    unsigned h0 = corners ? corners->lookup(corner_index(start.cl)) : corners_solved(start.cl) ? 0 : 1;
    for (int a = 0; a < 3; ++a) h0 = std::max<unsigned>(h0, start.d[a]);
    if (h0 == 0) return res;
    const bool pool = sv && sv->group_create && sv->group_spawn && sv->group_wait && sv->group_free;
    auto t0 = std::chrono::steady_clock::now();
    for (int bound = int(h0); bound <= 26; ++bound) {
        const int split = bound < 3 ? bound : 3;
        std::vector<Prefix> pre;
        Prefix root{start, {0, 0, 0, 0}, 0};
        prefixes(X, start, 0, split, bound, root, pre);
        std::vector<Task> tasks(pre.size());
        for (size_t i = 0; i < pre.size(); ++i) tasks[i] = Task{&X, &pre[i], bound};
        solver_task_group *grp = pool ? sv->group_create(sv->ctx) : nullptr;
        if (grp) {
            for (auto &t : tasks) sv->group_spawn(sv->ctx, grp, &run_task, &t);
            sv->group_wait(sv->ctx, grp);
            sv->group_free(sv->ctx, grp);
        } else {
            for (auto &t : tasks) run_task(&t, 0);
        }
        if (sv && sv->log) {
            const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            char line[240];
            std::snprintf(line, sizeof line,
                          "cube: depth %d done, %llu nodes expanded, %llu generated so far, %.2f s (%.2f M generated/s)",
                          bound, (unsigned long long)X.nodes.load(), (unsigned long long)X.generated.load(), secs,
                          secs > 0 ? double(X.generated.load()) / secs / 1e6 : 0.0);
            sv->log(sv->ctx, SOLVER_LOG_DEBUG, line);
        }
        if (X.found) {
            res.moves = X.solution;
            break;
        }
        if (X.stopped) {
            res.status = SOLVER_ERR_STOPPED;
            break;
        }
    }
    res.nodes = X.nodes;
    return res;
}

}  // namespace cube
