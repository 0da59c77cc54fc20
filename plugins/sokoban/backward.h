// backward.h -- a backward (pull) search member for the portfolio (back=off|t0|t1|only,
// portfolio.cc; issue 7).
//
// The search runs from the solved position towards the start: every box on a goal, the player
// in any free area of that position (one root per area, normalized like every state: the
// smallest cell of the area). A move is a PULL: the player, beside a box, steps one cell
// straight away from it and drags the box into the cell it left (the cell it steps to must be
// a free interior cell, the box's new cell a cell a box may stand on). The goal is the forward
// start: every box on a start cell and the player's start cell in the player's area, i.e. the
// forward initial_state() bytes exactly (same layout as search.h: 2-byte normalized player +
// box bitset, hashed by state_hash).
// Pruning, both sound backward (they never cut a pull sequence that reaches the start):
//   dead cells   a box on a cell from which no start cell can be reached by pulls, i.e. a cell
//                that no push sequence on the empty board brings a box to from any start cell
//                (push_distances), is never pulled there;
//   matching     the minimum-cost perfect matching of boxes to START cells with those distances
//                (heuristic.h's Hungarian, no player sides): no perfect matching -> dead; its
//                value is the search's estimate.
// No forward deadlock test (freeze, corrals, goal rooms) can ever fire: every pull can be undone
// by a push, so every state the search makes can be pushed back to the solved position (tried:
// the freeze test after each pull dropped 0 children on XSokoban 2-4).
// Per expansion the parent's matching is solved once and kept; each child re-inserts the one
// moved box's row (heuristic.h's matching_child, O(k^2)).
// Order: priority g_weight * g + h_weight * h (greedy: 0, 1; weighted A* w=1.5: 2, 3), ties to
// the smaller h (greedy: the deeper), each state stored once (StateStore; the first path found
// stays). When it reaches the start, solution() gives the FORWARD path: the states reversed and
// each pull as the push that undoes it (move id = the box's cell before the push * 4 + push
// direction), so format_solution() and the verifier handle it like any other member's.
//
// The feature-space order (backfess=on for back=only's greedy members, backorder=fess for the
// portfolio's guest; session 32), after FESS (fess.h) turned round for pulls. Every state is
// projected onto three features, each cheap and each a thing the pulls must change on the way to
// the start:
//   starts   boxes standing on start cells: the pull direction's "packed" (at the target all k;
//            a pull that puts a box on a start cell is the backward twin of pushing one home);
//   regions  the areas the boxes cut the free floor into (fess.h's connectivity; the player's
//            area is one of them): a pull that joins areas lets the player reach more box sides;
//   goals    boxes still on goal cells that are not start cells: how far the goal area has been
//            unpacked. Early on every box stands there; a search that keeps pulling the box it
//            likes best away toward the start cells leaves the goal area packed and the player
//            walled out of it (the backward twin of the forward failure where packed goals wall
//            the last boxes off). The feature gives the states that unpacked more, or fewer,
//            goals turns of their own. (backfess=sr drops it: starts and regions only.)
// backfess=order counts `starts` in a fill order instead, the pull direction's packing order
// (fess.h's packed): from the start position the boxes the player can push at once (to a
// free cell a box may stand on, from a cell the player reaches) form layer 0 and are taken
// off the board, then those pushable next layer 1, and so on (boxes never pushable: the last
// layer). Forward, the deep layers' boxes move last, so pulling fills their start cells
// first: `starts` is the boxes on the start cells of the deepest layer, the next deepest ...,
// up to and with the first such layer not full (a box pulled early onto a shallow layer's
// start cell, which may wall off the deep ones, does not count until the deeper are full).
// The states are filed under their feature cell (the triple); the loop visits the non-empty
// cells in turn (first filed, first visited; an emptied cell leaves the ring and rejoins at
// its end when a state is filed in it again) and expands the least state of the cell: the
// least matching estimate, then the least weight, then the deeper (each cell a greedy search of
// its own). A pull costs 0 when it raises `starts` or lowers `regions` (the advisors), 1
// otherwise; a state's weight is the sum along its first path. (Weight first, as fess.h does
// forward, was tried: without a packing order and its macro the weight grows by one on almost
// every pull, so each cell went breadth-first, and XSokoban 2 3 5 6, which greedy solves in
// 5k-82k expansions, were not solved in 300k; estimate first solves them in 40k-112k.) Each state is stored once (StateStore, the first path found stays, as
// in the plain orders); the dead-cell and matching pruning and the solution are the same.
#ifndef SOKOBAN_BACKWARD_H
#define SOKOBAN_BACKWARD_H

