// nx: the N table's coordinates (nx.h: which corners are in the U layer x twist, reduced by the
// 16 U-D symmetries, with flip x slice conjugated), its BFS on the projection that drops the flip
// (against a plain BFS over the raw states), its cache file; the full table (2.42 GiB, built by
// tools/cube-nx) only where it is cached.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>

#include "../../plugins/cube/cache_file.h"
#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/nx.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {
uint64_t next(uint64_t &rng) { return cube_test::next_random(rng); }

// The entries that stand for c's abstract state: its entry under each symmetry of its class
// representative's stabilizer.
std::set<uint64_t> variants(const NxCoords &co, const CubieCube &c) {
    const uint32_t e = co.corner_class[size_t(get_nx_cs(c)) * N_TWIST + size_t(get_twist(c))];
    int fl, sl;
    co.conj_edges(int(e & 15), get_flip(c), get_slice(c), fl, sl);
    std::set<uint64_t> out;
    for (int u = 0; u < N_UDSYM; ++u)
        if (co.class_stab[e >> 4] >> u & 1) {
            int fl2, sl2;
            co.conj_edges(u, fl, sl, fl2, sl2);
            out.insert((uint64_t(e >> 4) * N_FLIP + uint64_t(fl2)) * NX_WIDTH + uint64_t(sl2));
        }
    return out;
}

CubieCube random_ud_element(uint64_t &rng, int len) {
    CubieCube c = CubieCube::solved();
    for (int k = 0; k < len; ++k) {
        const int m = int(next(rng) % 6);
        c = apply_move(c, m < 3 ? m : 9 + (m - 3));  // U, U2, U', D, D2, D'
    }
    return c;
}
}  // namespace

TEST_CASE("CubeNx.CornerSeparationRoundTripsAndTheClassCount") {
    for (int v = 0; v < NX_CS; ++v) {
        CubieCube c = CubieCube::solved();
        set_nx_cs(c, v);
        REQUIRE(get_nx_cs(c) == v);
    }
    CHECK(get_nx_cs(CubieCube::solved()) == 0);
    const NxCoords &co = nx_coords();
    CHECK(co.classes == 9930);  // nxopt.md's count
    CHECK(co.class_rep.size() == co.classes);
    // Every class's stabilizer holds the identity; the solved corner part is class 0, fixed by all 16.
    for (uint32_t c = 0; c < co.classes; ++c) REQUIRE((co.class_stab[c] & 1) == 1);
    CHECK((co.corner_class[0] >> 4) == 0);
    CHECK(co.class_stab[0] == 0xffff);
    // The classes partition the 153,090 corner-part values: sizes are 16 / |stabilizer|.
    uint64_t sum = 0;
    for (uint32_t c = 0; c < co.classes; ++c) sum += 16 / unsigned(__builtin_popcount(co.class_stab[c]));
    CHECK(sum == uint64_t(NX_CORNER));
}

TEST_CASE("CubeNx.UAndDTurnsKeepTheSolvedCoset") {
    const NxCoords &co = nx_coords();
    const uint64_t solved = co.index(CubieCube::solved());
    CHECK(solved == (uint64_t(0) * N_FLIP + 0) * NX_WIDTH + uint64_t(get_slice(CubieCube::solved())));
    uint64_t rng = 36;
    for (int k = 0; k < 300; ++k) {
        const CubieCube c = random_ud_element(rng, 1 + k % 25);
        REQUIRE(co.index(c) == solved);
        // ... and any cube after them keeps its entry (the coordinate is a right action of the
        // moves, so its values are the cosets H x of their subgroup H).
        const CubieCube x = random_cube(rng);
        REQUIRE(co.index(c * x) == co.index(x));
    }
    // A turn of any other face leaves the coset.
    for (int m = 3; m < 9; ++m) CHECK(co.index(move_cube(m)) != solved);
    for (int m = 12; m < 18; ++m) CHECK(co.index(move_cube(m)) != solved);
}

