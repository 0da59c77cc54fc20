// fess_open_test.cc -- FESS's opener advisor (fessopen=off|on|t0|t1, fess.h, session 18): the
// option, the live-push count it compares on a hand-made board, and its search's solution
// replayed by the independent checker.
#include <doctest/doctest.h>

#include <string>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/ordering.h" // NO_CELL
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::FessSearch;
using sokoban_test::Fixture;

// Two boxes side by side under the top row; the goals at the right end of the two upper rows.
// The bottom row and the left column are dead squares (a box there can never reach a goal).
const std::string kTwoBoxes = "#######\n"
                              "#@   .#\n"
                              "# $$ .#\n"
                              "#     #\n"
                              "#######";

void set_box(std::vector<uint8_t> &state, int c, bool on) {
    uint8_t &byte = state[2 + c / 8];
    const uint8_t bit = static_cast<uint8_t>(1u << (c % 8));
    byte = static_cast<uint8_t>(on ? byte | bit : byte & ~bit);
}

} // namespace

TEST_CASE("Sokoban.FessOpen.OptionParses") {
    CHECK(sokoban::Options{}.fessopen == 3); // t1 by default (session 18)
    sokoban_test::check_choices("fessopen", &sokoban::Options::fessopen, {{"off", 0}, {"on", 1}, {"t0", 2}, {"t1", 3}},
                                {"1", "t2"});
    // The one thread rule fessrooms and fessopen share (portfolio.cc, the FESS driver).
    for (bool thread0 : {true, false}) {
        CHECK_FALSE(sokoban::fess_on_thread(0, thread0));
        CHECK(sokoban::fess_on_thread(1, thread0));
        CHECK(sokoban::fess_on_thread(2, thread0) == thread0);
        CHECK(sokoban::fess_on_thread(3, thread0) == !thread0);
    }
}

TEST_CASE("Sokoban.FessOpen.CountsTheOtherBoxesLivePushes") {
    sokoban::Options o;
    o.fessopen = 1;
    Fixture fx(kTwoBoxes, o);
    FessSearch search(fx.inst, 64u << 20);
    const int a = fx.cell(2, 2), b = fx.cell(2, 3);
    std::vector<uint8_t> s = fx.initial();
    // At the start each box has one live push, up (down and left are dead squares, the other
    // box stops the rest: b's push right needs the player on a's cell).
    CHECK(search.live_pushes(s.data(), sokoban::NO_CELL) == 2);
    CHECK(search.live_pushes(s.data(), b) == 1); // a's, b left out
    // b pushed up to (1,3): a can now go right as well (the player reaches (2,1)): the other
    // boxes' pushes rose from 1 to 2, so the push is an opener (costs 0).
    set_box(s, b, false);
    set_box(s, fx.cell(1, 3), true);
    CHECK(search.live_pushes(s.data(), fx.cell(1, 3)) == 2);
    // Back, then a pushed up to (1,2) instead: b gains left and right (3 pushes against 1).
    s = fx.initial();
    set_box(s, a, false);
    set_box(s, fx.cell(1, 2), true);
    CHECK(search.live_pushes(s.data(), fx.cell(1, 2)) == 3);
    // A box on a goal is not counted (it needs no push).
    set_box(s, fx.cell(1, 2), false);
    set_box(s, fx.cell(1, 5), true);
    CHECK(search.live_pushes(s.data(), sokoban::NO_CELL) == 3);
}

TEST_CASE("Sokoban.FessOpen.SolvesAndChangesTheSearch") {
    // With the advisor on FESS still solves, and the checker replays the solution; on Microban
    // level 60 (fast; 293 against 164) the search expands a different number of states than
    // without it, so the advisor takes part.
    for (const std::string &text : {kTwoBoxes, solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 60)}) {
        uint64_t expanded[2] = {0, 0};
        for (int on = 0; on < 2; ++on) {
            sokoban::Options opt;
            opt.fessopen = on;
            Fixture fx(text, opt);
            FessSearch search(fx.inst, 256u << 20);
            REQUIRE(search.run(2000000, {}) == FessSearch::Status::solved);
            expanded[on] = search.expanded();
            sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
        }
        MESSAGE("FESS expansions, fessopen=off " << expanded[0] << ", on " << expanded[1]);
        if (text != kTwoBoxes) CHECK(expanded[0] != expanded[1]);
    }
}

TEST_CASE("Sokoban.FessOpen.RegionsCountEqualsTheFlood") {
    // Session 19: run() counts a child's live pushes over fess_features' regions (the region
    // of the player's cell) instead of a flood of its own. On every state a FESS search makes
    // on a Microban level with the advisor on, the two counts agree, with no box left out and
    // with each box left out in turn (a box's cell keeps a stale region number there).
    sokoban::Options o;
    o.fessopen = 1;
    const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 60);
    Fixture fx(text, o);
    FessSearch search(fx.inst, 64u << 20);
    REQUIRE(search.run(1000000, {}) == FessSearch::Status::solved);
    REQUIRE(search.states() > 200);
    uint64_t compared = 0, nonzero = 0;
    for (size_t i = 0; i < search.states(); ++i) {
        const uint8_t *st = search.state(static_cast<uint32_t>(i));
        std::vector<int> excepts{sokoban::NO_CELL};
        for (int c = 0; c < fx.inst.board.n; ++c)
            if ((st[2 + c / 8] >> (c % 8)) & 1) excepts.push_back(c);
        for (int e : excepts) {
            const uint32_t flood = search.live_pushes(st, e);
            CHECK(search.live_pushes_by_regions(st, e) == flood);
            ++compared;
            nonzero += flood != 0;
        }
    }
    MESSAGE("opener counts compared: " << compared << " (" << nonzero << " not 0) over " << search.states() << " states");
}
