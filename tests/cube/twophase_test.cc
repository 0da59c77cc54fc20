// Coordinates and Kociemba's two-phase solver: valid solutions within max_length.
#include <doctest/doctest.h>

#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/twophase.h"

using namespace cube;

TEST_CASE("CubeCoordinates.RoundTrip") {
    CubieCube c = CubieCube::solved();
    CHECK(get_twist(c) == 0);
    CHECK(get_flip(c) == 0);
    CHECK(get_slice(c) == 0);
    CHECK(get_corner_perm(c) == 0);
    CHECK(get_ud_edges(c) == 0);
    CHECK(get_slice_perm(c) == 0);
    for (int v = 0; v < 2187; v += 7) {
        set_twist(c, v);
        CHECK(get_twist(c) == v);
    }
    for (int v = 0; v < 2048; v += 5) {
        set_flip(c, v);
        CHECK(get_flip(c) == v);
    }
    for (int v = 0; v < 495; ++v) {
        set_slice(c, v);
        CHECK(get_slice(c) == v);
    }
    for (int v = 0; v < 40320; v += 13) {
        set_corner_perm(c, v);
        CHECK(get_corner_perm(c) == v);
    }
    for (int v = 0; v < 40320; v += 13) {
        set_ud_edges(c, v);
        CHECK(get_ud_edges(c) == v);
    }
    for (int v = 0; v < 24; ++v) {
        set_slice_perm(c, v);
        CHECK(get_slice_perm(c) == v);
    }
}

TEST_CASE("CubeTwoPhase.RandomCubesWithin20") {
    uint64_t rng = 2024;
    for (int i = 0; i < 8; ++i) {
        CubieCube c = random_cube(rng);
        TwoPhaseResult r = solve_two_phase(c, 20, {});
        REQUIRE(r.found);
        CHECK(r.moves.size() <= 20);
        CHECK(apply_moves(c, r.moves).is_solved());
    }
}

TEST_CASE("CubeTwoPhase.ShortScramblesAndTightLimits") {
    std::vector<int> m;
    ParseFailure f;
    REQUIRE(parse_moves("R U R' U' F2 D", m, f));
    CubieCube c = apply_moves(CubieCube::solved(), m);
    TwoPhaseResult r = solve_two_phase(c, 6, {});
    REQUIRE(r.found);
    CHECK(r.moves.size() <= 6);
    CHECK(apply_moves(c, r.moves).is_solved());
    CHECK(solve_two_phase(CubieCube::solved(), 20, {}).moves.empty());
    // Below the optimum nothing can be found.
    CHECK_FALSE(solve_two_phase(c, 3, {}).found);
    // A stop request is honoured.
    int calls = 0;
    uint64_t rng = 5;
    TwoPhaseResult s = solve_two_phase(random_cube(rng), 14, [&] { return ++calls > 0; });
    CHECK((s.stopped || s.found));
}
