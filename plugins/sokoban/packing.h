// packing.h -- a packing order of the goals from a backward (pull) search on the solved
// position, the "packed" feature of the feature-space search (fess.h; fessorder=on|off).
//
// Start with a box on every goal. In round r, every goal whose box can be pulled, alone (the
// other remaining goal boxes stay as walls), onto a cell that is not a goal is given removal
// round r; then all of those boxes are taken away and the next round begins. Goals that never
// come free take the last round. The packing layer of a goal is (last round - its round): the
// goals that come free last are the ones to fill first (the far end of a goal room, the inside
// of a goal block), and a goal in layer L is best filled once layers 0..L-1 are full.
// The player in a pull search starts on any free cell beside the box (the solved position's
// player may stand anywhere); one pull moves box and player one cell away from the box's side.
#ifndef SOKOBAN_PACKING_H
#define SOKOBAN_PACKING_H

#include <cstdint>
#include <vector>

#include "board.h"

namespace sokoban {

struct PackingOrder {
    std::vector<int> layer; // per interior cell: the goal's packing layer, -1 off goals
    std::vector<uint32_t> layer_size; // goals per layer (packorder=park: and the parks placed in it)
    int layers = 0;
    int floor_rounds = 0; // out=start: the rounds where no box got out to a start cell (floor's rule used)
    int shared_rounds = 0; // out=match: the rounds where boxes got out only to start cells already matched (start's rule used)
    // side (packside=on, session 27): the rounds after which, with the goals still standing
    // (and parked boxes) as walls, some goal freed so far or start cell off the walls lies
    // outside the floor's part that holds the most of them (below, compute_packing_order).
    int side_rounds = 0;
    int rule = 0;     // the rule it was computed with (PACK_OUT_*), so a member can recompute it with side
    int side = 0;     // the side rule it was computed with (PACK_SIDE_*, compute_packing_order)
    // out=park (session 14): a box parked on a cell off its goal before its goal is filled. The
    // box of `goal` is pushed from a start cell onto `cell` while layer place_layer is filled (one
    // of that layer's fills), stays there as a wall, and is pushed from `cell` onto `goal` in
    // goal's layer (> place_layer). Empty for the other rules.
    struct Park {
        int goal = -1, cell = -1, place_layer = 0;
    };
    std::vector<Park> parks;
};

// Where a box must be pulled to count as freed (packorder=floor|start, fess.h):
//   PACK_OUT_FLOOR -- any cell off the goals (the order above, since session 7). A box pulled
//     onto a floor cell inside a goal room that no box can reach from outside (a pocket between
//     goals) counts as freed, so the order can ask for a goal to be filled that no box can
//     reach at that point (XSokoban 11: packing.cc's check below, README);
//   PACK_OUT_START -- a cell a box starts on, off the goals: reversed, the pull is a push of a
//     box from its start cell onto the goal, the goals of the later rounds (earlier layers)
//     standing, so every layer can be filled in turn from the start cells (the other boxes
//     ignored). A round in which no box gets out to a start cell falls back to the floor rule
//     (floor_rounds counts those).
//   PACK_OUT_MATCH -- as start, but one box per start cell over the whole order (packorder=
//     match): the start cells of all boxes (on goals too) are matched to the goals freed so far
//     (a bipartite matching, grown by augmenting paths), and a goal is freed in a round only if
//     the matching can take it on with the start cells its box can be pulled out to then. A
//     goal whose box starts on it may keep that box (matched to itself) in a round where no
//     other goal comes free, so it stays among the first filled. A round where no goal can be
//     matched but some get out to a start cell used already falls back to the start rule
//     (shared_rounds), one where none gets out to a start cell to the floor rule (floor_rounds).
//   PACK_OUT_PARK -- as match, with parking (packorder=park, session 14): in a round where match
//     would fall back (no goal's box gets out to a free start cell), one goal's box may instead be
//     pulled onto a free cell that is not a start cell (its park cell) and left there as a wall;
//     that round frees this goal alone. From the next round on the parked box may be pulled out
//     to a start cell (matched as its goal's box) in any round. Reversed: the box is pushed from
//     its start cell onto the park cell while an earlier layer is filled, and from there onto
//     its goal in a layer of its own (PackingOrder::parks). Which goal and which cell: a
//     depth-first search with backtracking over the choices, candidates ranked by how many goals
//     (and parked boxes) get out to a start cell in the next round; it ends at the first order
//     without a shared or floor round, else keeps the one with the fewest of them (ties: fewer
//     parks), within a budget of pull searches. A stuck state where no park helps falls back as
//     match. Without any park the order is match's.
//   PACK_OUT_PARK2 -- as park, but two parks in a row may come before a box gets out
//     (packorder=park2, session 16; XSokoban 18's top pocket): where no single park lets a box
//     out to a start cell, or none of those ends without a fall-back, a goal's box may be parked
//     although nothing gets out yet, when a look one park ahead says a second park would let
//     some box out (the best kCandidates of those, packing.cc chain_candidates); the second park
//     must then let a box out, as park's. The chains are tried after the single parks of the
//     same stuck state, so the orders differ only where park's search meets a stuck state none of
//     its parks gets out of without a fall-back (XSokoban 18 35 44 85 86 87, Microban 17 levels).
//   PACK_OUT_PARK2 + 1 .. PACK_OUT_PARK_LAST -- park3 .. park8 (packorder=parkN, session 17): up
//     to N parks in a row. park2's order, unless it falls back and the check (unfollowable_layer)
//     rejects it; then the park search again with 1, 2, .. N parks in a row allowed (every park
//     of a chain but the last ranked as park2's first, by the look one park ahead), sharing 10
//     times park2's budget of pull searches, until one ends without a fall-back; the order kept
//     is the first with the fewest fall-backs (park2's on a tie). So parkN's order differs from
//     park2's only where park2's is rejected: XSokoban 69 (the one-park search, given the larger
//     budget, finds an order with 8 parks and no fall-back) and Microban 98 (three parks in a
//     row); README, session 17.
enum : int { PACK_OUT_FLOOR = 0, PACK_OUT_START = 1, PACK_OUT_MATCH = 2, PACK_OUT_PARK = 3, PACK_OUT_PARK2 = 4,
             PACK_OUT_PARK_LAST = 10 };
// The parks in a row of a parked rule (park 1, park2 2, parkN N), and the rule of N in a row.
inline int park_chain_of(int out) { return out - PACK_OUT_PARK + 1; }
inline int pack_out_park(int chain) { return PACK_OUT_PARK + chain - 1; }
// side (packside=on, session 27): keep the player's side. In every round (of every rule, park's
// searches too), each goal the rule would free is scored by the cells that need the player (the
// goals freed so far and this one, to be filled after the goals still standing, and the start
// cells of boxes not under a wall: the boxes still to bring in) that lie outside the floor's
// part holding the most of them, with the goals still standing (and parked boxes) as walls and
// this goal off them. Kept are the goals that shut out the least (all of them when that is
// none); the rule's step then frees those (match: the matching takes them, or all the
// goals when none of those can be matched). Reversed: a goal is filled only while the goals
// still to fill and the boxes still to come stay on the player's side of it; a row of goals
// between two halves of the map is filled after the goals beyond it (Sasquatch I 18,
// GRIGoRusha 19: NOTES.md, sessions 26-27).
// own (packside=own, session 28): as on, but a goal that lands, off the walls, outside the main
// part in a part holding other goals or start cells (a part shut out already) is scored without
// itself, so where the start cells are split from the first round on (Sasquatch I 12, GRIGoRusha
// 1) a goal beside a shut part is not deferred to a round of its own (fewer, larger layers).
// reach (packside=reach, session 29): own's discount only where no goal of the round, nor one
// that could come free right after it, reopens that part: a goal that lands outside the main
// part in a part holding other need is scored without itself when the part stays apart from the
// main part even with every goal the rule would free this round off the walls, and then every
// goal still standing whose box could be pulled off the goals (a look one round ahead): a part
// shut since an earlier round, and shut for a while yet, is not this round's fault. Where one of
// them would reopen it (kTwoRooms' door in the same round, kDoorAfterGoal's in the next: tests),
// it counts as with on, so the room behind a door is filled before the door.
// (3 and 4 are options.h's PACKSIDE_T0|T1.)
enum : int { PACK_SIDE_OFF = 0, PACK_SIDE_ON = 1, PACK_SIDE_OWN = 2, PACK_SIDE_REACH = 5 };
PackingOrder compute_packing_order(const Board &b, int out = PACK_OUT_FLOOR, int side = PACK_SIDE_OFF);

// The start cells off the goals (1 per cell): where PACK_OUT_START pulls to.
std::vector<uint8_t> packing_sources(const Board &b);

// The packing orders' pull search, alone (tests): can the box on goal g (occ[g] set) be pulled
// onto a cell with out[c] != 0 (null: any cell off the goals), the boxes of occ standing still
// and the player anywhere beside it at first? With `hits` (needs out) the search runs to its end
// and lists every such cell the box reaches, in the order first reached (g itself left out).
// occ is restored.
bool pull_out(const Board &b, std::vector<uint8_t> &occ, int g, const uint8_t *out = nullptr,
              std::vector<int> *hits = nullptr);

// Is the order followable? Starting from no goal filled, layer by layer, can every goal of a
// layer be filled (in some order within the layer: all orders of up to 12 goals are tried,
// larger layers greedily) by a box pushed from a start cell off the goals, the goals filled
// so far standing still and no other box on the board (a relaxation: the player may stand
// anywhere)? Returns the first layer that cannot be filled, with a goal of it that cannot be
// filled then in *goal (may be null), or -1 when every layer can be. -1 too when no box can be
// brought in. one_per_start (the default since session 13): every box serves one goal at most
// (the same matching as PACK_OUT_MATCH; boxes starting on goals are sources too and may stay
// on their own goal); false: the session-12 check, where one start cell off the goals may
// serve several goals (it accepts XSokoban 14's start order, which asks the one box of the
// right-hand area for two goals). With one_per_start the subset search within a layer keeps
// the matching of the first fill order that reached a subset, so it may miss an order.
// Parks (p.parks, packorder=park): a layer's fills include the parks placed in it (a box pushed
// from a start cell, one per start cell as for a goal, onto the park cell), and a parked goal
// is filled from its park cell (the box pushed from there, no start cell); a parked box is a
// wall from its placement until its goal is filled. A target cell already taken (a filled goal,
// a parked box), a park whose place_layer is not before its goal's layer, or a parked goal whose
// box is not parked yet cannot be filled: the order is rejected at that layer.
int unfollowable_layer(const Board &b, const PackingOrder &p, int *goal = nullptr, bool one_per_start = true);

// Boxes packed in order: the boxes on goals of layers 0, 1, ... up to and including the first
// layer that is not full. occ: 1 per interior cell with a box. count: a buffer of layers entries.
// With parks (packorder=park), a park counts as one of its place_layer's fills once a box stands
// on its park cell or on its goal, so the count follows the parked order (a parked box is
// counted twice once on its goal: the packed count can reach goals + parks).
uint32_t packed_in_order(const PackingOrder &p, const Board &b, const uint8_t *occ, std::vector<uint32_t> &count);

// The packing macro's search (fesspack=on, fess.h): the fewest pushes that take the box at
// `from` onto any cell with target[cell] != 0, the other boxes of occ (which includes `from`)
// fixed, the player starting on `player`, the box never on a cell with dead[cell] != 0 (null:
// none). A breadth-first search over (box cell, player side), one flood of the player's area
// per state; the first target reached is the nearest, so its path is a fewest-push one, the
// same length as solution.h's push_path() finds again when it formats the move.
struct PackPath {
    int first_dir = -1; // the first push's direction
    int dest = -1;      // the target reached
    int end_player = -1; // the cell the player stands on after the last push
    uint32_t pushes = 0;
};
// Which sides of the box the player reaches comes from one depth-first search per call over
// the floor without the other boxes (the moving box taken away): two cells beside the box's
// cell X are joined without X unless X cuts them apart (a child subtree of X whose low link
// does not climb above X), a look-up per push instead of a flood of the player's area per
// state. flood=true in the scratch floods for every state, as before (the reference the tests
// compare with: the same paths).
// Session 13 (exact, the same answers): relax=true (the default) first runs a search over the
// box's cells alone, the player taken to stand on any free cell: a box that reaches no target
// even so has no path, and the call returns false without the search above (most calls from
// the FESS member fail, most of them so). The states are marked with a stamp per call (seen)
// rather than prev filled with -1.
struct PackPathScratch {
    std::vector<int32_t> prev;  // per (cell * 4 + side): previous state (-2 start), valid where seen == sstamp
    std::vector<uint32_t> seen; // per (cell * 4 + side): the call's stamp once queued
    uint32_t sstamp = 0;
    std::vector<uint32_t> mark; // flood stamps
    uint32_t stamp = 0;
    std::vector<int> queue, stack;
    std::vector<int> disc, low, last, parent; // the depth-first search: order, low link, subtree end, parent
    std::vector<uint8_t> next;                // per cell: the next direction to try
    std::vector<int> dfs;                     // the depth-first search's stack (n + 1)
    bool flood = false;
    bool relax = true; // the relaxed search first (false: the full search for every call, as before)
    // ring=true (the default, session 13, exact): whether the player goes from one side of the box
    // to another is first tried along the eight cells around the box, and the depth-first search
    // runs only when that fails, at most once per call (false: before the search, every call).
    bool ring = true;
    uint64_t cut_searches = 0; // depth-first searches run so far
    uint64_t relaxed_out = 0; // calls the relaxed search answered (false) so far
    void init(int n);
};
// area (null: flood it): per cell, a label of its floor area with every box of occ as a wall,
// the player's area being the cells labelled player_area (pack_prepare's labels, fess.cc: one
// labelling per expansion instead of a flood of the player's area per call; the same paths).
bool pack_path(const Board &b, uint8_t *occ, const uint8_t *dead, const uint8_t *target, int from, int player,
               PackPathScratch &s, PackPath &out, const uint32_t *area = nullptr, uint32_t player_area = 0);

} // namespace sokoban

#endif
