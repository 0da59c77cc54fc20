// state_store_test.cc -- StateStore (state_store.h): one number per distinct state, also when
// states share a hash, its tag (upper 32 bits) or its slot, and across the index's growth.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "../../plugins/sokoban/state_store.h"

namespace {

std::vector<uint8_t> state_of(uint32_t x) {
    std::vector<uint8_t> s(6, 0);
    for (int i = 0; i < 4; ++i) s[i] = static_cast<uint8_t>(x >> (8 * i));
    s[5] = 0x5a;
    return s;
}

} // namespace

TEST_CASE("StateStore: colliding hashes, tags and slots keep distinct states apart, across growth") {
    sokoban::StateStore store(6);
    // Four hash families: the same full hash for every state, the same tag with different
    // slots, the same slot with different tags, and spread hashes. 200k states: the index
    // (65536 slots at first) grows several times.
    auto hash_of = [](uint32_t x) -> uint64_t {
        switch (x % 4) {
        case 0: return 0x1234567800000042ull;                          // all equal
        case 1: return 0xabcdef0100000000ull | (x * 2654435761u);      // one tag
        case 2: return (static_cast<uint64_t>(x) << 32) | 0x77u;       // one slot
        default: return static_cast<uint64_t>(x) * 0x9e3779b97f4a7c15ull;
        }
    };
    const uint32_t N = 200000;
    std::vector<uint32_t> id(N);
    for (uint32_t x = 0; x < N; ++x) {
        // Few of the all-equal and one-slot families (each probe walks all of them).
        if (x % 4 != 1 && x % 4 != 3 && x >= 4000) continue;
        bool inserted = false;
        const std::vector<uint8_t> s = state_of(x);
        id[x] = store.find_or_insert(s.data(), hash_of(x), inserted);
        REQUIRE(inserted);
    }
    for (uint32_t x = 0; x < N; ++x) {
        if (x % 4 != 1 && x % 4 != 3 && x >= 4000) continue;
        bool inserted = true;
        const std::vector<uint8_t> s = state_of(x);
        REQUIRE(store.find_or_insert(s.data(), hash_of(x), inserted) == id[x]);
        REQUIRE_FALSE(inserted);
        REQUIRE(std::vector<uint8_t>(store.state(id[x]), store.state(id[x]) + 6) == s);
    }
    // A new state under an existing state's full hash and tag gets a number of its own.
    bool inserted = false;
    const std::vector<uint8_t> s = state_of(N + 4);
    const uint32_t fresh = store.find_or_insert(s.data(), hash_of(0), inserted);
    CHECK(inserted);
    CHECK(fresh != id[0]);
}

TEST_CASE("StateStore: find's slot and insert_at store without a second probe, across growth") {
    // The backward search's pattern (backward.cc): find a child, and when it is absent, store
    // it in the slot the probe stopped at. Colliding (a few) and spread hashes, 60k states: the index
    // grows inside insert_at, which then looks the slot up anew.
    sokoban::StateStore store(6);
    auto hash_of = [](uint32_t x) -> uint64_t {
        return x % 8 == 0 && x < 2000 ? 0x1234567800000042ull + (x % 64) : static_cast<uint64_t>(x) * 0x9e3779b97f4a7c15ull;
    };
    const uint32_t N = 60000;
    for (uint32_t x = 0; x < N; ++x) {
        const std::vector<uint8_t> s = state_of(x);
        uint64_t slot = 0;
        REQUIRE(store.find(s.data(), hash_of(x), &slot) == sokoban::StateStore::NONE);
        REQUIRE(store.insert_at(slot, s.data(), hash_of(x)) == x);
    }
    for (uint32_t x = 0; x < N; ++x) {
        const std::vector<uint8_t> s = state_of(x);
        uint64_t slot = 0;
        REQUIRE(store.find(s.data(), hash_of(x), &slot) == x);
        bool inserted = true;
        REQUIRE(store.find_or_insert(s.data(), hash_of(x), inserted) == x);
        REQUIRE_FALSE(inserted);
    }
    CHECK(store.find(state_of(N).data(), hash_of(0)) == sokoban::StateStore::NONE);
}
