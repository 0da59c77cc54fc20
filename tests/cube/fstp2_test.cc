// tables=fstp2: the parity-split flip-slice-twist distances at 2 bits an entry (codes 0..2 for
// 9..11, code 3 for the rest, held in a side table or implied 12). The conversion and the side
// table on synthetic data always; against the cached 4-bit fstp table, and the search over the
// cached fstp2 table, only when those are cached (the tests never build or convert them).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {
using cube_test::random_scramble;
uint64_t next(uint64_t &rng) { return cube_test::next_random(rng); }
}  // namespace

TEST_CASE("CubeFstp2.WindowedEntriesDecodeToTheFourBitValues") {
    // Synthetic 4-bit entries: every value 0..14, clusters of low values in one bucket (a bucket
    // holding many side entries), an odd count (a padded last byte) and a bucket with none.
    const uint64_t n = 3 * 4096 + 4093;
    std::vector<uint8_t> four((n + 1) / 2, 0xff);
    std::vector<unsigned> want(n);
    uint64_t rng = 5;
    for (uint64_t i = 0; i < n; ++i) {
        unsigned v;
        if (i < 4096) v = unsigned(next(rng) % 15);             // all kinds
        else if (i < 8192) v = 9 + unsigned(next(rng) % 4);     // window and 12 only: no side entry
        else if (i < 12288) v = i % 7 == 0 ? 13 : 10;           // sparse side entries
        else v = unsigned(next(rng) % 9);                       // all low: a full side bucket
        want[i] = v;
        four[i >> 1] = uint8_t((four[i >> 1] & ~(15 << ((i & 1) * 4))) | (v << ((i & 1) * 4)));
    }
    FstTable t;
    t.bits = 2, t.par = 2, t.size = n;
    t.data = HugeBuffer((n * 2 + 7) / 8);
    std::string why;
    REQUIRE_MESSAGE(window_from4(four.data(), n, t.data.data(), t.side, why), why);
    REQUIRE(t.windowed());
    REQUIRE(t.exact_values());
    size_t side = 0;
    for (uint64_t i = 0; i < n; ++i) {
        CAPTURE(i);
        REQUIRE(t.value(i) == want[i]);
        const bool in_window = want[i] >= WINDOW_BASE && want[i] < WINDOW_BASE + 3;
        CHECK(t.get2(i) == (in_window ? want[i] - WINDOW_BASE : 3u));
        side += !in_window && want[i] != SideTable::ABSENT;
    }
    CHECK(t.side.ent.size() == side);
    CHECK(t.side.off[2] - t.side.off[1] == 0);  // the bucket of window values and 12s
    CHECK(t.side.off.size() == 5);              // 4 buckets and the end
    // An unreached entry is refused.
    four[100] = 0xff;
    SideTable s2;
    std::vector<uint8_t> out((n * 2 + 7) / 8);
    CHECK_FALSE(window_from4(four.data(), n, out.data(), s2, why));
}

TEST_CASE("CubeFstp2.ParentTellsCodeThreeEntriesWithoutTheSideTable") {
    // Entries 0..3 hold 8, 12, 4 and 13. With the side table emptied (every code-3 entry then
    // reads as 12 from it), child_value must still say 8 under an exact 9 and 12 under an exact
    // 11 (so it never asked the side table), give an upper bound below lim under a small parent,
    // and ask the side table otherwise.
    const uint64_t n = 8;
    const unsigned vals[n] = {8, 12, 4, 13, 9, 10, 11, 12};
    std::vector<uint8_t> four(n / 2);
    for (uint64_t i = 0; i < n; ++i) four[i >> 1] = uint8_t(four[i >> 1] | vals[i] << ((i & 1) * 4));
    FstTable t;
    t.bits = 2, t.par = 2, t.size = n;
    t.data = HugeBuffer(2);
    std::string why;
    REQUIRE(window_from4(four.data(), n, t.data.data(), t.side, why));
    bool up = true;
    CHECK(t.child_value(0, 9, false, 9, up) == 8);
    CHECK_FALSE(up);
    CHECK(t.child_value(2, 5, false, 9, up) == 6);  // 4..6 and at most 8: below 9, an upper bound
    CHECK(up);
    CHECK(t.child_value(2, 5, false, 6, up) == 4);  // the bound 6 needs the exact value
    CHECK_FALSE(up);
    CHECK(t.child_value(3, 12, false, 14, up) == 13);
    CHECK(t.child_value(4, 10, false, 11, up) == 9);
    t.side.ent.clear();
    std::fill(t.side.off.begin(), t.side.off.end(), 0u);
    CHECK(t.value(0) == 12);  // the side table is gone...
    CHECK(t.child_value(0, 9, false, 9, up) == 8);  // ...but the parent tells
    CHECK(t.child_value(1, 11, false, 12, up) == 12);
    CHECK_FALSE(up);
    CHECK(t.child_value(0, 9, true, 9, up) == 8);   // at most 10, so at most 8: below 9
    CHECK(up);
    CHECK(t.child_value(0, 9, true, 8, up) == 12);  // an upper-bound parent does not tell 8 from 12
}

