// Tests for runtime/sched/work_stealing_pool: every behaviour for 1, 2, 3, 4 and 8 threads
// (Taskflow-style names "WorkStealing.<What>.<N>threads"), plus pool-only features: stats,
// parking, thread names, pinning, outside threads, repeated create/destroy.
#include "sched/work_stealing_pool.h"

#include "test_support.h"

#include <doctest/doctest.h>

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>


namespace {

using solver::task_group;
using solver::work_stealing_pool;
using solver::worker_stats;

#ifdef SOLVER_TEST_SANITIZED
constexpr int kScale = 1;
#else
constexpr int kScale = 4;
#endif

using solver_test::test_barrier;

#define WS_TEST_ALL_THREADS(name, fn)                                    \
    TEST_CASE("WorkStealing." name ".1thread") { fn(1); }               \
    TEST_CASE("WorkStealing." name ".2threads") { fn(2); }              \
    TEST_CASE("WorkStealing." name ".3threads") { fn(3); }              \
    TEST_CASE("WorkStealing." name ".4threads") { fn(4); }              \
    TEST_CASE("WorkStealing." name ".8threads") { fn(8); }

void check_parallel_for(work_stealing_pool& pool, std::uint64_t first, std::uint64_t last, std::uint64_t grain) {
    CAPTURE(first);
    CAPTURE(last);
    CAPTURE(grain);
    const std::uint64_t size = last > first ? last - first : 0;
    std::vector<std::atomic<std::uint32_t>> hits(size);
    for (auto& h : hits) h.store(0, std::memory_order_relaxed);
    std::atomic<bool> bad_chunk{false}, bad_worker{false};
    const unsigned n = pool.concurrency();
    const std::uint64_t g = grain ? grain : 1;
    pool.parallel_for(first, last, grain, [&](std::uint64_t b, std::uint64_t e, unsigned w) {
        if (b >= e || e - b > g || b < first || e > last) bad_chunk = true;
        if (w >= n || pool.current_worker() != static_cast<int>(w)) bad_worker = true;
        for (std::uint64_t i = b; i < e && i < last; ++i) hits[i - first].fetch_add(1, std::memory_order_relaxed);
    });
    CHECK_FALSE(bad_chunk.load());
    CHECK_FALSE(bad_worker.load());
    std::uint64_t wrong = 0;
    for (auto& h : hits) wrong += h.load(std::memory_order_relaxed) != 1;
    CHECK(wrong == 0);
}

void parallel_for_covers_each_index_once(unsigned threads) {
    work_stealing_pool pool(threads);
    REQUIRE(pool.concurrency() == threads);
    check_parallel_for(pool, 0, 100000 * kScale, 1000);
    check_parallel_for(pool, 0, 10000, 1);
    check_parallel_for(pool, 17, 4096 + 17, 7);
    check_parallel_for(pool, 5, 5, 10);      // empty
    check_parallel_for(pool, 9, 3, 10);      // reversed: empty
    check_parallel_for(pool, 3, 4, 100);     // one index
    check_parallel_for(pool, 0, 999, 0);     // grain 0 means 1
    check_parallel_for(pool, 0, 1000, 5000); // one chunk
    // Near the top of the index range: no overflow in the splitting.
    check_parallel_for(pool, UINT64_MAX - 3000, UINT64_MAX, 64);
}
WS_TEST_ALL_THREADS("ParallelFor", parallel_for_covers_each_index_once)

std::uint64_t fib_serial(unsigned k) { return k < 2 ? k : fib_serial(k - 1) + fib_serial(k - 2); }

// Every node spawns one child into a fresh group, computes the other inline and waits: nested
// groups and waits inside tasks.
std::uint64_t fib_tasks(work_stealing_pool& pool, unsigned k) {
    if (k < 2) return k;
    if (k < 8) return fib_serial(k);
    std::uint64_t a = 0;
    auto group = pool.make_group();
    group->spawn([&](unsigned) { a = fib_tasks(pool, k - 1); });
    std::uint64_t b = fib_tasks(pool, k - 2);
    group->wait();
    return a + b;
}

// Every node spawns its children into the SAME group from inside the running task; one wait at
// the top must see the whole tree finish (termination detection across nested spawns).
void tree_node(task_group& group, std::atomic<std::uint64_t>& sum, unsigned depth, std::uint64_t id) {
    sum.fetch_add(id, std::memory_order_relaxed);
    if (depth == 0) return;
    for (std::uint64_t c = 0; c < 3; ++c)
        group.spawn([&group, &sum, depth, id, c](unsigned) { tree_node(group, sum, depth - 1, id * 3 + c + 1); });
}

void nested_spawns_are_exact(unsigned threads) {
    work_stealing_pool pool(threads);
    CHECK(fib_tasks(pool, 22) == fib_serial(22));

    const unsigned depth = 7 + (kScale > 1 ? 1 : 0);  // 3^0 + ... + 3^depth nodes
    std::uint64_t nodes = 0, p = 1, expected = 0;
    for (unsigned d = 0; d <= depth; ++d) nodes += p, p *= 3;
    for (std::uint64_t id = 0; id < nodes; ++id) expected += id;  // ids are 0..nodes-1 (heap numbering)
    std::atomic<std::uint64_t> sum{0};
    auto group = pool.make_group();
    group->spawn([&](unsigned) { tree_node(*group, sum, depth, 0); });
    group->wait();
    CHECK(sum.load() == expected);

    // parallel_for inside parallel_for.
    std::atomic<std::uint64_t> total{0};
    pool.parallel_for(0, 64, 1, [&](std::uint64_t b, std::uint64_t e, unsigned) {
        for (std::uint64_t i = b; i < e; ++i)
            pool.parallel_for(0, 100, 10, [&](std::uint64_t b2, std::uint64_t e2, unsigned) {
                std::uint64_t local = 0;
                for (std::uint64_t j = b2; j < e2; ++j) local += i * 100 + j;
                total.fetch_add(local, std::memory_order_relaxed);
            });
    });
    CHECK(total.load() == 6400ull * 6399ull / 2);
}
WS_TEST_ALL_THREADS("NestedSpawn", nested_spawns_are_exact)

void run_on_all_runs_once_per_worker_concurrently(unsigned threads) {
    work_stealing_pool pool(threads);
    for (int round = 0; round < 10 * kScale; ++round) {
        std::vector<std::atomic<int>> calls(threads);
        for (auto& c : calls) c.store(0);
        // Every worker must reach the barrier before any leaves it: proves they run at once.
        test_barrier barrier(threads);
        std::atomic<bool> bad_worker{false};
        pool.run_on_all([&](unsigned w) {
            if (w >= threads || pool.current_worker() != static_cast<int>(w)) {
                bad_worker = true;
                return;
            }
            calls[w].fetch_add(1);
            barrier.arrive_and_wait();
        });
        CHECK_FALSE(bad_worker.load());
        for (unsigned w = 0; w < threads; ++w) CHECK(calls[w].load() == 1);
    }
    // Work spawned inside run_on_all into a shared group is all done when wait() returns.
    std::atomic<int> spawned{0};
    auto group = pool.make_group();
    pool.run_on_all([&](unsigned) {
        for (int i = 0; i < 100; ++i) group->spawn([&](unsigned) { spawned.fetch_add(1); });
    });
    group->wait();
    CHECK(spawned.load() == 100 * static_cast<int>(threads));
}
WS_TEST_ALL_THREADS("RunOnAll", run_on_all_runs_once_per_worker_concurrently)

void exceptions_are_rethrown_and_pool_survives(unsigned threads) {
    work_stealing_pool pool(threads);
    for (int round = 0; round < 3; ++round) {
        CHECK_THROWS_WITH_AS(pool.parallel_for(0, 10000, 10,
                                               [](std::uint64_t b, std::uint64_t e, unsigned) {
                                                   if (b <= 5000 && 5000 < e) throw std::runtime_error("index 5000");
                                               }),
                             "index 5000", std::runtime_error);

        auto group = pool.make_group();
        std::atomic<int> ran{0};
        for (int i = 0; i < 50; ++i)
            group->spawn([&, i](unsigned) {
                ran.fetch_add(1);
                if (i % 10 == 3) throw std::logic_error("task failed");
            });
        CHECK_THROWS_AS(group->wait(), std::logic_error);
        CHECK(ran.load() == 50);  // the others still ran
        // The group is reusable and the error was consumed.
        group->spawn([&](unsigned) { ran.fetch_add(1); });
        CHECK_NOTHROW(group->wait());
        CHECK(ran.load() == 51);

        CHECK_THROWS_WITH_AS(pool.run_on_all([&](unsigned w) {
            if (w + 1 == threads) throw std::out_of_range("last worker");
        }),
                             "last worker", std::out_of_range);
        // Nested: an exception from a task inside a task's group reaches the outer wait.
        auto outer = pool.make_group();
        outer->spawn([&](unsigned) {
            auto inner = pool.make_group();
            inner->spawn([](unsigned) { throw std::runtime_error("inner"); });
            inner->wait();
        });
        CHECK_THROWS_WITH(outer->wait(), "inner");
    }
    // Still fully usable.
    check_parallel_for(pool, 0, 5000, 3);
    CHECK_THROWS_AS(pool.run_on_all([&](unsigned) {
        pool.run_on_all([](unsigned) {});  // from inside a worker: refused
    }),
                    std::logic_error);
}
WS_TEST_ALL_THREADS("Exceptions", exceptions_are_rethrown_and_pool_survives)

void parking_and_unparking(unsigned threads) {
    work_stealing_pool pool(threads);
    for (int burst = 0; burst < 4; ++burst) {
        // Sleep long enough for every worker to stop spinning and park.
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
        std::atomic<std::uint64_t> sum{0};
        auto group = pool.make_group();
        for (std::uint64_t i = 1; i <= 200; ++i) group->spawn([&, i](unsigned) { sum.fetch_add(i); });
        group->wait();
        CHECK(sum.load() == 200 * 201 / 2);
        check_parallel_for(pool, 0, 2000, 8);
    }
    // Every pthread worker goes to sleep once it finds no work. Under load a worker may not get
    // the CPU within the 15 ms above, so wait for it by polling the counters (not a fixed sleep);
    // a worker that never parks fails the test after 60 s instead of hanging it.
    std::vector<worker_stats> stats = pool.stats();
    REQUIRE(stats.size() == threads);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (unsigned w = 1; w < threads; ++w) {
        while (stats[w].parks == 0 && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            stats = pool.stats();
        }
    }
    for (unsigned w = 1; w < threads; ++w) {
        CAPTURE(w);
        CHECK(stats[w].parks >= 1);    // the pthreads slept between bursts...
        CHECK(stats[w].idle_ns > 0);   // ...and that time is counted as idle
    }
}
WS_TEST_ALL_THREADS("Parking", parking_and_unparking)

// With no spinning at all every idle worker parks at once. Worker 0 pushes a task and then
// waits for it WITHOUT helping, so only a thief that was parked, and must be woken, can run it:
// one park/wake hand-off per round; a lost wake-up hangs the test.
void no_lost_wakeups(unsigned threads) {
    solver::work_stealing_pool_options options;
    options.threads = threads;
    options.spin_rounds = 0;
    options.spin_ns = 0;
    work_stealing_pool pool(options);
    const int rounds = 200 * kScale;
    std::atomic<int> ran{0};
    pool.run_on_all([&](unsigned w) {
        if (w != 0) return;  // the others go idle and park
        auto group = pool.make_group();
        for (int round = 0; round < rounds; ++round) {
            std::atomic<bool> flag{false};
            group->spawn([&](unsigned) {
                ran.fetch_add(1);
                flag.store(true, std::memory_order_release);
            });
            if (threads > 1)
                while (!flag.load(std::memory_order_acquire)) std::this_thread::yield();
            group->wait();
        }
    });
    CHECK(ran.load() == rounds);
    if (threads > 1) {
        std::uint64_t steals = 0, parks = 0;
        for (const worker_stats& st : pool.stats()) steals += st.steals, parks += st.parks;
        CHECK(steals == static_cast<std::uint64_t>(rounds));  // every task went to a thief
        CHECK(parks >= 1);
    }
}
WS_TEST_ALL_THREADS("Parking.NoLostWakeups", no_lost_wakeups)

void create_and_destroy_repeatedly(unsigned threads) {
    for (int i = 0; i < 10 * kScale; ++i) {
        work_stealing_pool pool(threads);
        if (i % 2 == 0) {
            std::atomic<int> count{0};
            pool.parallel_for(0, 100, 1, [&](std::uint64_t, std::uint64_t, unsigned) { count.fetch_add(1); });
            CHECK(count.load() == 100);
        }
        // odd rounds: destroyed without ever being used
    }
}
WS_TEST_ALL_THREADS("CreateDestroy", create_and_destroy_repeatedly)

void stats_count_tasks_and_steals(unsigned threads) {
    work_stealing_pool pool(threads);
    pool.reset_stats();
    auto group = pool.make_group();
    for (int i = 0; i < 300; ++i) group->spawn([](unsigned) {});
    group->wait();
    std::uint64_t tasks = 0;
    for (const worker_stats& s : pool.stats()) tasks += s.tasks;
    CHECK(tasks == 300);

    // A parallel_for inside a task (nested, so it splits) whose chunks take a while: the halves
    // pushed on that worker's deque can only reach other workers by stealing.
    pool.reset_stats();
    auto outer = pool.make_group();
    std::atomic<int> owner{-1};
    std::atomic<bool> elsewhere{false};  // some piece ran on a worker other than the splitter's
    outer->spawn([&](unsigned w) {
        owner = static_cast<int>(w);
        pool.parallel_for(0, 32, 1, [&](std::uint64_t, std::uint64_t, unsigned piece_worker) {
            if (static_cast<int>(piece_worker) != owner.load()) elsewhere = true;
            // The splitter's pieces wait (up to 5 s, for a loaded machine) until a thief took one.
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            do std::this_thread::sleep_for(std::chrono::microseconds(500));
            while (threads > 1 && !elsewhere.load() && std::chrono::steady_clock::now() < until);
        });
    });
    outer->wait();
    std::uint64_t steals = 0;
    tasks = 0;
    for (const worker_stats& s : pool.stats()) steals += s.steals, tasks += s.tasks;
    // The outer task, then 32 pieces: the first runs inline, 31 are tasks (1 thread: all inline).
    CHECK(tasks == (threads == 1 ? 1u : 32u));
    if (threads > 1) CHECK(steals > 0);

    // At top level (called from outside the pool) parallel_for deals chunks from a counter:
    // every index once, no tasks.
    pool.reset_stats();
    std::atomic<std::uint64_t> sum{0};
    pool.parallel_for(0, 1000, 3, [&sum](std::uint64_t b, std::uint64_t e, unsigned) {
        for (std::uint64_t i = b; i < e; ++i) sum.fetch_add(i, std::memory_order_relaxed);
    });
    CHECK(sum.load() == 999u * 1000u / 2u);
    tasks = 0;
    for (const worker_stats& s : pool.stats()) tasks += s.tasks;
    CHECK(tasks == 0);
}
WS_TEST_ALL_THREADS("Stats", stats_count_tasks_and_steals)

void outside_threads_share_the_pool(unsigned threads) {
    work_stealing_pool pool(threads);
    std::vector<std::thread> outside;
    std::atomic<int> failures{0};
    for (int t = 0; t < 3; ++t)
        outside.emplace_back([&, t] {
            for (int round = 0; round < 5 * kScale; ++round) {
                std::atomic<std::uint64_t> sum{0};
                pool.parallel_for(0, 1000, 16, [&](std::uint64_t b, std::uint64_t e, unsigned) {
                    for (std::uint64_t i = b; i < e; ++i) sum.fetch_add(i, std::memory_order_relaxed);
                });
                if (sum.load() != 999 * 1000 / 2) failures.fetch_add(1);
                auto group = pool.make_group();
                std::atomic<int> ran{0};
                for (int i = 0; i < 20 + t; ++i) group->spawn([&](unsigned) { ran.fetch_add(1); });
                group->wait();
                if (ran.load() != 20 + t) failures.fetch_add(1);
            }
        });
    for (auto& t : outside) t.join();
    CHECK(failures.load() == 0);
}
WS_TEST_ALL_THREADS("OutsideThreads", outside_threads_share_the_pool)

// A mixed workload (spawns into a shared group from inside tasks, nested parallel_for, nested
// groups with their own waits, yields) whose total is compared with the sequential executor
// running the same code: the reference model of executor.h.
std::uint64_t mixed_workload(solver::executor& ex, unsigned seed) {
    std::atomic<std::uint64_t> units{0};
    auto group = ex.make_group();
    std::function<void(std::uint64_t, unsigned)> node = [&](std::uint64_t id, unsigned depth) {
        units.fetch_add(1, std::memory_order_relaxed);
        std::uint64_t h = (id + seed) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        switch (h % 5) {
            case 0:
            case 1:
                if (depth > 0)
                    for (std::uint64_t c = 0; c < 3; ++c)
                        group->spawn([&node, id, depth, c](unsigned) { node(id * 3 + c + 1, depth - 1); });
                break;
            case 2:
                ex.parallel_for(0, 40 + h % 50, 1 + h % 7, [&](std::uint64_t b, std::uint64_t e, unsigned) {
                    units.fetch_add(e - b, std::memory_order_relaxed);
                });
                if (depth > 0) group->spawn([&node, id, depth](unsigned) { node(id * 3 + 1, depth - 1); });
                break;
            case 3: {
                auto inner = ex.make_group();
                for (int i = 0; i < 4; ++i) inner->spawn([&](unsigned) { units.fetch_add(10, std::memory_order_relaxed); });
                inner->wait();
                if (depth > 0) group->spawn([&node, id, depth](unsigned) { node(id * 3 + 2, depth - 1); });
                break;
            }
            default:
                std::this_thread::yield();
                if (depth > 0) group->spawn([&node, id, depth](unsigned) { node(id * 3 + 3, depth - 1); });
        }
    };
    group->spawn([&](unsigned) { node(0, 9); });
    group->wait();
    return units.load();
}

void mixed_stress(unsigned threads) {
    work_stealing_pool pool(threads);
    auto reference = solver::make_sequential_executor();
    for (unsigned round = 0; round < 5u * kScale; ++round) {
        CAPTURE(round);
        std::uint64_t expected = mixed_workload(*reference, round);
        CHECK(mixed_workload(pool, round) == expected);
    }
}
WS_TEST_ALL_THREADS("Stress.Mixed", mixed_stress)

TEST_CASE("WorkStealing.ThreadNamesAndPinning") {
    for (bool pin : {false, true}) {
        work_stealing_pool pool(solver::work_stealing_pool_options{3, pin});
        std::vector<std::string> names(3);
        std::vector<int> cpus_allowed(3, 0);
        pool.run_on_all([&](unsigned w) {
            char buf[32] = {};
            pthread_getname_np(pthread_self(), buf, sizeof buf);
            names[w] = buf;
            cpu_set_t set;
            CPU_ZERO(&set);
            if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) == 0) cpus_allowed[w] = CPU_COUNT(&set);
        });
        CHECK(names[1] == "solver-w1");
        CHECK(names[2] == "solver-w2");
        if (pin) {
            CHECK(cpus_allowed[1] == 1);  // each pthread worker on exactly one CPU
            CHECK(cpus_allowed[2] == 1);
        }
        CHECK(pool.current_worker() == -1);
    }
}

TEST_CASE("WorkStealing.DefaultThreadCount") {
    work_stealing_pool pool(0);
    CHECK(pool.concurrency() >= 1);
    CHECK(std::string(pool.name()) == "ws-pool");
}

TEST_CASE("WorkStealing.GroupDestructorWaits") {
    work_stealing_pool pool(3);
    std::atomic<int> ran{0};
    {
        auto group = pool.make_group();
        for (int i = 0; i < 100; ++i) group->spawn([&](unsigned) { ran.fetch_add(1); });
        // no wait(): the destructor must wait (and must not throw)
    }
    CHECK(ran.load() == 100);
}

}  // namespace
