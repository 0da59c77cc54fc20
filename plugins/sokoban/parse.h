// parse.h -- reading levels in the XSB and the course format.
//
// The input is split into lines; a line that is blank (only whitespace) or whose first
// non-blank character is ';' (comment) or '\'' (an XSB title such as 'The Dungeon') separates
// levels; every maximal run of other lines is one level. A level is in the course format when
// it contains any of "o O x X !", else in XSB.
//
// Errors carry the 1-based line and column in the whole input text and say what was expected.
#ifndef SOKOBAN_PARSE_H
#define SOKOBAN_PARSE_H

#include <cstddef>
#include <cstdint>

#include "level.h"

namespace sokoban {

// How many levels the text holds; false (with f set) when it holds none.
bool count_levels(const char *text, size_t length, uint32_t &count, Failure &f);

// Parse level `level` (1-based) into `out`; false with f set on any error.
bool parse_level(const char *text, size_t length, uint32_t level, Level &out, Failure &f);

} // namespace sokoban

#endif
