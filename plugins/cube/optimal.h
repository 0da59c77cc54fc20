// optimal: parallel IDA* in the half-turn metric with pattern-database lower bounds.
//
// h = max over the tables (each exact for its pattern, hence admissible). For each bound the
// tree is cut at a fixed depth (3, or less for small bounds): every canonical prefix that the
// heuristic does not prune becomes one task on the pool (group_spawn), so work stealing spreads
// the uneven subtrees. Moves are canonical: never the same face twice in a row, and of two
// opposite faces only the order U-D, R-L, F-B. The first bound at which a task reaches the goal
// is the optimal length; once any task has found a solution the others stop at their next node.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <solver/plugin.h>

#include "fst.h"
#include "pdb.h"
#include "symred.h"

namespace cube {

struct ThirdTable;  // third.h

struct OptimalResult {
    solver_status status = SOLVER_OK;
    std::vector<int> moves;
    uint64_t nodes = 0;                  // expanded
    uint64_t generated = SOLVER_COUNT_UNKNOWN; // children made, where the search counts them
    uint64_t bondt_cuts = 0;             // fst search with bondt: children cut by de Bondt's rule
};

// The per-bound loop both searches share: for each bound from h0 up to 26, make_tasks cuts the
// tree into tasks, each runs on the pool (group_spawn; inline without one), then one debug log
// line (log_line, given the bound and the seconds since the start); ends at the first bound
// where found() or stopped() (SOLVER_ERR_STOPPED).
struct BoundLoop {
    virtual ~BoundLoop() = default;
    virtual size_t make_tasks(int bound) = 0;
    virtual void run_task(size_t i) = 0;
    virtual bool found() const = 0;
    virtual bool stopped() const = 0;
    virtual void log_line(int bound, double seconds, char *buf, size_t n) const = 0;
};
solver_status run_bounds(BoundLoop &loop, int h0, const solver_services *sv);

// symred: search one prefix per orbit of the start's symmetry group (symred.h); false: all.
OptimalResult solve_optimal(const CubieCube &c, const std::vector<std::shared_ptr<const Pdb>> &tables,
                            const solver_services *sv, bool symred = true);

// The table bound for a cube (max over the tables).
unsigned pdb_bound(const Loc &s, const std::vector<std::shared_ptr<const Pdb>> &tables);

// How a bound's 3-move prefixes are ordered (order_tasks=...):
//   off    generation order;
//   score  ascending table distances of the prefix's end node (max, then sum);
//   prev   descending size of the prefix's subtree (children generated) at the previous bound,
//          where the same prefix ran too (the bound loop runs the same prefixes again, one
//          deeper); new prefixes count 0; ties, and the first bound, by score;
//   mix    ascending max distance, then descending previous size, then score.
//   deep   descending count of the nodes the prefix's subtree expanded at the previous bound
//          within 8 moves of it (togo <= 8: table distances 8 or less, near solved); ties by
//          score (task_order takes those counts as prev).
enum class TaskOrder { off, score, prev, mix, deep };
// The order (indices into the prefixes) for the prefixes' scores (max * 64 + sum) and previous
// subtree sizes (same length).
std::vector<size_t> task_order(TaskOrder o, const std::vector<unsigned> &score, const std::vector<uint64_t> &prev);

// The same search over the corner table and the flip-slice-twist table looked up along the
// three axes (tables=fst; fst_search.cc). corners is the c01234567 table; null (in tests)
// leaves the corners to the goal test.
// Techniques of the fst search that can be turned off (for comparison; the plugin's options of
// the same names).
struct FstSearchOptions {
    // Follow the children's flip-slice classes with the class move table (ClassMoves) instead of
    // looking each one up in the class table.
    bool class_moves = true;
    // Look the three axes up one after another (the other two only for the children the first
    // passes), and with the 4-bit table skip the axes whose parent distance is togo - 2 or less.
    bool lazy_axes = true;
    // Expand up to this many nodes of one level together, stage by stage, so their memory
    // misses overlap (needs class_moves and lazy_axes; 0: one node at a time, depth first).
    int batch = 16;
    // The order in which each bound's prefixes (tasks) run, so the last iteration tends to reach
    // a solution sooner (see TaskOrder).
    TaskOrder order_tasks = TaskOrder::score;
    // An edge pattern database (--option edges=e7|e8; null: off) looked up along the three axes
    // for the children that pass every other bound, maxed with them (admissible: each view is a
    // conjugate of the cube, as far from solved).
    const Pdb *edges = nullptr;
    // A third table (--option third=t, third.h; null: off) looked up along the six views (three
    // axes, cube and inverse) for the children that pass every fstp2 lookup and the corner table,
    // maxed with them; read only where it can cut (the bound within 12).
    const ThirdTable *third = nullptr;
    // The largest bound (moves left at the parent) at which the third table is read (at most 11:
    // its bit cannot cut above; session 18's first table, with a code for 12 or more, cut 9% of
    // the children it read at 12 against 88% at 11 on level 4, and reading at 12 cost more than it
    // saved: README). tools/cube-ab.cc's third_lim=N, for experiments.
    int third_lim = 11;
    // third=t: the next view's entries are computed and prefetched before the current view's are
    // read, so one view's misses are in flight while another's are read (off: one view at a
    // time, session 18). The same nodes. tools/cube-ab.cc's third_ahead=on|off.
    bool third_ahead = true;
    // third=t with batch: the third table's stage runs once for this many sibling batches (their
    // survivors of every other stage gathered), so more of its misses are in flight; 1: each
    // batch alone (as before session 26). The same reads and children, so the same nodes (each
    // batch's counts charged in the batch-by-batch order). The plugin's third_gather=K.
    int third_gather = 1;
    // third=t: the views' coordinates by ThirdCoords::from_loc_fast (inline, the rank from a bit
    // mask) instead of from_loc. The same values, so the same nodes. tools/cube-ab.cc's
    // third_fast_coords=on|off.
    bool third_fast_coords = true;
    // third=t with inverse_stage=ahead|once (session 28): the three inverse views' twist and
    // slice part taken from the inverse stage's own coordinates (inverse_first_pass's packed
    // twist and slice, the latter mapped through a 11,880-entry table), so only their corner
    // permutation's rank is computed from the Loc bytes. The same values, so the same nodes. The
    // plugin's third_reuse=on|off.
    bool third_reuse = false;
    // third=t (session 29): each view's reads in a pipeline that keeps this many prefetched ahead
    // of the one it reads (the view's entries computed first, for the children the earlier views
    // pass; third_ahead then does not apply); 0: every read of a view prefetched at once, the
    // next view's computed meanwhile (as before). The same bytes, so the same nodes. The
    // plugin's third_wave=W.
    int third_wave = 0;
    // Batched search: stages 1 and 2 first compute their children's table entries, then
    // prefetch them all in one tight loop (off: each prefetch right after its entry is computed).
    // The same lookups, so the same nodes. tools/cube-ab.cc's split_prefetch=on|off.
    bool split_prefetch = true;
    // With tables=fstp2: tell a code-3 entry's distance from the parent's where it can
    // (FstTable::child_value) instead of looking it up in the side table (off: always the side
    // table; the same nodes either way).
    bool window_parent = true;
    // Batched search with exact values (fst4, fstp, fstp2): look the three inverse axes up one
    // after another, the next only for the children the previous passes (off: all three for every
    // child that reaches them; the same nodes).
    bool lazy_inverse = true;
    // Batched search: read the class rows of a batch's nodes (ClassMoves, two cache lines per
    // axis) before expanding any of them, so their misses overlap (off: each child's rows
    // prefetched when it passes the forward lookups, as before; the same nodes).
    bool rows_first = true;
    // With exact values (fst4, fstp, fstp2): find the inverse axes' flip-slice classes through
    // their slice's symmetry class (SliceClasses: computed for 95% of the values, a 656 KiB table
    // for the rest) instead of the 93 MiB flipslice_class table (off, inverse_classes=table: a
    // cache miss per lookup). The same classes and symmetries, so the same nodes.
    bool inverse_classes = true;
    // Batched search: read a child's corner-table entry only when it can cut, i.e. when its
    // parent's corner distance (exact, or an upper bound) is lim - 1 or more (one move changes
    // it by at most one); off: every child that passes the forward axes. The same nodes.
    bool lazy_corners = true;
    // Batched search: of the axes at the largest parent distance, look up first one whose
    // distance is exact rather than an upper bound (first_axis=exact); off (first_axis=max,
    // default): the lowest-numbered. The same nodes; 8% fewer reads of the other axes, but no
    // CPU gain measured (README, session 16), so not the default.
    bool first_axis_exact = false;
    // Batched search with exact values and lazy_inverse: how the inverse stage is laid out.
    // 0 (old, session 20): one axis at a time, each computed, prefetched and read before the
    // next. 1 (ahead): every surviving child's three inverse entries are computed first (their
    // small tables read while no table line is in flight), then the axes are prefetched and
    // read one at a time as before (the same lines). 2 (once): as ahead, but every axis's line
    // of every child prefetched in one loop and read in one round (more lines: those of the
    // axes after the one that cuts a child). The same children pass, so the same nodes.
    // tools/cube-ab.cc's inverse_stage=old|ahead|once.
    int inverse_stage = 1;
    // With inverse_stage=ahead|once and tables=fstp2: the inverse axes' side-table lookups (code-3
    // entries) are deferred and done together after the three axes, one round for the batch's
    // children (off: each as its entry is read, two dependent misses). The same nodes.
    // tools/cube-ab.cc's side_round=on|off.
    bool side_round = true;
    // With inverse_stage=ahead|once: each surviving child's Loc bytes and inverse coordinates
    // (three axes) by byte shuffles and bit extraction (SSE4.1 and BMI2, used only when the CPU
    // has them: simd_coords_supported) instead of a byte at a time. The same values (tested), so
    // the same nodes. tools/cube-ab.cc's simd_coords=on|off.
    bool simd_coords = true;
    // With a start that some of the 48 cube symmetries fix, run only the prefixes (tasks) that
    // are least in their orbit under that group (symred.h; exact: the same optimal length).
    bool symred = true;
    // Batched search with exact values (fst4, fstp, fstp2; session 35): M. de Bondt's rule on the
    // flip-slice-twist (fst4) values, which with the parity-split tables are each view's minimum
    // over its two parity entries (the twin in the same byte): a child whose three forward views,
    // or three inverse views, all have fst4 value t = its moves left needs at least t + 1 (no
    // solution of exactly t moves can end, or begin, with a turn of any axis), so it is cut.
    // Forward views whose value is only an upper bound (lazy_axes) are not counted (no cut).
    // Fewer nodes, the same optimal length (README, session 35). The plugin's bondt=auto|on|off
    // (auto, its default: on with tables=fstp2 in the batched search; false here, as in tools).
    bool bondt = false;
    // Batched search with exact values (session 35): the next-move rule. A node's inverse view
    // on axis a with value t (its moves left) forbids the next move's half turns on that axis, and
    // with the parity-split tables its twin entry (the other parity) at t or more forbids the
    // quarter turns (with fst4: the value forbids all six): such a child's inverse view a is the
    // parent's entry (half turn) or its twin (quarter turn), at t or more with t - 1 moves left,
    // so it would fail that lookup. The same nodes, fewer children generated and looked up.
    // The plugin's nextmove=auto|on|off (auto as bondt's).
    bool nextmove = false;
};
OptimalResult solve_optimal_fst(const CubieCube &c, const Pdb *corners, const FstTable &fst, const solver_services *sv,
                                const FstSearchOptions &opt = FstSearchOptions());
// A move the optimal searches never make after prev: the same face again, or a face right after
// its opposite (faces 0..5 = U R F D L B: D after U, but not U after D).
inline bool redundant_move(int prev, int m) {
    if (prev < 0) return false;
    const int pf = prev / 3, f = m / 3;
    return f == pf || f + 3 == pf;
}

// The task split of both optimal searches (fst_search.cc, nx_search.cc): every sequence of depth
// moves from s, without redundant moves, that symred's orbit rule keeps (decided on the moves so
// far: a longer prefix only adds to its key) and whose every node child(parent, m, g, node)
// passes (it makes the node and returns false to cut it), in move order, each with score(node).
// Prefix: { node s; int moves[5]; int len; unsigned score; }.
template <class Prefix, class Node, class Child, class Score>
void split_prefixes(const StartSymmetry &sym, const Node &s, int g, int depth, Prefix &cur, std::vector<Prefix> &out,
                    const Child &child, const Score &score) {
    if (g >= 2 && !symred_keep(sym, cur.moves, g)) return;
    if (g == depth) {
        out.push_back(cur);
        out.back().score = score(cur.s);
        return;
    }
    const int prev = g > 0 ? cur.moves[g - 1] : -1;
    for (int m = 0; m < NMOVES; ++m) {
        if (redundant_move(prev, m)) continue;
        Prefix next = cur;
        if (!child(s, m, g, next.s)) continue;
        next.moves[g] = m;
        next.len = g + 1;
        split_prefixes(sym, next.s, g + 1, depth, next, out, child, score);
    }
}

// The process's CPU time, all threads, in seconds (the searches' per-bound log lines).
double process_cpu_seconds();
// The fst and nx searches' per-bound log line (BoundLoop::log_line): the counts so far, the
// seconds since the start, the generation rate and the process's CPU since cpu0.
void count_log_line(char *buf, size_t n, int bound, uint64_t nodes, uint64_t generated, double secs, double cpu0);

// M. de Bondt's rule (bondt): a lower bound from the values a, b, c of one side's three views
// (the cube's three axes, or its inverse's) in a table whose goal set holds the U and D turns of
// each view's axis (the flip-slice-twist distances, fst4): their max, and one more when all
// three are equal and not 0 (a solution of exactly that length would end, or begin for the
// inverse's views, with some axis's turn, which leaves that view's value one less).
inline unsigned bondt_rule(unsigned a, unsigned b, unsigned c) {
    const unsigned m = a > b ? (a > c ? a : c) : (b > c ? b : c);
    return a == b && b == c && m > 0 ? m + 1 : m;
}
// The flip-slice-twist (fst4) distance of an exact-valued table's entry i: with the parity-split
// tables (fstp, fstp2) the smaller of entry i and its twin i ^ 1 (the other corner parity, in the
// same byte; fstp2's side table read for a code-3 entry), else the entry's own value.
unsigned fst4_value(const FstTable &t, uint64_t i);
// The flip-slice-twist coordinates of X^-1 from X's Loc bytes (corners then edges, as Loc::l).
void inverse_coords(const uint8_t loc[20], int &flip, int &slice, int &twist);
// The same values in fewer instructions (what the batched search's inverse_stage=ahead|once uses).
void inverse_coords_fast(const uint8_t loc[20], int &flip, int &slice, int &twist);
// FstSearchOptions::third_reuse's table: at inverse_coords' slice of X, the third table's slice
// part of X^-1 (ThirdCoords::from_loc's sp with inverse); 11,880 entries, built on first use.
const uint16_t *third_slice_part_of_inverse_slice();
// Whether this CPU runs FstSearchOptions::simd_coords's code (x86 with SSE4.1 and BMI2).
bool simd_coords_supported();
// For the tests: the batched search's inverse_stage=ahead|once step for one axis of a child: its
// Loc bytes cloc (the parent's ploc after move mk; the corners too only with corners, else cloc's
// are used) and its inverse's flip, sorted slice and twist; with simd (where supported) the
// simd_coords version, else the portable one.
void child_locs_inverse_both(const uint8_t ploc[20], int mk, bool corners, uint8_t cloc[20], int &flip, int &slice,
                             int &twist, bool simd);
// The corner table's index (c01234567) of a view's Loc bytes (its first eight: the corners).
uint64_t corner_table_index(const uint8_t loc[8]);
// The flip-slice-twist distances of c along the three axes (out) and their max (with a 4-bit
// table, the max includes the inverse cube's three).
unsigned fst_bound(const CubieCube &c, const FstTable &fst, unsigned out[3]);

}  // namespace cube
