// The 16 U-D symmetries, the coordinates of the flip-slice-twist table and its class reduction,
// checked against whole-cube arithmetic; and, when the big table is already in the cache (it is
// never built by the tests), its bound against true distances.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <utility>

#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {
bool proper(const CubieCube &c) {
    std::string why;
    for (int i = 0; i < 8; ++i)
        if (c.co[i] > 2) return false;
    return check_cubie(c, why);
}
int flipslice(const CubieCube &c) { return get_slice_sorted(c) * N_FLIP + get_flip(c); }

using cube_test::random_scramble;
using cube_test::user_cache_dir;

// The reference the fst searches are checked against: the optimal solver over the small tables
// (built once per test run under the build directory).
struct SmallReference {
    cube_test::TestServices ts{cube_test::cache_dir()};
    std::vector<std::shared_ptr<const Pdb>> small;
    SmallReference() {
        solver_error err{};
        REQUIRE(get_tables("small", &ts.sv, small, &err) == SOLVER_OK);
    }
    // The optimal solution of c (required to be found).
    OptimalResult solve(const CubieCube &c) {
        OptimalResult r = solve_optimal(c, small, &ts.sv);
        REQUIRE(r.status == SOLVER_OK);
        return r;
    }
};

// The cached flip-slice-twist table: the 4-bit one when it is cached (its search adds the
// inverse lookups), else the 2-bit one, else fstp2 (the default table, split by the corner
// parity: a machine that only ever solved with the defaults has only that one); one of them
// (loading several would multiply the time). No checksum pass (the tests check the values
// themselves), mapped, not copied to huge pages (a few hundred lookups do not pay for faulting
// in 1.6 GiB). false when none is cached.
bool load_cached_fst(FstTable &fst) {
    const std::string dir = user_cache_dir();
    for (const auto &[bits, par] : {std::pair<unsigned, unsigned>{4, 1}, {2, 1}, {2, 2}}) {
        const std::string path = dir + "/" + fst_file(bits, par);
        if (!std::filesystem::exists(path)) continue;
        std::string why;
        REQUIRE_MESSAGE(load_fst(path, fst, why, bits, false, PAGES_MAPPED, false, par), why);
        return true;
    }
    MESSAGE("skipped: no cached flip-slice-twist table in " << dir);
    return false;
}
}  // namespace

TEST_CASE("CubeSymmetry.SixteenSymmetriesKeepTheUDAxis") {
    const Symmetry &sy = symmetry();
    CHECK(sy.cube[0] == CubieCube::solved());
    std::set<std::string> distinct;
    for (int s = 0; s < N_UDSYM; ++s) {
        CAPTURE(s);
        REQUIRE(sy.inv[s] >= 0);
        CHECK(multiply_full(sy.cube[sy.inv[s]], sy.cube[s]) == CubieCube::solved());
        distinct.insert(to_facelets(sy.conj(apply_moves(CubieCube::solved(), {1, 5, 6}), s)));
        bool seen[NMOVES] = {};
        for (int m = 0; m < NMOVES; ++m) {
            REQUIRE(sy.move[s][m] >= 0);
            seen[sy.move[s][m]] = true;
            // U and D turns stay U or D turns; half turns stay half turns.
            CHECK((move_face(m) % 3 == 0) == (move_face(sy.move[s][m]) % 3 == 0));
            CHECK((move_power(m) == 2) == (move_power(sy.move[s][m]) == 2));
        }
        for (bool b : seen) CHECK(b);
    }
    CHECK(distinct.size() == 16);  // U R' F conjugated 16 ways: all different
    uint64_t rng = 77;
    for (int i = 0; i < 200; ++i) {
        const CubieCube x = random_cube(rng);
        const int s = i % N_UDSYM, m = i % NMOVES;
        const CubieCube y = sy.conj(x, s);
        REQUIRE(proper(y));
        CHECK(sy.conj(y, sy.inv[s]) == x);
        CHECK(sy.conj(apply_move(x, m), s) == apply_move(y, sy.move[s][m]));
    }
}

