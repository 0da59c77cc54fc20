// hda_engine: hash-distributed A* (HDA*, Kishimoto, Fukunaga, Botea 2009), engine `hda`.
//
// Every state has an owner worker, owner = hash % T, with the plugin's Zobrist hash when it
// provides one (problem::hash), else the runtime's byte hash. Each worker runs one search loop
// (executor::run_on_all) on its own local open list (a binary heap in runtime/open/hda_queues.h)
// and expands only the states it owns; a child owned by another worker is sent to it in
// batches (lock-free hand-off of 64 entries), a child owned by the generator goes straight
// into its own heap.
//
// Duplicate detection: in the shared lock-free visited_table, done by the generating worker
// before sending. A queue entry is 16 bytes (key, node index << 24 | g), so the child's bytes
// must live somewhere both threads can read; the table is that place, and inserting there
// first means a duplicate is never sent at all (no message, no owner work). The owner still
// has "its part": it is the only thread that expands its states, so each state is expanded by
// one thread and the table's improvement seqlock is the only point where two threads meet on a
// node. (Per-thread node stores would need the state bytes in the message or a second copy in
// a staging arena; the lock-free table makes that unnecessary.)
//
// Optimal mode (weight 1), as parallel_astar_engine: goal test at selection, incumbent cost C
// (atomic min under a mutex), nodes and children with f >= C discarded, states reached again
// with a lower g improved and sent again (reopening; stale entries are recognised by their g).
// Weighted HDA* (weight > 1): f = g + w*h, goal test at generation, first goal wins.
// States with g beyond the instance's max_cost (ABI 1.1) are pruned in every mode.
//
// Termination (no message may be in flight): runtime/engines/termination_detector.h, shared with
// parallel_astar. A worker whose heap is empty after draining its inbox flushes its outboxes and
// votes idle; it leaves idle when mail arrives (has_mail). An idle worker declares the search
// done when every worker is idle, no worker left idle during its check, and every handed-over
// item was drained (hda_queues::all_delivered(): received == sent): idle workers neither send
// nor drain, and each worker's sends happened before its vote, so all heaps, outboxes and
// inboxes are empty. The detector keeps hda's former single word (idle count + epoch, a leave
// is one add), now with 16 count bits and a 48-bit epoch.
#include "engines/engine.h"
#include "engines/engine_support.h"
#include "engines/termination_detector.h"
#include "open/hda_queues.h"
#include "visited/visited_table.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>

namespace solver {
namespace {


class hda_engine final : public engine {
public:
    const char* name() const override { return "hda"; }

    search_result run(problem& p, const engine_options& opts) override {
        const unsigned T = opts.exec->concurrency();
        const std::uint32_t n = p.state_size();
        const double w = opts.weight;
        const bool optimal = w == 1.0;
        const std::uint64_t max_cost = p.max_cost();  // ABI 1.1: states with g beyond it are pruned
        search_control& control = *opts.control;
        p.prepare_workers(*opts.exec);

        // 3/4 of the budget for the table, the rest for the heaps (16-32 bytes per entry).
        const std::uint64_t budget = control.memory_budget();
        visited_table table(n, budget / 4 * 3, T);
        const std::uint64_t heap_budget_entries = std::max<std::uint64_t>(1024, budget / 4 / 32 / T);
        hda_queues queues(T);

        search_result res;
        res.stats.threads.resize(T);
        std::vector<engine_counters> counters(T);
        std::vector<std::uint64_t> peak_heap(T, 0);

        auto key_of = [&](std::uint32_t g, std::uint32_t h) {
            const double f = double(g) + w * double(h);
            const std::uint64_t fk = static_cast<std::uint64_t>(std::min(f * 256.0, double(1ull << 40) - 1));
            return fk << 24 | std::min<std::uint64_t>(h, open_low24);
        };
        auto owner_of = [T](std::uint64_t hash) { return static_cast<unsigned>(hash % T); };

        auto finish = [&](search_outcome o) {
            res.outcome = o;
            sum_counters(counters, res.stats);
            res.stats.stored = table.size();
            std::uint64_t heaps = 0;
            for (auto h : peak_heap) heaps += h;
            res.stats.search_memory_bytes = table.memory_bytes() + heaps * 32;
            return res;
        };

        const best_first_root root = insert_root(p, table, control, res);
        if (root.ends) return finish(root.outcome);
        // Before the workers start: a send into the owner's heap (as if worker 0 sent it and
        // flushed; run_on_all's start orders it before every worker's first drain).
        queues.send(0, owner_of(root.hash), key_of(0, root.h), open_value(root.node, 0));
        queues.flush(0);

        incumbent best;
        // Polled by every loop; relaxed: results are read after run_on_all's join.
        std::atomic<bool> done{false};
        const best_first_context<visited_table> cx{p, table, control, done, best, optimal, max_cost};
        // The idle vote (termination_detector.h): done when every worker is idle and every
        // handed-over item was drained.
        termination_detector termination(T);
        first_error error;

        opts.exec->run_on_all([&](unsigned t) {
            engine_counters& c = counters[t];
            try {
                std::vector<std::uint8_t> current(n);
                auto last_progress = std::chrono::steady_clock::now();
                std::uint64_t polls = 0;
                while (keep_searching(done, control)) {
                    std::uint64_t key, value;
                    if (!queues.try_pop(t, key, value)) {
                        // Idle: flush the outboxes, vote, wait for mail or for the end.
                        termination.wait_for_work(
                            done, c.idle, [&] { queues.flush(t); }, [&] { return queues.has_mail(t); },
                            [&] { return queues.all_delivered(); }, [&] { return control.should_stop(); });
                        continue;
                    }
                    std::uint64_t node;
                    std::uint32_t g;
                    if (!take_popped(cx, key, value, current.data(), node, g)) continue;
                    ++c.expanded;
                    p.expand(t, current.data(), [&](const void* child, std::uint32_t move, std::uint32_t cost,
                                                    std::uint32_t ch, std::uint64_t hash) {
                        std::uint64_t child_node;
                        std::uint32_t cg;
                        switch (admit_child(cx, c, t, node, g, child, move, cost, ch, hash, child_node, cg)) {
                            case child_fate::drop: return true;
                            case child_fate::stop: return false;
                            case child_fate::queue: break;
                        }
                        queues.send(t, owner_of(hash), key_of(cg, ch), open_value(child_node, cg));
                        return true;
                    });
                    if ((++polls & 63) == 0) {
                        // Partly filled batches would otherwise wait until this worker idles;
                        // their owners may hold the best nodes of the search.
                        queues.flush(t);
                        const std::uint64_t q = queues.local_size(t);
                        peak_heap[t] = std::max(peak_heap[t], q);
                        if (q > heap_budget_entries) {
                            control.request_stop(stop_reason::memory_limit);
                            done.store(true, std::memory_order_relaxed);
                        }
                        if (t == 0 && opts.progress) {
                            auto now = std::chrono::steady_clock::now();
                            if (now - last_progress > std::chrono::milliseconds(250)) {
                                last_progress = now;
                                opts.progress({c.expanded * T, table.size(), q * T, double(key >> 24) / 256.0,
                                               control.elapsed_seconds()});
                            }
                        }
                    }
                }
            } catch (...) {
                error.capture(done);  // leave no worker waiting for this one
            }
            queues.flush(t);
        });
        error.rethrow();

        return finish(best_first_outcome(cx, res));
    }
};

}  // namespace

std::unique_ptr<engine> make_hda_engine() { return std::make_unique<hda_engine>(); }

}  // namespace solver