TEST_CASE("CubeNx.MoveAndConjugationTablesAgreeWithTheCube") {
    const NxCoords &co = nx_coords();
    const Symmetry &S = symmetry();
    uint64_t rng = 3636;
    for (int k = 0; k < 300; ++k) {
        const CubieCube c = random_cube(rng);
        const int cs = get_nx_cs(c), tw = get_twist(c), fl = get_flip(c), sl = get_slice(c);
        for (int m = 0; m < NMOVES; ++m) {
            const CubieCube d = apply_move(c, m);
            REQUIRE(co.cs_move[size_t(cs) * NMOVES + size_t(m)] == get_nx_cs(d));
            REQUIRE(co.tw_move[size_t(tw) * NMOVES + size_t(m)] == get_twist(d));
            REQUIRE(co.fl_move[size_t(fl) * NMOVES + size_t(m)] == get_flip(d));
            REQUIRE(co.sl_move[size_t(sl) * NMOVES + size_t(m)] == get_slice(d));
        }
        const std::set<uint64_t> a = variants(co, c);
        for (int s = 0; s < N_UDSYM; ++s) {
            const CubieCube d = S.conj(c, s);
            REQUIRE(co.cs_conj[size_t(cs) * N_UDSYM + size_t(s)] == get_nx_cs(d));
            REQUIRE(co.tw_conj[size_t(tw) * N_UDSYM + size_t(s)] == get_twist(d));
            int fl2, sl2;
            co.conj_edges(s, fl, sl, fl2, sl2);
            REQUIRE(fl2 == get_flip(d));
            REQUIRE(sl2 == get_slice(d));
            // The 16 symmetric images: the same class, and the same abstract state's entries.
            REQUIRE((co.corner_class[size_t(get_nx_cs(d)) * N_TWIST + size_t(get_twist(d))] >> 4) ==
                    (co.corner_class[size_t(cs) * N_TWIST + size_t(tw)] >> 4));
            REQUIRE(a.count(co.index(d)) == 1);
            REQUIRE(a == variants(co, d));
        }
        // The class entry's symmetry takes the corner part to the representative.
        const uint32_t e = co.corner_class[size_t(cs) * N_TWIST + size_t(tw)];
        const CubieCube r = S.conj(c, int(e & 15));
        CHECK(uint32_t(get_nx_cs(r) * N_TWIST + get_twist(r)) == co.class_rep[e >> 4]);
    }
}

TEST_CASE("CubeNx.ClassMovesFollowTheCube") {
    // class_move[c * 18 + m] is the class entry of the representative after m; following a cube's
    // class and symmetry along moves with it (as the search would: if S_s X S_s^-1 has the
    // representative's corner part, then (X m) under S_u, u = S_t S_s, has that of class c' where
    // class_move[c * 18 + conj_s(m)] = c' << 4 | t) gives the class read from the cube directly.
    const NxCoords &co = nx_coords();
    const Symmetry &S = symmetry();
    uint8_t mul[N_UDSYM][N_UDSYM];
    symmetry_products(mul);
    for (uint32_t c = 0; c < co.classes; ++c) {
        const uint32_t r = co.class_rep[c];
        CubieCube x = CubieCube::solved();
        set_nx_cs(x, int(r / N_TWIST));
        set_twist(x, int(r % N_TWIST));
        for (int m = 0; m < NMOVES; ++m) {
            const CubieCube y = apply_move(x, m);
            REQUIRE(co.class_move[size_t(c) * NMOVES + size_t(m)] ==
                    co.corner_class[size_t(get_nx_cs(y)) * N_TWIST + size_t(get_twist(y))]);
        }
    }
    uint64_t rng = 99;
    for (int k = 0; k < 100; ++k) {
        CubieCube x = random_cube(rng);
        uint32_t e = co.corner_class[size_t(get_nx_cs(x)) * N_TWIST + size_t(get_twist(x))];
        uint32_t cls = e >> 4, s = e & 15;
        for (int j = 0; j < 20; ++j) {
            const int m = int(next(rng) % NMOVES);
            x = apply_move(x, m);
            const uint32_t n = co.class_move[size_t(cls) * NMOVES + size_t(S.move[s][m])];
            cls = n >> 4, s = mul[n & 15][s];
            REQUIRE(cls == (co.corner_class[size_t(get_nx_cs(x)) * N_TWIST + size_t(get_twist(x))] >> 4));
            const CubieCube r = S.conj(x, int(s));
            REQUIRE(uint32_t(get_nx_cs(r) * N_TWIST + get_twist(r)) == co.class_rep[cls]);
        }
    }
}

