// parse_test.cc -- the input format: every error with its line, column and what was expected;
// unsolvable starts refused at open; options.
#include <doctest/doctest.h>

#include "../../plugins/ewn/puzzle.h"
#include "test_util.h"

using ewn_test::Err;

namespace {
const char *const EXAMPLE = "5 5\n1 0 0 0 0\n0 3 5 0 0\n0 0 0 0 0\n0 0 6 0 0\n0 0 0 0 0\n6\n6 3 5 2 1 4\n0";
}

TEST_CASE("Ewn.Parse.Example") {
    ewn::Puzzle pz;
    ewn::Failure f;
    REQUIRE(ewn::parse_puzzle(EXAMPLE, std::strlen(EXAMPLE), pz, f));
    CHECK(pz.rows == 5);
    CHECK(pz.cols == 5);
    CHECK(pz.start[0] == 0);
    CHECK(pz.start[2] == 6);
    CHECK(pz.start[4] == 7);
    CHECK(pz.start[5] == 17);
    CHECK(pz.start[1] == ewn::NONE);
    CHECK(pz.start[3] == ewn::NONE);
    CHECK(pz.period == 6);
    CHECK(pz.dice[0] == 6);
    CHECK(pz.dice[5] == 4);
    CHECK(pz.goal_piece == 0);
    CHECK(pz.corner() == 24);
    // Any whitespace separates; a trailing newline or none, tabs and CRLF are all fine.
    const std::string loose = "5\t5 1 0 0 0 0 0 3 5 0 0 0 0 0 0 0 0 0 6 0 0 0 0 0 0 0\r\n6 6 3 5 2 1 4 0\r\n";
    ewn::Puzzle pz2;
    REQUIRE(ewn::parse_puzzle(loose.data(), loose.size(), pz2, f));
    CHECK(std::memcmp(pz.start, pz2.start, sizeof pz.start) == 0);
}

TEST_CASE("Ewn.Parse.ErrorsHaveLineColumnAndWhatWasExpected") {
    struct Case {
        const char *text;
        uint32_t line, column;
        const char *phrase;
    } cases[] = {
        {"", 1, 1, "unexpected end of input; expected the number of rows n (1..9)"},
        {"0 5", 1, 1, "the number of rows n must be 1..9, found 0"},
        {"5 10", 1, 3, "the number of columns m must be 1..9, found 10"},
        {"5 x", 1, 3, "expected the number of columns m (1..9), found 'x'"},
        {"5 -1", 1, 3, "expected the number of columns m (1..9), found '-1'"},
        {"2 2\n0 7\n0 0\n1 1\n0", 2, 3, "the cell at row 0, column 1 (0 empty or a piece) must be 0..6, found 7"},
        {"2 2\n0 1\n1 0\n1 1\n0", 3, 1, "piece 1 appears twice (first at row 0, column 1, line 2, column 3"},
        {"2 2\n0 1\n0", 3, 2, "the board needs 4 cells (2 rows of 2), found 3"},
        {"2 2\n0 1\n0 0\n19\n", 4, 1, "the dice period p must be 1..18, found 19"},
        {"2 2\n0 1\n0 0\n0\n", 4, 1, "the dice period p must be 1..18, found 0"},
        {"2 2\n0 1\n0 0\n3\n1 2 7\n0", 5, 5, "dice value 3 of 3 must be 1..6, found 7"},
        {"2 2\n0 1\n0 0\n3\n1 2", 5, 4, "unexpected end of input; expected dice value 3 of 3 (1..6)"},
        {"2 2\n0 1\n0 0\n1\n1\n", 6, 1, "unexpected end of input; expected the goal piece s (0 = any piece) (0..6)"},
        {"2 2\n0 1\n0 0\n1\n1\n8", 6, 1, "the goal piece s (0 = any piece) must be 0..6, found 8"},
        {"2 2\n0 1\n0 0\n1\n1\n1 9", 6, 3, "unexpected '9' after the goal piece; expected the end of the input"},
        {"2 2\n0 1\n0 0\n1\n1\n1\n\n  junk\n", 8, 3, "unexpected 'junk' after the goal piece"},
        {"99999999999 2", 1, 1, "the number of rows n must be 1..9, found 99999999999"},
    };
    for (const auto &c : cases) {
        INFO(c.text);
        ewn::Puzzle pz;
        ewn::Failure f;
        CHECK_FALSE(ewn::parse_puzzle(c.text, std::strlen(c.text), pz, f));
        CHECK(f.line == c.line);
        CHECK(f.column == c.column);
        CHECK_MESSAGE(f.message.find(c.phrase) != std::string::npos, f.message);
    }
}

