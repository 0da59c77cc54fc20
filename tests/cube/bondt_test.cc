// bondt=on and nextmove=on (session 35): M. de Bondt's rule on the flip-slice-twist (fst4) values
// and the next-move rule, both on the parity-split table's values. The rule's function always;
// the facts the rules stand on (no bound above a scramble's length; a move on a view's axis keeps
// that inverse view's entry, or gives its twin) and the search with them only where
// cube-fstp2.pdb is cached (the tests never build it: 6.7 G entries). The searches are
// single-threaded: the cases named CubeBondt.Search.* (one glob for them all).
#include <doctest/doctest.h>

#include <filesystem>

#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/pdb.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/third.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {

bool load_cached_fstp2_table(FstTable &fst) {
    const std::string dir = cube_test::user_cache_dir(), path = dir + "/" + fst_file(2, 2);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        MESSAGE("skipped: no cached fstp2 table in " << dir);
        return false;
    }
    std::string why;
    REQUIRE_MESSAGE(load_fst(path, fst, why, 2, false, PAGES_SHARED, false, 2), why);
    return true;
}

// The fstp2 entry of c seen along axis a (inverse: of c's inverse seen along axis a).
uint64_t view_entry(const FstTable &fst, const CubieCube &c, int a, bool inverse) {
    const CubieCube v = a == 0 ? c : urf_conjugate(c, a);
    const CubieCube w = inverse ? v.inverse() : v;
    return fst.index(get_flip(w), get_slice_sorted(w), get_twist(w), corner_parity(w));
}

// The move m' that move m becomes along axis a (urf_conjugate(m, a) = m'), -1 if none.
int axis_move(int a, int m) {
    const CubieCube x = urf_conjugate(move_cube(m), a);
    for (int k = 0; k < NMOVES; ++k)
        if (move_cube(k) == x) return k;
    return -1;
}

}  // namespace

TEST_CASE("CubeBondt.RuleGivesOneMoreForThreeEqualValues") {
    // Three equal values x (not 0) on one side: x + 1; otherwise the max.
    CHECK(bondt_rule(10, 10, 10) == 11);
    CHECK(bondt_rule(11, 11, 11) == 12);
    CHECK(bondt_rule(1, 1, 1) == 2);
    CHECK(bondt_rule(10, 11, 10) == 11);
    CHECK(bondt_rule(11, 10, 10) == 11);
    CHECK(bondt_rule(9, 10, 11) == 11);
    CHECK(bondt_rule(12, 11, 11) == 12);
    CHECK(bondt_rule(0, 0, 0) == 0);  // solved along all three: no move needed
    CHECK(bondt_rule(0, 1, 0) == 1);
}

