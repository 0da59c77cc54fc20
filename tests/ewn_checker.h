// An independent EWN rule book for the tests: its own input reader, its own move rules on a
// grid of cells (not the plugin's piece-position states), a replay checker for answers and a
// brute-force breadth-first search for the fewest plies. It shares no code with plugins/ewn.
// Used by tests/ewn_e2e_test.cc (unit_tests) and, through tests/ewn/reference.cc, by the
// domain tests; tools/ewn-bruteforce.cc runs the search from the command line.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace solver_test {

struct ewn_puzzle {
    bool ok = false;
    std::string error;      // why reading failed
    int n = 0, m = 0;       // rows, columns
    std::vector<int> grid;  // n*m cells, row by row: 0 or the piece number
    std::vector<int> dice;  // the period
    int s = 0;              // goal piece, 0 = any
};

// Reads "n m, n*m cells, p, p dice, s" (whitespace-separated). Only checks what it needs.
ewn_puzzle read_ewn(const std::string& text);

struct ewn_check {
    bool ok = false;
    std::string reason;  // why the replay failed
    int plies = 0;
};

// Replays an answer ("k", then k lines "piece direction") on the puzzle text: every move legal
// at its ply, the goal reached after the last ply and not before, k equal to the move lines.
ewn_check check_ewn_solution(const std::string& input, const std::string& answer);

// The pieces (ascending) that may move on `grid` when the dice shows `dice`.
std::vector<int> ewn_movers(const std::vector<int>& grid, int dice);

struct ewn_bfs_result {
    int plies = -1;          // fewest plies; -1 when no goal within 100 plies
    bool complete = true;    // false when max_states was exceeded (plies then unknown: -1)
    uint64_t states = 0;     // distinct (board, ply mod p) states stored
};

// Breadth-first search over (board, ply mod p), stopping at the first layer holding a goal,
// after 100 plies, or beyond max_states stored states.
ewn_bfs_result ewn_brute_force(const ewn_puzzle& p, uint64_t max_states = 1000000);

// The lines "file plies" of puzzles/ewn/OPTIMAL.txt (text given), '#' lines skipped.
std::vector<std::pair<std::string, int>> ewn_optimal_table(const std::string& text);

}  // namespace solver_test