TEST_CASE("CubeSymmetry.CoordinatesMoveAndConjugateLikeCubes") {
#if defined(__SANITIZE_THREAD__)
    // Sequential code; building the class table takes 80 s of CPU under ThreadSanitizer.
    MESSAGE("skipped under ThreadSanitizer (no threads here; the plain and ASan runs check it)");
    return;
#endif
    const Symmetry &sy = symmetry();
    const Coords &co = coords();
    CHECK(co.classes == 1523864u);  // Kociemba's count of flip x sorted-slice classes
    CHECK(co.class_rep[0] == 0u);
    CHECK(co.class_stab[0] == 0xffff);
    for (int v = 0; v < N_SLICE_SORTED; v += 7) {
        CubieCube c = CubieCube::solved();
        set_slice_sorted(c, v);
        REQUIRE(get_slice_sorted(c) == v);
    }
    CHECK(get_slice_sorted(CubieCube::solved()) == 0);
    uint64_t rng = 4242;
    for (int i = 0; i < 500; ++i) {
        const CubieCube x = random_cube(rng);
        const int m = i % NMOVES, s = (i * 7) % N_UDSYM;
        const CubieCube xm = apply_move(x, m);
        CHECK(co.twist_move[size_t(get_twist(x)) * NMOVES + m] == get_twist(xm));
        CHECK(co.flip_move[size_t(get_flip(x)) * NMOVES + m] == get_flip(xm));
        CHECK(co.slice_move[size_t(get_slice_sorted(x)) * NMOVES + m] == get_slice_sorted(xm));
        CHECK(co.twist_conj[size_t(get_twist(x)) * N_UDSYM + s] == get_twist(sy.conj(x, s)));
        // The class entry names a symmetry that takes x's flip-slice to the representative.
        const uint32_t e = co.flipslice_class[flipslice(x)];
        CHECK(uint32_t(flipslice(sy.conj(x, int(e & 15)))) == co.class_rep[e >> 4]);
        // And the stabilizer really fixes the representative.
        CubieCube r = CubieCube::solved();
        set_slice_sorted(r, int(co.class_rep[e >> 4] / N_FLIP));
        set_flip(r, int(co.class_rep[e >> 4] % N_FLIP));
        for (int u = 0; u < N_UDSYM; ++u)
            CHECK(((co.class_stab[e >> 4] >> u & 1) != 0) == (flipslice(sy.conj(r, u)) == flipslice(r)));
    }
}

TEST_CASE("CubeSymmetry.ClassMovesFollowTheClassesAlongRandomWalks") {
#if defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under ThreadSanitizer (sequential; the class table takes 80 s of CPU there)");
    return;
#endif
    // What the fst search does with class_moves=on: follow class << 4 | sym along moves with the
    // class move table and the symmetry products, never looking the flip-slice up.
    const Symmetry &sy = symmetry();
    const Coords &co = coords();
    const ClassMoves &cm = class_moves();
    REQUIRE(cm.next.size() == size_t(co.classes) * NMOVES);
    for (int t = 0; t < N_UDSYM; ++t)
        for (int s = 0; s < N_UDSYM; ++s) CHECK(multiply_full(sy.cube[t], sy.cube[s]) == sy.cube[cm.mul[t][s]]);
    uint64_t rng = 9001;
    for (int walk = 0; walk < 40; ++walk) {
        CubieCube x = walk == 0 ? CubieCube::solved() : random_cube(rng);
        uint32_t cs = co.flipslice_class[flipslice(x)];
        for (int step = 0; step < 60; ++step) {
            const int m = int(cube_test::next_random(rng) % NMOVES);
            const uint32_t s = cs & 15, e = cm.next[size_t(cs >> 4) * NMOVES + sy.move[s][m]];
            cs = (e & ~15u) | cm.mul[e & 15][s];
            x = apply_move(x, m);
            CAPTURE(walk);
            CAPTURE(step);
            // The same class as the lookup gives, and a symmetry that takes x to its representative.
            REQUIRE((cs >> 4) == (co.flipslice_class[flipslice(x)] >> 4));
            REQUIRE(uint32_t(flipslice(sy.conj(x, int(cs & 15)))) == co.class_rep[cs >> 4]);
        }
    }
}

