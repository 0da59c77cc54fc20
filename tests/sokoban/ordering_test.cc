// ordering_test.cc -- the portfolio's move ordering (ordering.h): which box a push moved, and
// the rank that orders ties.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/ordering.h"
#include "test_util.h"

using namespace sokoban;

TEST_CASE("Sokoban.Ordering.PushedToFindsTheBoxThatArrived") {
    const std::string map = "#######\n"
                            "#@    #\n"
                            "# $$ .#\n"
                            "#    .#\n"
                            "#     #\n"
                            "#######";
    sokoban_test::Fixture fx(map);
    const std::vector<uint8_t> s = fx.initial();
    const auto kids = sokoban_test::children(fx.inst, fx.scratch, s);
    REQUIRE(kids.size() >= 2);
    const int bytes = static_cast<int>(fx.inst.state_size - 2);
    for (const auto &k : kids) {
        const int from = static_cast<int>(k.move / 4), d = static_cast<int>(k.move % 4);
        CHECK(pushed_to(s.data() + 2, k.state.data() + 2, bytes) == fx.inst.board.nb[from][d]);
    }
    CHECK(pushed_to(s.data() + 2, s.data() + 2, bytes) == NO_CELL);
}

TEST_CASE("Sokoban.Ordering.RankPrefersTheSameBoxThenGoals") {
    const std::string map = "#######\n"
                            "#@$ $.#\n"
                            "#    .#\n"
                            "#######";
    sokoban_test::Fixture fx(map);
    const Board &b = fx.inst.board;
    const int a = fx.cell(1, 2), c = fx.cell(1, 4), goal = fx.cell(1, 5);
    // The box pushed last (now on c) pushed on onto the goal: best; the same box elsewhere next.
    CHECK(push_rank(b, c, c, goal) == 0);
    CHECK(push_rank(b, c, c, fx.cell(2, 4)) == 1);
    // Another box: onto a goal before anything else.
    CHECK(push_rank(b, a, c, goal) == 2);
    CHECK(push_rank(b, c, a, fx.cell(1, 3)) == 3);
    // At the root no box was pushed last.
    CHECK(push_rank(b, NO_CELL, c, goal) == 2);
    CHECK(push_rank(b, NO_CELL, a, fx.cell(2, 2)) == 3);
}
