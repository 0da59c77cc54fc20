#include "optimal.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <sys/resource.h>

#include "symred.h"
#include "twophase.h"

namespace cube {

namespace {
struct BoundTask {
    BoundLoop *loop;
    size_t i;
    static void run(void *arg, uint32_t) {
        const BoundTask *t = static_cast<const BoundTask *>(arg);
        t->loop->run_task(t->i);
    }
};
}  // namespace

solver_status run_bounds(BoundLoop &loop, int h0, const solver_services *sv) {
    const bool pool = sv && sv->group_create && sv->group_spawn && sv->group_wait && sv->group_free;
    const auto t0 = std::chrono::steady_clock::now();
    for (int bound = h0; bound <= 26; ++bound) {
        std::vector<BoundTask> tasks(loop.make_tasks(bound));
        for (size_t i = 0; i < tasks.size(); ++i) tasks[i] = BoundTask{&loop, i};
        solver_task_group *grp = pool ? sv->group_create(sv->ctx) : nullptr;
        if (grp) {
            for (auto &t : tasks) sv->group_spawn(sv->ctx, grp, &BoundTask::run, &t);
            sv->group_wait(sv->ctx, grp);
            sv->group_free(sv->ctx, grp);
        } else {
            for (auto &t : tasks) BoundTask::run(&t, 0);
        }
        if (sv && sv->log) {
            char line[240];
            loop.log_line(bound, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), line,
                          sizeof line);
            sv->log(sv->ctx, SOLVER_LOG_DEBUG, line);
        }
        if (loop.found()) return SOLVER_OK;
        if (loop.stopped()) return SOLVER_ERR_STOPPED;
    }
    return SOLVER_OK;
}

unsigned pdb_bound(const Loc &s, const std::vector<std::shared_ptr<const Pdb>> &tables) {
    unsigned h = 0;
    for (auto &t : tables) {
        unsigned v = t->lookup(s);
        if (v > h) h = v;
    }
    return h;
}

namespace {

inline bool redundant(int prev, int m) {
    if (prev < 0) return false;
    int pf = prev / 3, f = m / 3;
    return f == pf || f + 3 == pf;
}

struct Shared {
    const std::vector<std::shared_ptr<const Pdb>> *tables;
    const solver_services *sv;
    std::atomic<bool> found{false};
    std::atomic<bool> stopped{false};
    std::atomic<uint64_t> nodes{0};
    std::mutex mu;
    std::vector<int> solution;
};

// A search node: the cube in location form, plus the edges of the same position seen along
// the two other axes (S^-k c S^k, S = 120-degree turn about URF-DBL). Conjugation keeps the
// distance to solved, so every edge table looked up on those edges is another admissible bound
// -- in effect three times as many edge tables for the memory of one set.
struct Node {
    Loc a;
    uint8_t e[2][12];
};

int conj_move[2][NMOVES];  // the face turn applied to axis k+1 for a turn m of the cube

Node make_node(const CubieCube &c) {
    Node n;
    n.a = to_loc(c);
    for (int k = 0; k < 2; ++k) {
        Loc l = to_loc(urf_conjugate(c, k + 1));
        std::memcpy(n.e[k], l.l + 8, 12);
    }
    return n;
}

inline void node_apply(const Node &s, int m, Node &out) {
    loc_apply(s.a, m, out.a);
    for (int k = 0; k < 2; ++k) {
        const uint8_t *mv = edge_move_loc[conj_move[k][m]];
        for (int i = 0; i < 12; ++i) out.e[k][i] = mv[s.e[k][i]];
    }
}

struct Prefix {
    Node s;
    int moves[5];
    int len;
};

struct Worker {
    Shared *sh;
    const Pdb *t[4];
    int nt;
    int path[32];
    uint64_t nodes = 0;

