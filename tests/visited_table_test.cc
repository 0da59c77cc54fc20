// Tests of runtime/visited/visited_table: single-thread semantics (outcomes, bytes, collisions,
// full), growth of the slot array (many doublings, small footprint of a small search, full only
// at the budget), then stress from 1, 2, 4, 8 threads with overlapping offers and concurrent
// readers, also across many concurrent resizes.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "visited/bloom_filter.h"
#include "visited/visited_table.h"
#include "test_support.h"

using solver::visited_table;
using outcome = visited_table::outcome;

namespace {

using solver_test::sanitizer_scale;

constexpr std::uint32_t kStateSize = 24;

// A deterministic state for id: the id in the first bytes, a pattern in the rest.
std::vector<std::uint8_t> make_state(std::uint64_t id, std::uint32_t size = kStateSize) {
    std::vector<std::uint8_t> s(size);
    for (std::uint32_t i = 0; i < size; ++i)
        s[i] = static_cast<std::uint8_t>((id >> (8 * (i % 8))) ^ (i * 37u));
    return s;
}

std::uint64_t fnv1a(const std::vector<std::uint8_t>& s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (std::uint8_t b : s) h = (h ^ b) * 1099511628211ULL;
    return h;
}

}  // namespace

TEST_CASE("VisitedTable.SingleThread.Outcomes") {
    visited_table t(kStateSize, 1 << 20, 1);
    REQUIRE(t.capacity() > 1000);
    const auto a = make_state(1), b = make_state(2);

    t.prefetch(fnv1a(a));  // a hint only
    auto r = t.insert(0, a.data(), fnv1a(a), 10, visited_table::root_parent, 0);
    CHECK(r.result == outcome::inserted);
    const std::uint64_t na = r.node;
    CHECK(t.g(na) == 10);
    CHECK(t.parent(na) == visited_table::root_parent);
    CHECK(t.move(na) == 0);
    CHECK(std::memcmp(t.state(na), a.data(), kStateSize) == 0);
    CHECK(t.hash(na) == fnv1a(a));
    CHECK(t.size() == 1);

    r = t.insert(0, b.data(), fnv1a(b), 11, na, 3);
    CHECK(r.result == outcome::inserted);
    const std::uint64_t nb = r.node;
    CHECK(nb != na);

    // Same g and larger g: duplicate, nothing changes.
    r = t.insert(0, b.data(), fnv1a(b), 11, 77, 9);
    CHECK(r.result == outcome::duplicate);
    CHECK(r.node == nb);
    r = t.insert(0, b.data(), fnv1a(b), 20, 77, 9);
    CHECK(r.result == outcome::duplicate);
    CHECK(t.g(nb) == 11);
    CHECK(t.parent(nb) == na);
    CHECK(t.move(nb) == 3);

    // Smaller g: improved, parent and move replaced together.
    r = t.insert(0, b.data(), fnv1a(b), 5, 1234, 7);
    CHECK(r.result == outcome::improved);
    CHECK(r.node == nb);
    const auto info = t.info(nb);
    CHECK(info.g == 5);
    CHECK(info.parent == 1234);
    CHECK(info.move == 7);
    CHECK(t.size() == 2);
    CHECK(std::memcmp(t.state(nb), b.data(), kStateSize) == 0);

    CHECK(t.find(a.data(), fnv1a(a)) == na);
    CHECK(t.find(b.data(), fnv1a(b)) == nb);
    const auto c = make_state(3);
    CHECK(t.find(c.data(), fnv1a(c)) == visited_table::no_node);
    CHECK(t.memory_bytes() <= t.memory_budget_bytes());
}

