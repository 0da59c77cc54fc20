// nx_search: the optimal search over the N table (tables=nx; session 37, build plan step 4 of
// session 34, plugins/cube/README.md). Parallel IDA* on the runtime's pool through the shared
// bound loop (run_bounds), with the fst search's task split (3-move prefixes, symred's orbit
// rule, order_tasks=score) but its own, simpler worker: depth first; a node's children made
// stage by stage, their table lines prefetched together before any is read, and (nx_batch=K,
// session 37 nxb37) up to K sibling nodes expanded together, each stage run for all of them
// before the next, so one round of misses serves K nodes. The nodes are counted when the
// depth-first order reaches them, so every K expands the same nodes (NxWorker::dfs).
//
// Why not inside fst_search.cc's batched Worker: its stages are built around fstp2's reads (lazy
// axes by the parent's exact distances, the side table for code 3, the parity twins, the third
// table's gathering); N's values are lower bounds without a parent relation (a code 0 is read as
// its line's minimum), so none of those stages apply as they are, and a node here needs only six
// 16-byte lines. A separate worker is small enough to check line by line; the batched one can
// take N's reads later if the measurements say the batching is worth it (README, session 37).
//
// A node keeps, per view a (0..2: the cube along the U-D, R-L and F-B axes, as cube_view):
//   - the forward view's raw abstract state (cs, twist, flip, slice: nx.h), moved by the move
//     tables with the move as that view sees it, and looked up through NxCoords::index (the same
//     function the table's own checks use), so the entry is the reference's by construction;
//   - the view's Loc bytes (where each cubie is), from which the inverse view's state comes: the
//     inverse's twist, flip and sorted slice by the fst search's inverse step
//     (child_locs_inverse_both), its cs from which corners sit in U-layer positions (X^-1 holds at
//     position t the position where X holds cubie t);
//   - the six views' bounds (NxTable::bound: the code, or the line's minimum for a code 0).
// Per child: the forward view with the parent's largest bound prefetched for all children, then
// read, then the other two for the children it passes (lazy_forward); per side the max of
// three with de Bondt's rule (bondt_rule; the N coset's subgroup holds every U and D turn of its
// axis, nx.h); the children that pass get their Loc bytes and inverse states, the inverse lines
// prefetched, then read, except inverse view a of a child made by a turn of view a's axis, which
// is the parent's (m^-1 X^-1 with m^-1 in the coset's subgroup: the same abstract state, so the
// same entry and the same bound); then the corner table for the children that pass N (its byte
// prefetched with the inverse lines, so it adds no round of misses).
// The next-move rule: a node with t moves left whose inverse view a reads t forbids its children
// on view a's axis: such a child's inverse view a is the same entry, so it reads t again with
// t - 1 moves left and fails. It holds for every code (the child reads the same line, whatever
// its code means), so it skips exactly the children the search would generate and then cut:
// the same nodes (tested).
// nx_switch (session 49, an experiment, off): nxopt's choice of side. Before its expansion a node
// may be turned into its inverse (to_inverse) when that cube has fewer moves to try: its forward
// views at t forbid the last turns of a solution as its inverse views forbid the first. The moves
// made below then belong to the back of the solution (NxWorker::solution). Why the search stays
// complete with redundant_move applied per side: in a shortest solution no face turns twice in a
// row and no axis turns three times in a row, so whenever a side's rule forbids the order of two
// opposite-face turns, swapping them gives another shortest solution whose moves next to the
// pair (on other axes) the rules allow; every side's first move is checked only against that
// side's own last move, and the two sides meet without a check.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>

#include "nx_search.h"
#include "optimal.h"
#include "symred.h"
#include "twophase.h"

namespace cube {

namespace {

struct NxNode {
    uint16_t tw[3], fl[3], sl[3];
    uint8_t cs[3];
    uint8_t v[6];         // the six views' bounds
    uint8_t loc[3][20];   // per view, where its cubies are (Loc)
    // nx_switch: which cube the node holds (0: the front side's, the start after the front moves;
    // 1: its inverse, the back side's; the search below appends moves to that side) and the last
    // move appended to each side (-1: none), for redundant_move.
    uint8_t side = 0;
    int8_t last[2] = {-1, -1};
};


inline const uint8_t *line_of(const NxTable &t, uint64_t i) {
    return t.data.data() + (i >> 9) * NX_ROW_BYTES + ((unsigned(i) & (NX_WIDTH - 1)) / NX_LINE) * 16;
}

struct NxCtx {
    const NxTable *t = nullptr;
    const NxCoords *co = nullptr;
    const Pdb *corners = nullptr;
    const solver_services *sv = nullptr;
    NxSearchOptions opt;
    int axis_move[3][NMOVES];
    uint32_t axis_mask[3] = {0, 0, 0};  // the moves that turn view a's U-D axis
    uint8_t cs_of_mask[256];            // inverse cs from the mask of U-layer positions
    uint32_t redundant[NMOVES + 1];     // [prev + 1]: the moves redundant_move forbids after prev
    bool simd = false;
    StartSymmetry sym;
    int prefix_depth = 3;
    int order_mode = 0;  // CUBE_NX_ORDER (nx_order_mode): 0 score, 1 bound, 2 prev, 3 prevasc, 4 mix
    std::atomic<bool> found{false}, stopped{false};
    std::atomic<uint64_t> nodes{0}, generated{0};
    std::mutex mu;
    std::vector<int> solution;

