// parallel_astar_engine: A* / weighted A* / greedy best-first search with one search loop per
// worker (executor::run_on_all), sharing a relaxed concurrent priority queue (multi_queue) and
// the lock-free visited table.
//
// Optimal mode (astar, weight 1; the instance says its heuristic is admissible or not, the
// engine does not rely on consistency):
//  - the goal test is done when a node is selected; a goal lowers the incumbent cost C
//    (atomic min);
//  - a node or child with f = g + h >= C is discarded: with an admissible h it cannot lead to
//    a cheaper solution;
//  - a state reached again with a lower g is improved in the table and queued again
//    (reopening), so inconsistent heuristics are handled;
//  - the search ends only when the queue is empty and every worker is idle (termination
//    protocol below), i.e. when no open node can beat C. The answer is then optimal although
//    the queue order is relaxed.
// Any-solution modes (weight > 1, greedy): goal test at generation, first goal found wins,
// no reopening.
//
// Termination: runtime/engines/termination_detector.h, shared with hda. A worker whose pop
// fails flushes its insertion buffer and votes idle; it leaves idle when the queue is not empty.
// An idle worker declares the search done when every worker is idle, no worker left idle during
// its check, and multi_queue::size_estimate() == 0 (exact then: nobody pushes or pops). Until
// session 32 this engine kept two atomics (idle count, epoch) and bumped the epoch before the
// decrement when leaving idle; a worker leaving idle just before another's check could then pop
// the last node while the checker saw the queue empty, and push its children after the check
// read "all idle" again: done with work queued (the interleaving is in termination_detector.h).
// The detector's single word makes a leave one atomic step.
//
// Queue entries: key = f in 1/256 units << 24 | min(h, 2^24-1) (smaller f first, then smaller
// h); value = node index << 24 | g at push time (saturated), so stale entries (the state was
// improved since) are recognised and skipped on pop.
#include "engines/engine.h"
#include "engines/engine_support.h"
#include "engines/termination_detector.h"
#include "open/multi_queue.h"
#include "sched/make_executor.h"
#include "visited/node_arena.h"
#include "visited/visited_table.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>

namespace solver {
namespace {


class parallel_best_first final : public engine {
public:
    explicit parallel_best_first(bool greedy) : greedy_(greedy) {}
    const char* name() const override { return greedy_ ? "greedy" : "astar"; }

