// phase2: a larger, exact bound for phase 2 of Kociemba's two-phase algorithm (mode=fast): the
// moves within G1 = <U, D, R2, L2, F2, B2> that bring the corner permutation and the U/D-edge
// permutation home together, for every pair (the E-slice edges' order left out).
//
// The corner permutation (0..40319) falls into 2,768 classes under the 16 symmetries that keep
// the U-D axis (they map G1's ten moves onto themselves, so conjugating a position keeps its
// distance); an entry is (class, the U/D-edge permutation seen through the symmetry that takes
// the corners to the class's representative), 2,768 x 40,320 = 111,605,760 entries at 4 bits
// (53.2 MiB). Distances 0..14 are exact; the farther ones (15..18, 15.5% of the entries) are
// stored as 15, a lower bound still (phase 2 is never asked for more than 12 moves). It bounds
// phase 2 with twophase.cc's two small tables (corner
// permutation x slice permutation, U/D edges x slice permutation, 967,680 entries each), max'ed:
// all three are admissible, so phase 2's iterative deepening keeps every path of the searched
// length and finds the same solutions in the same order, in fewer nodes.
//
// Twins, as in phase1.h: where a class's representative has symmetries of its own (a
// stabilizer S), the positions S X S^-1 have the same corners and another U/D-edge permutation,
// at the same distance; each entry is given its twins' value as it gets its own.
//
// Built by a layered breadth-first search on the services' parallel_for (forward passes, then
// backward once the unreached entries are fewer than the frontier's neighbours), class by
// class, so that a class's 10 neighbour rows (40,320 bytes each) stay in the cache; cached as
// cube-phase2.pdb under the cache folder (the class tables are recomputed at load, under 0.1 s).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "class_table.h"

namespace cube {

constexpr uint32_t P2_CLASSES = 2768;  // corner permutations under the 16 U-D symmetries
constexpr int P2_PERMS = 40320;        // 8! (corner permutations, U/D-edge permutations)
constexpr uint8_t P2_CAP = 15;         // entries store min(distance, 15)

// Phase 2's permutation move tables ([value * 18 + move], G1's ten moves only, the others 0:
// corner permutation, U/D-edge permutation), built once a process on first use and shared by
// Phase2Classes and twophase.cc's search.
struct Phase2Moves {
    std::vector<uint16_t> cp, ud;
};
const Phase2Moves &phase2_moves();

// The class structure, without the distances (cheap: recomputed by every load).
struct Phase2Classes {
    std::vector<uint32_t> cp_class;   // [corner perm]: class << 4 | sym, S_sym X S_sym^-1 = the rep's corners
    std::vector<uint16_t> class_rep;  // [class]: the representative's corner permutation
    std::vector<uint16_t> class_stab; // [class]: bit s set when S_s keeps the representative's corners (s > 0)
    std::vector<uint16_t> ud_conj;    // [ud * 16 + sym]: U/D-edge permutation of S_sym X S_sym^-1
    const Phase2Moves *moves = nullptr;  // phase2_moves()
    uint32_t classes = 0;
    // The entry of a position: class * 40320 + its U/D edges seen through the class's symmetry.
    uint64_t index(int cp, int ud) const {
        const uint32_t v = cp_class[uint32_t(cp)];
        return uint64_t(v >> 4) * P2_PERMS + ud_conj[uint32_t(ud) * 16 + (v & 15)];
    }
};
const Phase2Classes &phase2_classes();  // built on first use (thread-safe), about 4 MiB

struct Phase2Table : ClassTableData {  // data, depth_counts, seconds, from_cache
    const Phase2Classes *cl = nullptr;
    unsigned distance(int cp, int ud) const {  // min(distance, P2_CAP)
        const uint64_t i = cl->index(cp, ud);
        return (data[i >> 1] >> ((i & 1) * 4)) & 15;
    }
};

// The table of the cache folder, as get_phase1_table (phase1.h): not cached (or refused), with
// `build` built on the services' pool and saved, without it `out` left empty and SOLVER_OK
// returned (the caller does with the small tables). One table per process once found.
solver_status get_phase2_table(const solver_services *sv, bool build, std::shared_ptr<const Phase2Table> &out,
                               solver_error *err);

// Building and the file (get_phase2_table uses these; tests call them directly).
solver_status build_phase2_table(const solver_services *sv, Phase2Table &out);
bool save_phase2_table(const Phase2Table &t, const std::string &path, std::string &why);
bool load_phase2_table(const std::string &path, Phase2Table &t, std::string &why);
std::string phase2_file();  // "cube-phase2.pdb"

}  // namespace cube
