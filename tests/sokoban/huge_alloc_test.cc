// huge_alloc_test.cc -- HugeAlloc / HugeVec (plugins/sokoban/huge_alloc.h): the searches' big
// arrays, from the heap below 2 MiB and from 2 MiB-aligned anonymous mappings advised for huge
// pages above. What a container needs of it: contents kept across growth through the threshold
// and back (shrink_to_fit), copies and swaps between vectors, a priority queue on it, and the
// mapped blocks at a 2 MiB boundary; the StateStore on it finds every state again after its
// index and arena have grown past 2 MiB.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "../../plugins/sokoban/huge_alloc.h"
#include "../../plugins/sokoban/state_store.h"

using sokoban::HugeAlloc;
using sokoban::HugeVec;

TEST_CASE("Sokoban.HugeAlloc.GrowthKeepsTheContentsAndAlignsBigBlocks") {
    HugeVec<uint64_t> v;
    const size_t big = (size_t(5) << 20) / sizeof(uint64_t) + 3; // past two 2 MiB blocks
    int mapped_blocks = 0;
    for (size_t i = 0; i < big; ++i) {
        const uint64_t *before = v.data();
        v.push_back(i * 2654435761u);
        if (v.data() != before && v.capacity() * sizeof(uint64_t) >= (size_t(2) << 20)) { // a new big block
            ++mapped_blocks;
            CHECK(reinterpret_cast<uintptr_t>(v.data()) % (uintptr_t(2) << 20) == 0);
        }
    }
    CHECK(mapped_blocks >= 2);
    bool same = true;
    for (size_t i = 0; i < big; ++i) same = same && v[i] == i * 2654435761u;
    CHECK(same);
    HugeVec<uint64_t> w(v); // a copy: another mapping, the same values
    CHECK(w.data() != v.data());
    CHECK(w == v);
    v.resize(1000);
    v.shrink_to_fit(); // back below the threshold: from the heap
    CHECK(v.size() == 1000);
    CHECK(v[999] == 999 * 2654435761ull);
    v.swap(w);
    CHECK(v.size() == big);
    CHECK(w.size() == 1000);
    CHECK(v[big - 1] == (big - 1) * 2654435761ull);
    CHECK(HugeAlloc<int>() == HugeAlloc<char>());
}

TEST_CASE("Sokoban.HugeAlloc.PriorityQueueOnIt") {
    std::priority_queue<uint32_t, HugeVec<uint32_t>, std::greater<uint32_t>> q;
    const uint32_t n = 1u << 20; // 4 MiB of entries
    for (uint32_t i = 0; i < n; ++i) q.push((i * 2654435761u) % n); // a permutation of 0..n-1 (odd factor)
    bool sorted = true;
    for (uint32_t i = 0; i < n; ++i) {
        sorted = sorted && q.top() == i;
        q.pop();
    }
    CHECK(sorted);
    CHECK(q.empty());
}

TEST_CASE("Sokoban.HugeAlloc.StateStoreFindsEveryStateAfterGrowing") {
    // 300,000 states of 12 bytes: the arena (3.6 MB), the index (4 MiB at 2^19 slots) and the
    // hashes (2.4 MB) all grow past 2 MiB onto mapped blocks.
    sokoban::StateStore store(12);
    auto make = [](uint32_t k, uint8_t *st) {
        for (int b = 0; b < 12; ++b) st[b] = uint8_t((k * 2654435761u) >> (b % 4 * 8)) ^ uint8_t(b);
        st[11] = uint8_t(k >> 16);
    };
    auto hash = [](const uint8_t *st) {
        uint64_t h = 1469598103934665603ull;
        for (int b = 0; b < 12; ++b) h = (h ^ st[b]) * 1099511628211ull;
        return h;
    };
    uint8_t st[12];
    const uint32_t n = 300000;
    bool inserted_all = true;
    for (uint32_t k = 0; k < n; ++k) {
        make(k, st);
        bool ins = false;
        const uint32_t id = store.find_or_insert(st, hash(st), ins);
        inserted_all = inserted_all && ins && id == k;
    }
    CHECK(inserted_all);
    bool found_all = true;
    for (uint32_t k = 0; k < n; ++k) {
        make(k, st);
        bool ins = true;
        found_all = found_all && store.find_or_insert(st, hash(st), ins) == k && !ins;
        found_all = found_all && std::equal(st, st + 12, store.state(k));
    }
    CHECK(found_all);
    CHECK(store.memory() >= uint64_t(n) * (12 + 8));
}
