// engine_support: small helpers shared by the astar, hda, ida, bfs and count engines.
//
// Contract: header-only, no state. idle_meter reads the executor's per-worker counters
// (make_executor.h executor_stats; empty for executors that keep none, then idle stays 0) at
// construction and adds the difference to search_stats::threads in add_to(); call both on the
// main thread while the executor is quiescent. rebuild_path() and best_first_outcome() read a
// visited_table after the search's join (no writer running); insert_root() runs on the main
// thread before the workers start. The idle vote of the hda and
// parallel astar workers is termination_detector.h.
#pragma once

#include "engines/engine.h"
#include "sched/make_executor.h"
#include "visited/visited_table.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <cstdint>
#include <cstring>
#include <exception>
#include <vector>

namespace solver {

class idle_meter {
public:
    explicit idle_meter(const executor& ex) : ex_(ex), before_(executor_stats(ex)) {}
    void add_to(search_stats& s) const {
        const std::vector<worker_stats> after = executor_stats(ex_);
        if (s.threads.size() < after.size()) s.threads.resize(after.size());
        for (std::size_t w = 0; w < after.size(); ++w) {
            const std::uint64_t b = w < before_.size() ? before_[w].idle_ns : 0;
            if (after[w].idle_ns >= b) s.threads[w].idle_seconds += double(after[w].idle_ns - b) * 1e-9;
        }
    }

private:
    const executor& ex_;
    std::vector<worker_stats> before_;
};

// The path root..node through the table's parent links, as states and moves. Table:
// visited_table or bloom_visited (node_arena.h).
template <class Table>
void rebuild_path(const Table& table, std::uint64_t node, std::vector<std::uint8_t>& states,
                         std::vector<std::uint32_t>& moves) {
    std::vector<std::uint64_t> chain;
    for (std::uint64_t v = node; v != visited_table::root_parent; v = table.parent(v)) {
        chain.push_back(v);
        // Parent chains are acyclic (a parent is set only with a strictly lower g); this turns a
        // broken invariant into an error instead of a hang.
        if (chain.size() > table.size() + 1) throw plugin_call_error("internal error: cycle in the parent chain");
    }
    const std::uint32_t n = table.state_size();
    states.clear();
    moves.clear();
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        states.insert(states.end(), table.state(*it), table.state(*it) + n);
        if (it != chain.rbegin()) moves.push_back(table.move(*it));
    }
}

// The root of a parallel best-first search (hda, parallel astar), set up on the main thread
// before the workers start: its state, estimate and hash, and its node once inserted into the
// table. `ends` when the search ends at the root, with `outcome`: unsolvable (the root is dead),
// limit (the table is full; a memory stop is requested) or solved (the root is a goal; its
// path in `res`).
struct best_first_root {
    std::vector<std::uint8_t> state;
    std::uint32_t h = 0;
    std::uint64_t hash = 0;
    std::uint64_t node = 0;
    bool ends = false;
    search_outcome outcome = search_outcome::unsolvable;
};

template <class Table>
best_first_root insert_root(problem& p, Table& table, search_control& control, search_result& res) {
    best_first_root r;
    r.state.resize(p.state_size());
    p.initial(0, r.state.data());
    r.h = p.heuristic(0, r.state.data());
    r.ends = true;
    if (r.h == SOLVER_H_DEAD) return r;
    r.hash = p.hash(r.state.data());
    auto inserted = table.insert(0, r.state.data(), r.hash, 0, visited_table::root_parent, 0);
    if (inserted.result == visited_table::outcome::full) {
        control.request_stop(stop_reason::memory_limit);
        r.outcome = search_outcome::limit;
        return r;
    }
    r.node = inserted.node;
    if (p.is_goal(r.state.data())) {
        rebuild_path(table, r.node, res.path_states, res.moves);
        r.outcome = search_outcome::solved;
        return r;
    }
    r.ends = false;
    return r;
}

