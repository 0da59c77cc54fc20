// deadsquares_test.cc -- dead squares on small maps, checked cell by cell by hand.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/deadsquares.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// The dead map as rows of 'x' (dead) and '.' (live) over the interior, '#' elsewhere.
std::string picture(const Board &b, const std::vector<uint8_t> &dead) {
    std::string out;
    for (int r = 0; r < b.level.height; ++r) {
        for (int c = 0; c < b.level.width; ++c) {
            const int i = b.index_of[r * b.level.width + c];
            out += i < 0 ? '#' : (dead[i] ? 'x' : '.');
        }
        out += '\n';
    }
    return out;
}
} // namespace

TEST_CASE("Sokoban.DeadSquares.CornersAndWallsWithoutGoals") {
    const Board b = build_board(sokoban_test::parse_ok("#######\n"
                                                       "#@   .#\n"
                                                       "# $   #\n"
                                                       "#     #\n"
                                                       "#######"));
    // Top row leads to the goal; the left column and the bottom row do not; (2,5) can be
    // pushed up into the goal from (3,5).
    CHECK(picture(b, compute_dead_squares(b)) == "#######\n"
                                                 "#x....#\n"
                                                 "#x....#\n"
                                                 "#xxxxx#\n"
                                                 "#######\n");
}

TEST_CASE("Sokoban.DeadSquares.FragileTilesBlockBoxes") {
    // Course format: '@' at (1,3) is fragile, so the top row left of it cannot reach the goal.
    const Board b = build_board(sokoban_test::parse_ok("#######\n"
                                                       "#o @ .#\n"
                                                       "# x   #\n"
                                                       "#     #\n"
                                                       "#######"));
    CHECK(picture(b, compute_dead_squares(b)) == "#######\n"
                                                 "#xxx..#\n"
                                                 "#x....#\n"
                                                 "#xxxxx#\n"
                                                 "#######\n");
}

TEST_CASE("Sokoban.DeadSquares.PullNeedsRoomForThePlayer") {
    // A one-high corridor with a goal at each end and a dead-end pocket below it: a box can be
    // pushed up out of (2,5) (the player stands in (3,5)), but nothing can push a box out of
    // (3,5), and the corridor ends live only because they are goals.
    const Board b = build_board(sokoban_test::parse_ok("########\n"
                                                       "#.$  @.#\n"
                                                       "#####$##\n"
                                                       "    # #\n"
                                                       "    ###"));
    CHECK(picture(b, compute_dead_squares(b)) == "########\n"
                                                 "#......#\n"
                                                 "#####.##\n"
                                                 "#####x##\n"
                                                 "########\n");
}

TEST_CASE("Sokoban.DeadSquares.PullDistances") {
    const Board b = build_board(sokoban_test::parse_ok("#######\n"
                                                       "#@   .#\n"
                                                       "# $   #\n"
                                                       "#     #\n"
                                                       "#######"));
    const int goal = b.index_of[1 * 7 + 5];
    const std::vector<uint16_t> d = pull_distances(b, goal);
    CHECK(d[goal] == 0);
    CHECK(d[b.index_of[1 * 7 + 2]] == 3);
    CHECK(d[b.index_of[2 * 7 + 5]] == 1);
    CHECK(d[b.index_of[2 * 7 + 2]] == 4);
    CHECK(d[b.index_of[3 * 7 + 3]] == UINT16_MAX);
}