    unsigned fwd_bound(const NxNode &c) const {
        return opt.bondt ? bondt_rule(c.v[0], c.v[1], c.v[2]) : std::max({c.v[0], c.v[1], c.v[2]});
    }
    unsigned inv_bound(const NxNode &c) const {
        return opt.bondt ? bondt_rule(c.v[3], c.v[4], c.v[5]) : std::max({c.v[3], c.v[4], c.v[5]});
    }
    // The forward view a of child c (of n by move m): its state and its entry.
    uint64_t forward(const NxNode &n, int m, int a, NxNode &c) const {
        move_view(n, m, a, c);
        return co->index(c.cs[a], c.tw[a], c.fl[a], c.sl[a]);
    }
    // Only view a's abstract state of child c (of n by move m); returns the corner_class entry
    // its index reads first (for a prefetch).
    const uint32_t *move_view(const NxNode &n, int m, int a, NxNode &c) const {
        const unsigned mk = unsigned(axis_move[a][m]);
        c.cs[a] = co->cs_move[n.cs[a] * NMOVES + mk];
        c.tw[a] = co->tw_move[n.tw[a] * NMOVES + mk];
        c.fl[a] = co->fl_move[n.fl[a] * NMOVES + mk];
        c.sl[a] = co->sl_move[n.sl[a] * NMOVES + mk];
        return co->class_word(c.cs[a], c.tw[a]);
    }
    // Child c's Loc bytes of view a and its inverse view's entry.
    uint64_t inverse(const NxNode &n, int m, int a, NxNode &c) const {
        int cs, tw, fl, sl;
        inverse_state(n, m, a, c, cs, tw, fl, sl);
        return co->index(cs, tw, fl, sl);
    }
    // Child c's Loc bytes of view a and its inverse view's abstract state.
    void inverse_state(const NxNode &n, int m, int a, NxNode &c, int &cs, int &tw, int &fl, int &sl) const {
        int ss;
        child_locs_inverse_both(n.loc[a], axis_move[a][m], true, c.loc[a], fl, ss, tw, simd);
        cs = inverse_cs(c.loc[a]);
        sl = ss / 24;
    }
    // An entry's first read (pass 1 of 2): its corner_class word (prefetched a pass before), and
    // the edge tables' words that the word's symmetry selects prefetched for pass 2
    // (co->index_of_class).
    uint32_t entry_class(int cs, int tw, int fl, int sl) const {
        const uint32_t w = *co->class_word(cs, tw);
        co->prefetch_edges(int(w & 15), fl, sl);
        return w;
    }
    int inverse_cs(const uint8_t *loc) const {
        unsigned mask = 0;
        for (int q = 0; q < 8; ++q) mask |= unsigned(loc[q] < 12) << q;  // cubie q in a U-layer position (0..3)
        return cs_of_mask[mask];
    }
    // Every part of child c of n by m, one view after another (the prefixes and the tests).
    void eval_child(const NxNode &n, int m, NxNode &c) const {
        c.side = n.side;
        c.last[n.side] = int8_t(m);
        c.last[1 - n.side] = n.last[1 - n.side];
        for (int a = 0; a < 3; ++a) {
            c.v[a] = uint8_t(t->bound(forward(n, m, a, c)));
            c.v[3 + a] = uint8_t(t->bound(inverse(n, m, a, c)));
        }
    }
    // nx_switch: node n made its own inverse, in place (the other side's cube): per view the
    // inverse's abstract state and Loc bytes from n's Loc bytes, the forward and inverse bounds
    // swapped. The inverse of view a is view a of the inverse (conjugation commutes with it).
    void to_inverse(NxNode &n) const {
        for (int a = 0; a < 3; ++a) {
            int fl, ss, tw;
            inverse_coords_fast(n.loc[a], fl, ss, tw);
            n.cs[a] = uint8_t(inverse_cs(n.loc[a]));
            n.tw[a] = uint16_t(tw), n.fl[a] = uint16_t(fl), n.sl[a] = uint16_t(ss / 24);
            uint8_t inv[20];
            // Loc: corner i at position p with twist o (l = 3p + o) makes the inverse hold corner p
            // at position i with twist -o; an edge's flip is its own inverse.
            for (int i = 0; i < 8; ++i) {
                const unsigned x = n.loc[a][i];
                inv[x / 3] = uint8_t(i * 3 + (3 - x % 3) % 3);
            }
            for (int i = 0; i < 12; ++i) {
                const unsigned x = n.loc[a][8 + i];
                inv[8 + x / 2] = uint8_t(i * 2 + x % 2);
            }
            std::copy(inv, inv + 20, n.loc[a]);
            std::swap(n.v[a], n.v[3 + a]);
        }
        n.side ^= 1;
    }
    // The moves node n (togo moves left) would search on its side: not redundant after its
    // side's last move, and none the next-move rule forbids (its inverse views at togo).
    uint32_t moves_here(const NxNode &n, int togo) const {
        uint32_t forbid = redundant[n.last[n.side] + 1];
        for (int a = 0; a < 3; ++a)
            if (n.v[3 + a] >= unsigned(togo)) forbid |= axis_mask[a];
        return ~forbid & ((1u << NMOVES) - 1);
    }
    // The same from the other side: its inverse views are n's forward views (a forward view at
    // togo means no solution of togo moves ends with a turn of that view's axis).
    uint32_t moves_there(const NxNode &n, int togo) const {
        uint32_t forbid = redundant[n.last[1 - n.side] + 1];
        for (int a = 0; a < 3; ++a)
            if (n.v[a] >= unsigned(togo)) forbid |= axis_mask[a];
        return ~forbid & ((1u << NMOVES) - 1);
    }
    // nx_switch (nxopt's choice): search the node from whichever side has fewer moves to try.
    void choose_side(NxNode &n, int togo) const {
        if (__builtin_popcount(moves_there(n, togo)) < __builtin_popcount(moves_here(n, togo))) to_inverse(n);
    }
    unsigned corner_bound(const NxNode &c) const {
        return corners ? corners->lookup(corner_table_index(c.loc[0])) : 0;
    }
    unsigned bound(const NxNode &c) const {
        return std::max({fwd_bound(c), inv_bound(c), corner_bound(c)});
    }
};

bool is_solved_loc(const uint8_t *l) {
    for (int i = 0; i < 8; ++i)
        if (l[i] != i * 3) return false;
    for (int i = 0; i < 12; ++i)
        if (l[8 + i] != i * 2) return false;
    return true;
}

// One node's expansion: its children made and filtered stage by stage (sel holds the survivors of
// each stage, compacted in place; after the last, the children that passed every bound, in move
// order). Expand::stage_* run each stage for a batch of sibling nodes before the next stage, so one
// round of prefetches serves them all (nx_batch).
struct NxExp {
    int k = 0, ns = 0, a0 = -1;
    int cstart = -1;  // nx_cousins: where its children's expansions start in the next level's slots (-1: not made)
    NxNode ch[NMOVES];
    int mv[NMOVES], sel[NMOVES];
    uint64_t idx[NMOVES][3], iidx[NMOVES][3], cidx[NMOVES];
    // Between an entry's passes (NxWorker's stage_*_lines): the corner_class words, and the
    // inverse views' abstract states.
    uint32_t word[NMOVES][3];
    uint16_t itw[NMOVES][3], ifl[NMOVES][3], isl[NMOVES][3];
    uint8_t ics[NMOVES][3];
};

struct NxWorker {
    NxCtx *X;
    int path[32];
    uint64_t nodes = 0, generated = 0;
    unsigned polls = 0;
    // nx_batch: per depth g, K expansion slots for up to K siblings at depth g (K = max(1, batch)).
    // Slot (g, i) is rewritten only when the next batch at depth g is made, i.e. after node i's
    // subtree (deeper levels only) has been searched. thread_local: reused by every task a thread
    // runs (the runtime's pool keeps its threads).
    int K = 1;
    int count[33] = {};  // per depth, the nodes of the last batch expanded there (slots 0..count-1)
    std::vector<NxExp> *slots = nullptr;
    uint8_t pside[32] = {};  // the side each move of path was appended to (nx_switch; 0 without)
    NxExp &slot(int g, int i) { return (*slots)[size_t(g) * size_t(K) + size_t(i)]; }

