// heuristic.h -- lower bounds on the pushes still needed.
//
// Push distances are precomputed per goal by pulling (deadsquares.h: pull_distances), so they
// respect walls and fragile tiles but ignore the other boxes and where the player stands.
//   matching: minimum-cost perfect matching of boxes to goals (Hungarian algorithm, O(k^3));
//             admissible and consistent for pushes; no perfect matching -> dead.
//   greedy:   each box in turn takes the nearest goal still free (a box whose free goals are
//             all unreachable pays its nearest goal); cheaper, NOT admissible.
//   none:     h = 0.
#ifndef SOKOBAN_HEURISTIC_H
#define SOKOBAN_HEURISTIC_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

enum class HeuristicKind { matching, greedy, none };

constexpr uint32_t H_DEAD = UINT32_MAX;

struct Heuristic {
    HeuristicKind kind = HeuristicKind::matching;
    int n = 0;                  // interior cells
    int k = 0;                  // goals
    std::vector<uint16_t> dist; // dist[g * n + cell]: pushes from cell to goal g
    std::vector<uint16_t> nearest; // per cell: min over goals (UINT16_MAX: dead square)

    void init(const Board &board, HeuristicKind kind);
};

// Per-thread buffers of the Hungarian algorithm, sized once.
struct HeuristicScratch {
    std::vector<int64_t> u, v, minv;
    std::vector<int> p, way;
    std::vector<uint8_t> used, taken;
    std::vector<int64_t> pu, pv; // the parent's solution (matching_keep_parent)
    std::vector<int> pp;
    void init(int k);
};

// h of the boxes (interior indices, count == heuristic.k), or H_DEAD.
uint32_t evaluate(const Heuristic &h, const int *boxes, int count, HeuristicScratch &s);

// As evaluate(); for matching, also the optimal assignment: goal_of[i] = goal index (into
// board.goals / heuristic rows) of box i. goal_of is left untouched for greedy and none.
uint32_t evaluate_assigned(const Heuristic &h, const int *boxes, int count, HeuristicScratch &s,
                           int *goal_of);

// Incremental matching for the children of one parent: after evaluate_assigned() on the
// parent, matching_keep_parent() saves its optimal duals and assignment; matching_child() then
// gives the exact matching of boxes where only box `row` moved, re-inserting that one row with
// a single augmentation, O(k^2) instead of O(k^3). Matching only.
void matching_keep_parent(HeuristicScratch &s);
uint32_t matching_child(const Heuristic &h, const int *boxes, int count, int row, HeuristicScratch &s);

// The matching's cheapest incremental case: one box of the parent's optimal assignment moves one
// push closer to its assigned goal. Then the child's matching is exactly parent - 1 (it cannot
// be lower: the matching is consistent), so the Hungarian run can be skipped.
inline bool matching_step_closer(const Heuristic &h, int goal, int from, int to) {
    const uint16_t a = h.dist[static_cast<size_t>(goal) * h.n + from];
    const uint16_t b = h.dist[static_cast<size_t>(goal) * h.n + to];
    return a != UINT16_MAX && b != UINT16_MAX && b + 1 == a;
}

} // namespace sokoban

#endif