TEST_CASE("VisitedTable.SingleThread.HashCollisions") {
    // Every state gets the same hash: they must still be told apart by their bytes.
    visited_table t(kStateSize, 1 << 20, 1);
    std::vector<std::uint64_t> nodes;
    for (std::uint64_t id = 0; id < 300; ++id) {
        const auto s = make_state(id);
        auto r = t.insert(0, s.data(), 42, static_cast<std::uint32_t>(id), id, 1);
        REQUIRE(r.result == outcome::inserted);
        nodes.push_back(r.node);
    }
    CHECK(std::set<std::uint64_t>(nodes.begin(), nodes.end()).size() == 300);
    for (std::uint64_t id = 0; id < 300; ++id) {
        const auto s = make_state(id);
        CHECK(t.find(s.data(), 42) == nodes[id]);
        auto r = t.insert(0, s.data(), 42, 1000, 0, 0);
        CHECK(r.result == outcome::duplicate);
        CHECK(r.node == nodes[id]);
        CHECK(std::memcmp(t.state(nodes[id]), s.data(), kStateSize) == 0);
        CHECK(t.g(nodes[id]) == id);
    }
    CHECK(t.size() == 300);
}

TEST_CASE("VisitedTable.SingleThread.FullAndBudget") {
    const std::uint64_t budget = 100 * visited_table::bytes_per_node(kStateSize) + 8;
    visited_table t(kStateSize, budget, 1);
    CHECK(t.capacity() == 100);
    CHECK(t.slot_count() * 3 >= t.capacity() * 2 + 1);  // load factor below 2/3 when full
    for (std::uint64_t id = 0; id < t.capacity(); ++id) {
        const auto s = make_state(id);
        REQUIRE(t.insert(0, s.data(), fnv1a(s), 50, id, 2).result == outcome::inserted);
    }
    CHECK(t.memory_bytes() <= budget);
    const auto extra = make_state(100000);
    auto r = t.insert(0, extra.data(), fnv1a(extra), 1, 0, 0);
    CHECK(r.result == outcome::full);
    CHECK(r.node == visited_table::no_node);
    CHECK(t.find(extra.data(), fnv1a(extra)) == visited_table::no_node);
    // Known states are still recognized and improved when the table is full.
    const auto s7 = make_state(7);
    r = t.insert(0, s7.data(), fnv1a(s7), 60, 0, 0);
    CHECK(r.result == outcome::duplicate);
    r = t.insert(0, s7.data(), fnv1a(s7), 3, 99, 4);
    CHECK(r.result == outcome::improved);
    CHECK(t.g(r.node) == 3);
    CHECK(t.size() == 100);
    CHECK(t.memory_bytes() <= budget);
}

TEST_CASE("VisitedTable.SingleThread.TinyBudget") {
    visited_table t(kStateSize, 10, 2);
    CHECK(t.capacity() == 0);
    const auto s = make_state(1);
    CHECK(t.insert(1, s.data(), fnv1a(s), 0, visited_table::root_parent, 0).result == outcome::full);
    CHECK(t.size() == 0);
    CHECK_THROWS_AS(visited_table(kStateSize, 1 << 20, 0), std::invalid_argument);
}

TEST_CASE("VisitedTable.SingleThread.ZeroAndOddStateSizes") {
    visited_table z(0, 1 << 16, 1);
    auto r = z.insert(0, nullptr, 5, 3, visited_table::root_parent, 0);
    CHECK(r.result == outcome::inserted);
    CHECK(z.insert(0, nullptr, 5, 3, 0, 0).result == outcome::duplicate);
    visited_table odd(7, 1 << 16, 1);
    for (std::uint64_t id = 0; id < 200; ++id) {
        const auto s = make_state(id, 7);
        REQUIRE(odd.insert(0, s.data(), fnv1a(s), 1, 0, 0).result == outcome::inserted);
    }
    for (std::uint64_t id = 0; id < 200; ++id) {
        const auto s = make_state(id, 7);
        const auto n = odd.find(s.data(), fnv1a(s));
        REQUIRE(n != visited_table::no_node);
        CHECK(std::memcmp(odd.state(n), s.data(), 7) == 0);
    }
}

// ---- growth of the slot array --------------------------------------------------------------

