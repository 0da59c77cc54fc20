// localdead_cache_test.cc -- the searches of several threads sharing one instance's local
// deadlock table (the table itself, exact keys and its stress test: striped_table_test.cc).
#include <doctest/doctest.h>

#include <thread>

#include "../../plugins/sokoban/localdead_cache.h"
#include "test_util.h"

using namespace sokoban;

TEST_CASE("Sokoban.LocalDeadCache.ThreadsShareOneInstance") {
    // Several threads search the same Microban levels breadth-first over one instance (one
    // shared table, each thread its own scratch): each finds the fewest pushes that the search
    // with the local test off finds, and the table holds what they proved (a position one thread
    // proved dead is answered from the table for the others).
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
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
            const int want = sokoban_test::bfs_depth(ref.inst, ref.scratch);
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
                    got[t] = sokoban_test::bfs_depth(inst, scratch[t]);
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
                CHECK(sokoban_test::bfs_depth(inst, late) == want);
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
