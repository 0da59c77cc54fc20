// search.h -- the search model: macro pushes over canonical states.
//
// State bytes (state_size fixed per instance, no padding bits):
//   [0..1]  the normalized player: the smallest interior index of its reachable area (LE u16)
//   [2.. ]  one bit per interior cell with a box (bit i in byte 2 + i/8; unused bits zero)
// A child is one push: a box moves one cell, the player stood behind it and could walk there
// without pushing; or a macro (macros.h) that starts with such a push and pushes the same box
// on, with cost = its number of pushes. Move id = box interior index * 4 + direction (DIR_*)
// of the first push (the formatter finds the rest from the states, solution.h).
// Pruned (never emitted): pushes onto a dead square, pushes that freeze a box off a goal, or
// on a goal so that other goals can no longer be filled (frozengoals.h), pushes that leave a
// group of goals in a filling that can never be completed (roomfill.h), pushes whose clump of
// touching boxes can never all reach goals (localdead.h), pushes beside a corral whose boxes
// can never break it open or reach goals (corraldead.h),
// children whose heuristic says dead; with a PI-corral only the pushes into it (corral.h).
// Hash: Zobrist over (box cells, normalized player), updated incrementally per push.
#ifndef SOKOBAN_SEARCH_H
#define SOKOBAN_SEARCH_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "board.h"
#include "corral.h"
#include "corraldead.h"
#include "frozengoals.h"
#include "heuristic.h"
#include "learn.h"
#include "localdead.h"
#include "macros.h"
#include "roomfill.h"
#include "options.h"

