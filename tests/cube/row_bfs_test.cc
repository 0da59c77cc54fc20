// RowBfs (row_bfs.h), the breadth-first pass the fst and third tables' builds share, on a toy
// graph small enough to check against a plain queue BFS (toy_graph.h), at 4 bits (exact
// distances) and 2 bits (mod 3), forward and backward passes, and a collecting pass; on one
// thread (the passes with several: row_bfs_threads.cc).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "test_services.h"
#include "toy_graph.h"

using namespace cube;

using namespace toy_graph;

TEST_CASE("CubeRowBfs.ToyGraphDistancesMatchAQueueSearch") {
    const std::vector<unsigned> want = queue_bfs();
    unsigned deepest = 0;
    for (unsigned x : want) {
        REQUIRE(x != ~0u);
        deepest = std::max(deepest, x);
    }
    REQUIRE(deepest >= 5);
    cube_test::TestServices ts(cube_test::cache_dir());
    for (const solver_services *sv : {(const solver_services *)&ts.sv, (const solver_services *)nullptr})
        for (unsigned bits : {4u, 2u})
            for (double ratio : {0.0, 2.0, 1e9}) {  // forward only; the usual switch; backward only
                CAPTURE(bits);
                CAPTURE(ratio);
                int fw = 0, bw = 0;
                const std::vector<unsigned> got = row_bfs(bits, ratio, sv, fw, bw);
                for (unsigned i = 0; i < N; ++i) {
                    CAPTURE(i);
                    CHECK(got[i] == (bits == 4 ? want[i] : want[i] % 3));
                }
                CHECK(fw + bw == int(deepest));
                if (ratio == 0.0) CHECK(bw == 0);
                if (ratio == 1e9) CHECK(fw == 0);
                if (ratio == 2.0) CHECK((fw > 0 && bw > 0));
            }
}

TEST_CASE("CubeRowBfs.CollectingPassListsTheEntriesBeyondTheNextDepth") {
    // After the passes up to depth D, a collecting backward pass at D sets nothing and hands
    // over every unreached entry without a neighbour at D: those more than D + 1 away.
    const std::vector<unsigned> want = queue_bfs();
    const unsigned D = 3;
    std::vector<uint8_t> d(N / 2, 0xff);
    ToyDom dom;
    RowBfs<ToyDom> b;
    b.dom = &dom, b.d = d.data(), b.bits = 4, b.unreached = 15, b.size = N;
    b.set(0, 0);
    for (unsigned depth = 0; depth < D; ++depth) {
        b.depth = depth, b.cur = depth, b.next = depth + 1, b.backward = false;
        bfs_pass(nullptr, N / W, 3, b);
    }
    const std::vector<uint8_t> before = d;
    b.depth = D, b.cur = D, b.next = D + 1, b.backward = true, b.collect = true, b.added = 0;
    bfs_pass(nullptr, N / W, 3, b);
    CHECK(d == before);
    std::vector<uint64_t> beyond;
    for (unsigned i = 0; i < N; ++i)
        if (want[i] > D + 1) beyond.push_back(i);
    std::sort(dom.alone_list.begin(), dom.alone_list.end());
    CHECK(dom.alone_list == beyond);
    CHECK(b.added == beyond.size());
}
