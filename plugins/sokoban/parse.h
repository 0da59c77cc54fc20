// parse.h -- reading levels in the XSB and the course format.
//
// The input is split into lines. A map row is a line whose first character other than blanks,
// floor ('-', '_') and digits is a wall '#'; every other line (blank, a comment ';', a title
// such as 'The Dungeon', "Title: ...", "Author: ...", "Level 12") separates levels, and every
// maximal run of map rows is one level. Rows may be run-length encoded: a count before a
// character repeats it ("3#" is "###") and '|' ends a row within a line. A level is in the
// course format when it contains any of "o O x X !", else in XSB.
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
