// work_stealing_pool_benchmark: the executors on two workloads, at 1 and 2 threads (or --threads).
//
//   build/bench/work_stealing_pool [--pool ws|omp|seq|all] [--threads 1,2] [--reps R]
//                                  [--size N] [--fib K] [--cutoff C]
//
// One row per measurement on stdout:  benchmark  pool  threads  seconds  items_per_s
//   parallel_for  sum of a cheap hash over N indices (grain 4096); items = N
//   fib_spawn     fib(K) with one task per call down to fib(C) (spawn one child into a group,
//                 compute the other inline, wait): scheduling overhead; items = tasks spawned
// "omp" exists only in OpenMP builds (make OMP=1 bench, build-omp/bench/...); --pool all (the
// default) runs every executor the build has. The best of R repetitions is reported.
#include "sched/executor.h"
#include "sched/make_executor.h"
#include "sched/work_stealing_pool.h"
#include "visited/mix64.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

using solver::executor;

unsigned fib_cutoff = 4;  // --cutoff

using solver::mix64;

std::uint64_t fib_serial(unsigned k) { return k < 2 ? k : fib_serial(k - 1) + fib_serial(k - 2); }

std::uint64_t fib_tasks(executor& ex, unsigned k, std::atomic<std::uint64_t>& tasks) {
    if (k <= fib_cutoff) return fib_serial(k);
    std::uint64_t a = 0;
    auto group = ex.make_group();
    group->spawn([&](unsigned) { a = fib_tasks(ex, k - 1, tasks); });
    tasks.fetch_add(1, std::memory_order_relaxed);
    std::uint64_t b = fib_tasks(ex, k - 2, tasks);
    group->wait();
    return a + b;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

volatile std::uint64_t sink;

struct result {
    double seconds;
    std::uint64_t items;
    bool ok;
};

result run_parallel_for(executor& ex, std::uint64_t n) {
    std::vector<std::uint64_t> partial(ex.concurrency() * 8, 0);  // one padded slot per worker
    auto t0 = std::chrono::steady_clock::now();
    ex.parallel_for(0, n, 4096, [&](std::uint64_t b, std::uint64_t e, unsigned w) {
        std::uint64_t s = 0;
        for (std::uint64_t i = b; i < e; ++i) s += mix64(i);
        partial[w * 8] += s;
    });
    double t = seconds_since(t0);
    std::uint64_t s = 0;
    for (std::uint64_t p : partial) s += p;
    sink = s;
    return {t, n, true};
}

result run_fib(executor& ex, unsigned k) {
    std::atomic<std::uint64_t> tasks{0};
    auto t0 = std::chrono::steady_clock::now();
    std::uint64_t f = 0;
    auto group = ex.make_group();
    group->spawn([&](unsigned) { f = fib_tasks(ex, k, tasks); });
    group->wait();
    double t = seconds_since(t0);
    return {t, tasks.load(), f == fib_serial(k)};
}

std::vector<unsigned> parse_list(const std::string& s) {
    std::vector<unsigned> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(static_cast<unsigned>(std::strtoul(item.c_str(), nullptr, 10)));
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    std::string pool = "all";
    std::vector<unsigned> threads = {1, 2};
    int reps = 3;
    std::uint64_t size = 1ull << 27;
    unsigned fib_k = 27;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--pool") {
            pool = next();
        } else if (a == "--threads") {
            threads = parse_list(next());
        } else if (a == "--reps") {
            reps = std::atoi(next().c_str());
        } else if (a == "--size") {
            size = std::strtoull(next().c_str(), nullptr, 10);
        } else if (a == "--cutoff") {
            fib_cutoff = static_cast<unsigned>(std::atoi(next().c_str()));
        } else if (a == "--fib") {
            fib_k = static_cast<unsigned>(std::atoi(next().c_str()));
        } else {
            std::fprintf(stderr,
                         "usage: %s [--pool ws|omp|seq|all] [--threads 1,2] [--reps 3] [--size %llu] [--fib 27] [--cutoff 4]\n",
                         argv[0], static_cast<unsigned long long>(1ull << 27));
            return a == "--help" || a == "-h" ? 0 : 2;
        }
    }
    std::vector<std::string> kinds;
    if (pool == "all") {
        kinds = {"ws"};
        if (solver::openmp_available()) kinds.push_back("omp");
    } else if (pool == "ws" || pool == "omp" || pool == "seq") {
        kinds = {pool == "seq" ? "sequential" : pool};
    } else {
        std::fprintf(stderr, "--pool: expected ws, omp, seq or all, not '%s'\n", pool.c_str());
        return 2;
    }
    if (reps < 1) reps = 1;
    if (threads.empty()) threads = {1, 2};

    std::printf("%-13s %-10s %7s %10s %14s\n", "benchmark", "pool", "threads", "seconds", "items_per_s");
    int status = 0;
    for (const std::string& kind : kinds) {
        for (unsigned t : threads) {
            std::unique_ptr<executor> ex;
            try {
                ex = solver::make_executor(solver::executor_options{t, kind});
            } catch (const std::exception& e) {
                std::fprintf(stderr, "%s\n", e.what());
                return 2;
            }
            const unsigned n = ex->concurrency();
            auto measure = [&](const char* name, auto run) {
                result best{1e300, 0, true};
                for (int r = 0; r < reps; ++r) {
                    result res = run();
                    if (!res.ok) {
                        std::fprintf(stderr, "%s on %s/%u: wrong result\n", name, ex->name(), n);
                        status = 1;
                    }
                    if (res.seconds < best.seconds) best = res;
                }
                std::printf("%-13s %-10s %7u %10.4f %14.0f\n", name, ex->name(), n, best.seconds,
                            best.items / best.seconds);
                std::fflush(stdout);
            };
            measure("parallel_for", [&] { return run_parallel_for(*ex, size); });
            measure("fib_spawn", [&] { return run_fib(*ex, fib_k); });
            if (auto* ws = dynamic_cast<solver::work_stealing_pool*>(ex.get())) {
                // Per-worker statistics of the whole run, on stderr (not part of the table).
                auto st = ws->stats();
                for (unsigned w = 0; w < st.size(); ++w)
                    std::fprintf(stderr, "# ws-pool/%u worker %u: tasks %llu steals %llu idle %.3f s parks %llu\n", n, w,
                                 static_cast<unsigned long long>(st[w].tasks),
                                 static_cast<unsigned long long>(st[w].steals), st[w].idle_ns / 1e9,
                                 static_cast<unsigned long long>(st[w].parks));
            }
        }
    }
    return status;
}
