// Move algebra at the cubie level, checked against facelets: orders, inverses, and every
// move's facelet permutation against the independent 3-D sticker model in cube_checker.cc
// and a hand-written permutation for U and R.
#include <doctest/doctest.h>

#include "../../plugins/cube/cube.h"
#include "cube_checker.h"

using namespace cube;

TEST_CASE("CubeMoves.QuarterTurnHasOrderFour") {
    for (int f = 0; f < 6; ++f) {
        CubieCube c = CubieCube::solved();
        for (int k = 1; k <= 4; ++k) {
            c = apply_move(c, f * 3);
            CHECK(c.is_solved() == (k == 4));
        }
    }
}

TEST_CASE("CubeMoves.RUHasOrder105") {
    CubieCube c = CubieCube::solved();
    int order = 0;
    do {
        c = apply_move(apply_move(c, 3), 0);  // R then U
        ++order;
    } while (!c.is_solved() && order < 1000);
    CHECK(order == 105);
}

TEST_CASE("CubeMoves.ScrambleThenInverseIsSolved") {
    uint64_t rng = 7;
    for (int trial = 0; trial < 50; ++trial) {
        std::vector<int> seq, inv;
        for (int i = 0; i < 25; ++i) seq.push_back(int(random_cube(rng).cp[0] * 7 + i) % NMOVES);
        for (auto it = seq.rbegin(); it != seq.rend(); ++it) inv.push_back(inverse_move(*it));
        CubieCube c = apply_moves(CubieCube::solved(), seq);
        CHECK(apply_moves(c, inv).is_solved());
        CHECK((c * c.inverse()).is_solved());
        CHECK((c.inverse() * c).is_solved());
    }
}

TEST_CASE("CubeMoves.EveryMoveMatchesTheStickerModel") {
    for (int m = 0; m < NMOVES; ++m) {
        CAPTURE(move_name(m));
        std::string f = cube_checker::SOLVED;
        REQUIRE(cube_checker::apply(f, move_name(m)));
        CHECK(to_facelets(move_cube(m)) == f);
    }
    // And on a scrambled cube: composition agrees too.
    uint64_t rng = 11;
    CubieCube c = random_cube(rng);
    for (int m = 0; m < NMOVES; ++m) {
        std::string f = to_facelets(c);
        REQUIRE(cube_checker::apply(f, move_name(m)));
        CHECK(to_facelets(apply_move(c, m)) == f);
    }
}

TEST_CASE("CubeMoves.HandWrittenFaceletPermutationsOfUAndR") {
    // Label every sticker with a distinct character, turn, compare with the permutation by hand:
    // after[i] = before[src[i]].
    std::string before(54, ' ');
    for (int i = 0; i < 54; ++i) before[i] = char(33 + i);
    // U: U face turns clockwise; top rows cycle F -> L -> B -> R -> F.
    int srcU[54];
    for (int i = 0; i < 54; ++i) srcU[i] = i;
    const int uface[9] = {6, 3, 0, 7, 4, 1, 8, 5, 2};
    for (int i = 0; i < 9; ++i) srcU[i] = uface[i];
    for (int k = 0; k < 3; ++k) {
        srcU[36 + k] = 18 + k;  // L top row <- F top row
        srcU[45 + k] = 36 + k;  // B <- L
        srcU[9 + k] = 45 + k;   // R <- B
        srcU[18 + k] = 9 + k;   // F <- R
    }
    // R: R face clockwise; the right columns cycle F -> U -> B -> D -> F.
    int srcR[54];
    for (int i = 0; i < 54; ++i) srcR[i] = i;
    for (int i = 0; i < 9; ++i) srcR[9 + i] = 9 + uface[i];
    const int ucol[3] = {2, 5, 8}, fcol[3] = {20, 23, 26}, dcol[3] = {29, 32, 35}, bcol[3] = {51, 48, 45};
    for (int k = 0; k < 3; ++k) {
        srcR[ucol[k]] = fcol[k];  // U right column <- F right column
        srcR[bcol[k]] = ucol[k];  // B left column (bottom to top) <- U
        srcR[dcol[k]] = bcol[k];  // D right column <- B
        srcR[fcol[k]] = dcol[k];  // F <- D
    }
    std::string afterU(54, ' '), afterR(54, ' ');
    for (int i = 0; i < 54; ++i) afterU[i] = before[srcU[i]], afterR[i] = before[srcR[i]];
    CHECK(cube_checker::turn(before, 0) == afterU);
    CHECK(cube_checker::turn(before, 1) == afterR);
    // The cubie model: turning a cube whose facelets are a known position.
    CHECK(to_facelets(move_cube(0)) == [&] {
        std::string s = cube_checker::SOLVED, r(54, ' ');
        for (int i = 0; i < 54; ++i) r[i] = s[srcU[i]];
        return r;
    }());
}

TEST_CASE("CubeMoves.NamesAndParsing") {
    std::vector<int> m;
    ParseFailure f;
    REQUIRE(parse_moves("R U R' U' F2 D U1 U3 B2", m, f));
    CHECK(format_moves(m) == "R U R' U' F2 D U U' B2");
    CHECK_FALSE(parse_moves("R U X", m, f));
    CHECK(f.offset == 4);
    CHECK_FALSE(parse_moves("R U4", m, f));
    CHECK(f.offset == 3);
    REQUIRE(parse_moves("", m, f));
    CHECK(m.empty());
}
