// The independent Sokoban checker's own rules (sokoban_checker.h), in particular `any_case`:
// cavepacker's solution files (tools/sokoban-collections.py, tools/sokoban-replay.cc) write
// every move in lower case, so push or walk must then come from the board alone, while every
// other rule (walls, two boxes, all boxes on goals at the end) still holds.
#include <doctest/doctest.h>

#include "sokoban_checker.h"

using solver_test::check_sokoban_solution;

namespace {
// One box two cells left of its goal, the player behind it: "RR" solves it.
const char* const kLine = "#######\n#@$ . #\n#######\n";
}  // namespace

TEST_CASE("SokobanChecker.StrictCaseRejectsLowerCasePushes") {
    CHECK(check_sokoban_solution(kLine, "RR").ok);
    const auto lower = check_sokoban_solution(kLine, "rr");
    CHECK_FALSE(lower.ok);
    CHECK(lower.reason.find("case") != std::string::npos);
    // A walk written as a push is refused too.
    CHECK_FALSE(check_sokoban_solution("#####\n#@ .#\n# $ #\n#####\n", "R").ok);
}

TEST_CASE("SokobanChecker.AnyCaseDecidesPushesFromTheBoard") {
    const auto lower = check_sokoban_solution(kLine, "rr", true);
    CHECK(lower.ok);
    CHECK(lower.pushes == 2);
    CHECK(lower.moves == 2);
    CHECK(check_sokoban_solution(kLine, "Rr", true).ok);
    // The other rules still hold: one push short leaves the box off its goal, a third push
    // takes it past the goal (unsolved), a fourth would drive it into the wall.
    CHECK_FALSE(check_sokoban_solution(kLine, "r", true).ok);
    CHECK_FALSE(check_sokoban_solution(kLine, "rrr", true).ok);
    const auto wall = check_sokoban_solution(kLine, "rrrr", true);
    CHECK_FALSE(wall.ok);
    CHECK(wall.reason.find("wall") != std::string::npos);
    // Walking into a wall is refused whatever the case.
    CHECK_FALSE(check_sokoban_solution(kLine, "u", true).ok);
}
