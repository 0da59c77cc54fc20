// frozengoals_test.cc -- frozen-goal deadlocks: boxes frozen on goals that seal other goals.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/frozengoals.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// The test as the search runs it after a push onto the goal at (row, column) of the map's
// initial position (dead squares off, so only the frozen boxes matter).
bool sealed_at(const std::string &map, int row, int column) {
    sokoban_test::Fixture fx(map);
    return fx.on_initial_box(row, column, [&](int cell) {
        FrozenGoalScratch s;
        s.init(fx.inst.board);
        const bool result = frozen_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(),
                                                 fx.scratch.boxes.data(), static_cast<int>(fx.scratch.boxes.size()),
                                                 cell, s);
        // The second call answers from the cache, with the same verdict.
        CHECK(frozen_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(),
                                   static_cast<int>(fx.scratch.boxes.size()), cell, s) == result);
        return result;
    });
}
} // namespace

TEST_CASE("Sokoban.FrozenGoals.FootOfAGoalColumnFilledFirst") {
    // The box on the goal at the foot of the one-wide goal column is frozen (walls left and
    // below), and a box can only go up the column with the player on that cell: sealed.
    const std::string map = "######\n"
                            "#.#  #\n"
                            "#.# $#\n"
                            "#.  $#\n"
                            "#*$ @#\n"
                            "######";
    CHECK(sealed_at(map, 4, 1));
}

TEST_CASE("Sokoban.FrozenGoals.ColumnFilledFromTheTop") {
    // The three boxes in the column are frozen together, but the last goal is still open to
    // the box beside it: no deadlock.
    const std::string map = "######\n"
                            "#*#  #\n"
                            "#*#  #\n"
                            "#*   #\n"
                            "#.$ @#\n"
                            "######";
    CHECK_FALSE(sealed_at(map, 3, 1));
}

TEST_CASE("Sokoban.FrozenGoals.BoxThatCanStillMove") {
    // Above an empty goal the box can still be pushed up the column: not frozen, no verdict.
    const std::string map = "######\n"
                            "#.#  #\n"
                            "#.# $#\n"
                            "#*  $#\n"
                            "#.$ @#\n"
                            "######";
    CHECK_FALSE(sealed_at(map, 3, 1));
}
