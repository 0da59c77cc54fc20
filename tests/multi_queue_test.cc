// Tests of runtime/open/multi_queue: exact order with one thread, the flush/termination contract,
// and stress from 1, 2, 4, 8 threads (every pushed element popped exactly once).
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engines/termination_detector.h"
#include "open/multi_queue.h"
#include "test_support.h"

using solver::multi_queue;
using solver::termination_detector;

namespace {

using solver_test::sanitizer_scale;

// Private insertion and deletion buffers switched on (they are off by default).
multi_queue::options buffered() {
    multi_queue::options opt;
    opt.insert_buffer = 16;
    opt.delete_buffer = 4;
    return opt;
}

void exact_order(const multi_queue::options& opt) {
    multi_queue q(1, opt);
    CHECK(q.heap_count() == 1);
    std::multiset<std::uint64_t> ref;
    std::mt19937_64 rng(12345);
    std::uint64_t k, v;
    for (int step = 0; step < 20000; ++step) {
        if (rng() % 3 != 0 || ref.empty()) {
            const std::uint64_t key = rng() % 500;  // many ties
            q.push(0, key, key * 3);
            ref.insert(key);
        } else {
            REQUIRE(q.try_pop(0, k, v));
            CHECK(k == *ref.begin());
            CHECK(v == k * 3);
            ref.erase(ref.begin());
        }
        if (step % 997 == 0) CHECK(q.size_estimate() == ref.size());
    }
    while (!ref.empty()) {
        REQUIRE(q.try_pop(0, k, v));
        CHECK(k == *ref.begin());
        ref.erase(ref.begin());
    }
    CHECK_FALSE(q.try_pop(0, k, v));
    CHECK(q.empty_hint());
}

}  // namespace

TEST_CASE("MultiQueue.SingleThread.ExactOrder") {
    exact_order(multi_queue::options());
}

TEST_CASE("MultiQueue.SingleThread.ExactOrderBuffered") {
    exact_order(buffered());
}

TEST_CASE("MultiQueue.SingleThread.ExactOrderOptimalSearch") { exact_order(multi_queue::for_optimal_search()); }

TEST_CASE("MultiQueue.SingleThread.FullKeyRange") {
    multi_queue q(1);
    q.push(0, UINT64_MAX, 1);
    q.push(0, 0, 2);
    q.push(0, UINT64_MAX - 1, 3);
    std::uint64_t k, v;
    REQUIRE(q.try_pop(0, k, v));
    CHECK((k == 0 && v == 2));
    REQUIRE(q.try_pop(0, k, v));
    CHECK((k == UINT64_MAX - 1 && v == 3));
    REQUIRE(q.try_pop(0, k, v));
    CHECK((k == UINT64_MAX && v == 1));
    CHECK_FALSE(q.try_pop(0, k, v));
    CHECK_THROWS_AS(multi_queue(0), std::invalid_argument);
}

TEST_CASE("MultiQueue.Affinity.OwnHeapsOnlyWhilePopsReachEveryHeap") {
    // Ids used in turn from this one OS thread. With affinity, id 0's pushes land only in its
    // own heaps; id 2, whose own heaps stay empty, must still pop every element, each once, and
    // then report the queue empty (the termination contract).
    multi_queue::options opt;
    opt.affinity = true;
    multi_queue q(3, opt);
    const unsigned c = q.heap_count() / 3;
    for (std::uint64_t i = 0; i < 3000; ++i) q.push(0, (i * 7919) % 3000, i);
    std::vector<bool> seen(3000, false);
    std::uint64_t k, v, got = 0;
    while (q.try_pop(2, k, v)) {
        REQUIRE(v < 3000);
        CHECK_FALSE(seen[v]);
        CHECK(k == (v * 7919) % 3000);
        seen[v] = true;
        ++got;
    }
    CHECK(got == 3000);
    CHECK(q.empty_hint());
    CHECK(c == q.config().queues_per_thread);
}

