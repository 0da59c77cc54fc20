// ida_engine: parallel iterative-deepening A* (IDA*, Korf 1985), engine `ida`.
//
// Iterations on a bound over f = g + h, starting at h(root). Each iteration:
//  1. split: the main thread expands the root breadth-first (children with f > bound cut)
//     until a layer holds at least 128 * threads nodes (or the tree ends), keeping the nodes in
//     a small seed tree (state, parent, move, g);
//  2. search: one task per frontier node (executor parallel_for, grain 1, so work stealing
//     balances uneven subtrees) runs a depth-first search below it with the same bound.
// A goal is tested at generation. The next bound is the minimum f that exceeded the bound over
// all tasks (per-task minimum, then an atomic min). No visited table: memory is O(depth *
// branching) per worker. The only duplicate check is the immediate parent: a child whose bytes
// equal the state we came from (the grandparent of the child) is skipped (counted in
// duplicates). Children the plugin reports dead, or with g beyond the instance's max_cost (ABI
// 1.1), are dropped (counted in pruned).
//
// Optimality: when the heuristic is admissible, iteration `bound` runs only after every node
// with f <= previous bound was searched without a goal, so the optimum C* >= bound, and any goal
// found in this iteration has cost g = f <= bound: every goal found costs exactly `bound` and is
// optimal. The first task to find one stops the others (its path is taken from its DFS stack
// plus the seed tree); no need to finish the iteration. Weight is ignored (always f = g + h);
// an inadmissible h gives a valid, possibly longer answer.
// Unsolvable is proven only when an iteration cuts nothing (a finite space is exhausted); in a
// cyclic space without a solution IDA* deepens until the time limit (outcome limit).
// Stops on search_control (polled per expansion) with outcome limit.
// The DFS recurses once per level of depth (a few hundred bytes of stack each).
#include "engines/engine.h"
#include "engines/engine_support.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>

namespace solver {
namespace {

constexpr std::uint64_t infinite = UINT64_MAX;

void atomic_min(std::atomic<std::uint64_t>& a, std::uint64_t v) {
    std::uint64_t cur = a.load(std::memory_order_relaxed);
    // relaxed: the value is read only after parallel_for returns (its join orders the writes).
    while (v < cur && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
    }
}

class ida_engine final : public engine {
public:
    const char* name() const override { return "ida"; }

