// services: the solver_services table handed to plugins, backed by the runtime's executor,
// search control, stderr logging and the solution output.
//
// Contract: the table and everything it points to live as long as this object. Every function
// in it is safe to call from any worker thread; no exception crosses back into the plugin
// (a task that throws is reported through log and the rest of the work still completes).
#pragma once

#include <solver/plugin.h>

#include "engines/search_control.h"
#include "sched/executor.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace solver {

class runtime_services {
public:
    runtime_services(executor& exec, search_control& control, std::string cache_dir, bool quiet);
    const solver_services* table() const { return &table_; }
    // Text written by the plugin's own solve (write_output), in order.
    std::string take_output();
    // What the plugin's own solve reported through report_counts (ABI 1.2) since the last
    // reset: `reported` false when it never called it; a figure it does not keep is
    // SOLVER_COUNT_UNKNOWN.
    struct counts {
        bool reported = false;
        std::uint64_t expanded = SOLVER_COUNT_UNKNOWN, generated = SOLVER_COUNT_UNKNOWN;
    };
    void reset_counts();
    counts reported_counts();
    // Where progress lines go; empty = nowhere.
    std::function<void(const char* what, double fraction)> on_progress;

private:
    static runtime_services& self(void* ctx) { return *static_cast<runtime_services*>(ctx); }
    executor& exec_;
    search_control& control_;
    std::string cache_dir_;
    bool quiet_;
    std::mutex mutex_;  // guards output_, counts_ and stderr lines
    std::string output_;
    counts counts_;
    solver_services table_{};
};

// Default cache folder: $SOLVER_CACHE_DIR, else $XDG_CACHE_HOME/solver, else ~/.cache/solver.
std::string default_cache_dir();

}  // namespace solver
