// fess.h -- a feature-space search member for the portfolio (fess=off|share|on, portfolio.h),
// after Shoham & Schaeffer's FESS (IEEE CoG 2020), reduced to what is here so far.
//
// Every state is projected onto a small feature vector:
//   packed  -- boxes on goals in the packing order (packing.h, packorder: the goals of layers 0, 1, ...
//              up to the first layer not full), or all boxes on goals with fessorder=off;
//   regions -- the number of separate areas the boxes cut the free floor into (the player's
//              area is one of them; fewer is better: more of the map is reachable).
// The search keeps every state it generated (one tree, deduplicated by a visited table, as in
// portfolio.cc) and files each unexpanded state under its feature cell. The loop visits the
// non-empty cells in round-robin order and, in the visited cell, expands the state with the
// least accumulated weight (ties: smaller matching bound h, then deeper). The weight of a move
// is 0 when an advisor recommends it -- it packs a box (packed rises) or opens the floor
// (regions drop) -- and 1 otherwise; a state's weight is the sum along its path. So no cell of
// the feature space is starved by the bound: a state that packs one more box gets its own turn
// at once, however far the matching bound says it is from the goal.
// Children come from expand_state (search.h): every deadlock test and the macros stay on. The
// search is complete: it stops only on a goal, on its budget or when no cell holds a state,
// and then it has expanded every state reachable through expand_state (tested).
// fesstoward=on adds an advisor: a push that brings the pushed box nearer (in push distance,
// heuristic.h's tables) to the goals of the first packing layer that is not full costs 0 too,
// a cheap stand-in for Festival's packing advisor, whose move pushes a box all the way home.
// fesstoward=chain (the default) frees such a push only when it pushes the box that the push
// into the parent moved: a box's run toward the goals costs 1 for its first push, 0 after.
// fesspack=on (the default) adds Festival's packing macro: when a state is expanded, beside
// its plain pushes, one more child that pushes a box all the way onto an empty goal of the
// first packing layer not full (the boxes tried nearest first, in push distance; the other
// boxes fixed; the fewest pushes, packing.h's pack_path), as one move whose weight is 0 (it
// packs a box). Its move id is the first push's, so solution.h finds the same pushes again.
// fesshot=1|2 (default off) adds a hotspot advisor, a local stand-in for Festival's: the box
// that stops the most neighbouring boxes (at least 1 or 2) from a push nearer a goal, by
// standing where they would go or where the player would push from; a push of it that leaves
// it stopping fewer costs 0.
// fessrooms=on (the default) adds Festival's room-connectivity feature as a third cell
// coordinate (rooms.h: the room links the boxes block); a push that unblocks one costs 0.
// fessrooms=t0|t1 (session 17): on for one portfolio thread's members only (set_rooms): on
// XSokoban 18 the feature splits thread 0's member's cells three ways (237 cells against 80 at
// 200000 expansions) and it packs 3 boxes where it packs 10 without (README, session 17).
// fessplan=on|all (default off) adds Festival's out-of-plan feature as a fourth coordinate
// (plan.h: the boxes on cells the packing plan will shut in or needs free); a push that lowers
// it costs 0.
// fessturns=cells|packed|mixed (default cells) says whose turn it is: cells is the paper's rule
// above (every non-empty cell in turn); packed goes round the packed counts that have a
// non-empty cell first, then round the cells of that count, so the few cells with many boxes
// packed get as many turns as the many with few (new here, not Festival's; mixed: packed on
// thread 0's members only, cells on thread 1's, portfolio.cc). Measured (README, round 6): the
// deep cells were not starved (XSokoban 11 makes its first state with 5 packed at expansion
// 198598 of 200000), and packed is slower on 5 of the 6 XSokoban levels thread 1's member
// solves alone, hence off.
// fessbox=on|t0|t1 (default off, session 46; t0|t1: one portfolio thread's FESS and plan members)
// adds a box-move advisor: a push of the box that the push into the parent moved costs 0,
// whichever way, so a box's whole run costs 1 for its first push. Festival's moves are whole box
// moves (a box taken from one cell to another, one weight each); ours are single pushes, and
// fesstoward=chain frees a run only while it heads for the next layer's goals.
// fessopen=on|t0|t1 (default t1 since session 18; t0|t1: one portfolio thread's FESS and plan
// members only, not its packall guest) adds an opener advisor, a general stand-in for
// Festival's (whose exact rule is not copied): a push after which the OTHER boxes off goals
// have more live pushes from the player's area (onto a free cell that is not a dead square)
// than before costs 0 -- the push made way for other boxes, by freeing a cell one of them
// must go to or stand behind, or by letting the player reach their sides. Meant for the
// plateaus where no box can be packed for many pushes (XSokoban 23, 35; README, session 18).
// fessgoals=on|t0|t1 (default off, session 20; t0|t1: one portfolio thread's members) prunes a child whose push froze its box on a goal when
// the other boxes cannot fill the goals left open with the player's side kept (sidegoals.h:
// the frozen-goal test of expand_state without its side relaxation). Such a child is kept in
// the visited table (never made again) but filed in no cell.
// fessseal=on|t0|t1|fess0 (default off, session 21; t0|t1: one portfolio thread's members;
// fess0: thread 0's FESS member alone, not its plan mate or packall guest) adds the
// seal count (seal.h: the goals the boxes could no longer fill, the player's side kept, once
// the next packing layers are full; needs the packing order) as a fifth cell coordinate: a
// push that lowers it costs 0, a move that raises it costs 1 even when it packs a box, and the
// packing macro passes over a box whose packing would raise it (the next box is tried).
// fesswalls=on|t0|t1 (default off, session 24; t0|t1: one portfolio thread's members) prunes a
// child that frozenwalls.h calls dead: every box frozen on a goal as a wall, the other boxes
// matched to the goals left with the player's side kept (his side at each box's start too).
// Filed nowhere, like fessgoals' children.
// fessstrand=on|cell (default off, session 26) adds the stranded count (strand.h: the boxes
// left without a goal, or without the player beside them, when the goals of the full packing
// layers are walls) as the seal count is added: a push that lowers it costs 0, a move that
// raises it is never free and the packing macro passes over such a box; cell: a cell coordinate.
// fessowe=on|t0|t1 (default off, session 33; t0|t1: one portfolio thread's members; never the
// packall guest, which lost XSokoban 14 with it) makes the packing macro fill a goal with a box
// the relaxation can spare, not simply the nearest. Why
// (NOTES.md, session 32, order32): on the levels FESS stands short on (Sasquatch I 18 31,
// GRIGoRusha 1 19) the packing order leaves every start box a goal of its own at every boundary,
// yet FESS leaves boxes behind packed rows: the macro fills a row's goals with the nearest boxes
// and the boxes the matching owes to those goals are walled off. The rule, per macro candidate
// (the boxes nearest first, as before): the goals of the layers up to the one being filled that
// hold a box, and the goal the candidate is pushed onto, are walls (a partly filled row counts;
// fessstrand walls only the full layers, so a row filled goal by goal never strands there);
// the other boxes are matched to the other goals as strand.h relaxes it (a box takes a goal whose
// reach past the walls holds its cell, the player able to get beside it). The candidate is
// taken when every box gets a goal (or none fewer than with the parent's boxes under the same
// walls); else the same box is tried on the layer's other empty goals, one at a time (nearest
// first), and then the next box. When it refused some and took none, the plain macro's child is
// taken (a second pass without the test): there the order's own boundary fails -- every packing
// of the layer leaves a box without a goal in the relaxation (GRIGoRusha 131's first goal, a
// corner the player must stand on to push boxes past it) -- and refusing all (the first form)
// stopped FESS packing at all there (max packed 4 -> 0 at 200000 expansions). The player's part
// condition kept: without it (a variant measured in session 33) member 1 packed the same on the
// eleven levels of NOTES.md's block. A macro onto a park cell (packorder=park) is not judged. Cost: the reaches depend only on the wall set, the
// order's goals and the boxes on them; they are cached per wall set (owe_cache_, a few thousand
// sets, dropped whole when full), so a test is mostly one matching (Kuhn's paths).
// Not here (yet): a hotspot measure over whole push paths rather than neighbours.
#ifndef SOKOBAN_FESS_H
#define SOKOBAN_FESS_H

