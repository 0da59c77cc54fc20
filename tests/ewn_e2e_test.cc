// EWN end to end through the solver binary: every shared instance at its proven optimum
// (puzzles/ewn/OPTIMAL.txt) on every optimal engine at 1 and 2 threads, each answer replayed by
// the independent rule book in ewn_checker.cc; bad input with <stdin>:line:column and exit 2;
// unsolvable (refused at open, or exhausted) with exit 1. Under ThreadSanitizer only the 2-thread
// solves run: a 1-thread solve has no race to find, and the plain run checks its answers.
#include "ewn_checker.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <sstream>
#include <utility>
#include <vector>

using solver_test::check_ewn_solution;
using solver_test::read_file;
using solver_test::run_solver;

namespace {
bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::vector<std::pair<std::string, int>> optimal_table() {
    return solver_test::ewn_optimal_table(read_file("puzzles/ewn/OPTIMAL.txt"));
}

// The thread counts to solve at: 1 and 2, or 2 alone in the ThreadSanitizer build.
std::vector<int> thread_counts() {
    // Under either sanitizer two threads only: the plain run covers one thread, and the 66 runs
    // of SharedInstancesOptimalOnAstarHdaIda took 53 s under AddressSanitizer (session 29).
    if (solver_test::sanitizer() != solver_test::sanitizer_kind::none) return {2};
    return {1, 2};
}

void solve_and_replay(const std::string& file, int optimum, const std::string& engine, int threads) {
    const std::string path = "puzzles/ewn/" + file;
    CAPTURE(path);
    CAPTURE(engine);
    CAPTURE(threads);
    auto r = run_solver("--plugin ewn --input " + path + " --engine " + engine + " --threads " +
                        std::to_string(threads) + " --memory-limit 2G --time-limit 60 --stats json");
    REQUIRE(r.exit_code == 0);
    CHECK(first_line(r.out) == std::to_string(optimum));
    CHECK(has(r.err, "\"solution_cost\":" + std::to_string(optimum) + ","));
    CHECK(has(r.err, "\"verified\":true"));
    auto check = check_ewn_solution(read_file(path), r.out);
    CHECK_MESSAGE(check.ok, check.reason);
    CHECK(check.plies == optimum);
}
}  // namespace

TEST_CASE("EwnE2E.SharedInstancesOptimalOnAstarHdaIda") {
    const auto table = optimal_table();
    REQUIRE(table.size() == 11);
    for (const char* engine : {"astar", "hda", "ida"})
        for (int threads : thread_counts())
            for (const auto& [file, optimum] : table) solve_and_replay(file, optimum, engine, threads);
}

TEST_CASE("EwnE2E.SmallSharedInstancesOptimalOnBfs") {
    // Breadth-first search uses no bound: from 14.in on each takes seconds, so only the first few.
    for (const auto& [file, optimum] : optimal_table()) {
        if (file != "example.in" && file != "11.in" && file != "12.in" && file != "13.in") continue;
        for (int threads : thread_counts()) solve_and_replay(file, optimum, "bfs", threads);
    }
}

TEST_CASE("EwnE2E.DefaultEngineAndOutputFormat") {
    auto r = run_solver("--plugin ewn --input puzzles/ewn/example.in");
    REQUIRE(r.exit_code == 0);
    // k, then k lines "piece direction", one trailing newline from the CLI.
    std::istringstream in(r.out);
    std::string line;
    std::getline(in, line);
    CHECK(line == "3");
    int lines = 0;
    while (std::getline(in, line)) {
        CHECK(line.size() == 3);
        CHECK(line[1] == ' ');
        ++lines;
    }
    CHECK(lines == 3);
    CHECK(r.out.back() == '\n');
    auto help = run_solver("--plugin ewn --help");
    CHECK(help.exit_code == 0);
    CHECK(has(help.out + help.err, "heuristic=dice|dice-anytime|chebyshev|zero"));
}

TEST_CASE("EwnE2E.BadInputGivesLineColumnAndExit2") {
    auto r = run_solver("--plugin ewn --input -", "2 2\n0 1\n0 x\n1\n1\n0");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK_MESSAGE(has(r.err, "<stdin>:3:3: error: expected the cell at row 1, column 1"), r.err);
    auto dup = run_solver("--plugin ewn --input -", "2 2\n3 0\n0 3\n1\n1\n0\n");
    CHECK(dup.exit_code == 2);
    CHECK_MESSAGE(has(dup.err, "<stdin>:3:3: error: piece 3 appears twice"), dup.err);
    auto trailing = run_solver("--plugin ewn --input -", "2 2\n0 1\n0 0\n1\n1\n0\n5\n");
    CHECK(trailing.exit_code == 2);
    CHECK_MESSAGE(has(trailing.err, "<stdin>:7:1: error: unexpected '5' after the goal piece"), trailing.err);
    auto option = run_solver("--plugin ewn --input puzzles/ewn/example.in --option speed=max");
    CHECK(option.exit_code == 2);
    CHECK(has(option.err, "unknown option 'speed'"));
}

TEST_CASE("EwnE2E.UnsolvableExitsWith1") {
    // The goal piece is not on the board: refused when opening.
    auto absent = run_solver("--plugin ewn --input -", "2 2\n0 1\n0 0\n1\n1\n4\n");
    CHECK(absent.exit_code == 1);
    CHECK(has(absent.err, "no solution: the goal piece 4 is not on the board"));
    CHECK(absent.out.empty());
    // The dice always show 3 and only piece 3 ever moves: piece 1 never reaches the corner.
    for (const char* engine : {"astar", "hda", "bfs"}) {
        CAPTURE(engine);
        auto never = run_solver(std::string("--plugin ewn --input - --threads 2 --engine ") + engine,
                                "3 3\n1 0 0\n0 2 0\n3 0 0\n1\n3\n1\n");
        CHECK(never.exit_code == 1);
        CHECK(has(never.err, "no solution"));
        CHECK(never.out.empty());
    }
}
