// roomfill_test.cc -- goal-room fill tables: fillings that can or cannot be completed.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/roomfill.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// Is the goal group holding (row, column) still completable with boxes exactly on `filled`
// among its cells (other cells of the map empty)?
// The player stands on `player` (row, column), outside the group as after a push from outside.
bool completable(sokoban_test::Fixture &fx, std::initializer_list<std::pair<int, int>> filled, int row, int column,
                 std::pair<int, int> player = {5, 3}) {
    std::vector<uint8_t> occ(fx.inst.board.n, 0);
    for (const auto &rc : filled) {
        const int c = fx.cell(rc.first, rc.second);
        REQUIRE(c >= 0);
        occ[c] = 1;
    }
    RoomFill::Scratch s;
    REQUIRE(fx.cell(player.first, player.second) >= 0);
    return fx.inst.roomfill.fillable(fx.inst.board, occ.data(), fx.cell(row, column), fx.cell(player.first, player.second), s);
}
} // namespace

TEST_CASE("Sokoban.RoomFill.GoalColumnWithAMovableBoxBelow") {
    // Goals in a one-wide column (rows 1-3) and the cell below it (row 4), open to the right
    // and below. With the top goal empty, a box at (2,1) and one at (4,1): the player can never
    // stand at (3,1) again to push (2,1) up, though neither box is frozen.
    const std::string map = "#######\n"
                            "#.#   #\n"
                            "#.# $ #\n"
                            "#.# $ #\n"
                            "#.  $ #\n"
                            "#  @$ #\n"
                            "#######";
    sokoban_test::Fixture fx(map);
    REQUIRE(fx.inst.roomfill.groups.size() == 1);
    CHECK(fx.inst.roomfill.groups[0].cells.size() == 4);
    CHECK(completable(fx, {}, 1, 1));
    CHECK(completable(fx, {{2, 1}}, 1, 1));         // push it up from (3,1)
    CHECK(completable(fx, {{4, 1}}, 1, 1));         // push it up or out of the way
    CHECK(completable(fx, {{1, 1}, {2, 1}, {4, 1}}, 1, 1)); // (4,1) goes up, a new box below
    CHECK_FALSE(completable(fx, {{2, 1}, {4, 1}}, 1, 1));
    CHECK_FALSE(completable(fx, {{2, 1}, {3, 1}}, 1, 1)); // (2,1) can never go up
    CHECK(completable(fx, {{1, 1}, {2, 1}, {3, 1}, {4, 1}}, 1, 1));
    // A cell outside every group is never judged.
    CHECK(completable(fx, {{2, 1}, {4, 1}}, 5, 3));
}

TEST_CASE("Sokoban.RoomFill.OpenGroupIsAlwaysCompletable") {
    // Goals in the open: every filling can be completed.
    const std::string map = "#######\n"
                            "#     #\n"
                            "# ..  #\n"
                            "# ..$$#\n"
                            "#  @$$#\n"
                            "#######";
    sokoban_test::Fixture fx(map);
    REQUIRE(fx.inst.roomfill.groups.size() == 1);
    for (uint32_t m = 0; m < 16; ++m) CHECK(fx.inst.roomfill.groups[0].fillable[m] == 1);
    CHECK(completable(fx, {{2, 2}, {3, 3}}, 2, 2, {1, 1}));
}

TEST_CASE("Sokoban.RoomFill.OffBuildsNoTable") {
    Options o;
    o.roomfill = false;
    sokoban_test::Fixture fx("#######\n#.#   #\n#.# $ #\n#.  $ #\n#  @$ #\n#######", o);
    CHECK(fx.inst.roomfill.groups.empty());
}

TEST_CASE("Sokoban.RoomFill.LargeGroupIsCutIntoPieces") {
    // 15 goals in one dead-end corridor: cut into a piece of 12 and one of 3; the deep end's
    // piece still finds a box stranded with the player unable to get behind it.
    const std::string map = "####################\n"
                            "#...............   #\n"
                            "############### #  #\n"
                            "#  $$$$$$$$$$$$$$$@#\n"
                            "#                  #\n"
                            "####################";
    sokoban_test::Fixture fx(map);
    REQUIRE(fx.inst.roomfill.groups.size() == 2);
    CHECK(fx.inst.roomfill.groups[0].cells.size() + fx.inst.roomfill.groups[1].cells.size() == 15);
    CHECK(completable(fx, {}, 1, 1, {1, 16}));
    CHECK(completable(fx, {{1, 2}}, 1, 1, {1, 16})); // push it on to the end from the right
    // Two boxes in the corridor with the far end empty: the player cannot get between them.
    CHECK_FALSE(completable(fx, {{1, 2}, {1, 3}}, 1, 1, {1, 16}));
}

TEST_CASE("Sokoban.RoomFill.GoalAreaTestsKeepOptimalLengths") {
    // A* (g + h, the admissible matching) with the two goal-area deadlock tests on and off:
    // the same fewest pushes on Microban levels where the tests prune, fewer expansions with
    // them, and every solution replayed by the plugin's verifier.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    size_t on_total = 0, off_total = 0;
    for (uint32_t level : {3u, 42u, 43u, 63u, 64u}) {
        INFO("level " << level);
        const sokoban_test::Solved on = sokoban_test::table_solve(micro, level, {}, 200000, 1, 1);
        const sokoban_test::Solved off = sokoban_test::table_solve(
            micro, level, {{"frozengoals", "off"}, {"roomfill", "off"}}, 200000, 1, 1);
        REQUIRE(on.ok);
        REQUIRE(off.ok);
        CHECK(on.pushes == off.pushes);
        CHECK(on.expanded <= off.expanded);
        on_total += on.expanded;
        off_total += off.expanded;
        sokoban_test::check_replays(micro, level, on);
    }
    CHECK(on_total < off_total);
}