    // max over the tables, stopping early once a bound reaches `enough`.
    unsigned h(const Node &s, unsigned enough = 255) const {
        uint64_t idx[12];
        const Pdb *tab[12];
        int n = 0;
        uint8_t il[12];
        for (int i = 0; i < nt; ++i) {
            const Pattern &p = t[i]->pattern;
            const size_t k = p.items.size();
            if (p.corners) {
                for (size_t j = 0; j < k; ++j) il[j] = s.a.l[p.items[j]];
                tab[n] = t[i], idx[n++] = p.encode_items(il);
            } else {
                for (int ax = 0; ax < 3; ++ax) {
                    const uint8_t *e = ax == 0 ? s.a.l + 8 : s.e[ax - 1];
                    for (size_t j = 0; j < k; ++j) il[j] = e[p.items[j]];
                    tab[n] = t[i], idx[n++] = p.encode_items(il);
                }
            }
        }
        for (int i = 0; i < n; ++i) __builtin_prefetch(&tab[i]->data[idx[i] >> 1]);
        unsigned r = 0;
        for (int i = 0; i < n; ++i) {
            unsigned v = tab[i]->lookup(idx[i]);
            if (v > r) {
                r = v;
                if (r >= enough) break;
            }
        }
        return r;
    }
    static bool solved(const Loc &s) {
        for (int i = 0; i < 8; ++i)
            if (s.l[i] != i * 3) return false;
        for (int i = 0; i < 12; ++i)
            if (s.l[8 + i] != i * 2) return false;
        return true;
    }
    // Depth-first search below s (g moves done, togo moves left of the bound).
    bool dfs(const Node &s, int g, int togo) {
        if (togo == 0) return solved(s.a);
        if ((++nodes & 0xfff) == 0) {
            if (sh->found.load(std::memory_order_relaxed) || sh->stopped.load(std::memory_order_relaxed)) return false;
            if (sh->sv && sh->sv->should_stop && sh->sv->should_stop(sh->sv->ctx)) {
                sh->stopped = true;
                return false;
            }
        }
        const int prev = g > 0 ? path[g - 1] : -1;
        Node c;
        for (int m = 0; m < NMOVES; ++m) {
            if (redundant(prev, m)) {
                m += 2;
                continue;
            }
            node_apply(s, m, c);
            if (int(h(c, unsigned(togo))) >= togo) continue;
            path[g] = m;
            if (dfs(c, g + 1, togo - 1)) return true;
            if (sh->found.load(std::memory_order_relaxed) || sh->stopped.load(std::memory_order_relaxed)) return false;
        }
        return false;
    }
};

struct Task {
    Shared *sh;
    const Prefix *pre;
    int bound;
};

void run_task(Task *task) {
    Shared *sh = task->sh;
    if (sh->found.load() || sh->stopped.load()) return;
    // Poll at every task too: below the split most subtrees are smaller than the node interval.
    if (sh->sv && sh->sv->should_stop && sh->sv->should_stop(sh->sv->ctx)) {
        sh->stopped = true;
        return;
    }
    Worker w{sh, {}, 0, {}, 0};
    for (auto &t : *sh->tables) w.t[w.nt++] = t.get();
    for (int i = 0; i < task->pre->len; ++i) w.path[i] = task->pre->moves[i];
    const int g = task->pre->len;
    if (w.dfs(task->pre->s, g, task->bound - g)) {
        std::lock_guard<std::mutex> lock(sh->mu);
        if (!sh->found.load()) {
            sh->solution.assign(w.path, w.path + task->bound);
            sh->found = true;
        }
    }
    sh->nodes += w.nodes;
}

// Every canonical prefix of `depth` moves whose children are not pruned at this bound.
// With a symmetric start, only the prefixes symred_keep keeps (sym null or trivial: all).
void prefixes(const Node &s, int g, int depth, int bound, Prefix &cur, const Worker &w, std::vector<Prefix> &out,
              const StartSymmetry *sym) {
    if (sym && g >= 2 && !symred_keep(*sym, cur.moves, g)) return;  // as in the fst search's prefixes
    if (g == depth) {
        out.push_back(cur);
        return;
    }
    const int prev = g > 0 ? cur.moves[g - 1] : -1;
    for (int m = 0; m < NMOVES; ++m) {
        if (redundant(prev, m)) continue;
        Prefix next = cur;
        node_apply(s, m, next.s);
        if (int(w.h(next.s)) > bound - g - 1) continue;
        next.moves[g] = m;
        next.len = g + 1;
        prefixes(next.s, g + 1, depth, bound, next, w, out, sym);
    }
}

}  // namespace

OptimalResult solve_optimal(const CubieCube &cube, const std::vector<std::shared_ptr<const Pdb>> &tables,
                            const solver_services *sv, bool symred) {
    init_loc_tables();
    OptimalResult res;
    static std::once_flag once;
    std::call_once(once, [] {
        // Axis k+1 sees the cube as S^-(k+1) c S^(k+1); a turn m becomes S^-(k+1) m S^(k+1),
        // which conjugation_map(j) gives as S^j m S^-j with j = 2 - k (S^3 = identity).
        conjugation_map(2, conj_move[0]);
        conjugation_map(1, conj_move[1]);
    });
    const Node start = make_node(cube);
    Shared sh;
    sh.tables = &tables;
    sh.sv = sv;
    Worker probe{&sh, {}, 0, {}, 0};
    for (auto &t : tables) probe.t[probe.nt++] = t.get();
    if (Worker::solved(start.a)) return res;
    const StartSymmetry sym = symred ? start_symmetry(cube) : StartSymmetry();
    struct Loop : BoundLoop {
        Shared &sh;
        const Node &start;
        const Worker &probe;
        const StartSymmetry &sym;
        std::vector<Prefix> pre;
        std::vector<Task> tasks;
        Loop(Shared &s, const Node &st, const Worker &p, const StartSymmetry &g) : sh(s), start(st), probe(p), sym(g) {}
        size_t make_tasks(int bound) override {
            pre.clear();
            Prefix root{start, {0, 0, 0, 0, 0}, 0};
            const int depth = sym.order() > 1 ? symred_prefix_depth(sym) : 3;  // as in the fst search
            prefixes(start, 0, bound < depth ? bound : depth, bound, root, probe, pre, &sym);
            tasks.resize(pre.size());
            for (size_t i = 0; i < pre.size(); ++i) tasks[i] = Task{&sh, &pre[i], bound};
            return tasks.size();
        }
        void run_task(size_t i) override { cube::run_task(&tasks[i]); }
        bool found() const override { return sh.found; }
        bool stopped() const override { return sh.stopped; }
        void log_line(int bound, double secs, char *buf, size_t n) const override {
            std::snprintf(buf, n, "cube: depth %d done, %llu nodes so far, %.2f s", bound,
                          (unsigned long long)sh.nodes.load(), secs);
        }
    } loop(sh, start, probe, sym);
    res.status = run_bounds(loop, int(probe.h(start)), sv);
    if (sh.found) res.moves = sh.solution, res.status = SOLVER_OK;
    res.nodes = sh.nodes;
    return res;
}

double process_cpu_seconds() {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1e-6 * double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

void count_log_line(char *buf, size_t n, int bound, uint64_t nodes, uint64_t generated, double secs, double cpu0) {
    std::snprintf(buf, n,
                  "cube: depth %d done, %llu nodes expanded, %llu generated so far, %.2f s (%.2f M generated/s), %.2f s CPU",
                  bound, (unsigned long long)nodes, (unsigned long long)generated, secs,
                  secs > 0 ? double(generated) / secs / 1e6 : 0.0, process_cpu_seconds() - cpu0);
}

}  // namespace cube
