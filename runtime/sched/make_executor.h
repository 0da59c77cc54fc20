// make_executor: the one place that turns --threads / --pool style options into an executor.
//
// Contract: make_executor() is thread-safe and returns a new, independent executor (the
// caller owns it); it throws std::invalid_argument, with a message naming the accepted values,
// for an unknown kind or for "omp" in a build without OpenMP (build with make OMP=1).
// online_cpus() is thread-safe and never returns 0.
#pragma once

#include "sched/executor.h"

#include <memory>
#include <string>
#include <vector>

namespace solver {

struct executor_options {
    unsigned threads = 0;  // 0 = online_cpus()
    // "ws" (work-stealing pthread pool), "omp" (OpenMP, only in OMP=1 builds), "sequential";
    // empty = the build's default: "omp" when built with SOLVER_OMP, else "ws".
    std::string kind;
    bool pin = false;  // ws only: pin worker k to the k-th CPU of the affinity mask
};

std::unique_ptr<executor> make_executor(const executor_options& options);

// The CPUs this process may run on (its affinity mask, which honours taskset/cgroup cpusets),
// falling back to the online CPU count; at least 1.
unsigned online_cpus();

// The kind an empty executor_options::kind selects in this build ("omp" or "ws").
const char* default_executor_kind();

// Whether this build contains the OpenMP executor.
bool openmp_available();

// Per-worker statistics of any executor (executor::stats()), for engines that report idle time
// per thread: the pool's and the OpenMP executor's counters; empty for the sequential one.
std::vector<worker_stats> executor_stats(const executor& ex);
void reset_executor_stats(executor& ex);

}  // namespace solver
