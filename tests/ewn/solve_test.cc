// solve_test.cc -- through the plugin's C table only: every shared instance solved by a small
// A* written here to exactly its proven optimum (puzzles/ewn/OPTIMAL.txt) with every
// heuristic, the answer replayed by the plugin's verifier and by the independent checker;
// expansion facts (movers, captures, hashes); the verifier's errors on corrupted answers.
#include <doctest/doctest.h>

#include "test_util.h"

using ewn_test::Err;
using ewn_test::Opened;

namespace {
const char *const EXAMPLE = "5 5\n1 0 0 0 0\n0 3 5 0 0\n0 0 0 0 0\n0 0 6 0 0\n0 0 0 0 0\n6\n6 3 5 2 1 4\n0";
}

TEST_CASE("Ewn.Solve.EverySharedInstanceAtItsProvenOptimum") {
    const auto table = ewn_test::optimal_table();
    REQUIRE(table.size() == 11);
    for (const auto &[file, optimum] : table) {
        INFO(file);
        const std::string text = ewn_test::read_text("puzzles/ewn/" + file);
        const ewn_test::Solved s = ewn_test::table_astar(text);
        MESSAGE(file << ": " << s.plies << " plies, " << s.expanded << " expanded");
        CHECK(s.plies == optimum);
        Opened o(text);
        uint64_t cost = 0;
        Err err;
        CHECK_MESSAGE(o.verify(s.text, cost, err) == SOLVER_OK, err.msg);
        CHECK(cost == static_cast<uint64_t>(optimum));
        const auto check = solver_test::check_ewn_solution(text, s.text);
        CHECK_MESSAGE(check.ok, check.reason);
        CHECK(check.plies == optimum);
    }
}

TEST_CASE("Ewn.Solve.EveryHeuristicGivesTheSameOptimum") {
    // The weaker bounds expand more but must agree (all are admissible and consistent).
    // (Zero on the two smallest only: it is a plain breadth-first search.)
    for (const char *file : {"example.in", "11.in", "13.in", "12.in"}) {
        INFO(std::string(file));
        const std::string text = ewn_test::read_text(std::string("puzzles/ewn/") + file);
        const auto dice = ewn_test::table_astar(text, {{"heuristic", "dice"}});
        const auto anytime = ewn_test::table_astar(text, {{"heuristic", "dice-anytime"}});
        const auto cheb = ewn_test::table_astar(text, {{"heuristic", "chebyshev"}});
        MESSAGE(std::string(file) << ": expanded dice " << dice.expanded << ", dice-anytime " << anytime.expanded
                                  << ", chebyshev " << cheb.expanded);
        CHECK(dice.plies == anytime.plies);
        CHECK(dice.plies == cheb.plies);
        CHECK(dice.expanded <= cheb.expanded);
        if (std::string(file) == "example.in" || std::string(file) == "11.in") {
            const auto zero = ewn_test::table_astar(text, {{"heuristic", "zero"}});
            CHECK(dice.plies == zero.plies);
            CHECK(cheb.expanded <= zero.expanded);
        }
    }
}

TEST_CASE("Ewn.Solve.ExampleFromTheIssue") {
    const auto s = ewn_test::table_astar(EXAMPLE);
    CHECK(s.plies == 3);
    Opened o(EXAMPLE);
    uint64_t cost = 0;
    Err err;
    const std::string answer = "3\n6 7\n3 4\n6 4";
    CHECK(o.verify(answer, cost, err) == SOLVER_OK);
    CHECK(cost == 3);
    CHECK(o.verify(answer + "\n", cost, err) == SOLVER_OK);
}

TEST_CASE("Ewn.Expand.MoversCapturesAndHashes") {
    // Dice 2 with piece 2 missing: pieces 1 (corner, 3 moves) and 3 (centre, 8 moves) may move.
    const std::string text = "3 3\n1 0 0\n0 3 0\n0 0 4\n1\n2\n4";
    Opened o(text);
    const std::string start = o.initial();
    CHECK(start == std::string("\x00\xFF\x04\x08\xFF\xFF\x00", 7));
    const auto kids = o.children(start);
    REQUIRE(kids.size() == 11);
    int captures = 0, dead = 0;
    for (const auto &k : kids) {
        const int piece = static_cast<int>(k.move / 8);
        CHECK((piece == 1 || piece == 3));
        CHECK(k.hash == o.P->hash(o.inst, k.state.data()));
        CHECK(static_cast<uint8_t>(k.state[6]) == 0); // period 1
        if (static_cast<uint8_t>(k.state[0]) == 0xFF) ++captures; // 3 took 1 (3 moves up-left)
        if (k.h == SOLVER_H_DEAD) ++dead;                           // 3 took 4, the goal piece
    }
    CHECK(captures == 1);
    CHECK(dead == 1);
    // Piece 4 is on the corner at the start: a goal with zero plies.
    CHECK(o.goal(start));
    CHECK(o.h(start) == 0);
    const auto s = ewn_test::table_astar(text);
    CHECK(s.plies == 0);
    CHECK(s.text == "0");
}

TEST_CASE("Ewn.Expand.OneCellBoardHasNoMoves") {
    Opened o("1 1\n2\n1\n3\n0");
    CHECK(o.goal(o.initial()));
    Opened blocked("1 2\n2 0\n1\n3\n0");
    CHECK_FALSE(blocked.goal(blocked.initial()));
    CHECK(blocked.children(blocked.initial()).size() == 1); // 2 may only step right
}

