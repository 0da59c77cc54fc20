// backward_test.cc -- the backward (pull) search member (backward.h): the pull move, the
// backward dead cells on small hand-made maps, and backward solves of Microban levels and course
// maps, turned into forward solutions that the independent checker (tests/sokoban_checker.cc)
// and the plugin's own verifier replay.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/backward.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::BackwardSearch;
using sokoban_test::Fixture;

// Solve `text` backward (at most `budget` expansions); the forward text in `moves`.
BackwardSearch::Status back_solve(const std::string &text, std::string &moves, uint64_t &cost, uint32_t gw = 0,
                                  uint32_t hw = 1, uint64_t budget = 2000000) {
    Fixture fx(text);
    BackwardSearch search(fx.inst, 256u << 20, gw, hw);
    const BackwardSearch::Status st = search.run(budget, {});
    if (st != BackwardSearch::Status::solved) return st;
    std::vector<uint8_t> states;
    std::vector<uint32_t> mv;
    search.solution(states, mv, cost);
    const uint32_t size = fx.inst.state_size;
    REQUIRE(states.size() == (mv.size() + 1) * size);
    CHECK(cost == mv.size()); // one pull per move, no macros
    // The forward path starts at the forward initial state and ends solved.
    const std::vector<uint8_t> first(states.begin(), states.begin() + size);
    CHECK(first == fx.initial());
    CHECK(sokoban::state_is_goal(fx.inst, states.data() + mv.size() * size));
    std::string error;
    REQUIRE_MESSAGE(sokoban::format_solution(fx.inst, states.data(), mv.data(), mv.size(), moves, error), error);
    return st;
}

void check_replay(const std::string &text, const std::string &moves, uint64_t cost) {
    const solver_test::sokoban_check check = solver_test::check_sokoban_solution(text, moves);
    CHECK_MESSAGE(check.ok, check.reason);
    CHECK(static_cast<uint64_t>(check.pushes) == cost);
    Fixture fx(text);
    uint64_t pushes = 0;
    uint32_t column = 0;
    std::string error;
    CHECK_MESSAGE(sokoban::verify_solution(fx.inst.board.level, moves.data(), moves.size(), pushes, column, error), error);
    CHECK(pushes == cost);
}

} // namespace

TEST_CASE("backward: a pull moves the box into the player's cell and the player one further") {
    Fixture fx("########\n"
               "#      #\n"
               "# $  $ #\n"
               "#   $  #\n"
               "#   .. #\n"
               "#  @.  #\n"
               "########");
    const sokoban::Board &b = fx.inst.board;
    std::vector<uint8_t> occ(b.n, 0);
    for (int c : b.start_boxes) occ[c] = 1;
    int to = -1, q = -1;
    // The player right of the box on (2,2) steps right to (2,4); the box follows to (2,3).
    REQUIRE(sokoban::pull_move(b, occ.data(), fx.cell(2, 2), sokoban::DIR_RIGHT, to, q));
    CHECK(to == fx.cell(2, 3));
    CHECK(q == fx.cell(2, 4));
    // The player below it steps down to (4,2); the box to (3,2).
    REQUIRE(sokoban::pull_move(b, occ.data(), fx.cell(2, 2), sokoban::DIR_DOWN, to, q));
    CHECK(to == fx.cell(3, 2));
    CHECK(q == fx.cell(4, 2));
    // The player above the box on (3,4) steps up to (1,4).
    REQUIRE(sokoban::pull_move(b, occ.data(), fx.cell(3, 4), sokoban::DIR_UP, to, q));
    CHECK(to == fx.cell(2, 4));
    CHECK(q == fx.cell(1, 4));
    // Refused: the cell behind the player is a wall (right of (2,6); above (1,5)).
    CHECK_FALSE(sokoban::pull_move(b, occ.data(), fx.cell(2, 5), sokoban::DIR_RIGHT, to, q));
    CHECK_FALSE(sokoban::pull_move(b, occ.data(), fx.cell(2, 5), sokoban::DIR_UP, to, q));
    // The player left of the box on (2,5) steps to (2,3): allowed while (2,3) is free ...
    REQUIRE(sokoban::pull_move(b, occ.data(), fx.cell(2, 5), sokoban::DIR_LEFT, to, q));
    CHECK(to == fx.cell(2, 4));
    CHECK(q == fx.cell(2, 3));
    // ... refused with a box there (the cell behind the player holds a box) ...
    occ[fx.cell(2, 3)] = 1;
    CHECK_FALSE(sokoban::pull_move(b, occ.data(), fx.cell(2, 5), sokoban::DIR_LEFT, to, q));
    // ... and the box on (2,2) can no longer be pulled right: the player's cell holds a box.
    CHECK_FALSE(sokoban::pull_move(b, occ.data(), fx.cell(2, 2), sokoban::DIR_RIGHT, to, q));
}

