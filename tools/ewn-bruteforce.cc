// ewn-bruteforce: the fewest plies of an EWN puzzle by plain breadth-first search with the
// independent rule book of the tests (tests/ewn_checker.cc), to cross-check the solver on
// instances too large for the test suite. Not built by the Makefile:
//
//   g++ -std=c++17 -O2 -Itests tools/ewn-bruteforce.cc tests/ewn_checker.cc -o build/ewn-bruteforce
//   build/ewn-bruteforce puzzles/ewn/31.in [max_states, default 50000000]
//
// Prints "<file> plies=K states=S seconds=T" (plies=-1: no goal within 100 plies;
// plies=? when max_states was exceeded). Memory: 16 bytes per allowed state.
#include "ewn_checker.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PUZZLE [max_states]\n", argv[0]);
        return 2;
    }
    std::ifstream in(argv[1]);
    std::stringstream ss;
    ss << in.rdbuf();
    const auto puzzle = solver_test::read_ewn(ss.str());
    if (!puzzle.ok) {
        std::fprintf(stderr, "%s: %s\n", argv[1], puzzle.error.c_str());
        return 2;
    }
    const uint64_t max_states = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 50000000ull;
    const auto start = std::chrono::steady_clock::now();
    const auto r = solver_test::ewn_brute_force(puzzle, max_states);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (r.complete)
        std::printf("%s plies=%d states=%llu seconds=%.2f\n", argv[1], r.plies, (unsigned long long)r.states, seconds);
    else
        std::printf("%s plies=? states>%llu seconds=%.2f\n", argv[1], (unsigned long long)max_states, seconds);
    return r.complete ? 0 : 3;
}
