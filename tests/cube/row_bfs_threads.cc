// RowBfs (row_bfs.h) with several threads at once: the passes of the toy graph (toy_graph.h) on
// a parallel_for that really runs its chunks on 2 and 4 threads, checked against the queue BFS.
// The other cube unit tests run on TestServices, whose parallel_for runs on the calling thread,
// so this file is the one of tests/cube that ThreadSanitizer has something to look at in (CI
// runs only it of cube_tests under ThreadSanitizer: .ci/run). The tables' real builds run these
// passes on the runtime's pool (build_pdb, fst.cc, third.cc, nx.cc).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "toy_graph.h"

using namespace cube;
using namespace toy_graph;

namespace {

// solver_services whose parallel_for hands chunks of `grain` to `threads` std::threads (worker
// ids 0..threads-1) that take them from one counter, and joins them before it returns.
struct ThreadedServices {
    solver_services sv{};
    unsigned threads;
    std::atomic<unsigned> progress_calls{0};

    explicit ThreadedServices(unsigned count) : threads(count) {
        sv.abi_version = SOLVER_ABI_VERSION;
        sv.struct_size = sizeof(solver_services);
        sv.ctx = this;
        sv.threads = count;
        // BfsProgress calls it from worker 0 only; counted atomically all the same.
        sv.progress = [](void *c, const char *, double) {
            static_cast<ThreadedServices *>(c)->progress_calls.fetch_add(1, std::memory_order_relaxed);
        };
        sv.parallel_for = [](void *c, uint64_t b, uint64_t e, uint64_t grain, solver_range_fn body, void *arg) {
            const unsigned n = static_cast<ThreadedServices *>(c)->threads;
            if (grain == 0) grain = 1;
            // Relaxed: the counter only hands out disjoint chunks; the threads' writes are ordered
            // before the caller's reads by join().
            std::atomic<uint64_t> next{b};
            std::vector<std::thread> pool;
            for (unsigned w = 0; w < n; ++w)
                pool.emplace_back([&, w] {
                    for (uint64_t s; (s = next.fetch_add(grain, std::memory_order_relaxed)) < e;)
                        body(arg, s, std::min(s + grain, e), w);
                });
            for (std::thread &t : pool) t.join();
        };
    }
};

}  // namespace

TEST_CASE("CubeRowBfs.ThreadsDistancesMatchAQueueSearch") {
    const std::vector<unsigned> want = queue_bfs();
    unsigned deepest = 0;
    for (unsigned x : want) deepest = std::max(deepest, x);
    REQUIRE(deepest >= 5);
    for (unsigned threads : {2u, 4u}) {
        ThreadedServices ts(threads);
        for (int round = 0; round < 20; ++round)
            for (unsigned bits : {4u, 2u})
                for (double ratio : {0.0, 2.0, 1e9}) {  // forward only; the usual switch; backward only
                    CAPTURE(threads);
                    CAPTURE(bits);
                    CAPTURE(ratio);
                    int fw = 0, bw = 0;
                    const std::vector<unsigned> got = row_bfs(bits, ratio, &ts.sv, fw, bw);
                    unsigned wrong = 0;
                    for (unsigned i = 0; i < N; ++i) wrong += got[i] != (bits == 4 ? want[i] : want[i] % 3);
                    CHECK(wrong == 0);
                    CHECK(fw + bw == int(deepest));
                }
    }
}

TEST_CASE("CubeRowBfs.ThreadsCollectingPassListsTheEntriesBeyondTheNextDepth") {
    const std::vector<unsigned> want = queue_bfs();
    const unsigned D = 3;
    std::vector<uint64_t> beyond;
    for (unsigned i = 0; i < N; ++i)
        if (want[i] > D + 1) beyond.push_back(i);
    REQUIRE(!beyond.empty());
    ThreadedServices ts(4);
    for (int round = 0; round < 20; ++round) {
        std::vector<uint8_t> d(N / 2, 0xff);
        ToyDom dom;
        RowBfs<ToyDom> b;
        b.dom = &dom, b.d = d.data(), b.sv = &ts.sv, b.bits = 4, b.unreached = 15, b.size = N;
        b.set(0, 0);
        for (unsigned depth = 0; depth < D; ++depth) {
            b.depth = depth, b.cur = depth, b.next = depth + 1, b.backward = false;
            bfs_pass(&ts.sv, N / W, 1, b);  // one row a chunk: the most hand-overs between threads
        }
        const std::vector<uint8_t> before = d;
        b.depth = D, b.cur = D, b.next = D + 1, b.backward = true, b.collect = true, b.added = 0;
        bfs_pass(&ts.sv, N / W, 1, b);
        CHECK(d == before);
        std::sort(dom.alone_list.begin(), dom.alone_list.end());
        CHECK(dom.alone_list == beyond);
        CHECK(b.added == beyond.size());
    }
}
