// freeze_test.cc -- freeze deadlocks: frozen and not-frozen cases, chains and the 2x2 block.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/freeze.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// Is the box at (row, column) of the map's initial position part of a frozen group with a box
// off a goal? dead squares on or off.
bool frozen_at(const std::string &map, int row, int column, bool use_dead) {
    Options o;
    o.deadsquares = use_dead;
    sokoban_test::Fixture fx(map, o);
    return fx.on_initial_box(row, column, [&](int cell) {
        return freeze_deadlock(fx.inst.board, use_dead ? fx.inst.dead.data() : nullptr, fx.scratch.occ.data(), cell);
    });
}
} // namespace

TEST_CASE("Sokoban.Freeze.PairAgainstAWall") {
    const std::string map = "########\n"
                            "#@ $$  #\n"
                            "#      #\n"
                            "#..    #\n"
                            "########";
    CHECK(frozen_at(map, 1, 3, false));
    CHECK(frozen_at(map, 1, 4, false));
}

TEST_CASE("Sokoban.Freeze.SingleBoxAgainstAWallCanSlide") {
    const std::string map = "#######\n"
                            "#@ $  #\n"
                            "#     #\n"
                            "#.    #\n"
                            "#######";
    CHECK_FALSE(frozen_at(map, 1, 3, false));
    // With dead squares the whole top row is dead, so sliding along it is no way out.
    CHECK(frozen_at(map, 1, 3, true));
}

TEST_CASE("Sokoban.Freeze.TwoByTwoBlock") {
    const std::string map = "########\n"
                            "#@     #\n"
                            "#  $$  #\n"
                            "#  $$  #\n"
                            "#....  #\n"
                            "#      #\n"
                            "########";
    CHECK(frozen_at(map, 2, 3, false));
    CHECK(frozen_at(map, 3, 4, false));
    // Three boxes of the square only: the lone corner box can still move.
    const std::string three = "########\n"
                              "#@     #\n"
                              "#  $$  #\n"
                              "#  $   #\n"
                              "#...   #\n"
                              "#      #\n"
                              "########";
    CHECK_FALSE(frozen_at(three, 2, 3, false));
}

TEST_CASE("Sokoban.Freeze.FrozenOnGoalsIsFine") {
    const std::string block = "########\n"
                              "#@     #\n"
                              "#  **  #\n"
                              "#  **  #\n"
                              "#      #\n"
                              "########";
    CHECK_FALSE(frozen_at(block, 2, 3, false));
    const std::string corner = "#####\n"
                               "#*  #\n"
                               "#  @#\n"
                               "#####";
    CHECK_FALSE(frozen_at(corner, 1, 1, false));
}

TEST_CASE("Sokoban.Freeze.ChainWithOneBoxOffGoal") {
    // The box on the goal is frozen with its neighbour, which is off a goal: deadlock, found
    // from either box.
    const std::string map = "#######\n"
                            "#@*$  #\n"
                            "#     #\n"
                            "#   . #\n"
                            "#######";
    CHECK(frozen_at(map, 1, 2, false));
    CHECK(frozen_at(map, 1, 3, false));
    // A longer chain along the wall: three boxes, the last against the corner.
    const std::string chain = "#######\n"
                              "#  $$$#\n"
                              "#@    #\n"
                              "#...  #\n"
                              "#######";
    CHECK(frozen_at(chain, 1, 3, false));
}

TEST_CASE("Sokoban.Freeze.BoxesThatCanStillMove") {
    // Horizontally between two boxes, but free vertically.
    const std::string map = "#########\n"
                            "#@      #\n"
                            "#  $$$  #\n"
                            "#       #\n"
                            "#  ...  #\n"
                            "#########";
    CHECK_FALSE(frozen_at(map, 2, 4, false));
    // Against a wall with a box beside it that can leave the wall.
    const std::string side = "#######\n"
                             "#@$   #\n"
                             "# $   #\n"
                             "#  .. #\n"
                             "#######";
    CHECK_FALSE(frozen_at(side, 2, 2, false));
}