    search_result run(problem& p, const engine_options& opts) override {
        const unsigned T = opts.exec->concurrency();
        n_ = p.state_size();
        search_control& control = *opts.control;
        p.prepare_workers(*opts.exec);
        search_result res;
        idle_meter idle(*opts.exec);
        std::vector<engine_counters> counters(T);
        std::uint64_t peak_bytes = 0;
        auto finish = [&](search_outcome o) {
            res.outcome = o;
            sum_counters(counters, res.stats);
            idle.add_to(res.stats);
            res.stats.search_memory_bytes = peak_bytes;
            return res;
        };

        std::vector<std::uint8_t> root(n_);
        p.initial(0, root.data());
        const std::uint32_t h0 = p.heuristic(0, root.data());
        if (h0 == SOLVER_H_DEAD) return finish(search_outcome::unsolvable);
        const std::uint64_t max_cost = p.max_cost();
        if (p.is_goal(root.data())) {
            res.path_states = root;
            return finish(search_outcome::solved);
        }

        std::vector<worker> workers(T);
        for (auto& wk : workers) wk.n = n_;
        std::uint64_t bound = h0;
        const std::size_t target = 128 * std::size_t(T);
        auto last_progress = std::chrono::steady_clock::now();

        while (true) {
            if (control.should_stop()) return finish(search_outcome::limit);
            // ---- 1. split: breadth-first seed tree below the root ----
            seeds_.clear();
            seed_states_.clear();
            add_seed(root.data(), no_seed, 0, 0);
            std::vector<std::uint64_t> layer{0}, next;
            std::uint64_t next_bound = infinite;
            std::uint64_t goal_seed = no_seed;
            engine_counters& c0 = counters[0];
            while (goal_seed == no_seed && !layer.empty() && layer.size() < target) {
                next.clear();
                for (std::uint64_t s : layer) {
                    if (goal_seed != no_seed) break;
                    const std::uint64_t g = seeds_[s].g;
                    const std::uint64_t parent = seeds_[s].parent;
                    std::vector<std::uint8_t> cur(seed_state(s), seed_state(s) + n_);  // the arena may grow
                    std::vector<std::uint8_t> par;
                    if (parent != no_seed) par.assign(seed_state(parent), seed_state(parent) + n_);
                    ++c0.expanded;
                    p.expand(0, cur.data(), [&](const void* child, std::uint32_t move, std::uint32_t cost,
                                                std::uint32_t h, std::uint64_t) {
                        ++c0.generated;
                        if (h == SOLVER_H_DEAD) {
                            ++c0.pruned;
                            return true;
                        }
                        if (!par.empty() && std::memcmp(child, par.data(), n_) == 0) {
                            ++c0.duplicates;
                            return true;
                        }
                        const std::uint64_t cg = g + cost, f = cg + h;
                        if (cg > max_cost) {
                            ++c0.pruned;
                            return true;
                        }
                        if (f > bound) {
                            next_bound = std::min(next_bound, f);
                            return true;
                        }
                        const std::uint64_t id = add_seed(child, s, move, cg);
                        if (p.is_goal(child)) {
                            goal_seed = id;
                            return false;
                        }
                        next.push_back(id);
                        return true;
                    });
                }
                layer.swap(next);
            }
            peak_bytes = std::max<std::uint64_t>(peak_bytes, seed_states_.capacity() + seeds_.capacity() * sizeof(seed));
            if (goal_seed != no_seed) {
                seed_path(goal_seed, res.path_states, res.moves);
                res.cost = seeds_[goal_seed].g;
                return finish(search_outcome::solved);
            }

            // ---- 2. search: one depth-first task per frontier node ----
            std::atomic<std::uint64_t> task_min{next_bound};
            std::atomic<bool> stop{false};
            std::mutex goal_mutex;
            bool found = false;
            ex_run(*opts.exec, layer, [&](std::uint64_t s, unsigned w) {
                if (stop.load(std::memory_order_relaxed)) return;
                worker& wk = workers[w];
                wk.p = &p;
                wk.id = w;
                wk.bound = bound;
                wk.max_cost = p.max_cost();
                wk.stop = &stop;
                wk.control = &control;
                wk.c = &counters[w];
                wk.local_min = infinite;
                wk.path_states.clear();
                wk.path_moves.clear();
                wk.progress = (w == 0 && opts.progress) ? &opts.progress : nullptr;
                wk.last_progress = &last_progress;
                const std::uint64_t parent = seeds_[s].parent;
                const bool goal = wk.dfs(seed_state(s), parent == no_seed ? nullptr : seed_state(parent),
                                         seeds_[s].g, 0);
                atomic_min(task_min, wk.local_min);
                if (goal) {
                    std::lock_guard<std::mutex> lock(goal_mutex);
                    if (!found) {
                        found = true;
                        seed_path(s, res.path_states, res.moves);
                        for (std::size_t k = 0; k < wk.path_moves.size(); ++k) {
                            res.path_states.insert(res.path_states.end(), wk.path_states[k], wk.path_states[k] + n_);
                            res.moves.push_back(wk.path_moves[k]);
                        }
                        res.cost = wk.goal_g;
                    }
                    stop.store(true, std::memory_order_relaxed);
                }
            });
            for (const auto& wk : workers) peak_bytes = std::max(peak_bytes, wk.memory_bytes());
            if (found) return finish(search_outcome::solved);
            if (control.reason() != stop_reason::none) return finish(search_outcome::limit);
            const std::uint64_t nb = task_min.load();
            if (nb == infinite) return finish(search_outcome::unsolvable);
            bound = nb;
        }
    }

private:
    static constexpr std::uint64_t no_seed = UINT64_MAX;
    struct seed {
        std::uint64_t parent;
        std::uint32_t move;
        std::uint64_t g;
    };
    struct kid {
        std::uint32_t move, cost;
    };

    // Per-worker depth-first searcher, reused by every task that runs on that worker id.
    struct worker {
        std::uint32_t n = 0;
        problem* p = nullptr;
        unsigned id = 0;
        std::uint64_t bound = 0, local_min = infinite, goal_g = 0, max_cost = infinite;
        std::atomic<bool>* stop = nullptr;
        search_control* control = nullptr;
        engine_counters* c = nullptr;
        const std::function<void(const progress_info&)>* progress = nullptr;
        std::chrono::steady_clock::time_point* last_progress = nullptr;
        // Children of the node at each depth (bytes and moves); pointers into depth d stay
        // valid while deeper levels are searched.
        std::vector<std::vector<std::uint8_t>> kid_states;
        std::vector<std::vector<kid>> kids;
        std::vector<const std::uint8_t*> path_states;  // below the task's root
        std::vector<std::uint32_t> path_moves;

