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
    void init(int k);
};

// h of the boxes (interior indices, count == heuristic.k), or H_DEAD.
uint32_t evaluate(const Heuristic &h, const int *boxes, int count, HeuristicScratch &s);

} // namespace sokoban

#endif
