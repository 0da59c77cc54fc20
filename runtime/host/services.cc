#include "host/services.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>

struct solver_task_group {
    std::unique_ptr<solver::task_group> group;
};

namespace solver {

std::string default_cache_dir() {
    if (const char* d = std::getenv("SOLVER_CACHE_DIR"); d && *d) return d;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/solver";
    if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/solver";
    return ".solver-cache";
}

runtime_services::runtime_services(executor& exec, search_control& control, std::string cache_dir, bool quiet)
    : exec_(exec), control_(control), cache_dir_(std::move(cache_dir)), quiet_(quiet) {
    table_.abi_version = SOLVER_ABI_VERSION;
    table_.struct_size = sizeof(solver_services);
    table_.ctx = this;
    table_.threads = exec_.concurrency();
    table_.memory_budget_bytes = control_.memory_budget();
    table_.cache_dir = cache_dir_.c_str();
    table_.should_stop = [](void* ctx) -> int { return self(ctx).control_.should_stop() ? 1 : 0; };
    table_.log = [](void* ctx, solver_log_level level, const char* message) {
        auto& s = self(ctx);
        if (s.quiet_ && level < SOLVER_LOG_WARN) return;
        std::lock_guard<std::mutex> lock(s.mutex_);
        std::fprintf(stderr, "%s%s\n", level == SOLVER_LOG_WARN ? "warning: " : "", message ? message : "");
    };
    table_.progress = [](void* ctx, const char* what, double fraction) {
        auto& s = self(ctx);
        if (!s.on_progress) return;
        std::lock_guard<std::mutex> lock(s.mutex_);
        s.on_progress(what ? what : "", fraction);
    };
    table_.write_output = [](void* ctx, const char* text, std::size_t length) {
        auto& s = self(ctx);
        std::lock_guard<std::mutex> lock(s.mutex_);
        s.output_.append(text, length);
    };
    // Exceptions from plugin callbacks cannot happen (they are C functions), but our own
    // executor may throw (e.g. bad_alloc): report and swallow, never unwind into C frames.
    table_.parallel_for = [](void* ctx, std::uint64_t begin, std::uint64_t end, std::uint64_t grain,
                             solver_range_fn body, void* arg) {
        try {
            self(ctx).exec_.parallel_for(begin, end, grain, [&](std::uint64_t b, std::uint64_t e, unsigned w) {
                body(arg, b, e, w);
            });
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: parallel_for failed: %s\n", e.what());
            self(ctx).control_.request_stop(stop_reason::memory_limit);
        }
    };
    table_.group_create = [](void* ctx) -> solver_task_group* {
        try {
            return new solver_task_group{self(ctx).exec_.make_group()};
        } catch (...) {
            return nullptr;
        }
    };
    table_.group_spawn = [](void*, solver_task_group* g, solver_task_fn fn, void* arg) {
        try {
            g->group->spawn([fn, arg](unsigned w) { fn(arg, w); });
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: spawn failed: %s\n", e.what());
        }
    };
    table_.group_wait = [](void*, solver_task_group* g) {
        try {
            g->group->wait();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: a task failed: %s\n", e.what());
        }
    };
    table_.group_free = [](void*, solver_task_group* g) { delete g; };
    table_.report_counts = [](void* ctx, std::uint64_t expanded, std::uint64_t generated) {
        auto& s = self(ctx);
        std::lock_guard<std::mutex> lock(s.mutex_);
        s.counts_.reported = true;
        s.counts_.expanded = expanded;
        s.counts_.generated = generated;
    };
}

void runtime_services::reset_counts() {
    std::lock_guard<std::mutex> lock(mutex_);
    counts_ = counts{};
}

runtime_services::counts runtime_services::reported_counts() {
    std::lock_guard<std::mutex> lock(mutex_);
    return counts_;
}

std::string runtime_services::take_output() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::string out;
    out.swap(output_);
    return out;
}

}  // namespace solver
