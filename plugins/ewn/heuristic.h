// heuristic.h -- lower bounds on the plies still needed (all admissible and consistent).
//
//   zero       h = 0.
//   chebyshev  h = Chebyshev (king-move) distance of the goal piece to the bottom-right corner
//              (the nearest present piece when s = 0): a ply moves one piece one king step.
//   dice-anytime  the exact answer of a relaxed game that keeps only the ply index mod p,
//              the SET of pieces on the board and the goal piece's Chebyshev distance d:
//                - at each ply the movers are computed from the set exactly as in the game;
//                - if the goal piece q is a mover, d may drop by one, and any other piece may be
//                  captured at the same ply (q steps onto it);
//                - otherwise d stays, and any piece other than q and other than some mover may
//                  be captured (a mover steps onto it) -- wherever the pieces stand;
//              it is solved once per instance by backward breadth-first search over
//              (t, set, d): at most 18 * 64 * 9 nodes per candidate goal piece (table H).
//   dice       (default) the same relaxed game, but a mover m cannot capture piece r before
//              ply offset rel(m, r) = (Chebyshev distance from m to r) - 1: two pieces get at
//              most one step closer per ply and a capture needs them adjacent. Solved per
//              state by a forward pass over offsets 0..max rel keeping,
//              for each set of pieces, the smallest d reached (fewer than 64 sets, at most 8
//              offsets), then H from the offset where every capture is allowed.
//
// Why the dice bound is admissible and consistent. Every real ply maps to a relaxed move: the
// real movers are movers(set, dice) because they depend only on which pieces are present; a
// real capture removes one piece that is not the mover (and never q, or q is lost); q's real
// distance changes by at most one and only when q moves. Writing H(t, P, d) for the relaxed
// distance, H is nondecreasing in d (a run from d+1 also works from d: which moves exist does
// not depend on d), so for every real ply (t, P, d) -> (t+1, P', d') with d' >= d - 1 (d' = d
// when q did not move) the relaxed game has the move to (t+1, P', max(d-1,0)) or (t+1, P', d),
// hence H(t, P, d) <= 1 + H(t+1, P', d'). At a goal d = 0 and H = 0. So H is consistent, thus
// admissible. Captures are NOT ignored: the relaxed game lets any capturable piece vanish at any
// ply, so a bound that counts on a piece staying (and so blocking the goal piece's dice) is never
// used. With s = 0 the bound is the minimum of H over the present pieces q: the piece that ends
// on the corner is on the board throughout, so each real path is a path of its own relaxed game,
// and a minimum of consistent functions over pieces that can only disappear stays consistent
// (the minimizer after the ply was present before it). H = infinity (no relaxed way to the
// corner, e.g. the goal piece can never be a mover) is reported as SOLVER_H_DEAD.
//
// The release times keep this. A real capture of r by m at this ply needs m adjacent to r, so
// rel(m, r) = 0 and the relaxed game allows it; after the ply every pairwise distance has
// dropped by at most one, so the child's rel'(m, r) >= rel(m, r) - 1:
// the parent's game, continued after its first ply, is constrained no more than the child's,
// hence V(parent) <= 1 + V(child). V >= H (more constrained), and V = H when all rel are 0.
#ifndef EWN_HEURISTIC_H
#define EWN_HEURISTIC_H

#include <cstdint>
#include <string>
#include <vector>

#include "puzzle.h"

namespace ewn {

enum class HeuristicKind { zero, chebyshev, dice_anytime, dice };

// Per-thread memo of the release-time game (it lives in the plugin's scratch): the value depends
// only on (goal piece, ply mod p, set of pieces, distance, pairwise distances), which repeat all
// over the board. Direct-mapped; a slot holds a full 63-bit key, so a hit is exact.
struct HeuristicCache {
    static constexpr unsigned BITS = 15;
    uint64_t key[1u << BITS] = {0}; // key | 1 << 63 when filled
    uint16_t value[1u << BITS] = {0};
};

class Heuristic {
public:
    static constexpr uint16_t INF = 0xFFFF;

    void build(const Puzzle &pz, HeuristicKind kind);
    // The bound for a state (STATE_SIZE bytes), or UINT32_MAX (SOLVER_H_DEAD) when no goal is
    // reachable: the goal piece is captured, or the relaxed game cannot reach the corner.
    // `cache` (may be null) is the calling thread's own.
    uint32_t value(const uint8_t *state, HeuristicCache *cache = nullptr) const;
    // Relaxed distance H for goal piece q (1..6), ply index t, present set `mask`, distance d.
    uint16_t relaxed(int q, int t, unsigned mask, int d) const {
        return table_[index(q, t, mask, d)];
    }
    HeuristicKind kind() const { return kind_; }

private:
    size_t index(int q, int t, unsigned mask, int d) const {
        return ((static_cast<size_t>(q - 1) * period_ + t) * 64 + mask) * (MAX_SIDE) + d;
    }
    int distance(int cell) const; // Chebyshev distance of a cell to the corner
    // The release-time game for goal piece q (see above); INF when it cannot reach the corner.
    uint32_t with_release(int q, int t, unsigned mask, int d, const uint8_t *state, HeuristicCache *cache) const;
    // The forward pass itself (rel[m][r] as above, horizon = the largest); INF when unreachable.
    uint32_t release_game(int q, int t, unsigned mask, int d, const int (*rel)[PIECES + 1], int horizon) const;

    HeuristicKind kind_ = HeuristicKind::dice;
    int rows_ = 0, cols_ = 0, period_ = 1, goal_piece_ = 0;
    std::vector<uint16_t> table_; // [q-1][t][mask][d], only for the dice kinds
    uint8_t dice_[MAX_PERIOD] = {0};
    struct Movers {
        int piece[2];
        uint8_t count, bits; // bits: bit k-1 set when piece k is a mover
    };
    Movers movers_[PIECES][64]; // [dice-1][set of pieces on the board]
};

} // namespace ewn

#endif
