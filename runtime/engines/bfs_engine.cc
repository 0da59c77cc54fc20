// bfs_engine: parallel layered breadth-first search (engine `bfs`) and layered_bfs() itself
// (layered_bfs.h states the contract).
//
// Engine semantics: optimal in number of moves, so it refuses (outcome error, with a message)
// an instance that is not SOLVER_UNIT_COST; the goal test is done at generation, so the answer
// is found while its layer is being built. Proves unsolvability by exhausting the reachable
// space. Memory: 3/4 of the budget for the visited table, 1/4 for the two frontier vectors.
// Statistics: stats.layers[d] = number of states at distance d.
#include "engines/layered_bfs.h"

#include "engines/engine_support.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>

namespace solver {

layered_bfs_result layered_bfs(problem& p, executor& ex, search_control& control, visited_table& table,
                               const layered_bfs_options& options,
                               const std::function<bool(const bfs_layer&)>& on_layer) {
    const unsigned T = ex.concurrency();
    const std::uint32_t n = p.state_size();
    p.prepare_workers(ex);
    layered_bfs_result res;
    idle_meter idle(ex);
    std::vector<engine_counters> counters(T);
    std::uint64_t peak_frontier_bytes = 0;

    auto finish = [&](search_outcome o) -> layered_bfs_result& {
        res.outcome = o;
        sum_counters(counters, res.stats);
        idle.add_to(res.stats);
        res.stats.stored = table.size();
        res.stats.search_memory_bytes = table.memory_bytes() + peak_frontier_bytes;
        return res;
    };

    std::vector<std::uint8_t> root(n);
    p.initial(0, root.data());
    if (p.heuristic(0, root.data()) == SOLVER_H_DEAD) return finish(search_outcome::unsolvable);
    auto r0 = table.insert(0, root.data(), p.hash(root.data()), 0, visited_table::root_parent, 0);
    if (r0.result == visited_table::outcome::full) {
        control.request_stop(stop_reason::memory_limit);
        return finish(search_outcome::limit);
    }
    std::vector<std::uint64_t> frontier{r0.node};
    res.stats.layers.push_back(1);
    if (options.stop_at_goal && p.is_goal(root.data())) {
        res.goal_node = r0.node;
        return finish(search_outcome::solved);
    }
    if (on_layer && !on_layer(bfs_layer{0, frontier, table})) return finish(search_outcome::limit);

    // Per worker: the states it added to the next layer (concatenated after the layer).
    struct alignas(64) outbox {
        std::vector<std::uint64_t> nodes;
    };
    std::vector<outbox> next(T);
    // Set once by whichever worker finds a goal / hits a limit; polled by all (relaxed: the
    // results are read only after parallel_for returns, which orders every write before that).
    std::atomic<std::uint64_t> goal{visited_table::no_node};
    std::atomic<bool> stop{false};

    for (std::uint32_t depth = 0;; ++depth) {
        if (depth >= options.max_depth) return finish(search_outcome::limit);
        const std::uint32_t child_g = depth + 1;
        if (child_g > p.max_cost()) return finish(search_outcome::unsolvable);  // ABI 1.1 cost limit
        const std::uint64_t grain = std::clamp<std::uint64_t>(frontier.size() / (8ull * T), 1, 256);
        ex.parallel_for(0, frontier.size(), grain, [&](std::uint64_t begin, std::uint64_t end, unsigned w) {
            engine_counters& c = counters[w];
            std::vector<std::uint64_t>& out = next[w].nodes;
            for (std::uint64_t i = begin; i < end; ++i) {
                if (stop.load(std::memory_order_relaxed)) return;
                if (control.should_stop()) {
                    stop.store(true, std::memory_order_relaxed);
                    return;
                }
                const std::uint64_t node = frontier[i];
                ++c.expanded;
                // The table's state bytes are immutable and never move: expand from them directly.
                p.expand(w, table.state(node), [&](const void* child, std::uint32_t move, std::uint32_t,
                                                   std::uint32_t h, std::uint64_t hash) {
                    ++c.generated;
                    if (h == SOLVER_H_DEAD) {
                        ++c.pruned;
                        return true;
                    }
                    auto r = table.insert(w, child, hash, child_g, node, move);
                    if (r.result == visited_table::outcome::full) {
                        control.request_stop(stop_reason::memory_limit);
                        stop.store(true, std::memory_order_relaxed);
                        return false;
                    }
                    if (r.result != visited_table::outcome::inserted) {  // improved cannot occur: g = depth
                        ++c.duplicates;
                        return true;
                    }
                    out.push_back(r.node);
                    if (options.stop_at_goal && p.is_goal(child)) {
                        std::uint64_t none = visited_table::no_node;
                        goal.compare_exchange_strong(none, r.node, std::memory_order_relaxed);
                        stop.store(true, std::memory_order_relaxed);
                        return false;
                    }
                    return true;
                });
            }
        });
        std::uint64_t total = 0;
        for (const auto& o : next) total += o.nodes.size();
        peak_frontier_bytes = std::max<std::uint64_t>(peak_frontier_bytes, (frontier.capacity() + total) * 8);
        if (goal.load() != visited_table::no_node) {
            res.goal_node = goal.load();
            res.goal_depth = child_g;
            res.stats.layers.push_back(total);  // the goal's layer, as far as it was built
            return finish(search_outcome::solved);
        }
        if (stop.load()) return finish(search_outcome::limit);
        if (total == 0) return finish(search_outcome::unsolvable);
        if ((frontier.capacity() + total) * 8 > options.frontier_budget_bytes) {
            control.request_stop(stop_reason::memory_limit);
            return finish(search_outcome::limit);
        }
        frontier.clear();
        frontier.reserve(total);
        for (auto& o : next) {
            frontier.insert(frontier.end(), o.nodes.begin(), o.nodes.end());
            o.nodes.clear();
        }
        res.stats.layers.push_back(total);
        if (on_layer && !on_layer(bfs_layer{child_g, frontier, table})) return finish(search_outcome::limit);
    }
}

namespace {

class bfs_engine final : public engine {
public:
    const char* name() const override { return "bfs"; }

    search_result run(problem& p, const engine_options& opts) override {
        search_result res;
        if (!p.unit_cost())
            throw engine_unsuitable(
                "engine bfs finds shortest solutions in number of moves and needs unit move costs; this instance "
                "has other costs (use astar, hda or ida)");
        search_control& control = *opts.control;
        const std::uint64_t budget = control.memory_budget();
        visited_table table(p.state_size(), budget / 4 * 3, opts.exec->concurrency());
        layered_bfs_options o;
        o.frontier_budget_bytes = budget / 4;
        auto last = std::chrono::steady_clock::now();
        auto r = layered_bfs(p, *opts.exec, control, table, o, [&](const bfs_layer& layer) {
            auto now = std::chrono::steady_clock::now();
            if (opts.progress && now - last > std::chrono::milliseconds(250)) {
                last = now;
                opts.progress({0, layer.table.size(), layer.nodes.size(), double(layer.depth),
                               control.elapsed_seconds()});
            }
            return true;
        });
        res.outcome = r.outcome;
        res.stats = std::move(r.stats);
        if (r.outcome == search_outcome::solved) {
            rebuild_path(table, r.goal_node, res.path_states, res.moves);
            res.cost = r.goal_depth;
        }
        return res;
    }
};

}  // namespace

std::unique_ptr<engine> make_bfs_engine() { return std::make_unique<bfs_engine>(); }

}  // namespace solver
