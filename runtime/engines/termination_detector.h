// termination_detector: the idle vote of the engines whose workers each run one search loop over
// shared or distributed open lists (hda, parallel_astar / greedy). A worker that finds no work
// calls wait_for_work(); the call returns when work may be waiting for it again (resume), when
// it proved that the whole search is finished (quiet: it set `done`), or when `done` was set by
// someone else or a stop was requested (done).
//
// Contract:
//  - Thread-safety: one detector per search, constructed for `workers` threads (ids are not
//    needed: every worker votes the same way). wait_for_work() is called concurrently by the
//    workers, each from its own search loop; at most `workers` callers are inside at once.
//  - What the engine supplies (four callables; none may block):
//      flush()           move everything this worker holds privately (insertion buffers,
//                        outboxes) to where other workers can see it. Called once, before the
//                        vote. Must not throw anything the engine cannot catch (it may throw
//                        std::bad_alloc; the vote has not been cast then).
//      has_work()        this worker may have work waiting (hda: mail in its inbox;
//                        parallel_astar: the shared queue is not empty). A hint; read-only.
//      quiet()           nothing is queued or in flight anywhere, GIVEN that every worker is
//                        idle and flushed (hda: every handed-over item drained,
//                        hda_queues::all_delivered(); parallel_astar: multi_queue
//                        size_estimate() == 0). Read-only.
//      stop_requested()  the search is to stop (search_control::should_stop()); the detector
//                        then sets `done`, as the engines' loops do.
//  - What the engine must guarantee: an idle worker (inside wait_for_work) does not push, send
//    or drain anything; every worker that pushes or sends is outside wait_for_work (busy); a
//    worker goes idle only when it has no work of its own left (its heap is empty, nothing
//    popped is unexpanded). Work exists before the first worker votes (the root is queued
//    before the workers start), or the workers start with done = true.
//  - Idle time: the seconds from the call to its return (flush included) are added to
//    `idle_seconds` (engine_counters::idle), as both engines counted it before.
//
// The protocol (one word, `state_`: idle count in the low 16 bits, an epoch in the high 48):
//   vote:  flush(); state_ += 1                        (count + 1)
//   leave: state_ += 2^16 - 1                          (epoch + 1 and count - 1 in ONE add)
//   done:  s = state_; count(s) == workers && quiet() && state_ == s
//
// Safety (when a worker declares done, no heap, buffer, inbox or outbox holds work): let R1 and
// R2 be the two loads of state_ with the same value s and count(s) == workers. Every store to
// state_ is a read-modify-write, so each one, in particular each worker's last vote, heads a
// release sequence that contains every later RMW; R1 (seq_cst, so acquire) reads the value of
// the last RMW before it and therefore synchronizes with every vote before it: each worker's
// flush and every push or send it made before voting happen-before R1, hence before quiet().
// Between R1 and R2 no RMW hit state_ at all (R2 reads the same value, and every RMW changes
// the word, and the word comes back to a value only after 2^48 leaves: the count stays in
// [0, workers] and so cannot carry into the epoch, and equal counts need as many votes as
// leaves, which moved the epoch by the number of leaves; at 10 ns per leave 2^48 leaves take a
// month, not the time between two loads of one thread). So all `workers` workers were inside wait_for_work during the whole interval
// [R1, R2], none of them pushed, sent or drained in it, and quiet() read a state that nobody
// changed while it read it: it is exact. A worker inside wait_for_work holds nothing
// privately (it flushed) and has no unexpanded popped node (it idles only after its expansion
// ended), so quiet() == true means that nothing exists anywhere.
//
// Liveness (no worker spins forever): a waiting worker loops over done, stop_requested(),
// has_work() and the done test, yielding in between; it leaves on each of them:
//  - a stop request: stop_requested() becomes true and is polled on every iteration;
//  - a goal found by another worker (any-solution modes), a memory limit or a plugin error on
//    another worker: that worker stores `done` (relaxed: the store becomes visible in finite
//    time, [atomics.order]/11), which is polled on every iteration;
//  - some worker busy: it either ends the search (done), or hands work to others (their
//    has_work() becomes true: the waiting worker addressed leaves, and a leave changes the
//    epoch, so no other worker can declare done on a stale count), or votes itself;
//  - every worker idle: if quiet() holds, every waiting worker reads count == workers and an
//    unchanged word and declares done; if it does not, some work is visible (flushed before the
//    votes): hda: an undelivered batch is in some inbox, whose owner sees has_work(); astar:
//    the queue is not empty, which every waiter's has_work() sees. That worker leaves, takes
//    the work, and either finds more or votes again.
//
// Why one word (the former parallel_astar protocol was unsound): with two atomics, leave =
// epoch += 1; idle -= 1, and done = e = epoch; idle == T && size == 0 && idle == T && epoch == e,
// a worker B leaving idle could bump the epoch just BEFORE the detector A read e, then:
//   A: e = epoch (already bumped)    A: idle == T (B not yet decremented)
//   B: idle -= 1; pops the last node X (the queue is now empty)
//   A: size_estimate() == 0          (X is being expanded, its children do not exist yet)
//   B: pushes X's children, flushes, idle += 1
//   A: idle == T, epoch == e         -> done, with X's children still queued.
// In optimal mode that ends the search before the incumbent is proved (a wrong cost or a wrong
// "unsolvable"). The single word closes the window: the leave changes the count and the epoch
// at the same instant, so A's two loads differ whenever any worker left in between.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>

