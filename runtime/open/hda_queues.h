// hda_queues: per-thread open lists with batched hand-off, for HDA* (hash-distributed A*,
// Kishimoto, Fukunaga, Botea 2009). Every node has an owner thread (by its hash); a thread that
// generates a node owned by thread t sends it to t.
//
// Contract:
//  - Thread-safety: `from`/`owner` arguments are worker ids in [0, threads), each used by at most
//    one OS thread at a time. send()/flush() are called by `from`; drain()/try_pop()/top()/
//    local_size()/outbox_size() by `owner` only. Any number of senders may hand batches to the
//    same receiver at once. sent()/received()/all_delivered()/has_mail() may be called by any
//    thread at any time.
//  - Hand-off: send() appends to the sender's private outbox for (from, to); when it holds
//    `batch` items it is handed over in one lock-free push (a Treiber-stack push of the whole
//    batch onto the receiver's inbox; the receiver takes the whole inbox with one exchange, so
//    there is no ABA). flush(from) hands over every non-empty outbox. send() to oneself goes
//    straight into the local heap and is not counted as a message.
//  - Termination: items sitting in an outbox are invisible to everyone; a thread MUST flush()
//    before it goes idle. Counters: sent(t) counts items thread t handed over (at hand-off
//    time), received(t) items thread t drained into its heap. all_delivered() reads all
//    received counters (acquire), then all sent counters; because a drain happens after the
//    matching hand-off, received_total <= sent_total always, and equality means every item handed
//    over before the sent counters were read has been drained. Combined with the engine's own
//    "every thread idle and flushed, before and after this check" (e.g. Mattern's four-counter
//    or a double check of idle flags), it proves that no message is in flight.
//  - Memory bound: 16 bytes per queued item in the heaps, plus at most threads * threads
//    partly filled batches of `batch` items, plus handed-over batches not yet drained. Allocation
//    (std::bad_alloc) happens in send()/flush() (new batch) and in the heap vector.
//  - Progress: send/flush/drain are lock-free (a CAS loop on the receiver's inbox head; a failed
//    CAS means another sender succeeded). Pops are local and wait-free.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace solver {

class hda_queues {
public:
    static constexpr unsigned default_batch = 64;

    explicit hda_queues(unsigned threads, unsigned batch = default_batch)
        : threads_(threads), batch_(batch == 0 ? 1 : batch) {
        if (threads == 0) throw std::invalid_argument("hda_queues: threads must be >= 1");
        inbox_.reset(new inbox[threads]);
        local_.reset(new local[threads]);
        for (unsigned t = 0; t < threads; ++t) local_[t].outbox.assign(threads, nullptr);
    }
    ~hda_queues() {
        for (unsigned t = 0; t < threads_; ++t) {
            for (batch_node* b : local_[t].outbox) delete b;
            batch_node* b = inbox_[t].head.load(std::memory_order_acquire);
            while (b != nullptr) {
                batch_node* next = b->next;
                delete b;
                b = next;
            }
        }
    }
    hda_queues(const hda_queues&) = delete;
    hda_queues& operator=(const hda_queues&) = delete;

    unsigned threads() const { return threads_; }
    unsigned batch() const { return batch_; }

    // Send (key, value) from thread `from` to the open list of thread `to`. [from only]
    void send(unsigned from, unsigned to, std::uint64_t key, std::uint64_t value) {
        local& me = local_[from];
        if (to == from) {
            heap_push(me.heap, {key, value});
            return;
        }
        batch_node*& out = me.outbox[to];
        if (out == nullptr) {
            out = new batch_node;
            out->items.reserve(batch_);
        }
        out->items.push_back({key, value});
        if (out->items.size() >= batch_) hand_off(from, to);
    }

    // Hand every non-empty outbox of `from` to its receiver. Call before going idle. [from only]
    void flush(unsigned from) {
        for (unsigned to = 0; to < threads_; ++to)
            if (local_[from].outbox[to] != nullptr) hand_off(from, to);
    }

    // Items of `from` not yet handed over (in its outboxes). [from only]
    std::uint64_t outbox_size(unsigned from) const {
        std::uint64_t n = 0;
        for (const batch_node* b : local_[from].outbox)
            if (b != nullptr) n += b->items.size();
        return n;
    }