TEST_CASE("VisitedTable.Growth.ManyDoublingsSingleThread") {
    // Start at 4 slots: 200k states take the array through ~16 doublings. After every insert the
    // load stays within 2/3; at the end every state is found with its bytes, g, parent and move,
    // and offers of known states give duplicate / improved as before the resizes.
    const std::uint64_t states = 200000 / sanitizer_scale;
    const std::uint64_t budget = std::uint64_t{16} << 30;
    visited_table t(kStateSize, budget, 1, 4);
    CHECK(t.slot_count() == 4);
    CHECK(t.max_slot_count() > states * 2);
    std::vector<std::uint64_t> nodes(states);
    unsigned doublings = 0;
    std::uint64_t last_slots = t.slot_count(), overloaded = 0;
    for (std::uint64_t id = 0; id < states; ++id) {
        const auto s = make_state(id);
        // Every 8th state shares its hash with 7 others: collision chains survive the rebuild.
        const std::uint64_t h = id % 8 == 0 ? id / 64 : fnv1a(s);
        auto r = t.insert(0, s.data(), h, static_cast<std::uint32_t>(id % 1000 + 10), id, static_cast<std::uint32_t>(id));
        REQUIRE(r.result == outcome::inserted);
        nodes[id] = r.node;
        if (t.slot_count() != last_slots) {
            ++doublings;
            CHECK(t.slot_count() == std::min(last_slots * 2, t.max_slot_count()));
            last_slots = t.slot_count();
        }
        if (t.size() * 3 > t.slot_count() * 2) ++overloaded;
    }
    CHECK(doublings >= 12);
    CHECK(overloaded == 0);
    CHECK(t.size() == states);
    CHECK(t.memory_bytes() <= t.memory_budget_bytes());
    CHECK(t.slot_bytes() == t.slot_count() * 8);
    std::uint64_t wrong = 0;
    for (std::uint64_t id = 0; id < states; ++id) {
        const auto s = make_state(id);
        const std::uint64_t h = id % 8 == 0 ? id / 64 : fnv1a(s);
        const std::uint64_t n = t.find(s.data(), h);
        if (n != nodes[id] || std::memcmp(t.state(n), s.data(), kStateSize) != 0 || t.hash(n) != h) {
            ++wrong;
            continue;
        }
        const auto info = t.info(n);
        wrong += info.g != id % 1000 + 10 || info.parent != id || info.move != static_cast<std::uint32_t>(id);
    }
    CHECK(wrong == 0);
    // Outcomes on the grown table: duplicate, improved, then a new state inserted.
    const auto s5 = make_state(5);
    auto r = t.insert(0, s5.data(), fnv1a(s5), 2000, 0, 0);
    CHECK(r.result == outcome::duplicate);
    CHECK(r.node == nodes[5]);
    r = t.insert(0, s5.data(), fnv1a(s5), 1, 77, 78);
    CHECK(r.result == outcome::improved);
    CHECK(t.info(nodes[5]).parent == 77);
    const auto fresh = make_state(states + 1);
    CHECK(t.find(fresh.data(), fnv1a(fresh)) == visited_table::no_node);
    CHECK(t.insert(0, fresh.data(), fnv1a(fresh), 3, 0, 0).result == outcome::inserted);
}

TEST_CASE("VisitedTable.Growth.SmallSearchStaysSmall") {
    // 10k states in a 16 GiB budget: the slot array stays at its initial 512 KiB (it was sized
    // from the whole budget before: ~4 GiB of slots, one page committed per insert).
    visited_table t(kStateSize, std::uint64_t{16} << 30, 2);
    CHECK(t.max_slot_count() * 8 > (std::uint64_t{2} << 30));
    for (std::uint64_t id = 0; id < 10000; ++id) {
        const auto s = make_state(id);
        REQUIRE(t.insert(id % 2, s.data(), fnv1a(s), 1, 0, 0).result == outcome::inserted);
    }
    CHECK(t.slot_bytes() <= (std::uint64_t{4} << 20));
    CHECK(t.memory_bytes() <= (std::uint64_t{8} << 20));
    // ... and grows when the nodes need it: 100k states, still a few MiB.
    for (std::uint64_t id = 10000; id < 100000; ++id) {
        const auto s = make_state(id);
        REQUIRE(t.insert(id % 2, s.data(), fnv1a(s), 1, 0, 0).result == outcome::inserted);
    }
    CHECK(t.slot_count() * 2 >= t.size() * 3);
    CHECK(t.slot_bytes() <= (std::uint64_t{4} << 20));
    CHECK(t.memory_bytes() <= (std::uint64_t{16} << 20));
}