    // Stage 1 for node n (at depth g with its move prev, togo >= 2 moves left): its children's
    // moves, and with lazy_forward their first view's moved coordinates, the corner_class entry
    // each needs prefetched (stage_forward_lines makes the entries); without lazy_forward all three
    // views' entries, their lines prefetched.
    // Why an entry is made in passes (session 53): it reads corner_class (612 KB) and then, by the
    // symmetry found there, the edge tables; where those miss the caches (a busy machine's shared
    // L3) each child waited for them in turn before its line's prefetch could even start -- 43 %
    // of the search's samples sat on that prefetch. Now every stage runs over the whole batch
    // before the next: the batch's corner_class words are prefetched before the first is read,
    // and a node's edge-table words before its first entry is made.
    void stage_forward(const NxNode &n, int togo, NxExp &e) const {
        const int prev = n.last[n.side];
        uint32_t forbid = 0;
        if (X->opt.nextmove)
            for (int a = 0; a < 3; ++a)
                if (n.v[3 + a] >= unsigned(togo)) forbid |= X->axis_mask[a];
        const NxTable &t = *X->t;
        // lazy_forward: the view with the parent's largest forward bound first, for every child;
        // the other two only for the children it passes (most children fail it where the
        // search spends its time: one line read instead of three).
        e.cstart = -1;
        e.a0 = !X->opt.lazy_forward ? -1 : n.v[0] >= n.v[1] && n.v[0] >= n.v[2] ? 0 : n.v[1] >= n.v[2] ? 1 : 2;
        int k = 0;
        for (int m = 0; m < NMOVES; ++m) {
            if (redundant_move(prev, m) || (forbid >> m & 1)) continue;
            NxNode &c = e.ch[k];
            if (e.a0 < 0) {
                for (int a = 0; a < 3; ++a) {
                    e.idx[k][a] = X->forward(n, m, a, c);
                    __builtin_prefetch(line_of(t, e.idx[k][a]));
                }
            } else {
                __builtin_prefetch(X->move_view(n, m, e.a0, c));
            }
            c.side = n.side;
            c.last[n.side] = int8_t(m);
            c.last[1 - n.side] = n.last[1 - n.side];
            e.mv[k++] = m;
        }
        e.k = k;
    }
    // Stage 1b (lazy_forward): the first view's entries of stage 1's children, their lines
    // prefetched; in two passes, so the edge tables' misses overlap too.
    void stage_forward_lines(NxExp &e) const {
        if (e.a0 < 0) return;
        const NxTable &t = *X->t;
        const int a = e.a0;
        for (int i = 0; i < e.k; ++i) {
            const NxNode &c = e.ch[i];
            e.word[i][a] = X->entry_class(c.cs[a], c.tw[a], c.fl[a], c.sl[a]);
        }
        for (int i = 0; i < e.k; ++i) {
            const NxNode &c = e.ch[i];
            e.idx[i][a] = X->co->index_of_class(e.word[i][a], c.fl[a], c.sl[a]);
            __builtin_prefetch(line_of(t, e.idx[i][a]));
        }
    }
    // Stage 2: the first view read; for the children it passes the other two views' states made,
    // their corner_class words prefetched.
    void stage_first(const NxNode &n, unsigned lim, NxExp &e) const {
        const NxTable &t = *X->t;
        int nf = 0;
        if (e.a0 >= 0) {
            for (int i = 0; i < e.k; ++i) {
                e.ch[i].v[e.a0] = uint8_t(t.bound(e.idx[i][e.a0]));
                if (e.ch[i].v[e.a0] > lim) continue;
                for (int a = 0; a < 3; ++a)
                    if (a != e.a0) __builtin_prefetch(X->move_view(n, e.mv[i], a, e.ch[i]));
                e.sel[nf++] = i;
            }
        } else {
            for (int i = 0; i < e.k; ++i) e.sel[nf++] = i;
        }
        e.ns = nf;
    }
    // Stage 2b (lazy_forward): those two views' entries, their lines prefetched (two passes).
    void stage_first_lines(NxExp &e) const {
        if (e.a0 < 0) return;
        const NxTable &t = *X->t;
        for (int j = 0; j < e.ns; ++j) {
            const int i = e.sel[j];
            const NxNode &c = e.ch[i];
            for (int a = 0; a < 3; ++a)
                if (a != e.a0) e.word[i][a] = X->entry_class(c.cs[a], c.tw[a], c.fl[a], c.sl[a]);
        }
        for (int j = 0; j < e.ns; ++j) {
            const int i = e.sel[j];
            const NxNode &c = e.ch[i];
            for (int a = 0; a < 3; ++a)
                if (a != e.a0) {
                    e.idx[i][a] = X->co->index_of_class(e.word[i][a], c.fl[a], c.sl[a]);
                    __builtin_prefetch(line_of(t, e.idx[i][a]));
                }
        }
    }
    // Stage 3: the other forward views read, per side the max; the survivors' Loc bytes and
    // inverse views' states made, their corner_class words and the corner table's byte prefetched.
    void stage_inverse(const NxNode &n, unsigned lim, NxExp &e) const {
        const NxTable &t = *X->t;
        int nk = 0;
        for (int j = 0; j < e.ns; ++j) {
            const int i = e.sel[j];
            NxNode &c = e.ch[i];
            for (int a = 0; a < 3; ++a)
                if (a != e.a0) c.v[a] = uint8_t(t.bound(e.idx[i][a]));
            if (X->fwd_bound(c) > lim) continue;
            const int m = e.mv[i];
            for (int a = 0; a < 3; ++a) {
                int cs, tw, fl, sl;
                X->inverse_state(n, m, a, c, cs, tw, fl, sl);
                if (X->opt.inherit && (X->axis_mask[a] >> m & 1)) {
                    c.v[3 + a] = n.v[3 + a];  // the same entry as the parent's
                    e.iidx[i][a] = UINT64_MAX;
                } else {
                    e.iidx[i][a] = 0;  // made by stage_inverse_lines
                    e.ics[i][a] = uint8_t(cs);
                    e.itw[i][a] = uint16_t(tw);
                    e.ifl[i][a] = uint16_t(fl);
                    e.isl[i][a] = uint16_t(sl);
                    __builtin_prefetch(X->co->class_word(cs, tw));
                }
            }
            // The corner table's byte too, in the same round of misses (read only if N passes).
            if (X->corners) {
                e.cidx[i] = corner_table_index(c.loc[0]);
                if (X->opt.corner_early) __builtin_prefetch(X->corners->data.data() + (e.cidx[i] >> 1));
            }
            e.sel[nk++] = i;
        }
        e.ns = nk;
    }
    // Stage 3b: the inverse views' entries (those not the parent's), their lines prefetched (two passes).
    void stage_inverse_lines(NxExp &e) const {
        const NxTable &t = *X->t;
        for (int j = 0; j < e.ns; ++j) {
            const int i = e.sel[j];
            for (int a = 0; a < 3; ++a)
                if (e.iidx[i][a] != UINT64_MAX) e.word[i][a] = X->entry_class(e.ics[i][a], e.itw[i][a], e.ifl[i][a], e.isl[i][a]);
        }
        for (int j = 0; j < e.ns; ++j) {
            const int i = e.sel[j];
            for (int a = 0; a < 3; ++a)
                if (e.iidx[i][a] != UINT64_MAX) {
                    e.iidx[i][a] = X->co->index_of_class(e.word[i][a], e.ifl[i][a], e.isl[i][a]);
                    __builtin_prefetch(line_of(t, e.iidx[i][a]));
                }
        }
    }
    // Stage 4: the inverse views read; without corner_early the corner bytes prefetched here.
    void stage_read_inverse(unsigned lim, NxExp &e) const {
        const NxTable &t = *X->t;
        int np = 0;
        for (int j = 0; j < e.ns; ++j) {
            const int i = e.sel[j];
            NxNode &c = e.ch[i];
            for (int a = 0; a < 3; ++a)
                if (e.iidx[i][a] != UINT64_MAX) c.v[3 + a] = uint8_t(t.bound(e.iidx[i][a]));
            if (X->inv_bound(c) > lim) continue;
            if (X->corners && !X->opt.corner_early) __builtin_prefetch(X->corners->data.data() + (e.cidx[i] >> 1));
            e.sel[np++] = i;
        }
        e.ns = np;
    }
    // Stage 5: the corner table.
    void stage_corners(unsigned lim, NxExp &e) const {
        if (!X->corners) return;
        int q = 0;
        for (int j = 0; j < e.ns; ++j)
            if (X->corners->lookup(e.cidx[e.sel[j]]) <= lim) e.sel[q++] = e.sel[j];
        e.ns = q;
    }
    // The expansions of nb sibling nodes (each with togo >= 2 moves left), stage by stage over all
    // of them: nb nodes' misses in flight per round instead of one node's.
    // With nx_switch each node first takes the side it is searched from (choose_side).
    void expand(NxNode *const *n, int nb, int togo, NxExp *const *e) const {
        const unsigned lim = unsigned(togo - 1);  // a child passes with every bound <= lim
        if (X->opt.inverse_switch && X->opt.nextmove)
            for (int b = 0; b < nb; ++b) X->choose_side(*n[b], togo);
        for (int b = 0; b < nb; ++b) stage_forward(*n[b], togo, *e[b]);
        for (int b = 0; b < nb; ++b) stage_forward_lines(*e[b]);
        for (int b = 0; b < nb; ++b) stage_first(*n[b], lim, *e[b]);
        for (int b = 0; b < nb; ++b) stage_first_lines(*e[b]);
        for (int b = 0; b < nb; ++b) stage_inverse(*n[b], lim, *e[b]);
        for (int b = 0; b < nb; ++b) stage_inverse_lines(*e[b]);
        for (int b = 0; b < nb; ++b) stage_read_inverse(lim, *e[b]);
        for (int b = 0; b < nb; ++b) stage_corners(lim, *e[b]);
    }

