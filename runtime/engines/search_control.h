// search_control: when a search must stop (time limit, memory limit, Ctrl-C) and why.
//
// Contract: should_stop() is thread-safe and cheap (one relaxed load on the fast path; the
// clock is read once every `clock_stride` calls on each thread). request_stop() may be called
// from any thread and from a signal handler (it only stores to a lock-free atomic).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace solver {

enum class stop_reason : int { none = 0, time_limit = 1, memory_limit = 2, interrupted = 3 };

class search_control {
public:
    using clock = std::chrono::steady_clock;

    // time_limit_seconds <= 0: no limit. memory_budget: bytes the search structures may use.
    search_control(double time_limit_seconds, std::uint64_t memory_budget_bytes);

    bool should_stop() {
        // Relaxed: the flag is a hint polled in loops; nothing is published through it, and the
        // engines synchronise their results through their own joins (thread join / pool wait).
        if (reason_.load(std::memory_order_relaxed) != 0) return true;
        // The stride counter is per thread: a shared counter would bounce its cache line
        // between all workers on every call.
        thread_local std::uint32_t calls = 0;
        if (has_deadline_ && ++calls % clock_stride == 0 && clock::now() >= deadline_) {
            request_stop(stop_reason::time_limit);
            return true;
        }
        return false;
    }
    // The first reason wins; later requests keep it.
    void request_stop(stop_reason r) {
        int expected = 0;
        // Relaxed CAS: only the value matters (see should_stop), no data is published with it.
        reason_.compare_exchange_strong(expected, static_cast<int>(r), std::memory_order_relaxed);
    }
    stop_reason reason() const { return static_cast<stop_reason>(reason_.load(std::memory_order_relaxed)); }

    std::uint64_t memory_budget() const { return memory_budget_; }
    double elapsed_seconds() const;
    // Re-arm for another level of a collection (same limits, a fresh deadline).
    void restart();

    // Ctrl-C (SIGINT/SIGTERM) calls request_stop(interrupted) on the control installed last.
    static void install_signal_handlers(search_control* control);

    static constexpr std::uint32_t clock_stride = 256;

private:
    std::atomic<int> reason_{0};
    double time_limit_;
    bool has_deadline_;
    clock::time_point start_, deadline_;
    std::uint64_t memory_budget_;
};

const char* to_string(stop_reason r);

}  // namespace solver
