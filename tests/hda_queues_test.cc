// Tests of runtime/open/hda_queues: local order, batching and flush, termination counters, and
// stress from 2, 4, 8 threads (every item received exactly once, by its addressee).
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "open/hda_queues.h"
#include "test_support.h"

using solver::hda_queues;

namespace {
using solver_test::sanitizer_scale;
}  // namespace

TEST_CASE("HdaQueues.SingleThread.LocalOrder") {
    hda_queues q(1);
    for (std::uint64_t k : {5, 1, 9, 3, 3, 0}) q.send(0, 0, k, k + 100);
    CHECK(q.sent(0) == 0);  // sending to oneself is not a message
    std::uint64_t k, v, last = 0;
    int n = 0;
    while (q.try_pop(0, k, v)) {
        CHECK(k >= last);
        CHECK(v == k + 100);
        last = k;
        ++n;
    }
    CHECK(n == 6);
    CHECK(q.all_delivered());
}

TEST_CASE("HdaQueues.BatchingAndFlush") {
    hda_queues q(2, 4);
    std::uint64_t k, v;
    for (std::uint64_t i = 0; i < 3; ++i) q.send(0, 1, i, i);
    CHECK(q.outbox_size(0) == 3);
    CHECK_FALSE(q.has_mail(1));
    CHECK_FALSE(q.try_pop(1, k, v));      // still in 0's outbox
    CHECK(q.all_delivered());             // nothing handed over yet: flush before idling!
    q.send(0, 1, 3, 3);                   // fourth item: the batch is handed over
    CHECK(q.outbox_size(0) == 0);
    CHECK(q.has_mail(1));
    CHECK(q.sent(0) == 4);
    CHECK_FALSE(q.all_delivered());       // in flight
    q.send(0, 1, 10, 10);
    q.flush(0);
    CHECK(q.sent(0) == 5);
    CHECK(q.drain(1) == 5);
    CHECK(q.received(1) == 5);
    CHECK(q.all_delivered());
    CHECK(q.local_size(1) == 5);
    REQUIRE(q.top(1, k));
    CHECK(k == 0);
    for (std::uint64_t i : {0, 1, 2, 3, 10}) {
        REQUIRE(q.try_pop(1, k, v));
        CHECK(k == i);
    }
    // Undelivered batches and outboxes are freed by the destructor (ASan checks it).
    q.send(1, 0, 1, 1);
    for (int i = 0; i < 4; ++i) q.send(0, 1, 1, 1);
}

namespace {

// Each thread sends items to random threads (HDA*-like), pops what it owns, and resends some of
// what it pops; it stops when the global count of consumed items reaches the total.
void stress(unsigned threads) {
    const std::uint64_t per_thread = 100000 / sanitizer_scale / threads + 500;
    const std::uint64_t total = per_thread * threads;
    hda_queues q(threads, 16);
    std::unique_ptr<std::atomic<std::uint8_t>[]> seen(new std::atomic<std::uint8_t>[total]);
    for (std::uint64_t i = 0; i < total; ++i) seen[i].store(0);
    std::atomic<std::uint64_t> consumed{0}, dup{0}, wrong_owner{0}, counter_order{0};
    std::atomic<bool> stop_monitor{false};
    // owner of an item: value is the item id, key its priority, owner = id % threads.
    std::thread monitor([&] {
        while (!stop_monitor.load()) {
            std::uint64_t r = 0, s = 0;
            for (unsigned t = 0; t < threads; ++t) r += q.received(t);
            for (unsigned t = 0; t < threads; ++t) s += q.sent(t);
            if (r > s) counter_order.fetch_add(1);  // a drain must never be counted before its send
            std::this_thread::yield();
        }
    });
    std::vector<std::thread> pool;
    for (unsigned th = 0; th < threads; ++th) {
        pool.emplace_back([&, th] {
            std::mt19937_64 rng(th * 31 + 7);
            std::uint64_t k, v;
            auto consume = [&](std::uint64_t key, std::uint64_t id) {
                if (id % threads != th) wrong_owner.fetch_add(1);
                (void)key;
                if (seen[id].fetch_add(1) != 0) dup.fetch_add(1);
                consumed.fetch_add(1);
            };
            for (std::uint64_t i = 0; i < per_thread; ++i) {
                const std::uint64_t id = th * per_thread + i;
                q.send(th, static_cast<unsigned>(id % threads), rng() % 1000, id);
                if (i % 8 == 0 && q.try_pop(th, k, v)) consume(k, v);
            }
            q.flush(th);
            while (consumed.load() < total) {
                if (q.try_pop(th, k, v)) consume(k, v);
                else std::this_thread::yield();
            }
        });
    }
    for (auto& p : pool) p.join();
    stop_monitor.store(true);
    monitor.join();
    CHECK(consumed.load() == total);
    CHECK(dup.load() == 0);
    CHECK(wrong_owner.load() == 0);
    CHECK(counter_order.load() == 0);
    CHECK(q.all_delivered());
    std::uint64_t s = 0, r = 0;
    for (unsigned t = 0; t < threads; ++t) {
        s += q.sent(t);
        r += q.received(t);
        CHECK(q.local_size(t) == 0);
        CHECK(q.outbox_size(t) == 0);
    }
    CHECK(s == r);
    std::uint64_t expected = 0;  // items whose owner is not their sender are messages
    for (std::uint64_t id = 0; id < total; ++id) expected += id % threads != id / per_thread;
    CHECK(s == expected);
}

}  // namespace

TEST_CASE("HdaQueues.Stress.2threads") { stress(2); }
TEST_CASE("HdaQueues.Stress.4threads") { stress(4); }
TEST_CASE("HdaQueues.Stress.8threads") { stress(8); }
