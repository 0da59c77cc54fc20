// The executor contract (runtime/sched/executor.h) checked the same way against every
// implementation: the sequential reference, the work-stealing pool and, in OpenMP builds, the
// OpenMP executor; each parallel one for 1, 2, 3, 4 and 8 threads. Also make_executor().
#include "sched/executor.h"
#include "sched/make_executor.h"

#include "test_support.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using solver::executor;
using solver::executor_options;
using solver::make_executor;

using solver_test::test_barrier;

void check_parallel_for(executor& ex, std::uint64_t first, std::uint64_t last, std::uint64_t grain) {
    CAPTURE(first);
    CAPTURE(last);
    CAPTURE(grain);
    const std::uint64_t size = last > first ? last - first : 0;
    std::vector<std::atomic<std::uint32_t>> hits(size);
    for (auto& h : hits) h.store(0, std::memory_order_relaxed);
    std::atomic<bool> bad{false};
    const unsigned n = ex.concurrency();
    const std::uint64_t g = grain ? grain : 1;
    ex.parallel_for(first, last, grain, [&](std::uint64_t b, std::uint64_t e, unsigned w) {
        if (b >= e || e - b > g || b < first || e > last || w >= n) bad = true;
        for (std::uint64_t i = b; i < e && i < last; ++i) hits[i - first].fetch_add(1, std::memory_order_relaxed);
    });
    CHECK_FALSE(bad.load());
    std::uint64_t wrong = 0;
    for (auto& h : hits) wrong += h.load(std::memory_order_relaxed) != 1;
    CHECK(wrong == 0);
}

std::uint64_t fib_serial(unsigned k) { return k < 2 ? k : fib_serial(k - 1) + fib_serial(k - 2); }

std::uint64_t fib_tasks(executor& ex, unsigned k) {
    if (k < 8) return fib_serial(k);
    std::uint64_t a = 0, b = 0;
    auto group = ex.make_group();
    group->spawn([&](unsigned) { a = fib_tasks(ex, k - 1); });
    group->spawn([&](unsigned) { b = fib_tasks(ex, k - 2); });
    group->wait();
    return a + b;
}

void tree_node(solver::task_group& group, std::atomic<std::uint64_t>& count, unsigned depth) {
    count.fetch_add(1, std::memory_order_relaxed);
    if (depth == 0) return;
    for (int c = 0; c < 2; ++c) group.spawn([&group, &count, depth](unsigned) { tree_node(group, count, depth - 1); });
}

// The whole contract, for one executor.
void check_executor_contract(executor& ex) {
    const unsigned n = ex.concurrency();
    CAPTURE(ex.name());
    CAPTURE(n);

    // parallel_for covers each index exactly once, in chunks within the grain.
    check_parallel_for(ex, 0, 20000, 100);
    check_parallel_for(ex, 0, 3000, 1);
    check_parallel_for(ex, 11, 11 + 777, 0);
    check_parallel_for(ex, 4, 4, 5);
    check_parallel_for(ex, 0, 10, 1000);

    // Nested spawns: exact results.
    CHECK(fib_tasks(ex, 18) == fib_serial(18));
    {
        std::atomic<std::uint64_t> count{0};
        auto group = ex.make_group();
        group->spawn([&](unsigned) { tree_node(*group, count, 10); });
        group->wait();
        CHECK(count.load() == (1u << 11) - 1);
    }

    // run_on_all: once per worker, all at the same time (a barrier of n inside).
    for (int round = 0; round < 5; ++round) {
        std::vector<std::atomic<int>> calls(n);
        for (auto& c : calls) c.store(0);
        test_barrier barrier(n);
        std::atomic<bool> bad{false};
        ex.run_on_all([&](unsigned w) {
            if (w >= n) {
                bad = true;
                return;
            }
            calls[w].fetch_add(1);
            barrier.arrive_and_wait();
        });
        CHECK_FALSE(bad.load());
        for (unsigned w = 0; w < n; ++w) CHECK(calls[w].load() == 1);
    }

    // Tasks spawned from inside run_on_all into a group made outside: all done by its wait().
    {
        std::atomic<int> spawned{0};
        auto group = ex.make_group();
        ex.run_on_all([&](unsigned) {
            for (int i = 0; i < 50; ++i) group->spawn([&](unsigned) { spawned.fetch_add(1); });
        });
        group->wait();
        CHECK(spawned.load() == 50 * static_cast<int>(n));
    }

    // parallel_for nested inside run_on_all's functions and inside parallel_for.
    {
        std::atomic<std::uint64_t> total{0};
        ex.run_on_all([&](unsigned) {  // each worker runs its own nested loop
            ex.parallel_for(0, 50, 5, [&](std::uint64_t b2, std::uint64_t e2, unsigned) {
                total.fetch_add(e2 - b2, std::memory_order_relaxed);
            });
        });
        ex.parallel_for(0, 16, 1, [&](std::uint64_t b, std::uint64_t e, unsigned) {
            for (std::uint64_t i = b; i < e; ++i)
                ex.parallel_for(0, 50, 5, [&](std::uint64_t b2, std::uint64_t e2, unsigned) {
                    total.fetch_add(e2 - b2, std::memory_order_relaxed);
                });
        });
        CHECK(total.load() == 16 * 50 + n * 50);
    }

    // Exceptions: the first is rethrown, the remaining work of a group still runs, and the
    // executor stays usable.
    CHECK_THROWS_WITH_AS(ex.parallel_for(0, 1000, 10,
                                         [](std::uint64_t b, std::uint64_t, unsigned) {
                                             if (b == 500) throw std::runtime_error("chunk 500");
                                         }),
                         "chunk 500", std::runtime_error);
    {
        std::atomic<int> ran{0};
        auto group = ex.make_group();
        for (int i = 0; i < 20; ++i)
            group->spawn([&, i](unsigned) {
                ran.fetch_add(1);
                if (i == 7) throw std::invalid_argument("task 7");
            });
        CHECK_THROWS_WITH_AS(group->wait(), "task 7", std::invalid_argument);
        CHECK(ran.load() == 20);
        group->spawn([&](unsigned) { ran.fetch_add(1); });
        CHECK_NOTHROW(group->wait());
        CHECK(ran.load() == 21);
    }
    CHECK_THROWS_WITH_AS(ex.run_on_all([](unsigned w) {
        if (w == 0) throw std::length_error("worker 0");
    }),
                         "worker 0", std::length_error);
    check_parallel_for(ex, 0, 1000, 7);
}

