// corral.h -- PI-corral pruning (after YASS / JSoko), with the corral deadlock it finds for free.
//
// A corral C is a connected area of empty cells the player cannot reach. Its boundary is walls
// and boxes (an empty cell beside C would belong to C or make C reachable), so C changes only
// after a push of a box adjacent to C. Call C a PI-corral when every push of an adjacent box
// that could ever be the first such push
//   - goes into C (I: no push of an adjacent box to a cell outside C is possible, now or after
//     other boxes move; walls, fragile tiles, dead squares and the other adjacent boxes, which
//     cannot move before C changes, block such pushes for good), and
//   - is possible right now (P: the player reaches the cell behind the box now).
// If C is not solved (an empty goal in it, or an adjacent box off a goal), every solution
// makes such a push, and that push can be moved to the front: the pushes before it never
// touch C or its boxes, and the box it moves into C only leaves room. So only the pushes into
// C need to be expanded, and a PI-corral with no possible push at all is a deadlock.
// Among several PI-corrals the one with the fewest pushes is used. A corral that fails only
// because a push would come from, or go into, another corral is merged with that one and tried
// again (the argument holds for any union of corrals), up to 8 merges.
#ifndef SOKOBAN_CORRAL_H
#define SOKOBAN_CORRAL_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct CorralScratch {
    std::vector<uint32_t> comp;     // per cell: component stamp of an empty unreachable cell
    std::vector<uint32_t> boxmark;  // per cell: component stamp of an adjacent box
    uint32_t stamp = 0;
    std::vector<int> stack, cells, boxes;
    std::vector<int> pushes, best;  // box * 4 + dir
    std::vector<int> first_box, comp_boxes; // adjacent boxes per corral (CSR)
    std::vector<uint8_t> comp_goal, in_set; // comp_goal: the corral is unsolved on its own
    std::vector<int> set_list;
    // The corrals of the last call: the empty cells outside the player's area with
    // label_base < comp[c] <= label_base + label_count, corral k = comp - label_base - 1, the
    // boxes beside it comp_boxes[first_box[k], first_box[k + 1]) (each once, in the order the labelling met them). Read by
    // corraldead.h for pushes into a corral.
    uint32_t label_base = 0, label_count = 0;
    std::vector<int> comp_min; // per corral of the last call: its smallest cell (search.cc, child_player)
    uint64_t merges = 0; // corrals merged into a seed's set, all calls (tests, measurements)
    void init(int n);
};

enum class CorralVerdict { none, restrict, dead };

// occ: 1 per cell with a box; reach[c] == reach_stamp for the cells the player reaches.
// On restrict, `allowed` holds the pushes (box * 4 + dir) to expand, and nothing else.
// rescan (corralmerge=rescan): after each merge the pushes are scanned again from the first box
// (the old way, kept to test and measure against); by default the scan resumes where the merge
// was asked for, with the same result (corral.cc).
CorralVerdict find_pi_corral(const Board &board, const uint8_t *dead, const uint8_t *occ,
                             const uint32_t *reach, uint32_t reach_stamp, CorralScratch &s,
                             std::vector<int> &allowed, bool rescan = false);

} // namespace sokoban

#endif
