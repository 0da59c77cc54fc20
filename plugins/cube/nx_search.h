// nx_search: the optimal search over the N table (tables=nx, session 37; nx_search.cc says how a
// node is formed and why it is its own worker). Parallel IDA* on the runtime's pool, bound by the
// six views of the N table (per side the max of three, with de Bondt's rule) and the corner
// table for the children that pass N.
#pragma once

#include <vector>

#include <solver/plugin.h>

#include "cube.h"
#include "nx.h"
#include "optimal.h"
#include "pdb.h"

namespace cube {

struct NxSearchOptions {
    // De Bondt's rule per side (bondt_rule): three equal views of x mean at least x + 1. The
    // plugin's bondt=auto|on|off (auto: on).
    bool bondt = true;
    // The next-move rule: a node's inverse view a at its moves left skips its children on view
    // a's axis (they would read the same entry and fail). The same nodes, fewer children. The
    // plugin's nextmove=auto|on|off (auto: on).
    bool nextmove = true;
    // A child made by a turn of view a's axis takes inverse view a's bound from its parent
    // instead of reading it (the same entry). The same nodes; tools/cube-ab's nx_inherit=on|off.
    bool inherit = true;
    // Read the forward view with the parent's largest bound first, the other two only for the
    // children that pass it. The same nodes; tools/cube-ab's nx_lazy=on|off.
    bool lazy_forward = true;
    // Prefetch the corner table's byte with the inverse lines (off: after N passed, a round of
    // misses of its own). The same nodes; tools/cube-ab's nx_corner_early=on|off.
    bool corner_early = true;
    // nx_batch: expand up to this many sibling nodes together, stage by stage (their children's
    // lines prefetched for all of them before any is read), so one round of misses serves several
    // nodes. 0 and 1: one node at a time. The same nodes and children for every value (tested).
    int batch = 8;
    // nx_cousins: a batch takes the children of the following nodes of the batch above too (its
    // cousins, next in the depth-first order) as long as they fit in nx_batch; off (default):
    // siblings only (no gain measured from cousins, README session 37 nxb37).
    // The same nodes either way; tools/cube-ab's nx_cousins=on|off.
    bool cousins = false;
    // nx_switch (nxopt's choice between a node and its inverse): before its expansion a node is
    // searched from whichever cube has fewer moves to try, itself (its inverse views forbid the
    // next turns, the next-move rule) or its inverse (its forward views forbid the last turns);
    // the moves then go to the front or the back of the solution. Different nodes, the same
    // lengths; only with nextmove (without it no side forbids anything). An experiment
    // (tools/cube-ab's nx_switch=on|off, not a plugin option): session 49 measured 0.91 of the
    // children but the same CPU (plugins/cube/README.md, session 49), so off.
    bool inverse_switch = false;
    TaskOrder order_tasks = TaskOrder::score;  // score or off (prev, mix, deep: as score here)
    bool symred = true;
};

// corners: the c01234567 table (null: none; the goal test is exact either way).
OptimalResult solve_optimal_nx(const CubieCube &c, const Pdb *corners, const NxTable &t, const solver_services *sv,
                               const NxSearchOptions &opt = NxSearchOptions());
// For the tests: the six views' bounds of c followed by moves as the search forms them (forward
// views by the move tables, inverse views from the Loc bytes), one move at a time.
// turns: bit i set turns the node to its inverse (nx_switch's step) before move i, bit
// moves.size() after the last; the moves after a turn apply to the inverse.
void nx_follow(const NxTable &t, const CubieCube &c, const std::vector<int> &moves, unsigned v[6], uint64_t turns = 0);

}  // namespace cube