namespace solver {

class termination_detector {
    static constexpr unsigned count_bits = 16;
    static constexpr std::uint64_t count_mask = (std::uint64_t(1) << count_bits) - 1;
    // +1 epoch, -1 count, in one add (the count is >= 1 when its worker leaves: no borrow).
    static constexpr std::uint64_t leave = (std::uint64_t(1) << count_bits) - 1;

public:
    enum class outcome {
        resume,  // has_work(): the worker left idle and looks for work again
        quiet,   // this worker proved that the search is finished and set `done`
        done,    // `done` was already set (or a stop was requested and this worker set it)
    };

    static constexpr unsigned max_workers = (1u << count_bits) - 1;

    explicit termination_detector(unsigned workers) : workers_(workers) {
        if (workers == 0 || workers > max_workers)
            throw std::invalid_argument("termination_detector: workers must be between 1 and 65535");
    }
    termination_detector(const termination_detector&) = delete;
    termination_detector& operator=(const termination_detector&) = delete;

    unsigned workers() const { return workers_; }
    // Idle workers now (a snapshot; for tests and diagnostics).
    unsigned idle_count() const { return static_cast<unsigned>(state_.load() & count_mask); }

    template <class Flush, class HasWork, class Quiet, class StopRequested>
    outcome wait_for_work(std::atomic<bool>& done, double& idle_seconds, Flush&& flush, HasWork&& has_work,
                          Quiet&& quiet, StopRequested&& stop_requested) {
        const auto idle_from = std::chrono::steady_clock::now();
        const outcome o = vote_and_wait(done, flush, has_work, quiet, stop_requested);
        idle_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - idle_from).count();
        return o;
    }

private:
    template <class Flush, class HasWork, class Quiet, class StopRequested>
    outcome vote_and_wait(std::atomic<bool>& done, Flush& flush, HasWork& has_work, Quiet& quiet,
                          StopRequested& stop_requested) {
        // Flush first: the vote below must publish everything this worker ever pushed.
        flush();
        // seq_cst RMW (a release): orders the flush and all earlier pushes/sends before any
        // detector's load that reads this or a later value (release sequence, see above).
        state_.fetch_add(1);
        while (true) {
            // relaxed: `done` is a polled hint; results are read after the executor's join.
            if (done.load(std::memory_order_relaxed)) return outcome::done;
            if (stop_requested()) {
                done.store(true, std::memory_order_relaxed);
                return outcome::done;
            }
            if (has_work()) {
                // seq_cst RMW: one atomic step changes the count and the epoch, so a detector
                // whose two loads straddle it sees two different words.
                state_.fetch_add(leave);
                return outcome::resume;
            }
            // R1 (seq_cst load, acquire): synchronizes with every vote before it (see above).
            const std::uint64_t seen = state_.load();
            // R2 (seq_cst load): the same word means no vote and no leave happened since R1.
            if ((seen & count_mask) == workers_ && quiet() && state_.load() == seen) {
                done.store(true, std::memory_order_relaxed);  // relaxed: polled by every loop
                return outcome::quiet;
            }
            std::this_thread::yield();
        }
    }

    unsigned workers_;
    // Low 16 bits: idle workers; high 48 bits: epoch, bumped by every leave. All operations
    // seq_cst (the safety argument needs R1 to acquire every vote, and the total order of RMWs
    // on this one word, which any memory order would give; seq_cst is the simple choice and
    // idle paths are not hot). Padded: workers poll it while others work.
    alignas(64) std::atomic<std::uint64_t> state_{0};
};

}  // namespace solver
