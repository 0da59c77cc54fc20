// The toy graph of the RowBfs tests (row_bfs_test.cc, row_bfs_threads.cc): 256 states in 32 rows
// of 8, moves +1, -1, +17, -17 and XOR 0x35 (mod 256; a move's inverse is a move, as the cube's
// are), its RowBfs domain, a plain queue BFS over it, and the layered search RowBfs runs on it.
#pragma once

#include <doctest/doctest.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <queue>
#include <vector>

#include "../../plugins/cube/row_bfs.h"

namespace toy_graph {

using namespace cube;

inline constexpr unsigned N = 256, W = 8;

inline unsigned toy_move(unsigned s, int m) {
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
    // reached() and alone() run on every worker of a pass at once (row_bfs_threads.cc): the
    // count is atomic (relaxed: read after the pass's join) and the list is locked.
    std::mutex alone_mutex;
    std::vector<uint64_t> alone_list;
    std::atomic<uint64_t> reached_count{0};
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
    void reached(Row &, uint64_t) { reached_count.fetch_add(1, std::memory_order_relaxed); }
    void alone(Row &, uint64_t i) {
        std::lock_guard<std::mutex> lock(alone_mutex);
        alone_list.push_back(i);
    }
    void finish(Row &) {}
    void what(char *buf, size_t n, unsigned depth) const { std::snprintf(buf, n, "toy (depth %u)", depth + 1); }
};

inline std::vector<unsigned> queue_bfs() {
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
inline std::vector<unsigned> row_bfs(unsigned bits, double ratio, const solver_services *sv, int &forward, int &backward) {
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
    CHECK(filled == N);  // every entry counted once, by the one worker whose AND found it unreached
    CHECK(dom.reached_count <= N);
    std::vector<unsigned> v(N);
    for (unsigned i = 0; i < N; ++i) v[i] = b.get(i);
    return v;
}

}  // namespace toy_graph
