// optimal: parallel IDA* in the half-turn metric with pattern-database lower bounds.
//
// h = max over the tables (each exact for its pattern, hence admissible). For each bound the
// tree is cut at a fixed depth (3, or less for small bounds): every canonical prefix that the
// heuristic does not prune becomes one task on the pool (group_spawn), so work stealing spreads
// the uneven subtrees. Moves are canonical: never the same face twice in a row, and of two
// opposite faces only the order U-D, R-L, F-B. The first bound at which a task reaches the goal
// is the optimal length; once any task has found a solution the others stop at their next node.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <solver/plugin.h>

#include "fst.h"
#include "pdb.h"

namespace cube {

struct OptimalResult {
    solver_status status = SOLVER_OK;
    std::vector<int> moves;
    uint64_t nodes = 0;
};

OptimalResult solve_optimal(const CubieCube &c, const std::vector<std::shared_ptr<const Pdb>> &tables,
                            const solver_services *sv);

// The table bound for a cube (max over the tables).
unsigned pdb_bound(const Loc &s, const std::vector<std::shared_ptr<const Pdb>> &tables);

// The same search over the corner table and the flip-slice-twist table looked up along the
// three axes (tables=fst; fst_search.cc). corners is the c01234567 table; null (in tests)
// leaves the corners to the goal test.
OptimalResult solve_optimal_fst(const CubieCube &c, const Pdb *corners, const FstTable &fst, const solver_services *sv);
// The flip-slice-twist distances of c along the three axes (out) and their max.
unsigned fst_bound(const CubieCube &c, const FstTable &fst, unsigned out[3]);

}  // namespace cube