TEST_CASE("CubeFstp2.CachedTableMatchesFstpAndSolvesOptimally") {
    // Only where both cube-fstp4.pdb and cube-fstp2.pdb are cached (the 2-bit one is made by the
    // first `--option tables=fstp2` solve): every entry the search reaches along random walks
    // decodes to the 4-bit value; saved and loaded it is the same; the search over it finds the
    // optimal lengths with the same node counts as over the 4-bit table.
    const std::string dir = cube_test::user_cache_dir();
    if (!std::filesystem::exists(dir + "/" + fst_file(4, 2)) || !std::filesystem::exists(dir + "/" + fst_file(2, 2))) {
        MESSAGE("skipped: no cached fstp and fstp2 tables in " << dir);
        return;
    }
    FstTable f2, f4;
    std::string why;
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(2, 2), f2, why, 2, true, false, false, 2), why);
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(4, 2), f4, why, 4, false, false, false, 2), why);
    REQUIRE(f2.windowed());
    REQUIRE(f2.size == f4.size);
    uint64_t rng = 2026, checked = 0, side = 0;
    for (int walk = 0; walk < 400; ++walk) {
        CubieCube c = walk % 4 == 0 ? random_cube(rng) : CubieCube::solved();
        for (int k = 0; k < 24; ++k) {
            for (int a = 0; a < 3; ++a) {
                const CubieCube v = a == 0 ? c : urf_conjugate(c, a);
                for (const CubieCube &w : {v, v.inverse()}) {
                    const uint64_t i = f4.index(get_flip(w), get_slice_sorted(w), get_twist(w), corner_parity(w));
                    CAPTURE(i);
                    REQUIRE(f2.value(i) == f4.get4(i));
                    ++checked, side += f2.get2(i) == 3;
                }
            }
            c = apply_move(c, int(next(rng) % NMOVES));
        }
    }
    // Random indexes as well (most are 9..11).
    for (int k = 0; k < 200000; ++k) {
        const uint64_t i = (uint64_t(next(rng)) << 31 ^ next(rng)) % f4.size;
        REQUIRE(f2.value(i) == f4.get4(i));
    }
    MESSAGE(checked << " entries along walks checked, " << side << " of them from the side table or 12");
    CHECK(side > 0);

    cube_test::TestServices ts(cube_test::cache_dir());
    for (int i = 0; i < 12; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 9 + i % 4, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        CAPTURE(format_moves(scramble));
        FstSearchOptions opt;  // batched, depth-first, and depth-first with every axis read
        opt.batch = i % 3 == 0 ? 16 : 0;
        opt.lazy_axes = i % 3 != 2;
        OptimalResult r4 = solve_optimal_fst(c, nullptr, f4, &ts.sv, opt);
        OptimalResult r2 = solve_optimal_fst(c, nullptr, f2, &ts.sv, opt);
        FstSearchOptions noparent;
        noparent.window_parent = false;
        noparent.batch = i % 2 ? 0 : 16;  // and the depth-first search
        OptimalResult r3 = solve_optimal_fst(c, nullptr, f2, &ts.sv, noparent);
        OptimalResult r5 = solve_optimal_fst(c, nullptr, f4, &ts.sv, noparent);
        REQUIRE(r3.status == SOLVER_OK);
        CHECK(r3.moves.size() == r4.moves.size());
        CHECK(r3.nodes == r5.nodes);
        REQUIRE(r4.status == SOLVER_OK);
        REQUIRE(r2.status == SOLVER_OK);
        CHECK(apply_moves(c, r2.moves).is_solved());
        CHECK(r2.moves.size() == r4.moves.size());
        CHECK(r2.nodes == r4.nodes);  // exact values: the same search
        CHECK(r2.moves.size() <= scramble.size());
    }
}