        std::uint64_t memory_bytes() const {
            std::uint64_t b = 0;
            for (const auto& v : kid_states) b += v.capacity();
            for (const auto& v : kids) b += v.capacity() * sizeof(kid);
            return b;
        }

        // Searches below `state` (reached with cost g); true when a goal was found, with its
        // path in path_states/path_moves and its cost in goal_g.
        bool dfs(const std::uint8_t* state, const std::uint8_t* parent, std::uint64_t g, std::size_t depth) {
            if (stop->load(std::memory_order_relaxed)) return false;
            if (control->should_stop()) {
                stop->store(true, std::memory_order_relaxed);
                return false;
            }
            if (kid_states.size() <= depth) {
                kid_states.resize(depth + 1);
                kids.resize(depth + 1);
            }
            std::vector<std::uint8_t>& ks = kid_states[depth];
            std::vector<kid>& km = kids[depth];
            ks.clear();
            km.clear();
            ++c->expanded;
            if (progress && (c->expanded & 4095) == 0) {
                auto now = std::chrono::steady_clock::now();
                if (now - *last_progress > std::chrono::milliseconds(250)) {
                    *last_progress = now;
                    (*progress)({c->expanded, 0, 0, double(bound), control->elapsed_seconds()});
                }
            }
            p->expand(id, state, [&](const void* child, std::uint32_t move, std::uint32_t cost, std::uint32_t h,
                                     std::uint64_t) {
                ++c->generated;
                if (h == SOLVER_H_DEAD) {
                    ++c->pruned;
                    return true;
                }
                if (parent && std::memcmp(child, parent, n) == 0) {
                    ++c->duplicates;
                    return true;
                }
                const std::uint64_t f = g + cost + h;
                if (g + cost > max_cost) {  // beyond the domain's cost limit (ABI 1.1 max_cost)
                    ++c->pruned;
                    return true;
                }
                if (f > bound) {
                    local_min = std::min(local_min, f);
                    return true;
                }
                const auto* b = static_cast<const std::uint8_t*>(child);
                ks.insert(ks.end(), b, b + n);
                km.push_back({move, cost});
                return true;
            });
            // Index the per-depth vectors afresh: deeper calls may grow the outer vectors (the
            // inner buffers, and so the child pointers, do not move).
            for (std::size_t k = 0; k < kids[depth].size(); ++k) {
                const std::uint8_t* child = kid_states[depth].data() + k * n;
                const kid kk = kids[depth][k];
                path_states.push_back(child);
                path_moves.push_back(kk.move);
                if (p->is_goal(child)) {
                    goal_g = g + kk.cost;
                    return true;
                }
                if (dfs(child, state, g + kk.cost, depth + 1)) return true;
                path_states.pop_back();
                path_moves.pop_back();
                if (stop->load(std::memory_order_relaxed)) return false;
            }
            return false;
        }
    };

    std::uint64_t add_seed(const void* state, std::uint64_t parent, std::uint32_t move, std::uint64_t g) {
        seeds_.push_back({parent, move, g});
        const auto* b = static_cast<const std::uint8_t*>(state);
        seed_states_.insert(seed_states_.end(), b, b + n_);
        return seeds_.size() - 1;
    }
    const std::uint8_t* seed_state(std::uint64_t s) const { return seed_states_.data() + s * n_; }
    void seed_path(std::uint64_t s, std::vector<std::uint8_t>& states, std::vector<std::uint32_t>& moves) const {
        std::vector<std::uint64_t> chain;
        for (std::uint64_t v = s; v != no_seed; v = seeds_[v].parent) chain.push_back(v);
        states.clear();
        moves.clear();
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            states.insert(states.end(), seed_state(*it), seed_state(*it) + n_);
            if (it != chain.rbegin()) moves.push_back(seeds_[*it].move);
        }
    }
    template <class F>
    static void ex_run(executor& ex, const std::vector<std::uint64_t>& items, F&& body) {
        ex.parallel_for(0, items.size(), 1, [&](std::uint64_t b, std::uint64_t e, unsigned w) {
            for (std::uint64_t i = b; i < e; ++i) body(items[i], w);
        });
    }

    std::uint32_t n_ = 0;
    std::vector<seed> seeds_;
    std::vector<std::uint8_t> seed_states_;
};

}  // namespace

std::unique_ptr<engine> make_ida_engine() { return std::make_unique<ida_engine>(); }

}  // namespace solver