#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "huge_alloc.h"
#include "packing.h"
#include "plan.h"
#include "rooms.h"
#include "seal.h"
#include "search.h"
#include "frozenwalls.h"
#include "sidegoals.h"
#include "state_store.h"
#include "strand.h"

namespace sokoban {

struct FessFeatures {
    uint32_t packed = 0;  // boxes on goals
    uint32_t regions = 0; // connected areas of interior cells without a box
    uint32_t next = 0;    // the first packing layer not full (0 without an order; not a cell key)
    uint32_t rooms = 0;   // room links the boxes block (rooms.h; 0 with fessrooms=off)
    uint32_t plan = 0;    // boxes out of plan (plan.h; 0 with fessplan=off)
    uint32_t seal = 0;    // the seal count (seal.h; 0 with fessseal=off)
    uint32_t strand = 0;  // the stranded count (strand.h; 0 with fessstrand=off; set by FessSearch)
    bool operator==(const FessFeatures &o) const {
        return packed == o.packed && regions == o.regions && rooms == o.rooms && plan == o.plan && seal == o.seal &&
               strand == o.strand;
    }
};

// Buffers for fess_features (sized for one board; no allocation per call).
struct FessScratch {
    std::vector<uint8_t> occ;
    std::vector<int> boxes; // the cells occ marks, in cell order
    std::vector<uint32_t> mark; // per cell and the wall sentinel n
    std::vector<int> stack;
    std::vector<int32_t> adj;   // per cell its 4 neighbours, a wall as n (init)
    std::vector<uint32_t> count; // per packing layer
    std::vector<uint32_t> area;  // per cell: its floor area's number (with rooms only)
    std::vector<uint64_t> roommask;
    SealScratch seal;
    // The next fess_features call with an order and a seal map takes its state as the parent of
    // the states asked after it (seal_parent, seal.h: their count comes quicker) and returns
    // without the features after seal (areas, regions, rooms: not to be read); cleared by it.
    bool seal_parent = false;
    uint32_t stamp = 0;
    void init(const Board &b);
};

// order: the packing order, or null to count every box on a goal; rooms: the room map, or null
// to leave the rooms feature 0; plan (with order only): the out-of-plan tables and the reasons
// counted (plan.h), or null to leave the plan feature 0.
// areas: fill fs.area (per free cell its region's number, from 1; cells under a box keep a stale
// number) even without rooms (the opener advisor reads the player's area from it).
FessFeatures fess_features(const Instance &inst, FessScratch &fs, const uint8_t *state,
                           const PackingOrder *order = nullptr, const RoomMap *rooms = nullptr,
                           const PlanMap *plan = nullptr, uint8_t plan_mask = 0, bool areas = false,
                           const SealMap *seal = nullptr);

// The members whose packing order can be set apart (packorder0=, packorder1=, packorderall=,
// options.h): the default (a FessSearch built without an order: packorder's rule, floor for
// t0|t1), thread 0's FESS members (fess0 and its plan mate), thread 1's, and the packall guest.
enum : int { PACK_FOR_DEFAULT = 0, PACK_FOR_FESS0 = 1, PACK_FOR_FESS1 = 2, PACK_FOR_PACKALL = 3 };
// The pull-out rule (packing.h PACK_OUT_*) of `member`'s packing order: its own option when set,
// else packorder's (t0|t1: start on the one thread's members, floor on the other's and the
// guest's, as since session 12).
static_assert(PACK_OUT_FLOOR == 0 && PACK_OUT_START == 1 && PACK_OUT_MATCH == 2 && PACK_OUT_PARK == 3 && PACK_OUT_PARK2 == 4,
              "packorder0|1|all store floor|start|match|park|park2 as these codes (options.cc)");
inline int pack_out_of(const Options &o, int member) {
    const int own = member == PACK_FOR_FESS0 ? o.packorder0 : member == PACK_FOR_FESS1 ? o.packorder1 : member == PACK_FOR_PACKALL ? o.packorderall : -1;
    if (own >= 0) return own;
    switch (o.packorder) {
    case 0: return PACK_OUT_FLOOR;
    case 1: return PACK_OUT_START;
    case 2: return member == PACK_FOR_FESS0 ? PACK_OUT_START : PACK_OUT_FLOOR;
    case 3: return member == PACK_FOR_FESS1 ? PACK_OUT_START : PACK_OUT_FLOOR;
    // match, park, park2, park3..park8 (4-12, options.cc): the codes from PACK_OUT_MATCH on,
    // two further along for the words t0 and t1 that come before them.
    default: return o.packorder - 2;
    }
}

// The side rule (packing.h PACK_SIDE_*) of `member`'s packing order: packside's, except t0|t1
// (session 28, options.h PACKSIDE_T0|T1): the side (session 27's rule, PACK_SIDE_ON) on the one thread's FESS
// members (FESS and plan member) only, off on the other thread's, the packall guest and a search
// built without a member, so the portfolio keeps both orders.
inline int pack_side_of(const Options &o, int member) {
    if (o.packside == PACKSIDE_T0) return member == PACK_FOR_FESS0 ? PACK_SIDE_ON : PACK_SIDE_OFF;
    if (o.packside == PACKSIDE_T1) return member == PACK_FOR_FESS1 ? PACK_SIDE_ON : PACK_SIDE_OFF;
    if (o.packside == PACKSIDE_T1REACH) return member == PACK_FOR_FESS1 ? PACK_SIDE_REACH : PACK_SIDE_OFF; // session 29
    return o.packside;
}

// An off|on|t0|t1 option (0-3: fessrooms, fessopen): whether it is on for a member of thread 0
// (its FESS and plan members and, with packall on that thread, the guest) or of thread 1; one
// rule for portfolio.cc and the driver.
inline bool fess_on_thread(int mode, bool thread0) { return mode >= 2 ? (mode == 2) == thread0 : mode != 0; }
// fessrooms: the room feature (a level without a room link has it off anyway).
inline bool fess_rooms_on(const Options &o, bool thread0) { return fess_on_thread(o.fessrooms, thread0); }

class FessSearch {
public:
    enum class Status { running, solved, exhausted, memory };
    // The advisors are on when inst.options.fessadvice is (off: every move weight 1); the
    // packing order is used when inst.options.fessorder is on: `order` when given (computed
    // once per level and shared by the members that use the same rule, portfolio.cc), else the
    // one inst.options.packorder names.
    FessSearch(const Instance &inst, uint64_t memory_budget, const PackingOrder *order = nullptr);
    const PackingOrder *order() const { return use_order_ ? &order_ : nullptr; }
    const RoomMap *rooms() const { return use_rooms_ ? &rooms_ : nullptr; }
    const PlanMap *plan() const { return plan_mask_ ? &plan_ : nullptr; }
    const SealMap *seal() const { return use_seal_ ? &seal_ : nullptr; } // fessseal=on (with an order)
    uint64_t seal_skips() const { return seal_skips_; } // macro boxes passed over for the seal count
    bool strand() const { return strand_; }                 // fessstrand=on (with an order)
    uint64_t strand_skips() const { return strand_skips_; } // macro boxes passed over for the stranded count
    uint64_t strand_builds() const { return strand_s_.reach_builds; }
    uint32_t root_strand() const { return features_.empty() ? 0 : features_[0].strand; }
    void set_strand(int mode) {
        if (started_) return;
        strand_ = mode != 0 && use_order_;
        strand_mode_ = mode;
    }
    // fessowe=on (session 33): the macro's packings (box, goal) refused because they leave the
    // others fewer goals owed to them; the tests made; the wall sets whose reaches were made.
    bool owe() const { return owe_; }
    uint64_t owe_skips() const { return owe_skips_; }
    uint64_t owe_tests() const { return owe_tests_; }
    uint64_t owe_builds() const { return owe_builds_; }
    uint64_t owe_fallbacks() const { return owe_fallbacks_; } // expansions whose macro came from the plain pass
    // For this search only, before its first run(): fessowe on or off whatever the options say
    // (t0|t1, portfolio.cc); on needs the packing macro (fesspack=on|all with an order).
    void set_owe(bool on) {
        if (!started_) owe_ = on;
    }
    uint32_t root_seal() const { return features_.empty() ? 0 : features_[0].seal; }
    // The children's seal counts made from the parent's snapshot and in full (seal.h, session 22).
    uint64_t seal_quick() const { return fs_.seal.quick; }
    uint64_t seal_full() const { return fs_.seal.full; }
    // Per-thread settings of the expansion (portfolio.cc): the second round without the tunnel
    // macro, and the local deadlock radius.
    Scratch &scratch() { return scratch_; }
    // The toward advisor's distance test (fesstoward=on|chain): the box moved from `from` to `to`, and the
    // parent's first non-full layer is `next`.
    bool nearer(uint32_t next, int from, int to) const;
    // The packing macro's child of `state` (fesspack=on): false when there is none; else the
    // child's state bytes, the box moved and its path.
    bool pack_move(const uint8_t *state, std::vector<uint8_t> &child, int &box, PackPath &path);
    // fessgoals=on: the children pruned so far by the side-kept frozen-goal test, and the test.
    uint64_t side_dead() const { return side_.deadlocks; }
    bool side_dead_child(const uint8_t *parent, const uint8_t *child);
    // fesswalls=on: the children pruned so far by frozenwalls.h's test, and the test.
    uint64_t walls_dead() const { return walls_.deadlocks; }
    uint64_t walls_tests() const { return walls_.tests; }
    // parent may be null (the child tested whole); `to`: the moved box's new cell in the child.
    bool walls_dead_child(const uint8_t *parent, const uint8_t *child, int to);
    uint64_t macros() const { return macros_; } // packing-macro children filed so far
    // The hotspot advisor (fesshot=N): the boxes beside the box on c, off goals, that it stops
    // from a push nearer a goal; the box of the highest count (at least N; -1 when none).
    int blocks(const uint8_t *occ, int c) const;
    int hotspot(const uint8_t *occ, int &score) const;
    // The opener advisor (fessopen=on): the live pushes of the boxes off goals, but the box on
    // `except`, from the player's area of `state` (a push onto a free cell that is not a dead
    // square; the player's side in its area).
    uint32_t live_pushes(const uint8_t *state, int except) {
        open_flood(state);
        return open_count(except);
    }
    // The same count from fess_features' regions (session 19: what run() does per child, the
    // player's area being the region of the player's cell; no flood of its own). The test
    // compares it with live_pushes on every state of a search.
    uint32_t live_pushes_by_regions(const uint8_t *state, int except) {
        fess_features(inst_, fs_, state, nullptr, nullptr, nullptr, 0, true);
        return open_count_regions(state[0] | (state[1] << 8), except);
    }
    // Expand up to max_expansions states; `stop` is polled before each one.
    Status run(uint64_t max_expansions, const std::function<bool()> &stop);
    Status status() const { return status_; }
    uint64_t expanded() const { return expanded_; }
    size_t states() const { return nodes_.size(); }
    const uint8_t *state(uint32_t i) const { return store_.state(i); } // i < states() (the drivers' counts)
    // The state state i was made from, and the move (box * 4 + first direction) that made it;
    // UINT32_MAX for the root (the drivers' ancestry traces).
    uint32_t parent_of(uint32_t i) const { return nodes_[i].parent; }
    uint32_t move_of(uint32_t i) const { return nodes_[i].move; }
    size_t cells() const { return cells_.size(); }
    // Per packed count (the feature): the states expanded in cells of that count so far, and
    // the cells made so far.
    const std::vector<uint64_t> &expanded_by_packed() const { return expanded_by_packed_; }
    std::vector<uint32_t> cells_by_packed() const;
    uint32_t max_packed() const; // the highest packed count of any state generated
    // After Status::solved: the path's states (state_size bytes each), its moves and pushes.
    void solution(std::vector<uint8_t> &states, std::vector<uint32_t> &moves, uint64_t &cost) const;

private:
    struct Node {
        uint32_t parent, move, g, weight;
        int32_t last = -1; // the cell the push into this state left its box on
    };
    using Entry = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>; // (weight, h, -g, node)
    struct Cell {
        FessFeatures f;
        std::priority_queue<Entry, HugeVec<Entry>, std::greater<Entry>> open;
    };
    uint32_t lookup(const uint8_t *st, uint64_t h, bool &inserted);
    void file(uint32_t node, const FessFeatures &f, uint32_t h);
    uint64_t memory() const;
    bool start();

