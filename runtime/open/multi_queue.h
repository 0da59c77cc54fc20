// multi_queue: the relaxed concurrent priority queue shared by the A* family of engines
// (MultiQueue: Rihani, Sanders, Dementiev 2015; Williams, Sanders, Dementiev, "Engineering
// MultiQueues", 2021).
//
// Contract:
//  - Elements are (key, value) pairs of uint64; smaller key = higher priority (engines pack f
//    and a tie-breaking h into the key). The whole key range is allowed.
//  - Thread-safety: every member may be called concurrently. `thread` is a worker id in
//    [0, threads); one id is used by at most one OS thread at a time (it owns that id's
//    buffers, random state and sticky choices, which are not synchronized).
//  - Relaxed order: try_pop returns *a* small element, not necessarily the smallest. With
//    threads == 1 there is one heap and pop order is exact (ties in any order). The rank error
//    is measured, not assumed: tests/multi_queue_benchmark.cc prints its mean and max.
//  - Buffers and termination: push() may keep up to options::insert_buffer elements in the
//    caller's private insertion buffer, and try_pop() may move up to options::delete_buffer of
//    the smallest elements of a heap into the caller's private deletion buffer. Buffered
//    elements are always counted by size_estimate() and served by the owner's try_pop(), but
//    other threads cannot pop them. Therefore an engine MUST call flush(thread) before that
//    thread goes idle / waits for work / votes for termination. flush() moves both buffers
//    into the shared heaps. Guarantee: if no push() is in flight and every thread that pushed
//    has flushed since its last push (each flush happens-before the try_pop, e.g. through the
//    engine's idle counter or barrier), then try_pop() on a non-empty queue returns an element
//    (it samples two heaps and, when those look empty, scans all heaps). try_pop() == false
//    means: the caller's buffers were empty and every heap was seen empty during the scan.
//    Elements can then still sit in the deletion buffer of another thread whose try_pop just
//    returned true: that thread is busy, serves them itself and flushes before it idles. So
//    try_pop() == false is a hint while others work; termination is the engine's decision.
//    A protocol that works: runtime/engines/termination_detector.h with flush = flush(t),
//    has_work = !empty_hint(), quiet = size_estimate() == 0 (tested in
//    MultiQueue.Termination.IdleProtocol.* and TerminationDetector.Stress.MultiQueue.*): the
//    flush before the vote makes every element visible to whoever reads "all idle", and leaving
//    idle changes the idle count and the epoch in one atomic step. (A protocol with two atomics
//    that bumps the epoch and then decrements the count is unsound: see that header.)
//  - Memory bound: elements live in std::vector heaps and buffers (16 bytes each, vectors
//    at most double their size), so memory is about 16..32 bytes per queued element plus
//    64-byte-padded per-heap and per-thread headers. push() may throw std::bad_alloc.
//  - Progress: each heap is protected by its own try-lock; a thread never waits on a busy heap
//    while sampling but picks other heaps, so a stalled lock holder blocks only its own heap.
//    Critical sections are O(log n) heap operations (or O(b log n) for a buffer of b).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace solver {

class multi_queue {
public:
    struct options {
        // c: c * threads internal heaps (1 heap if threads == 1). c = 2 measured 3-4x smaller
        // rank error than c = 4 at equal throughput on 2 cores (tests/multi_queue_benchmark.cc).
        unsigned queues_per_thread = 2;
        unsigned stickiness = 8;         // s: a thread reuses its sampled heaps for s operations
        // Private per-thread buffers cut locking further but hide their elements from the other
        // threads, which raised the measured rank error 3-5x (tests/multi_queue_benchmark.cc);
        // off by default, flush() is then a no-op (engines should still call it). Optimal
        // astar turns on an insertion buffer of 16: its pushes then lock and republish a heap
        // once per batch, +8-12% nodes/s at 2 threads on the course maps (parallel_astar_engine.cc).
        unsigned insert_buffer = 0;      // per-thread insertion buffer size (0 = push directly)
        unsigned delete_buffer = 0;      // per-thread deletion buffer size (0 or 1 = none)
        // Affinity: thread t pushes into its own c heaps (any heap when its own is busy), and
        // of the two heaps a pop compares, one is its own and one is any heap. The element
        // popped was then more often pushed by the same thread, whose node data is still in that
        // core's cache. Measured, optimal astar at 2 threads, interleaved runs at real-time
        // priority: +5% nodes/s on course 22/23 while other jobs loaded the machine, +2% on
        // course 22 and within noise on course 23 on the quiet machine, with the same nodes
        // expanded (the f bound decides which nodes are expanded, the order matters little),
        // so that engine turns it on. But the rank
        // error grows in the synthetic hold model of tests/multi_queue_benchmark.cc (mean 6 ->
        // 130 at 2 threads, worse with more threads than cores, where a descheduled thread's
        // heaps are sampled less), and greedy search on Microban 93 expanded 8% more nodes for
        // longer solutions: off by default (every push and both samples pick any heap).
        bool affinity = false;
        std::uint64_t seed = 0x9e3779b97f4a7c15ULL;  // random heap choice (per thread)
    };

    // What optimal astar uses: affinity and a 16-element insertion buffer (see the options and
    // parallel_astar_engine.cc); the tests stress exactly this configuration.
    static options for_optimal_search() {
        options o;
        o.affinity = true;
        o.insert_buffer = 16;
        return o;
    }

    explicit multi_queue(unsigned threads);
    multi_queue(unsigned threads, const options& opt);
    ~multi_queue();
    multi_queue(const multi_queue&) = delete;
    multi_queue& operator=(const multi_queue&) = delete;

    // Add (key, value). [thread-safe] May buffer it privately until flush() (see contract).
    void push(unsigned thread, std::uint64_t key, std::uint64_t value);
    // Remove a small element; false if the queue looked empty (see contract). [thread-safe]
    bool try_pop(unsigned thread, std::uint64_t& key, std::uint64_t& value);
    // Move this thread's buffered elements into the shared heaps. [thread-safe]
    void flush(unsigned thread);

    // How many queued elements (in every heap; buffers are not counted) have a key smaller than
    // `key`: the rank of an element just popped with that key. Locks each heap in turn, so it
    // costs O(size) and is meant for sampled measurement of the rank error. [thread-safe]
    std::uint64_t count_less(std::uint64_t key);

    // Elements in heaps and all buffers; exact when no operation is in flight. [thread-safe]
    std::uint64_t size_estimate() const;
    bool empty_hint() const { return size_estimate() == 0; }

    unsigned threads() const { return threads_; }
    unsigned heap_count() const { return heap_count_; }
    const options& config() const { return opt_; }

private:
    struct entry {
        std::uint64_t key;
        std::uint64_t value;
    };
    struct heap;
    struct thread_state;

    bool try_lock(heap& h);
    void lock(heap& h);
    static void unlock(heap& h);
    static void publish_top(heap& h);
    unsigned random_heap(thread_state& ts);
    unsigned own_heap(thread_state& ts);
    void push_batch(thread_state& ts, const entry* items, std::size_t n);
    bool pop_local(thread_state& ts, std::uint64_t local_key, std::uint64_t& key, std::uint64_t& value);
    void pop_from_locked(thread_state& ts, heap& h, std::uint64_t& key, std::uint64_t& value);
    bool scan_pop(thread_state& ts, std::uint64_t& key, std::uint64_t& value);

    unsigned threads_;
    unsigned heap_count_;
    options opt_;
    bool affine_ = false;  // opt_.affinity and more than one heap
    std::unique_ptr<heap[]> heaps_;
    std::unique_ptr<thread_state[]> per_thread_;
};

}  // namespace solver