namespace {
// A plain BFS over the raw states of the projection (cs, twist, slice), 75.8 M bytes, up to
// depth max_depth (255: deeper; the whole space would take half a minute at the tests' -O0).
std::vector<uint8_t> plain_projection_bfs(const NxCoords &co, unsigned max_depth) {
    const uint32_t n = uint32_t(NX_CORNER) * NX_SLICE;
    std::vector<uint8_t> d(n, 255);
    const uint8_t *csm = co.cs_move.data();
    const uint16_t *twm = co.tw_move.data(), *slm = co.sl_move.data();
    std::vector<uint32_t> cur, nxt;
    const uint32_t start = uint32_t(get_twist(CubieCube::solved())) * NX_SLICE + uint32_t(get_slice(CubieCube::solved()));
    d[start] = 0;
    cur.push_back(start);
    uint8_t *dd = d.data();
    for (unsigned depth = 1; !cur.empty() && depth <= max_depth; ++depth) {
        nxt.clear();
        for (const uint32_t x : cur) {
            const uint32_t sl = x % NX_SLICE, corner = x / NX_SLICE, cs = corner / N_TWIST, tw = corner % N_TWIST;
            for (int m = 0; m < NMOVES; ++m) {
                const uint32_t y = (uint32_t(csm[cs * NMOVES + uint32_t(m)]) * N_TWIST + twm[tw * NMOVES + uint32_t(m)]) * NX_SLICE +
                                   slm[sl * NMOVES + uint32_t(m)];
                if (dd[y] == 255) dd[y] = uint8_t(depth), nxt.push_back(y);
            }
        }
        cur.swap(nxt);
    }
    return d;
}
}  // namespace