#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "areatree.h"
#include "huge_alloc.h"
#include "heuristic.h"
#include "search.h"
#include "state_store.h"

namespace sokoban {

// Pushes to bring a box from `start` to each cell on the empty board (UINT16_MAX: never); the
// same number is the pulls from that cell back to `start`.
std::vector<uint16_t> push_distances(const Board &board, int start);

// Per interior cell: 1 when no start cell can be reached from it by pulling (a box there is
// dead for the backward search); cells no box may stand on are dead too.
std::vector<uint8_t> backward_dead_cells(const Board &board);

// One pull of the box on `box` by a player standing beside it in direction `dir` (occ: 1 per
// cell with a box): the player steps from nb[box][dir] to the next cell in that direction and
// the box follows into nb[box][dir]. false when the player's cell or the cell behind it is a
// wall or holds a box, or a box may not stand on the player's cell. (Whether the player can
// walk to its cell is the caller's test.)
bool pull_move(const Board &board, const uint8_t *occ, int box, int dir, int &box_to, int &player_to);

class BackwardSearch;

// The second stage's order (backorder2, session 33): weighted A* w=1.5 (today's), the
// feature-space order (BACK_FESS_ALL) or its fill-order variant (BACK_FESS_ORDER).
enum : int { BACK_STAGE2_WEIGHTED = 0, BACK_STAGE2_FESS = 1, BACK_STAGE2_ORDER = 2 };

// The portfolio guest's second stage (backcap2, portfolio.cc): after `first` has used its cap,
// the order `order2` (BACK_STAGE2_*): `first` itself when it runs that order already (it goes
// on), else a new search with the same memory budget and forward store (`first` is freed
// before it is made).
std::unique_ptr<BackwardSearch> backward_second_stage(std::unique_ptr<BackwardSearch> first, const Instance &inst,
                                                      int order2 = BACK_STAGE2_WEIGHTED);
// A new search in the order `order2` with the given memory budget and forward store (the second
// stage that backward_second_stage makes; backstart2 makes it while the first goes on).
std::unique_ptr<BackwardSearch> backward_stage_search(const Instance &inst, uint64_t budget, const StateStore *forward,
                                                      int order2);

// The pull search's features of a state (the feature-space order, above).
struct BackFeatures {
    uint32_t starts = 0;  // boxes on start cells
    uint32_t regions = 0; // areas of interior cells without a box
    uint32_t goals = 0;   // boxes on goal cells that are not start cells
};

// The feature-space order's features (fess): 0 off (the plain order), BACK_FESS_ALL the three,
// BACK_FESS_SR starts and regions only (goals left 0).
enum : int { BACK_FESS_OFF = 0, BACK_FESS_ALL = 1, BACK_FESS_SR = 2, BACK_FESS_ORDER = 3 };

// The fill order of backfess=order: per interior cell the layer (0: filled first backward) of
// the start cell there, -1 for other cells; `layers` the count.
std::vector<int> backward_fill_layers(const Board &board, int &layers);

class BackwardSearch {
public:
    enum class Status { running, solved, exhausted, memory };
    // g_weight, h_weight: the order (greedy 0, 1; weighted A* w=3 1, 3; w=1.5 2, 3); with fess
    // (BACK_FESS_ALL|SR) the feature-space order instead (the weights are not read).
    BackwardSearch(const Instance &inst, uint64_t memory_budget, uint32_t g_weight = 0, uint32_t h_weight = 1,
                   int fess = BACK_FESS_OFF);
    // Expand up to max_expansions states; `stop` is polled before each one.
    Status run(uint64_t max_expansions, const std::function<bool()> &stop);
    Status status() const { return status_; }
    uint64_t expanded() const { return expanded_; }
    size_t states() const { return nodes_.size(); }
    size_t roots() const { return roots_; }
    // After Status::solved: the FORWARD path's states (count + 1, state_size bytes each, the
    // forward initial state first), its moves (pushes) and its cost (pushes).
    void solution(std::vector<uint8_t> &states, std::vector<uint32_t> &moves, uint64_t &cost) const;
    const std::vector<uint8_t> &dead() const { return dead_; }
    // The meet count (a measurement): each new child is also looked up in `forward`, a forward
    // search's store on the SAME thread (the portfolio's thread-0 weighted A*; read only between
    // that search's expansions, so nothing is shared between threads); meets() counts the hits.
    void set_forward(const StateStore *forward) { forward_ = forward; }
    const StateStore *forward() const { return forward_; }
    uint64_t meets() const { return meets_; }
    bool weighted() const { return gw_ != 0 && fess_ == BACK_FESS_OFF; }
    int fess() const { return fess_; }
    // The features of a state (the feature-space order; computed with any order).
    BackFeatures features(const uint8_t *state);
    size_t cells() const { return cells_.size(); } // feature cells made so far (fess)
    uint64_t memory_budget() const { return budget_; }
    // The least estimate of any state queued so far (its progress toward the start; UINT32_MAX
    // before the first; the portfolio's trace and progress shares, portfolio.h).
    uint32_t best_h() const { return best_h_; }
    // How many states have been queued with the estimate best_h() since it last fell (the width
    // of the guest's best plateau; a measurement for the trace and backshare, portfolio.h).
    uint64_t at_best() const { return at_best_; }
    size_t open_size() const { return fess_ ? fess_open_ : open_.size(); }
    // The least estimate among the roots (the solved position's areas), and how many times
    // best_h() has fallen since (measurements for the trace).
    uint32_t root_h() const { return root_h_; }
    uint64_t falls() const { return falls_; }
    // The matching bound of boxes to start cells for a state (H_DEAD: no perfect matching or a
    // box on a dead cell).
    uint32_t estimate(const uint8_t *state);

private:
    struct Node {
        uint32_t parent, move, g;
    };
    using Entry = std::tuple<uint64_t, uint64_t, uint32_t>; // (priority, tie, node)
    bool start();
    uint64_t memory() const;
    // Flood over cells without boxes from `from`, marking `marks` with `stamp` (and appending
    // the cells reached to `cells` when given); the smallest cell reached.
    int flood(const uint8_t *occ, uint32_t *marks, uint32_t stamp, int from, std::vector<int> *cells = nullptr);
    template <bool Collect>
    int flood_cells(const uint8_t *occ, uint32_t *marks, uint32_t stamp, int from, std::vector<int> *cells);
    uint32_t next_stamp(std::vector<uint32_t> &marks, uint32_t &stamp);
    // The child's smallest player cell after pulling the box on `box` onto `to`, the player to
    // q (occ_ holds the parent; its area R is area_ == area, smallest cell `player`).
    int child_player(int player, int box, int to, int q, uint32_t area);
    int other_min(int x); // the smallest cell of the parent's empty area (not R) holding x
    // The features of the boxes on `boxes` (occ: 1 on each), with backfess=order the boxes per
    // layer left in per_layer (the parent's in fill_count_, from which its children's follow).
    BackFeatures features_of(const std::vector<int> &boxes, const uint8_t *occ, std::vector<uint32_t> &per_layer);
    // backfess=order: the ordered count from the boxes per layer (fill_count_).
    uint32_t ordered_starts(const uint32_t *per_layer) const;
    // Stores the new state `st` in `slot` (StateStore::find just missed it there) with its node,
    // and queues it or, when it is the forward start, records the goal.
    uint32_t push_node(const uint8_t *st, uint64_t hash, uint64_t slot, uint32_t parent, uint32_t move, uint32_t g,
                       uint32_t h, const BackFeatures *f = nullptr, uint32_t weight = 0);
    // The feature-space order: the regions of the cells without a box in `occ` (a full flood);
    // the next state to expand (the least of the cell whose turn it is; some cell holds one).
    uint32_t count_regions(const uint8_t *occ);
    uint32_t pop_fess();
    uint64_t cell_key(const BackFeatures &f) const {
        return static_cast<uint64_t>(f.starts) | static_cast<uint64_t>(f.regions) << 21 | static_cast<uint64_t>(f.goals) << 42;
    }