TEST_CASE("MultiQueue.Termination.FlushMakesBufferedVisible") {
    // Ids 0 and 1 used in turn from this one OS thread (allowed: one thread per id at a time).
    multi_queue q(2, buffered());
    CHECK(q.heap_count() == 2 * q.config().queues_per_thread);
    std::uint64_t k, v;
    for (std::uint64_t i = 0; i < 5; ++i) q.push(0, i, i);  // stays in 0's insertion buffer
    CHECK(q.size_estimate() == 5);
    CHECK_FALSE(q.empty_hint());
    q.flush(0);
    CHECK(q.size_estimate() == 5);
    for (int i = 0; i < 5; ++i) REQUIRE(q.try_pop(1, k, v));  // all reachable from the other id
    CHECK_FALSE(q.try_pop(1, k, v));
    CHECK(q.empty_hint());

    // Deletion buffer: thread 0 pops one element and may keep a few more privately; after
    // flush(0) thread 1 finds every remaining one, and an empty queue says so.
    for (std::uint64_t i = 0; i < 40; ++i) q.push(0, i, i);
    q.flush(0);
    REQUIRE(q.try_pop(0, k, v));
    q.flush(0);
    std::uint64_t got = 0;
    while (q.try_pop(1, k, v)) ++got;
    CHECK(got == 39);
    CHECK(q.size_estimate() == 0);
    CHECK_FALSE(q.try_pop(0, k, v));
}

namespace {

void stress(unsigned threads, const multi_queue::options& opt) {
    const std::uint64_t per_thread = 200000 / sanitizer_scale / threads + 1000;
    const std::uint64_t total = per_thread * threads;
    multi_queue q(threads, opt);
    // value = thread << 32 | i identifies each element; seen[] catches double pops.
    std::unique_ptr<std::atomic<std::uint8_t>[]> seen(new std::atomic<std::uint8_t>[total]);
    for (std::uint64_t i = 0; i < total; ++i) seen[i].store(0);
    std::atomic<std::uint64_t> popped{0}, key_sum_out{0}, xor_out{0}, dup{0}, bad_value{0};
    std::atomic<std::uint64_t> key_sum_in{0}, xor_in{0};
    std::atomic<unsigned> go{0};
    std::vector<std::thread> pool;
    for (unsigned th = 0; th < threads; ++th) {
        pool.emplace_back([&, th] {
            std::mt19937_64 rng(th + 99);
            std::uint64_t ksum_in = 0, x_in = 0, ksum_out = 0, x_out = 0, n_out = 0;
            auto record = [&](std::uint64_t key, std::uint64_t value) {
                const std::uint64_t t = value >> 32, i = value & 0xffffffffu;
                if (t >= threads || i >= per_thread || key != ((value * 0x9e3779b97f4a7c15ULL) >> 44)) {
                    bad_value.fetch_add(1);
                    return;
                }
                if (seen[t * per_thread + i].fetch_add(1) != 0) dup.fetch_add(1);
                ksum_out += key;
                x_out ^= value;
                ++n_out;
            };
            go.fetch_add(1);
            while (go.load() < threads) std::this_thread::yield();
            std::uint64_t k, v;
            for (std::uint64_t i = 0; i < per_thread; ++i) {
                const std::uint64_t value = (std::uint64_t{th} << 32) | i;
                const std::uint64_t key = (value * 0x9e3779b97f4a7c15ULL) >> 44;  // 20-bit keys, ties
                q.push(th, key, value);
                ksum_in += key;
                x_in ^= value;
                if (rng() % 2 == 0 && q.try_pop(th, k, v)) {  // search-like mix of pops and pushes
                    record(k, v);
                    popped.fetch_add(1);
                }
            }
            q.flush(th);  // contract: flush before draining/going idle
            while (popped.load() < total) {
                if (q.try_pop(th, k, v)) {
                    record(k, v);
                    popped.fetch_add(1);
                } else {
                    std::this_thread::yield();
                }
            }
            key_sum_in.fetch_add(ksum_in);
            xor_in.fetch_xor(x_in);
            key_sum_out.fetch_add(ksum_out);
            xor_out.fetch_xor(x_out);
            (void)n_out;
        });
    }
    for (auto& p : pool) p.join();
    CHECK(popped.load() == total);
    CHECK(dup.load() == 0);
    CHECK(bad_value.load() == 0);
    CHECK(key_sum_in.load() == key_sum_out.load());
    CHECK(xor_in.load() == xor_out.load());
    std::uint64_t missing = 0;
    for (std::uint64_t i = 0; i < total; ++i) missing += seen[i].load() != 1;
    CHECK(missing == 0);
    CHECK(q.size_estimate() == 0);
    std::uint64_t k, v;
    for (unsigned th = 0; th < threads; ++th) CHECK_FALSE(q.try_pop(th, k, v));
}

}  // namespace

