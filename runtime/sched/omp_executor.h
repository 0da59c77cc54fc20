// omp_executor: the executor interface on OpenMP, so every engine can be timed on the
// work-stealing pool and on the compiler's runtime side by side (make OMP=1 builds with it).
//
// Contract: as executor.h. Workers are the threads of an OpenMP team of concurrency() threads
// (worker id = omp_get_thread_num()); each outermost call (parallel_for, run_on_all, wait of a
// group whose tasks were spawned outside any region) opens one `omp parallel` region; calls
// made from inside running work use tasks of the enclosing region (taskloop, task, taskwait),
// never nested parallel regions. run_on_all must be called from outside the executor's work
// (std::logic_error otherwise) and throws std::runtime_error without running fn if the OpenMP
// runtime grants fewer threads than concurrency(). Exceptions never cross an OpenMP construct:
// they are caught in the task and the first is rethrown by the waiting call. Only declared and
// compiled when _OPENMP is defined.
#pragma once

#include "sched/executor.h"

#include <memory>

namespace solver {

#ifdef _OPENMP
// threads == 0: omp_get_max_threads().
std::unique_ptr<executor> make_omp_executor(unsigned threads);
#endif

}  // namespace solver
