// multi_queue: see the contract in multi_queue.h. Memory orders are explained beside each atomic.
#include "open/multi_queue.h"

#include "sched/spin_wait.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <thread>

namespace solver {

namespace {

constexpr std::uint64_t empty_top = UINT64_MAX;  // cached top of an empty heap (also "worst key")


inline std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

struct alignas(64) multi_queue::heap {
    // The heap's lock. exchange(true, acquire) to take it, store(false, release) to drop it: the
    // release/acquire pair hands the `items` written by one holder to the next holder.
    std::atomic<bool> locked{false};
    // Cached key of the top element (empty_top when empty), written under the lock, read without
    // it by samplers. relaxed: it is only a hint for choosing a heap; the element itself is read
    // after taking the lock, which orders everything that matters.
    std::atomic<std::uint64_t> top{empty_top};
    // Number of elements, written under the lock. release/acquire so that a scanner that reads a
    // non-zero size and then locks sees a consistent heap; with relaxed it would still be correct
    // (the lock orders the data), the acquire costs nothing on x86 and keeps the argument simple.
    std::atomic<std::uint64_t> size{0};
    std::vector<entry> items;  // binary min-heap on key; guarded by `locked`
};

struct alignas(64) multi_queue::thread_state {
    std::uint64_t rng = 0;
    unsigned id = 0;  // the thread id this state belongs to (its own heaps, with affinity)
    unsigned pop_a = 0, pop_b = 0, pop_left = 0;  // sticky pair for deletions
    unsigned push_h = 0, push_left = 0;           // sticky heap for insertions
    std::vector<entry> ins;  // insertion buffer, unsorted
    std::vector<entry> del;  // deletion buffer, sorted descending (back() is the smallest)
    // ins.size() + del.size() for size_estimate(). Single writer (the owner), relaxed: a statistic.
    std::atomic<std::uint64_t> buffered{0};
};

bool multi_queue::try_lock(heap& h) {
    // relaxed pre-check avoids bouncing the line with a failing RMW; acquire on the exchange
    // pairs with unlock()'s release store.
    return !h.locked.load(std::memory_order_relaxed) &&
           !h.locked.exchange(true, std::memory_order_acquire);
}

void multi_queue::lock(heap& h) {
    unsigned spins = 0;
    while (!try_lock(h)) spin_backoff(spins);  // the holder may be descheduled
}

void multi_queue::unlock(heap& h) {
    h.locked.store(false, std::memory_order_release);  // publishes our writes to `items`
}

std::uint64_t multi_queue::count_less(std::uint64_t key) {
    std::uint64_t n = 0;
    for (unsigned i = 0; i < heap_count_; ++i) {
        heap& h = heaps_[i];
        // relaxed: a hint to skip heaps whose smallest key is not below `key` (see heap::top);
        // heaps that are counted are read under their lock.
        if (h.top.load(std::memory_order_relaxed) >= key) continue;
        lock(h);
        for (const entry& e : h.items) n += e.key < key;
        unlock(h);
    }
    return n;
}

void multi_queue::publish_top(heap& h) {
    h.top.store(h.items.empty() ? empty_top : h.items.front().key, std::memory_order_relaxed);
    h.size.store(h.items.size(), std::memory_order_release);
}

multi_queue::multi_queue(unsigned threads) : multi_queue(threads, options()) {}

multi_queue::multi_queue(unsigned threads, const options& opt) : threads_(threads), opt_(opt) {
    if (threads == 0) throw std::invalid_argument("multi_queue: threads must be >= 1");
    if (opt_.queues_per_thread == 0) opt_.queues_per_thread = 1;
    if (opt_.stickiness == 0) opt_.stickiness = 1;
    // One thread gains nothing from relaxation: one heap gives exact order.
    heap_count_ = threads == 1 ? 1 : threads * opt_.queues_per_thread;
    affine_ = opt_.affinity && heap_count_ > 1;
    heaps_.reset(new heap[heap_count_]);
    per_thread_.reset(new thread_state[threads]);
    for (unsigned t = 0; t < threads; ++t) {
        thread_state& ts = per_thread_[t];
        ts.rng = splitmix64(opt_.seed + t) | 1;
        ts.id = t;
        ts.ins.reserve(opt_.insert_buffer);
        ts.del.reserve(opt_.delete_buffer);
    }
}

multi_queue::~multi_queue() = default;

unsigned multi_queue::random_heap(thread_state& ts) {
    // xorshift64*: fast, per thread, good enough for load balancing.
    ts.rng ^= ts.rng >> 12;
    ts.rng ^= ts.rng << 25;
    ts.rng ^= ts.rng >> 27;
    const std::uint64_t r = ts.rng * 2685821657736338717ULL;
    return static_cast<unsigned>((static_cast<unsigned __int128>(r) * heap_count_) >> 64);
}

unsigned multi_queue::own_heap(thread_state& ts) {
    // Thread t owns heaps [t*c, t*c + c).
    const unsigned c = heap_count_ / threads_;
    return ts.id * c + (c == 1 ? 0 : random_heap(ts) % c);
}

void multi_queue::push_batch(thread_state& ts, const entry* items, std::size_t n) {
    heap* h;
    bool own = affine_;
    for (;;) {
        if (ts.push_left == 0) {
            ts.push_h = own ? own_heap(ts) : random_heap(ts);
            ts.push_left = opt_.stickiness;
        }
        h = &heaps_[ts.push_h];
        if (try_lock(*h)) break;
        ts.push_left = 0;  // busy: choose another heap rather than wait, any heap this time
        own = false;
    }
    try {
        for (std::size_t i = 0; i < n; ++i) {
            h->items.push_back(items[i]);
            std::push_heap(h->items.begin(), h->items.end(),
                           [](const entry& a, const entry& b) { return a.key > b.key; });
        }
    } catch (...) {  // bad_alloc: leave the heap consistent and unlocked
        publish_top(*h);
        unlock(*h);
        throw;
    }
    publish_top(*h);
    unlock(*h);
    --ts.push_left;
}

void multi_queue::push(unsigned thread, std::uint64_t key, std::uint64_t value) {
    assert(thread < threads_ && "multi_queue: thread id out of range");
    thread_state& ts = per_thread_[thread];
    if (opt_.insert_buffer == 0) {
        const entry e{key, value};
        push_batch(ts, &e, 1);
        return;
    }
    ts.ins.push_back({key, value});
    if (ts.ins.size() >= opt_.insert_buffer) {
        push_batch(ts, ts.ins.data(), ts.ins.size());
        ts.ins.clear();
    }
    ts.buffered.store(ts.ins.size() + ts.del.size(), std::memory_order_relaxed);
}

void multi_queue::flush(unsigned thread) {
    assert(thread < threads_ && "multi_queue: thread id out of range");
    thread_state& ts = per_thread_[thread];
    if (!ts.ins.empty()) {
        push_batch(ts, ts.ins.data(), ts.ins.size());
        ts.ins.clear();
    }
    if (!ts.del.empty()) {
        push_batch(ts, ts.del.data(), ts.del.size());
        ts.del.clear();
    }
    ts.buffered.store(0, std::memory_order_relaxed);
}

bool multi_queue::pop_local(thread_state& ts, std::uint64_t local_key, std::uint64_t& key,
                            std::uint64_t& value) {
    // Take the buffered element with key local_key (from the deletion buffer if it has it).
    if (!ts.del.empty() && ts.del.back().key == local_key) {
        key = ts.del.back().key;
        value = ts.del.back().value;
        ts.del.pop_back();
    } else {
        std::size_t best = 0;
        for (std::size_t i = 1; i < ts.ins.size(); ++i)
            if (ts.ins[i].key < ts.ins[best].key) best = i;
        key = ts.ins[best].key;
        value = ts.ins[best].value;
        ts.ins[best] = ts.ins.back();
        ts.ins.pop_back();
    }
    ts.buffered.store(ts.ins.size() + ts.del.size(), std::memory_order_relaxed);
    return true;
}

void multi_queue::pop_from_locked(thread_state& ts, heap& h, std::uint64_t& key,
                                  std::uint64_t& value) {
    const auto cmp = [](const entry& a, const entry& b) { return a.key > b.key; };
    std::pop_heap(h.items.begin(), h.items.end(), cmp);
    key = h.items.back().key;
    value = h.items.back().value;
    h.items.pop_back();
    // Refill the deletion buffer with the next smallest elements of this heap: the following
    // pops of this thread then need no lock as long as these stay better than sampled tops.
    if (opt_.delete_buffer > 1 && ts.del.empty()) {
        const std::size_t n = std::min<std::size_t>(opt_.delete_buffer - 1, h.items.size());
        for (std::size_t i = 0; i < n; ++i) {
            std::pop_heap(h.items.begin(), h.items.end(), cmp);
            ts.del.push_back(h.items.back());
            h.items.pop_back();
        }
        std::reverse(ts.del.begin(), ts.del.end());  // smallest at back()
        ts.buffered.store(ts.ins.size() + ts.del.size(), std::memory_order_relaxed);
    }
    publish_top(h);
}

bool multi_queue::scan_pop(thread_state& ts, std::uint64_t& key, std::uint64_t& value) {
    const unsigned start = random_heap(ts);
    for (unsigned k = 0; k < heap_count_; ++k) {
        heap& h = heaps_[(start + k) % heap_count_];
        // acquire: pairs with publish_top()'s release store (see heap::size).
        if (h.size.load(std::memory_order_acquire) == 0) continue;
        lock(h);  // wait here: we must not miss a non-empty heap (critical sections are short)
        if (!h.items.empty()) {
            pop_from_locked(ts, h, key, value);
            unlock(h);
            return true;
        }
        unlock(h);
    }
    return false;
}

bool multi_queue::try_pop(unsigned thread, std::uint64_t& key, std::uint64_t& value) {
    assert(thread < threads_ && "multi_queue: thread id out of range");
    thread_state& ts = per_thread_[thread];
    for (unsigned attempt = 0;; ++attempt) {
        bool have_local = false;
        std::uint64_t local_key = empty_top;
        if (!ts.del.empty()) {
            have_local = true;
            local_key = ts.del.back().key;
        }
        for (const entry& e : ts.ins) {
            if (!have_local || e.key < local_key) local_key = e.key;
            have_local = true;
        }
        if (ts.pop_left == 0) {
            // With affinity one sample is one of our own heaps, the other any heap; the better
            // top wins. The element taken was then more often pushed by this thread (its node
            // data still in this core's cache), at some cost in rank error (multi_queue.h).
            ts.pop_a = affine_ ? own_heap(ts) : random_heap(ts);
            ts.pop_b = random_heap(ts);
            if (heap_count_ > 1)
                while (ts.pop_b == ts.pop_a) ts.pop_b = random_heap(ts);
            ts.pop_left = opt_.stickiness;
        }
        // relaxed: hints only (see heap::top).
        const std::uint64_t ta = heaps_[ts.pop_a].top.load(std::memory_order_relaxed);
        const std::uint64_t tb = heaps_[ts.pop_b].top.load(std::memory_order_relaxed);
        const unsigned hi = ta <= tb ? ts.pop_a : ts.pop_b;
        const std::uint64_t th = std::min(ta, tb);
        if (have_local && local_key <= th) return pop_local(ts, local_key, key, value);
        if (th == empty_top || attempt >= 32) {
            // Both sampled heaps look empty (or we keep losing races): after a couple of fresh
            // samples, scan every heap so that no element can be missed (termination contract).
            ts.pop_left = 0;
            if (th == empty_top && attempt < 2) continue;
            if (scan_pop(ts, key, value)) return true;
            if (have_local) return pop_local(ts, local_key, key, value);
            return false;
        }
        heap& h = heaps_[hi];
        if (!try_lock(h)) {
            ts.pop_left = 0;  // contended: resample instead of waiting
            continue;
        }
        if (h.items.empty()) {  // emptied since we sampled it
            unlock(h);
            ts.pop_left = 0;
            continue;
        }
        pop_from_locked(ts, h, key, value);
        unlock(h);
        --ts.pop_left;
        return true;
    }
}

std::uint64_t multi_queue::size_estimate() const {
    std::uint64_t total = 0;
    // relaxed/acquire loads of counters written under locks or by owners: a statistic, exact
    // once all operations have finished and are synchronized with the caller.
    for (unsigned i = 0; i < heap_count_; ++i) total += heaps_[i].size.load(std::memory_order_acquire);
    for (unsigned t = 0; t < threads_; ++t) total += per_thread_[t].buffered.load(std::memory_order_relaxed);
    return total;
}

}  // namespace solver