TEST_CASE("Ewn.Verify.RejectsCorruptedAnswers") {
    Opened o(EXAMPLE);
    struct Case {
        const char *answer;
        uint32_t line;
        const char *phrase;
    } cases[] = {
        {"", 1, "expected the number of plies k on the first line"},
        {"3 1\n6 7\n3 4\n6 4", 1, "expected only the number of plies k"},
        {"x\n", 1, "expected only the number of plies k"},
        {"101", 1, "exceeds the limit of 100"},
        {"2\n6 7\n3 4\n6 4", 4, "more move lines than the 2 plies"},
        {"4\n6 7\n3 4\n6 4", 4, "announces 4 plies but only 3 move lines follow"},
        {"3\n6 7\n3 4", 3, "announces 3 plies but only 2"},
        {"3\n5 7\n3 4\n6 4", 2, "piece 5 may not move at ply 0 (dice 6: only 6 may)"},
        {"3\n6 7\n3 4\n5 4", 4, "piece 5 is not on the board at ply 2"},
        {"3\n6 7\n3 4\n1 4", 4, "piece 1 may not move at ply 2 (dice 5: only 3 or 6 may)"},
        {"3\n6 8\n3 4\n6 4", 2, "direction 8 is not 0..7"},
        {"3\n7 1\n3 4\n6 4", 2, "piece 7 is not a piece number 1..6"},
        {"3\n6 7 1\n3 4\n6 4", 2, "expected 'piece direction'"},
        {"3\n6\n3 4\n6 4", 2, "expected 'piece direction'"},
        {"3\n6 6\n3 4\n6 4", 4, "is not reached"},
        {"1\n6 1", 2, "is not reached"},
        {"0", 1, "no piece stands there"},
    };
    for (const auto &c : cases) {
        INFO(c.answer);
        uint64_t cost = 99;
        Err err;
        CHECK(o.verify(c.answer, cost, err) == SOLVER_ERR_INVALID);
        CHECK(err.e.line == c.line);
        CHECK(err.e.column >= 1);
        CHECK_MESSAGE(std::string(err.msg).find(c.phrase) != std::string::npos, err.msg);
        CHECK(cost == 99);
    }
    // Off the board: piece 1 stands in the top-left corner; dice 1 moves it.
    Opened corner("2 2\n1 0\n0 0\n1\n1\n0");
    uint64_t cost = 0;
    Err err;
    CHECK(corner.verify("1\n1 0", cost, err) == SOLVER_ERR_INVALID);
    CHECK(std::string(err.msg).find("moves piece 1 off the board from row 0, column 0") != std::string::npos);
    CHECK(err.e.column == 5); // the direction token: "1\n1 0" index 4
    // Moving on after the goal was reached: the game ends there.
    Err err2;
    CHECK(corner.verify("2\n1 7\n1 0", cost, err2) == SOLVER_ERR_INVALID);
    CHECK(std::string(err2.msg).find("goal is already reached after ply 1") != std::string::npos);
    // A captured goal piece.
    Opened cap("2 2\n1 0\n2 0\n2\n1 1\n2");
    Err err3;
    CHECK(cap.verify("1\n1 6", cost, err3) == SOLVER_ERR_INVALID);
    CHECK(std::string(err3.msg).find("piece 2 was captured") != std::string::npos);
}

TEST_CASE("Ewn.Format.BufferProtocol") {
    Opened o(EXAMPLE);
    const uint32_t moves[3] = {6 * 8 + 7, 3 * 8 + 4, 6 * 8 + 4};
    size_t needed = 0;
    char small[4];
    Err err;
    CHECK(o.P->format_solution(o.inst, nullptr, moves, 3, small, sizeof small, &needed, &err.e) == SOLVER_ERR_BUFFER);
    CHECK(needed == std::string("3\n6 7\n3 4\n6 4").size() + 1);
    std::string out(needed, '\0');
    CHECK(o.P->format_solution(o.inst, nullptr, moves, 3, &out[0], out.size(), &needed, &err.e) == SOLVER_OK);
    CHECK(std::string(out.c_str()) == "3\n6 7\n3 4\n6 4");
    const uint32_t bad = 3; // piece 0
    CHECK(o.P->format_solution(o.inst, nullptr, &bad, 1, &out[0], out.size(), &needed, &err.e) == SOLVER_ERR_INTERNAL);
}

TEST_CASE("Ewn.Verify.MutatedAnswersNeverCrashAndAgreeWithTheChecker") {
    // Random character edits of a correct answer: the plugin's verifier and the independent
    // checker must agree on accept/reject; every rejection names a line and a column.
    const std::string text = ewn_test::read_text("puzzles/ewn/33.in");
    const auto s = ewn_test::table_astar(text);
    REQUIRE(s.plies == 16);
    Opened o(text);
    ewn_test::Rng rng(99);
    const char alphabet[] = "0123456789 \n-x";
    int accepted = 0, rejected = 0;
    for (int round = 0; round < 1000; ++round) {
        std::string answer = s.text;
        const int edits = rng.range(1, 2);
        for (int e = 0; e < edits; ++e)
            answer[rng.range(0, static_cast<int>(answer.size()) - 1)] = alphabet[rng.range(0, 13)];
        INFO(answer);
        uint64_t cost = 0;
        Err err;
        const solver_status st = o.verify(answer, cost, err);
        const auto check = solver_test::check_ewn_solution(text, answer);
        if (st == SOLVER_OK) {
            ++accepted;
            CHECK(check.ok);
            CHECK(cost == static_cast<uint64_t>(check.plies));
        } else {
            ++rejected;
            CHECK(st == SOLVER_ERR_INVALID);
            CHECK(err.e.line >= 1);
            CHECK(err.e.column >= 1);
            CHECK_MESSAGE(!check.ok, check.reason);
        }
    }
    CHECK(rejected > 0);
    MESSAGE(accepted << " mutated answers still valid, " << rejected << " rejected");
}
