// chase_lev_deque: the lock-free work-stealing deque of Chase and Lev (SPAA 2005) in the C11
// formulation of Lê, Pop, Cohen and Zappa Nardelli, "Correct and efficient work-stealing for
// weak memory models" (PPoPP 2013), Fig. 1, with a growable power-of-two ring buffer.
//
// Contract:
//  - Thread-safety: exactly ONE owner thread may call push() and pop() (and nothing else may
//    call them concurrently with it); any number of thief threads may call steal()/try_steal()
//    concurrently with the owner and with each other. size_approx()/empty() may be called by
//    anyone; they are a snapshot, exact only when the deque is quiescent. Ownership may move to
//    another thread if the hand-over itself synchronizes (e.g. a mutex), as in the pool's
//    caller slot. The destructor must not run while any other thread can still touch the deque.
//  - Order: the owner pops LIFO at the bottom; thieves steal FIFO at the top.
//  - Progress: push() is wait-free except when it grows the buffer (a bounded copy plus one
//    allocation); pop() is wait-free; steal() is lock-free (one CAS; a thief that loses the
//    race returns `lost_race` and may retry; some other thread made progress).
//  - Memory: one ring of capacity C (power of two, at least the largest number of items ever
//    held at once, rounded up) plus the retired smaller rings, which are kept until destruction
//    because a slow thief may still read them: the retired rings sum to < C, so the total stays
//    below 2*C slots. The deque never shrinks.
//  - Elements: T must be trivially copyable and std::atomic<T> should be lock-free (pointers,
//    integers). Items are copied in and out; the deque never owns what a pointer points to.
//
// Testability: the atomic template is a parameter (folly style) so a test can substitute an
// instrumented atomic; production code uses std::atomic. Deviations from the paper, each
// justified where it is made: signed 64-bit indices (no wrap-around arithmetic at bottom == 0)
// and release (instead of relaxed) stores of `bottom` (push: in place of release fence + relaxed
// store; pop: keeps every bottom store in the release sequence thieves acquire, which C++20 no
// longer grants to relaxed same-thread stores). Both are strictly stronger, cost nothing on x86,
// and ThreadSanitizer understands them (it does not model standalone fences).
#pragma once

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

namespace solver {

namespace detail {
// A sequentially consistent fence. ThreadSanitizer does not model standalone fences and GCC 12
// warns (-Wtsan) about each one; the fences here only provide store-load (Dekker) ordering,
// never a happens-before edge that TSan must see (every such edge is a release/acquire pair),
// so the warning is silenced where the fence is written and the real fence is kept.
// On x86-64 a locked read-modify-write of the stack top is a full barrier for ordinary
// (write-back) memory, like MFENCE, and about twice as fast (what Linux's smp_mb() does there);
// pop() pays one per call, so it matters.
inline void seq_cst_fence() noexcept {
#if defined(__x86_64__) && defined(__GNUC__)
    __asm__ __volatile__("lock; orl $0, (%%rsp)" ::: "memory", "cc");
#elif defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtsan"
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#pragma GCC diagnostic pop
#else
    std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}
}  // namespace detail

enum class steal_status { success, empty, lost_race };

template <class T, template <class> class Atom = std::atomic>
class chase_lev_deque {
    static_assert(std::is_trivially_copyable<T>::value, "chase_lev_deque holds trivially copyable items");

public:
    explicit chase_lev_deque(std::size_t initial_capacity = 256) {
        std::int64_t cap = 2;
        while (static_cast<std::size_t>(cap) < initial_capacity) cap *= 2;
        ring* r = new ring(cap);
        rings_.emplace_back(r);
        // Relaxed: construction happens-before any use by other threads (they receive the deque
        // through whatever synchronizes its publication, e.g. pthread_create).
        array_.store(r, std::memory_order_relaxed);
        top_.store(0, std::memory_order_relaxed);
        bottom_.store(0, std::memory_order_relaxed);
    }
    chase_lev_deque(const chase_lev_deque&) = delete;
    chase_lev_deque& operator=(const chase_lev_deque&) = delete;
    ~chase_lev_deque() = default;  // rings_ frees the current and every retired ring

    // Owner only. Adds x at the bottom.
    void push(T x) {
        // Relaxed: only the owner writes bottom_, so it reads its own latest value.
        std::int64_t b = bottom_.load(std::memory_order_relaxed);
        // Acquire: pairs with the thieves' CAS on top_ (seq_cst, hence release). Every thief
        // read of a slot below this top happened-before we may overwrite that slot after a
        // wrap-around below, so no thief can return a value we wrote over it.
        std::int64_t t = top_.load(std::memory_order_acquire);
        // Relaxed: only the owner writes array_.
        ring* a = array_.load(std::memory_order_relaxed);
        if (b - t > a->capacity - 1) a = grow(a, b, t);
        a->put(b, x);  // relaxed slot store; published by the release store of bottom_ below
        // Release (paper: release fence + relaxed store; this is the same or stronger): the slot
        // store above, and everything the owner did to the item before push(), happen-before a
        // thief that acquire-loads this bottom_ (or a later owner store in its release
        // sequence) and then reads the slot.
        bottom_.store(b + 1, std::memory_order_release);
    }