    search_result run(problem& p, const engine_options& opts) override {
        const unsigned T = opts.exec->concurrency();
        const bool optimal = !greedy_ && opts.weight == 1.0;
        // 3/4 of the budget for the visited set; the queue (16-32 bytes per entry) lives in the rest.
        const std::uint64_t table_budget = opts.control->memory_budget() / 4 * 3;
        if (opts.visited == visited_kind::bloom) {
            if (optimal)
                throw engine_unsuitable(
                    "--visited bloom may prune unvisited states, so it cannot prove a solution optimal: use it "
                    "with --engine greedy or --weight W > 1");
            bloom_visited table(p.state_size(), table_budget, T);
            search_result res = search(p, opts, table);
            if (res.outcome == search_outcome::unsolvable) {
                // Exhausted, but false positives may have pruned the way to a goal.
                res.outcome = search_outcome::limit;
                res.incomplete = true;
            }
            res.stats.visited_false_positive_rate = table.false_positive_rate();
            return res;
        }
        visited_table table(p.state_size(), table_budget, T);
        return search(p, opts, table);
    }

private:
    template <class Table>
    search_result search(problem& p, const engine_options& opts, Table& table) {
        const unsigned T = opts.exec->concurrency();
        const std::uint32_t n = p.state_size();
        const double w = greedy_ ? 0.0 : opts.weight;
        const bool optimal = !greedy_ && w == 1.0;
        search_control& control = *opts.control;
        p.prepare_workers(*opts.exec);
        const std::uint64_t queue_budget_entries = control.memory_budget() / 4 / 32;
        // Thread affinity and a 16-element insertion buffer, only in the optimal mode, where both
        // pay (multi_queue.h). The buffer: each unbuffered push locks a heap and republishes its
        // top, whose cache line the other threads' pop sampling then pulls back, one coherence
        // miss per child; a batch of 16 pays that once. Interleaved runs at real-time priority,
        // 2 threads, 7 each: course 22 548k -> 592k nodes/s, course 23 291k -> 297k, course 25
        // 545k -> 610k, 1 thread unchanged, the same nodes expanded, rank error 3-6 -> 2-17.
        // The optimality proof does not depend on the order (the incumbent bound decides), and
        // the engine flushes before it idles (the termination protocol). Greedy keeps every
        // push visible at once: its result depends on the order, and the buffer made Microban
        // runs no better, only different.
        const multi_queue::options queue_options = optimal ? multi_queue::for_optimal_search() : multi_queue::options();
        multi_queue open(T, queue_options);
        const std::uint64_t max_cost = p.max_cost();

        search_result res;
        std::vector<engine_counters> counters(T);

        auto key_of = [&](std::uint32_t g, std::uint32_t h) {
            double f = greedy_ ? double(h) : double(g) + w * double(h);
            std::uint64_t fk = static_cast<std::uint64_t>(std::min(f * 256.0, double(1ull << 40) - 1));
            std::uint64_t tie = greedy_ ? std::min<std::uint64_t>(g, open_low24) : std::min<std::uint64_t>(h, open_low24);
            return fk << 24 | tie;
        };

        auto finish = [&](search_outcome o) {
            res.outcome = o;
            sum_counters(counters, res.stats);
            res.stats.stored = table.size();
            res.stats.search_memory_bytes = std::max(res.stats.search_memory_bytes, table.memory_bytes() + peak_queue_ * 32);
            return res;
        };
        const best_first_root root = insert_root(p, table, control, res);
        if (root.ends) return finish(root.outcome);
        open.push(0, key_of(0, root.h), open_value(root.node, 0));

        incumbent best;
        // done: set once, polled by every loop; relaxed suffices because results are read only
        // after run_on_all returns (the executor's join orders every write before that read).
        std::atomic<bool> done{false};
        const best_first_context<Table> cx{p, table, control, done, best, optimal, max_cost};
        // The idle vote (termination_detector.h): done when every worker is idle and the queue,
        // buffers included, is empty; every worker flushes its buffers before it votes.
        termination_detector termination(T);
        peak_queue_ = 0;

        first_error error;
        opts.exec->run_on_all([&](unsigned t) {
          try {
            engine_counters& c = counters[t];
            std::vector<std::uint8_t> current(n);
            struct child {
                std::uint32_t move, cost, h;
                std::uint64_t hash;
            };
            std::vector<child> kids;                // the children of one expansion
            std::vector<std::uint8_t> kid_states;   // their states, n bytes each
            auto last_progress = std::chrono::steady_clock::now();
            std::uint64_t polls = 0;
            while (keep_searching(done, control)) {
                std::uint64_t key, value;
                if (!open.try_pop(t, key, value)) {
                    // Idle: flush the insertion buffer, vote, wait for work or for the end.
                    termination.wait_for_work(
                        done, c.idle, [&] { open.flush(t); }, [&] { return !open.empty_hint(); },
                        [&] { return open.size_estimate() == 0; }, [&] { return control.should_stop(); });
                    continue;
                }
                if (opts.rank_sample_interval && c.pops++ % opts.rank_sample_interval == 0) {
                    // Rank of this pop among what is still queued (0 = it was the minimum). Each
                    // thread samples its first pop and every interval-th after it, so a run whose
                    // pops are split between the threads below the interval each still reports.
                    const std::uint64_t rank = open.count_less(key);
                    ++c.rank_samples;
                    c.rank_sum += rank;
                    c.rank_max = std::max(c.rank_max, rank);
                }
                std::uint64_t node;
                std::uint32_t g;
                if (!take_popped(cx, key, value, current.data(), node, g)) continue;
                ++c.expanded;
                // Collect the children first, start loading the table slot of each, then admit
                // them: the slot misses of one expansion overlap instead of following each other
                // (the table is memory-bound).
                kids.clear();
                kid_states.clear();
                p.expand(t, current.data(), [&](const void* child, std::uint32_t move, std::uint32_t cost,
                                                std::uint32_t ch, std::uint64_t hash) {
                    table.prefetch(hash);
                    kids.push_back({move, cost, ch, hash});
                    kid_states.insert(kid_states.end(), static_cast<const std::uint8_t*>(child),
                                      static_cast<const std::uint8_t*>(child) + n);
                    return true;
                });
                for (std::size_t k = 0; k < kids.size(); ++k) {
                    const child& ch = kids[k];
                    std::uint64_t child_node;
                    std::uint32_t cg;
                    const child_fate fate = admit_child(cx, c, t, node, g, kid_states.data() + k * n, ch.move,
                                                        ch.cost, ch.h, ch.hash, child_node, cg);
                    if (fate == child_fate::stop) break;
                    if (fate == child_fate::queue) open.push(t, key_of(cg, ch.h), open_value(child_node, cg));
                }
                if ((++polls & 1023) == 0) {
                    const std::uint64_t q = open.size_estimate();
                    if (q > queue_budget_entries) {
                        control.request_stop(stop_reason::memory_limit);
                        done.store(true, std::memory_order_relaxed);
                    }
                    if (t == 0) {
                        peak_queue_ = std::max(peak_queue_, q);
                        auto now = std::chrono::steady_clock::now();
                        if (opts.progress && now - last_progress > std::chrono::milliseconds(250)) {
                            last_progress = now;
                            opts.progress({c.expanded * T, table.size(), q, double(key >> 24) / 256.0,
                                           control.elapsed_seconds()});
                        }
                    }
                }
            }
            open.flush(t);
          } catch (...) {
            // A plugin error on one worker: stop everyone (the others would otherwise wait for
            // it in the idle protocol forever) and rethrow after the join.
            error.capture(done);
          }
        });
        error.rethrow();

        return finish(best_first_outcome(cx, res));  // after the join
    }

    bool greedy_;
    std::uint64_t peak_queue_ = 0;
};

}  // namespace

std::unique_ptr<engine> make_parallel_astar_engine() { return std::make_unique<parallel_best_first>(false); }
std::unique_ptr<engine> make_parallel_greedy_engine() { return std::make_unique<parallel_best_first>(true); }

}  // namespace solver
