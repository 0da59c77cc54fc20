// localdead_cache.h -- the local deadlock search's result table, shared by all threads of an
// instance (localdead.h).
//
// Contract: [thread-safe] find/insert/clear from any number of threads at once. Memory bound:
// at most 256 stripes of 2^slot_bits entries of 16 bytes; a stripe is allocated (and written
// zero, so its pages are mapped writable at once) on its first insert. Progress: blocking (striped locks, one mutex per stripe of slots).
// A result is only ever returned for the exact key it was stored under: every slot holds the
// full key and find compares all of it, never only the hash.
//
// Keys: (player cell, up to MAX_BOXES clump cells ascending, unused = 0xffff). A key stands
// for "the clump's boxes alone on the board, the player anywhere in the area of `player`":
// both the sub-position's normalized player and the full position's player cell give valid
// keys (the full area lies inside the sub-position's area, localdead.cc).
// Values: dead (1) or alive/unknown (0). Per stripe open addressing with linear probing; a
// stripe that reaches 3/4 load is emptied (the entries are a cache: losing them only costs
// recomputation, never a wrong answer).
#ifndef SOKOBAN_LOCALDEAD_CACHE_H
#define SOKOBAN_LOCALDEAD_CACHE_H

#include <cstddef>
#include <cstdint>
#include <mutex>

namespace sokoban {

constexpr int LOCALDEAD_MAX_BOXES = 5;

struct LocalDeadKey {
    uint16_t player;
    uint16_t cells[LOCALDEAD_MAX_BOXES]; // ascending, unused = 0xffff
    bool operator==(const LocalDeadKey &o) const;
};

struct LocalDeadKeyHash {
    size_t operator()(const LocalDeadKey &k) const;
};

class LocalDeadCache {
public:
    static constexpr int STRIPE_BITS = 8; // 256 stripes (a mutex each)
    // 2^slot_bits slots per stripe; the default 13 gives 2M slots in all, 32 MiB reserved.
    explicit LocalDeadCache(int slot_bits = 13);
    ~LocalDeadCache();
    LocalDeadCache(const LocalDeadCache &) = delete;
    LocalDeadCache &operator=(const LocalDeadCache &) = delete;

    // -1 when the key is not stored, else its value (0 alive/unknown, 1 dead). [thread-safe]
    int find(const LocalDeadKey &k) const;
    // Store or overwrite. [thread-safe]
    void insert(const LocalDeadKey &k, bool dead);
    // Entries currently stored (a snapshot; for tests and measurements). [thread-safe]
    size_t size() const;

private:
    struct Slot {
        LocalDeadKey key; // 12 bytes
        uint8_t used;     // 0 empty, 1 full
        uint8_t dead;
        uint8_t pad[2];
    };
    struct alignas(64) Stripe {
        mutable std::mutex lock;
        size_t count = 0;       // guarded by lock
        Slot *slots = nullptr;  // guarded by lock; null until the first insert
    };
    Stripe stripes_[1u << STRIPE_BITS];
    size_t per_stripe_, mask_, limit_; // slots per stripe, per_stripe_ - 1, 3/4 of per_stripe_
    void insert_locked(size_t stripe, size_t h, const LocalDeadKey &k, bool dead);
};

} // namespace sokoban

#endif