namespace {

// The termination protocol documented in multi_queue.h, in a search-like run: every popped
// element spawns up to two children until `limit` elements were generated; threads that find
// nothing flush, go idle, and the run ends when all are idle and the queue is empty (checked
// with an epoch counter so that a thread waking up in between is noticed). Nothing may be left
// in the queue or in any buffer when the run ends.
void idle_protocol(unsigned threads, const multi_queue::options& opt) {
    const std::uint64_t limit = 100000 / sanitizer_scale;
    multi_queue q(threads, opt);
    std::atomic<std::uint64_t> generated{64}, popped{0};
    termination_detector det(threads);
    std::atomic<bool> done{false};
    for (std::uint64_t r = 0; r < 64; ++r) q.push(0, r, 0);  // 64 roots: the run never dies out early
    q.flush(0);
    std::vector<std::thread> pool;
    for (unsigned th = 0; th < threads; ++th) {
        pool.emplace_back([&, th] {
            std::uint64_t k, v, rng = th * 7 + 1;
            while (!done.load()) {
                if (q.try_pop(th, k, v)) {
                    popped.fetch_add(1);
                    for (int c = 0; c < 2; ++c) {
                        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                        if ((rng >> 60) < 10 && generated.fetch_add(1) < limit) q.push(th, k + 1 + (rng >> 58), v + 1);
                        else if ((rng >> 60) < 10) generated.fetch_sub(1);
                    }
                    continue;
                }
                // flush, vote, wait (the engines' protocol, termination_detector.h)
                double idle_seconds = 0;
                if (det.wait_for_work(done, idle_seconds, [&] { q.flush(th); }, [&] { return !q.empty_hint(); },
                                      [&] { return q.size_estimate() == 0; }, [] { return false; }) !=
                    termination_detector::outcome::resume)
                    return;
            }
        });
    }
    for (auto& p : pool) p.join();
    CHECK(generated.load() == limit);
    CHECK(popped.load() == generated.load());
    CHECK(q.size_estimate() == 0);
    std::uint64_t k, v;
    for (unsigned th = 0; th < threads; ++th) CHECK_FALSE(q.try_pop(th, k, v));
}

}  // namespace

TEST_CASE("MultiQueue.Termination.IdleProtocol.2threads") { idle_protocol(2, buffered()); }
TEST_CASE("MultiQueue.Termination.IdleProtocol.4threads") { idle_protocol(4, buffered()); }
TEST_CASE("MultiQueue.Termination.IdleProtocol.8threads") { idle_protocol(8, buffered()); }
TEST_CASE("MultiQueue.Termination.IdleProtocolUnbuffered.4threads") { idle_protocol(4, multi_queue::options()); }
TEST_CASE("MultiQueue.Termination.IdleProtocolAffinity.4threads") {
    multi_queue::options opt;
    opt.affinity = true;
    idle_protocol(4, opt);
}

TEST_CASE("MultiQueue.Termination.IdleProtocolOptimalSearch.4threads") {
    idle_protocol(4, multi_queue::for_optimal_search());  // affinity + insertion buffer (astar)
}

TEST_CASE("MultiQueue.Stress.1thread") { stress(1, multi_queue::options()); }
TEST_CASE("MultiQueue.Stress.2threads") { stress(2, multi_queue::options()); }
TEST_CASE("MultiQueue.Stress.4threads") { stress(4, multi_queue::options()); }
TEST_CASE("MultiQueue.Stress.8threads") { stress(8, multi_queue::options()); }
TEST_CASE("MultiQueue.Stress.Affinity.4threads") {
    multi_queue::options opt;
    opt.affinity = true;  // pushes into own heaps, one own heap sampled per pop (optimal astar)
    stress(4, opt);
}
TEST_CASE("MultiQueue.Stress.OptimalSearch.2threads") { stress(2, multi_queue::for_optimal_search()); }
TEST_CASE("MultiQueue.Stress.OptimalSearch.4threads") { stress(4, multi_queue::for_optimal_search()); }
TEST_CASE("MultiQueue.StressBuffered.1thread") { stress(1, buffered()); }
TEST_CASE("MultiQueue.StressBuffered.2threads") { stress(2, buffered()); }
TEST_CASE("MultiQueue.StressBuffered.4threads") { stress(4, buffered()); }
TEST_CASE("MultiQueue.StressBuffered.8threads") { stress(8, buffered()); }
TEST_CASE("MultiQueue.StressContended.4threads") {
    multi_queue::options opt = buffered();
    opt.queues_per_thread = 1;  // fewer heaps, no stickiness: more lock contention
    opt.stickiness = 1;
    stress(4, opt);
}
