// fess_owe_test.cc -- session 33: FESS's packing macro fills a goal with a box the others can
// spare (fessowe=off|on|t0|t1, fess.h): the option, a hand level where the nearest box is the
// wrong one (counted by hand), and FESS solving with it, replayed by the checker.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"

namespace {

// Two rooms joined by one corridor cell, the goal gC (3,4); the other goal, gL (6,2), is in the
// lower room. The upper box B (2,2) reaches gC (pushed right twice, then down: 3 pushes) and,
// through it, gL; the lower box A (5,4) reaches gC (pushed up twice from (6,4): 2 pushes) and
// gL (down once from (4,4), left twice from (6,5): 3 pushes). The player walks between the rooms
// also by (3,7) (3,8) (4,8), a bend no box passes. Packing order (by hand, every rule of the
// defaults): with both goals standing, gC's box is pulled up to B's start cell or down to A's,
// gL's box right and up to A's, so both come free in the first round: one layer.
// The plain macro takes the nearest box, A, onto gC: then B is shut in the upper room (no goal
// there) -- a wrong choice. fessowe: A onto gC leaves B without a goal (gC a wall), so it is
// refused; A onto gL (its other goal of the layer) leaves B gC: taken.
const std::string kCorridor = "##########\n"
                              "#       ##\n"
                              "# $     ##\n"
                              "####.##  #\n"
                              "#      # #\n"
                              "#   $    #\n"
                              "# .      #\n"
                              "#       @#\n"
                              "##########\n";

bool has_box(const sokoban::FessSearch &s, uint32_t i, int c) { return (s.state(i)[2 + (c >> 3)] >> (c & 7)) & 1; }

// Some state of the search has boxes on exactly the cells a and b.
bool made(const sokoban::FessSearch &s, const sokoban::Board &board, int a, int b) {
    for (uint32_t i = 0; i < s.states(); ++i) {
        int boxes = 0;
        for (int c = 0; c < board.n; ++c) boxes += has_box(s, i, c);
        if (boxes == 2 && has_box(s, i, a) && has_box(s, i, b)) return true;
    }
    return false;
}

} // namespace

TEST_CASE("Sokoban.FessOwe.OptionParses") {
    CHECK(sokoban::Options{}.fessowe == 0); // off by default (the lead decides after a sweep)
    sokoban_test::check_choices("fessowe", &sokoban::Options::fessowe, {{"off", 0}, {"on", 1}, {"t0", 2}, {"t1", 3}},
                                {"1", "all", ""});
}

TEST_CASE("Sokoban.FessOwe.SolvesAndReplays.TheNearestBoxIsRefusedForTheOwedOne") {
    for (int owe : {0, 1}) {
        CAPTURE(owe);
        sokoban::Options o;
        o.fessowe = owe;
        sokoban_test::Fixture fx(kCorridor, o);
        const sokoban::Board &b = fx.inst.board;
        const int gC = fx.cell(3, 4), gL = fx.cell(6, 2), boxB = fx.cell(2, 2);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        REQUIRE(search.order() != nullptr);
        CHECK(search.order()->layer[gC] == 0); // one layer (by hand, above)
        CHECK(search.order()->layer[gL] == 0);
        CHECK(search.owe() == (owe == 1));
        // The root's expansion: its plain children push one cell; the macro child moves A 2 or 3.
        REQUIRE(search.run(1, {}) == sokoban::FessSearch::Status::running);
        CHECK(search.macros() == 1);
        if (owe == 0) {
            CHECK(made(search, b, boxB, gC)); // A onto gC: the nearest box, B shut in
            CHECK_FALSE(made(search, b, boxB, gL));
        } else {
            CHECK_FALSE(made(search, b, boxB, gC));
            CHECK(made(search, b, boxB, gL)); // A onto gL, gC left to B
            CHECK(search.owe_tests() == 2);   // A onto gC, then A onto gL
            CHECK(search.owe_skips() == 1);
        }
        REQUIRE(search.run(1000, {}) == sokoban::FessSearch::Status::solved);
        sokoban_test::check_moves_replay(kCorridor, sokoban_test::fess_moves(search, fx));
    }
}

TEST_CASE("Sokoban.FessOwe.SolvesAndReplays.OneThreadAndMicroban7_42_83") {
    // set_owe: t0|t1 in the portfolio's wiring; off in the options, on here.
    sokoban::Options off;
    sokoban_test::Fixture fx(kCorridor, off);
    sokoban::FessSearch search(fx.inst, 64u << 20);
    CHECK_FALSE(search.owe());
    search.set_owe(true);
    CHECK(search.owe());
    REQUIRE(search.run(1000, {}) == sokoban::FessSearch::Status::solved);
    CHECK(search.owe_skips() == 1);
    sokoban_test::check_moves_replay(kCorridor, sokoban_test::fess_moves(search, fx));
    // FESS with it on solves Microban 7 42 83, each answer replayed by the checker.
    sokoban::Options on;
    on.fessowe = 1;
    sokoban_test::fess_solves_microban_7_42_83(on, [](const sokoban::FessSearch &s) { CHECK(s.owe()); });
}
