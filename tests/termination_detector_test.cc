// Tests of runtime/engines/termination_detector.h: hand-checked outcomes from one thread, then
// stress from 2, 4 and 8 threads over the two open lists the engines pair it with (hda_queues
// with batched hand-off, multi_queue with the optimal search's insertion buffer): many rounds in
// which work appears (a random tree of tasks, each task's children sent or pushed while its
// worker is busy) and disappears, every worker votes whenever it finds nothing, and the checks
// are that `done` is declared only when no task exists anywhere (the declaring worker reads the
// count of unfinished tasks, which is exact there), that it is declared (every task of the tree
// was processed, nothing is left queued) and that every worker returns (the join; a deadline
// turns a hang into a failure instead of a stuck test).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engines/termination_detector.h"
#include "open/hda_queues.h"
#include "open/multi_queue.h"
#include "test_support.h"

using solver::hda_queues;
using solver::multi_queue;
using solver::termination_detector;
using outcome = termination_detector::outcome;

namespace {
using solver_test::sanitizer_scale;

auto never = [] { return false; };
auto nothing = [] {};

TEST_CASE("TerminationDetector.OneWorkerDeclaresDoneWhenQuiet") {
    termination_detector d(1);
    std::atomic<bool> done{false};
    double idle = 0;
    int flushes = 0, quiet_calls = 0;
    const outcome o = d.wait_for_work(
        done, idle,
        [&] {
            CHECK(d.idle_count() == 0);  // the flush comes before the vote
            ++flushes;
        },
        never, [&] { return ++quiet_calls, true; }, never);
    CHECK(o == outcome::quiet);
    CHECK(done.load());
    CHECK(flushes == 1);
    CHECK(quiet_calls == 1);
    CHECK(d.idle_count() == 1);  // a finished search leaves its votes standing
    CHECK(idle >= 0.0);
}

TEST_CASE("TerminationDetector.WorkWaitingResumesAndWithdrawsTheVote") {
    termination_detector d(1);
    std::atomic<bool> done{false};
    double idle = 0;
    int quiet_calls = 0;
    const outcome o = d.wait_for_work(done, idle, nothing, [] { return true; },
                                      [&] { return ++quiet_calls, true; }, never);
    CHECK(o == outcome::resume);
    CHECK_FALSE(done.load());
    CHECK(d.idle_count() == 0);
    CHECK(quiet_calls == 0);  // work waiting is taken before any done test
}

TEST_CASE("TerminationDetector.StopAndDoneEndTheWait") {
    termination_detector d(2);
    std::atomic<bool> done{false};
    double idle = 0;
    // A stop request sets done, as the engines' loops do.
    CHECK(d.wait_for_work(done, idle, nothing, never, [] { return true; }, [] { return true; }) == outcome::done);
    CHECK(done.load());
    // done already set by another worker (a goal, a plugin error): no further test.
    int calls = 0;
    CHECK(d.wait_for_work(done, idle, nothing, [&] { return ++calls, true; }, [&] { return ++calls, true; },
                          [&] { return ++calls, true; }) == outcome::done);
    CHECK(calls == 0);
}

TEST_CASE("TerminationDetector.NoDoneWhileAnotherWorkerIsBusy") {
    // Two workers, one of which never votes (busy): quiet() says yes every time, but the count
    // is 1 of 2, so the waiting worker must not declare done; it ends on the stop request.
    termination_detector d(2);
    std::atomic<bool> done{false};
    double idle = 0;
    int polls = 0;
    const outcome o = d.wait_for_work(done, idle, nothing, never, [] { return true; },
                                      [&] { return ++polls > 1000; });
    CHECK(o == outcome::done);  // by the stop request
    CHECK(polls == 1001);
    CHECK(d.idle_count() == 1);
}

TEST_CASE("TerminationDetector.RejectsBadWorkerCounts") {
    CHECK_THROWS_AS(termination_detector(0), std::invalid_argument);
    CHECK_THROWS_AS(termination_detector(termination_detector::max_workers + 1), std::invalid_argument);
    CHECK(termination_detector(1024).workers() == 1024);  // --threads allows up to 1024
}

// The task tree of one round: a task is (depth << 32 | id); a task of depth > 0 has 0..3
// children (mean 1.5) chosen by a hash of its id, so the tree is the same whatever the order.
std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9e53f6a4ed7ULL;
    return x ^ (x >> 33);
}
unsigned children_of(std::uint64_t task) { return (task >> 32) == 0 ? 0 : unsigned(mix(task) & 3); }
std::uint64_t child(std::uint64_t task, unsigned i) {
    const std::uint64_t depth = (task >> 32) - 1;
    return depth << 32 | (mix(task * 4 + i + 1) & 0xffffffffu);
}
std::uint64_t tree_size(std::uint64_t task) {
    std::uint64_t n = 1;
    for (unsigned i = 0; i < children_of(task); ++i) n += tree_size(child(task, i));
    return n;
}
// A little work per task, different per task, so that the workers' phases drift.
void busy_work(std::uint64_t task) {
    volatile std::uint64_t sink = 0;
    for (std::uint64_t i = 0, n = mix(task) % 200; i < n; ++i) sink = sink + i;
}

