// striped_table_test.cc -- the shared table of the sub-searches' answers (striped_table.h), in
// both of its uses: the local deadlock table (whole stripes) and the corral deadlock table
// (growing stripes). Exact keys, the stripes' growth and emptying, colliding hashes, and one
// stress test from 2, 4 and 8 threads at once (run it under SAN=thread too).
#include <doctest/doctest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "../../plugins/sokoban/corraldead.h"
#include "../../plugins/sokoban/localdead_cache.h"

using namespace sokoban;

namespace {
template <class Table>
struct KeyOf;
template <>
struct KeyOf<LocalDeadCache> {
    using Key = LocalDeadKey;
    static constexpr int N = LOCALDEAD_MAX_BOXES;
};
template <>
struct KeyOf<CorralDeadCache> {
    using Key = CorralDeadKey;
    static constexpr int N = CORRALDEAD_MAX_BOXES;
};

// Key number i: a player and 1..N ascending cells, distinct for distinct i.
template <class Table>
typename KeyOf<Table>::Key key_of(uint32_t i) {
    typename KeyOf<Table>::Key k;
    constexpr int N = KeyOf<Table>::N;
    k.player = static_cast<uint16_t>(i % 1000);
    const uint32_t count = 1 + (i / 1000) % N;
    for (uint32_t j = 0; j < static_cast<uint32_t>(N); ++j)
        k.cells[j] = j < count ? static_cast<uint16_t>(1000 + (i / 1000) * 7 + j * 3) : 0xffff;
    return k;
}
int value_of(uint32_t i) { return static_cast<int>((i * 2654435761u) >> 31); }
} // namespace

TEST_CASE_TEMPLATE("Sokoban.StripedTable.ExactKeys", Table, LocalDeadCache, CorralDeadCache) {
    Table c;
    auto a = key_of<Table>(5), b = key_of<Table>(5);
    b.player = static_cast<uint16_t>(a.player + 1); // same cells, other player
    CHECK(c.find(a) == -1);
    c.insert(a, 1);
    CHECK(c.find(a) == 1);
    CHECK(c.find(b) == -1); // never an answer for a key that was not stored
    c.insert(b, 0);
    CHECK(c.find(b) == 0);
    CHECK(c.find(a) == 1);
    c.insert(a, 0); // overwrite
    CHECK(c.find(a) == 0);
    CHECK(c.size() == 2);
    // Many keys (the growing stripes double several times), each read back with its own value.
    for (uint32_t i = 0; i < 50000; ++i) c.insert(key_of<Table>(i), static_cast<uint8_t>(value_of(i)));
    for (uint32_t i = 0; i < 50000; ++i) CHECK(c.find(key_of<Table>(i)) == value_of(i));
    for (uint32_t i = 50000; i < 60000; ++i) CHECK(c.find(key_of<Table>(i)) == -1);
    CHECK(c.size() == 50000);
}

TEST_CASE_TEMPLATE("Sokoban.StripedTable.FullStripesAreEmptied", Table, LocalDeadCache, CorralDeadCache) {
    // 4 slots per stripe (3 entries at most): most keys get forgotten, none gets a wrong value.
    Table c(2);
    for (uint32_t i = 0; i < 20000; ++i) c.insert(key_of<Table>(i), static_cast<uint8_t>(value_of(i)));
    CHECK(c.size() <= Table::STRIPES * 3);
    CHECK(c.slots() == Table::STRIPES * 4);
    size_t kept = 0;
    for (uint32_t i = 0; i < 20000; ++i) {
        const int r = c.find(key_of<Table>(i));
        if (r >= 0) {
            ++kept;
            CHECK(r == value_of(i));
        }
    }
    CHECK(kept == c.size());
}

