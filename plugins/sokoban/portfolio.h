// portfolio.h -- the parallel portfolio: different searches on different threads, the first
// solution wins (portfolio=on|off; used as the default engine "solve" from 2 threads on).
//
// Weighted A* and greedy best-first fail on different levels: a level whose difficulty is
// reaching the boxes (the matching bound says little) falls to greedy in a few thousand nodes
// and takes weighted A* hundreds of thousands, while a level with a long packing order is the
// other way round. So with T threads, thread k runs its own sequential best-first search over
// the same expansion (search.h) with the k-th configuration:
//   0: weighted A*, f = g + 1.5 h     1: greedy on h (ties: larger g)
//   2: weighted A*, f = g + 3 h       3: A*, f = g + h (fewest pushes within the macros)
//   4+: the same four again with the children in reversed order (different tie-breaking).
// Remaining ties go by the move ordering's rank (ordering.h; ordering=off leaves them to the
// order of generation).
// fess=share (the default): thread 1, after its greedy search's first 2^18 expansions, also
// runs the feature-space search (fess.h) in turn with it, 1024 expansions each, half the
// memory share each; fess=on runs FESS instead of greedy there; fess=off greedy only. FESS
// has its own tree and visited table; it shares the local deadlock table like any search.
// fess0=on|chain (default on): thread 0 likewise alternates its weighted A* with a FESS member
// of its own after fess0after expansions (2^18 by default), with the toward advisor on every
// push (on, the form XSokoban 56 needs) or in the chain form.
// fess1with=greedy|plan|none: what thread 1's FESS member alternates with once greedy has had
// its first fess1after (2^18) expansions: greedy (the share above), a second FESS member with
// the out-of-plan feature (plan: 1024 expansions to the member's 4096, greedy stops), or
// nothing (none: the member alone). fess0with=astar|plan|none: the same for thread 0's member
// and its weighted A* (its plan member too has the toward advisor in the chain form).
// cdmembers=all|LIST (options.h): with corraldead=on|pi, which of these searches run the corral
// deadlock test: astar (thread 0's weighted A*), greedy (thread 1's), fess0 and plan0 (thread
// 0's FESS and plan members), fess1 and plan1 (thread 1's), rest (threads 2 and up).
// Each search has its own visited table (open addressing on the Zobrist hash, states in one
// arena) within its share of the memory budget; they share nothing but the stop flag, so no
// locks. A goal is recognised when generated; the first search to find one publishes its path
// (compare-and-swap on `winner`), every search polls the flag and the runtime's should_stop.
#ifndef SOKOBAN_PORTFOLIO_H
#define SOKOBAN_PORTFOLIO_H

#include <cstdint>
#include <string>

#include <solver/plugin.h>

#include "search.h"

namespace sokoban {

// Solve with services->threads searches; on success writes the solution text through
// services->write_output and sets *cost (pushes). Returns SOLVER_OK, SOLVER_ERR_UNSOLVABLE
// (every search exhausted its space without the tunnel macro: after an exhaustion with it the
// searches run once more without it), SOLVER_ERR_STOPPED or SOLVER_ERR_NO_MEMORY.
solver_status portfolio_solve(const Instance &inst, const solver_services *services, uint64_t *cost,
                              std::string &message);

} // namespace sokoban

#endif
