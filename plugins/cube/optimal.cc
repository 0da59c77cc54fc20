#include "optimal.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>

namespace cube {

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

struct Prefix {
    Loc s;
    int moves[4];
    int len;
};

struct Worker {
    Shared *sh;
    const Pdb *t[4];
    int nt;
    int path[32];
    uint64_t nodes = 0;

    unsigned h(const Loc &s) const {
        unsigned r = 0;
        for (int i = 0; i < nt; ++i) {
            unsigned v = t[i]->lookup(s);
            if (v > r) r = v;
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
    bool dfs(const Loc &s, int g, int togo) {
        if (togo == 0) return solved(s);
        if ((++nodes & 0xffff) == 0) {
            if (sh->found.load(std::memory_order_relaxed) || sh->stopped.load(std::memory_order_relaxed)) return false;
            if (sh->sv && sh->sv->should_stop && sh->sv->should_stop(sh->sv->ctx)) {
                sh->stopped = true;
                return false;
            }
        }
        const int prev = g > 0 ? path[g - 1] : -1;
        Loc c;
        for (int m = 0; m < NMOVES; ++m) {
            if (redundant(prev, m)) {
                m += 2;
                continue;
            }
            loc_apply(s, m, c);
            if (int(h(c)) >= togo) continue;
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

void run_task(void *arg, uint32_t) {
    Task *task = static_cast<Task *>(arg);
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
void prefixes(const Loc &s, int g, int depth, int bound, Prefix &cur, const Worker &w, std::vector<Prefix> &out) {
    if (g == depth) {
        out.push_back(cur);
        return;
    }
    const int prev = g > 0 ? cur.moves[g - 1] : -1;
    for (int m = 0; m < NMOVES; ++m) {
        if (redundant(prev, m)) continue;
        Prefix next = cur;
        loc_apply(s, m, next.s);
        if (int(w.h(next.s)) > bound - g - 1) continue;
        next.moves[g] = m;
        next.len = g + 1;
        prefixes(next.s, g + 1, depth, bound, next, w, out);
    }
}

}  // namespace

OptimalResult solve_optimal(const CubieCube &cube, const std::vector<std::shared_ptr<const Pdb>> &tables,
                            const solver_services *sv) {
    init_loc_tables();
    OptimalResult res;
    const Loc start = to_loc(cube);
    Shared sh;
    sh.tables = &tables;
    sh.sv = sv;
    Worker probe{&sh, {}, 0, {}, 0};
    for (auto &t : tables) probe.t[probe.nt++] = t.get();
    if (Worker::solved(start)) return res;
    const bool pool = sv && sv->group_create && sv->group_spawn && sv->group_wait && sv->group_free;
    auto t0 = std::chrono::steady_clock::now();
    for (int bound = int(probe.h(start)); bound <= 26; ++bound) {
        const int split = bound < 3 ? bound : 3;
        std::vector<Prefix> pre;
        Prefix root{start, {0, 0, 0, 0}, 0};
        prefixes(start, 0, split, bound, root, probe, pre);
        std::vector<Task> tasks(pre.size());
        for (size_t i = 0; i < pre.size(); ++i) tasks[i] = Task{&sh, &pre[i], bound};
        solver_task_group *grp = pool ? sv->group_create(sv->ctx) : nullptr;
        if (grp) {
            for (auto &t : tasks) sv->group_spawn(sv->ctx, grp, &run_task, &t);
            sv->group_wait(sv->ctx, grp);
            sv->group_free(sv->ctx, grp);
        } else {
            for (auto &t : tasks) run_task(&t, 0);
        }
        if (sv && sv->log) {
            char line[200];
            std::snprintf(line, sizeof line, "cube: depth %d done, %llu nodes so far, %.2f s", bound,
                          (unsigned long long)sh.nodes.load(),
                          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            sv->log(sv->ctx, SOLVER_LOG_DEBUG, line);
        }
        if (sh.found) {
            res.moves = sh.solution;
            break;
        }
        if (sh.stopped) {
            res.status = SOLVER_ERR_STOPPED;
            break;
        }
    }
    res.nodes = sh.nodes;
    return res;
}

}  // namespace cube
