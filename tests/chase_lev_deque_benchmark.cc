// chase_lev_deque_benchmark: operations per second of the Chase-Lev deque next to a baseline
// (std::mutex around std::deque) in the same run, at 1 and 2 threads.
//
//   build/bench/chase_lev_deque [--items N] [--reps R] [--deque cl|mutex|all]
//
// One row per measurement on stdout:  benchmark  deque  threads  ops_per_s  seconds
//   push_pop     1 thread: push N items, pop them all (owner only)       ops = 2N
//   push_steal   1 thread: push N items, steal them all (FIFO end)      ops = 2N
//   owner_thief  2 threads: the owner pushes N items and pops when it can, a thief steals
//                concurrently; ops = pushes + successful pops + successful steals
// The best of R repetitions is reported.
#include "sched/chase_lev_deque.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace {

// The baseline: the same operations under one mutex.
class mutex_deque {
public:
    void push(std::uint64_t x) {
        std::lock_guard<std::mutex> lock(m_);
        q_.push_back(x);
    }
    std::optional<std::uint64_t> pop() {
        std::lock_guard<std::mutex> lock(m_);
        if (q_.empty()) return std::nullopt;
        std::uint64_t x = q_.back();
        q_.pop_back();
        return x;
    }
    std::optional<std::uint64_t> steal() {
        std::lock_guard<std::mutex> lock(m_);
        if (q_.empty()) return std::nullopt;
        std::uint64_t x = q_.front();
        q_.pop_front();
        return x;
    }
    bool empty() {
        std::lock_guard<std::mutex> lock(m_);
        return q_.empty();
    }

private:
    std::mutex m_;
    std::deque<std::uint64_t> q_;
};

using cl_deque = solver::chase_lev_deque<std::uint64_t>;

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

volatile std::uint64_t sink;

template <class Q>
double push_pop(std::uint64_t n, std::uint64_t& ops) {
    Q q;
    auto t0 = std::chrono::steady_clock::now();
    std::uint64_t s = 0;
    for (std::uint64_t i = 0; i < n; ++i) q.push(i);
    while (auto x = q.pop()) s += *x;
    double t = seconds_since(t0);
    sink = s;
    ops = 2 * n;
    return t;
}

template <class Q>
double push_steal(std::uint64_t n, std::uint64_t& ops) {
    Q q;
    auto t0 = std::chrono::steady_clock::now();
    std::uint64_t s = 0;
    for (std::uint64_t i = 0; i < n; ++i) q.push(i);
    while (auto x = q.steal()) s += *x;
    double t = seconds_since(t0);
    sink = s;
    ops = 2 * n;
    return t;
}

template <class Q>
double owner_thief(std::uint64_t n, std::uint64_t& ops) {
    Q q;
    std::atomic<bool> done{false};
    std::atomic<std::uint64_t> stolen{0};
    std::atomic<bool> go{false};
    std::thread thief([&] {
        while (!go.load(std::memory_order_acquire)) {
        }
        std::uint64_t got = 0, s = 0;
        for (;;) {
            if (auto x = q.steal()) {
                ++got;
                s += *x;
            } else if (done.load(std::memory_order_acquire)) {
                if (q.empty()) break;
            }
        }
        sink = s;
        stolen.store(got);
    });
    auto t0 = std::chrono::steady_clock::now();
    go.store(true, std::memory_order_release);
    std::uint64_t popped = 0, s = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        q.push(i);
        if (i % 2 == 1)  // the owner consumes about half of what it produces, LIFO
            if (auto x = q.pop()) ++popped, s += *x;
    }
    while (auto x = q.pop()) ++popped, s += *x;
    done.store(true, std::memory_order_release);
    thief.join();
    double t = seconds_since(t0);
    sink = s;
    ops = n + popped + stolen.load();
    return t;
}

template <class F>
void report(const char* bench, const char* deque, unsigned threads, int reps, F run) {
    double best = 1e300;
    std::uint64_t ops = 0;
    for (int r = 0; r < reps; ++r) {
        std::uint64_t o = 0;
        double t = run(o);
        if (t < best) best = t, ops = o;
    }
    std::printf("%-12s %-6s %7u %14.0f %10.4f\n", bench, deque, threads, ops / best, best);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t n = 4000000;
    int reps = 3;
    std::string which = "all";
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--items" && i + 1 < argc) {
            n = std::strtoull(argv[++i], nullptr, 10);
        } else if (a == "--reps" && i + 1 < argc) {
            reps = std::atoi(argv[++i]);
        } else if (a == "--deque" && i + 1 < argc) {
            which = argv[++i];
        } else {
            std::fprintf(stderr,
                         "usage: %s [--items N (default 4000000)] [--reps R (default 3)] [--deque cl|mutex|all]\n",
                         argv[0]);
            return a == "--help" || a == "-h" ? 0 : 2;
        }
    }
    if (which != "all" && which != "cl" && which != "mutex") {
        std::fprintf(stderr, "--deque: expected cl, mutex or all, not '%s'\n", which.c_str());
        return 2;
    }
    if (reps < 1) reps = 1;
    // Start and join a thread first, so the single-thread rows run in a multi-threaded process
    // like the two-thread rows (libc and libstdc++ take shortcuts while a process has one thread).
    std::thread([] {}).join();
    std::printf("%-12s %-6s %7s %14s %10s\n", "benchmark", "deque", "threads", "ops_per_s", "seconds");
    const bool cl = which != "mutex", mx = which != "cl";
    if (cl) report("push_pop", "cl", 1, reps, [&](std::uint64_t& o) { return push_pop<cl_deque>(n, o); });
    if (mx) report("push_pop", "mutex", 1, reps, [&](std::uint64_t& o) { return push_pop<mutex_deque>(n, o); });
    if (cl) report("push_steal", "cl", 1, reps, [&](std::uint64_t& o) { return push_steal<cl_deque>(n, o); });
    if (mx) report("push_steal", "mutex", 1, reps, [&](std::uint64_t& o) { return push_steal<mutex_deque>(n, o); });
    if (cl) report("owner_thief", "cl", 2, reps, [&](std::uint64_t& o) { return owner_thief<cl_deque>(n, o); });
    if (mx) report("owner_thief", "mutex", 2, reps, [&](std::uint64_t& o) { return owner_thief<mutex_deque>(n, o); });
    return 0;
}
