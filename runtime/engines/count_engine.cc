// count_engine: exhaustive enumeration with 128-bit counters, engine `count`.
//
// Semantics (tree enumeration): every path from the initial state is followed, with no
// duplicate detection and no cost or heuristic bound; each state reached along a path (the
// initial state included) that is a goal adds its goal_weight (1 when the instance lacks
// SOLVER_HAS_GOAL_WEIGHT). Goals are expanded like any other state (a plugin whose goals are
// complete objects simply emits no children for them); children reported dead (SOLVER_H_DEAD)
// or whose path cost g exceeds the instance's max_cost (ABI 1.1) are dropped. So the result is the weighted number of goal-ending paths: the plugin's state
// space must be a finite tree or DAG whose paths are the objects to count (e.g. row-by-row
// constructions); on a graph with cycles the enumeration does not end (time limit -> limit).
//
// Parallelism as in ida_engine: the main thread expands the root breadth-first until a layer
// holds at least 256 * threads nodes (goals generated on the way are counted), then one task
// per frontier node (executor parallel_for, grain 1, work stealing balances) enumerates its
// subtree depth-first with an explicit stack (memory O(depth * branching) per worker). Each
// worker sums into its own unsigned __int128; the sums are added after the join (weights are
// 64-bit, so the total is exact below 2^128 and wraps beyond, which no test domain reaches).
//
// Result: has_count = true; outcome solved with the exact count (even 0), or limit with the
// count so far (a lower bound) when search_control stopped it. stats.expanded/generated/pruned.
#include "engines/engine.h"
#include "engines/engine_support.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>

namespace solver {
namespace {

class count_engine final : public engine {
public:
    const char* name() const override { return "count"; }

    search_result run(problem& p, const engine_options& opts) override {
        const unsigned T = opts.exec->concurrency();
        const std::uint32_t n = p.state_size();
        search_control& control = *opts.control;
        p.prepare_workers(*opts.exec);
        const bool weighted = (p.flags() & SOLVER_HAS_GOAL_WEIGHT) && p.table().goal_weight;
        const std::uint64_t max_cost = p.max_cost();
        auto weight_of = [&](const void* state) -> std::uint64_t {
            if (!p.is_goal(state)) return 0;
            return weighted ? p.table().goal_weight(p.instance(), state) : 1;
        };

        search_result res;
        res.has_count = true;
        idle_meter idle(*opts.exec);
        std::vector<engine_counters> counters(T);
        struct alignas(64) sum {
            unsigned __int128 v = 0;
        };
        std::vector<sum> sums(T);
        std::uint64_t peak_bytes = 0;
        auto finish = [&](search_outcome o) {
            res.outcome = o;
            for (const auto& s : sums) res.count += s.v;
            sum_counters(counters, res.stats);
            idle.add_to(res.stats);
            res.stats.search_memory_bytes = peak_bytes;
            return res;
        };

        // ---- split: breadth-first layers below the root (every path, no dedup) ----
        std::vector<std::uint8_t> layer(n), next;
        std::vector<std::uint64_t> layer_g{0}, next_g;  // path cost of each layer node
        p.initial(0, layer.data());
        if (p.heuristic(0, layer.data()) == SOLVER_H_DEAD) return finish(search_outcome::solved);
        sums[0].v += weight_of(layer.data());
        const std::size_t target = 256 * std::size_t(T);
        engine_counters& c0 = counters[0];
        std::size_t count = 1;
        while (count > 0 && count < target) {
            if (control.should_stop()) return finish(search_outcome::limit);
            next.clear();
            next_g.clear();
            for (std::size_t i = 0; i < count; ++i) {
                ++c0.expanded;
                const std::uint64_t g = layer_g[i];
                p.expand(0, layer.data() + i * n, [&](const void* child, std::uint32_t, std::uint32_t cost,
                                                      std::uint32_t h, std::uint64_t) {
                    ++c0.generated;
                    if (h == SOLVER_H_DEAD || g + cost > max_cost) {
                        ++c0.pruned;
                        return true;
                    }
                    sums[0].v += weight_of(child);
                    const auto* b = static_cast<const std::uint8_t*>(child);
                    next.insert(next.end(), b, b + n);
                    next_g.push_back(g + cost);
                    return true;
                });
            }
            layer.swap(next);
            layer_g.swap(next_g);
            count = layer.size() / n;
            peak_bytes = std::max<std::uint64_t>(peak_bytes, layer.capacity() + next.capacity());
        }

        // ---- enumerate: one depth-first task per frontier node ----
        struct alignas(64) stack {
            std::vector<std::uint8_t> bytes;
            std::vector<std::uint64_t> g;  // path cost of each stacked state
            std::vector<std::uint8_t> current;
        };
        std::vector<stack> stacks(T);
        std::atomic<bool> stop{false};  // relaxed: results are read after parallel_for's join
        auto last_progress = std::chrono::steady_clock::now();
        opts.exec->parallel_for(0, count, 1, [&](std::uint64_t b, std::uint64_t e, unsigned w) {
            engine_counters& c = counters[w];
            unsigned __int128& total = sums[w].v;
            std::vector<std::uint8_t>& st = stacks[w].bytes;
            std::vector<std::uint64_t>& sg = stacks[w].g;
            std::vector<std::uint8_t>& cur = stacks[w].current;
            cur.resize(n);
            for (std::uint64_t i = b; i < e; ++i) {
                st.assign(layer.data() + i * n, layer.data() + (i + 1) * n);
                sg.assign(1, layer_g[i]);
                while (!st.empty()) {
                    if (stop.load(std::memory_order_relaxed)) return;
                    if (control.should_stop()) {
                        stop.store(true, std::memory_order_relaxed);
                        return;
                    }
                    std::memcpy(cur.data(), st.data() + st.size() - n, n);
                    st.resize(st.size() - n);
                    const std::uint64_t g = sg.back();
                    sg.pop_back();
                    ++c.expanded;
                    p.expand(w, cur.data(), [&](const void* child, std::uint32_t, std::uint32_t cost, std::uint32_t h,
                                                std::uint64_t) {
                        ++c.generated;
                        if (h == SOLVER_H_DEAD || g + cost > max_cost) {
                            ++c.pruned;
                            return true;
                        }
                        total += weight_of(child);
                        const auto* cb = static_cast<const std::uint8_t*>(child);
                        st.insert(st.end(), cb, cb + n);
                        sg.push_back(g + cost);
                        return true;
                    });
                    if (w == 0 && opts.progress && (c.expanded & 16383) == 0) {
                        auto now = std::chrono::steady_clock::now();
                        if (now - last_progress > std::chrono::milliseconds(250)) {
                            last_progress = now;
                            opts.progress({c.expanded * T, 0, st.size() / n, 0.0, control.elapsed_seconds()});
                        }
                    }
                }
            }
        });
        for (const auto& s : stacks) peak_bytes = std::max<std::uint64_t>(peak_bytes, layer.capacity() + s.bytes.capacity());
        if (stop.load() || control.reason() != stop_reason::none) return finish(search_outcome::limit);
        return finish(search_outcome::solved);
    }
};

}  // namespace

std::unique_ptr<engine> make_count_engine() { return std::make_unique<count_engine>(); }

}  // namespace solver
