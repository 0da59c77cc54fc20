// make_executor: see the header.
#include "sched/make_executor.h"

#include "sched/omp_executor.h"
#include "sched/work_stealing_pool.h"

#include <sched.h>
#include <unistd.h>

#include <stdexcept>

namespace solver {

unsigned online_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return static_cast<unsigned>(count);
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? static_cast<unsigned>(online) : 1u;
}

bool openmp_available() {
#ifdef _OPENMP
    return true;
#else
    return false;
#endif
}

const char* default_executor_kind() {
#if defined(SOLVER_OMP) && SOLVER_OMP && defined(_OPENMP)
    return "omp";
#else
    return "ws";
#endif
}

std::vector<worker_stats> executor_stats(const executor& ex) { return ex.stats(); }

void reset_executor_stats(executor& ex) { ex.reset_stats(); }

std::unique_ptr<executor> make_executor(const executor_options& options) {
    const std::string kind = options.kind.empty() ? std::string(default_executor_kind()) : options.kind;
    const unsigned threads = options.threads ? options.threads : online_cpus();
    if (kind == "ws") return std::make_unique<work_stealing_pool>(work_stealing_pool_options{threads, options.pin});
    if (kind == "sequential") return make_sequential_executor();
    if (kind == "omp") {
#ifdef _OPENMP
        return make_omp_executor(threads);
#else
        throw std::invalid_argument(
            "executor kind 'omp' is not available: this build has no OpenMP (rebuild with make OMP=1), "
            "use 'ws' or 'sequential'");
#endif
    }
    throw std::invalid_argument("unknown executor kind '" + kind + "': expected ws, omp or sequential");
}

}  // namespace solver
