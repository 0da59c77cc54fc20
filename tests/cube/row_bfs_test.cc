// RowBfs (row_bfs.h), the breadth-first pass the fst and third tables' builds share, on a toy
// graph small enough to check against a plain queue BFS: 256 states in 32 rows of 8, moves +1,
// -1, +17, -17 and XOR 0x35 (mod 256; a move's inverse is a move, as the cube's are), at 4 bits
// (exact distances) and 2 bits (mod 3), forward and backward passes, and a collecting pass.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <queue>
#include <vector>

#include "../../plugins/cube/row_bfs.h"
#include "test_services.h"

using namespace cube;

namespace {

constexpr unsigned N = 256, W = 8;

unsigned toy_move(unsigned s, int m) {
    switch (m) {
    case 0: return (s + 1) % N;
    case 1: return (s + N - 1) % N;
    case 2: return (s + 17) % N;
    case 3: return (s + N - 17) % N;
    default: return s ^ 0x35u;
    }
}

struct ToyDom {
    struct Row {
        uint64_t base = 0;
    };
    std::vector<uint64_t> alone_list;
    uint64_t reached_count = 0;
    uint64_t width() const { return W; }
    void row(uint64_t r, Row &x) const { x.base = r * W; }
    template <class F> void forward(const Row &x, uint32_t e, F &&f) const {
        for (int m = 0; m < 5; ++m) f(toy_move(unsigned(x.base + e), m));
    }
    template <class F> bool backward(const Row &x, uint32_t e, F &&want) const {
        for (int m = 0; m < 5; ++m)
            if (want(toy_move(unsigned(x.base + e), m))) return true;
        return false;
    }
    void reached(Row &, uint64_t) { ++reached_count; }
    void alone(Row &, uint64_t i) { alone_list.push_back(i); }
    void finish(Row &) {}
    void what(char *buf, size_t n, unsigned depth) const { std::snprintf(buf, n, "toy (depth %u)", depth + 1); }
};

std::vector<unsigned> queue_bfs() {
    std::vector<unsigned> d(N, ~0u);
    std::queue<unsigned> q;
    d[0] = 0;
    q.push(0);
    while (!q.empty()) {
        const unsigned s = q.front();
        q.pop();
        for (int m = 0; m < 5; ++m) {
            const unsigned t = toy_move(s, m);
            if (d[t] == ~0u) d[t] = d[s] + 1, q.push(t);
        }
    }
    return d;
}

// The layered search with `bits` an entry (4: exact, 2: mod 3), backward once the unreached are
// fewer than `ratio` x the frontier; the entries' values and how many passes ran each way.
std::vector<unsigned> row_bfs(unsigned bits, double ratio, const solver_services *sv, int &forward, int &backward) {
    std::vector<uint8_t> d(N * bits / 8, 0xff);
    ToyDom dom;
    RowBfs<ToyDom> b;
    b.dom = &dom, b.d = d.data(), b.sv = sv, b.bits = bits, b.unreached = bits == 4 ? 15 : 3, b.size = N;
    b.set(0, 0);
    uint64_t filled = 1, frontier = 1;
    for (unsigned depth = 0; filled < N; ++depth) {
        REQUIRE(frontier > 0);
        REQUIRE(depth < 14);
        b.depth = depth;
        b.cur = bits == 4 ? depth : depth % 3;
        b.next = bits == 4 ? depth + 1 : (depth + 1) % 3;
        b.backward = double(N - filled) < ratio * double(frontier);
        b.added = 0;
        bfs_pass(sv, N / W, 3, b);  // chunks of 3 rows: ranges that split the rows unevenly
        (b.backward ? backward : forward) += 1;
        frontier = b.added;
        filled += frontier;
    }
    CHECK(dom.reached_count <= N);
    std::vector<unsigned> v(N);
    for (unsigned i = 0; i < N; ++i) v[i] = b.get(i);
    return v;
}

}  // namespace

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
