// cube-estimate: what a second table would add to the default bound (tables=fst4), before
// building it. For N uniformly random cubes it prints the default bound H (the cached
// flip-slice-twist table along three axes for the cube and its inverse, maxed with the cached
// corner table) and the exact distance A of a candidate abstraction -- corner permutation x
// edge flip x the (unsorted) E-slice edge positions, 40320 x 2048 x 495 states, 2.6 G entries
// once reduced by the 16 U-D symmetries -- along the same six views, found by IDA* inside that
// abstraction (bounded by the exact corner-permutation x slice and flip x slice distances), so
// the table itself is never built; and the same for the flip-slice-twist table refined by the
// corner permutation's parity (P). Prints the distributions of H, A, P, max(H, A), max(H, P).
//   g++ -std=c++17 -O2 -pthread -Iinclude tools/cube-estimate.cc build/obj/plugins/cube/{cube,symmetry,twophase,fst,fst_search,optimal,pdb,cache_file}.o -o build/bench/cube-estimate
//   build/bench/cube-estimate N SEED      (needs cube-fst4.pdb and cube-c01234567.pdb in the cache)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../plugins/cube/cube.h"
#include "../plugins/cube/fst.h"
#include "../plugins/cube/optimal.h"
#include "../plugins/cube/pdb.h"
#include "../plugins/cube/symmetry.h"
#include "../plugins/cube/twophase.h"

using namespace cube;

namespace {
constexpr int NCP = 40320, NFL = 2048, NSL = 495;
std::vector<uint16_t> cp_mv, fl_mv, sl_mv;
std::vector<uint8_t> d_cpsl, d_flsl;  // exact distances of cp x slice and flip x slice
int cp0, fl0, sl0;
uint64_t nodes = 0;

template <class Next>
std::vector<uint8_t> bfs(size_t n, size_t start, Next next) {
    std::vector<uint8_t> d(n, 255);
    std::vector<uint32_t> cur{uint32_t(start)}, nxt;
    d[start] = 0;
    for (int depth = 0; !cur.empty(); ++depth) {
        nxt.clear();
        for (uint32_t x : cur)
            for (int m = 0; m < NMOVES; ++m) {
                const uint32_t y = next(x, m);
                if (d[y] == 255) d[y] = uint8_t(depth + 1), nxt.push_back(y);
            }
        cur.swap(nxt);
    }
    return d;
}

bool dfs(int cp, int fl, int sl, int g, int bound, int prev) {
    ++nodes;
    const int h = std::max(d_cpsl[size_t(cp) * NSL + sl], d_flsl[size_t(fl) * NSL + sl]);
    if (g + h > bound) return false;
    if (h == 0) return cp == cp0 && fl == fl0 && sl == sl0;
    for (int m = 0; m < NMOVES; ++m) {
        if (prev >= 0 && (m / 3 == prev / 3 || m / 3 + 3 == prev / 3)) continue;
        if (dfs(cp_mv[size_t(cp) * NMOVES + m], fl_mv[size_t(fl) * NMOVES + m], sl_mv[size_t(sl) * NMOVES + m], g + 1,
                bound, m))
            return true;
    }
    return false;
}

// Candidate 2: the flip-slice-twist table refined by the corner permutation's parity (twice
// the entries). Its exact distance along one view, by IDA* with the exact fst distance (the
// cached 4-bit table) as the bound.
const FstTable *F = nullptr;
bool dfs_p(int fl, int sl, int tw, int par, int g, int bound, int prev) {
    ++nodes;
    const int h = int(F->get4(F->index(fl, sl, tw)));
    if (g + h > bound) return false;
    if (h == 0 && par == 0) return true;
    const Coords &co = *F->co;
    for (int m = 0; m < NMOVES; ++m) {
        if (prev >= 0 && (m / 3 == prev / 3 || m / 3 + 3 == prev / 3)) continue;
        if (dfs_p(co.flip_move[size_t(fl) * NMOVES + m], co.slice_move[size_t(sl) * NMOVES + m],
                  co.twist_move[size_t(tw) * NMOVES + m], par ^ (m % 3 != 1), g + 1, bound, m))
            return true;
    }
    return false;
}
int parity_distance(const CubieCube &c) {
    const int fl = get_flip(c), sl = get_slice_sorted(c), tw = get_twist(c), par = corner_parity(c);
    for (int b = int(F->get4(F->index(fl, sl, tw)));; ++b)
        if (dfs_p(fl, sl, tw, par, 0, b, -1)) return b;
}

// Exact distance of c's corner permutation x flip x slice.
int abstract_distance(const CubieCube &c) {
    const int cp = get_corner_perm(c), fl = get_flip(c), sl = get_slice(c);
    for (int b = std::max(d_cpsl[size_t(cp) * NSL + sl], d_flsl[size_t(fl) * NSL + sl]);; ++b)
        if (dfs(cp, fl, sl, 0, b, -1)) return b;
}
}  // namespace

