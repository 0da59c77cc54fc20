// phase1: the exact phase-1 distance of Kociemba's two-phase algorithm (mode=fast), as one
// table: the moves that bring (twist, flip, E-slice edge positions) home, for every position.
//
// flip (0..2047) x slice positions (0..494) falls into 64,430 classes under the 16 symmetries
// that keep the U-D axis (they map the E-slice positions onto themselves and keep the phase-1
// goal); an entry is (class, twist seen through the symmetry that takes the position to its
// class's representative), 64,430 x 2,187 = 140,908,410 entries at 4 bits (67.2 MiB), every
// phase-1 distance (0..12) exact. twophase.h's three small tables (twist x slice, flip x slice,
// twist x flip, max'ed) are lower bounds of it; with the exact value phase 1's iterative
// deepening only walks paths that can still arrive, and it finds the same phase-1 solutions in
// the same order (both bounds are admissible, so neither cuts a path of the searched length:
// the same answers, fewer nodes).
//
// An entry stands for every position with its class's representative flip-slice and its twist;
// where the representative has symmetries of its own (a stabilizer), the positions S X S^-1 for
// those S have the same flip-slice and another twist: the entry's twins, at the same distance.
// The search's moves from an entry may lead to a twin of a neighbour rather than the neighbour
// itself, so each entry is given its twins' value as it gets its own (else a forward pass would
// leave some entries too high: 0.3% of them, found by the consistency test).
//
// Built by a layered breadth-first search on the services' parallel_for (forward passes while
// the frontier is small, then backward: an unreached entry looks for a neighbour on the
// frontier), class by class, so that a class's 18 neighbour rows (2,187 bytes each) stay in the
// cache; cached as cube-phase1.pdb under the cache folder (the class tables are recomputed at
// load, 0.1 s).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "class_table.h"

namespace cube {

constexpr uint32_t P1_CLASSES = 64430;  // flip x slice positions under the 16 U-D symmetries
constexpr int P1_TWISTS = 2187;

// The phase-1 coordinates' move tables ([value * 18 + move]: twist 0..2186, flip 0..2047, E-slice
// positions 0..494), built once a process on first use and shared by Phase1Classes and
// twophase.cc's search.
struct Phase1Moves {
    std::vector<uint16_t> twist, flip, slice;
};
const Phase1Moves &phase1_moves();

// The class structure, without the distances (cheap: recomputed by every load).
struct Phase1Classes {
    std::vector<uint32_t> fs_class;    // [slice * 2048 + flip]: class << 4 | sym, S_sym X S_sym^-1 = the rep's flip-slice
    std::vector<uint32_t> class_rep;   // [class]: the representative's slice * 2048 + flip
    std::vector<uint16_t> twist_conj;  // [twist * 16 + sym]: twist of S_sym X S_sym^-1
    std::vector<uint16_t> class_stab;  // [class]: bit s set when S_s keeps the representative's flip-slice (s > 0)
    const Phase1Moves *moves = nullptr;  // phase1_moves()
    // [class * 18 + move]: fs_class of the representative's flip-slice after the move, so that a
    // search can follow a position's (class, symmetry) along moves instead of reading fs_class
    // for every child (18 scattered lines; a class's row is 72 bytes): if S_s X S_s^-1 has the
    // flip-slice of class c's representative and class_move[c * 18 + sym_move[s][m]] = c' << 4 | t,
    // then S_u (X m) S_u^-1 has that of c', u = sym_mul[t][s] (symmetry.h's ClassMoves, for these
    // classes). u may differ from fs_class's symmetry where c' has a stabilizer: the entry is then
    // a twin of fs_class's, at the same distance.
    std::vector<uint32_t> class_move;
    uint8_t sym_move[16][18] = {}, sym_mul[16][16] = {};
    uint32_t classes = 0;
    // The entry of a position: class * 2187 + its twist seen through the class's symmetry.
    uint64_t index(int twist, int flip, int slice) const {
        const uint32_t v = fs_class[uint32_t(slice) * 2048 + uint32_t(flip)];
        return uint64_t(v >> 4) * P1_TWISTS + twist_conj[uint32_t(twist) * 16 + (v & 15)];
    }
};
const Phase1Classes &phase1_classes();  // built on first use (thread-safe), about 5 MiB

struct Phase1Table : ClassTableData {  // data, depth_counts, seconds, from_cache
    const Phase1Classes *cl = nullptr;
    unsigned distance(int twist, int flip, int slice) const {
        const uint64_t i = cl->index(twist, flip, slice);
        return (data[i >> 1] >> ((i & 1) * 4)) & 15;
    }
};

// The table of the cache folder. Not cached (or refused: damaged, another version): with
// `build`, built on the services' pool and saved; without, `out` is left empty and SOLVER_OK
// returned (the caller falls back to the small tables). One table per process once found (later
// calls get the same). SOLVER_ERR_STOPPED when stopped while building.
solver_status get_phase1_table(const solver_services *sv, bool build, std::shared_ptr<const Phase1Table> &out,
                               solver_error *err);

// Building and the file (get_phase1_table uses these; tests call them directly).
solver_status build_phase1_table(const solver_services *sv, Phase1Table &out);
bool save_phase1_table(const Phase1Table &t, const std::string &path, std::string &why);
bool load_phase1_table(const std::string &path, Phase1Table &t, std::string &why);
std::string phase1_file();  // "cube-phase1.pdb"

}  // namespace cube