TEST_CASE("CubeSymmetry.SliceClassesGiveTheClassTableExactly") {
#if defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under ThreadSanitizer (sequential; the class table takes 80 s of CPU there)");
    return;
#endif
    // inverse_classes=cache: the class entry of a flip-slice value through its slice's symmetry
    // class (SliceClasses) must be flipslice_class's, the class and the symmetry both, for every
    // one of the 24,330,240 values (AddressSanitizer: every 7th). A wrong L_s or m(x), a
    // symmetry composed the wrong way round, or a stabilizer's symmetry not the one the class
    // table chose would each show here.
    const Symmetry &sy = symmetry();
    const Coords &co = coords();
    const SliceClasses &sc = slice_classes();
    REQUIRE(sc.ok);
    CHECK(sc.slice_classes > N_SLICE_SORTED / N_UDSYM);
    CHECK(sc.slice_classes < 1000);
    CHECK(sc.direct_classes > sc.slice_classes / 2);  // most need no class table read
    CHECK(sc.cls.size() == size_t(sc.slice_classes - sc.direct_classes) * N_FLIP);
    CHECK(sc.groups > 1);  // some representatives have a nontrivial stabilizer: canon matters
#if defined(__SANITIZE_ADDRESS__)
    const uint32_t step = 7;
#else
    const uint32_t step = 1;
#endif
    uint64_t wrong = 0, stabilized = 0, direct = 0;
    for (uint32_t x = 0; x < N_FLIPSLICE; x += step) {
        const uint32_t got = sc.lookup(x / N_FLIP, x % N_FLIP), want = co.flipslice_class[x];
        wrong += got != want;
        stabilized += co.class_stab[want >> 4] != 1;
        uint32_t s;
        direct += (sc.locate(x / N_FLIP, x % N_FLIP, s) & SliceClasses::DIRECT) != 0;
    }
    MESSAGE(sc.slice_classes << " slice classes (" << sc.direct_classes << " direct), " << sc.groups
                              << " stabilizer groups, " << stabilized << " values in classes with a nontrivial stabilizer, "
                              << direct << " looked up directly");
    CHECK(stabilized > 0);
    CHECK(direct > 0);
    CHECK(wrong == 0);
    // And on whole cubes: the entry's symmetry takes the cube's flip-slice to the representative.
    uint64_t rng = 777;
    for (int i = 0; i < 200; ++i) {
        const CubieCube c = random_cube(rng);
        const uint32_t e = sc.lookup(uint32_t(get_slice_sorted(c)), uint32_t(get_flip(c)));
        CHECK(uint32_t(flipslice(sy.conj(c, int(e & 15)))) == co.class_rep[e >> 4]);
    }
}

TEST_CASE("CubeSymmetry.InverseCoordinatesFromLocations") {
    // The fst4 search reads the inverse cube's coordinates off a view's cubie locations (two
    // ways: inverse_coords, and inverse_coords_fast for the batched search's inverse stage).
    init_loc_tables();
    uint64_t rng = 4242;
    for (int i = 0; i < 300; ++i) {
        const CubieCube c = i == 0 ? CubieCube::solved() : random_cube(rng);
        const CubieCube v = urf_conjugate(c, i % 3), w = v.inverse();
        const Loc l = to_loc(v);
        int f, s, t;
        inverse_coords(l.l, f, s, t);
        CHECK(f == get_flip(w));
        CHECK(s == get_slice_sorted(w));
        CHECK(t == get_twist(w));
        int f2, s2, t2;  // the batched search's version
        inverse_coords_fast(l.l, f2, s2, t2);
        CHECK(f2 == f);
        CHECK(s2 == s);
        CHECK(t2 == t);
    }
}