TEST_CASE("CubeBondt.Search.RulesHoldOnTheCachedTable") {
    // Only where cube-fstp2.pdb is cached. (1) Along random scrambles of 1-20 moves, the fst4
    // value of each of the six views (fst4_value: the smaller parity entry) with de Bondt's rule
    // per side never exceeds the scramble's length (it bounds the distance, which is at most
    // that), and fst4_value is the min of the two parities' exact distances. (2) For every move
    // that turns view a's U or D face, the child's inverse view a is the parent's entry (a half
    // turn) or its twin (a quarter turn: the parity changes), which is what the next-move rule
    // and the inverse side of de Bondt's rule stand on.
    FstTable fst;
    if (!load_cached_fstp2_table(fst)) return;
    uint64_t rng = 3501;
    int checked = 0, plus = 0;
    for (int i = 0; i < 400; ++i) {
        const int len = 1 + i % 20;
        const std::vector<int> s = cube_test::random_scramble(rng, len, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        unsigned f[6];
        for (int v = 0; v < 6; ++v) {
            const uint64_t e = view_entry(fst, c, v % 3, v >= 3);
            f[v] = fst4_value(fst, e);
            if (i < 24) {
                const CubieCube w0 = v % 3 == 0 ? c : urf_conjugate(c, v % 3);
                const CubieCube w = v >= 3 ? w0.inverse() : w0;
                const int p0 = fst.exact(get_flip(w), get_slice_sorted(w), get_twist(w), 0);
                const int p1 = fst.exact(get_flip(w), get_slice_sorted(w), get_twist(w), 1);
                CHECK(int(f[v]) == std::min(p0, p1));
            }
        }
        const unsigned b = std::max(bondt_rule(f[0], f[1], f[2]), bondt_rule(f[3], f[4], f[5]));
        CHECK(b <= unsigned(len));
        plus += b > *std::max_element(f, f + 6);
        ++checked;
    }
    MESSAGE(checked << " scrambles, the rule added one on " << plus);
    CHECK(plus > 0);
    int kept = 0;
    for (int i = 0; i < 40; ++i) {
        const CubieCube c = random_cube(rng);
        for (int a = 0; a < 3; ++a) {
            const uint64_t e = view_entry(fst, c, a, true);
            for (int m = 0; m < NMOVES; ++m) {
                const int k = axis_move(a, m);
                REQUIRE(k >= 0);
                if (move_face(k) % 3 != 0) continue;  // not a U or D turn along axis a
                const uint64_t ec = view_entry(fst, apply_move(c, m), a, true);
                CHECK(ec == (move_power(k) == 2 ? e : e ^ 1));
                ++kept;
            }
        }
    }
    CHECK(kept == 40 * 3 * 6);
}

TEST_CASE("CubeBondt.Search.SameLengthsOnScrambles") {
    // Only where cube-fstp2.pdb is cached (with the corner and third tables when they are too):
    // scrambles of 1-12 moves, and 14-15, and level 16 of puzzles/cube/optimal.txt (distance 16),
    // solved in batches of 16 and of 3 with the tasks in a fixed order (level 16: in batches of
    // 16, the default order), with neither rule, bondt, nextmove and both: every answer replayed, the same
    // (optimal) length; nextmove expands exactly the nodes without it (it only skips children
    // that would fail their inverse lookup) and generates no more children; bondt no more nodes.
    FstTable fst;
    if (!load_cached_fstp2_table(fst)) return;
    const std::string dir = cube_test::user_cache_dir();
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    std::string why;
    std::error_code ec;
    ThirdTable third;
    const bool have_third = std::filesystem::exists(dir + "/" + third_file(), ec) &&
                            load_third(dir + "/" + third_file(), third, why, false, PAGES_SHARED, false);
    const std::string tables = std::string("corner table ") + (have_corners ? "used" : "absent") + ", third table " +
                               (have_third ? "used" : "absent");
    MESSAGE(tables);
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 3502, nodes[4] = {}, gen[4] = {}, cuts = 0;
    for (int i = 0; i < 29; ++i) {
        const int len = i < 24 ? 1 + i % 12 : 14 + i % 2;
        std::vector<int> s = cube_test::random_scramble(rng, len, NMOVES);
        if (i == 28) s = cube_test::level16_moves();  // level 16: 16 moves
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        FstSearchOptions base;
        base.batch = i % 2 ? 3 : 16;
        base.order_tasks = i == 28 ? TaskOrder::score : TaskOrder::off;
        if (have_third && i % 4 < 2) base.third = &third, base.third_gather = 16, base.third_reuse = true;
        OptimalResult r[4];
        for (int k = 0; k < 4; ++k) {
            CAPTURE(k);
            FstSearchOptions opt = base;
            opt.bondt = k & 1;
            opt.nextmove = k & 2;
            r[k] = solve_optimal_fst(c, have_corners ? &corners : nullptr, fst, &ts.sv, opt);
            REQUIRE(r[k].status == SOLVER_OK);
            CHECK(apply_moves(c, r[k].moves).is_solved());
            CHECK(r[k].moves.size() <= s.size());
            CHECK(r[k].moves.size() == r[0].moves.size());
            nodes[k] += r[k].nodes, gen[k] += r[k].generated;
        }
        CHECK(r[2].nodes == r[0].nodes);
        CHECK(r[3].nodes == r[1].nodes);
        CHECK(r[2].generated <= r[0].generated);
        if (i < 28) CHECK(r[1].nodes <= r[0].nodes);
        if (i == 28) CHECK(r[0].moves.size() == 16);
        cuts += r[1].bondt_cuts;
    }
    MESSAGE("nodes (generated): off " << nodes[0] << " (" << gen[0] << "), bondt " << nodes[1] << " (" << gen[1]
                                      << "), nextmove " << nodes[2] << " (" << gen[2] << "), both " << nodes[3] << " ("
                                      << gen[3] << "); bondt cut " << cuts);
    CHECK(cuts > 0);
    CHECK(gen[2] < gen[0]);
}