    // n has togo >= 1 moves left and passed every bound; e is its expansion (made ahead, with
    // its siblings' or cousins'), slot bi of depth g, null when togo == 1. True when a solution of exactly togo more moves was
    // found below it (path[g..] then holds it). The nodes are counted here, in the depth-first
    // order, so every batch size counts the same nodes and children; a batch's siblings expanded
    // after a solution or a stop are work done ahead, not counted.
    bool dfs(const NxNode &n, NxExp *e, int g, int togo, int bi) {
        ++nodes;
        // Every 256 nodes: the runtime reads its clock once every 256 calls a thread (search_control.h),
        // so the time limit is seen within about 65 K nodes (0.1 s) of a thread.
        if ((++polls & 0xff) == 0) {
            if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
            if (X->sv && X->sv->should_stop && X->sv->should_stop(X->sv->ctx)) {
                X->stopped = true;
                return false;
            }
        }
        const int prev = n.last[n.side];
        if (togo == 1) {  // the children must be solved (view 0's Loc bytes after the move)
            uint32_t forbid = 0;
            if (X->opt.nextmove)
                for (int a = 0; a < 3; ++a)
                    if (n.v[3 + a] >= 1u) forbid |= X->axis_mask[a];
            // The one move left is also the last: with nx_switch, the forward views' rule too.
            if (X->opt.inverse_switch)
                for (int a = 0; a < 3; ++a)
                    if (n.v[a] >= 1u) forbid |= X->axis_mask[a];
            for (int m = 0; m < NMOVES; ++m) {
                if (redundant_move(prev, m) || (forbid >> m & 1)) continue;
                ++generated;
                uint8_t l[20];
                const uint8_t *cm = corner_move_loc[m], *em = edge_move_loc[m];
                for (int i = 0; i < 8; ++i) l[i] = cm[n.loc[0][i]];
                for (int i = 8; i < 20; ++i) l[i] = em[n.loc[0][i]];
                if (is_solved_loc(l)) {
                    path[g] = m, pside[g] = n.side;
                    return true;
                }
            }
            return false;
        }
        generated += unsigned(e->k);
        if (togo == 2) {  // the children have one move left: no expansion to make ahead
            for (int j = 0; j < e->ns; ++j) {
                path[g] = e->mv[e->sel[j]], pside[g] = n.side;
                if (dfs(e->ch[e->sel[j]], nullptr, g + 1, 1, 0)) return true;
                if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
            }
            return false;
        }
        if (X->opt.cousins && e->ns <= K) {
            // nx_cousins: the children's expansions were made with their cousins' (the children
            // of the nodes after this one in its batch), or are made now with the next ones'.
            if (e->cstart < 0) gather(g, bi, togo);
            for (int j = 0; j < e->ns; ++j) {
                const int i = e->sel[j], s = e->cstart + j;
                path[g] = e->mv[i], pside[g] = n.side;
                if (dfs(e->ch[i], &slot(g + 1, s), g + 1, togo - 1, s)) return true;
                if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
            }
            return false;
        }
        for (int j0 = 0; j0 < e->ns; j0 += K) {
            const int nb = std::min(K, e->ns - j0);
            NxNode *cn[NMOVES];
            int cp[NMOVES];
            NxExp *ce[NMOVES];
            for (int b = 0; b < nb; ++b) {
                const int i = e->sel[j0 + b];
                cn[b] = &e->ch[i];
                cp[b] = e->mv[i];
                ce[b] = &slot(g + 1, b);
            }
            count[g + 1] = nb;
            expand(cn, nb, togo - 1, ce);
            for (int b = 0; b < nb; ++b) {
                path[g] = cp[b], pside[g] = n.side;
                if (dfs(*cn[b], ce[b], g + 1, togo - 1, b)) return true;
                if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
            }
        }
        return false;
    }
    // nx_cousins: the children of node bi of depth g's batch (at most K of them) and of the nodes
    // after it in that batch (in the depth-first order) as long as they fit in K, expanded
    // together into depth g + 1's slots. Every node of that batch is visited after bi (unless a
    // solution or a stop ends the task first), so the work is only done earlier; depth g + 1's
    // slots are rewritten only when a node of depth g needs its children and has none made, i.e.
    // after every node made in the last gather there has been searched.
    void gather(int g, int bi, int togo) {
        NxNode *cn[NMOVES];
        NxExp *ce[NMOVES];
        int total = 0;
        for (int b = bi; b < count[g]; ++b) {
            NxExp &p = slot(g, b);
            if (b > bi && total + p.ns > K) break;
            p.cstart = total;
            for (int j = 0; j < p.ns; ++j, ++total) {
                cn[total] = &p.ch[p.sel[j]];
                ce[total] = &slot(g + 1, total);
            }
        }
        count[g + 1] = total;
        expand(cn, total, togo - 1, ce);
    }
    // A task's root: its expansion alone, then the search below it.
    bool search(const NxNode &root, int g, int togo) {
        NxNode n = root;  // a copy: expand may turn it to its inverse (nx_switch)
        if (togo == 1) return dfs(n, nullptr, g, togo, 0);
        NxExp &e = slot(g, 0);
        count[g] = 1;
        NxNode *pn = &n;
        NxExp *pe = &e;
        expand(&pn, 1, togo, &pe);
        return dfs(n, &e, g, togo, 0);
    }
    // The solution of a hit of bound moves: the front side's moves in their order, then the back
    // side's in reverse order, each inverted (the back side's cube is the inverse: a move m
    // appended there ends the front's remaining sequence with m^-1).
    std::vector<int> solution(int bound) const {
        std::vector<int> front, back;
        for (int i = 0; i < bound; ++i) (pside[i] ? back : front).push_back(path[i]);
        for (auto it = back.rbegin(); it != back.rend(); ++it) front.push_back(inverse_move(*it));
        return front;
    }
};

struct NxPrefix {
    NxNode s;
    int moves[5];
    int len;
    unsigned score = 0;
};

// Session 38 (auto38), for experiments only (README, session 38): the order of each bound's
// tasks with order_tasks on. The environment's CUBE_NX_ORDER, read at each solve: score (unset
// or any other value: the default, the max of the seven distances, then their sum), bound (the
// node's bound as the search forms it, de Bondt's rule per side and the corners, then the sum),
// prev (descending children generated by the same prefix at the previous bound, ties by score),
// prevasc (ascending, prefixes new at this bound first), mix (score's max, then prev). None was
// better on every position measured, so score stays.
int nx_order_mode() {
    const char *e = std::getenv("CUBE_NX_ORDER");
    const std::string v = e ? e : "score";
    return v == "bound" ? 1 : v == "prev" ? 2 : v == "prevasc" ? 3 : v == "mix" ? 4 : 0;
}

uint32_t nx_prefix_key(const NxPrefix &p) {
    uint32_t k = uint32_t(p.len);
    for (int i = 0; i < p.len; ++i) k = k * (NMOVES + 1) + uint32_t(p.moves[i]) + 1;
    return k;
}

// The node's seven distances (six views and the corners) as max * 64 + sum, as the fst
// search's order_tasks=score.
unsigned score(const NxCtx &X, const NxNode &c) {
    unsigned sum = X.corner_bound(c), mx = sum;
    for (int a = 0; a < 6; ++a) sum += c.v[a], mx = std::max<unsigned>(mx, c.v[a]);
    if (X.order_mode == 1) mx = X.bound(c);
    return mx * 64 + sum;
}

void prefixes(const NxCtx &X, const NxNode &s, int depth, int bound, NxPrefix &root, std::vector<NxPrefix> &out) {
    split_prefixes(
        X.sym, s, 0, depth, root, out,
        [&](const NxNode &n, int m, int g, NxNode &c) {
            X.eval_child(n, m, c);
            // A prefix that ends at the bound must be the solved cube (every bound can be 0 off it).
            return int(X.bound(c)) <= bound - g - 1 && (g + 1 < bound || is_solved_loc(c.loc[0]));
        },
        [&](const NxNode &c) { return score(X, c); });
}

void setup(NxCtx &X, const CubieCube &cube, NxNode &start) {
    init_loc_tables();
    X.co = &nx_coords();
    for (int m = 0; m < NMOVES; ++m) X.axis_move[0][m] = m;
    // View a sees the cube as S^-a c S^a; a turn m becomes S^-a m S^a = conjugation_map(3 - a).
    conjugation_map(2, X.axis_move[1]);
    conjugation_map(1, X.axis_move[2]);
    for (int a = 0; a < 3; ++a)
        for (int m = 0; m < NMOVES; ++m)
            if (X.axis_move[a][m] / 3 % 3 == 0) X.axis_mask[a] |= 1u << m;  // U (0..2) or D (9..11)
    for (int p = -1; p < NMOVES; ++p) {
        X.redundant[p + 1] = 0;
        for (int m = 0; m < NMOVES; ++m)
            if (redundant_move(p, m)) X.redundant[p + 1] |= 1u << m;
    }
    for (unsigned mask = 0; mask < 256; ++mask) {
        X.cs_of_mask[mask] = 0;
        if (__builtin_popcount(mask) != 4) continue;
        CubieCube c = CubieCube::solved();
        for (int i = 0, u = URF, d = DFR; i < 8; ++i) c.cp[i] = uint8_t(mask >> i & 1 ? u++ : d++);
        X.cs_of_mask[mask] = uint8_t(get_nx_cs(c));
    }
    X.simd = simd_coords_supported();
    for (int a = 0; a < 3; ++a) {
        const CubieCube v = cube_view(cube, a), w = cube_view(cube, 3 + a);
        start.cs[a] = uint8_t(get_nx_cs(v));
        start.tw[a] = uint16_t(get_twist(v));
        start.fl[a] = uint16_t(get_flip(v));
        start.sl[a] = uint16_t(get_slice(v));
        start.v[a] = uint8_t(X.t->bound(X.co->index(v)));
        start.v[3 + a] = uint8_t(X.t->bound(X.co->index(w)));
        const Loc l = to_loc(v);
        for (int i = 0; i < 20; ++i) start.loc[a][i] = l.l[i];
    }
}

}  // namespace

void nx_follow(const NxTable &t, const CubieCube &c, const std::vector<int> &moves, unsigned v[6], uint64_t turns) {
    NxCtx X;
    X.t = &t;
    NxNode n;
    setup(X, c, n);
    for (size_t i = 0; i <= moves.size(); ++i) {
        if (turns >> i & 1) X.to_inverse(n);
        if (i == moves.size()) break;
        NxNode ch = n;
        X.eval_child(n, moves[i], ch);
        n = ch;
    }
    for (int k = 0; k < 6; ++k) v[k] = n.v[k];
}

OptimalResult solve_optimal_nx(const CubieCube &cube, const Pdb *corners, const NxTable &t, const solver_services *sv,
                               const NxSearchOptions &opt) {
    OptimalResult res;
    NxCtx X;
    X.t = &t;
    X.corners = corners;
    X.sv = sv;
    X.opt = opt;
    X.order_mode = nx_order_mode();
    NxNode start;
    setup(X, cube, start);
    if (opt.symred) X.sym = start_symmetry(cube);
    if (X.sym.order() > 1) X.prefix_depth = symred_prefix_depth(X.sym);
    if (is_solved_loc(start.loc[0])) return res;
    const unsigned h0 = std::max(1u, X.bound(start));
    struct Task {
        NxCtx *X;
        const NxPrefix *pre;
        int bound;
        uint64_t generated = 0;  // children generated in the task's subtree (CUBE_NX_ORDER=prev...)
    };
    struct Loop : BoundLoop {
        NxCtx &X;
        const NxNode &start;
        std::vector<NxPrefix> pre;
        std::vector<Task> tasks;
        std::vector<size_t> order;
        std::atomic<size_t> next{0};
        std::unordered_map<uint32_t, uint64_t> prev_size;  // nx_prefix_key -> generated, previous bound
        double cpu0 = process_cpu_seconds();
        Loop(NxCtx &x, const NxNode &s) : X(x), start(s) {}
        size_t make_tasks(int bound) override {
            prev_size.clear();
            for (size_t i = 0; i < tasks.size(); ++i) prev_size[nx_prefix_key(pre[i])] = tasks[i].generated;
            pre.clear();
            NxPrefix root{start, {0, 0, 0, 0, 0}, 0};
            prefixes(X, start, std::min(bound, X.prefix_depth), bound, root, pre);
            tasks.resize(pre.size());
            std::vector<unsigned> sc(pre.size());
            std::vector<uint64_t> prev(pre.size(), 0);
            for (size_t i = 0; i < pre.size(); ++i) {
                tasks[i] = Task{&X, &pre[i], bound, 0}, sc[i] = pre[i].score;
                auto it = prev_size.find(nx_prefix_key(pre[i]));
                if (it != prev_size.end()) prev[i] = it->second;
            }
            const int mode = X.order_mode;
            TaskOrder o = X.opt.order_tasks;
            if (o != TaskOrder::off && (mode == 2 || mode == 3)) o = TaskOrder::prev;
            if (o != TaskOrder::off && mode == 4) o = TaskOrder::mix;
            if (mode == 3)
                for (auto &p : prev) p = ~p;  // ascending (new prefixes, 0, first)
            order = task_order(o, sc, prev);
            next = 0;
            return tasks.size();
        }
        void run_task(size_t) override {
            Task &task = tasks[order[next.fetch_add(1)]];
            // Relaxed: these flags only make tasks end early; the solution itself is under mu.
            if (X.found.load(std::memory_order_relaxed) || X.stopped.load(std::memory_order_relaxed)) return;
            if (X.sv && X.sv->should_stop && X.sv->should_stop(X.sv->ctx)) {
                X.stopped = true;
                return;
            }
            NxWorker w{&X, {}, 0, 0, 0};
            w.K = std::max(1, X.opt.batch);
            thread_local std::vector<NxExp> slots;
            if (slots.size() < size_t(task.bound + 1) * size_t(w.K)) slots.resize(size_t(task.bound + 1) * size_t(w.K));
            w.slots = &slots;
            const int g = task.pre->len;
            for (int i = 0; i < g; ++i) w.path[i] = task.pre->moves[i];
            // A prefix as long as the bound is the solved cube (prefixes keeps no other).
            const bool hit = g == task.bound || w.search(task.pre->s, g, task.bound - g);
            if (hit) {
                std::lock_guard<std::mutex> lock(X.mu);
                if (!X.found.load()) {
                    X.solution = w.solution(task.bound);
                    X.found = true;
                }
            }
            task.generated = w.generated;
            X.nodes += w.nodes;
            X.generated += w.generated;
        }
        bool found() const override { return X.found; }
        bool stopped() const override { return X.stopped; }
        void log_line(int bound, double secs, char *buf, size_t n) const override {
            count_log_line(buf, n, bound, X.nodes.load(), X.generated.load(), secs, cpu0);
        }
    } loop(X, start);
    res.status = run_bounds(loop, int(h0), sv);
    if (X.found) res.moves = X.solution, res.status = SOLVER_OK;
    res.nodes = X.nodes;
    res.generated = X.generated;
    return res;
}

}  // namespace cube
