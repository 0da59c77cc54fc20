// executor: the small interface every engine and every plugin service runs its parallel work on.
//
// Contract:
//  - concurrency() workers, numbered 0..concurrency()-1; the thread that calls run_on_all(),
//    parallel_for() or task_group::wait() takes part as a worker while it waits.
//  - parallel_for / run_on_all / wait return only when all work they started has finished.
//  - An exception thrown by a task is caught on the worker, the remaining work still runs to
//    completion (or is skipped when it checks cancelled()), and the first exception is
//    rethrown from the call that waits for it. Nothing escapes a worker thread silently.
//  - Implementations: sequential_executor (this folder, the reference), the work-stealing
//    pthread pool and the OpenMP executor (make OMP=1).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace solver {

// Per-worker counters of an executor, cumulative since construction or reset_stats().
struct worker_stats {
    std::uint64_t tasks = 0;    // tasks (spawned functions and parallel_for pieces) executed
    std::uint64_t steals = 0;   // successful steals from another worker's deque (pool only)
    std::uint64_t idle_ns = 0;  // time spent without work: spinning, parked or at a barrier
    std::uint64_t parks = 0;    // times the worker went to sleep (pool only)
};

class task_group {
public:
    virtual ~task_group() = default;
    // Schedule fn(worker). Thread-safe; may be called from inside running tasks of this group.
    virtual void spawn(std::function<void(unsigned worker)> fn) = 0;
    // Block until every task spawned into this group (transitively) has finished; the caller
    // helps run tasks. Rethrows the first exception a task threw.
    virtual void wait() = 0;
};

class executor {
public:
    virtual ~executor() = default;
    virtual unsigned concurrency() const = 0;
    // A short name for statistics: "sequential", "ws-pool", "openmp".
    virtual const char* name() const = 0;
    // Run body(begin, end, worker) over [first, last) in chunks of about `grain` iterations.
    virtual void parallel_for(std::uint64_t first, std::uint64_t last, std::uint64_t grain,
                              const std::function<void(std::uint64_t, std::uint64_t, unsigned)>& body) = 0;
    // Run fn(worker) exactly once on each of the concurrency() workers, all at the same time
    // (engines that keep one search loop per thread rely on them running concurrently).
    virtual void run_on_all(const std::function<void(unsigned worker)>& fn) = 0;
    virtual std::unique_ptr<task_group> make_group() = 0;
    // One entry per worker (index = worker id), exact when no call is in progress; empty for
    // executors that keep no counters (sequential). reset_stats() zeroes them.
    virtual std::vector<worker_stats> stats() const { return {}; }
    virtual void reset_stats() {}
};

// Runs everything on the calling thread, in order. concurrency() == 1.
std::unique_ptr<executor> make_sequential_executor();

}  // namespace solver
