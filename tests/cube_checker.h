// An independent facelet-level cube for tests: 54 stickers placed in 3-D, a face turn rotates
// the stickers of one layer by -90 degrees about the face's outward axis. It shares nothing
// with the plugin's cubie tables, so replaying a solution here checks the plugin from outside.
#pragma once

#include <string>

namespace cube_checker {

constexpr const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

// Applies one quarter turn of face "URFDLB"[face] clockwise (seen from outside that face).
std::string turn(const std::string &facelets, int face);
// Applies Singmaster moves (U D L R F B with ', 2 or nothing, space separated).
// Returns false on a token it does not know.
bool apply(std::string &facelets, const std::string &moves, int *count = nullptr);
// True when `moves` solves `facelets`; sets *count to the number of moves (half-turn metric).
bool solves(const std::string &facelets, const std::string &moves, int *count = nullptr);

}  // namespace cube_checker