const unsigned kThreadCounts[] = {1, 2, 3, 4, 8};

// Per-worker statistics: one entry per worker; a worker that waits while worker 0 works 200 ms
// is counted idle for most of that time; chunks and tasks are counted.
void check_worker_stats(executor& ex) {
    REQUIRE(ex.concurrency() == 2);
    ex.reset_stats();
    ex.run_on_all([](unsigned w) {
        if (w == 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    });
    std::vector<solver::worker_stats> st = ex.stats();
    REQUIRE(st.size() == 2);
    CHECK(st[1].idle_ns >= 50'000'000u);
    CHECK(st[1].idle_ns <= 10'000'000'000u);
    ex.reset_stats();
    CHECK(ex.stats()[1].idle_ns < 50'000'000u);
    auto group = ex.make_group();
    for (int i = 0; i < 40; ++i) group->spawn([](unsigned) {});
    group->wait();
    st = ex.stats();
    CHECK(st[0].tasks + st[1].tasks >= 40);
}

TEST_CASE("Executor.Sequential.Contract") {
    auto ex = solver::make_sequential_executor();
    CHECK(ex->concurrency() == 1);
    CHECK(std::string(ex->name()) == "sequential");
    check_executor_contract(*ex);
}

TEST_CASE("Executor.WorkStealing.Contract") {
    for (unsigned threads : kThreadCounts) {
        auto ex = make_executor(executor_options{threads, "ws"});
        REQUIRE(ex->concurrency() == threads);
        CHECK(std::string(ex->name()) == "ws-pool");
        check_executor_contract(*ex);
    }
}

TEST_CASE("Executor.WorkStealing.WorkerStats") {
    auto ex = make_executor(executor_options{2, "ws"});
    check_worker_stats(*ex);
}

#ifdef _OPENMP
TEST_CASE("Executor.OpenMP.Contract") {
    for (unsigned threads : kThreadCounts) {
        auto ex = make_executor(executor_options{threads, "omp"});
        REQUIRE(ex->concurrency() == threads);
        CHECK(std::string(ex->name()) == "openmp");
        check_executor_contract(*ex);
    }
}

TEST_CASE("Executor.OpenMP.WorkerStats") {
    auto ex = make_executor(executor_options{2, "omp"});
    check_worker_stats(*ex);
}
#endif

TEST_CASE("Executor.MakeExecutor.Kinds") {
    CHECK(solver::online_cpus() >= 1);
    auto def = make_executor(executor_options{});
    CHECK(def->concurrency() == solver::online_cpus());
#if defined(SOLVER_OMP) && defined(_OPENMP)
    CHECK(std::string(def->name()) == "openmp");
    CHECK(std::string(solver::default_executor_kind()) == "omp");
#else
    CHECK(std::string(def->name()) == "ws-pool");
    CHECK(std::string(solver::default_executor_kind()) == "ws");
#endif
    CHECK(std::string(make_executor(executor_options{2, "sequential"})->name()) == "sequential");
    {
        auto seq = make_executor(executor_options{2, "sequential"});
        CHECK(solver::executor_stats(*seq).empty());
        auto ws = make_executor(executor_options{2, "ws"});
        solver::reset_executor_stats(*ws);
        // A top-level parallel_for deals its chunks from a counter (no tasks); a group's
        // spawns are counted one task each.
        auto group = ws->make_group();
        for (int i = 0; i < 100; ++i) group->spawn([](unsigned) {});
        group->wait();
        auto st = solver::executor_stats(*ws);
        REQUIRE(st.size() == 2);
        CHECK(st[0].tasks + st[1].tasks == 100);
    }
    CHECK(make_executor(executor_options{3, "ws", true})->concurrency() == 3);

    CHECK_THROWS_AS(make_executor(executor_options{2, "tbb"}), std::invalid_argument);
    try {
        make_executor(executor_options{2, "tbb"});
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("'tbb'") != std::string::npos);
    }
#ifdef _OPENMP
    CHECK(solver::openmp_available());
    CHECK(make_executor(executor_options{2, "omp"})->concurrency() == 2);
#else
    CHECK_FALSE(solver::openmp_available());
    CHECK_THROWS_AS(make_executor(executor_options{2, "omp"}), std::invalid_argument);
#endif
}

}  // namespace