TEST_CASE("backward: dead cells are those no start cell is reached from by pulling") {
    // The box starts on the top wall: pushes move it along the top row only, so a box on any
    // other cell can never be pulled back to it.
    const std::string text = "#######\n"
                             "# $   #\n"
                             "#   . #\n"
                             "# @   #\n"
                             "#######";
    Fixture fx(text);
    const std::vector<uint8_t> dead = sokoban::backward_dead_cells(fx.inst.board);
    for (int c = 1; c <= 5; ++c) {
        CAPTURE(c);
        CHECK(dead[fx.cell(1, c)] == 0);
        CHECK(dead[fx.cell(2, c)] == 1);
        CHECK(dead[fx.cell(3, c)] == 1);
    }
    // The goal is dead backward: no root, the search is exhausted at once (the level has no
    // solution).
    BackwardSearch search(fx.inst, 64u << 20);
    CHECK(search.run(1000, {}) == BackwardSearch::Status::exhausted);
    CHECK(search.roots() == 0);
    // With the goal on the top row the box is pulled home.
    std::string moves;
    uint64_t cost = 0;
    const std::string ok = "#######\n"
                           "# $ . #\n"
                           "#     #\n"
                           "# @   #\n"
                           "#######";
    REQUIRE(back_solve(ok, moves, cost) == BackwardSearch::Status::solved);
    CHECK(cost == 2);
    check_replay(ok, moves, cost);
}

TEST_CASE("backward: one root per free area of the solved position") {
    // The three boxes on the goal column split the room: two free areas, two roots.
    const std::string text = "#######\n"
                             "#  .  #\n"
                             "# $.$ #\n"
                             "# @.$ #\n"
                             "#######";
    Fixture fx(text);
    BackwardSearch search(fx.inst, 64u << 20);
    std::string moves;
    uint64_t cost = 0;
    search.run(1, {});
    CHECK(search.roots() == 2);
    REQUIRE(back_solve(text, moves, cost) == BackwardSearch::Status::solved);
    check_replay(text, moves, cost);
}

TEST_CASE("backward: Microban levels and course maps solved by pulling replay forward") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {1, 2, 7, 25, 42, 78}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        for (int greedy = 0; greedy < 2; ++greedy) {
            CAPTURE(greedy);
            std::string moves;
            uint64_t cost = 0;
            REQUIRE(back_solve(text, moves, cost, greedy ? 0 : 2, greedy ? 1 : 3) == BackwardSearch::Status::solved);
            check_replay(text, moves, cost);
        }
    }
    for (const char *map : {"01", "05", "09", "21"}) {
        CAPTURE(map);
        const std::string text = sokoban_test::read_text(std::string("puzzles/sokoban/course/") + map + ".txt");
        std::string moves;
        uint64_t cost = 0;
        REQUIRE(back_solve(text, moves, cost) == BackwardSearch::Status::solved);
        check_replay(text, moves, cost);
    }
}

TEST_CASE("backward: the portfolio's back option (only, t0, t1) solves and the answer replays") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {1u, 7u, 42u}) {
        CAPTURE(level);
        sokoban_test::StubRuntime rt(2);
        sokoban_test::portfolio_solves_and_replays(micro, level, {{"back", "only"}}, rt);
        CHECK(rt.log.find("backward") != std::string::npos); // nothing else runs
        for (const char *where : {"t0", "t1"}) {
            CAPTURE(where);
            sokoban_test::StubRuntime rt2(2);
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"back", where}}, rt2);
        }
    }
    // A bad value is refused with the accepted ones named.
    sokoban::Options o;
    std::string error;
    const solver_option bad{"back", "both"};
    CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
    CHECK(error.find("only") != std::string::npos);
    const solver_option good{"back", "t1"};
    REQUIRE(sokoban::parse_options(&good, 1, o, error));
    CHECK(o.back == 2);
}