// Per-worker counters, padded so workers do not share cache lines.
struct alignas(64) engine_counters {
    std::uint64_t expanded = 0, generated = 0, duplicates = 0, pruned = 0, reopened = 0;
    std::uint64_t pops = 0, rank_samples = 0, rank_sum = 0, rank_max = 0;  // rank-error sampling
    double idle = 0;
};

// The best solution a best-first engine has found, shared by its workers. Goals are rare, so
// the (cost, node) pair is updated under a mutex and is always consistent; cost() mirrors the
// cost for the hot pruning tests, read relaxed: a stale (larger) value only prunes less.
class incumbent {
public:
    void offer(std::uint64_t node, std::uint64_t cost) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (cost < cost_.load(std::memory_order_relaxed)) {
            node_ = node;
            cost_.store(cost, std::memory_order_relaxed);
        }
    }
    std::uint64_t cost() const { return cost_.load(std::memory_order_relaxed); }
    // Read after the workers' join (which orders every offer before it).
    std::uint64_t node() const { return node_; }

private:
    std::mutex mutex_;
    std::uint64_t node_ = visited_table::no_node;
    std::atomic<std::uint64_t> cost_{UINT64_MAX};
};

// What the workers of a best-first engine (astar, hda) share while they admit children.
// Table: visited_table, or bloom_visited in the any-solution modes (never improved, so the
// `improved` outcome below does not occur with it).
template <class Table>
struct best_first_context {
    problem& p;
    Table& table;
    search_control& control;
    std::atomic<bool>& done;  // set once to end every worker's loop; relaxed (read after the join)
    incumbent& best;
    bool optimal;             // weight 1: prune f >= incumbent, goal test on selection
    std::uint64_t max_cost;   // the instance's cost limit (ABI 1.1), UINT64_MAX when none
};

// The head of a best-first worker's loop (astar, hda): false when `done` is set, or when a stop
// was requested, which then sets `done` for every other worker (relaxed: a polled hint).
inline bool keep_searching(std::atomic<bool>& done, search_control& control) {
    if (done.load(std::memory_order_relaxed)) return false;
    if (control.should_stop()) {
        done.store(true, std::memory_order_relaxed);
        return false;
    }
    return true;
}

enum class child_fate {
    queue,  // queue (node, g): a new state, or a known one reached with a lower g
    drop,   // dead, beyond the cost limit, unable to beat the incumbent, or a duplicate
    stop,   // stop expanding: the table is full (memory limit) or a goal ends an any-solution search
};

// One generated child of `parent` (reached with g = parent_g): the pruning tests, the visited
// table insert and what its outcome means, shared by the best-first engines.
template <class Table>
child_fate admit_child(const best_first_context<Table>& cx, engine_counters& c, unsigned worker,
                              std::uint64_t parent, std::uint32_t parent_g, const void* child, std::uint32_t move,
                              std::uint32_t cost, std::uint32_t h, std::uint64_t hash, std::uint64_t& node,
                              std::uint32_t& g) {
    ++c.generated;
    g = parent_g + cost;
    if (h == SOLVER_H_DEAD || g > cx.max_cost || (cx.optimal && std::uint64_t(g) + h >= cx.best.cost())) {
        ++c.pruned;
        return child_fate::drop;
    }
    auto r = cx.table.insert(worker, child, hash, g, parent, move);
    node = r.node;
    switch (r.result) {
        case visited_table::outcome::full:
            cx.control.request_stop(stop_reason::memory_limit);
            cx.done.store(true, std::memory_order_relaxed);
            return child_fate::stop;
        case visited_table::outcome::duplicate:
            ++c.duplicates;
            return child_fate::drop;
        case visited_table::outcome::improved:
            // The table now holds the lower g, which makes a queued entry of this state stale:
            // queue it again in every mode.
            ++c.reopened;
            return child_fate::queue;
        case visited_table::outcome::inserted:
            if (!cx.optimal && cx.p.is_goal(child)) {
                cx.best.offer(r.node, g);
                cx.done.store(true, std::memory_order_relaxed);
                return child_fate::stop;
            }
            return child_fate::queue;
    }
    return child_fate::drop;
}

