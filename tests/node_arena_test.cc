// Tests of runtime/visited/node_arena (the append-only node store of --visited bloom) and of
// bloom_visited: contents and indices single-threaded, the budget bound, then every thread
// appending at once (unique indices, no torn node) and every thread offering the same states at
// once (each distinct state admitted exactly once: the filter's insert is a test-and-set).
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "test_support.h"
#include "visited/node_arena.h"

using solver::bloom_visited;
using solver::node_arena;

namespace {

#ifdef SOLVER_TEST_SANITIZED
constexpr std::uint64_t per_thread_nodes = 20000;
#else
constexpr std::uint64_t per_thread_nodes = 200000;
#endif
constexpr std::uint32_t kSize = 12;

void fill(std::uint64_t id, std::uint8_t* s) {
    for (std::uint32_t i = 0; i < kSize; ++i) s[i] = static_cast<std::uint8_t>((id >> (8 * (i % 8))) ^ (i * 29u));
}

std::uint64_t hash_of(std::uint64_t id) {
    std::uint64_t h = id * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 29);
}

}  // namespace

TEST_CASE("NodeArena.SingleThread") {
    node_arena a(kSize, 1 << 20, 1);
    REQUIRE(a.capacity() == (1u << 20) / node_arena::bytes_per_node(kSize));
    std::uint8_t s[kSize];
    for (std::uint64_t i = 0; i < 1000; ++i) {
        fill(i, s);
        CHECK(a.append(0, s, static_cast<std::uint32_t>(i), i ? i - 1 : node_arena::no_node, 7) == i);
    }
    CHECK(a.size() == 1000);
    for (std::uint64_t i = 0; i < 1000; ++i) {
        fill(i, s);
        CHECK(std::memcmp(a.state(i), s, kSize) == 0);
        CHECK(a.g(i) == i);
        CHECK(a.move(i) == 7);
        CHECK(a.parent(i) == (i ? i - 1 : node_arena::no_node));
    }
    // Full exactly at the budget, and stays full.
    std::uint64_t appended = 1000;
    while (a.append(0, s, 0, 0, 0) != node_arena::no_node) ++appended;
    CHECK(appended == a.capacity());
    CHECK(a.append(0, s, 0, 0, 0) == node_arena::no_node);
    CHECK(a.memory_bytes() <= (1u << 20));
}

TEST_CASE("NodeArena.AllThreadsAppend") {
    for (unsigned T : {2u, 4u, 8u}) {
        CAPTURE(T);
        node_arena a(kSize, per_thread_nodes * T * node_arena::bytes_per_node(kSize) * 2, T);
        std::vector<std::vector<std::uint64_t>> got(T);
        solver_test::test_barrier start(T);
        std::vector<std::thread> threads;
        for (unsigned t = 0; t < T; ++t) {
            threads.emplace_back([&, t] {
                std::uint8_t s[kSize];
                start.arrive_and_wait();
                for (std::uint64_t i = 0; i < per_thread_nodes; ++i) {
                    const std::uint64_t id = t * per_thread_nodes + i;
                    fill(id, s);
                    got[t].push_back(a.append(t, s, static_cast<std::uint32_t>(id), id, t));
                }
            });
        }
        for (auto& th : threads) th.join();
        REQUIRE(a.size() == per_thread_nodes * T);
        std::vector<char> seen(a.capacity(), 0);
        std::uint64_t bad = 0;
        std::uint8_t s[kSize];
        for (unsigned t = 0; t < T; ++t) {
            for (std::uint64_t i = 0; i < per_thread_nodes; ++i) {
                const std::uint64_t n = got[t][i], id = t * per_thread_nodes + i;
                if (n >= a.capacity() || seen[n]++) {
                    ++bad;
                    continue;
                }
                fill(id, s);
                bad += std::memcmp(a.state(n), s, kSize) != 0 || a.g(n) != static_cast<std::uint32_t>(id) ||
                       a.parent(n) != id || a.move(n) != t;
            }
        }
        CHECK(bad == 0);
    }
}

TEST_CASE("BloomVisited.EachStateAdmittedOnceFromAllThreads") {
    for (unsigned T : {2u, 4u, 8u}) {
        CAPTURE(T);
        const std::uint64_t distinct = per_thread_nodes / 10;
        // A roomy filter (about 2000 bits per state): the expected number of false positives
        // among `distinct` states is far below 1, so "exactly once" is what must happen.
        bloom_visited v(kSize, distinct * 4096, T);
        std::atomic<std::uint64_t> inserted{0}, torn{0};
        solver_test::test_barrier start(T);
        std::vector<std::thread> threads;
        for (unsigned t = 0; t < T; ++t) {
            threads.emplace_back([&, t] {
                std::uint8_t s[kSize];
                std::uint64_t mine = 0, bad = 0;
                start.arrive_and_wait();
                // Every thread offers every state, each from another starting point.
                for (std::uint64_t k = 0; k < distinct; ++k) {
                    const std::uint64_t id = (k + t * distinct / T) % distinct;
                    fill(id, s);
                    auto r = v.insert(t, s, hash_of(id), 1, bloom_visited::root_parent, 0);
                    if (r.result == bloom_visited::outcome::inserted) {
                        ++mine;
                        bad += std::memcmp(v.state(r.node), s, kSize) != 0;  // torn or misplaced
                    } else {
                        bad += r.result != bloom_visited::outcome::duplicate;  // never full here
                    }
                }
                inserted += mine;
                torn += bad;
            });
        }
        for (auto& th : threads) th.join();
        CHECK(v.false_positive_rate() * double(distinct) < 0.01);
        // No false negative: never admitted twice. A false positive would make it smaller.
        CHECK(inserted.load() == distinct);
        CHECK(v.size() == distinct);
        CHECK(torn.load() == 0);
    }
}
