// An independent Sokoban replay checker for the end-to-end tests. It shares no code with the
// plugin: its own map reader (XSB and the course format) and its own move rules.
#pragma once

#include <string>

namespace solver_test {

struct sokoban_check {
    bool ok = false;
    std::string reason;  // why the replay failed
    int pushes = 0, moves = 0;
};

// map: one level's text. moves: WASD (course format) or LURD (XSB: lowercase walk, uppercase
// push; a letter's case must match what it does, unless `any_case`: solution files such as
// cavepacker's write every move in lower case, and the checker then decides push or walk
// from the board alone).
sokoban_check check_sokoban_solution(const std::string& map, const std::string& moves, bool any_case = false);

// Level `k` (1-based) of an XSB collection, as text; "" when absent.
std::string xsb_level(const std::string& collection, int k);

}  // namespace solver_test
