// astar_engine: best-first search with an exact visited table and parent indices.
//   astar  : f = g + w*h. With w = 1 and an admissible heuristic the goal test is done when a
//            node is selected for expansion and states reached again with a lower g are
//            reopened, so the first goal selected is optimal (also for inconsistent h).
//            With w > 1 (weighted A*) the goal test is done at generation and nothing is
//            reopened: the answer costs at most w times the optimum.
//   greedy : f = h (ties: lower g first), goal test at generation, no reopening.
// Single-threaded reference (engines astar-seq, greedy-seq): the parallel engines are tested
// and benchmarked against it.
#include "engines/engine.h"
#include "engines/node_store.h"

#include <chrono>
#include <cmath>
#include <queue>

namespace solver {
namespace {

class best_first_engine final : public engine {
public:
    explicit best_first_engine(bool greedy) : greedy_(greedy) {}
    const char* name() const override { return greedy_ ? "greedy-seq" : "astar-seq"; }

    search_result run(problem& p, const engine_options& opts) override {
        search_result res;
        const double w = greedy_ ? 0.0 : opts.weight;
        const bool optimal = !greedy_ && w == 1.0;
        const std::uint32_t n = p.state_size();
        search_control& control = *opts.control;
        node_store store(n);
        res.stats.threads.resize(1);

        struct entry {
            double f;
            std::uint32_t h, g;
            std::uint32_t node;
        };
        // Smaller f first; ties: smaller h (closer to a goal), then larger g.
        auto worse = [](const entry& a, const entry& b) {
            if (a.f != b.f) return a.f > b.f;
            if (a.h != b.h) return a.h > b.h;
            return a.g < b.g;
        };
        std::priority_queue<entry, std::vector<entry>, decltype(worse)> open(worse);
        auto key = [&](std::uint32_t g, std::uint32_t h) { return greedy_ ? double(h) : g + w * h; };
        auto memory = [&] { return store.memory_bytes() + open.size() * sizeof(entry) * 2; };

        std::vector<std::uint8_t> root(n);
        p.initial(0, root.data());
        const std::uint32_t h0 = p.heuristic(0, root.data());
        auto finish = [&](search_outcome o) {
            res.outcome = o;
            res.stats.threads[0].expanded = res.stats.expanded;
            res.stats.stored = store.size();
            res.stats.search_memory_bytes = std::max<std::uint64_t>(res.stats.search_memory_bytes, memory());
            return res;
        };
        if (h0 == SOLVER_H_DEAD) return finish(search_outcome::unsolvable);
        std::uint32_t root_id = store.insert_new(root.data(), p.hash(root.data()), node_store::no_parent, 0, 0);
        if (p.is_goal(root.data())) {
            store.path_to(root_id, res.path_states, res.moves);
            return finish(search_outcome::solved);
        }
        open.push({key(0, h0), h0, 0, root_id});

        auto last_progress = std::chrono::steady_clock::now();
        std::int64_t goal = -1;
        std::vector<std::uint8_t> current(n);
        while (!open.empty()) {
            if (control.should_stop()) return finish(search_outcome::limit);
            entry e = open.top();
            open.pop();
            if (e.g != store.g(e.node)) continue;  // a stale entry: the state was reached more cheaply since
            std::memcpy(current.data(), store.state(e.node), n);  // the arena may grow during expansion
            if (optimal && p.is_goal(current.data())) {
                goal = e.node;
                break;
            }
            ++res.stats.expanded;
            store.set_closed(e.node);
            bool stop_expanding = false;
            p.expand(0, current.data(), [&](const void* child, std::uint32_t move, std::uint32_t cost,
                                            std::uint32_t h, std::uint64_t hash) {
                ++res.stats.generated;
                if (h == SOLVER_H_DEAD) {
                    ++res.stats.pruned;
                    return true;
                }
                const std::uint32_t g = e.g + cost;
                if (g > p.max_cost()) {  // beyond the domain's cost limit (ABI 1.1 max_cost)
                    ++res.stats.pruned;
                    return true;
                }
                auto [id, found] = store.find_or_reserve(child, hash);
                if (found) {
                    if (!optimal || g >= store.g(id)) {
                        ++res.stats.duplicates;
                        return true;
                    }
                    if (store.closed(id)) ++res.stats.reopened;  // improved after expansion
                    store.set_parent(id, e.node, move, g);
                } else {
                    if (store.memory_bytes() + open.size() * sizeof(entry) * 2 > control.memory_budget()) {
                        control.request_stop(stop_reason::memory_limit);
                        stop_expanding = true;
                        return false;
                    }
                    id = store.insert_reserved(child, hash, e.node, move, g);
                    if (!optimal && p.is_goal(child)) {
                        goal = id;
                        stop_expanding = true;
                        return false;
                    }
                }
                open.push({key(g, h), h, g, id});
                return true;
            });
            if (stop_expanding && goal < 0) return finish(search_outcome::limit);
            if (goal >= 0) break;
            if (opts.progress && (res.stats.expanded & 4095) == 0) {
                auto now = std::chrono::steady_clock::now();
                if (now - last_progress > std::chrono::milliseconds(250)) {
                    last_progress = now;
                    opts.progress({res.stats.expanded, store.size(), open.size(), open.empty() ? 0.0 : open.top().f,
                                   control.elapsed_seconds()});
                }
                res.stats.search_memory_bytes = std::max<std::uint64_t>(res.stats.search_memory_bytes, memory());
            }
        }
        if (goal < 0) return finish(search_outcome::unsolvable);
        res.cost = store.g(static_cast<std::uint32_t>(goal));
        store.path_to(static_cast<std::uint32_t>(goal), res.path_states, res.moves);
        return finish(search_outcome::solved);
    }

private:
    bool greedy_;
};

}  // namespace

std::unique_ptr<engine> make_astar_engine() { return std::make_unique<best_first_engine>(false); }
std::unique_ptr<engine> make_greedy_engine() { return std::make_unique<best_first_engine>(true); }

}  // namespace solver