    const Instance &inst_;
    uint64_t budget_;
    uint32_t gw_, hw_;
    Heuristic h_; // matching to the start cells
    HeuristicScratch hs_;
    std::vector<uint8_t> dead_;
    std::vector<uint8_t> target_; // the forward initial state
    std::vector<uint8_t> occ_;
    std::vector<uint32_t> mark_; // the children's floods
    uint32_t stamp_ = 0;
    std::vector<uint32_t> area_; // the expanded state's player area: area_[c] == area_stamp_
    uint32_t area_stamp_ = 0;
    AreaTree tree_;                  // R's cut cells, built when the local test cannot settle a child
    std::vector<uint32_t> other_;    // cells of other areas met this expansion: other_ == other_stamp_
    uint32_t other_stamp_ = 0;
    std::vector<int> other_min_;     // their area's smallest cell
    std::vector<int> other_cells_;
    std::vector<int> stack_, boxes_, parent_boxes_;
    std::vector<uint8_t> cur_, child_;
    uint64_t target_hash_ = 0;
    StateStore store_;
    HugeVec<Node> nodes_; // huge_alloc.h, as the store
    std::priority_queue<Entry, HugeVec<Entry>, std::greater<Entry>> open_;
    // The feature-space order (fess_ != 0): per node its weight; per cell its queue (priority
    // h << 32 | weight, tie the deeper first); the ring of non-empty cells in turn order.
    int fess_ = BACK_FESS_OFF;
    std::vector<uint8_t> start_cell_, goal_only_; // per interior cell: a start cell; a goal but no start cell
    std::vector<uint32_t> weight_;
    std::vector<std::priority_queue<Entry, HugeVec<Entry>, std::greater<Entry>>> cells_;
    std::unordered_map<uint64_t, uint32_t> cell_of_;
    std::vector<uint32_t> ring_;
    std::vector<uint8_t> in_ring_;
    size_t turn_ = 0, fess_open_ = 0;
    std::vector<uint32_t> region_mark_;
    uint32_t region_stamp_ = 0;
    bool last_local_ = false; // child_player's last answer came from the local test
    std::vector<int> fill_layer_;       // backfess=order: backward_fill_layers
    std::vector<uint32_t> layer_size_;  // start cells per layer
    std::vector<uint32_t> fill_count_, child_count_; // boxes per layer: the parent's, a child's
    uint64_t expanded_ = 0, meets_ = 0;
    uint32_t best_h_ = UINT32_MAX;
    uint64_t at_best_ = 0, falls_ = 0;
    uint32_t root_h_ = UINT32_MAX;
    const StateStore *forward_ = nullptr;
    size_t roots_ = 0;
    uint32_t goal_ = UINT32_MAX;
    bool started_ = false;
    Status status_ = Status::running;
};

} // namespace sokoban

#endif
