// engine: the interface every search engine implements, and what it reports.
//
// Contract: run() is called from the main thread, may use opts.exec for parallel work, polls
// opts.control->should_stop() and returns (never throws for a limit) with the outcome and the
// statistics so far. A solved result carries the path as states and moves (parents are kept as
// indices during the search; the path is rebuilt only at the end).
#pragma once

#include "engines/problem.h"
#include "engines/search_control.h"
#include "sched/executor.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace solver {

enum class search_outcome { solved, unsolvable, limit, error };

// The visited set of the best-first engines: exact (the lock-free visited table) or approximate
// (a bloom filter and an append-only node store: less memory per state, but a false positive
// prunes a new state, so only any-solution searches may use it and exhausting it proves nothing).
enum class visited_kind { exact, bloom };

struct thread_stats {
    std::uint64_t expanded = 0;
    double idle_seconds = 0;
};

struct search_stats {
    std::uint64_t expanded = 0;    // states whose successors were generated
    std::uint64_t generated = 0;   // successors emitted by the plugin (incl. duplicates, dead)
    std::uint64_t duplicates = 0;  // successors already in the visited table with g no better
    std::uint64_t pruned = 0;      // successors the plugin reported dead (SOLVER_H_DEAD)
    std::uint64_t reopened = 0;    // expanded states reached again with a lower g (expanded again)
    std::uint64_t stored = 0;      // distinct states in the visited table
    std::uint64_t search_memory_bytes = 0;  // peak bytes of the engine's own structures
    std::vector<thread_stats> threads;
    std::vector<std::uint64_t> layers;      // bfs: new states per depth (layers[0] = 1, the root)
    // Relaxed open lists: the rank of sampled pops (how many queued elements were smaller).
    std::uint64_t rank_samples = 0;
    double rank_error_mean = 0;
    std::uint64_t rank_error_max = 0;
    // --visited bloom: the filter's expected false-positive rate at the final size (else < 0).
    double visited_false_positive_rate = -1;
};

struct progress_info {
    std::uint64_t expanded, stored, open;
    double best_f;
    double seconds;
};

struct engine_options {
    double weight = 1.0;                 // astar: f = g + weight * h
    executor* exec = nullptr;            // never null when run() is called
    search_control* control = nullptr;   // never null when run() is called
    // Measure the open list's rank error on every N-th pop (0 = never); costs O(queue size)
    // per sample.
    std::uint32_t rank_sample_interval = 0;
    // astar (weight > 1) and greedy only; the others refuse bloom (engine_unsuitable).
    visited_kind visited = visited_kind::exact;
    // Called from the main search thread about every quarter second (may be empty).
    std::function<void(const progress_info&)> progress;
};

struct search_result {
    search_outcome outcome = search_outcome::error;
    std::uint64_t cost = 0;
    std::vector<std::uint8_t> path_states;  // (moves.size() + 1) * state_size bytes
    std::vector<std::uint32_t> moves;
    search_stats stats;
    std::string message;  // for error outcomes, and notes
    // outcome limit because an approximate search exhausted its space without a solution
    // (--visited bloom): nothing is proven, nothing was stopped.
    bool incomplete = false;
    // count engine: the answer is a number, not a path. has_count says count is meaningful
    // (exact when outcome == solved, a lower bound so far when outcome == limit).
    bool has_count = false;
    unsigned __int128 count = 0;
};

// Decimal digits of a 128-bit count ("0" for zero).
std::string to_decimal(unsigned __int128 v);

// Thrown by run() when the engine cannot handle the instance at all (e.g. bfs on non-unit
// costs): a usage error (exit code 2), not a failure of the search.
class engine_unsuitable : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

class engine {
public:
    virtual ~engine() = default;
    virtual const char* name() const = 0;
    virtual search_result run(problem& p, const engine_options& opts) = 0;
};

struct engine_description {
    const char* name;
    const char* help;
};
// Every engine --engine accepts, with its help line.
const std::vector<engine_description>& engine_descriptions();
// Throws std::invalid_argument naming the known engines for an unknown name.
std::unique_ptr<engine> make_engine(const std::string& name);

}  // namespace solver