// Open-list entries of the best-first engines (astar, hda): value = node << 24 | g at push time
// (saturated at open_low24), so that an entry whose state was since reached with a lower g is
// recognised as stale; the key's low 24 bits hold the tie-break (h in the optimal mode).
constexpr std::uint64_t open_low24 = (1u << 24) - 1;
inline std::uint64_t open_value(std::uint64_t node, std::uint32_t g) {
    return node << 24 | std::min<std::uint64_t>(g, open_low24);
}

// A popped entry (key, value): true when the worker is to expand it, with its state copied into
// `current` (state_size bytes) and its node and g set. False when it is stale, cannot beat the
// incumbent (optimal mode), or is a goal, which the optimal mode offers as the incumbent here
// (goals are tested on selection there, so the first goal found need not be the best).
template <class Table>
bool take_popped(const best_first_context<Table>& cx, std::uint64_t key, std::uint64_t value,
                 std::uint8_t* current, std::uint64_t& node, std::uint32_t& g) {
    node = value >> 24;
    const std::uint32_t g_pushed = static_cast<std::uint32_t>(value & open_low24);
    g = cx.table.g(node);
    if (g_pushed < open_low24 && g_pushed != g) return false;  // stale: improved since it was queued
    const std::uint32_t h = static_cast<std::uint32_t>(key & open_low24);
    if (cx.optimal && std::uint64_t(g) + h >= cx.best.cost()) return false;
    std::memcpy(current, cx.table.state(node), cx.table.state_size());
    if (cx.optimal && cx.p.is_goal(current)) {
        cx.best.offer(node, g);
        return false;
    }
    return true;
}

// After the workers' join: the outcome of a best-first search (astar, hda), with the path and
// its cost in `res` when solved. An optimal search must have run to completion (no limit hit)
// to prove its incumbent; in the any-solution modes the first goal found is the answer. The
// cost is that of the path returned: in the any-solution modes the goal's stored g may be stale
// (an ancestor was improved after the goal was generated).
template <class Table>
search_outcome best_first_outcome(const best_first_context<Table>& cx, search_result& res) {
    if (cx.best.node() != Table::no_node && (!cx.optimal || cx.control.reason() == stop_reason::none)) {
        rebuild_path(cx.table, cx.best.node(), res.path_states, res.moves);
        res.cost = cx.p.path_cost(0, res.path_states, res.moves);
        return search_outcome::solved;
    }
    if (cx.control.reason() != stop_reason::none) return search_outcome::limit;
    return search_outcome::unsolvable;
}

// The first exception thrown on any worker of a run_on_all loop (a plugin error): capture() it
// from the worker's catch block, which also sets `done` so that no other worker waits for the
// failed one in its idle protocol; rethrow() it on the main thread after the join.
class first_error {
public:
    void capture(std::atomic<bool>& done) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!error_) error_ = std::current_exception();
        done.store(true, std::memory_order_relaxed);  // relaxed: `done` is a polled hint
    }
    void rethrow() const {
        if (error_) std::rethrow_exception(error_);
    }

private:
    std::mutex mutex_;
    std::exception_ptr error_;
};

inline void sum_counters(const std::vector<engine_counters>& c, search_stats& s) {
    if (s.threads.size() < c.size()) s.threads.resize(c.size());
    for (std::size_t t = 0; t < c.size(); ++t) {
        s.expanded += c[t].expanded;
        s.generated += c[t].generated;
        s.duplicates += c[t].duplicates;
        s.pruned += c[t].pruned;
        s.reopened += c[t].reopened;
        s.threads[t].expanded += c[t].expanded;
        s.threads[t].idle_seconds += c[t].idle;
        s.rank_samples += c[t].rank_samples;
        s.rank_error_max = std::max(s.rank_error_max, c[t].rank_max);
        s.rank_error_mean += double(c[t].rank_sum);
    }
    if (s.rank_samples) s.rank_error_mean /= double(s.rank_samples);
}

}  // namespace solver