    // True if some batch waits in owner's inbox. [any thread; a hint]
    bool has_mail(unsigned owner) const {
        // relaxed: a hint; drain() does the acquire that makes the items visible.
        return inbox_[owner].head.load(std::memory_order_relaxed) != nullptr;
    }

    // Move every handed-over item into owner's heap; returns how many. [owner only]
    std::uint64_t drain(unsigned owner) {
        if (!has_mail(owner)) return 0;
        // acquire: pairs with the release CAS of every sender whose batch is in the list (the
        // CASes on head form a release sequence), so the batches' items are visible.
        batch_node* b = inbox_[owner].head.exchange(nullptr, std::memory_order_acquire);
        local& me = local_[owner];
        std::uint64_t n = 0;
        while (b != nullptr) {
            for (const entry& e : b->items) heap_push(me.heap, e);
            n += b->items.size();
            batch_node* next = b->next;
            delete b;
            b = next;
        }
        if (n != 0) {
            // release: a detector that reads this (acquire) also sees the senders' sent counts,
            // which were stored before their release CAS that our exchange acquired.
            me.received.store(me.received.load(std::memory_order_relaxed) + n,
                              std::memory_order_release);
        }
        return n;
    }

    // Drain the inbox, then pop the smallest key of owner's heap. [owner only]
    bool try_pop(unsigned owner, std::uint64_t& key, std::uint64_t& value) {
        drain(owner);
        std::vector<entry>& h = local_[owner].heap;
        if (h.empty()) return false;
        std::pop_heap(h.begin(), h.end(), greater);
        key = h.back().key;
        value = h.back().value;
        h.pop_back();
        return true;
    }

    // Smallest key in owner's heap (not draining). [owner only]
    bool top(unsigned owner, std::uint64_t& key) const {
        const std::vector<entry>& h = local_[owner].heap;
        if (h.empty()) return false;
        key = h.front().key;
        return true;
    }
    std::uint64_t local_size(unsigned owner) const { return local_[owner].heap.size(); }

    // Termination counters (see contract). [any thread]
    std::uint64_t sent(unsigned t) const { return local_[t].sent.load(std::memory_order_acquire); }
    std::uint64_t received(unsigned t) const {
        return local_[t].received.load(std::memory_order_acquire);
    }
    bool all_delivered() const {
        std::uint64_t r = 0, s = 0;
        for (unsigned t = 0; t < threads_; ++t) r += received(t);  // received first, then sent
        for (unsigned t = 0; t < threads_; ++t) s += sent(t);
        return r == s;
    }

private:
    struct entry {
        std::uint64_t key;
        std::uint64_t value;
    };
    struct batch_node {
        batch_node* next = nullptr;
        std::vector<entry> items;
    };
    struct alignas(64) inbox {
        std::atomic<batch_node*> head{nullptr};  // Treiber stack of batches, many senders
    };
    struct alignas(64) local {
        std::vector<entry> heap;               // owner's binary min-heap
        std::vector<batch_node*> outbox;       // per receiver, owner-private
        std::atomic<std::uint64_t> sent{0};      // single writer (owner)
        std::atomic<std::uint64_t> received{0};  // single writer (owner)
    };

    static bool greater(const entry& a, const entry& b) { return a.key > b.key; }
    static void heap_push(std::vector<entry>& h, const entry& e) {
        h.push_back(e);
        std::push_heap(h.begin(), h.end(), greater);
    }

    void hand_off(unsigned from, unsigned to) {
        local& me = local_[from];
        batch_node* b = me.outbox[to];
        me.outbox[to] = nullptr;
        // relaxed: single writer; ordered before the receiver's view by the release CAS below.
        me.sent.store(me.sent.load(std::memory_order_relaxed) + b->items.size(),
                      std::memory_order_relaxed);
        std::atomic<batch_node*>& head = inbox_[to].head;
        batch_node* old = head.load(std::memory_order_relaxed);
        do {
            b->next = old;
            // release: publishes b->items, b->next and our sent count to the receiver's
            // acquire exchange in drain(). relaxed on failure: we only retry with the new head.
        } while (!head.compare_exchange_weak(old, b, std::memory_order_release,
                                             std::memory_order_relaxed));
    }

    unsigned threads_;
    unsigned batch_;
    std::unique_ptr<inbox[]> inbox_;
    std::unique_ptr<local[]> local_;
};

}  // namespace solver
