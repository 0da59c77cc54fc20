// striped_table.h -- the one concurrent table of the bounded sub-searches' answers, shared by
// all threads of an instance: the local deadlock results (localdead_cache.h, LocalDeadCache)
// and the corral deadlock results (corraldead.h, CorralDeadCache) are both a StripedTable.
//
// Contract: [thread-safe] find/insert/size/slots from any number of threads at once.
// Progress: blocking (one mutex per stripe; a call holds at most one lock at a time, so no
// lock order and no deadlock).
// Exactness: every slot holds the full key and find compares all of it (Key::operator==), so
// a value is only ever returned for the exact key it was stored under, never on a hash match.
// Layout: 2^STRIPE_BITS stripes; a key's stripe from the top 8 bits of its hash, its home slot
// in the stripe from the low bits; open addressing with linear probing.
// Memory bound: at most 2^STRIPE_BITS stripes of 2^slot_bits slots of sizeof(Slot) bytes. A
// stripe is allocated on its first insert with Policy::FIRST_SLOTS slots (at most the full
// size), value-initialized, so the zeros are written now and the pages are mapped writable
// at once (a read-first page would be the shared zero page, and the write after it a
// copy-on-write fault that flushes the other threads' TLBs). At 3/4 load a stripe doubles up
// to 2^slot_bits slots; a full-size stripe at 3/4 load is emptied: the entries are a cache,
// losing them costs recomputation, never a wrong answer. Starting small, a level pays for the
// slots it uses: both tables start at 64 (Microban's 155 levels spent 1.7 s of system time on
// the corral table allocated whole, and most of 4 s on the local one in session 45; NOTES.md).
//
// Policy: static constexpr int SLOT_BITS (the default slot_bits) and static constexpr size_t
// FIRST_SLOTS. Value: a small unsigned integer type (find returns it as an int, -1 for none).
#ifndef SOKOBAN_STRIPED_TABLE_H
#define SOKOBAN_STRIPED_TABLE_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <type_traits>

namespace sokoban {

// The corral deadlock table's policy: 64 slots first, doubled up to 2^12 (a level with few
// corrals never touches, and zeroes, the whole table: Microban's 155 levels spent 1.7 s of
// system time on it). The local deadlock table's is localdead_cache.h's LocalDeadStripes.
struct GrowingStripes {
    static constexpr int SLOT_BITS = 12;
    static constexpr size_t FIRST_SLOTS = 64;
};

template <class Key, class Hash, class Value, class Policy>
class StripedTable {
    static_assert(std::is_integral<Value>::value && std::is_unsigned<Value>::value && sizeof(Value) < sizeof(int),
                  "find returns the value as an int, -1 for none");
    static_assert(Policy::FIRST_SLOTS >= 4 && (Policy::FIRST_SLOTS & (Policy::FIRST_SLOTS - 1)) == 0,
                  "a stripe starts with a power of two of at least 4 slots");

public:
    static constexpr int STRIPE_BITS = 8; // 256 stripes, a mutex each
    static constexpr size_t STRIPES = size_t(1) << STRIPE_BITS;

    explicit StripedTable(int slot_bits = Policy::SLOT_BITS)
        : per_stripe_(size_t(1) << (slot_bits < 2 ? 2 : slot_bits)) {}
    ~StripedTable() {
        for (Stripe &st : stripes_) delete[] st.slots;
    }
    StripedTable(const StripedTable &) = delete;
    StripedTable &operator=(const StripedTable &) = delete;

    // -1 when the key is not stored, else its value. [thread-safe]
    int find(const Key &k) const {
        const size_t h = Hash()(k);
        const Stripe &st = stripes_[stripe_of(h)];
        // Locking: the lock's acquire pairs with the release of the last insert's unlock on
        // this stripe, so the slots read below are whole, as that insert left them.
        std::lock_guard<std::mutex> g(st.lock);
        if (!st.slots) return -1;
        const size_t mask = st.cap - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) { // ends: a stripe always has a free slot
            const Slot &slot = st.slots[i];
            if (!slot.used) return -1;
            if (slot.key == k) return slot.value; // the full key, not only the hash
        }
    }

    // Store or overwrite. [thread-safe]
    void insert(const Key &k, Value value) {
        const size_t h = Hash()(k);
        Stripe &st = stripes_[stripe_of(h)];
        // Locking: every write below (allocation, growth, emptying, the slot) happens under
        // the stripe's lock; its unlock (release) publishes them to the next find or insert
        // that locks this stripe (acquire). Nothing is read or written outside the lock.
        std::lock_guard<std::mutex> g(st.lock);
        if (!st.slots) {
            st.cap = Policy::FIRST_SLOTS > per_stripe_ ? per_stripe_ : Policy::FIRST_SLOTS;
            st.slots = new Slot[st.cap]();
        }
        if (st.count >= st.cap / 4 * 3) {
            if (st.cap < per_stripe_) {
                Slot *grown = new Slot[2 * st.cap]();
                for (size_t i = 0; i < st.cap; ++i)
                    if (st.slots[i].used)
                        probe(grown, 2 * st.cap, Hash()(st.slots[i].key), st.slots[i].key) = st.slots[i];
                delete[] st.slots;
                st.slots = grown;
                st.cap *= 2;
            } else { // full size: forget this stripe's entries
                std::memset(static_cast<void *>(st.slots), 0, st.cap * sizeof(Slot));
                st.count = 0;
            }
        }
        Slot &slot = probe(st.slots, st.cap, h, k);
        if (!slot.used) {
            slot.key = k;
            slot.used = 1;
            ++st.count;
        }
        slot.value = value;
    }

    // Entries stored now (a snapshot, stripe by stripe; for tests and measurements). [thread-safe]
    size_t size() const {
        size_t n = 0;
        for (const Stripe &st : stripes_) {
            std::lock_guard<std::mutex> g(st.lock); // acquire: count as the last insert left it
            n += st.count;
        }
        return n;
    }

    // Slots allocated now over all stripes (a snapshot; tests). [thread-safe]
    size_t slots() const {
        size_t n = 0;
        for (const Stripe &st : stripes_) {
            std::lock_guard<std::mutex> g(st.lock);
            n += st.cap;
        }
        return n;
    }

private:
    struct Slot {
        Key key;
        uint8_t used; // 0 empty, 1 full
        Value value;
    };
    // No atomics: count, cap, slots and the slots' contents are only touched while `lock` is
    // held (the mutex's unlock synchronizes-with its next lock, which orders every access).
    // alignas(64): each stripe's mutex and fields on a cache line of their own, so threads on
    // different stripes do not share (or falsely share) a line.
    struct alignas(64) Stripe {
        mutable std::mutex lock;
        size_t count = 0;      // guarded by lock: used slots
        size_t cap = 0;        // guarded by lock: slots allocated (0 until the first insert)
        Slot *slots = nullptr; // guarded by lock
    };
    Stripe stripes_[STRIPES];
    const size_t per_stripe_; // slots of a full-size stripe; immutable after construction

    static size_t stripe_of(size_t h) { return (h >> 56) & (STRIPES - 1); }
    // Linear probing into slots[0, cap) (cap a power of two with a free slot): k's slot or the
    // free slot where it goes.
    static Slot &probe(Slot *slots, size_t cap, size_t h, const Key &k) {
        for (size_t i = h & (cap - 1);; i = (i + 1) & (cap - 1))
            if (!slots[i].used || slots[i].key == k) return slots[i];
    }
};

} // namespace sokoban

#endif