namespace sokoban {

class StateStore; // state_store.h

// Bit i of a state's box bitset (the bytes after the 2-byte player).
inline bool test_bit(const uint8_t *bits, int i) { return (bits[i >> 3] >> (i & 7)) & 1; }
inline void set_bit(uint8_t *bits, int i) { bits[i >> 3] = static_cast<uint8_t>(bits[i >> 3] | (1u << (i & 7))); }
inline void clear_bit(uint8_t *bits, int i) { bits[i >> 3] = static_cast<uint8_t>(bits[i >> 3] & ~(1u << (i & 7))); }

struct Instance {
    Board board;
    Options options;
    std::vector<uint8_t> dead; // per interior cell (all zero when deadsquares=off)
    Heuristic heuristic;
    Macros macros;
    RoomFill roomfill; // fill tables of the goal groups (roomfill.h); empty with roomfill=off
    std::vector<std::vector<uint8_t>> room_mask; // per goal room: 1 per cell of the room
    // The one mutable part: the local deadlock results shared by all threads (thread-safe,
    // localdead_cache.h); null with localdead=off or ldcache=thread.
    std::unique_ptr<LocalDeadCache> localdead_cache;
    std::unique_ptr<CorralDeadCache> corraldead_cache; // corral deadlock results (corraldead.h); null when off
    std::unique_ptr<LearnedTable> learned; // learned deadlock patterns (learn.h); null with learn=off
    uint32_t state_size = 0;
    std::vector<uint8_t> goal_bits; // the bitset part of a solved state
    std::string description;
    solver_instance_info info{};
};

// Per-thread buffers; sized once, no allocation during expansion.
struct Scratch {
    std::vector<uint8_t> occ;    // 1 per interior cell with a box
    std::vector<uint32_t> reach; // flood stamps of the parent's area
    std::vector<uint32_t> seen;  // flood stamps for normalizing children
    uint32_t reach_stamp = 0, seen_stamp = 0;
    std::vector<int> stack;
    std::vector<int> boxes; // box cells, ascending
    std::vector<uint8_t> child;
    std::vector<int> goal_of; // the parent's optimal assignment (matching)
    std::vector<int> box_index; // per cell: index into boxes (valid for box cells)
    std::vector<int> allowed;   // pushes kept by PI-corral pruning
    CorralScratch corral;
    HeuristicScratch hs;
    PathScratch path;
    FrozenGoalScratch frozen;
    RoomFill::Scratch roomfill;
    LocalDeadScratch localdead;
    CorralDeadScratch corraldead;
    LearnScratch learn; // the probes' buffers (learn.h); empty with learn=off
    // learn=on|t0|t1: set by a best-first search that learns around its expand_state call; the
    // expansion then prunes the children a learned pattern covers (other callers: never).
    bool learn_use = false;
    AreaTree tree; // the parent's area with its cut cells (areatree.h), built on demand per expansion
    std::vector<int> dirs;
    bool no_tunnels = false;     // this thread's searches skip the tunnel macro (portfolio.h)
    bool room_shortcut = false;  // and keep the plain push beside a goal-room macro
    // The reach stamp whose corrals s.corral labelled in this expansion (find_pi_corral), or 0:
    // child_player takes the smallest cell of a corral that opens onto the pushed box's old
    // cell from those labels instead of a flood (corralplayer=on).
    uint32_t corral_stamp = 0;
    uint64_t corral_players = 0, stopped_floods = 0; // child_player's shortcuts taken (tests, measurements)
    // dupskip=on (options.h): the calling search's own store, set by it around its expand_state
    // call (the portfolio's best-first searches, which never reopen a stored state): a child
    // already in it is not emitted, and is dropped before its bound, the corral test and the
    // local deadlock tests. Null (the default): every child that passes the tests is emitted.
    const StateStore *known = nullptr;
    uint64_t known_skipped = 0; // children dropped so (tests, measurements)
};

// Build everything from a parsed level.
void init_instance(Instance &inst, Level level, const Options &options);
void init_scratch(const Instance &inst, Scratch &s);

// Smallest cell of the area the player reaches from `from` (boxes from s.occ block).
int normalize_player(const Instance &inst, Scratch &s, int from);

// The normalized player of the child after one push from `box` to `to` (s.occ already holds
// it) from a parent whose player area is marked by rstamp in s.reach with smallest cell
// `player`: a local test around `to` in the common case, else (areatree=on with corraldead=on)
// the parts of the area without `to` from s.tree (areatree.h, built here for rstamp when not
// ready; the caller clears s.tree.valid when it reuses s.reach's stamps), else the flood.
// With s.corral_stamp == rstamp (corralplayer=on), corrals the push opens onto the box's old
// cell count with their smallest cells from s.corral's labels, and the rest as above.
// Equal to normalize_player(inst, s, box) always.
int child_player(const Instance &inst, Scratch &s, int player, int box, int to, uint32_t rstamp);

// The local test behind child_player, for any occupancy (the full position's, or a
// sub-search's, localdead.cc): after a single push from `box` to `to` (occ holds it), from a
// parent area marked by rstamp in reach with smallest cell `player`, the child's smallest cell
// when the test settles it; else -1 (an area the parent did not reach opens onto `box`) or -2
// (taking `to` out may split the parent's area): a flood (or the area tree for -2) decides.
int local_child_player(const Board &b, const uint8_t *occ, const uint32_t *reach, uint32_t rstamp, int player, int box,
                       int to);

void initial_state(const Instance &inst, Scratch &s, uint8_t *out);
uint64_t state_hash(const Instance &inst, const uint8_t *state);
bool state_is_goal(const Instance &inst, const uint8_t *state);
uint32_t state_heuristic(const Instance &inst, Scratch &s, const uint8_t *state);
inline int state_player(const uint8_t *state) { return state[0] | (state[1] << 8); }

// Load a state into s.occ / s.boxes; returns the player cell.
int unpack_state(const Instance &inst, Scratch &s, const uint8_t *state);

// The state drawn as an XSB level (walls, boxes, goals, the player on its normalized cell), one
// line per row, trailing blanks cut, each line ended by '\n' (SOKOBAN_BEST_DUMP, portfolio.cc).
std::string state_xsb(const Board &b, const uint8_t *state);

// ldleft (localdead.h) for a child made by a macro outside expand_state (FESS's packing macro,
// fess.h): the box went from `from` to `to` in any number of pushes; true when the local test
// proves the clump round `to` or one beside `from` dead. Loads `child` into s.occ / s.boxes.
bool macro_child_local_dead(const Instance &inst, Scratch &s, const uint8_t *child, int from, int to);

// Emit every child through `sink`; returns 0, or 1 when the sink asked to stop.
int expand_state(const Instance &inst, Scratch &s, const uint8_t *state, const solver_sink &sink);

// The 8 cells around `to` in circular order (k even: orthogonal neighbour k / 2, k odd: the
// diagonal between it and the next, reached through either; -1 where there is none).
inline void ring_cells(const Board &b, int to, int ring[8]) {
    const auto &tn = b.nb[to];
    for (int k = 0; k < 4; ++k) {
        const int a = tn[k], c = tn[(k + 1) & 3];
        ring[2 * k] = a;
        int diag = -1;
        if (a >= 0) diag = b.nb[a][(k + 1) & 3];
        if (diag < 0 && c >= 0) diag = b.nb[c][k];
        ring[2 * k + 1] = diag;
    }
}

// The ring of 8 cells around a cell, o[k] whether cell k is open (k even: the orthogonal
// neighbours in turn, k odd: the diagonal between k - 1 and k + 1): the number of runs of open
// cells that hold an orthogonal one (the separate ways out of the cell); 0 when all 8 are open.
inline int open_ring_runs(const bool o[8]) {
    int start = 0;
    while (start < 8 && o[start]) ++start;
    if (start == 8) return 0;
    int runs = 0;
    bool in_run = false, has_orth = false;
    for (int j = 1; j <= 8; ++j) {
        const int k = (start + j) & 7;
        if (o[k]) {
            in_run = true;
            has_orth |= (k & 1) == 0;
        } else {
            if (in_run && has_orth) ++runs;
            in_run = has_orth = false;
        }
    }
    return runs;
}

} // namespace sokoban

#endif
