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
    // Where progress lines go; empty = nowhere.
    std::function<void(const char* what, double fraction)> on_progress;

private:
    static runtime_services& self(void* ctx) { return *static_cast<runtime_services*>(ctx); }
    executor& exec_;
    search_control& control_;
    std::string cache_dir_;
    bool quiet_;
    std::mutex mutex_;  // guards output_ and stderr lines
    std::string output_;
    solver_services table_{};
};

// Default cache folder: $SOLVER_CACHE_DIR, else $XDG_CACHE_HOME/solver, else ~/.cache/solver.
std::string default_cache_dir();

}  // namespace solver