TEST_CASE("VisitedTable.Growth.FullOnlyAtBudget") {
    // A tiny first array must not make the table full early: exactly capacity() states get in,
    // the array ends at its budget-derived maximum, memory stays within the budget throughout.
    for (unsigned threads : {1u, 3u}) {
        const std::uint64_t budget = 5000 * visited_table::bytes_per_node(kStateSize) + 8;
        visited_table t(kStateSize, budget, threads, 2);
        REQUIRE(t.capacity() == 5000);
        CHECK(t.slot_count() == 2);
        std::uint64_t inserted = 0, over = 0;
        for (std::uint64_t id = 0; id < 6000; ++id) {
            const auto s = make_state(id);
            const auto r = t.insert(static_cast<unsigned>(id % threads), s.data(), fnv1a(s), 1, 0, 0);
            if (r.result == outcome::inserted) ++inserted;
            else CHECK(r.result == outcome::full);
            over += t.memory_bytes() > budget;
        }
        CHECK(inserted == 5000);
        CHECK(over == 0);
        CHECK(t.slot_count() == t.max_slot_count());
        CHECK(t.memory_bytes() <= budget);
        for (std::uint64_t id = 0; id < 5000; id += 7) {
            const auto s = make_state(id);
            CHECK(t.insert(0, s.data(), fnv1a(s), 1, 0, 0).result == outcome::duplicate);
        }
    }
}

