// solution.h -- turning a push path into text, and replaying text independently.
//
// Text: course format -> W/A/S/D (up, left, down, right), all uppercase; XSB -> LURD with
// lowercase walks and uppercase pushes. The verifier accepts either case of the letters of the
// level's format and ignores whitespace.
#ifndef SOKOBAN_SOLUTION_H
#define SOKOBAN_SOLUTION_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "level.h"
#include "search.h"

namespace sokoban {

// Rebuild the walks between the pushes: from the real start position, shortest walk (BFS) to
// the cell behind each pushed box, then the push. A macro move (macros.h) is expanded into its
// pushes with push_path() towards the next state of `states` (count + 1 states; may be null
// when every move is a single push). false with `error` when a move is not legal.
bool format_solution(const Instance &inst, const uint8_t *states, const uint32_t *moves, size_t count,
                     std::string &out, std::string &error);

// Replay `text` on the level's grid. true with pushes set when legal and every box ends on a
// goal; false with column (index + 1 of the offending character, 0 for "ends unsolved") and a
// reason.
bool verify_solution(const Level &level, const char *text, size_t length, uint64_t &pushes,
                     uint32_t &column, std::string &error);

} // namespace sokoban

#endif