TEST_CASE("Ewn.Plugin.OpenRefusesWhatCannotBeSolved") {
    const solver_plugin *P = solver_plugin_entry();
    solver_instance *inst = nullptr;
    Err e1;
    const std::string absent = "2 2\n0 1\n0 0\n1\n1\n4";
    CHECK(P->open(absent.data(), absent.size(), "t", 1, nullptr, 0, nullptr, &inst, &e1.e) == SOLVER_ERR_UNSOLVABLE);
    CHECK(std::string(e1.msg) == "the goal piece 4 is not on the board");
    CHECK(inst == nullptr);
    Err e2;
    const std::string empty = "2 2\n0 0\n0 0\n1\n1\n0";
    CHECK(P->open(empty.data(), empty.size(), "t", 1, nullptr, 0, nullptr, &inst, &e2.e) == SOLVER_ERR_UNSOLVABLE);
    Err e3;
    const std::string bad = "2 2\n0 0\n0 x\n1\n1\n0";
    CHECK(P->open(bad.data(), bad.size(), "t", 1, nullptr, 0, nullptr, &inst, &e3.e) == SOLVER_ERR_PARSE);
    CHECK(e3.e.line == 3);
    CHECK(e3.e.column == 3);
    Err e4;
    CHECK(P->open(EXAMPLE, std::strlen(EXAMPLE), "t", 2, nullptr, 0, nullptr, &inst, &e4.e) == SOLVER_ERR_PARSE);
}

TEST_CASE("Ewn.Plugin.Options") {
    const solver_plugin *P = solver_plugin_entry();
    solver_instance *inst = nullptr;
    const solver_option unknown[] = {{"speed", "max"}};
    Err e1;
    CHECK(P->open(EXAMPLE, std::strlen(EXAMPLE), "t", 1, unknown, 1, nullptr, &inst, &e1.e) == SOLVER_ERR_OPTION);
    CHECK(std::string(e1.msg).find("unknown option 'speed'") != std::string::npos);
    const solver_option bad[] = {{"heuristic", "magic"}};
    Err e2;
    CHECK(P->open(EXAMPLE, std::strlen(EXAMPLE), "t", 1, bad, 1, nullptr, &inst, &e2.e) == SOLVER_ERR_OPTION);
    for (const char *kind : {"dice", "dice-anytime", "chebyshev", "zero"}) {
        const solver_option ok[] = {{"heuristic", kind}};
        Err e3;
        REQUIRE(P->open(EXAMPLE, std::strlen(EXAMPLE), "t", 1, ok, 1, nullptr, &inst, &e3.e) == SOLVER_OK);
        const solver_instance_info *info = P->info(inst);
        CHECK(info->flags == (SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE | SOLVER_H_CONSISTENT | SOLVER_HAS_HASH));
        P->close(inst);
    }
}

TEST_CASE("Ewn.Plugin.Table") {
    const solver_plugin *P = solver_plugin_entry();
    REQUIRE(P != nullptr);
    CHECK(P->abi_version == SOLVER_ABI_VERSION);
    CHECK(P->struct_size == sizeof(solver_plugin));
    CHECK(std::string(P->name) == "ewn");
    CHECK(std::string(P->input_help).find("dice") != std::string::npos);
    CHECK((P->count_levels == nullptr));
    CHECK((P->hash != nullptr));
    CHECK((P->solve == nullptr));
    solver_instance *inst = nullptr;
    Err err;
    REQUIRE(P->open(EXAMPLE, std::strlen(EXAMPLE), "t", 1, nullptr, 0, nullptr, &inst, &err.e) == SOLVER_OK);
    const solver_instance_info *info = P->info(inst);
    CHECK(info->state_size == 7);
    CHECK(info->max_cost == 100);
    CHECK(std::string(info->default_engine) == "astar");
    CHECK(info->default_weight == 1.0);
    CHECK(std::string(info->cost_unit) == "plies");
    CHECK(std::string(info->description) == "5x5 board, 4 pieces, dice period 6, any piece to the corner");
    P->close(inst);
    P->close(nullptr);
    P->scratch_free(nullptr);
}