int main(int argc, char **argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 100;
    uint64_t rng = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261125;
    const char *env = std::getenv("SOLVER_CACHE_DIR");
    const std::string dir = env && *env ? env : std::string(std::getenv("HOME")) + "/.cache/solver";
    init_loc_tables();
    cp_mv.resize(size_t(NCP) * NMOVES), fl_mv.resize(size_t(NFL) * NMOVES), sl_mv.resize(size_t(NSL) * NMOVES);
    for (int i = 0; i < NCP; ++i) {
        CubieCube c = CubieCube::solved();
        set_corner_perm(c, i);
        for (int m = 0; m < NMOVES; ++m) cp_mv[size_t(i) * NMOVES + m] = uint16_t(get_corner_perm(apply_move(c, m)));
    }
    for (int i = 0; i < NFL; ++i) {
        CubieCube c = CubieCube::solved();
        set_flip(c, i);
        for (int m = 0; m < NMOVES; ++m) fl_mv[size_t(i) * NMOVES + m] = uint16_t(get_flip(apply_move(c, m)));
    }
    for (int i = 0; i < NSL; ++i) {
        CubieCube c = CubieCube::solved();
        set_slice(c, i);
        for (int m = 0; m < NMOVES; ++m) sl_mv[size_t(i) * NMOVES + m] = uint16_t(get_slice(apply_move(c, m)));
    }
    const CubieCube s = CubieCube::solved();
    cp0 = get_corner_perm(s), fl0 = get_flip(s), sl0 = get_slice(s);
    d_cpsl = bfs(size_t(NCP) * NSL, size_t(cp0) * NSL + sl0, [](uint32_t x, int m) {
        return uint32_t(cp_mv[size_t(x / NSL) * NMOVES + m]) * NSL + sl_mv[size_t(x % NSL) * NMOVES + m];
    });
    d_flsl = bfs(size_t(NFL) * NSL, size_t(fl0) * NSL + sl0, [](uint32_t x, int m) {
        return uint32_t(fl_mv[size_t(x / NSL) * NMOVES + m]) * NSL + sl_mv[size_t(x % NSL) * NMOVES + m];
    });
    FstTable fst;
    std::string why;
    if (!load_fst(dir + "/" + fst_file(4), fst, why, 4, false, false)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    Pdb corners;
    bool known = false;
    const Pattern cp8 = table_set("corners", known).at(0);
    if (!load_pdb(cp8, dir + "/cube-" + cp8.name() + ".pdb", corners, why)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    F = &fst;
    int hist_h[32] = {}, hist_hx[32] = {}, hist_a[32] = {}, raised = 0, hist_p[32] = {}, hist_hp[32] = {}, raised_p = 0;
    double sum_h = 0, sum_hx = 0, sum_hp = 0;
    for (int i = 0; i < n; ++i) {
        const CubieCube c = random_cube(rng);
        unsigned d3[3];
        unsigned h = std::max(fst_bound(c, fst, d3), corners.lookup(to_loc(c)));
        int a = 0, p = 0;
        for (int inv = 0; inv < 2; ++inv)
            for (int ax = 0; ax < 3; ++ax) {
                const CubieCube v = inv ? c.inverse() : c;
                const CubieCube w = ax == 0 ? v : urf_conjugate(v, ax);
                a = std::max(a, abstract_distance(w));
                p = std::max(p, parity_distance(w));
            }
        const unsigned hp = std::max(h, unsigned(p));
        hist_p[p]++, hist_hp[hp]++, raised_p += hp > h, sum_hp += hp;
        const unsigned hx = std::max(h, unsigned(a));
        hist_h[h]++, hist_hx[hx]++, hist_a[a]++;
        raised += hx > h;
        sum_h += h, sum_hx += hx;
        std::printf("cube %d: H %u, A (max of six views) %d, max %u; P (fst x parity, six views) %d\n", i, h, a, hx, p);
        std::fflush(stdout);
    }
    auto show = [&](const char *what, int *hist) {
        std::printf("%s:", what);
        for (int d = 0; d < 32; ++d)
            if (hist[d]) std::printf(" %d:%d", d, hist[d]);
        std::printf("\n");
    };
    show("H (fst4 six lookups + corners)", hist_h);
    show("A (cp x flip x slice, six views)", hist_a);
    show("max(H, A)", hist_hx);
    show("P (fst x corner parity, six views)", hist_p);
    show("max(H, P)", hist_hp);
    std::printf("mean max(H, P) %.3f, raised on %d\n", sum_hp / n, raised_p);
    std::printf("%d cubes: mean H %.3f, mean max(H, A) %.3f, raised on %d; %llu abstract IDA* nodes\n", n, sum_h / n,
                sum_hx / n, raised, (unsigned long long)nodes);
}
