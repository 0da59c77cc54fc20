// layered_bfs: parallel layer-synchronous breadth-first search over a plugin's state space, the
// core of the `bfs` engine and reusable for pattern-database generation (a plugin opens an
// abstract instance whose initial state is the abstract goal and reads the layers).
//
// Contract:
//  - Called from the main thread; runs each layer as one executor parallel_for over the
//    frontier (chunks spread by work stealing); worker w appends the new states it generated to
//    its own next-frontier vector, which are concatenated after the layer (no shared append).
//  - Duplicate detection in the caller's visited_table (node g = depth, parent = the node it was
//    first generated from, so any node's path is table.parent() back to the root). Layer d holds
//    exactly the states at shortest distance d in moves (every move counts 1: the instance
//    should be SOLVER_UNIT_COST; with other costs the layers are still move-count layers).
//  - Children the plugin reports dead (SOLVER_H_DEAD) are dropped; h is otherwise ignored. No
//    layer deeper than the instance's max_cost (ABI 1.1) is built (then outcome unsolvable).
//  - Goal test at generation (and on the root): with stop_at_goal the layer is abandoned at the
//    first goal found, which lies at the minimum depth; which goal of that depth is found first
//    is up to the scheduling.
//  - on_layer (may be empty) is called on the main thread after each complete layer, root layer
//    included, with that layer's node indices; returning false stops the search (outcome limit).
//  - Stops with outcome limit on control.should_stop() (polled per expansion), when the table is
//    full (memory_limit is requested) or when the frontiers exceed frontier_budget_bytes.
//  - Memory: the table, plus 8 bytes per node of the current and the next frontier.
#pragma once

#include "engines/engine.h"
#include "visited/visited_table.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace solver {

struct bfs_layer {
    std::uint32_t depth;
    const std::vector<std::uint64_t>& nodes;  // node indices into table, in no particular order
    const visited_table& table;
};

struct layered_bfs_options {
    bool stop_at_goal = true;
    std::uint32_t max_depth = UINT32_MAX;            // stop (outcome limit) after this layer
    std::uint64_t frontier_budget_bytes = UINT64_MAX;  // current + next frontier vectors
};

struct layered_bfs_result {
    // solved: goal_node holds a goal at minimum depth; unsolvable: every reachable state was
    // visited and none is a goal (or stop_at_goal was off and the space was exhausted);
    // limit: stopped (control's reason, the table full, max_depth or on_layer said stop).
    search_outcome outcome = search_outcome::limit;
    std::uint64_t goal_node = visited_table::no_node;
    std::uint32_t goal_depth = 0;
    search_stats stats;  // expanded/generated/duplicates/pruned/stored, threads, layers
};

layered_bfs_result layered_bfs(problem& p, executor& ex, search_control& control, visited_table& table,
                               const layered_bfs_options& options,
                               const std::function<bool(const bfs_layer&)>& on_layer = {});

}  // namespace solver
