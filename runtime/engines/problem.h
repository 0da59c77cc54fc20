// problem: one opened plugin instance seen from the engines' side: its facts, thin C++ calls
// over the C table, and per-thread scratch buffers.
//
// Contract: built and destroyed on the main thread; expand/heuristic/hash/is_goal are
// thread-safe when each thread passes its own scratch (scratch(worker)). The instance is
// read-only during the search. No exception is thrown from the plugin side: plugin errors come
// back as solver_status and are turned into plugin_call_error here.
#pragma once

#include <solver/plugin.h>

#include "sched/executor.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace solver {

class plugin_call_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// 64-bit hash of state bytes for plugins that provide none (our own mixing, wyhash-style
// 64x64->128 multiply folding over 8-byte words).
std::uint64_t hash_bytes(const void* data, std::size_t n);

class problem {
public:
    // Takes ownership of `instance` (closed in the destructor).
    problem(const solver_plugin& table, solver_instance* instance);
    ~problem();
    problem(const problem&) = delete;
    problem& operator=(const problem&) = delete;

    const solver_plugin& table() const { return table_; }
    const solver_instance* instance() const { return instance_; }
    std::uint32_t state_size() const { return state_size_; }
    std::uint32_t flags() const { return flags_; }
    bool unit_cost() const { return flags_ & SOLVER_UNIT_COST; }
    bool admissible() const { return flags_ & SOLVER_H_ADMISSIBLE; }
    bool consistent() const { return flags_ & SOLVER_H_CONSISTENT; }
    bool plugin_hash() const { return (flags_ & SOLVER_HAS_HASH) && table_.hash; }
    std::string default_engine() const { return default_engine_; }
    double default_weight() const { return default_weight_; }
    std::string cost_unit() const { return cost_unit_; }
    std::string description() const { return description_; }
    // The largest allowed solution cost (ABI 1.1 max_cost), UINT64_MAX when unlimited.
    std::uint64_t max_cost() const { return max_cost_; }

    // Create scratch buffers for `workers` threads, on the calling thread.
    void prepare_workers(unsigned workers);
    // Create the missing scratch buffers of ex's workers, each on its own worker's thread (call
    // before a parallel search, from outside the executor): its allocations then come from that
    // thread's malloc arena, so the buffers one worker writes on every expansion never share a
    // cache line with another worker's (created in a row on one thread, the end of one scratch
    // and the start of the next could).
    void prepare_workers(executor& ex);
    solver_scratch* scratch(unsigned worker) { return scratches_.at(worker); }

    void initial(unsigned worker, void* out);
    std::uint32_t heuristic(unsigned worker, const void* state) {
        return table_.heuristic(instance_, scratches_[worker], state);
    }
    bool is_goal(const void* state) const { return table_.is_goal(instance_, state) != 0; }
    std::uint64_t hash(const void* state) const {
        return plugin_hash() ? table_.hash(instance_, state) : hash_bytes(state, state_size_);
    }
    // fn(state, move, cost, h, hash) -> bool keep_going. hash is the plugin's or ours.
    template <class F>
    void expand(unsigned worker, const void* state, F&& fn) {
        struct ctx_t {
            F* fn;
            const problem* self;
        } ctx{&fn, this};
        solver_sink sink;
        sink.ctx = &ctx;
        sink.emit = [](void* c, const void* child, std::uint32_t move, std::uint32_t cost, std::uint32_t h,
                       std::uint64_t hv) -> int {
            auto* x = static_cast<ctx_t*>(c);
            if (!x->self->plugin_hash()) hv = hash_bytes(child, x->self->state_size_);
            return (*x->fn)(child, move, cost, h, hv) ? 0 : 1;
        };
        check(table_.expand(instance_, scratches_[worker], state, &sink), "expand");
    }
    // The cost of a path (count+1 states, count moves) by re-expanding each state and taking
    // the cheapest successor equal to the next state with the same move id. Throws
    // plugin_call_error when a step is not a successor. Engines report this, not a stored g:
    // in any-solution modes a stored g can be stale after an ancestor was improved.
    std::uint64_t path_cost(unsigned worker, const std::vector<std::uint8_t>& states,
                            const std::vector<std::uint32_t>& moves);
    // The domain's solution text for a path (states: count+1 states; moves: count ids).
    std::string format_solution(const std::vector<std::uint8_t>& states, const std::vector<std::uint32_t>& moves);
    // OK -> empty string and cost set; otherwise the verifier's reason. `supported` is false
    // when the plugin says the answer cannot be replayed (SOLVER_ERR_UNSUPPORTED).
    std::string verify(const std::string& solution, std::uint64_t& cost, bool* supported = nullptr);

private:
    void check(solver_status s, const char* what);

    const solver_plugin& table_;
    solver_instance* instance_;
    std::uint32_t state_size_ = 0, flags_ = 0;
    std::string default_engine_, cost_unit_, description_;
    double default_weight_ = 1.0;
    std::uint64_t max_cost_ = UINT64_MAX;
    std::vector<solver_scratch*> scratches_;
};

}  // namespace solver
