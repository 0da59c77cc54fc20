// level.h -- a parsed Sokoban level: the raw grid as read, before any analysis.
//
// Both input formats (XSB and the course format) parse into this one shape; everything else
// (board.h, the techniques, the solution verifier) starts from it.
#ifndef SOKOBAN_LEVEL_H
#define SOKOBAN_LEVEL_H

#include <cstdint>
#include <string>
#include <vector>

namespace sokoban {

// Flags of one grid cell. A cell beyond the end of its line is VOID (outside the map).
enum : uint8_t {
    CELL_WALL = 1,
    CELL_GOAL = 2,
    CELL_FRAGILE = 4, // course format '@': the player may step on it, a box never
    CELL_BOX = 8,
    CELL_VOID = 16
};

// Directions, in the order of the course letters W A S D (up, left, down, right).
enum Dir : int { DIR_UP = 0, DIR_LEFT = 1, DIR_DOWN = 2, DIR_RIGHT = 3 };
inline int opposite(int d) { return d ^ 2; }
constexpr int DR[4] = {-1, 0, 1, 0};
constexpr int DC[4] = {0, -1, 0, 1};

enum class Format { xsb, course };

struct Level {
    Format format = Format::xsb;
    int width = 0;
    int height = 0;
    std::vector<uint8_t> grid; // width*height CELL_* flags, row-major
    int player = -1;           // grid index
    uint32_t first_line = 0;   // line (1-based) of the level's first row in the whole input
    int box_count = 0;
    int goal_count = 0;
};

// A failure with its position (1-based line and column in the whole input; 0 = n/a).
struct Failure {
    uint32_t line = 0;
    uint32_t column = 0;
    std::string message;
};

} // namespace sokoban

#endif