    // Owner only. Removes and returns the bottom item, or nullopt when empty (or when a thief
    // took the last item first).
    std::optional<T> pop() {
        // Relaxed: owner's own variable.
        std::int64_t b = bottom_.load(std::memory_order_relaxed) - 1;
        // Relaxed: owner's own variable.
        ring* a = array_.load(std::memory_order_relaxed);
        // Relaxed store, ordered by the seq_cst fence below: we first reserve slot b by moving
        // bottom_ down, then look at top_. Release here as well would keep it in the release
        // sequence of push()'s stores under the C++20 rules (C++17 includes same-thread stores
        // already), which is what thieves acquire; on x86 it is a plain store either way.
        bottom_.store(b, std::memory_order_release);
        // Seq_cst fence: the store-load (Dekker) ordering between our bottom_ store and top_
        // load, matched by the fence between the top_ and bottom_ loads in steal(). Either the
        // thief sees the decremented bottom (and backs off from slot b) or we see its
        // incremented top (and fall into the CAS race or the empty case).
        detail::seq_cst_fence();
        // Relaxed: ordered by the fence above.
        std::int64_t t = top_.load(std::memory_order_relaxed);
        std::optional<T> result;
        if (t <= b) {
            T x = a->get(b);  // relaxed: the owner wrote this slot itself
            if (t == b) {
                // One item left: race the thieves for it with the same CAS they use.
                // Seq_cst on success: totally ordered with the thieves' CAS on top_, so exactly
                // one of us wins. Relaxed on failure: we only learn we lost.
                if (top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst,
                                                 std::memory_order_relaxed))
                    result = x;
                // Release: restore bottom_ = top_ (the deque is now empty); see the store above.
                bottom_.store(b + 1, std::memory_order_release);
            } else {
                result = x;  // more than one item: the thieves cannot reach slot b
            }
        } else {
            // Empty: undo the reservation. Release for the same reason as above.
            bottom_.store(b + 1, std::memory_order_release);
        }
        return result;
    }

    // Any thread. Takes the top item into `out`. `lost_race` means another thread took it
    // first: the deque may still hold items, so a caller looking for work should retry.
    steal_status try_steal(T& out) {
        // Acquire: pairs with the successful CAS of other thieves / the owner on top_, so the
        // slot reads they did before are ordered before our CAS attempt on the same index.
        std::int64_t t = top_.load(std::memory_order_acquire);
        // Seq_cst fence: orders the top_ load before the bottom_ load (load-load across the
        // Dekker pair with the fence in pop()); see pop().
        detail::seq_cst_fence();
        // Acquire: pairs with the release store of bottom_ in push() (or a later owner store in
        // its release sequence): the slot and the item's contents written before that push are
        // visible to us.
        std::int64_t b = bottom_.load(std::memory_order_acquire);
        if (t >= b) return steal_status::empty;
        // Acquire (the paper's consume, which compilers promote to acquire anyway): pairs with
        // the release store in grow(), so the copied slots of a new ring are visible.
        ring* a = array_.load(std::memory_order_acquire);
        T x = a->get(t);  // relaxed: validated by the CAS below, discarded if it fails
        // Seq_cst on success: totally ordered with the owner's CAS in pop() and other thieves'
        // CASes, so each index is handed out once; it is also a release that push()'s acquire
        // load of top_ pairs with before reusing the slot. Relaxed on failure: nothing read is
        // used.
        if (!top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed))
            return steal_status::lost_race;
        out = x;
        return steal_status::success;
    }

    // Any thread. One steal attempt; nullopt when empty or when the race was lost.
    std::optional<T> steal() {
        T x;
        if (try_steal(x) == steal_status::success) return x;
        return std::nullopt;
    }

    // Any thread. Snapshot of the number of items (exact when quiescent).
    std::size_t size_approx() const {
        // Relaxed: a snapshot; callers that need ordering put a fence before calling.
        std::int64_t b = bottom_.load(std::memory_order_relaxed);
        std::int64_t t = top_.load(std::memory_order_relaxed);
        return b > t ? static_cast<std::size_t>(b - t) : 0;
    }
    bool empty() const { return size_approx() == 0; }

    // Owner (or quiescent) only: the current ring's capacity.
    std::size_t capacity() const {
        // Relaxed: the owner is the only writer.
        return static_cast<std::size_t>(array_.load(std::memory_order_relaxed)->capacity);
    }

private:
    struct ring {
        explicit ring(std::int64_t cap) : capacity(cap), mask(cap - 1), slots(new Atom<T>[static_cast<std::size_t>(cap)]) {}
        // Relaxed slot accesses: every slot access is ordered by the index protocol (bottom_,
        // top_, array_) around it; slots are atomics only so a thief's speculative read of a
        // slot the owner is rewriting is not a data race (its CAS then fails).
        T get(std::int64_t i) const { return slots[static_cast<std::size_t>(i & mask)].load(std::memory_order_relaxed); }
        void put(std::int64_t i, T x) { slots[static_cast<std::size_t>(i & mask)].store(x, std::memory_order_relaxed); }

        const std::int64_t capacity;
        const std::int64_t mask;
        std::unique_ptr<Atom<T>[]> slots;
    };

    // Owner only: copy [t, b) into a ring twice as large and publish it. The old ring is retired
    // into rings_, not freed: a thief that loaded array_ before the switch may still read it (it
    // reads a valid old value, and its CAS on top_ decides whether the value is used).
    ring* grow(ring* old, std::int64_t b, std::int64_t t) {
        ring* bigger = new ring(old->capacity * 2);
        for (std::int64_t i = t; i < b; ++i) bigger->put(i, old->get(i));
        rings_.emplace_back(bigger);
        // Release: the copied slots are visible to a thief that acquire-loads this pointer.
        array_.store(bigger, std::memory_order_release);
        return bigger;
    }

    // top_ and bottom_ on separate cache lines: thieves hammer top_, the owner bottom_.
    alignas(64) Atom<std::int64_t> top_;
    alignas(64) Atom<std::int64_t> bottom_;
    alignas(64) Atom<ring*> array_;
    std::vector<std::unique_ptr<ring>> rings_;  // owner only: current ring last, retired ones before
};

}  // namespace solver
