// solution.h -- the answer text and its verifier.
//
// Text: the number of plies k on the first line, then k lines "piece direction"
// (no trailing newline when formatted; a trailing newline or blank lines are accepted).
#ifndef EWN_SOLUTION_H
#define EWN_SOLUTION_H

#include <cstdint>
#include <string>

#include "search.h"

namespace ewn {

// Format k move ids; false with `error` set on an id that is not a move.
bool format_solution(const uint32_t *moves, size_t count, std::string &out, std::string &error);

struct VerifyFailure {
    uint32_t line = 0, column = 0; // column = character index in the whole text + 1 (ABI)
    std::string message;
};

// Replay the text from the puzzle's start: each move must be legal at its ply (a mover for the
// dice, on the board, direction 0..7 staying on the board), the goal must be reached exactly
// after the last move (not before: the game ends there), k <= 100. Sets plies on success.
bool verify_solution(const Puzzle &pz, const char *text, size_t length, uint64_t &plies, VerifyFailure &f);

} // namespace ewn

#endif
