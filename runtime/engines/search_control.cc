#include "engines/search_control.h"

#include <csignal>

namespace solver {

namespace {
// The control a signal should stop. A lock-free atomic pointer: async-signal-safe to read.
std::atomic<search_control*> g_signal_target{nullptr};
static_assert(std::atomic<search_control*>::is_always_lock_free, "signal handler needs lock-free atomics");
static_assert(std::atomic<int>::is_always_lock_free, "signal handler needs lock-free atomics");

extern "C" void solver_on_signal(int) {
    // Acquire pairs with the release store in install_signal_handlers: the control object is
    // fully constructed before the handler may see its address.
    if (search_control* c = g_signal_target.load(std::memory_order_acquire)) c->request_stop(stop_reason::interrupted);
}
}  // namespace

search_control::search_control(double time_limit_seconds, std::uint64_t memory_budget_bytes)
    : time_limit_(time_limit_seconds), has_deadline_(time_limit_seconds > 0), memory_budget_(memory_budget_bytes) {
    restart();
}

void search_control::restart() {
    reason_.store(0, std::memory_order_relaxed);
    start_ = clock::now();
    if (has_deadline_)
        deadline_ = start_ + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(time_limit_));
}

double search_control::elapsed_seconds() const {
    return std::chrono::duration<double>(clock::now() - start_).count();
}

void search_control::install_signal_handlers(search_control* control) {
    g_signal_target.store(control, std::memory_order_release);
    struct sigaction sa {};
    sa.sa_handler = solver_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

const char* to_string(stop_reason r) {
    switch (r) {
        case stop_reason::none: return "none";
        case stop_reason::time_limit: return "time_limit";
        case stop_reason::memory_limit: return "memory_limit";
        case stop_reason::interrupted: return "interrupted";
    }
    return "unknown";
}

}  // namespace solver
