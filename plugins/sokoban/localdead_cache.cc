// localdead_cache.cc -- see localdead_cache.h.
#include "localdead_cache.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace sokoban {

bool LocalDeadKey::operator==(const LocalDeadKey &o) const {
    if (player != o.player) return false;
    for (int i = 0; i < LOCALDEAD_MAX_BOXES; ++i)
        if (cells[i] != o.cells[i]) return false;
    return true;
}

size_t LocalDeadKeyHash::operator()(const LocalDeadKey &k) const {
    uint64_t h = 0x9e3779b97f4a7c15ull * (k.player + 1);
    for (int i = 0; i < LOCALDEAD_MAX_BOXES; ++i) {
        h ^= k.cells[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    return static_cast<size_t>(h);
}

namespace {
constexpr size_t STRIPES = size_t(1) << LocalDeadCache::STRIPE_BITS;

// The stripe from the top bits, the home slot from the low bits.
size_t stripe_of(size_t h) { return (h >> 56) & (STRIPES - 1); }
} // namespace

LocalDeadCache::LocalDeadCache(int slot_bits)
    : per_stripe_(size_t(1) << (slot_bits < 2 ? 2 : slot_bits)), mask_(per_stripe_ - 1),
      limit_(per_stripe_ / 4 * 3) {}

LocalDeadCache::~LocalDeadCache() {
    for (Stripe &s : stripes_) delete[] s.slots;
}

int LocalDeadCache::find(const LocalDeadKey &k) const {
    const size_t h = LocalDeadKeyHash()(k);
    const size_t s = stripe_of(h);
    std::lock_guard<std::mutex> g(stripes_[s].lock);
    const Slot *base = stripes_[s].slots;
    if (!base) return -1;
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
        const Slot &slot = base[i];
        if (!slot.used) return -1;
        if (slot.key == k) return slot.dead; // the full key, not only the hash
    }
}

void LocalDeadCache::insert_locked(size_t s, size_t h, const LocalDeadKey &k, bool dead) {
    Slot *base = stripes_[s].slots;
    if (!base) {
        // Value-initialized: the zeros are written now, so the pages are mapped writable at
        // once (a read-first page would be the shared zero page, and the write after it a
        // copy-on-write fault that flushes the other threads' TLBs).
        base = stripes_[s].slots = new Slot[per_stripe_]();
    }
    if (stripes_[s].count >= limit_) { // full enough: forget this stripe's entries
        std::memset(static_cast<void *>(base), 0, per_stripe_ * sizeof(Slot));
        stripes_[s].count = 0;
    }
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
        Slot &slot = base[i];
        if (!slot.used) {
            slot.key = k;
            slot.used = 1;
            slot.dead = dead ? 1 : 0;
            ++stripes_[s].count;
            return;
        }
        if (slot.key == k) {
            slot.dead = dead ? 1 : 0;
            return;
        }
    }
}

void LocalDeadCache::insert(const LocalDeadKey &k, bool dead) {
    const size_t h = LocalDeadKeyHash()(k);
    const size_t s = stripe_of(h);
    std::lock_guard<std::mutex> g(stripes_[s].lock);
    insert_locked(s, h, k, dead);
}

size_t LocalDeadCache::size() const {
    size_t n = 0;
    for (size_t s = 0; s < STRIPES; ++s) {
        std::lock_guard<std::mutex> g(stripes_[s].lock);
        n += stripes_[s].count;
    }
    return n;
}

} // namespace sokoban