namespace {

// Every thread offers every state twice, with pseudo-random g; parent and move encode (g,
// thread), so a torn record (g from one offer, parent or move from another) is detectable.
std::uint32_t offer_g(std::uint64_t id, unsigned thread, unsigned round) {
    std::uint64_t x = id * 0x9e3779b97f4a7c15ULL ^ (thread + 1) * 0xbf58476d1ce4e5b9ULL ^ round * 0x94d049bb133111ebULL;
    x ^= x >> 31;
    x *= 0xd6e8feb86659fd93ULL;
    x ^= x >> 29;
    return static_cast<std::uint32_t>(x % 1000) + 1;
}
std::uint64_t offer_parent(std::uint32_t g, unsigned thread) { return (std::uint64_t{g} << 32) | thread; }
std::uint32_t offer_move(std::uint32_t g, unsigned thread) { return g * 2654435761u ^ (thread * 40503u); }
bool consistent(const visited_table::node_info& i) {
    const unsigned thread = static_cast<unsigned>(i.parent & 0xffffffffu);
    return (i.parent >> 32) == i.g && i.move == offer_move(i.g, thread);
}

// initial_slots: the default (few resizes) or tiny (a resize every few hundred inserts early on,
// ~10 in all, racing with the inserts, improvements and reads of the other threads). finders:
// extra threads that find() states while the others insert (the find side of the resize
// protocol): a found node must hold the bytes looked for.
void stress(unsigned threads, std::uint64_t initial_slots = visited_table::default_initial_slots,
            unsigned finders = 0) {
    const std::uint64_t states = 100000 / sanitizer_scale;
    visited_table t(kStateSize, states * visited_table::bytes_per_node(kStateSize) * 2, threads,
                    initial_slots);
    const std::uint64_t first_slots = t.slot_count();
    std::vector<std::vector<std::uint8_t>> bytes(states);
    std::vector<std::uint64_t> hashes(states);
    for (std::uint64_t id = 0; id < states; ++id) {
        bytes[id] = make_state(id);
        // A quarter of the states share their hash with three others: collisions under load.
        hashes[id] = (id % 2 == 0) ? fnv1a(bytes[id]) : (id / 4) * 0x2545F4914F6CDD1DULL;
    }
    std::atomic<std::uint64_t> torn{0}, bad_bytes{0}, full{0}, found{0}, bad_found{0};
    std::atomic<unsigned> go{0}, done{0};
    std::vector<std::thread> pool;
    std::vector<std::thread> finder_pool;
    for (unsigned f = 0; f < finders; ++f) {
        finder_pool.emplace_back([&, f] {
            std::mt19937_64 rng(f * 104729 + 17);
            while (go.load() < threads) std::this_thread::yield();
            // Until the inserters are done, and at least 1000 lookups (so some hit even if this
            // thread only gets a core at the end).
            for (std::uint64_t k = 0; done.load() < threads || k < 1000; ++k) {
                const std::uint64_t id = rng() % states;
                const std::uint64_t n = t.find(bytes[id].data(), hashes[id]);
                if (n == visited_table::no_node) continue;
                found.fetch_add(1);
                if (std::memcmp(t.state(n), bytes[id].data(), kStateSize) != 0 || !consistent(t.info(n)))
                    bad_found.fetch_add(1);
            }
        });
    }
    for (unsigned th = 0; th < threads; ++th) {
        pool.emplace_back([&, th] {
            std::vector<std::uint64_t> order(states);
            for (std::uint64_t i = 0; i < states; ++i) order[i] = i;
            std::mt19937_64 rng(th * 7919 + 1);
            std::shuffle(order.begin(), order.end(), rng);
            go.fetch_add(1);
            while (go.load() < threads) std::this_thread::yield();
            for (unsigned round = 0; round < 2; ++round) {
                for (std::uint64_t id : order) {
                    const std::uint32_t g = offer_g(id, th, round);
                    auto r = t.insert(th, bytes[id].data(), hashes[id], g, offer_parent(g, th), offer_move(g, th));
                    if (r.result == outcome::full) {
                        full.fetch_add(1);
                        continue;
                    }
                    // Read back while others may be improving the same node.
                    if (!consistent(t.info(r.node))) torn.fetch_add(1);
                    if (std::memcmp(t.state(r.node), bytes[id].data(), kStateSize) != 0) bad_bytes.fetch_add(1);
                    if (t.g(r.node) > g) torn.fetch_add(1);  // g never rises above a completed offer
                }
            }
            done.fetch_add(1);
        });
    }
    for (auto& p : pool) p.join();
    for (auto& p : finder_pool) p.join();
    CHECK(bad_found.load() == 0);
    if (finders > 0) CHECK(found.load() > 0);  // the finders did run during the inserts
    if (initial_slots < 1024) {
        CHECK(t.slot_count() >= first_slots * 512);  // at least 9 doublings happened under load
        CHECK(t.slot_count() <= t.max_slot_count());
        // Not grown more than needed: a doubling happens only when the node indices handed out
        // (states plus at most one unused chunk of <= 1024 per thread) pass 2/3 of the array.
        CHECK(t.slot_count() <= 3 * (states + std::uint64_t{threads} * 1024) + 2);
    }
    CHECK(full.load() == 0);
    CHECK(torn.load() == 0);
    CHECK(bad_bytes.load() == 0);
    CHECK(t.size() == states);
    std::vector<std::uint64_t> nodes(states);
    std::uint64_t wrong_g = 0, inconsistent = 0, missing = 0;
    for (std::uint64_t id = 0; id < states; ++id) {
        const std::uint64_t n = t.find(bytes[id].data(), hashes[id]);
        if (n == visited_table::no_node) {
            ++missing;
            continue;
        }
        nodes[id] = n;
        std::uint32_t best = UINT32_MAX;
        for (unsigned th = 0; th < threads; ++th)
            for (unsigned round = 0; round < 2; ++round) best = std::min(best, offer_g(id, th, round));
        const auto info = t.info(n);
        if (info.g != best) ++wrong_g;
        if (!consistent(info)) ++inconsistent;
        if (std::memcmp(t.state(n), bytes[id].data(), kStateSize) != 0) ++inconsistent;
    }
    CHECK(missing == 0);
    CHECK(wrong_g == 0);
    CHECK(inconsistent == 0);
    std::sort(nodes.begin(), nodes.end());
    CHECK(std::unique(nodes.begin(), nodes.end()) == nodes.end());  // one node per state
    CHECK(t.memory_bytes() <= t.memory_budget_bytes());
}

// Many threads race to fill a small table: exactly capacity() states get in, the rest are full.
void stress_full(unsigned threads) {
    const std::uint64_t budget = 1000 * visited_table::bytes_per_node(kStateSize) + 8;
    visited_table t(kStateSize, budget, threads);
    REQUIRE(t.capacity() == 1000);
    std::atomic<std::uint64_t> inserted{0};
    std::vector<std::thread> pool;
    for (unsigned th = 0; th < threads; ++th) {
        pool.emplace_back([&, th] {
            for (std::uint64_t id = 0; id < 3000; ++id) {
                const auto s = make_state(id * 131 + th % 2);  // pairs of threads overlap
                auto r = t.insert(th, s.data(), fnv1a(s), 1, 0, 0);
                if (r.result == outcome::inserted) inserted.fetch_add(1);
                if (r.result != outcome::full) CHECK(std::memcmp(t.state(r.node), s.data(), kStateSize) == 0);
            }
        });
    }
    for (auto& p : pool) p.join();
    CHECK(inserted.load() == t.size());
    CHECK(t.size() <= t.capacity());
    // Every thread keeps offering new states after the table fills, so each one uses up its
    // chunk of node indices: the whole capacity is used, no index is lost.
    CHECK(t.size() == t.capacity());
    CHECK(t.memory_bytes() <= budget);
}

// All threads improve the same few nodes over and over while reading them back: the seqlock
// must never show a g with another offer's parent or move, and the final g is the minimum.
void stress_hot(unsigned threads) {
    const std::uint32_t rounds = 20000 / sanitizer_scale;
    const std::uint32_t top = rounds * threads + 10;
    visited_table t(kStateSize, 1 << 16, threads);
    std::vector<std::vector<std::uint8_t>> hot;
    for (std::uint64_t id = 0; id < 3; ++id) hot.push_back(make_state(id));
    std::atomic<std::uint64_t> torn{0}, improved{0};
    std::atomic<unsigned> go{0};
    std::vector<std::thread> pool;
    for (unsigned th = 0; th < threads; ++th) {
        pool.emplace_back([&, th] {
            std::uint64_t known[3] = {visited_table::no_node, visited_table::no_node, visited_table::no_node};
            go.fetch_add(1);
            while (go.load() < threads) std::this_thread::yield();
            for (std::uint32_t i = 0; i < rounds; ++i) {
                const std::uint32_t g = top - i * threads - th;  // decreasing, interleaved
                const auto& s = hot[i % hot.size()];
                const auto r = t.insert(th, s.data(), fnv1a(s), g, offer_parent(g, th), offer_move(g, th));
                improved.fetch_add(r.result == outcome::improved);
                known[i % hot.size()] = r.node;
                for (std::uint64_t n : known)  // read every hot node this thread knows, again
                    if (n != visited_table::no_node && !consistent(t.info(n))) torn.fetch_add(1);
            }
        });
    }
    for (auto& p : pool) p.join();
    CHECK(torn.load() == 0);
    CHECK(improved.load() > 0);
    CHECK(t.size() == hot.size());
    for (std::size_t h = 0; h < hot.size(); ++h) {
        std::uint32_t best = UINT32_MAX;
        for (unsigned th = 0; th < threads; ++th)
            for (std::uint32_t i = h; i < rounds; i += hot.size()) best = std::min(best, top - i * threads - th);
        const auto n = t.find(hot[h].data(), fnv1a(hot[h]));
        REQUIRE(n != visited_table::no_node);
        const auto info = t.info(n);
        CHECK(info.g == best);
        CHECK(consistent(info));
    }
}

}  // namespace

