// Matchsticks end to end through the solver binary: the 3x3 and 4x4 tables against the
// reference files in puzzles/matchsticks/, an unreachable S, the no-dangling counts, single
// (S, R) queries, input and option errors with their exit codes, at 1 and 2 threads.
#include "test_support.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using solver_test::read_file;
using solver_test::run_solver;

namespace {
bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// The reference lines (comments dropped), whitespace normalised to one space.
std::vector<std::string> reference_lines(const std::string& path) {
    std::vector<std::string> out;
    std::istringstream in(read_file(path));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ls(line);
        std::string w, norm;
        while (ls >> w) norm += (norm.empty() ? "" : " ") + w;
        out.push_back(norm);
    }
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

// Our table lines minus the "M N S - 0" ones (the reference files list reachable S only).
std::vector<std::string> reachable(const std::string& text) {
    std::vector<std::string> out;
    for (const auto& l : lines_of(text))
        if (!has(l, " - ")) out.push_back(l);
    return out;
}

const char* thread_counts[] = {"1", "2"};
}  // namespace

TEST_CASE("MatchsticksE2E.Table3x3MatchesReference") {
    for (const char* t : thread_counts) {
        CAPTURE(t);
        auto r = run_solver(std::string("--plugin matchsticks --input '3 3' --threads ") + t);
        REQUIRE(r.exit_code == 0);
        auto lines = lines_of(r.out);
        REQUIRE(lines.size() == 15);  // S = 0..14, one line each
        CHECK(lines[12] == "3 3 12 - 0");
        CHECK(lines[13] == "3 3 13 - 0");
        CHECK(reachable(r.out) == reference_lines("puzzles/matchsticks/squares-3x3.txt"));
    }
}

TEST_CASE("MatchsticksE2E.Table4x4MatchesReference") {
    for (const char* t : thread_counts) {
        CAPTURE(t);
        auto r = run_solver(std::string("--plugin matchsticks --input '4 4' --option s=0..30 --threads ") + t);
        REQUIRE(r.exit_code == 0);
        CHECK(lines_of(r.out).size() == 31);
        CHECK(reachable(r.out) == reference_lines("puzzles/matchsticks/squares-4x4.txt"));
        auto d = run_solver(std::string("--plugin matchsticks --input '4 4' --threads ") + t);  // default S = 0..14
        REQUIRE(d.exit_code == 0);
        auto all = lines_of(r.out);
        CHECK(lines_of(d.out) == std::vector<std::string>(all.begin(), all.begin() + 15));
    }
}

TEST_CASE("MatchsticksE2E.UnreachableAndSingleQueries") {
    for (const char* t : thread_counts) {
        CAPTURE(t);
        auto r = run_solver(std::string("--plugin matchsticks --input '3 3 12' --threads ") + t);
        CHECK(r.exit_code == 0);
        CHECK(r.out == "3 3 12 - 0\n");
        r = run_solver(std::string("--plugin matchsticks --input '4 4 9' --threads ") + t);
        CHECK(r.exit_code == 0);
        CHECK(r.out == "4 4 9 5 7144\n");
        r = run_solver(std::string("--plugin matchsticks --input '4 4 9 5' --threads ") + t);
        CHECK(r.exit_code == 0);
        CHECK(r.out == "4 4 9 5 7144\n");
        r = run_solver(std::string("--plugin matchsticks --input '4 4 9 4' --threads ") + t);
        CHECK(r.exit_code == 0);
        CHECK(r.out == "4 4 9 4 0\n");
    }
}

TEST_CASE("MatchsticksE2E.NoDanglingCounts") {
    for (const char* t : thread_counts) {
        CAPTURE(t);
        auto r = run_solver(std::string("--plugin matchsticks --input '3 3' --option mode=nodangling --option r=4..6 --threads ") + t);
        REQUIRE(r.exit_code == 0);
        CHECK(r.out == "3 3 4 1262\n3 3 5 2160\n3 3 6 2650\n");
        r = run_solver(std::string("--plugin matchsticks --input '10 10' --option mode=nodangling --option r=0..16 --threads ") + t);
        REQUIRE(r.exit_code == 0);
        auto lines = lines_of(r.out);
        REQUIRE(lines.size() == 17);
        CHECK(lines[1] == "10 10 1 212");
        CHECK(lines[2] == "10 10 2 22278");
        CHECK(lines[3] == "10 10 3 1547004");
        CHECK(lines[13] == "10 10 13 135871476036610693224");  // past 2^64, printed exactly
    }
}

TEST_CASE("MatchsticksE2E.BadInputAndOptions") {
    auto r = run_solver("--plugin matchsticks --input '3 x'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "<input>:1:3: error:"));
    r = run_solver("--plugin matchsticks --input '9 3'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "out of range 1..8"));
    r = run_solver("--plugin matchsticks --input '3 3 15'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "<input>:1:5: error:"));
    r = run_solver("--plugin matchsticks --input '3 3' --option mode=circles");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "mode"));
    r = run_solver("--plugin matchsticks --input '3 3' --option s=9..2");
    CHECK(r.exit_code == 2);
    // the 6x6 table takes about 0.5 s at 2 threads: a limit 10 times shorter stops it
    r = run_solver("--plugin matchsticks --input '6 6' --time-limit 0.05 --threads 2");
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    // Solve-only instances (SOLVER_SOLVE_ONLY): the runtime's engines are refused (they would
    // run the one-state placeholder model and print an empty "solution"), `solve` answers.
    for (const char* e : {"astar", "bfs", "ida", "count"}) {
        CAPTURE(e);
        r = run_solver(std::string("--plugin matchsticks --input '4 4 9' --engine ") + e);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(has(r.err, "only with its own search"));
    }
    r = run_solver("--plugin matchsticks --input '4 4 9' --engine solve");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "4 4 9 5 7144\n");
}
