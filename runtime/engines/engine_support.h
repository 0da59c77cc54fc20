// engine_support: small helpers shared by the hda, ida, bfs and count engines.
//
// Contract: header-only, no state. idle_meter reads the executor's per-worker counters
// (make_executor.h executor_stats; empty for executors that keep none, then idle stays 0) at
// construction and adds the difference to search_stats::threads in add_to(); call both on the
// main thread while the executor is quiescent. rebuild_path() reads a visited_table after the
// search's join (no writer running).
#pragma once

#include "engines/engine.h"
#include "sched/make_executor.h"
#include "visited/visited_table.h"

#include <algorithm>
#include <cstdint>
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

// The path root..node through the table's parent links, as states and moves.
inline void rebuild_path(const visited_table& table, std::uint64_t node, std::vector<std::uint8_t>& states,
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

// Per-worker counters, padded so workers do not share cache lines.
struct alignas(64) engine_counters {
    std::uint64_t expanded = 0, generated = 0, duplicates = 0, pruned = 0, reopened = 0;
    double idle = 0;
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
    }
}

}  // namespace solver
