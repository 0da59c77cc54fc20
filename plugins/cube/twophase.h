// twophase: Kociemba's two-phase algorithm for fast near-optimal solutions.
// Phase 1 brings the cube into G1 = <U, D, R2, L2, F2, B2> (twist, flip and the E-slice edges
// solved) by IDA* on the coordinates (twist, flip, slice) with the pruning tables twist x slice
// and flip x slice; phase 2 solves within G1 on (corner permutation, U/D-edge permutation,
// slice permutation) with cornerperm x sliceperm and udedges x sliceperm. Phase-1 depths are
// tried in increasing order and every phase-1 solution is continued by a phase 2 of at most
// max_length - d1 moves; the first total within max_length is returned.
// Tables (about 6 MB) are built once per process on first use (thread-safe static init); phase
// 1's three small ones only when the exact phase-1 table is not given.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "cube.h"
#include "phase1.h"
#include "phase2.h"

namespace cube {

struct TwoPhaseResult {
    bool found = false;
    bool stopped = false;
    std::vector<int> moves;
    uint64_t nodes = 0;
};

// The moves m' with S^k * m * S^-k = m' (S = 120-degree whole-cube turn about URF-DBL);
// false if some conjugate is not a face turn (a broken symmetry table).
bool conjugation_map(int k, int map[NMOVES]);

// S^-k * c * S^k: the same position seen along another axis (same distance to solved).
CubieCube urf_conjugate(const CubieCube &c, int k);
// View k of c, as the optimal search's tables read it: 0..2 c along the U-D, R-L and F-B axes
// (urf_conjugate by k), 3..5 c's inverse along the same three.
CubieCube cube_view(const CubieCube &c, int k);

// should_stop is polled every few thousand nodes (may be empty). phase1: the exact phase-1
// table (phase1.h) as phase 1's bound instead of the three small tables; the same answer, fewer
// nodes (null: the small tables). phase2: the corners x U/D-edges table (phase2.h) max'ed with
// phase 2's two small tables; again the same answer, fewer nodes (null: the small ones alone).
// ahead: a node's children are made first and their table entries prefetched before they are
// tested (their cache misses overlap), and one move from the goal the children are tested for
// the goal instead of read (every bound is 0 at the goal and only there), and phase 2 starts
// from phase 2's small bounds, reading the phase-2 table only when they are within the limit,
// a phase-1 leaf's cube is made from the cubes kept along its path (only the moves that changed
// since the last leaf replayed), and with the phase-1 table a node's children's classes come
// from its class's row (Phase1Classes::class_move) instead of one fs_class line each: the same
// nodes in the same order, the same answer.
TwoPhaseResult solve_two_phase(const CubieCube &c, int max_length, const std::function<bool()> &should_stop,
                               const Phase1Table *phase1 = nullptr, const Phase2Table *phase2 = nullptr,
                               bool ahead = true);

}  // namespace cube