    const Instance &inst_;
    uint64_t budget_;
    bool advisors_;
    bool toward_ = false; // fesstoward=on|chain: pushes nearer the next layer's goals cost 0
    bool chain_ = false;  // fesstoward=chain: only when the same box was pushed into the parent
    bool box_run_ = false; // fessbox=on: any push of the box pushed into the parent costs 0
    std::vector<uint16_t> layer_dist_; // [layer * n + cell]: pushes to the nearest goal of the layer
    // fessopen=on: the opener advisor. open_flood marks the player's area of a state (the boxes
    // in open_occ_), open_count the live pushes from it of the boxes off goals but the one on
    // `except` (the pushed box: a push opens the way when the OTHER boxes gain pushes).
    bool open_ = false;
    std::vector<uint8_t> open_occ_;
    std::vector<uint32_t> open_mark_;
    uint32_t open_stamp_ = 0;
    std::vector<int> open_stack_;
    void open_flood(const uint8_t *state);
    uint32_t open_count(int except, uint32_t *per_box = nullptr) const; // per_box[x]: box x's own pushes
    // The same count over the state fess_features last saw (fs_.occ, fs_.area with areas on): the
    // player's area is the free cells of the region of `player` (session 19: the child's flood
    // was done twice, once here and once for its regions).
    uint32_t open_count_regions(int player, int except) const;
    std::vector<uint32_t> open_box_; // per cell: the parent's live pushes of the box there
    bool hot_ = false; // fesshot=1|2: pushes that take the hotspot box out of others' way cost 0
    int hot_min_ = 1;
    std::vector<uint8_t> hot_occ_;
    std::vector<uint16_t> min_dist_; // per cell: pushes to the nearest goal
    bool pack_ = false; // fesspack=on with a packing order and distance tables
    bool pack_all_ = false; // fesspack=all: a macro for every box that has one
    std::vector<uint8_t> pack_occ_;
    int pack_player_ = -1;
    size_t pack_prepare(const uint8_t *state); // the candidate boxes, nearest first
    bool pack_try(size_t i, const uint8_t *state, std::vector<uint8_t> &child, int &box, PackPath &path);
    PackPathScratch pps_;
    std::vector<uint8_t> target_, macro_;
    std::vector<int> targets_; // the cells target_ marks: the next layer's empty goals and untaken parks
    std::vector<std::pair<uint16_t, int>> cand_;
    // pack_prepare's floods (the boxes as walls), stamps per cell: pack_mark_ on the player's area,
    // pack_mark_ + 1 on the other areas that hold a target (session 13: no labelling of every area).
    std::vector<uint32_t> pack_area_;
    uint32_t pack_mark_ = 0;
    bool pack_player_goal_ = false; // the player's area holds a target
    std::vector<int> pack_stack_;
    void pack_flood(int from, uint32_t stamp);
    uint64_t macros_ = 0;
    bool side_goals_ = false; // fessgoals=on
    SideGoalScratch side_;
    std::vector<uint8_t> side_occ_;
    std::vector<int> side_boxes_;
    bool frozen_walls_ = false; // fesswalls=on
    FrozenWallScratch walls_;
    const uint8_t *walls_parent_ = nullptr; // the parent whose frozen boxes walls_base_ holds
    bool walls_parent_ok_ = true;
    std::vector<int> walls_base_;
    Scratch scratch_;
    FessScratch fs_;
    PackingOrder order_;
    bool use_order_ = false;
    RoomMap rooms_;
    bool use_rooms_ = false; // fessrooms=on and the level has a room link
    PlanMap plan_;
    uint8_t plan_mask_ = 0; // fessplan=on|all with a packing order: the reasons counted (plan.h)
    SealMap seal_;
    bool use_seal_ = false; // fessseal=on with a packing order (seal_ made for order_)
    uint64_t seal_skips_ = 0;
    // fessstrand=on (session 26, strand.h): the stranded count of a state whose features are in
    // fs_ (fs_.occ its boxes, f.next its first layer not full), the goals of layers < next walls.
    bool strand_ = false;
    int strand_mode_ = 1; // fessstrand: 1 on (advice and the macro only), 2 cell (also a cell coordinate)
    StrandScratch strand_s_;
    std::vector<uint8_t> strand_fixed_;
    uint64_t strand_skips_ = 0;
    // fessowe=on (session 33): the macro's check (fess.h above). owe_next_: pack_prepare's layer
    // being filled; owe_ok: may the box of pack_try's last child, now on `dest`, be taken.
    bool owe_ = false;
    int owe_next_ = -1;
    std::unordered_map<std::string, std::unique_ptr<StrandScratch>> owe_cache_;
    std::string owe_key_;
    std::vector<uint8_t> owe_fixed_, owe_occ_;
    uint64_t owe_skips_ = 0, owe_tests_ = 0, owe_builds_ = 0, owe_fallbacks_ = 0;
    uint32_t owe_count(const uint8_t *occ, int player); // the unmatched boxes, owe_fixed_ the walls
    bool owe_ok(int box, int dest, int player);
    // After owe_ok refused candidate i's packing onto `refused`: the box onto the layer's other
    // empty goals, one at a time, nearest first; true with the first owe_ok takes (child, box, path).
    std::vector<std::pair<uint16_t, int>> owe_goals_;
    bool owe_other(size_t i, const uint8_t *state, int refused, std::vector<uint8_t> &child, int &box, PackPath &path);
    void add_strand(FessFeatures &f, int player);
    StateStore store_;
    HugeVec<Node> nodes_;            // per state number of store_ (huge_alloc.h)
    HugeVec<FessFeatures> features_; // per node
    std::vector<Cell> cells_;
    std::unordered_map<uint64_t, uint32_t> cell_of_;
    // The turns (fessturns, fess.h): the non-empty cells in groups, each group a ring of cells
    // visited in turn; the non-empty groups form the outer ring. One group (0) with
    // fessturns=cells; with packed, a group per packed count.
    struct Group {
        std::vector<uint32_t> ring;
        size_t cursor = 0;
    };
    bool turns_packed_ = false;
    std::vector<Group> groups_;
    std::vector<uint32_t> outer_; // the non-empty groups, visited in turn
    size_t outer_cursor_ = 0;
    std::vector<uint64_t> expanded_by_packed_; // per packed count: states expanded there
    uint32_t group_of(const FessFeatures &f) const { return turns_packed_ ? f.packed : 0; }
    uint32_t pop_turn(); // the least state of the cell whose turn it is, taken off (some cell holds one)
    uint64_t queued_ = 0; // entries over all cells
    uint64_t expanded_ = 0;
    uint32_t goal_ = UINT32_MAX;
    bool started_ = false;
    int pack_side_ = 0; // the packing order's side rule (set_side)
    Status status_ = Status::running;

public:
    // For this search only, before its first run(): the toward advisor in its chain form (true)
    // or on every push (false); it stays off when the options turned it off (portfolio.cc's
    // thread 0 member, fess0=on|chain).
    void set_chain(bool chain) { chain_ = toward_ && chain; }
    void set_box_run(bool on) { box_run_ = on && advisors_; }
    // For this search only, before its first run(): the out-of-plan feature (fessplan=on|all:
    // 1|2, off: 0) whatever the options say; it needs the packing order (fessorder=on), else it
    // stays off (portfolio.cc's second member on thread 1, fess1with=plan).
    void set_plan(int mode);
    // For this search only, before its first run(): whose turn it is (fessturns=cells|packed:
    // false|true) whatever the options say.
    void set_turns(bool packed) { turns_packed_ = packed; }
    // For this search only, before its first run(): the packing order's pull-out rule
    // (packing.h: PACK_OUT_FLOOR, _START, _MATCH or _PARK; packorder=) whatever the options
    // say; nothing with fessorder=off. The portfolio passes the order to the constructor instead.
    void set_order(int out);
    // For this search only, before its first run(): the packing order's side rule (packing.h
    // PACK_SIDE_*; packside=, pack_side_of) whatever the options say; the order is computed
    // again by its rule when the side changes (portfolio.cc's fess_member: the member's side).
    void set_side(int side);
    // For this search only, before its first run(): the room-connectivity feature on or off
    // whatever the options say (fessrooms=t0|t1, portfolio.cc); on needs a room link in the level.
    void set_rooms(bool on);
    // For this search only, before its first run(): the opener advisor on or off whatever the
    // options say (fessopen=t0|t1, portfolio.cc); on needs fessadvice=on.
    void set_open(bool on);
    // For this search only, before its first run(): the packing macro for every box that has
    // one (true, fesspack=all) or for the nearest (false, on); nothing with fesspack=off
    // (portfolio.cc's packall option).
    void set_pack_all(bool all) { pack_all_ = pack_ && all; }
    // For this search only, before its first run(): the side-kept frozen-goal test on its
    // children on or off whatever the options say (fessgoals=t0|t1, portfolio.cc).
    void set_side_goals(bool on);
    // For this search only, before its first run(): frozenwalls.h's test on its children on or
    // off whatever the options say (fesswalls=t0|t1, portfolio.cc).
    void set_frozen_walls(bool on);
    // For this search only, before its first run(): the seal count (fessseal=t0|t1, portfolio.cc)
    // on or off whatever the options say; on needs the packing order (fessorder=on).
    void set_seal(bool on);

private:
    void layer_tables(); // layer_dist_ from order_ (the toward advisor's and the packing macro's)
};

// The settings a portfolio FESS member takes from the options, beside its packing order (the
// constructor's or set_order's) and its thread's scratch settings: the packing side of
// `pack_member` (PACK_FOR_*), the corral and local deadlock modes of `cd_member` (a CD_* bit,
// options.h), and the t0|t1 options that are on for it (thread 0's members are CD_FESS0 and
// CD_PLAN0; fessopen, fessbox and fessowe never on the packall guest; fessseal=fess0 on thread
// 0's FESS member alone). One function for portfolio.cc's fess_member, the FESS driver and the
// tests that stand a search in for a member.
void configure_fess_member(FessSearch &f, const Options &o, uint32_t cd_member, int pack_member);

} // namespace sokoban

#endif
