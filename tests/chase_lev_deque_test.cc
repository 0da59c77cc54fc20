// Tests for runtime/sched/chase_lev_deque.h: single-thread semantics and a multi-thread stress
// test (one owner pushing/popping, every other thread stealing) checking that no item is lost
// or duplicated.
#include "sched/chase_lev_deque.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>
#include "test_support.h"


namespace {

using solver::chase_lev_deque;
using solver::steal_status;

#ifdef SOLVER_TEST_SANITIZED
constexpr std::uint64_t kStressItems = 100000;
#else
constexpr std::uint64_t kStressItems = 2000000;
#endif

TEST_CASE("ChaseLevDeque.EmptyDeque") {
    chase_lev_deque<int> q(4);
    CHECK(q.empty());
    CHECK(q.size_approx() == 0);
    CHECK_FALSE(q.pop().has_value());
    CHECK_FALSE(q.steal().has_value());
    int x = 0;
    CHECK(q.try_steal(x) == steal_status::empty);
    // Popping an empty deque must leave it consistent.
    q.push(7);
    CHECK(q.size_approx() == 1);
    CHECK(q.pop().value() == 7);
    CHECK(q.empty());
}

TEST_CASE("ChaseLevDeque.OwnerIsLifo") {
    chase_lev_deque<int> q(8);
    for (int i = 0; i < 5; ++i) q.push(i);
    for (int i = 4; i >= 0; --i) CHECK(q.pop().value() == i);
    CHECK_FALSE(q.pop().has_value());
}

TEST_CASE("ChaseLevDeque.ThiefIsFifo") {
    chase_lev_deque<int> q(8);
    for (int i = 0; i < 5; ++i) q.push(i);
    for (int i = 0; i < 5; ++i) CHECK(q.steal().value() == i);
    CHECK_FALSE(q.steal().has_value());
}

TEST_CASE("ChaseLevDeque.MixedEnds") {
    chase_lev_deque<int> q(2);
    for (int i = 0; i < 10; ++i) q.push(i);
    CHECK(q.steal().value() == 0);
    CHECK(q.pop().value() == 9);
    CHECK(q.steal().value() == 1);
    CHECK(q.pop().value() == 8);
    CHECK(q.size_approx() == 6);
    // Interleave pushes with steals so top and bottom wrap the ring several times.
    // Holds 2..7; each round pushes one and steals the oldest: 2..7, then 1000, 1001, ...
    for (int round = 0; round < 100; ++round) {
        q.push(1000 + round);
        CHECK(q.steal().value() == (round < 6 ? 2 + round : 1000 + round - 6));
    }
    CHECK(q.size_approx() == 6);
}

TEST_CASE("ChaseLevDeque.GrowsPastInitialCapacity") {
    chase_lev_deque<std::uint64_t> q(4);
    CHECK(q.capacity() == 4);
    constexpr std::uint64_t n = 10000;
    for (std::uint64_t i = 0; i < n; ++i) q.push(i);
    CHECK(q.capacity() >= n);
    CHECK(q.size_approx() == n);
    // Half from the top (FIFO), half from the bottom (LIFO), all intact after the copies.
    for (std::uint64_t i = 0; i < n / 2; ++i) REQUIRE(q.steal().value() == i);
    for (std::uint64_t i = n; i-- > n / 2;) REQUIRE(q.pop().value() == i);
    CHECK(q.empty());
}

TEST_CASE("ChaseLevDeque.GrowsWithWrappedIndices") {
    // Advance top/bottom past the capacity first, so growth copies a wrapped range.
    chase_lev_deque<int> q(4);
    for (int i = 0; i < 7; ++i) {
        q.push(i);
        CHECK(q.steal().value() == i);
    }
    for (int i = 0; i < 20; ++i) q.push(100 + i);
    for (int i = 0; i < 20; ++i) CHECK(q.steal().value() == 100 + i);
}

TEST_CASE("ChaseLevDeque.HoldsPointers") {
    std::vector<int> storage(100);
    chase_lev_deque<int*> q;
    for (auto& s : storage) q.push(&s);
    CHECK(q.steal().value() == &storage.front());
    CHECK(q.pop().value() == &storage.back());
}

// folly-style: the deque's atomics swapped for ones that yield the CPU at random before each
// operation, so the stress test below visits many more interleavings of the index protocol
// (a thief preempted between reading top and its CAS, the owner between its bottom store and
// the fence, a resize in the middle of a steal) than free-running threads would.
std::atomic<std::uint64_t> g_yield_seed{1};
inline void maybe_yield() {
    thread_local std::uint64_t s = g_yield_seed.fetch_add(0x9E3779B97F4A7C15ull) | 1;
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    if ((s & 7) == 0) std::this_thread::yield();
}

template <class T>
struct yielding_atomic {
    std::atomic<T> a;
    T load(std::memory_order o) const {
        maybe_yield();
        return a.load(o);
    }
    void store(T v, std::memory_order o) {
        maybe_yield();
        a.store(v, o);
    }
    bool compare_exchange_strong(T& expected, T desired, std::memory_order s, std::memory_order f) {
        maybe_yield();
        return a.compare_exchange_strong(expected, desired, s, f);
    }
};

// One owner pushes 1..N (popping some of them itself), every other thread steals. Each item
// must come out exactly once: checked by count, sum and a per-item seen flag.
template <template <class> class Atom = std::atomic>
void stress(unsigned thieves, std::size_t initial_capacity, std::uint64_t n = kStressItems) {
    chase_lev_deque<std::uint64_t, Atom> q(initial_capacity);
    std::vector<std::atomic<std::uint8_t>> seen(n + 1);
    for (auto& s : seen) s.store(0, std::memory_order_relaxed);
    std::atomic<bool> done{false};
    std::atomic<std::uint64_t> stolen_count{0}, stolen_sum{0}, duplicates{0};

    std::vector<std::thread> threads;
    for (unsigned t = 0; t < thieves; ++t) {
        threads.emplace_back([&] {
            std::uint64_t count = 0, sum = 0, dup = 0;
            for (;;) {
                std::uint64_t x;
                steal_status st = q.try_steal(x);
                if (st == steal_status::success) {
                    ++count;
                    sum += x;
                    if (seen[x].fetch_add(1, std::memory_order_relaxed) != 0) ++dup;
                } else if (st == steal_status::empty) {
                    if (done.load(std::memory_order_acquire) && q.empty()) break;
                    std::this_thread::yield();
                }
            }
            stolen_count += count;
            stolen_sum += sum;
            duplicates += dup;
        });
    }

    std::uint64_t own_count = 0, own_sum = 0, own_dup = 0;
    auto own = [&](std::uint64_t x) {
        ++own_count;
        own_sum += x;
        if (seen[x].fetch_add(1, std::memory_order_relaxed) != 0) ++own_dup;
    };
    for (std::uint64_t i = 1; i <= n; ++i) {
        q.push(i);
        // Pop in a pattern that sometimes drains the deque (the CAS race on the last item) and
        // sometimes lets it grow (thieves see a deep deque, the ring grows).
        if (i % 3 == 0) {
            if (auto x = q.pop()) own(*x);
        }
        if (i % 1024 == 0) {
            while (auto x = q.pop()) own(*x);
        }
    }
    while (auto x = q.pop()) own(*x);
    done.store(true, std::memory_order_release);
    for (auto& t : threads) t.join();

    const std::uint64_t expected_sum = n * (n + 1) / 2;
    CHECK(own_dup + duplicates.load() == 0);
    CHECK(own_count + stolen_count.load() == n);
    CHECK(own_sum + stolen_sum.load() == expected_sum);
    std::uint64_t missing = 0;
    for (std::uint64_t i = 1; i <= n; ++i) missing += seen[i].load(std::memory_order_relaxed) != 1;
    CHECK(missing == 0);
    INFO("owner took " << own_count << ", " << thieves << " thieves stole " << stolen_count.load());
}

TEST_CASE("ChaseLevDeque.Stress.OwnerAndThieves") {
    unsigned hw = std::max(2u, std::thread::hardware_concurrency());
    SUBCASE("1 thief") { stress(1, 2); }
    SUBCASE("all other threads steal") { stress(hw - 1, 2); }
    SUBCASE("3 thieves, large initial ring") { stress(3, 1 << 16); }
}

TEST_CASE("ChaseLevDeque.Stress.YieldingAtomics") {
    stress<yielding_atomic>(3, 2, kStressItems / 50);
}

}  // namespace