TEST_CASE("Sokoban.StripedTable.StripeSizes") {
    // Both tables allocate 64 slots of a stripe on its first insert (the local one a whole
    // stripe of 2^13 until session 45), doubled at 3/4 load up to the full size and then emptied.
    LocalDeadCache local;
    CHECK(local.slots() == 0);
    local.insert(key_of<LocalDeadCache>(1), 1);
    CHECK(local.slots() == LocalDeadStripes::FIRST_SLOTS);
    for (uint32_t i = 0; i < 3000000; ++i) local.insert(key_of<LocalDeadCache>(i), 1);
    CHECK(local.slots() == LocalDeadCache::STRIPES * (size_t(1) << LocalDeadStripes::SLOT_BITS));
    CHECK(local.size() <= LocalDeadCache::STRIPES * (size_t(3) << (LocalDeadStripes::SLOT_BITS - 2)));
    CorralDeadCache growing(8); // 256 slots per stripe at most
    growing.insert(key_of<CorralDeadCache>(1), 1);
    CHECK(growing.slots() == GrowingStripes::FIRST_SLOTS);
    for (uint32_t i = 0; i < 100000; ++i) growing.insert(key_of<CorralDeadCache>(i), 1);
    CHECK(growing.slots() == CorralDeadCache::STRIPES * 256);
    CHECK(growing.size() <= CorralDeadCache::STRIPES * 192);
}

TEST_CASE_TEMPLATE("Sokoban.StripedTable.Stress", Table, LocalDeadCache, CorralDeadCache) {
    // Threads insert and read overlapping key ranges at once; a small table keeps the stripes
    // growing and being emptied under them. A read returns the key's own value or nothing.
    for (int threads : {2, 4, 8}) {
        for (int bits : {2, 6, 13}) {
            INFO(threads << " threads, 2^" << bits << " slots per stripe");
            Table c(bits);
            std::atomic<int> wrong{0}, found{0};
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; ++t)
                pool.emplace_back([&, t] {
                    int w = 0, f = 0;
                    for (uint32_t n = 0; n < 40000; ++n) {
                        const uint32_t i = (n * 7919u + static_cast<uint32_t>(t) * 104729u) % 30000u;
                        if (n % 3 == 0) c.insert(key_of<Table>(i), static_cast<uint8_t>(value_of(i)));
                        const uint32_t j = (i + 11u * static_cast<uint32_t>(t)) % 30000u;
                        const int r = c.find(key_of<Table>(j));
                        if (r >= 0) {
                            ++f;
                            if (r != value_of(j)) ++w;
                        }
                    }
                    wrong += w;
                    found += f;
                });
            for (auto &th : pool) th.join();
            CHECK(wrong.load() == 0);
            CHECK(found.load() > 0);
        }
    }
}

namespace {
// Every key in stripe 0 at home slot 0, with one of two hashes (the player's parity): one long
// probe chain, where only the whole key may match (a layout that filters slots by hash bits
// before comparing keys must skip the other hash's slots and still compare the key).
struct CollidingHash {
    size_t operator()(const LocalDeadKey &k) const { return static_cast<size_t>(k.player & 1) << 48; }
};
} // namespace

TEST_CASE("Sokoban.StripedTable.CollidingHashes") {
    StripedTable<LocalDeadKey, CollidingHash, uint8_t, LocalDeadStripes> c(6); // 64 slots, 48 entries
    auto key = [](uint32_t i) {
        LocalDeadKey k = key_of<LocalDeadCache>(7);
        k.player = static_cast<uint16_t>(i);
        return k;
    };
    for (uint32_t i = 0; i < 40; ++i) c.insert(key(i), static_cast<uint8_t>(value_of(i)));
    for (uint32_t i = 0; i < 40; ++i) CHECK(c.find(key(i)) == value_of(i));
    for (uint32_t i = 40; i < 60; ++i) CHECK(c.find(key(i)) == -1); // same hashes, other keys
    c.insert(key(17), static_cast<uint8_t>(1 - value_of(17))); // overwrite in the middle of the chain
    CHECK(c.find(key(17)) == 1 - value_of(17));
    CHECK(c.find(key(16)) == value_of(16));
    CHECK(c.size() == 40);
    for (uint32_t i = 40; i < 49; ++i) c.insert(key(i), 1); // the 49th insert empties the stripe
    CHECK(c.size() == 1);
    CHECK(c.find(key(48)) == 1);
    for (uint32_t i = 0; i < 48; ++i) CHECK(c.find(key(i)) == -1); // the emptied entries are gone
}