TEST_CASE("VisitedTable.StressImproveHot.2threads") { stress_hot(2); }
TEST_CASE("VisitedTable.StressImproveHot.4threads") { stress_hot(4); }
TEST_CASE("VisitedTable.StressImproveHot.8threads") { stress_hot(8); }
TEST_CASE("VisitedTable.Stress.1thread") { stress(1); }
TEST_CASE("VisitedTable.Stress.2threads") { stress(2); }
TEST_CASE("VisitedTable.Stress.4threads") { stress(4); }
TEST_CASE("VisitedTable.Stress.8threads") { stress(8); }
TEST_CASE("VisitedTable.StressGrow.2threads") { stress(2, 16, 1); }
TEST_CASE("VisitedTable.StressGrow.4threads") { stress(4, 16, 1); }
TEST_CASE("VisitedTable.StressGrow.8threads") { stress(8, 16, 2); }
TEST_CASE("VisitedTable.StressFull.2threads") { stress_full(2); }
TEST_CASE("VisitedTable.StressFull.8threads") { stress_full(8); }

// ---- the approximate mode: bloom_filter ----------------------------------------------------

TEST_CASE("VisitedBloom.SingleThread.NoFalseNegativesAndRate") {
    const std::uint64_t n = 200000 / sanitizer_scale;
    solver::bloom_filter f(n * 16 / 8, 6);  // 16 bits per state
    CHECK(f.memory_bytes() == n * 2);
    std::uint64_t first_new = 0;
    for (std::uint64_t i = 0; i < n; ++i) first_new += f.insert(i * 0x9E3779B97F4A7C15ULL + 1);
    CHECK(first_new > n - n / 100);  // only false positives can make a first insert say "seen"
    std::uint64_t missed = 0, reinserted = 0, fp = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        missed += !f.contains(i * 0x9E3779B97F4A7C15ULL + 1);
        reinserted += f.insert(i * 0x9E3779B97F4A7C15ULL + 1);
        fp += f.contains((i + n) * 0x9E3779B97F4A7C15ULL + 1);
    }
    CHECK(missed == 0);      // never a false negative
    CHECK(reinserted == 0);  // a second insert is always "seen"
    const double predicted = f.false_positive_rate(n);
    CHECK(predicted < 0.006);
    CHECK(static_cast<double>(fp) / n < 2 * predicted + 0.001);
    CHECK_THROWS_AS(solver::bloom_filter(7), std::invalid_argument);
}