struct round_result {
    std::uint64_t expected = 0, processed = 0, left = 0;
    unsigned declarations = 0, declared_with_work = 0;
    bool timed_out = false;
};

// hda's pairing: per-worker heaps, batched sends (batch 4, so partly filled outboxes are
// common), has_work = mail in the inbox, quiet = every handed-over item drained.
struct hda_pairing {
    unsigned threads;
    hda_queues q;
    explicit hda_pairing(unsigned t) : threads(t), q(t, 4) {}
    unsigned owner(std::uint64_t task) const { return unsigned(mix(task) % threads); }
    void push(unsigned t, std::uint64_t task) { q.send(t, owner(task), task >> 32, task); }
    bool pop(unsigned t, std::uint64_t& task) {
        std::uint64_t key;
        return q.try_pop(t, key, task);
    }
    void flush(unsigned t) { q.flush(t); }
    bool has_work(unsigned t) const { return q.has_mail(t); }
    bool quiet() const { return q.all_delivered(); }
};

// parallel_astar's pairing: one shared multi_queue with the optimal search's insertion buffer
// of 16 and affinity, has_work = the queue is not empty, quiet = the queue's size is 0.
struct multi_queue_pairing {
    multi_queue q;
    explicit multi_queue_pairing(unsigned t) : q(t, multi_queue::for_optimal_search()) {}
    void push(unsigned t, std::uint64_t task) { q.push(t, task >> 32, task); }
    bool pop(unsigned t, std::uint64_t& task) {
        std::uint64_t key;
        return q.try_pop(t, key, task);
    }
    void flush(unsigned t) { q.flush(t); }
    bool has_work(unsigned) const { return !q.empty_hint(); }
    bool quiet() const { return q.size_estimate() == 0; }
};

// One round: the root is queued before the workers start (as the engines do), then every
// worker pops and processes, or votes when it finds nothing. `outstanding` counts tasks created
// and not yet finished (a child is counted before it is pushed); the worker that declares done
// reads it, and it must be 0 there.
template <class Pairing>
round_result run_round(unsigned threads, std::uint64_t root) {
    round_result r;
    r.expected = tree_size(root);
    Pairing open(threads);
    termination_detector det(threads);
    std::atomic<bool> done{false}, timed_out{false};
    std::atomic<std::uint64_t> outstanding{1}, processed{0};
    std::atomic<unsigned> declarations{0}, declared_with_work{0};
    open.push(0, root);
    open.flush(0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            double idle = 0;
            while (!done.load(std::memory_order_relaxed)) {
                std::uint64_t task;
                if (open.pop(t, task)) {
                    busy_work(task);
                    for (unsigned i = 0; i < children_of(task); ++i) {
                        outstanding.fetch_add(1);
                        open.push(t, child(task, i));
                    }
                    processed.fetch_add(1);
                    outstanding.fetch_sub(1);
                    continue;
                }
                const outcome o = det.wait_for_work(
                    done, idle, [&] { open.flush(t); }, [&] { return open.has_work(t); }, [&] { return open.quiet(); },
                    [&] {
                        if (std::chrono::steady_clock::now() < deadline) return false;
                        timed_out.store(true);
                        return true;
                    });
                if (o == outcome::quiet) {
                    declarations.fetch_add(1);
                    if (outstanding.load() != 0) declared_with_work.fetch_add(1);
                }
            }
            open.flush(t);
        });
    }
    for (auto& th : pool) th.join();
    r.processed = processed.load();
    r.declarations = declarations.load();
    r.declared_with_work = declared_with_work.load();
    r.timed_out = timed_out.load();
    std::uint64_t task;
    for (unsigned t = 0; t < threads; ++t)
        while (open.pop(t, task)) ++r.left;
    return r;
}

template <class Round>
void stress(unsigned threads, Round round) {
    const unsigned rounds = 1500 / sanitizer_scale;
    for (unsigned i = 0; i < rounds; ++i) {
        const std::uint64_t root = std::uint64_t(12) << 32 | (mix(i + 1000 * threads) & 0xffffffffu);
        const round_result r = round(threads, root);
        CAPTURE(i);
        REQUIRE_FALSE(r.timed_out);              // every worker returned in time
        CHECK(r.declared_with_work == 0);        // never done while a task exists
        CHECK(r.declarations >= 1);              // done was declared (not stopped)
        CHECK(r.processed == r.expected);        // exactly when every task was done
        CHECK(r.left == 0);                      // and nothing is left queued
    }
}

}  // namespace

TEST_CASE("TerminationDetector.Stress.HdaQueues.2threads") { stress(2, run_round<hda_pairing>); }
TEST_CASE("TerminationDetector.Stress.HdaQueues.4threads") { stress(4, run_round<hda_pairing>); }
TEST_CASE("TerminationDetector.Stress.HdaQueues.8threads") { stress(8, run_round<hda_pairing>); }
TEST_CASE("TerminationDetector.Stress.MultiQueue.2threads") { stress(2, run_round<multi_queue_pairing>); }
TEST_CASE("TerminationDetector.Stress.MultiQueue.4threads") { stress(4, run_round<multi_queue_pairing>); }
TEST_CASE("TerminationDetector.Stress.MultiQueue.8threads") { stress(8, run_round<multi_queue_pairing>); }
