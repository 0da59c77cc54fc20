// solution_test.cc -- formatting walks and pushes, and the independent verifier.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/solution.h"
#include "test_util.h"

using namespace sokoban;

namespace {
struct Verdict {
    bool ok;
    uint64_t pushes;
    uint32_t column;
    std::string error;
};
Verdict verify(const std::string &map, const std::string &solution) {
    const Level lv = sokoban_test::parse_ok(map);
    Verdict v{false, 0, 0, {}};
    v.ok = verify_solution(lv, solution.data(), solution.size(), v.pushes, v.column, v.error);
    return v;
}
const std::string COURSE = "#######\n"
                           "#o x .#\n"
                           "#  @  #\n"
                           "#######";
const std::string XSB = "#######\n"
                        "#@ $ .#\n"
                        "#     #\n"
                        "#######";
} // namespace

TEST_CASE("Sokoban.Solution.FormatWalksAndPushes") {
    sokoban_test::Fixture fx(XSB);
    // Push the box right twice: the player first walks one step right.
    const uint32_t box = static_cast<uint32_t>(fx.cell(1, 3)), box2 = static_cast<uint32_t>(fx.cell(1, 4));
    const uint32_t moves[2] = {box * 4 + DIR_RIGHT, box2 * 4 + DIR_RIGHT};
    std::string text, error;
    REQUIRE(format_solution(fx.inst, nullptr, moves, 2, text, error));
    CHECK(text == "rRR");
    sokoban_test::Fixture fc(COURSE);
    const uint32_t cbox = static_cast<uint32_t>(fc.cell(1, 3)), cbox2 = static_cast<uint32_t>(fc.cell(1, 4));
    const uint32_t cmoves[2] = {cbox * 4 + DIR_RIGHT, cbox2 * 4 + DIR_RIGHT};
    REQUIRE(format_solution(fc.inst, nullptr, cmoves, 2, text, error));
    CHECK(text == "DDD");
    // A push from the other side needs a walk around the box: shortest is 4 steps.
    const uint32_t left = box * 4 + DIR_LEFT;
    REQUIRE(format_solution(fx.inst, nullptr, &left, 1, text, error));
    CHECK(text.size() == 6); // around the box: 5 steps, then the push
    CHECK(text.back() == 'L');
    CHECK(verify(XSB, text).ok == false); // legal, but the box ends off the goal
    CHECK(verify(XSB, text).column == 0);
    // An impossible move id is refused.
    const uint32_t bad = static_cast<uint32_t>(fx.cell(2, 2)) * 4 + DIR_UP;
    CHECK_FALSE(format_solution(fx.inst, nullptr, &bad, 1, text, error));
}

TEST_CASE("Sokoban.Solution.VerifyAccepts") {
    Verdict v = verify(XSB, "rRR");
    CHECK(v.ok);
    CHECK(v.pushes == 2);
    v = verify(XSB, "RRR"); // either case
    CHECK(v.ok);
    CHECK(v.pushes == 2);
    v = verify(XSB, "r R\nR"); // whitespace is ignored
    CHECK(v.ok);
    CHECK(v.pushes == 2);
    v = verify(COURSE, "ddd");
    CHECK(v.ok);
    CHECK(v.pushes == 2);
    v = verify(COURSE, "SDWDD"); // over the fragile tile and back
    CHECK(v.ok);
}

TEST_CASE("Sokoban.Solution.VerifyRejects") {
    Verdict v = verify(XSB, "rRu");
    CHECK_FALSE(v.ok);
    CHECK(v.column == 3);
    CHECK(v.error == "move 3 'u' walks into a wall");
    v = verify(COURSE, "DDDW");
    CHECK(v.ok == false);
    CHECK(v.column == 4);
    CHECK(v.error == "move 4 'W' walks into a wall");
    v = verify(XSB, "rRRR");
    CHECK(v.column == 4);
    CHECK(v.error == "move 4 'R' pushes a box into a wall");
    v = verify(XSB, "rRZ");
    CHECK(v.column == 3);
    CHECK(v.error.find("is not a move") != std::string::npos);
    v = verify(COURSE, "DDU"); // 'U' is not a course letter
    CHECK(v.column == 3);
    // Two boxes in a row.
    v = verify("########\n#@$$ ..#\n########", "R");
    CHECK(v.column == 1);
    CHECK(v.error == "move 1 'R' pushes two boxes");
    // A box onto a fragile tile: from below the box at (1,3), the player pushes up... here the
    // fragile tile is at (2,3) under the box: push down from (0,3) is a wall, so use a row.
    v = verify("#######\n#ox@ .#\n#     #\n#######", "D");
    CHECK(v.column == 1);
    CHECK(v.error == "move 1 'D' pushes a box onto a fragile tile");
    v = verify(XSB, "");
    CHECK_FALSE(v.ok);
    CHECK(v.error.find("1 box off the goals") != std::string::npos);
}