TEST_CASE("VisitedBloom.Stress.4threads") {
    // Threads insert overlapping hash sets; each hash may be reported new at most once in total
    // (the fetch_or is a linearizable test-and-set).
    const std::uint64_t n = 100000 / sanitizer_scale;
    solver::bloom_filter f(n * 4, 6);  // 32 bits per state
    std::unique_ptr<std::atomic<std::uint32_t>[]> wins(new std::atomic<std::uint32_t>[n]);
    for (std::uint64_t i = 0; i < n; ++i) wins[i].store(0);
    std::vector<std::thread> pool;
    for (unsigned th = 0; th < 4; ++th) {
        pool.emplace_back([&, th] {
            for (std::uint64_t j = 0; j < n; ++j) {
                const std::uint64_t i = (j * 7919 + th * 104729) % n;
                if (f.insert(i * 0xD6E8FEB86659FD93ULL + 3)) wins[i].fetch_add(1);
            }
        });
    }
    for (auto& p : pool) p.join();
    std::uint64_t twice = 0, never = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        twice += wins[i].load() > 1;
        never += wins[i].load() == 0;
        CHECK(f.contains(i * 0xD6E8FEB86659FD93ULL + 3));
    }
    CHECK(twice == 0);
    CHECK(never < n / 100);  // false positives only
}
