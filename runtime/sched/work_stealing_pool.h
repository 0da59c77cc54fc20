// work_stealing_pool: the runtime's executor on POSIX threads.
//
// Contract:
//  - Threads: concurrency() == N workers = the calling thread as worker 0 (while it is inside
//    parallel_for / run_on_all / task_group::wait) + N-1 pthreads named "solver-w1".."solver-wK"
//    (optionally pinned to CPUs 1..N-1 modulo the CPUs available; the caller is never pinned).
//  - Scheduling: one Chase-Lev deque per worker (chase_lev_deque.h). A worker pops its own deque
//    LIFO, then steals FIFO from victims in a random order, then takes from the injection queue
//    (tasks spawned by threads outside the pool). Idle workers spin briefly, then park on a
//    condition variable guarded by an epoch counter (an event count), so no wake-up is lost and
//    idle workers burn no core.
//  - Thread-safety: every member function may be called from any thread, including from inside
//    running tasks (nested parallel_for, spawn, wait), except run_on_all(), which must be called
//    from outside the pool (it throws std::logic_error from inside a task: the workers it needs
//    could be blocked under the caller). Calls from threads outside the pool are serialized: one
//    outside thread at a time drives the pool as worker 0; others block until it is free.
//  - Progress: blocking (workers park when idle); a task group's wait() returns once its
//    pending counter reaches zero, and meanwhile runs tasks itself, so nested waits cannot
//    deadlock for lack of threads. Task groups must be waited (their destructor waits) and must
//    not outlive the pool.
//  - Exceptions: caught on the worker; the first one is rethrown from the waiting call; the pool
//    stays usable. parallel_for skips chunks not yet started once one has thrown.
//  - Memory: per worker one deque (grows to the largest number of its queued tasks, < 2x that
//    in slots) and one heap-allocated task per spawn / per parallel_for split, freed after it runs.
#pragma once

#include "sched/executor.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace solver {

struct work_stealing_pool_options {
    unsigned threads = 0;        // 0 = online_cpus() (make_executor.h)
    bool pin = false;            // pin worker k to CPU k modulo the CPUs in the affinity mask
    unsigned spin_rounds = 64;   // failed work searches before parking (each with a pause/yield)
    // ... and at least this long idle before parking: a parked worker costs a futex wake-up
    // (tens of microseconds) when work comes back, which layer-by-layer loops pay at every
    // layer (layered BFS on the 8-puzzle: 4.54M nodes/s at 2 threads without it, against
    // 4.71M for OpenMP, whose threads spin between regions). Every 16th spin yields the core.
    std::uint64_t spin_ns = 200'000;
};

class work_stealing_pool final : public executor {
public:
    explicit work_stealing_pool(const work_stealing_pool_options& options);
    explicit work_stealing_pool(unsigned threads, bool pin = false);
    ~work_stealing_pool() override;  // stops and joins the workers
    work_stealing_pool(const work_stealing_pool&) = delete;
    work_stealing_pool& operator=(const work_stealing_pool&) = delete;

    unsigned concurrency() const override;
    const char* name() const override { return "ws-pool"; }
    void parallel_for(std::uint64_t first, std::uint64_t last, std::uint64_t grain,
                      const std::function<void(std::uint64_t, std::uint64_t, unsigned)>& body) override;
    void run_on_all(const std::function<void(unsigned worker)>& fn) override;
    std::unique_ptr<task_group> make_group() override;

    // One entry per worker (index = worker id). Exact when the pool is quiescent (no call in
    // progress); a consistent-enough snapshot otherwise.
    // (idle_ns: time spent looking for work without finding it, spinning or parked.)
    std::vector<worker_stats> stats() const override;
    void reset_stats() override;
    // The worker id of the calling thread in this pool, or -1 when it is not one of its workers.
    int current_worker() const;

    struct impl;

private:
    std::unique_ptr<impl> impl_;
};

}  // namespace solver
