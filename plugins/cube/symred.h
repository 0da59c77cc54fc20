// symred: the symmetry of the start position, used to search one move sequence per symmetry
// orbit (symred=on|off).
//
// The 48 symmetries of the cube (rotations and reflections) are T_{k,s}(X) = U^-k S_s X S_s^-1
// U^k: S_s one of the 16 that keep the U-D axis (symmetry.h), U the 120-degree turn about URF-DBL
// (urf_conjugate). Each is an automorphism of the cube group that maps face turns to face turns,
// so if T(X) = X and the sequence q solves X (X q = I), T(q) solves X too, with the same length.
// The start's stabilizer G (the T with T(X) = X; 48 for the superflip, 1 for almost every
// position) splits the solutions into orbits, and a search that keeps one sequence per orbit
// still finds one of every length there is.
//
// The search only generates canonical sequences (never one face twice in a row; of two opposite
// faces only the order U-D, R-L, F-B), and T may turn a canonical pair D U into U D order, so the
// image of a canonical q is canon(T(q)): each adjacent opposite pair put in canonical order (the
// same element, the same length; T maps the commutation classes onto each other, so canon(T(.))
// is a group action of G on canonical sequences). Its first len-1 moves depend only on the
// first len moves of q (in a canonical sequence a run on one axis has at most two moves), so a
// task's prefix p of len moves is kept when its first len-1 moves are the lexicographically
// least among those of canon(T(p)) for T in G. Exact: for any solution q, the T that makes the
// first len-1 moves of canon(T(q)) least gives a solution whose prefix is kept (its images are
// images of q), and the tree below a kept prefix is searched in full.
// The rule is applied to every partial prefix too (g >= 2 moves): what it drops, no longer prefix
// with those moves could keep.
// Not used: the inverse (X^-1 = T(X)), which maps prefixes to suffixes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cube.h"

namespace cube {

struct StartSymmetry {
    // The move map (m -> T m T^-1) of each T in the stabilizer other than the identity.
    std::vector<std::array<int8_t, NMOVES>> maps;
    int order() const { return int(maps.size()) + 1; }  // |G|
};

// The move map of each of the 48 symmetries (index k * 16 + s; 0 is the identity).
const std::vector<std::array<int8_t, NMOVES>> &all_symmetry_move_maps();
// The stabilizer of c among the 48.
StartSymmetry start_symmetry(const CubieCube &c);
// The task prefix length with a nontrivial G: 5 moves when |G| >= 8 (superflip: 12,480 of
// 577,368 prefixes kept, 46 times fewer; with 4 moves 1004 of 43,254, 43 times; with 3, 118 of
// 3240, 27 times), else 4 (level 2 of optimal.txt, |G| = 4: 3.85 times fewer with 4, 3.95 with 5).
int symred_prefix_depth(const StartSymmetry &g);
// Whether a canonical prefix of len moves is kept (see above); always with a trivial G.
bool symred_keep(const StartSymmetry &g, const int *moves, int len);

}  // namespace cube
