// localdead_cache_test.cc -- the local deadlock table shared by all threads: exact keys, the
// stripe clearing, a stress test from several threads (run it under SAN=thread too), and the
// searches of several threads sharing one instance's table.
#include <doctest/doctest.h>

#include <atomic>
#include <set>
#include <thread>

#include "../../plugins/sokoban/localdead_cache.h"
#include "test_util.h"

using namespace sokoban;

namespace {
LocalDeadKey key_of(uint32_t i) {
    LocalDeadKey k;
    k.player = static_cast<uint16_t>(i % 1000);
    const uint32_t count = 2 + (i / 1000) % 4;
    for (uint32_t j = 0; j < LOCALDEAD_MAX_BOXES; ++j)
        k.cells[j] = j < count ? static_cast<uint16_t>(1000 + (i / 1000) * 7 + j * 3) : 0xffff;
    return k;
}
bool value_of(uint32_t i) { return (i * 2654435761u) >> 31; }
} // namespace

TEST_CASE("Sokoban.LocalDeadCache.ExactKeys") {
    LocalDeadCache c;
    LocalDeadKey a = key_of(5), b = key_of(5);
    b.player = static_cast<uint16_t>(a.player + 1); // same cells, other player
    CHECK(c.find(a) == -1);
    c.insert(a, true);
    CHECK(c.find(a) == 1);
    CHECK(c.find(b) == -1); // never an answer for a key that was not stored
    c.insert(b, false);
    CHECK(c.find(b) == 0);
    CHECK(c.find(a) == 1);
    c.insert(a, false); // overwrite
    CHECK(c.find(a) == 0);
    CHECK(c.size() == 2);
    // Many keys, each read back with its own value, never another's.
    for (uint32_t i = 0; i < 50000; ++i) c.insert(key_of(i), value_of(i));
    for (uint32_t i = 0; i < 50000; ++i) CHECK(c.find(key_of(i)) == (value_of(i) ? 1 : 0));
    for (uint32_t i = 50000; i < 60000; ++i) CHECK(c.find(key_of(i)) == -1);
}

TEST_CASE("Sokoban.LocalDeadCache.FullStripesAreEmptied") {
    // 4 slots per stripe (3 entries at most): most keys get forgotten, none gets a wrong value.
    LocalDeadCache c(2);
    for (uint32_t i = 0; i < 20000; ++i) c.insert(key_of(i), value_of(i));
    CHECK(c.size() <= 256 * 3);
    size_t kept = 0;
    for (uint32_t i = 0; i < 20000; ++i) {
        const int r = c.find(key_of(i));
        if (r >= 0) {
            ++kept;
            CHECK(r == (value_of(i) ? 1 : 0));
        }
    }
    CHECK(kept == c.size());
}

TEST_CASE("Sokoban.LocalDeadCache.Stress") {
    // Threads insert and read overlapping key ranges at once; a small table keeps the stripes
    // being emptied under them. A read returns the key's own value or nothing.
    for (int threads : {2, 4, 8}) {
        for (int bits : {2, 6, 13}) {
            INFO(threads << " threads, 2^" << bits << " slots per stripe");
            LocalDeadCache c(bits);
            std::atomic<int> wrong{0}, found{0};
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; ++t)
                pool.emplace_back([&, t] {
                    int w = 0, f = 0;
                    for (uint32_t n = 0; n < 40000; ++n) {
                        const uint32_t i = (n * 7919u + static_cast<uint32_t>(t) * 104729u) % 30000u;
                        if (n % 3 == 0) c.insert(key_of(i), value_of(i));
                        const int r = c.find(key_of((i + 11u * static_cast<uint32_t>(t)) % 30000u));
                        if (r >= 0) {
                            ++f;
                            if (r != (value_of((i + 11u * static_cast<uint32_t>(t)) % 30000u) ? 1 : 0)) ++w;
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

TEST_CASE("Sokoban.LocalDeadCache.ThreadsShareOneInstance") {
    // Several threads search the same Microban levels breadth-first over one instance (one
    // shared table, each thread its own scratch): each finds the fewest pushes that the search
    // with the local test off finds, and the table holds what they proved (a position one thread
    // proved dead is answered from the table for the others).
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    auto bfs = [](const Instance &inst, Scratch &s) -> int {
        std::vector<uint8_t> start(inst.state_size);
        initial_state(inst, s, start.data());
        std::vector<std::vector<uint8_t>> layer{start};
        std::set<std::vector<uint8_t>> seen{start};
        for (int depth = 0; depth < 200 && !layer.empty(); ++depth) {
            std::vector<std::vector<uint8_t>> next;
            for (const auto &st : layer) {
                if (state_is_goal(inst, st.data())) return depth;
                for (const auto &kid : sokoban_test::children(inst, s, st))
                    if (kid.h != H_DEAD && seen.insert(kid.state).second) next.push_back(kid.state);
            }
            layer.swap(next);
        }
        return -1;
    };
    Options off;
    off.localdead = false;
    off.tunnels = off.goalroom = false;
    Options on = off;
    on.localdead = true;
    for (uint32_t level : {3u, 5u, 12u, 43u}) {
        for (int threads : {2, 4}) {
            INFO("level " << level << ", " << threads << " threads");
            sokoban_test::Fixture ref(micro, off);
            init_instance(ref.inst, sokoban_test::parse_ok(micro, level), off);
            init_scratch(ref.inst, ref.scratch);
            const int want = bfs(ref.inst, ref.scratch);
            REQUIRE(want > 0);
            Instance inst;
            init_instance(inst, sokoban_test::parse_ok(micro, level), on);
            REQUIRE(inst.localdead_cache);
            std::vector<Scratch> scratch(threads);
            std::vector<int> got(threads, -2);
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; ++t)
                pool.emplace_back([&, t] {
                    init_scratch(inst, scratch[t]);
                    got[t] = bfs(inst, scratch[t]);
                });
            for (auto &th : pool) th.join();
            uint64_t tests = 0, hits = 0;
            for (int t = 0; t < threads; ++t) {
                CHECK(got[t] == want);
                tests += scratch[t].localdead.tests;
                hits += scratch[t].localdead.cache_hits;
            }
            CHECK(tests > 0);
            CHECK(hits > 0);
            CHECK(inst.localdead_cache->size() > 0);
            // One more thread after them: what they proved comes from the table (with
            // ldcache=thread its fresh scratch would start empty and search every clump again).
            Scratch late;
            std::thread([&] {
                init_scratch(inst, late);
                CHECK(bfs(inst, late) == want);
            }).join();
            CHECK(late.localdead.tests > 0);
            CHECK(late.localdead.cache_hits * 10 >= late.localdead.tests * 9);
        }
    }
    // ldcache=thread keeps no shared table.
    Options own = on;
    own.ldshared = false;
    sokoban_test::Fixture t(micro, own);
    CHECK_FALSE(t.inst.localdead_cache);
}
