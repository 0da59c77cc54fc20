// The tests' own 8-puzzle oracle, independent of the test plugin: exact distances of every
// solvable position by breadth-first search, and reproducible random positions.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

namespace solver_test {

using board = std::array<unsigned char, 9>;  // row by row, 0 = blank; goal 1 2 3 4 5 6 7 8 0

// Distance to the goal of each of the 181440 solvable positions (computed once).
const std::map<board, int>& eightpuzzle_distances();
// "1 2 3 ..." as the test plugin reads it.
std::string eightpuzzle_text(const board& b);
// `count` solvable positions at most `max_distance` from the goal, from a seeded generator.
std::vector<board> eightpuzzle_positions(int count, unsigned seed, int max_distance = 99);

}  // namespace solver_test