TEST_CASE("CubeSymmetry.SimdCoordsMatchThePortableStep") {
    // simd_coords: the batched search's inverse step of one axis (a child's Loc bytes after a
    // move, and its inverse's flip, sorted slice and twist) by byte shuffles must give exactly
    // the portable version's bytes and values, with and without the corners, for every move
    // from random views (and the cube's own inverse's coordinates). Where the CPU lacks SSE4.1 or
    // BMI2 both calls run the portable code (the message says so).
    init_loc_tables();
    MESSAGE(std::string(simd_coords_supported() ? "simd_coords supported" : "simd_coords not supported: portable code only"));
    uint64_t rng = 9191;
    for (int i = 0; i < 200; ++i) {
        const CubieCube c = i == 0 ? CubieCube::solved() : random_cube(rng);
        const CubieCube v = urf_conjugate(c, i % 3);
        const Loc l = to_loc(v);
        for (int m = 0; m < NMOVES; ++m)
            for (int corners = 0; corners < 2; ++corners) {
                CAPTURE(i);
                CAPTURE(m);
                CAPTURE(corners);
                uint8_t a[20], b[20];
                for (int t = 0; t < 20; ++t) a[t] = b[t] = uint8_t(100 + t);  // the corners when not computed
                if (!corners)
                    for (int t = 0; t < 8; ++t) a[t] = b[t] = corner_move_loc[m][l.l[t]];
                int f, s, w, f2, s2, w2;
                child_locs_inverse_both(l.l, m, corners, a, f, s, w, false);
                child_locs_inverse_both(l.l, m, corners, b, f2, s2, w2, true);
                CHECK(std::equal(a, a + 20, b));
                CHECK(f2 == f);
                CHECK(s2 == s);
                CHECK(w2 == w);
                // and the values are the inverse's of the view after the move
                const CubieCube x = apply_moves(v, {m}).inverse();
                CHECK(f == get_flip(x));
                CHECK(s == get_slice_sorted(x));
                CHECK(w == get_twist(x));
            }
    }
}

TEST_CASE("CubeSymmetry.FstBoundNeverExceedsTheTrueDistance") {
    // Only when the table is already cached (building it takes minutes: tools/cube-bench.sh).
    FstTable fst;
    if (!load_cached_fst(fst)) return;
    SmallReference ref;
    auto &ts = ref.ts;
    uint64_t rng = 31337;
    unsigned d[3];
    CHECK(fst_bound(CubieCube::solved(), fst, d) == 0);
    for (int i = 0; i < 24; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 7, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        const OptimalResult r = ref.solve(c);
        const unsigned h = fst_bound(c, fst, d);
        CAPTURE(format_moves(scramble));
        CHECK(h <= r.moves.size());
        // Each axis distance is consistent: one move changes it by at most one.
        unsigned dm[3];
        for (int m = 0; m < NMOVES; ++m) {
            fst_bound(apply_move(c, m), fst, dm);
            for (int a = 0; a < 3; ++a) CHECK(std::abs(int(dm[a]) - int(d[a])) <= 1);
        }
        // The fst search (here without the corner table) finds the same optimal length.
        // With each technique of the search on and off (FstSearchOptions).
        for (int o = 0; o < 40; ++o) {
            FstSearchOptions opt;
            opt.class_moves = (o & 1) != 0;
            opt.lazy_axes = (o & 2) != 0;
            opt.batch = (o & 4) != 0 ? 1 + i % 5 : 0;  // small batches: chunks split the levels
            opt.order_tasks = TaskOrder(o >> 3);  // off, score, prev, mix, deep
            CAPTURE(o);
            OptimalResult q = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
            REQUIRE(q.status == SOLVER_OK);
            CHECK(q.moves.size() == r.moves.size());
            CHECK(apply_moves(c, q.moves).is_solved());
        }
    }
}

TEST_CASE("CubeSymmetry.FstBatchPrefetchAndLazyInverseKeepTheSameSearch") {
    // lazy_inverse (the inverse axes one after another) and rows_first (the class rows of a
    // batch prefetched first) change only when memory is read: with each of them on and off the
    // batched search must expand exactly the same nodes and find the same optimal length (the
    // tasks run in a fixed order here). A lazy inverse axis that read the wrong axis's locations,
    // or skipped one, would change the nodes. Only when the flip-slice-twist table is cached.
    FstTable fst;
    if (!load_cached_fst(fst)) return;
    SmallReference ref;
    auto &ts = ref.ts;
    uint64_t rng = 20261126;
    for (int i = 0; i < 10; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 8 + i % 4, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        CAPTURE(format_moves(scramble));
        size_t len[2] = {0, 0};
        for (int b = 0; b < 2; ++b) {  // per batch size, both off (k = 0) is the reference
            CAPTURE(b);
            FstSearchOptions base;
            base.batch = b ? 3 : 16;  // small batches: chunks split the levels
            len[b] = cube_test::check_same_search(c, scramble.size(), nullptr, fst, &ts.sv, base, 4,
                                                  [](FstSearchOptions &opt, int k) {
                                                      opt.lazy_inverse = (k & 1) != 0;
                                                      opt.rows_first = (k & 2) != 0;
                                                  })
                         .len;
        }
        CHECK(len[0] == len[1]);
        CHECK(len[0] == ref.solve(c).moves.size());
    }
}