TEST_CASE("CubeNx.ProjectionWithoutTheFlipMatchesAPlainBfs") {
    // The table's BFS, codes, minima and packing on the projection that drops the flip (9930 rows
    // of 495 slices): against a plain BFS over its 75.8 M raw states (entry (class, slice) is the
    // raw state (the representative's corner part, slice)), which it searches up to depth base + 2.
    const NxCoords &co = nx_coords();
    cube_test::TestServices ts(cube_test::cache_dir());
    const unsigned base = 5;
    NxTable t;
    REQUIRE(build_nx(&ts.sv, t, 1, base) == SOLVER_OK);
    REQUIRE(t.rows == co.classes);
    const std::vector<uint8_t> ref = plain_projection_bfs(co, base + 2);
    std::vector<uint64_t> counts(base + 4, 0);
    uint64_t bad_code = 0, bad_min = 0, lines_checked = 0, above = 0;
    for (uint32_t c = 0; c < co.classes; ++c) {
        const uint32_t r = co.class_rep[c];
        for (unsigned k = 0; k < NX_LINES; ++k) {
            unsigned mn = 255;
            for (unsigned sl = k * NX_LINE; sl < std::min<unsigned>((k + 1) * NX_LINE, NX_SLICE); ++sl) {
                const unsigned dep = ref[size_t(r) * NX_SLICE + sl];
                mn = std::min(mn, dep);
                counts[std::min(dep, base + 3)]++;
                const unsigned want = dep <= base ? 0 : std::min(dep - base, 3u);
                const uint64_t i = uint64_t(c) * NX_WIDTH + sl;
                if (t.code(i) != want) ++bad_code;
                if (t.bound(i) > dep) ++above;  // (255: deeper than base + 2)
            }
            const uint64_t i = uint64_t(c) * NX_WIDTH + k * NX_LINE;
            if (mn <= base + 2) {
                ++lines_checked;
                if (t.line_min(i) != mn) ++bad_min;
            } else if (t.line_min(i) != 15) {
                ++bad_min;
            }
        }
        // The unused slot of the last line is 3.
        if (t.code(uint64_t(c) * NX_WIDTH + NX_SLICE) != 3) ++bad_code;
    }
    CHECK(bad_code == 0);
    CHECK(above == 0);
    CHECK(bad_min == 0);
    CHECK(lines_checked > 0);
    REQUIRE(t.depth_counts.size() == base + 4);
    for (unsigned dep = 0; dep < base + 4; ++dep) CHECK(t.depth_counts[dep] == counts[dep]);
    MESSAGE("projection depth counts 0.." << base + 2 << "+: " << t.depth_counts[0] << " " << t.depth_counts[1] << " "
                                          << t.depth_counts[2] << " " << t.depth_counts[3] << " ... "
                                          << t.depth_counts[base + 3]);

    // The cache file: saved, read back equal, and refused when corrupt or truncated.
    const std::string path = cube_test::cache_dir() + "/cube-nx-projection-test.pdb";
    std::string why;
    REQUIRE_MESSAGE(save_nx(t, path, why), why);
    NxTable u;
    REQUIRE_MESSAGE(load_nx(path, u, why, true, PAGES_HUGE), why);
    CHECK(u.nflip == 1);
    CHECK(u.base == base);
    CHECK(u.depth_counts == t.depth_counts);
    CHECK(std::memcmp(u.data.data(), t.data.data(), t.bytes()) == 0);
    {
        FILE *f = std::fopen(path.c_str(), "r+b");
        REQUIRE(f);
        std::fseek(f, 4096, SEEK_SET);
        const int ch = std::fgetc(f);
        std::fseek(f, 4096, SEEK_SET);
        std::fputc(ch ^ 0x10, f);
        std::fclose(f);
    }
    NxTable v;
    CHECK_FALSE(load_nx(path, v, why, true, PAGES_HUGE));
    std::filesystem::resize_file(path, 1000);
    CHECK_FALSE(load_nx(path, v, why, true, PAGES_HUGE));
    std::filesystem::remove(path);
}

TEST_CASE("CubeNx.Search.CachedTableBoundsScrambles") {
    // Only where cube-nx.pdb is cached (tools/cube-nx build): no bound of a k-move scramble above
    // k (with de Bondt's rule per side), the U and D turns' group at 0 in its U-D views.
    const std::string dir = cube_test::user_cache_dir(), path = dir + "/" + nx_file();
    if (!std::filesystem::exists(path)) {
        MESSAGE("skipped: no cached nx table in " << dir);
        return;
    }
    NxTable t;
    std::string why;
    REQUIRE_MESSAGE(load_nx(path, t, why, false, PAGES_MAPPED), why);
    REQUIRE(t.nflip == N_FLIP);
    CHECK(t.bound(nx_coords().index(CubieCube::solved())) == 0);
    uint64_t rng = 20261130;
    int raised = 0;
    for (int k = 0; k < 400; ++k) {
        const int len = 1 + k % 20;
        const CubieCube c = apply_moves(CubieCube::solved(), cube_test::random_scramble(rng, len, NMOVES));
        unsigned v[6];
        nx_views(t, c, v);
        const unsigned b = nx_bound(t, c);
        REQUIRE(b <= unsigned(len));
        if (b > *std::max_element(v, v + 6)) ++raised;
        nx_views(t, random_ud_element(rng, len), v);
        REQUIRE(v[0] == 0);
        REQUIRE(v[3] == 0);
    }
    MESSAGE("de Bondt's rule raised " << raised << " of 400 scrambles' bounds");
}