TEST_CASE("CubeSymmetry.FstInverseClassesCacheKeepsTheSameSearch") {
    // inverse_classes=cache finds the inverse lookups' classes through SliceClasses instead of
    // flipslice_class: the same entries, so every search path (batched with lazy_inverse on and
    // off, and depth first) must expand exactly the nodes of inverse_classes=table and find the
    // same optimal length. A wrong class or symmetry would give other table values, so other
    // nodes (or a wrong length). Only when a flip-slice-twist table with exact values is cached.
    FstTable fst;
    if (!load_cached_fst(fst)) return;
    if (!fst.exact_values()) {
        MESSAGE("skipped: the cached flip-slice-twist table has no inverse lookups");
        return;
    }
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 6006, all = 0;
    // Six scrambles at least, more while the nodes stay few (fstp2 expands fewer than fst4).
    for (int i = 0; i < 24 && (i < 6 || all <= 5000); ++i) {
        // Long enough scrambles that the search expands thousands of nodes (8-move ones: a few).
        const std::vector<int> scramble = random_scramble(rng, 14 + i % 2, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        CAPTURE(format_moves(scramble));
        size_t len = 0;
        for (int o = 0; o < 3; ++o) {  // batched with lazy_inverse on and off, depth first
            CAPTURE(o);
            FstSearchOptions base;
            base.batch = o == 2 ? 0 : 16;
            base.lazy_inverse = o == 0;
            const cube_test::SearchCount q = cube_test::check_same_search(
                c, scramble.size(), nullptr, fst, &ts.sv, base, 2,
                [](FstSearchOptions &opt, int k) { opt.inverse_classes = k == 1; });
            if (len == 0) len = q.len;
            CHECK(q.len == len);
            all += q.nodes;
        }
    }
    MESSAGE(all << " nodes expanded by each setting");
    CHECK(all > 5000);
}

TEST_CASE("CubeSymmetry.FstLazyCornersKeepTheSameSearch") {
    // lazy_corners skips the corner table's read for a child whose parent's corner distance (or
    // its upper bound) is at most lim - 2: such a child passes the corner test anyway, so the
    // batched search must expand exactly the nodes of lazy_corners=off (which reads every one)
    // and find the same optimal length. A skip one too generous (or a bound not carried along
    // the path) would let through children the corner table cuts: more nodes. Checked that the
    // corner table does cut here (fewer nodes than without it). Only when the flip-slice-twist
    // table and the corner table are cached.
    FstTable fst;
    if (!load_cached_fst(fst)) return;
    bool known = false;
    const Pattern cp8 = table_set("corners", known).at(0);
    const std::string path = user_cache_dir() + "/cube-" + cp8.name() + ".pdb";
    if (!std::filesystem::exists(path)) {
        MESSAGE("skipped: no cached corner table in " << user_cache_dir());
        return;
    }
    Pdb corners;
    std::string why;
    REQUIRE_MESSAGE(load_pdb(cp8, path, corners, why), why);
    cube_test::TestServices ts(cube_test::cache_dir());
    const uint64_t with = cube_test::check_same_search_on_scrambles(
        fst, &corners, &ts.sv, 1717, 6, [](FstSearchOptions &opt, bool on) { opt.lazy_corners = on; });
    // The same scrambles and batches without the corner table (one setting).
    const uint64_t without = cube_test::check_same_search_on_scrambles(
        fst, nullptr, &ts.sv, 1717, 6, [](FstSearchOptions &, bool) {}, 1);
    MESSAGE("nodes with the corner table " << with << ", without it " << without);
    CHECK(with < without);
}

TEST_CASE("CubeSymmetry.FstSearchWithAnEdgeTableStaysOptimal") {
    // edges=e7|e8 (FstSearchOptions::edges), here with the small 5-edge table instead of the
    // big ones: the answers keep their optimal length (the edge bound along the three axes is
    // admissible and the filter reads the right children's locations), and, with the tasks in
    // generation order, the extra bound only ever removes nodes. Only when the flip-slice-twist
    // table is already cached (it is never built by the tests).
    FstTable fst;
    if (!load_cached_fst(fst)) return;
    SmallReference ref;
    auto &ts = ref.ts;
    const Pdb *e5 = ref.small.at(1).get();  // e01234
    REQUIRE(!e5->pattern.corners);
    uint64_t rng = 4242, with = 0, without = 0;
    for (int i = 0; i < 16; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 8, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        const OptimalResult r = ref.solve(c);
        CAPTURE(format_moves(scramble));
        for (int o = 0; o < 4; ++o) {
            FstSearchOptions opt;
            opt.batch = (o & 1) ? 1 + i % 5 : 0;
            opt.order_tasks = TaskOrder::off;
            if (o & 2) opt.edges = e5;
            CAPTURE(o);
            OptimalResult q = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
            REQUIRE(q.status == SOLVER_OK);
            CHECK(q.moves.size() == r.moves.size());
            CHECK(apply_moves(c, q.moves).is_solved());
            (o & 2 ? with : without) += q.nodes;
        }
    }
    MESSAGE("nodes without the edge table " << without << ", with it " << with);
    CHECK(with < without);
}

TEST_CASE("CubeSymmetry.FstpTableHoldsTheParitySplitDistances") {
    // tables=fstp: the flip-slice-twist table split by the corner permutation's parity. Its
    // values are the BFS distances of that abstraction when every entry checked is 0 only at the
    // solved state, moves change it by at most one and a nonzero one has a neighbour one closer;
    // it is at least the fst4 value; it never exceeds the true distance, and the search over it
    // finds the optimal lengths. Only when the table is already cached (never built by the tests).
    const std::string dir = user_cache_dir();
    if (!std::filesystem::exists(dir + "/" + fst_file(4, 2))) {
        MESSAGE("skipped: no cached fstp table in " << dir);
        return;
    }
    FstTable fp, f4;
    std::string why;
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(4, 2), fp, why, 4, false, false, false, 2), why);
    const bool have4 = std::filesystem::exists(dir + "/" + fst_file(4)) && load_fst(dir + "/" + fst_file(4), f4, why, 4, false, false);
    auto value = [&](const CubieCube &c) {
        return fp.exact(get_flip(c), get_slice_sorted(c), get_twist(c), corner_parity(c));
    };
    CHECK(value(CubieCube::solved()) == 0);
    uint64_t rng = 777;
    int raised = 0;
    for (int i = 0; i < 300; ++i) {
        CubieCube c = CubieCube::solved();
        if (i % 3 == 0) {
            c = random_cube(rng);
        } else {
            const int len = i % 19;
            for (int k = 0; k < len; ++k) c = apply_move(c, int(cube_test::next_random(rng) % NMOVES));
        }
        const int v = value(c);
        CAPTURE(i);
        REQUIRE(v >= 0);
        REQUIRE(v < 15);
        const bool abstract_solved = get_flip(c) == 0 && get_slice_sorted(c) == 0 && get_twist(c) == 0 && corner_parity(c) == 0;
        CHECK((v == 0) == abstract_solved);
        bool closer = v == 0;
        for (int m = 0; m < NMOVES; ++m) {
            const int w = value(apply_move(c, m));
            CHECK(std::abs(w - v) <= 1);
            closer |= w == v - 1;
        }
        CHECK(closer);
        if (have4) {
            const int v4 = f4.exact(get_flip(c), get_slice_sorted(c), get_twist(c));
            CHECK(v >= v4);
            raised += v > v4;
        }
    }
    if (have4) MESSAGE(raised << " of 300 states above their fst4 value");
    SmallReference ref;
    auto &ts = ref.ts;
    for (int i = 0; i < 16; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 7, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        const OptimalResult r = ref.solve(c);
        CAPTURE(format_moves(scramble));
        unsigned d[3];
        CHECK(fst_bound(c, fp, d) <= r.moves.size());
        for (int o = 0; o < 4; ++o) {
            FstSearchOptions opt;
            opt.batch = (o & 1) ? 1 + i % 5 : 0;
            opt.class_moves = opt.lazy_axes = (o & 2) != 0 || opt.batch > 0;
            CAPTURE(o);
            OptimalResult q = solve_optimal_fst(c, nullptr, fp, &ts.sv, opt);
            REQUIRE(q.status == SOLVER_OK);
            CHECK(q.moves.size() == r.moves.size());
            CHECK(apply_moves(c, q.moves).is_solved());
        }
    }
}
