// The optimal search over the flip-slice-twist table (tables=fst): parallel IDA* like
// solve_optimal, with a node made of coordinates instead of cubie locations.
//
// A node holds, for each of the three axes (the cube, and the cube conjugated by the URF-DBL
// turn once and twice), flip, sorted slice and twist (three move-table lookups per axis and
// move) plus that axis's exact flip-slice-twist distance, and the eight corner locations for
// the corner table. A node's children are evaluated in passes so the memory latency of the
// big tables overlaps: compute every child's coordinates and prefetch their symmetry-class
// entries; then compute every table index and prefetch it; then read, and prefetch the
// corner-table byte of the children that pass; then read those. (The corner table comes last:
// where the search spends its time it rejects few of the children the three lookups pass.)
// h = max(corner distance, the three axis distances); since every part is 0 only when its
// pieces are solved, h = 0 means solved.
//
// With the 4-bit table (tables=fst4) each axis is looked up for the inverse cube as well: the
// inverse of a position is as far from solved as the position, and the inverse of the axis-a
// view S^-a c S^a is the axis-a view of the inverse. Its coordinates cannot follow move
// tables (a move multiplies the inverse from the left), so a node also keeps, per axis, where
// every cubie of the view is (a Loc, updated by the location tables); where cubie t is in X is
// what X^-1 holds at position t, so the inverse's flip, sorted slice and twist come from those
// 20 bytes directly (inverse_coords). They are computed only for the children that pass the
// four cheaper bounds, in three pipelined passes like the others.
#include <algorithm>
#include <cstdlib>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <unordered_map>
#include <utility>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "optimal.h"
#include "symred.h"
#include "third.h"
#include "twophase.h"

namespace cube {

namespace {

struct FNode {
    uint16_t fl[3], sl[3], tw[3];
    uint8_t d[3];
    // The corner permutation's parity with the parity-split table (tables=fstp; the same for
    // every axis and for the inverse), else 0.
    uint8_t par;
    // Bit a set: d[a] is only an upper bound (the axis was not looked up, or only bounded, see
    // FstTable::child_value); clear: exact. Bit 3 (UB_CORNERS): cd is only an upper bound.
    uint8_t ub;
    // The corner table's distance (lazy_corners: exact, or an upper bound under UB_CORNERS; 0
    // without a corner table).
    uint8_t cd;
    // Per axis, class << 4 | sym of the flip-slice (see ClassMoves); with class_moves the search
    // follows these instead of fl and sl (which only the prefixes then keep).
    uint32_t cs[3];
    // nextmove (FstSearchOptions::nextmove): the moves (bit m) this node's children may skip,
    // set with its inverse lookups (Worker::rules); 0 at a task's root. Read only with nextmove.
    uint32_t forbid;
    // Per axis, the locations of the view's corners (0..7, position * 3 + twist) and edges
    // (8..19, position * 2 + flip). Only loc[0][0..7] (for the corner table) without the
    // inverse lookups.
    uint8_t loc[3][20];
};

constexpr uint8_t UB_CORNERS = 8;

struct Div3 {
    uint8_t q[24], r[24], pop[256];
    constexpr Div3() : q(), r(), pop() {
        for (int i = 0; i < 24; ++i) q[i] = uint8_t(i / 3), r[i] = uint8_t(i % 3);
        for (int i = 0; i < 256; ++i) pop[i] = uint8_t((i & 1) + pop[i >> 1]);
    }
};
constexpr Div3 D3{};

// The corner table's index (Pattern c01234567: rank of the positions x twists of corners 0..6).
inline uint64_t corner_index(const uint8_t *l) {
    uint32_t used = 0;
    uint64_t rank = 0, ori = 0;
    for (int t = 0; t < 8; ++t) {
        const int pos = D3.q[l[t]];
        rank = rank * uint64_t(8 - t) + uint64_t(pos - D3.pop[used & ((1u << pos) - 1)]);
        used |= 1u << pos;
        if (t < 7) ori = ori * 3 + D3.r[l[t]];
    }
    return rank * 2187 + ori;
}

inline bool corners_solved(const uint8_t *l) {
    for (int i = 0; i < 8; ++i)
        if (l[i] != i * 3) return false;
    return true;
}


#ifdef CUBE_FST_STATS
struct Stats {
    uint64_t nodes[32], gen[32], rej_fwd[32], rej_corner[32], rej_inv[32], kept[32], dist[32][8];
    ~Stats() {
        for (int t = 0; t < 32; ++t)
            if (nodes[t])
                std::fprintf(stderr, "togo %2d nodes %11llu gen %12llu rej fwd %12llu corner %10llu inv %11llu kept %11llu | pd-togo -3..+0: %llu %llu %llu %llu\n", t,
                             (unsigned long long)nodes[t], (unsigned long long)gen[t], (unsigned long long)rej_fwd[t],
                             (unsigned long long)rej_corner[t], (unsigned long long)rej_inv[t], (unsigned long long)kept[t],
                             (unsigned long long)dist[t][0], (unsigned long long)dist[t][1], (unsigned long long)dist[t][2], (unsigned long long)dist[t][3]);
    }
} stats;
#define ST(x) (x)
#else
#define ST(x) ((void)0)
#endif

// CUBE_BATCH_STATS (an experiment build, e.g. of tools/cube-ab.cc): counts of the batched
// search's lookups by kind, printed to stderr at the end of each solve (BS_* below).
#ifdef CUBE_BATCH_STATS
enum {
    BS_NODES, BS_CHILDREN, BS_SKIPALL, BS_FIRST, BS_FIRST_PASS, BS_OTHER, BS_FWD_PASS, BS_CORNER, BS_CORNER_PASS,
    BS_ROWS, BS_INV = 10, BS_INVCLS = 13, BS_INV_PASS = 16, BS_TIES, BS_TIES_UB,
    BS_FCAT = 20, BS_FCAT_PASS = 24, BS_OCAT = 28, BS_OCAT_PASS = 32, BS_TIN = 36, BS_TREAD, BS_TPASS, BS_SIDE, BS_N = 44
};
thread_local uint64_t bstat[BS_N];
thread_local uint8_t tmask[1 << 16];  // third_views: per child, the views that cut it (larger stages not counted)
thread_local uint64_t tmask_hist[4][64];
#define BST(i, v) (bstat[i] += uint64_t(v))
// The batch's shape: per stage, how many misses it issues at once (a "round"); printed as the
// rounds, the items, the items-weighted mean round (the misses in flight an item's miss sees)
// and the items by round size (1, 2-3, 4-7, ..., 256+).
enum { SH_NODES, SH_FIRST, SH_OTHER, SH_CORNER, SH_INV, SH_THIRD = SH_INV + 3, SH_N = SH_THIRD + 6 };
struct Shape {
    uint64_t rounds, items, sq, by[10];
};
thread_local Shape bshape[SH_N];
inline void shape(int s, uint64_t n) {
    if (n == 0) return;
    Shape &h = bshape[s];
    ++h.rounds, h.items += n, h.sq += n * n;
    h.by[std::min(9, 63 - __builtin_clzll(n))] += n;
}
#define BSH(s, n) shape(s, uint64_t(n))
#else
#define BST(i, v) ((void)0)
#define BSH(s, n) ((void)0)
#endif

// CUBE_PHASE_CYCLES (an experiment build): TSC cycles spent in each phase of Worker::batch.
#ifdef CUBE_PHASE_CYCLES
enum { PH_LEAF, PH_ROWS, PH_S1, PH_S2, PH_S3, PH_CPF, PH_CRD, PH_INV, PH_THIRD, PH_TAIL, PH_INVC, PH_INVI, PH_RULES, PH_N };
thread_local uint64_t ph_cyc[PH_N], ph_last;
#define PH_START() (ph_last = __builtin_ia32_rdtsc())
#define PH(i)                                              \
    do {                                                   \
        const uint64_t ph_now = __builtin_ia32_rdtsc();    \
        ph_cyc[i] += ph_now - ph_last, ph_last = ph_now;   \
    } while (0)
#else
#define PH_START() ((void)0)
#define PH(i) ((void)0)
#endif

struct Ctx {
    const Coords *co;
    const FstTable *fst;
    const Pdb *corners;
    const Pdb *edges = nullptr;  // FstSearchOptions::edges
    const ThirdTable *third = nullptr;  // FstSearchOptions::third
    const ThirdCoords *tco = nullptr;
    unsigned third_lim = 11;            // FstSearchOptions::third_lim
    bool third_ahead = true;            // FstSearchOptions::third_ahead
    int third_gather = 1;               // FstSearchOptions::third_gather (1: each batch alone)
    bool third_fast = true;             // FstSearchOptions::third_fast_coords
    // FstSearchOptions::third_reuse, where it applies (see solve_optimal_fst): the slice part of
    // an inverse view from the inverse stage's slice coordinate (third_slice_part_of_inverse_slice).
    const uint16_t *third_sp = nullptr;
    int third_wave = 0;                 // FstSearchOptions::third_wave (0: every read prefetched at once)
    bool split_pf = true;               // FstSearchOptions::split_prefetch
    unsigned pm = 1;             // FstTable::par: an index is (class * 2187 + twist) * pm + par
    uint8_t qt[NMOVES] = {};     // with pm = 2: 1 for the quarter turns (they flip the parity)
    int axis_move[3][NMOVES];
    const ClassMoves *cm = nullptr;  // null: look the children's classes up (class_moves=off)
    bool lazy = true;                // lazy axes (lazy_axes=on), see Worker::dfs_t
    int batch = 0;                   // nodes expanded together (Worker::batch); 0: one at a time
    TaskOrder order_tasks = TaskOrder::score;  // see task_order
    int prefix_depth = 3;            // moves in a task's prefix
    int deep_togo = 8;               // order_tasks=deep: counts the nodes with togo <= this
    bool win = false;                // windowed table with window_parent: FstTable::child_value
    bool lazy_inv = true;            // lazy_inverse=on: Worker::batch's inverse axes one at a time
    int inv_stage = 1;               // FstSearchOptions::inverse_stage (with lazy_inv)
    bool side_round = true;          // FstSearchOptions::side_round
    bool simd = false;               // FstSearchOptions::simd_coords where simd_coords_supported()
    bool rows_first = true;          // rows_first=on: Worker::batch prefetches its nodes' class rows first
    bool lazy_corners = true;        // lazy_corners=on: Worker::batch skips corner reads that cannot cut
    bool fa_exact = false;           // first_axis=exact: see first_axis
    const SliceClasses *isc = nullptr;  // inverse_classes=cache: the inverse's classes via SliceClasses
    bool bondt = false;                 // FstSearchOptions::bondt (Worker::rules, Worker::bondt_forward)
    bool nextmove = false;              // FstSearchOptions::nextmove (Worker::rules)
    // Per axis a, the moves m that turn view a's U or D face (axis_move[a][m] is a U or D turn):
    // its half turns and its quarter turns (the next-move rule's masks).
    uint32_t axis_half[3] = {}, axis_quarter[3] = {};
    uint8_t sym_axis_move[3][N_UDSYM][NMOVES];  // symmetry().move[s][axis_move[a][m]]
    const solver_services *sv;
    std::atomic<bool> found{false};
    std::atomic<bool> stopped{false};
    // Counts each task adds once as it ends (seq_cst read-modify-writes, so no add is lost); they
    // are read after the pool's wait for every task, which orders the adds before the read.
    std::atomic<uint64_t> nodes{0}, generated{0};
    std::atomic<uint64_t> bondt_cuts{0};  // bondt: children cut by de Bondt's rule
    std::mutex mu;
    std::vector<int> solution;
    StartSymmetry sym;  // the start's stabilizer (symred; empty when off)
};

// The axis Worker::batch looks up first for a node's children: the one with the largest parent
// distance (the closest to the bound, so the likeliest to cut; every axis with that distance is
// looked up anyway when the child passes it). exact (first_axis=exact): of those, one whose
// distance is exact rather than an upper bound (FNode::ub): at the bound an exact parent's child
// must be one closer to pass, while under an upper bound it often already is (measured, README:
// 24% against 56% pass). Otherwise (first_axis=max) the lowest-numbered. Either way the same axes
// are read for the children that pass, so the same nodes; only the failing ones read less.
inline int first_axis(const FNode &n, bool exact) {
    if (!exact) {
        int a0 = 0;
        if (n.d[1] > n.d[a0]) a0 = 1;
        if (n.d[2] > n.d[a0]) a0 = 2;
        return a0;
    }
    unsigned best = 0;
    int a0 = 0;
    for (int a = 0; a < 3; ++a) {
        const unsigned key = unsigned(n.d[a]) * 2 + (~n.ub >> a & 1u);
        if (key > best) best = key, a0 = a;
    }
    return a0;
}

inline void child_coords(const Ctx &X, const FNode &n, int m, FNode &c) {
    const Coords &co = *X.co;
    for (int a = 0; a < 3; ++a) {
        const int mk = X.axis_move[a][m];
        c.fl[a] = co.flip_move[size_t(n.fl[a]) * NMOVES + mk];
        c.sl[a] = co.slice_move[size_t(n.sl[a]) * NMOVES + mk];
        c.tw[a] = co.twist_move[size_t(n.tw[a]) * NMOVES + mk];
    }
    for (int i = 0; i < 8; ++i) c.loc[0][i] = corner_move_loc[m][n.loc[0][i]];
    c.par = n.par ^ X.qt[m];
}

// The class and symmetry of each axis's flip-slice, looked up (prefixes and the start only).
inline void set_classes(const Coords &co, FNode &c) {
    for (int a = 0; a < 3; ++a) c.cs[a] = co.flipslice_class[uint32_t(c.sl[a]) * N_FLIP + c.fl[a]];
}

// With the class move table: whether move m solves node n (its last move). The twist must
// reach 0 and each axis's flip-slice class 0 (flip-slice 0 is alone in class 0), then the
// corners must be home; nothing is looked up in the big tables.
inline bool solved_by_move(const Ctx &X, const FNode &n, int m) {
    const uint32_t *cmn = X.cm->next.data();
    if (X.co->twist_move[size_t(n.tw[0]) * NMOVES + m]) return false;
    for (int a = 0; a < 3; ++a)
        if ((cmn[size_t(n.cs[a] >> 4) * NMOVES + X.sym_axis_move[a][n.cs[a] & 15][m]] >> 4) != 0) return false;
    uint8_t l[8];
    for (int i = 0; i < 8; ++i) l[i] = corner_move_loc[m][n.loc[0][i]];
    return corners_solved(l);
}

// The same without the class move table (class_moves=off): flip, sorted slice and twist 0 along
// all three axes (the three slices place all 12 edges) and the corners home.
inline bool solved_by_move_coords(const Ctx &X, const FNode &n, int m) {
    const Coords &co = *X.co;
    if (co.flip_move[size_t(n.fl[0]) * NMOVES + m] || co.slice_move[size_t(n.sl[0]) * NMOVES + m] ||
        co.twist_move[size_t(n.tw[0]) * NMOVES + m])
        return false;
    FNode c;
    child_coords(X, n, m, c);
    bool solved = corners_solved(c.loc[0]);
    for (int a = 1; a < 3 && solved; ++a) solved = !c.fl[a] && !c.sl[a] && !c.tw[a];
    return solved;
}

// The rest of axis a's locations of the child (loc[0][0..7] is set with its coordinates).
inline void child_locs_axis(const Ctx &X, const FNode &n, int m, int a, FNode &c) {
    const int mk = X.axis_move[a][m];
    if (a > 0)
        for (int i = 0; i < 8; ++i) c.loc[a][i] = corner_move_loc[mk][n.loc[a][i]];
    for (int i = 8; i < 20; ++i) c.loc[a][i] = edge_move_loc[mk][n.loc[a][i]];
}
// The rest of the child's locations (needed for the inverse lookups).
inline void child_locs(const Ctx &X, const FNode &n, int m, FNode &c) {
    for (int a = 0; a < 3; ++a) child_locs_axis(X, n, m, a, c);
}

struct InvTables {
    uint16_t slice_of_mask[4096];  // get_slice of a cube whose slice edges sit at the mask's positions
    uint8_t perm_of_key[256];      // perm4 rank of the slice edges' order, 2 bits each, first highest
    uint8_t perm_of_key_lsb[256];  // the same with the first edge's 2 bits lowest (simd_coords)
    uint8_t neg_twist[24];         // X^-1's twist at t for a corner location position * 3 + twist
    InvTables() : slice_of_mask(), perm_of_key(), perm_of_key_lsb(), neg_twist() {
        for (int mask = 0; mask < 4096; ++mask) {
            if (__builtin_popcount(unsigned(mask)) != 4) continue;
            CubieCube c = CubieCube::solved();
            for (int i = 0, s = 8, o = 0; i < 12; ++i) c.ep[i] = uint8_t(mask >> i & 1 ? s++ : o++);
            slice_of_mask[mask] = uint16_t(get_slice(c));
        }
        for (int r = 0; r < 24; ++r) {
            CubieCube c = CubieCube::solved();
            set_slice_sorted(c, r);  // slice value 0: the slice edges at 8..11, in order r
            unsigned key = 0;
            for (int i = 8; i < 12; ++i) key = key * 4 + unsigned(c.ep[i] - 8);
            perm_of_key[key] = uint8_t(get_slice_sorted(c) % 24);
        }
        for (int x = 0; x < 24; ++x) neg_twist[x] = uint8_t((3 - x % 3) % 3);
        for (unsigned k = 0; k < 256; ++k)
            perm_of_key_lsb[k] = perm_of_key[(k & 3) << 6 | (k >> 2 & 3) << 4 | (k >> 4 & 3) << 2 | k >> 6];
    }
};
const InvTables &inv_tables() {
    static const InvTables t;  // thread-safe static init
    return t;
}

}  // namespace

// third_reuse: the third table's slice part (ThirdCoords::twist_and_slice's sp) of a view's
// inverse from the inverse stage's slice coordinate of the same view (inverse_coords' slice:
// slice_of_mask[mask] * 24 + perm_of_key[key], key the slice edges in position order, 2 bits
// each, the first highest): for every mask of four positions and every order of the four slice
// edges, the value twist_and_slice computes (its pairing: the rank among the other three of the
// edge opposite the first) stored at the value inverse_coords computes. 11,880 entries.
const uint16_t *third_slice_part_of_inverse_slice() {
    static const std::vector<uint16_t> t = [] {  // thread-safe static init
        const InvTables &T = inv_tables();
        const ThirdCoords &tc = third_coords();
        std::vector<uint16_t> v(size_t(N_SLICE_SORTED), 0);
        for (unsigned mask = 0; mask < 4096; ++mask) {
            if (__builtin_popcount(mask) != 4) continue;
            for (unsigned key = 0; key < 256; ++key) {
                const unsigned q[4] = {key >> 6, key >> 4 & 3, key >> 2 & 3, key & 3};
                if ((1u << q[0] | 1u << q[1] | 1u << q[2] | 1u << q[3]) != 15) continue;  // not an order
                const unsigned opp = (q[0] + 2) % 4;
                const unsigned pair = q[2] == opp ? 1 : q[3] == opp ? 2 : 0;
                v[size_t(T.slice_of_mask[mask]) * 24 + T.perm_of_key[key]] = uint16_t(tc.slice_of_mask[mask] * 3 + pair);
            }
        }
        return v;
    }();
    return t.data();
}

void inverse_coords(const uint8_t loc[20], int &flip, int &slice, int &twist) {
    const InvTables &T = inv_tables();
    int tw = 0;
    for (int t = 0; t < 7; ++t) tw = tw * 3 + T.neg_twist[loc[t]];
    int fl = 0;
    unsigned mask = 0, key = 0;
    for (int t = 0; t < 12; ++t) {
        const unsigned x = loc[8 + t];
        if (t < 11) fl = fl * 2 + int(x & 1);
        if (x >= 16) mask |= 1u << t, key = key * 4 + ((x >> 1) - 8);
    }
    flip = fl, twist = tw;
    slice = T.slice_of_mask[mask] * 24 + T.perm_of_key[key & 255];
}

namespace {

// The inverse's flip-slice-twist coordinates in fewer instructions than inverse_coords (what
// the batched search's inverse_stage=ahead|once runs for every child reaching the inverse axes,
// three times), from the corners' twist digits (tw, as inverse_coords computes them) and the
// edges' Loc bytes as two words (w0: edges 0..7, edge t in byte t; w1: edges 8..11): the flip
// bits and the slice-position bits gathered 8 at a time by one multiply each (bit 0 or bit 4 of
// every byte), the slice edges' order read off the four set bits of that mask; no branch on where
// an edge is (random: inverse_coords's mispredicts about once a call). The same values (test
// CubeSymmetry.InverseCoordinatesFromLocations, through inverse_coords_fast).
inline void inverse_from_words(const InvTables &T, unsigned tw, uint64_t w0, uint64_t w1, unsigned &flip,
                               unsigned &slice, unsigned &twist) {
    constexpr uint64_t B0 = 0x0101010101010101ull;
    constexpr uint64_t MSB_FIRST = 0x8040201008040201ull;  // (bits at 8t) * this >> 56: byte 0's bit highest
    constexpr uint64_t LSB_FIRST = 0x0102040810204080ull;  // byte 0's bit lowest
    // Flip: edges 0..10 (a byte is position * 2 + flip: bit 0), edge 0 the highest of 11 bits.
    const unsigned fl = unsigned((w0 & B0) * MSB_FIRST >> 56) << 3 | unsigned((w1 & B0) * MSB_FIRST >> 61);
    // Slice positions (8..11, so a byte of 16..23: bit 4), edge t at bit t.
    const unsigned in_slice = unsigned((w0 >> 4 & B0) * LSB_FIRST >> 56) | unsigned((w1 >> 4 & B0) * LSB_FIRST >> 56) << 8;
    // Bits 1-2 of every edge's byte (for a slice edge, its position - 8), packed 2 bits an edge.
    uint64_t z0 = w0 >> 1 & 0x0303030303030303ull, z1 = w1 >> 1 & 0x03030303ull;
    z0 = (z0 | z0 >> 6) & 0x000F000F000F000Full, z1 = (z1 | z1 >> 6) & 0x000F000Full;
    z0 = (z0 | z0 >> 12) & 0x000000FF000000FFull, z1 = (z1 | z1 >> 12) & 0xFFull;
    const uint64_t z = ((z0 | z0 >> 24) & 0xFFFFull) | z1 << 16;
    unsigned key = 0, mask = in_slice;
    for (int k = 0; k < 4; ++k) {  // exactly four slice edges: a fixed trip count
        const unsigned t = unsigned(__builtin_ctz(mask));
        key = key * 4 + unsigned(z >> (2 * t) & 3u);
        mask &= mask - 1;
    }
    flip = fl, twist = tw;
    slice = T.slice_of_mask[in_slice] * 24u + T.perm_of_key[key];
}

// A child's Loc bytes of one axis (child_locs_axis: the parent's ploc after the axis's move mk;
// its corners only with corners, else cloc's corners are already set) and the inverse's
// coordinates from them, the new bytes kept in registers as they are stored (reading them back
// from cloc as words would wait for the byte stores: no store-to-load forwarding from several
// stores into one load).
inline void child_locs_inverse(const InvTables &T, const uint8_t *ploc, int mk, bool corners, uint8_t *cloc,
                               unsigned &flip, unsigned &slice, unsigned &twist) {
    const uint8_t *cm = corner_move_loc[mk], *em = edge_move_loc[mk];
    unsigned tw = 0;
    for (int t = 0; t < 8; ++t) {
        const uint8_t x = corners ? cm[ploc[t]] : cloc[t];
        if (corners) cloc[t] = x;
        if (t < 7) tw = tw * 3 + T.neg_twist[x];
    }
    uint64_t w0 = 0, w1 = 0;
    for (int t = 0; t < 12; ++t) {
        const uint8_t x = em[ploc[8 + t]];
        cloc[8 + t] = x;
        if (t < 8) w0 |= uint64_t(x) << (8 * t);
        else w1 |= uint64_t(x) << (8 * (t - 8));
    }
    inverse_from_words(T, tw, w0, w1, flip, slice, twist);
}

// simd_coords (x86 with SSE4.1 and BMI2, checked at run time; elsewhere child_locs_inverse): the
// same bytes and coordinates as child_locs_inverse with byte shuffles. A move's corner and edge
// location tables side by side (48 bytes: corners at 0..23, edges at 24..47) are three 16-byte
// shuffle tables; a view's 20 Loc bytes are two overlapping vectors (bytes 0..15 and 4..19), each
// byte offset by 24 where it is an edge, looked up in all three tables and the right result kept
// (a byte's value picks its table); the twist digits by one more lookup and two multiply-adds,
// the flip and slice-position bits by byte-mask extractions, the slice edges' order by bit
// extraction (pext) under the slice mask.
struct alignas(64) SimdMoveTables {
    uint8_t t[NMOVES][48];
    SimdMoveTables() {
        init_loc_tables();
        for (int m = 0; m < NMOVES; ++m)
            for (int x = 0; x < 24; ++x) t[m][x] = corner_move_loc[m][x], t[m][24 + x] = edge_move_loc[m][x];
    }
};
const SimdMoveTables &simd_move_tables() {
    static const SimdMoveTables t;  // thread-safe static init
    return t;
}

#if defined(__x86_64__) || defined(__i386__)
#define CUBE_SIMD_COORDS 1
// t[i] for every byte i < 48 of a 48-byte table t0 | t1 | t2 (a shuffle reads an index's low 4
// bits; its value picks the table). (Not a lambda: a lambda does not inherit the target.)
__attribute__((target("sse4.1"))) inline __m128i simd_look48(__m128i t0, __m128i t1, __m128i t2, __m128i i) {
    const __m128i r = _mm_blendv_epi8(_mm_shuffle_epi8(t0, i), _mm_shuffle_epi8(t1, i), _mm_cmpgt_epi8(i, _mm_set1_epi8(15)));
    return _mm_blendv_epi8(r, _mm_shuffle_epi8(t2, i), _mm_cmpgt_epi8(i, _mm_set1_epi8(31)));
}

__attribute__((target("sse4.1,bmi2"))) inline void child_locs_inverse_simd(const InvTables &T, const uint8_t *mt,
                                                                            const uint8_t *ploc, bool corners,
                                                                            uint8_t *cloc, unsigned &flip,
                                                                            unsigned &slice, unsigned &twist) {
    const __m128i t0 = _mm_load_si128(reinterpret_cast<const __m128i *>(mt));
    const __m128i t1 = _mm_load_si128(reinterpret_cast<const __m128i *>(mt + 16));
    const __m128i t2 = _mm_load_si128(reinterpret_cast<const __m128i *>(mt + 32));
    const __m128i c15 = _mm_set1_epi8(15);
    // Bytes 0..15 (corners 0..7, edges 0..7) and 4..19 (corners 4..7, edges 0..11).
    const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(ploc));
    const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(ploc + 4));
    __m128i v0 = simd_look48(t0, t1, t2, _mm_add_epi8(x0, _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 24, 24, 24, 24, 24, 24, 24, 24)));
    __m128i v1 = simd_look48(t0, t1, t2, _mm_add_epi8(x1, _mm_setr_epi8(0, 0, 0, 0, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24)));
    if (!corners) {  // the child's corners are already in cloc
        const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i *>(cloc));
        v0 = _mm_blend_epi16(v0, c, 0x0F);                    // bytes 0..7
        v1 = _mm_blend_epi16(v1, _mm_srli_si128(c, 4), 0x03);  // bytes 4..7
    }
    _mm_storeu_si128(reinterpret_cast<__m128i *>(cloc + 4), v1);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(cloc), v0);
    // Twist: corners 0..6's inverse digits, corner 0 the most significant of 7 base-3 digits:
    // (d0 * 3 + d1) * 243 + (d2 * 3 + d3) * 27 + (d4 * 3 + d5) * 3 + d6.
    const __m128i n0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(T.neg_twist));
    const __m128i n1 = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(T.neg_twist + 16));
    const __m128i d = _mm_blendv_epi8(_mm_shuffle_epi8(n0, v0), _mm_shuffle_epi8(n1, v0), _mm_cmpgt_epi8(v0, c15));
    const __m128i p = _mm_maddubs_epi16(d, _mm_setr_epi8(3, 1, 3, 1, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    const __m128i q = _mm_madd_epi16(p, _mm_setr_epi16(243, 27, 3, 1, 0, 0, 0, 0));
    twist = unsigned(_mm_cvtsi128_si32(q) + _mm_extract_epi32(q, 1));
    // Flip: edges 0..10's bit 0, edge 0 highest: the edges reversed (edge 11 - i at byte i), so
    // the byte mask's bit 11 - t is edge t's flip.
    const __m128i rev = _mm_shuffle_epi8(v1, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, -128, -128, -128, -128));
    flip = unsigned(_mm_movemask_epi8(_mm_slli_epi16(rev, 7))) >> 1 & 0x7FFu;
    // Slice positions (a byte of 16..23: bit 4), edge t at bit t.
    const unsigned in_slice = unsigned(_mm_movemask_epi8(_mm_slli_epi16(v1, 3))) >> 4;
    // Bits 1-2 of every edge's byte, 2 bits an edge (edge t at bit 2t), then those of the four
    // slice edges in order, the first lowest.
    const uint64_t e0 = uint64_t(_mm_cvtsi128_si64(_mm_srli_si128(v1, 4)));
    const uint32_t e1 = uint32_t(_mm_extract_epi32(v1, 3));
    const uint32_t z = uint32_t(_pext_u64(e0, 0x0606060606060606ull)) | _pext_u32(e1, 0x06060606u) << 16;
    const uint32_t key = _pext_u32(z, _pdep_u32(in_slice, 0x555555u) * 3u);
    slice = T.slice_of_mask[in_slice] * 24u + T.perm_of_key_lsb[key];
}
#endif

}  // namespace

bool simd_coords_supported() {
#ifdef CUBE_SIMD_COORDS
    return __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("bmi2");
#else
    return false;
#endif
}

void child_locs_inverse_both(const uint8_t ploc[20], int mk, bool corners, uint8_t cloc[20], int &flip, int &slice,
                             int &twist, bool simd) {
    const InvTables &T = inv_tables();
    unsigned f = 0, s = 0, w = 0;
#ifdef CUBE_SIMD_COORDS
    if (simd && simd_coords_supported())
        child_locs_inverse_simd(T, simd_move_tables().t[mk], ploc, corners, cloc, f, s, w);
    else
#endif
        (void)simd, child_locs_inverse(T, ploc, mk, corners, cloc, f, s, w);
    flip = int(f), slice = int(s), twist = int(w);
}

void inverse_coords_fast(const uint8_t loc[20], int &flip, int &slice, int &twist) {
    const InvTables &T = inv_tables();
    unsigned tw = 0;
    for (int t = 0; t < 7; ++t) tw = tw * 3 + T.neg_twist[loc[t]];
    uint64_t w0 = 0, w1 = 0;
    for (int t = 0; t < 12; ++t) (t < 8 ? w0 : w1) |= uint64_t(loc[8 + t]) << (8 * (t & 7));
    unsigned f, s, w;
    inverse_from_words(T, tw, w0, w1, f, s, w);
    flip = int(f), slice = int(s), twist = int(w);
}

namespace {

// The class entry (class << 4 | sym) of an inverse's flip-slice, in two steps so the search can
// prefetch it between them: its location (inv_class_loc; itw gets the twist, 12 bits, and
// SliceClasses::locate's symmetry in the top 4), then the entry (inv_class_entry). With
// inverse_classes=cache (Ctx::isc) through SliceClasses, which gives exactly flipslice_class's
// value (symmetry.h; tested on every flip-slice value), so the same children pass: for 95% of
// the slice values the entry comes out of the location step (SliceClasses::DIRECT), nothing to
// prefetch; the others read a 656 KiB table. With table, flipslice_class itself (93 MiB: a
// cache miss per lookup).
inline uint64_t inv_class_loc(const Ctx &X, int sl, int f, int w, uint16_t &itw) {
    if (X.isc) {
        uint32_t s;
        const uint64_t i = X.isc->locate(uint32_t(sl), uint32_t(f), s);
        itw = uint16_t(uint32_t(w) | s << 12);
        return i;
    }
    itw = uint16_t(w);
    return uint32_t(sl) * N_FLIP + uint32_t(f);
}
inline void inv_class_prefetch(const Ctx &X, uint64_t i) {
    if (!X.isc) __builtin_prefetch(&X.co->flipslice_class[i]);
    else if (!(i & SliceClasses::DIRECT)) __builtin_prefetch(&X.isc->cls[i]);
}
inline uint32_t inv_class_entry(const Ctx &X, uint64_t i, uint16_t itw) {
    if (!X.isc) return X.co->flipslice_class[i];
    return i & SliceClasses::DIRECT ? uint32_t(i) : X.isc->finish(X.isc->cls[i], itw >> 12u);
}
// The table index of an inverse axis from its class entry en, itw (as above) and the parity.
inline uint64_t inv_index(const Ctx &X, uint32_t en, uint16_t itw, unsigned par) {
    return (uint64_t(en >> 4) * N_TWIST + X.co->twist_conj[size_t(itw & 4095u) * N_UDSYM + (en & 15)]) * X.pm + par;
}

// A child's distance from its parent's (pd) and its table value (v = distance mod 3).
inline unsigned step_distance(unsigned pd, unsigned v) {
    static constexpr int8_t delta[3] = {0, 1, -1};
    return unsigned(int(pd) + delta[(v + 3 - pd % 3) % 3]);
}

// A child's distance: read (4-bit table) or tracked from the parent's (2-bit table).
inline unsigned child_distance(const FstTable &t, unsigned pd, uint64_t i) {
    return t.exact_values() ? t.value(i) : step_distance(pd, t.get2(i));
}

// A child's distance along axis a (entry i, parent n, bound lim) into c.d[a], with c's upper-bound bit.
__attribute__((always_inline)) inline unsigned child_axis(const Ctx &X, const FNode &n, int a, uint64_t i, unsigned lim, FNode &c) {
    const FstTable &t = *X.fst;
    bool up = false;
    const unsigned d = X.win ? t.child_value(i, n.d[a], n.ub >> a & 1, lim, up) : child_distance(t, n.d[a], i);
#ifdef CUBE_BATCH_STATS
    if (X.win && t.get2(i) == 3) {
        const unsigned pd = n.d[a];
        const bool pu = n.ub >> a & 1;
        const bool decided = (!pu && (pd == WINDOW_BASE + 2 || pd == WINDOW_BASE)) ||
                             (pd + 1 < WINDOW_BASE + 3 && std::min(pd + 1, WINDOW_BASE - 1) < lim);
        bstat[40] += 1, bstat[41] += !decided;
    }
#endif
    c.d[a] = uint8_t(d);
    c.ub = uint8_t(up ? c.ub | 1u << a : c.ub & ~(1u << a));
    return d;
}
// An axis not looked up: at most one more than the parent's.
inline void upper_axis(const FNode &n, int a, FNode &c) {
    c.d[a] = uint8_t(n.d[a] + 1);
    c.ub = uint8_t(c.ub | 1u << a);
}

// The max of the three inverse lookups (4-bit table only).
unsigned inverse_bound(const FstTable &t, const FNode &c) {
    unsigned h = 0;
    for (int a = 0; a < 3; ++a) {
        int f, s, w;
        inverse_coords(c.loc[a], f, s, w);
        h = std::max(h, t.value(t.index(f, s, w, c.par)));
    }
    return h;
}

// The edge table's index for one axis's view (its Loc bytes, corners then edges).
inline uint64_t edge_index(const Pattern &p, const uint8_t loc[20]) {
    uint8_t il[12];
    for (size_t t = 0; t < p.items.size(); ++t) il[t] = loc[8 + p.items[t]];
    return p.encode_items(il);
}

// The max of the edge table over the three axes (its locations must be complete).
unsigned edge_bound(const Pdb &e, const FNode &c) {
    unsigned h = 0;
    for (int a = 0; a < 3; ++a) h = std::max(h, e.lookup(edge_index(e.pattern, c.loc[a])));
    return h;
}

// Filters keep[0..nk) (children of the nodes in L, their coordinates set) by the edge table
// along the three axes, pipelined: every index and its prefetch, then the reads. The children's
// Loc bytes are completed first unless the inverse lookups did that (have_locs).
template <class ParentOf>
int edge_filter(const Ctx &X, ParentOf parent_of, FNode *ch, const int8_t *mv_of, int *keep, int nk, unsigned lim,
                bool have_locs, uint64_t *eidx) {
    const Pdb &E = *X.edges;
    const uint8_t *ed = E.data.data();
    for (int t = 0; t < nk; ++t) {
        const int j = keep[t];
        if (!have_locs) child_locs(X, parent_of(j), mv_of[j], ch[j]);
        for (int a = 0; a < 3; ++a) {
            eidx[3 * t + a] = edge_index(E.pattern, ch[j].loc[a]);
            __builtin_prefetch(&ed[eidx[3 * t + a] >> 1]);
        }
    }
    int nk2 = 0;
    for (int t = 0; t < nk; ++t) {
        bool ok = true;
        for (int a = 0; a < 3 && ok; ++a) ok = E.lookup(eidx[3 * t + a]) < lim;
        if (ok) keep[nk2++] = keep[t];
    }
    return nk2;
}

// Fills c (with its distances) and returns its h; the unpipelined version for prefixes.
unsigned eval_child(const Ctx &X, const FNode &n, int m, FNode &c) {
    child_coords(X, n, m, c);
    set_classes(*X.co, c);
    c.ub = 0;
    unsigned h = X.corners ? X.corners->lookup(corner_index(c.loc[0])) : corners_solved(c.loc[0]) ? 0 : 1;
    c.cd = uint8_t(X.corners ? h : 0);
    for (int a = 0; a < 3; ++a) {
        c.d[a] = uint8_t(child_distance(*X.fst, n.d[a], X.fst->index(c.fl[a], c.sl[a], c.tw[a], c.par)));
        if (c.d[a] > h) h = c.d[a];
    }
    if (X.fst->exact_values() || X.edges) child_locs(X, n, m, c);
    if (X.fst->exact_values()) h = std::max(h, inverse_bound(*X.fst, c));
    if (X.edges) h = std::max(h, edge_bound(*X.edges, c));
    return h;
}

// Batched expansion (batch=N): the per-level node lists and the per-stage child arrays, reused
// by every task a thread runs.
struct BatchLevel {
    std::vector<FNode> node;
    std::vector<int32_t> parent;  // index in the level above (-1 at a task's root)
    std::vector<int8_t> move;     // the move that made the node (the prefix's last at the root)
};
struct BatchBuffers {
    std::vector<BatchLevel> level;
    std::vector<FNode> ch;
    std::vector<int32_t> par;
    std::vector<int8_t> mv;
    std::vector<int32_t> s1, pass, keep;
    std::vector<uint64_t> idx, cidx;  // idx: 3 per child
    std::vector<uint64_t> tidx;       // third=t: 6 per child
    std::vector<uint32_t> tinv;       // third_reuse: 3 per child, an inverse view's slice << 12 | twist
    std::vector<uint16_t> itw;        // 3 per child
    std::vector<const uint8_t *> pf;  // split_prefetch: the lines a stage prefetches, 3 per child
    std::vector<int32_t> sj;          // side_round: the child of each deferred side-table lookup, 6 per child
    std::vector<int8_t> sa;           // its forward axis (-1: inverse)
    std::vector<uint64_t> sidx;       // and its entry
    std::vector<uint8_t> mark;        // side_round: per child, 1 while it is kept, 0 once a lookup cuts it
    std::vector<uint8_t> pax;         // per node of the batch, its first axis and skip_all (Worker::batch)
    // third_gather: per level, the children of up to K sibling batches that passed every stage
    // before the third table's (Worker::gathered), with each batch's end and its deferred counts.
    struct Gather {
        std::vector<FNode> ch;
        std::vector<int32_t> par, keep;
        std::vector<int8_t> mv;
        std::vector<uint64_t> tidx;  // 2 per child (the current and the next view)
        std::vector<uint32_t> tinv;  // third_reuse: 3 per child, as BatchBuffers::tinv
        std::vector<int> end;
        std::vector<uint64_t> dn, dg, dd;  // nodes, generated, deep of each batch
    };
    std::vector<Gather> gather;
    void size(int batch) {
        const size_t n = size_t(batch) * NMOVES;
        if (ch.size() >= n) return;
        level.resize(32);
        gather.resize(32);
        ch.resize(n), par.resize(n), mv.resize(n), s1.resize(n), pass.resize(n), keep.resize(n);
        idx.resize(3 * n), cidx.resize(n), itw.resize(3 * n), tidx.resize(6 * n), pf.resize(3 * n), tinv.resize(3 * n);
        sj.resize(6 * n), sa.resize(6 * n), sidx.resize(6 * n), mark.resize(n);
        pax.resize(size_t(batch));
    }
};

// The inverse stage's first pass keeps an axis's coordinates (packed) until its class pass,
// prefetching the slice's row of SliceClasses (isl; else the flip-slice's class entry) and the
// twist's row of conjugates.
inline uint64_t inverse_coords_kept(const Coords &co, const uint64_t *isl, unsigned f, unsigned sl, unsigned w) {
    if (isl) __builtin_prefetch(&isl[sl]);
    else __builtin_prefetch(&co.flipslice_class[size_t(sl) * N_FLIP + f]);
    __builtin_prefetch(&co.twist_conj[size_t(w) * N_UDSYM]);
    return uint64_t(sl) << 32 | f << 16 | w;
}

#ifdef CUBE_SIMD_COORDS
// That pass with simd_coords (Ctx::simd: the CPU has SSE4.1 and BMI2): the kept children's
// three axes by child_locs_inverse_simd (compiled for those extensions here, so it inlines).
__attribute__((target("sse4.1,bmi2"))) void inverse_locs_pass_simd(const Ctx &X, const InvTables &T,
                                                                    const BatchLevel &L, FNode *ch, const int32_t *par,
                                                                    const int8_t *mv, const int32_t *keep, int nk,
                                                                    const uint64_t *isl, uint64_t *idx) {
    const SimdMoveTables &M = simd_move_tables();
    for (int t = 0; t < nk; ++t) {
        const int j = keep[t];
        const FNode &n = L.node[size_t(par[j])];
        for (int a = 0; a < 3; ++a) {
            unsigned f, sl, w;
            child_locs_inverse_simd(T, M.t[X.axis_move[a][mv[j]]], n.loc[a], a > 0, ch[j].loc[a], f, sl, w);
            idx[3 * j + a] = inverse_coords_kept(*X.co, isl, f, sl, w);
        }
    }
}
#endif

struct Worker {
    Ctx *X;
    int path[32];
    uint64_t nodes = 0, generated = 0;
    BatchBuffers *bb = nullptr;
    unsigned polls = 0;
    uint64_t deep = 0;  // nodes expanded with togo <= Ctx::deep_togo (order_tasks=deep)
    bool pre_only = false;  // third_gather: batch stops before the third stage, its survivors in keep[0..pre_nk)
    int pre_nk = 0;
    uint64_t bondt_cuts = 0;  // children cut by de Bondt's rule (bondt)

    // Writes the moves to node i of level g (from its parents) into path[root..g).
    void trace(int root, int g, int i) {
        for (int l = g; l > root; --l) {
            path[l - 1] = bb->level[size_t(l)].move[size_t(i)];
            i = bb->level[size_t(l)].parent[size_t(i)];
        }
    }

    // side_round: the deferred side-table lookups sidx[0..ns) of the children sj[0..ns) (code-3
    // entries; sa: the forward axis, or -1 for an inverse one), all in flight together: each bucket's two offsets, then the bucket's entries
    // (about 25 of them, one or two lines), then the binary searches (SideTable::find's). Keeps
    // in keep[0..nk) (in order) the children none of whose lookups is lim or more; returns their count.
    int side_lookups(const SideTable &side, const int32_t *sj, const int8_t *sa, uint64_t *sidx, int ns, int32_t *keep,
                     int nk, unsigned lim, FNode *ch, uint8_t *mark) {
        const uint32_t *o = side.offs();
        const uint16_t *en = side.ents();
        for (int t = 0; t < nk; ++t) mark[keep[t]] = 1;
        for (int s = 0; s < ns; ++s) __builtin_prefetch(&o[sidx[s] >> SideTable::SHIFT]);
        for (int s = 0; s < ns; ++s) {
            const uint64_t b = sidx[s] >> SideTable::SHIFT;
            const uint32_t lo = o[b], hi = o[b + 1];
            __builtin_prefetch(&en[lo]);
            if (hi > lo) __builtin_prefetch(&en[hi - 1]);
        }
        for (int s = 0; s < ns; ++s) {
            if (!mark[sj[s]]) continue;  // cut by a later axis, or by another of its lookups
            const unsigned v = side.find(sidx[s]);
            if (v >= lim) {
                mark[sj[s]] = 0;
            } else if (sa[s] >= 0) {  // a forward axis: the child's exact distance, as child_axis sets it
                FNode &c = ch[sj[s]];
                c.d[sa[s]] = uint8_t(v);
                c.ub = uint8_t(c.ub & ~(1u << sa[s]));
            }
        }
        int nk2 = 0;
        for (int t = 0; t < nk; ++t)
            if (mark[keep[t]]) keep[nk2++] = keep[t];
        return nk2;
    }

    // The value of entry i's twin (the other corner parity's entry, in the same byte: i ^ 1);
    // with one entry per state (fst4) the entry's own. Reads the side table only for a code-3
    // twin (windowed tables).
    unsigned twin_value(uint64_t i) const { return X->fst->value(X->pm == 2 ? i ^ 1 : i); }

    // bondt (session 35), forward views: of the children pass[0..np) (their three forward
    // distances set, exact unless their bit in ub is set; idx: their forward entries), cuts those
    // whose three forward views' flip-slice-twist (fst4) values, each the smaller of the entry
    // and its twin, give by de Bondt's rule (bondt_rule) more than lim - 1, their moves left:
    // only when every fstp2 value is lim - 1 (at most that, as passed, and never below the fst4
    // value) can the rule cut, so only then are the twins read (in the byte just read). A solution
    // of exactly lim - 1 moves would end with a turn of some axis a, which keeps view a's flip,
    // sorted slice and twist at 0, so view a's fst4 value would be at most lim - 2. An axis known
    // only by an upper bound (lazy_axes did not look it up, or its side-table lookup is deferred)
    // makes no cut. Returns the count kept (in order).
    int bondt_forward(FNode *ch, int32_t *pass, int np, unsigned lim, const uint64_t *idx) {
        const unsigned t = lim - 1;
        const FstTable &fst = *X->fst;
        int np2 = 0;
        // fstp2: a twin's 2-bit code (in the byte just read) says at least t for sure (codes
        // 0..2, the distances 9..11) or not, except code 3 (8 or less, 12 or 13): then the side table.
        const bool win2 = fst.windowed() && X->pm == 2;
        const uint8_t *const base = fst.data.data();
        auto twins_at_least = [&](int j) -> bool {
            if (!win2) {
                unsigned f[3];
                for (int a = 0; a < 3; ++a) f[a] = std::min(t, twin_value(idx[3 * j + a]));
                return bondt_rule(f[0], f[1], f[2]) > t;
            }
            bool all = true, side = false;
            for (int a = 0; a < 3; ++a) {
                const uint64_t i = idx[3 * j + a] ^ 1;
                const unsigned c = FstTable::code2(base, i);
                all = all && (c == 3 || WINDOW_BASE + c >= t);
                side = side || c == 3;
            }
            if (!all || !side) return all;
            for (int a = 0; a < 3 && all; ++a) all = twin_value(idx[3 * j + a]) >= t;
            return all;
        };
        for (int q = 0; q < np; ++q) {
            const int j = pass[q];
            const FNode &c = ch[j];
            // One branch for the three distances (most children fail one; a branch each mispredicts).
            const unsigned at = unsigned(c.d[0] == t) & unsigned(c.d[1] == t) & unsigned(c.d[2] == t);
            if (at && (c.ub & 7u) == 0 && twins_at_least(j))
                continue;  // the three fst4 values are t: bondt_rule gives t + 1
            pass[np2++] = j;
        }
        bondt_cuts += uint64_t(np - np2);
        return np2;
    }

    // bondt and nextmove (session 35), inverse views: for the children keep[0..nk) that passed the
    // inverse lookups (idx: their three inverse entries, each at most lim - 1), with t = lim - 1
    // their moves left: inverse view a's entry at t forbids the half turns of view a's axis as the
    // child's next move, and its twin at t or more the quarter turns (the child of such a move has
    // the entry or the twin as its own inverse view a, since the move lies in that view's subgroup
    // and the subgroup's turns multiply the inverse from the left, and one move fewer to go).
    // bondt: a child whose three inverse views' fst4 values (each the smaller of the entry and
    // its twin) give by de Bondt's rule more than t is cut (then every move is forbidden: no
    // solution of exactly t moves can begin with any axis's turn); nextmove: each kept child's
    // forbidden moves go to its forbid mask (else 0). Returns the count kept (in order).
    // With fstp2 a code-3 entry (8 or less, 12 or 13) is read from the side table only where
    // de Bondt's rule may still cut: a passed entry's code 3 under t = 9..11 is 8 or less
    // (below t), and otherwise an unknown value forbids nothing (the next-move rule then skips
    // fewer children, never one that would pass). Measured (README, session 35): reading every
    // code-3 entry and twin from the side table here cost about an eighth of the search's cycles.
    int rules(FNode *ch, int32_t *keep, int nk, unsigned lim, const uint64_t *idx) {
        const FstTable &fst = *X->fst;
        const unsigned t = lim - 1;
        const bool nm = X->nextmove, win = fst.windowed();
        const uint8_t *const base = fst.data.data();
        const uint64_t tw = X->pm == 2 ? 1 : 0;  // an entry's twin: i ^ tw
        // Whether entry i is at least t: 0 no, 1 yes, 2 not known without the side table.
        // passed: the entry is at most t (the child passed it).
        auto at_least = [&](uint64_t i, bool passed) -> unsigned {
            if (!win) return fst.value(i) >= t;
            const unsigned c = FstTable::code2(base, i);
            if (c < 3) return WINDOW_BASE + c >= t;
            return passed && t >= WINDOW_BASE && t < WINDOW_BASE + 3 ? 0 : 2;
        };
        int nk2 = 0;
        if (win && tw == 1) {
            // fstp2 (the default), without a branch on the values: an entry and its twin are one
            // 4-bit pair of their byte, which a table made for this t turns into four bits: the
            // entry is at least t for sure (1) or may be (2), the twin likewise (4, 8).
            uint8_t lut[2][16];
            for (unsigned odd = 0; odd < 2; ++odd)
                for (unsigned nib = 0; nib < 16; ++nib) {
                    const unsigned ce = odd ? nib >> 2 : nib & 3, cw = odd ? nib & 3 : nib >> 2;
                    const bool de = ce < 3 && WINDOW_BASE + ce >= t, dw = cw < 3 && WINDOW_BASE + cw >= t;
                    const bool pe = ce < 3 ? de : !(t >= WINDOW_BASE && t < WINDOW_BASE + 3), pw = cw < 3 ? dw : true;
                    lut[odd][nib] = uint8_t(de | pe << 1 | dw << 2 | pw << 3);
                }
            const uint32_t hm0 = X->axis_half[0], hm1 = X->axis_half[1], hm2 = X->axis_half[2];
            const uint32_t qm0 = X->axis_quarter[0], qm1 = X->axis_quarter[1], qm2 = X->axis_quarter[2];
            const bool bondt = X->bondt;
            for (int q = 0; q < nk; ++q) {
                const int j = keep[q];
                unsigned f[3];
                for (int a = 0; a < 3; ++a) {
                    const uint64_t i = idx[3 * j + a];
                    f[a] = lut[i & 1][(base[i >> 2] >> ((i & 2) << 1)) & 15u];
                }
                const uint32_t forbid = (hm0 & -(f[0] & 1u)) | (qm0 & -(f[0] >> 2 & 1u)) | (hm1 & -(f[1] & 1u)) |
                                        (qm1 & -(f[1] >> 2 & 1u)) | (hm2 & -(f[2] & 1u)) | (qm2 & -(f[2] >> 2 & 1u));
                if (bondt && (f[0] & f[1] & f[2] & (f[0] >> 2) & (f[1] >> 2) & (f[2] >> 2) & 2u)) {
                    // The rule may cut: the exact values (the side table for a code-3 entry).
                    bool all = true;
                    for (int a = 0; a < 3 && all; ++a) {
                        const uint64_t i = idx[3 * j + a];
                        all = fst.value(i) >= t && fst.value(i ^ 1) >= t;
                    }
                    if (all) {
                        ++bondt_cuts;
                        continue;
                    }
                }
                ch[j].forbid = nm ? forbid : 0;
                keep[nk2++] = j;
            }
            return nk2;
        }
        for (int q = 0; q < nk; ++q) {
            const int j = keep[q];
            unsigned h[3], r[3];
            bool may = true;  // every entry and twin so far at least t, or not known: the rule may cut
            for (int a = 0; a < 3; ++a) {
                const uint64_t i = idx[3 * j + a];
                h[a] = at_least(i, true);
                may = may && h[a] != 0;
                r[a] = nm || may ? at_least(i ^ tw, tw == 0) : 0;
                may = may && r[a] != 0;
            }
            if (X->bondt && may) {
                bool all = true;
                for (int a = 0; a < 3 && all; ++a) {
                    const uint64_t i = idx[3 * j + a];
                    if (h[a] == 2) h[a] = fst.value(i) >= t;
                    if (r[a] == 2) r[a] = fst.value(i ^ tw) >= t;
                    all = h[a] == 1 && r[a] == 1;
                }
                if (all) {  // the three fst4 values are t: bondt_rule gives t + 1
                    ++bondt_cuts;
                    continue;
                }
            }
            uint32_t forbid = 0;
            for (int a = 0; a < 3; ++a) {
                if (h[a] == 1) forbid |= X->axis_half[a];
                if (r[a] == 1) forbid |= X->axis_quarter[a];
            }
            ch[j].forbid = nm ? forbid : 0;
            keep[nk2++] = j;
        }
        return nk2;
    }

    // The inverse stage's first pass (inverse_stage=ahead|once): the Loc bytes of the children
    // keep[0..nk) along the three axes (from their parents in L and their moves) and each axis's
    // inverse coordinates, packed into idx (3 per child) for inverse_lookups, with prefetches of
    // their small rows.
    void inverse_first_pass(const BatchLevel &L, FNode *ch, const int32_t *par, const int8_t *mv, const int32_t *keep,
                            int nk, uint64_t *idx) {
        const InvTables &T = inv_tables();
        const uint64_t *isl = X->isc ? X->isc->slice.data() : nullptr;
#ifdef CUBE_SIMD_COORDS
        if (X->simd) return inverse_locs_pass_simd(*X, T, L, ch, par, mv, keep, nk, isl, idx);
#endif
        for (int t = 0; t < nk; ++t) {
            const int j = keep[t];
            const FNode &n = L.node[size_t(par[j])];
            for (int a = 0; a < 3; ++a) {
                unsigned f, sl, w;
                child_locs_inverse(T, n.loc[a], X->axis_move[a][mv[j]], a > 0, ch[j].loc[a], f, sl, w);
                idx[3 * j + a] = inverse_coords_kept(*X->co, isl, f, sl, w);
            }
        }
    }

    // The rest of the inverse stage (inverse_stage=ahead|once) for the children keep[0..nk) of ch,
    // their coordinates packed in idx by inverse_first_pass: the class locations, the class
    // entries and table indexes, then the lines; then the deferred side-table lookups (the ns
    // already in sj, sa, sidx and those of the inverse axes; mark: one byte per child). Keeps in
    // keep (in order) the children no lookup bounds at lim or more; returns their count. itw and
    // pf: 3 per child, sj, sa and sidx: room for ns + 3 per child more.
    int inverse_lookups(FNode *ch, int32_t *keep, int nk, unsigned lim, uint64_t *idx, uint16_t *itw,
                        const uint8_t **pf, int32_t *sj, int8_t *sa, uint64_t *sidx, int ns, uint8_t *mark) {
        const FstTable &fst = *X->fst;
        for (int t = 0; t < nk; ++t) {
            const int j = keep[t];
            for (int a = 0; a < 3; ++a) {
                const uint64_t x = idx[3 * j + a];
                idx[3 * j + a] = inv_class_loc(*X, int(x >> 32), int(x >> 16 & 0xffff), int(x & 0xffff), itw[3 * j + a]);
                inv_class_prefetch(*X, idx[3 * j + a]);
                BST(BS_INVCLS + a, !X->isc || !(idx[3 * j + a] & SliceClasses::DIRECT));
            }
        }
        PH(PH_INVC);
        for (int t = 0; t < nk; ++t) {
            const int j = keep[t];
            for (int a = 0; a < 3; ++a) {
                const uint32_t en = inv_class_entry(*X, idx[3 * j + a], itw[3 * j + a]);
                idx[3 * j + a] = inv_index(*X, en, itw[3 * j + a], ch[j].par);
            }
        }
        PH(PH_INVI);
        // side_round (windowed table): an entry of code 3 is not looked up in the side table
        // as it is read; its child passes provisionally and the lookup is kept (sj, sidx) for
        // one round after the three axes (side_lookups), where every child's lookups are in
        // flight together instead of two dependent misses each. A child is kept when all its
        // axes are below lim either way, so the same children pass.
        const bool defer = X->side_round && fst.windowed();
        auto below = [&](int j, uint64_t i) {
            BST(BS_SIDE, fst.get2(i) == 3);
            if (!defer) return fst.value(i) < lim;
            const unsigned c = fst.get2(i);
            if (c < 3) return WINDOW_BASE + c < lim;
            sj[ns] = j, sa[ns] = -1, sidx[ns++] = i;
            return true;
        };
        if (X->inv_stage == 2) {
            // once: every line in one round, read axis by axis (a child's later axes are
            // read only when it passes the earlier ones).
            int np3 = 0;
            for (int t = 0; t < nk; ++t)
                for (int a = 0; a < 3; ++a) pf[np3++] = fst.byte_of(idx[3 * keep[t] + a]);
            for (int t = 0; t < np3; ++t) __builtin_prefetch(pf[t]);
            BSH(SH_INV, np3);
            int nk2 = 0;
            for (int t = 0; t < nk; ++t) {
                const int j = keep[t];
                bool ok = true;
                for (int a = 0; a < 3 && ok; ++a) {
                    BST(BS_INV + a, 1);
                    ok = below(j, idx[3 * j + a]);
                }
                if (ok) keep[nk2++] = j;
            }
            nk = nk2;
        } else {
            for (int a = 0; a < 3 && nk > 0; ++a) {
                BST(BS_INV + a, nk);
                BSH(SH_INV + a, nk);
                for (int t = 0; t < nk; ++t) pf[t] = fst.byte_of(idx[3 * keep[t] + a]);
                for (int t = 0; t < nk; ++t) __builtin_prefetch(pf[t]);
                int nk2 = 0;
                for (int t = 0; t < nk; ++t) {
                    const int j = keep[t];
                    if (below(j, idx[3 * j + a])) keep[nk2++] = j;
                }
                nk = nk2;
            }
        }
        if (ns > 0 && nk > 0) nk = side_lookups(fst.side, sj, sa, sidx, ns, keep, nk, lim, ch, mark);
        BST(BS_INV_PASS, nk);
        return nk;
    }

    // Batched IDA* (class_moves and lazy_axes on, batch = N > 0): the nodes [b, e) of level g
    // (togo moves left) are expanded together, stage by stage as in dfs_t (children's
    // coordinates and first-axis prefetches, first-axis reads, the other axes, the corner
    // table, the inverse lookups), so each stage's memory misses for up to N nodes' children
    // are in flight at once instead of one node's; then their surviving children, in chunks
    // of N, the same way. Where the search spends its time (togo 10-11, where nearly every
    // child is cut) a node alone leaves the memory system idle between its few dependent
    // misses.
    bool batch(int root, int g, int togo, int b, int e) {
        if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
        if ((++polls & 0xff) == 0 && X->sv && X->sv->should_stop && X->sv->should_stop(X->sv->ctx)) {
            X->stopped = true;
            return false;
        }
        nodes += uint64_t(e - b);
        BST(BS_NODES, e - b);
        if (togo <= X->deep_togo) deep += uint64_t(e - b);
        BatchBuffers &B = *bb;
        BatchLevel &L = B.level[size_t(g)];
        const Coords &co = *X->co;
        const FstTable &fst = *X->fst;
        const uint32_t *cmn = X->cm->next.data();
        const ClassMoves &cm = *X->cm;
        PH_START();
        if (togo == 1) {  // as in dfs_t
            for (int p = b; p < e; ++p) {
                const FNode &n = L.node[size_t(p)];
                const int prev = L.move[size_t(p)];
                const uint32_t skip = X->nextmove ? n.forbid : 0;
                for (int m = 0; m < NMOVES; ++m) {
                    if (redundant_move(prev, m)) {
                        m += 2;
                        continue;
                    }
                    if (skip >> m & 1) continue;
                    ++generated;
                    if (solved_by_move(*X, n, m)) {
                        path[g] = m;
                        trace(root, g, p);
                        return true;
                    }
                }
            }
            PH(PH_LEAF);
            return false;
        }
        static const uint8_t zero = 0;
        const uint8_t *cdata = X->corners ? X->corners->data.data() : &zero;
        const bool cmask = X->corners != nullptr;
        const bool inv = fst.exact_values();
        const unsigned lim = unsigned(togo);
        BSH(SH_NODES, e - b);
        FNode *ch = B.ch.data();
        int32_t *par = B.par.data();
        int8_t *mv = B.mv.data();
        uint64_t *idx = B.idx.data();
        // The tables and constants the per-child code reads, in locals: a child's fields are
        // written by byte stores, which may alias anything, so the compiler would otherwise load
        // each of these again through X, co and L after every child's stores (profiled, README
        // session 31: three dependent loads for X->pm alone, a child and an axis).
        const FNode *const Ln = L.node.data();
        const uint16_t *const twm = co.twist_move.data(), *const twc = co.twist_conj.data();
        const uint64_t pmul = X->pm;
        const uint8_t *const qt = X->qt;
        // The fst table's bytes (FstTable::byte_of, get2) likewise.
        const uint8_t *const fbase = fst.data.data();
        const unsigned fshift = fst.bits == 4 ? 1 : 2;
        auto fbyte = [&](uint64_t i) __attribute__((always_inline)) { return fbase + (i >> fshift); };
        // A child's coordinates and table index along axis a (from its parent and move).
        auto axis = [&](int j, int a) __attribute__((always_inline)) {
            const FNode &n = Ln[size_t(par[j])];
            const int m = mv[j];
            FNode &c = ch[j];
            const uint32_t cs = n.cs[a], sy = cs & 15;
            const int k = X->sym_axis_move[a][sy][m];
            const uint32_t en = cmn[size_t(cs >> 4) * NMOVES + k];
            const uint32_t u = cm.mul[en & 15][sy];
            const uint16_t tw = twm[size_t(n.tw[a]) * NMOVES + X->axis_move[a][m]];
            const uint8_t cp = uint8_t(n.par ^ qt[m]);
            c.cs[a] = (en & ~15u) | u;
            c.tw[a] = tw;
            c.par = cp;
            idx[3 * j + a] = (uint64_t(en >> 4) * N_TWIST + twc[size_t(tw) * N_UDSYM + u]) * pmul + cp;
        };
        // The class rows (two lines per axis) of a node, which stage 1 (and stage 2 for the other
        // axes) read for each of its children. rows_first: all the batch's rows are read now,
        // independent loads whose misses overlap (measured, README: the rows prefetched when the
        // nodes were made, as with rows_first=off, had mostly not arrived or left the cache, the
        // search stalling on the first read of nearly every node's row; software prefetches of
        // them here instead of loads left about half of that stall).
        auto prefetch_rows = [&](const FNode &c) {
            for (int a = 0; a < 3; ++a) {
                const uint32_t *row = cmn + size_t(c.cs[a] >> 4) * NMOVES;
                __builtin_prefetch(row);
                __builtin_prefetch(row + NMOVES - 1);
            }
        };
        BST(BS_ROWS, 6 * (e - b));
        if (X->rows_first) {
            uint32_t acc = 0;
            for (int p = b; p < e; ++p) {
                const FNode &n = L.node[size_t(p)];
                for (int a = 0; a < 3; ++a) {
                    const uint32_t *row = cmn + size_t(n.cs[a] >> 4) * NMOVES;
                    acc += row[0] + row[NMOVES - 1];
                }
            }
            asm volatile("" ::"r"(acc));  // keep the loads
        }
        PH(PH_ROWS);
        // Stage 1: every child's first axis (all three when none needs a lookup); prefetch it.
        // (Lazily: most children fail the first axis, so the others are computed in stage 2.)
        // split_prefetch: a stage first computes its entries (keeping the lines in pf), then
        // prefetches them in a loop of its own. Interleaved, the computation's own L1 misses (the
        // twist, conjugation and class rows) wait for fill buffers that the prefetches hold, and
        // both slow down (measured, README: 0.82 of the search's CPU at distance 17).
        const bool split = X->split_pf;
        const uint8_t **pf = B.pf.data();
        int npf = 0;
        int k = 0;
        // Per parent (p - b), its first axis (bits 0-1) and whether none of its children's axes
        // is read (bit 2: skip_all), which stages 2 and 3 need for every child.
        uint8_t *pax = B.pax.data();
        const bool nextmove = X->nextmove;
        for (int p = b; p < e; ++p) {
            const FNode &n = Ln[size_t(p)];
            const int prev = L.move[size_t(p)];
            const int a0 = first_axis(n, X->fa_exact);
            const bool skip_all = inv && unsigned(n.d[a0]) + 1 < lim;
            pax[p - b] = uint8_t(a0 | (skip_all ? 4 : 0));
            const uint32_t skip = nextmove ? n.forbid : 0;  // the next-move rule (Worker::rules)
            for (int m = 0; m < NMOVES; ++m) {
                if (redundant_move(prev, m)) {
                    m += 2;
                    continue;
                }
                if (skip >> m & 1) continue;
                par[k] = p, mv[k] = int8_t(m);
                if (skip_all) {
                    BST(BS_SKIPALL, 1);
                    for (int a = 0; a < 3; ++a) axis(k, a);
                } else {
#ifdef CUBE_BATCH_STATS
                    {
                        int nt = 0, nub = 0;
                        for (int a = 0; a < 3; ++a)
                            if (n.d[a] == n.d[a0]) ++nt, nub += n.ub >> a & 1;
                        BST(BS_TIES, nt > 1);
                        BST(BS_TIES_UB, nt > 1 && nub > 0 && nub < nt);
                    }
#endif
                    axis(k, a0);
                    if (split) pf[npf++] = fbyte(idx[3 * k + a0]);
                    else __builtin_prefetch(fbyte(idx[3 * k + a0]));
                }
                ++k;
            }
        }
        for (int t = 0; t < npf; ++t) __builtin_prefetch(pf[t]);
        generated += uint64_t(k);
        BST(BS_CHILDREN, k);
        PH(PH_S1);
#ifdef CUBE_TOUCH
        {
            unsigned acc = 0;
            for (int j = 0; j < k; ++j) {
                const FNode &n = L.node[size_t(par[j])];
                const int a0 = first_axis(n, X->fa_exact);
                if (inv && unsigned(n.d[a0]) + 1 < lim) continue;
                acc += *fst.byte_of(idx[3 * j + a0]);
            }
            asm volatile("" ::"r"(acc));
        }
        PH(PH_LEAF);
#endif
        // side_round with the inverse stage ahead (fstp2): a forward entry of code 3 whose
        // distance the parent does not decide (FstTable::child_value would read the side table)
        // lets its child pass provisionally; its lookup joins the inverse axes' deferred ones
        // (side_lookups, after the three inverse axes), which cuts the child or sets its distance
        // (exact) as child_axis would have.
        const bool defer_fwd = X->side_round && X->win && inv && X->lazy_inv && X->inv_stage > 0;
        int ns = 0;
        int32_t *sj = B.sj.data();
        int8_t *sa = B.sa.data();
        uint64_t *sidx = B.sidx.data();
        const bool win = X->win;
        auto fwd_axis = [&](const FNode &n, int a, int j) __attribute__((always_inline)) -> unsigned {
            const uint64_t i = idx[3 * j + a];
            if (win) {
                // Windowed (2-bit) entries: codes 0..2 are the distances 9..11 whatever the
                // parent's, exact (FstTable::child_value's first case, inline); code 3 below.
                const unsigned c = FstTable::code2(fbase, i);
                if (c < 3) {
                    ch[j].d[a] = uint8_t(WINDOW_BASE + c);
                    ch[j].ub = uint8_t(ch[j].ub & ~(1u << a));
                    return WINDOW_BASE + c;
                }
            }
            if (defer_fwd) {  // (implies win, so the code here is 3)
                const unsigned pd = n.d[a];
                if (!FstTable::parent_decides(pd, n.ub >> a & 1, lim)) {
#ifdef CUBE_BATCH_STATS
                    bstat[40] += 1, bstat[41] += 1;  // as child_axis counts a code-3 entry it looks up
#endif
                    sj[ns] = j, sa[ns] = int8_t(a), sidx[ns++] = i;
                    ch[j].d[a] = uint8_t(pd + 1);  // provisional, set by side_lookups
                    ch[j].ub = uint8_t(ch[j].ub | 1u << a);
                    return 0;
                }
            }
            return child_axis(*X, n, a, i, lim, ch[j]);
        };
        // Stage 2: the first axis; prefetch the other two for the children it passes.
        int32_t *s1 = B.s1.data(), *pass = B.pass.data(), *keep = B.keep.data();
        int n1 = 0, np = 0;
        npf = 0;
        for (int j = 0; j < k; ++j) {
            const FNode &n = Ln[size_t(par[j])];
            const unsigned pa = pax[par[j] - b];
            const int a0 = int(pa & 3);
            if (pa & 4) {
                for (int a = 0; a < 3; ++a) upper_axis(n, a, ch[j]);
                pass[np++] = j;
                continue;
            }
            const unsigned d = fwd_axis(n, a0, j);
            BST(BS_FIRST, 1);
            BST(BS_FCAT + std::min(1u, lim - n.d[a0]) * 2 + (n.ub >> a0 & 1), 1);
            BST(BS_FCAT_PASS + std::min(1u, lim - n.d[a0]) * 2 + (n.ub >> a0 & 1), d < lim);
            if (d >= lim) continue;
            BST(BS_FIRST_PASS, 1);
            for (int a = 0; a < 3; ++a) {
                if (a == a0) continue;
                axis(j, a);
                if (!inv || unsigned(n.d[a]) + 1 >= lim) {
                    BST(BS_OTHER, 1);
                    if (split) pf[npf++] = fbyte(idx[3 * j + a]);
                    else __builtin_prefetch(fbyte(idx[3 * j + a]));
                }
            }
            s1[n1++] = j;
        }
        for (int t = 0; t < npf; ++t) __builtin_prefetch(pf[t]);
#ifdef CUBE_BATCH_STATS
        {
            uint64_t nf = 0, no = 0;
            for (int j = 0; j < k; ++j) {
                const FNode &n = L.node[size_t(par[j])];
                const int a0 = first_axis(n, X->fa_exact);
                if (inv && unsigned(n.d[a0]) + 1 < lim) continue;
                ++nf;
            }
            for (int t = 0; t < n1; ++t) {
                const FNode &n = L.node[size_t(par[s1[t]])];
                const int a0 = first_axis(n, X->fa_exact);
                for (int a = 0; a < 3; ++a)
                    if (a != a0 && (!inv || unsigned(n.d[a]) + 1 >= lim)) ++no;
            }
            BSH(SH_FIRST, nf);
            BSH(SH_OTHER, no);
        }
#endif
        PH(PH_S2);
        // Stage 3: the other two axes; prefetch the corner entry and the class rows of the passing.
        for (int t = 0; t < n1; ++t) {
            const int j = s1[t];
            const FNode &n = Ln[size_t(par[j])];
            const int a0 = int(pax[par[j] - b] & 3);
            bool ok = true;
            for (int a = 0; a < 3 && ok; ++a) {
                if (a == a0) continue;
                if (!inv || unsigned(n.d[a]) + 1 >= lim) {
                    ok = fwd_axis(n, a, j) < lim;
                    BST(BS_OCAT + std::min(1u, lim - n.d[a]) * 2 + (n.ub >> a & 1), 1);
                    BST(BS_OCAT_PASS + std::min(1u, lim - n.d[a]) * 2 + (n.ub >> a & 1), ok);
                } else {
                    upper_axis(n, a, ch[j]);
                }
            }
            if (ok) pass[np++] = j;
        }
        PH(PH_S3);
        if (X->bondt && np > 0) np = bondt_forward(ch, pass, np, lim, idx);
        PH(PH_RULES);  // (bondt_forward's and rules' cycles: phase "rules")

        PH(PH_S3);
        uint64_t *cidx = B.cidx.data();
        // lazy_corners: the corner table is exact and a move changes its distance by at most one,
        // so a child whose parent's corner distance (or its upper bound) is at most lim - 2 passes
        // the corner test whatever its entry: it is not read (where the search spends its time the
        // corner distances are mostly 8-9 and lim 10-11); the child keeps the bound parent + 1.
        static constexpr uint64_t NO_READ = ~uint64_t(0);
        npf = 0;
        for (int t = 0; t < np; ++t) {
            const int j = pass[t];
            const FNode &n = L.node[size_t(par[j])];
            for (int i = 0; i < 8; ++i) ch[j].loc[0][i] = corner_move_loc[mv[j]][n.loc[0][i]];
            if (X->lazy_corners && cmask && unsigned(n.cd) + 1 < lim) {
                cidx[j] = NO_READ;
                ch[j].cd = uint8_t(n.cd + 1);
                ch[j].ub = uint8_t(ch[j].ub | UB_CORNERS);
            } else {
                cidx[j] = cmask ? corner_index(ch[j].loc[0]) : 0;
                if (split) pf[npf++] = &cdata[cidx[j] >> 1];
                else __builtin_prefetch(&cdata[cidx[j] >> 1]);
                BST(BS_CORNER, 1);
            }
            if (!X->rows_first) prefetch_rows(ch[j]);
        }
        for (int t = 0; t < npf; ++t) __builtin_prefetch(pf[t]);
#ifdef CUBE_BATCH_STATS
        {
            uint64_t nc = 0;
            for (int t = 0; t < np; ++t) nc += cidx[pass[t]] != NO_READ;
            BSH(SH_CORNER, nc);
        }
#endif
        PH(PH_CPF);
        // Stage 4: the corner table.
        int nk = 0;
        for (int t = 0; t < np; ++t) {
            const int j = pass[t];
            if (cidx[j] == NO_READ) {
                keep[nk++] = j;
                continue;
            }
            const unsigned v = (cdata[cidx[j] >> 1] >> ((cidx[j] & 1) * 4)) & 0xf;
            ch[j].cd = uint8_t(cmask ? v : 0);
            ch[j].ub = uint8_t(ch[j].ub & ~UB_CORNERS);
            if (v < lim) keep[nk++] = j;
        }
        BST(BS_FWD_PASS, np);
        BST(BS_CORNER_PASS, nk);
        PH(PH_CRD);
        // Stages 5-7: the inverse lookups (class entries, then table entries, then reads).
        if (inv && nk > 0 && X->lazy_inv && X->inv_stage > 0) {
            inverse_first_pass(L, ch, par, mv, keep, nk, idx);
            // third_reuse: the inverse views' slice and twist, kept for the third stage (idx's
            // packed values are replaced by inverse_lookups).
            if (X->third_sp && lim <= X->third_lim) keep_inverse_coords(idx, keep, nk, B.tinv.data());
            nk = inverse_lookups(ch, keep, nk, lim, idx, B.itw.data(), pf, sj, sa, sidx, ns, B.mark.data());
        } else if (inv && nk > 0 && X->lazy_inv) {
            // lazy_inverse: one inverse axis at a time, each pipelined (class entries, table
            // entries, reads), the next axis only for the children the previous passes; the
            // locations of the next axis are computed while this axis's table entries load.
            uint16_t *itw = B.itw.data();
            for (int t = 0; t < nk; ++t) {
                const int j = keep[t];
                child_locs_axis(*X, L.node[size_t(par[j])], mv[j], 0, ch[j]);
            }
            for (int a = 0; a < 3 && nk > 0; ++a) {
                for (int t = 0; t < nk; ++t) {
                    const int j = keep[t];
                    int f, sl, w;
                    inverse_coords(ch[j].loc[a], f, sl, w);
                    idx[3 * j + a] = inv_class_loc(*X, sl, f, w, itw[3 * j + a]);
                    inv_class_prefetch(*X, idx[3 * j + a]);
                    BST(BS_INVCLS + a, !X->isc || !(idx[3 * j + a] & SliceClasses::DIRECT));
                }
                BST(BS_INV + a, nk);
                BSH(SH_INV + a, nk);
                for (int t = 0; t < nk; ++t) {
                    const int j = keep[t];
                    const uint32_t en = inv_class_entry(*X, idx[3 * j + a], itw[3 * j + a]);
                    idx[3 * j + a] = inv_index(*X, en, itw[3 * j + a], ch[j].par);
                    if (split) pf[t] = fst.byte_of(idx[3 * j + a]);
                    else __builtin_prefetch(fst.byte_of(idx[3 * j + a]));
                }
                for (int t = 0; t < nk && split; ++t) __builtin_prefetch(pf[t]);
                if (a < 2)
                    for (int t = 0; t < nk; ++t) {
                        const int j = keep[t];
                        child_locs_axis(*X, L.node[size_t(par[j])], mv[j], a + 1, ch[j]);
                    }
                int nk2 = 0;
                for (int t = 0; t < nk; ++t) {
                    const int j = keep[t];
                    BST(BS_SIDE, fst.get2(idx[3 * j + a]) == 3);
                    if (fst.value(idx[3 * j + a]) < lim) keep[nk2++] = j;
                }
                nk = nk2;
            }
            BST(BS_INV_PASS, nk);
        } else if (inv && nk > 0) {
            uint16_t *itw = B.itw.data();
            uint64_t *icls = cidx;  // the corner indexes are no longer needed
            for (int t = 0; t < nk; ++t) {
                const int j = keep[t];
                child_locs(*X, L.node[size_t(par[j])], mv[j], ch[j]);
                for (int a = 0; a < 3; ++a) {
                    int f, sl, w;
                    inverse_coords(ch[j].loc[a], f, sl, w);
                    idx[3 * j + a] = inv_class_loc(*X, sl, f, w, itw[3 * j + a]);
                    inv_class_prefetch(*X, idx[3 * j + a]);
                }
            }
            (void)icls;
            for (int t = 0; t < nk; ++t) {
                const int j = keep[t];
                for (int a = 0; a < 3; ++a) {
                    const uint32_t en = inv_class_entry(*X, idx[3 * j + a], itw[3 * j + a]);
                    idx[3 * j + a] = inv_index(*X, en, itw[3 * j + a], ch[j].par);
                    __builtin_prefetch(fst.byte_of(idx[3 * j + a]));
                }
            }
            int nk2 = 0;
            for (int t = 0; t < nk; ++t) {
                const int j = keep[t];
                bool ok = true;
                for (int a = 0; a < 3 && ok; ++a) ok = fst.value(idx[3 * j + a]) < lim;
                if (ok) keep[nk2++] = j;
            }
            nk = nk2;
        }
        // third=t: the six views of the children left, one view at a time, the next view only
        // for the children the previous ones pass (it cuts about half of those it sees, most at
        // the first view). The inverse views first: 9% fewer reads than the forward ones first
        // (levels 5 and 11: 6.82 M against 7.52 M, counted; the order within each half matters
        // little: 6.82-6.98 M). Each view in three passes so the misses overlap: the coordinates and
        // a prefetch of their class and conjugation entries (small tables, but cold here: the
        // search streams through gigabytes), then the table index and its prefetch, then the
        // reads. An entry says 10 or less (no bound) or 11 or more, so it can cut only with
        // lim <= 11 (third_lim, 11 by default). After the inverse lookups: before them (session
        // 19, counted on level 4) it read 13.4 M of its bytes where it read 4.7 M after them, to
        // save 11.4 M of the inverse lookups' 21.2 M, and its bytes cost more (README).
        PH(PH_INV);
        if ((X->bondt || X->nextmove) && inv && nk > 0) nk = rules(ch, keep, nk, lim, idx);
        PH(PH_RULES);
        PH(PH_INV);
        if (pre_only) {  // third_gather: Worker::gathered reads the third table for several batches
            pre_nk = nk;
            return false;
        }
        if (X->third && nk > 0 && lim <= X->third_lim) {
            BST(BS_TIN, nk);
            if (!inv)
                for (int t = 0; t < nk; ++t) child_locs(*X, L.node[size_t(par[keep[t]])], mv[keep[t]], ch[keep[t]]);
            nk = third_views(ch, keep, nk, lim, B.tidx.data(), B.tidx.data() + 3 * B.ch.size(), inv ? third_inv(B.tinv) : nullptr);
            BST(BS_TPASS, nk);
        }
        if (X->edges && nk > 0) {
            int8_t *mvb = mv;
            nk = edge_filter(
                *X, [&](int j) -> const FNode & { return L.node[size_t(par[j])]; }, ch, mvb, keep, nk, lim, inv,
                B.idx.data());
        }
        PH(PH_THIRD);
        if (nk == 0) return false;
        // The survivors become level g + 1, expanded in chunks of N.
        BatchLevel &Nx = B.level[size_t(g) + 1];
        Nx.node.resize(size_t(nk)), Nx.parent.resize(size_t(nk)), Nx.move.resize(size_t(nk));
        for (int t = 0; t < nk; ++t) {
            const int j = keep[t];
            Nx.node[size_t(t)] = ch[j];
            Nx.parent[size_t(t)] = par[j];
            Nx.move[size_t(t)] = mv[j];
        }
        PH(PH_TAIL);
        return expand_level(root, g + 1, togo - 1, nk);
    }

    // Expands the n nodes of level g (togo moves left): in batches of N, or with third_gather
    // several batches' third-table stage together (gathered).
    bool expand_level(int root, int g, int togo, int n) {
        if (gathers(togo)) return gathered(root, g, togo, n);
        const int N = X->batch;
        for (int c = 0; c < n; c += N)
            if (batch(root, g, togo, c, std::min(n, c + N))) return true;
        return false;
    }

    // third_gather = K > 1: whether the batches of a level with togo moves left read the third
    // table (so gathering them helps). Not with edges (its filter comes after the third stage),
    // and not at togo 1 (leaves: no stages).
    bool gathers(int togo) const {
        return X->third && X->third_gather > 1 && togo >= 2 && unsigned(togo) <= X->third_lim && !X->edges &&
               X->fst->exact_values();
    }

    // third_reuse: the inverse stage's packed coordinates of the children keep[0..nk) (idx, 3 per
    // child: slice << 32 | flip << 16 | twist) kept as slice << 12 | twist in tinv (3 per child).
    static void keep_inverse_coords(const uint64_t *idx, const int32_t *keep, int nk, uint32_t *tinv) {
        for (int t = 0; t < nk; ++t) {
            const size_t j = size_t(keep[t]);
            for (size_t a = 0; a < 3; ++a) {
                const uint64_t x = idx[3 * j + a];
                tinv[3 * j + a] = uint32_t(x >> 32) << 12 | uint32_t(x & 4095u);
            }
        }
    }
    const uint32_t *third_inv(const std::vector<uint32_t> &tinv) const { return X->third_sp ? tinv.data() : nullptr; }

    // third=t's six views of the children keep[0..nk) of ch (their Loc bytes set), one view at a
    // time, the next view only for the children the previous ones pass (it cuts about half of
    // those it sees, most at the first view). Keeps in keep (in order) those no view bounds at
    // lim or more; returns their count. cur and nxt: nk entries each.
    int third_views(FNode *ch, int32_t *keep, int nk, unsigned lim, uint64_t *cur, uint64_t *nxt,
                    const uint32_t *tinv = nullptr) {
        const ThirdTable &T = *X->third;
        const ThirdCoords &tc = *X->tco;
        const bool split = X->split_pf;
        // View v's entries of keep[0..nk) into out[0..nk), prefetched (coordinates and their
        // small rows, then the index and the table byte).
        const bool fast = X->third_fast;
        const uint16_t *spi = X->third_sp;
        auto view_index = [&](int v, uint64_t *out, bool pf_bytes = true) {
            for (int t = 0; t < nk; ++t) {
                int cp, tw, sp;
                if (v < 3 && tinv) {  // third_reuse: only the corner permutation from the Loc bytes
                    const uint32_t x = tinv[3 * size_t(keep[t]) + size_t(v)];
                    cp = tc.inverse_perm_rank(ch[keep[t]].loc[v]);
                    tw = int(x & 4095u), sp = spi[x >> 12];
                } else if (fast) {
                    tc.from_loc_fast(ch[keep[t]].loc[v % 3], v < 3, cp, tw, sp);  // the inverse views first
                } else {
                    tc.from_loc(ch[keep[t]].loc[v % 3], v < 3, cp, tw, sp);
                }
                out[t] = uint64_t(cp) << 32 | uint64_t(tw) << 16 | uint64_t(sp);
                __builtin_prefetch(&tc.cp_class[size_t(cp)]);
                __builtin_prefetch(&tc.tw_conj[size_t(tw) * N_UDSYM]);
                __builtin_prefetch(&tc.sp_conj[size_t(sp) * N_UDSYM]);
            }
            for (int t = 0; t < nk; ++t) {
                const uint64_t x = out[t];
                out[t] = tc.index(int(x >> 32), int(x >> 16 & 0xffff), int(x & 0xffff));
                if (!split && pf_bytes) __builtin_prefetch(T.byte_of(out[t]));
            }
            for (int t = 0; t < nk && split && pf_bytes; ++t) __builtin_prefetch(T.byte_of(out[t]));
        };
        // third_wave = W > 0 (session 29): one view at a time, its entries computed (no byte
        // prefetched) for the children the earlier views pass, then read in a pipeline that keeps
        // W reads prefetched ahead of the one it reads. The same bytes read, so the same children
        // kept.
        if (X->third_wave > 0) return third_views_waved(keep, nk, lim, cur, view_index);
        // third_ahead: the next view's entries are computed and prefetched before the current
        // view's are read, so one view's misses are in flight while another's are read (the
        // next view then costs a read for the children the current one cuts); off: one view
        // at a time.
        const bool ahead = X->third_ahead;
#ifdef CUBE_BATCH_STATS
        // Every view of every child (an experiment build): the children by the set of views
        // that cut them and by their forward axis of the largest fstp2 distance.
        for (int v = 0; v < 6 && nk <= int(sizeof tmask); ++v) {
            view_index(v, cur);
            for (int t = 0; t < nk; ++t) tmask[t] = uint8_t((v ? tmask[t] : 0) | (T.bound(cur[t]) >= lim) << v);
        }
        for (int t = 0; t < nk && nk <= int(sizeof tmask); ++t) {
            const FNode &c = ch[keep[t]];
            const int a = c.d[0] > c.d[1] && c.d[0] > c.d[2] ? 0 : c.d[1] > c.d[0] && c.d[1] > c.d[2] ? 1 : c.d[2] > c.d[0] && c.d[2] > c.d[1] ? 2 : 3;
            ++tmask_hist[a][tmask[t]];
        }
#endif
        view_index(0, cur);
        for (int v = 0; v < 6 && nk > 0; ++v) {
            BST(BS_TREAD, nk);
            BSH(SH_THIRD + v, nk);
            if (ahead && v < 5) view_index(v + 1, nxt);
            int nk2 = 0;
            for (int t = 0; t < nk; ++t)
                if (T.bound(cur[t]) < lim) keep[nk2] = keep[t], nxt[nk2] = nxt[t], ++nk2;
            nk = nk2;
            if (!ahead && v < 5 && nk > 0) view_index(v + 1, nxt);
            std::swap(cur, nxt);
        }
        return nk;
    }

    // third_views with third_wave: per view, its entries of keep[0..nk) into cur by
    // view_index(v, cur, false) (no byte prefetched; the lambda reads keep and third_views' nk,
    // which nk refers to, so it sees each view's survivors), then the reads, W prefetched ahead.
    template <class ViewIndex>
    int third_views_waved(int32_t *keep, int &nk, unsigned lim, uint64_t *cur, ViewIndex &view_index) {
        const ThirdTable &T = *X->third;
        const int W = X->third_wave;
        for (int v = 0; v < 6 && nk > 0; ++v) {
            BST(BS_TREAD, nk);
            BSH(SH_THIRD + v, nk);
            view_index(v, cur, false);
            const int w = std::min(W, nk);
            for (int t = 0; t < w; ++t) __builtin_prefetch(T.byte_of(cur[t]));
            int nk2 = 0;
            for (int t = 0; t < nk; ++t) {
                if (t + w < nk) __builtin_prefetch(T.byte_of(cur[t + w]));
                if (T.bound(cur[t]) < lim) keep[nk2++] = keep[t];
            }
            nk = nk2;
        }
        return nk;
    }

    // third_gather = K > 1 (session 26): the n nodes of level g (togo moves left) in groups of K
    // batches of N. Each batch of a group runs its stages up to the third table's (batch with
    // pre_only) and its survivors are copied aside; then the third table's six views are read for
    // the whole group at once (K times the misses in flight of one batch, whose survivors are
    // few: 7-44 a view, README session 20); then each batch's survivors are expanded in order.
    // The same reads and the same children as batch by batch, so the same nodes: each batch's
    // counts (nodes, generated, deep) are held back and charged when the batch-by-batch order
    // would have reached it, i.e. after its elder siblings' subtrees, and not at all when one of
    // them finds the solution (pre stages never find one: they end before the leaves).
    bool gathered(int root, int g, int togo, int n) {
        BatchBuffers &B = *bb;
        BatchBuffers::Gather &G = B.gather[size_t(g)];
        const int N = X->batch, K = X->third_gather;
        const int cap = N * K * NMOVES;
        if (G.ch.size() < size_t(cap)) {
            G.ch.resize(size_t(cap)), G.par.resize(size_t(cap)), G.keep.resize(size_t(cap)), G.mv.resize(size_t(cap));
            G.tidx.resize(2 * size_t(cap));
        }
        if (X->third_sp && G.tinv.size() < 3 * size_t(cap)) G.tinv.resize(3 * size_t(cap));
        for (int c0 = 0; c0 < n; c0 += N * K) {
            const int c1 = std::min(n, c0 + N * K);
            int nch = 0;
            G.end.clear(), G.dn.clear(), G.dg.clear(), G.dd.clear();
            for (int c = c0; c < c1; c += N) {
                const uint64_t n0 = nodes, g0 = generated, d0 = deep;
                pre_only = true;
                pre_nk = 0;
                batch(root, g, togo, c, std::min(c1, c + N));
                pre_only = false;
                G.dn.push_back(nodes - n0), G.dg.push_back(generated - g0), G.dd.push_back(deep - d0);
                nodes = n0, generated = g0, deep = d0;
                for (int t = 0; t < pre_nk; ++t) {
                    const int j = B.keep[size_t(t)];
                    G.ch[size_t(nch)] = B.ch[size_t(j)];
                    G.par[size_t(nch)] = B.par[size_t(j)];
                    G.mv[size_t(nch)] = B.mv[size_t(j)];
                    G.keep[size_t(nch)] = nch;
                    if (X->third_sp)
                        for (int a = 0; a < 3; ++a) G.tinv[3 * size_t(nch) + size_t(a)] = B.tinv[3 * size_t(j) + size_t(a)];
                    ++nch;
                }
                G.end.push_back(nch);
            }
            BST(BS_TIN, nch);
            int nk = nch > 0 ? third_views(G.ch.data(), G.keep.data(), nch, unsigned(togo), G.tidx.data(),
                                           G.tidx.data() + cap, third_inv(G.tinv))
                             : 0;
            BST(BS_TPASS, nk);
            int t = 0;
            for (size_t i = 0; i < G.end.size(); ++i) {
                // As batch's own check on entry (relaxed: these flags only end the search early).
                if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
                nodes += G.dn[i], generated += G.dg[i], deep += G.dd[i];
                BatchLevel &Nx = B.level[size_t(g) + 1];
                const size_t most = size_t(G.end[i] - (i ? G.end[i - 1] : 0));
                if (Nx.node.size() < most) Nx.node.resize(most), Nx.parent.resize(most), Nx.move.resize(most);
                int m = 0;
                for (; t < nk && G.keep[size_t(t)] < G.end[i]; ++t, ++m) {
                    const int j = G.keep[size_t(t)];
                    Nx.node[size_t(m)] = G.ch[size_t(j)];
                    Nx.parent[size_t(m)] = G.par[size_t(j)];
                    Nx.move[size_t(m)] = G.mv[size_t(j)];
                }
                if (m > 0 && expand_level(root, g + 1, togo - 1, m)) return true;
            }
        }
        return false;
    }

    bool dfs(const FNode &n, int g, int togo) { return X->cm ? dfs_t<true>(n, g, togo) : dfs_t<false>(n, g, togo); }

    // Below n (g moves done, togo >= 1 moves left of the bound): true when a solution is in path.
    // CM: follow the flip-slice classes with the class move table (Ctx::cm).
    template <bool CM>
    bool dfs_t(const FNode &n, int g, int togo) {
        deep += togo <= X->deep_togo;
        if ((++nodes & 0x3ff) == 0) {
            if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
            if (X->sv && X->sv->should_stop && X->sv->should_stop(X->sv->ctx)) {
                X->stopped = true;
                return false;
            }
        }
        const Coords &co = *X->co;
        const FstTable &fst = *X->fst;
        // Without a corner table (tests) every child reads the same zero byte.
        static const uint8_t zero = 0;
        const uint8_t *cdata = X->corners ? X->corners->data.data() : &zero;
        const bool cmask = X->corners != nullptr;
        const int prev = g > 0 ? path[g - 1] : -1;
        const uint32_t *cmn = CM ? X->cm->next.data() : nullptr;
        if (togo == 1) {
            // One move left: only the solved cube passes (h = 0 exactly then), so test that
            // with the small move tables instead of looking up every child (solved_by_move; CM:
            // with the classes, flip-slice 0 being alone in class 0).
            int k = 0;
            for (int m = 0; m < NMOVES; ++m) {
                if (redundant_move(prev, m)) {
                    m += 2;
                    continue;
                }
                ++k;
                if (CM ? solved_by_move(*X, n, m) : solved_by_move_coords(*X, n, m)) {
                    generated += uint64_t(k);
                    path[g] = m;
                    return true;
                }
            }
            generated += uint64_t(k);
            return false;
        }
        const bool inv = fst.exact_values();
        // Lazy axes (Ctx::lazy): the axis of the largest parent distance is looked up first for
        // every child, the other two only for the children it passes (where the search spends
        // its time, togo 10-11, the first axis rejects most children). With the exact 4-bit
        // table an axis whose parent distance is at most togo - 2 needs no lookup at all (one
        // move changes it by at most one); the child then keeps the bound parent + 1.
        const bool lazy = X->lazy;
        int a0 = 0;
        if (n.d[1] > n.d[a0]) a0 = 1;
        if (n.d[2] > n.d[a0]) a0 = 2;
        const unsigned lim = unsigned(togo);
        const bool skip_all = lazy && inv && unsigned(n.d[a0]) + 1 < lim;
        uint16_t itw[NMOVES][3];
        FNode ch[NMOVES];
        int mv[NMOVES];
        uint64_t cls[NMOVES][3];
        uint64_t cidx[NMOVES], idx[NMOVES][3];
        int k = 0;
        for (int m = 0; m < NMOVES; ++m) {
            if (redundant_move(prev, m)) {
                m += 2;
                continue;
            }
            FNode &c = ch[k];
            if (CM) {
                // The class row of n was prefetched when n was made: no dependent miss here.
                const ClassMoves &cm = *X->cm;
                for (int a = 0; a < 3; ++a) {
                    const uint32_t cs = n.cs[a], s = cs & 15;
                    const uint32_t e = cmn[size_t(cs >> 4) * NMOVES + X->sym_axis_move[a][s][m]];
                    const uint32_t u = cm.mul[e & 15][s];
                    c.cs[a] = (e & ~15u) | u;
                    c.tw[a] = co.twist_move[size_t(n.tw[a]) * NMOVES + X->axis_move[a][m]];
                    c.par = n.par ^ X->qt[m];
                    idx[k][a] = (uint64_t(e >> 4) * N_TWIST + co.twist_conj[size_t(c.tw[a]) * N_UDSYM + u]) * X->pm + c.par;
                    if (!lazy || (a == a0 && !skip_all)) __builtin_prefetch(fst.byte_of(idx[k][a]));
                }
                for (int i = 0; i < 8; ++i) c.loc[0][i] = corner_move_loc[m][n.loc[0][i]];
            } else {
                child_coords(*X, n, m, c);
                for (int a = 0; a < 3; ++a) {
                    cls[k][a] = uint32_t(c.sl[a]) * N_FLIP + c.fl[a];
                    __builtin_prefetch(&co.flipslice_class[cls[k][a]]);
                }
            }
            mv[k++] = m;
        }
        generated += uint64_t(k);
        ST(stats.nodes[togo]++);
        ST(stats.gen[togo] += uint64_t(k));
#ifdef CUBE_FST_STATS
        for (int a = 0; a < 3; ++a) { int q = int(n.d[a]) - togo + 3; stats.dist[togo][q < 0 ? 0 : q > 7 ? 7 : q]++; }
#endif
        for (int i = 0; i < k && !CM; ++i)
            for (int a = 0; a < 3; ++a) {
                const uint32_t e = co.flipslice_class[cls[i][a]];
                idx[i][a] = (uint64_t(e >> 4) * N_TWIST + co.twist_conj[size_t(ch[i].tw[a]) * N_UDSYM + (e & 15)]) * X->pm +
                            ch[i].par;
                if (!lazy || (a == a0 && !skip_all)) __builtin_prefetch(fst.byte_of(idx[i][a]));
            }
        // pass[]: the children that passed the three axes (all of them when every axis is far
        // enough below the bound).
        int pass[NMOVES], np = 0;
        if (!lazy) {
            for (int i = 0; i < k; ++i) {
                bool ok = true;
                for (int a = 0; a < 3 && ok; ++a) ok = child_axis(*X, n, a, idx[i][a], lim, ch[i]) < lim;
                if (ok) pass[np++] = i;
                else ST(stats.rej_fwd[togo]++);
            }
        } else if (skip_all) {
            for (int i = 0; i < k; ++i) {
                for (int a = 0; a < 3; ++a) upper_axis(n, a, ch[i]);
                pass[np++] = i;
            }
        } else {
            int s1[NMOVES], n1 = 0;
            for (int i = 0; i < k; ++i) {
                const unsigned d = child_axis(*X, n, a0, idx[i][a0], lim, ch[i]);
                if (d < lim) s1[n1++] = i;
                else ST(stats.rej_fwd[togo]++);
            }
            const int a1 = a0 == 0 ? 1 : 0, a2 = a0 == 2 ? 1 : 2;
            const bool look1 = !inv || unsigned(n.d[a1]) + 1 >= lim, look2 = !inv || unsigned(n.d[a2]) + 1 >= lim;
            for (int j = 0; j < n1; ++j) {
                const int i = s1[j];
                if (look1) __builtin_prefetch(fst.byte_of(idx[i][a1]));
                else upper_axis(n, a1, ch[i]);
                if (look2) __builtin_prefetch(fst.byte_of(idx[i][a2]));
                else upper_axis(n, a2, ch[i]);
            }
            for (int j = 0; j < n1; ++j) {
                const int i = s1[j];
                bool ok = true;
                if (look1) ok = child_axis(*X, n, a1, idx[i][a1], lim, ch[i]) < lim;
                if (ok && look2) ok = child_axis(*X, n, a2, idx[i][a2], lim, ch[i]) < lim;
                if (ok) pass[np++] = i;
                else ST(stats.rej_fwd[togo]++);
            }
        }
        int keep[NMOVES], nk = 0;
        for (int p = 0; p < np; ++p) {
            const int i = pass[p];
            // The corner table rejects few children that pass the three lookups above (and
            // few at all where the search spends its time), so it comes after them.
            cidx[i] = cmask ? corner_index(ch[i].loc[0]) : 0;
            __builtin_prefetch(&cdata[cidx[i] >> 1]);
            if (togo == 1) {  // h = 0 along the three axes: solved when the corners are
                if (!corners_solved(ch[i].loc[0])) continue;
                path[g] = mv[i];
                return true;
            }
            if (CM && togo > 2) {
                // Cross-level: the class rows (two lines each) of a child that passed the three
                // lookups, read when it is expanded; the corner and inverse passes below hide
                // their latency. (At togo 2 the children are leaves, tested above.)
                for (int a = 0; a < 3; ++a) {
                    const uint32_t *row = cmn + size_t(ch[i].cs[a] >> 4) * NMOVES;
                    __builtin_prefetch(row);
                    __builtin_prefetch(row + NMOVES - 1);
                }
            }
            keep[nk++] = i;
        }
        {
            int nk2 = 0;
            for (int j = 0; j < nk; ++j) {
                const int i = keep[j];
                if (((cdata[cidx[i] >> 1] >> ((cidx[i] & 1) * 4)) & 0xf) < lim) keep[nk2++] = i;
                else ST(stats.rej_corner[togo]++);
            }
            nk = nk2;
        }
        if (inv && nk > 0) {
            // The inverse lookups, pipelined: coordinates and class prefetches, then indexes and
            // table prefetches, then the reads.
            for (int j = 0; j < nk; ++j) {
                const int i = keep[j];
                child_locs(*X, n, mv[i], ch[i]);
                for (int a = 0; a < 3; ++a) {
                    int f, s, w;
                    inverse_coords(ch[i].loc[a], f, s, w);
                    cls[i][a] = inv_class_loc(*X, s, f, w, itw[i][a]);
                    inv_class_prefetch(*X, cls[i][a]);
                }
            }
            for (int j = 0; j < nk; ++j) {
                const int i = keep[j];
                for (int a = 0; a < 3; ++a) {
                    const uint32_t e = inv_class_entry(*X, cls[i][a], itw[i][a]);
                    idx[i][a] = inv_index(*X, e, itw[i][a], ch[i].par);
                    __builtin_prefetch(fst.byte_of(idx[i][a]));
                }
            }
            int nk2 = 0;
            for (int j = 0; j < nk; ++j) {
                const int i = keep[j];
                bool ok = true;
                for (int a = 0; a < 3 && ok; ++a) ok = fst.value(idx[i][a]) < lim;
                if (ok) keep[nk2++] = i;
                else ST(stats.rej_inv[togo]++);
            }
            nk = nk2;
        }
        if (X->edges && nk > 0) {
            int8_t mv8[NMOVES];
            for (int i = 0; i < k; ++i) mv8[i] = int8_t(mv[i]);
            uint64_t eidx[3 * NMOVES];
            nk = edge_filter(*X, [&](int) -> const FNode & { return n; }, ch, mv8, keep, nk, lim, inv, eidx);
        }
        ST(stats.kept[togo] += uint64_t(nk));
        for (int j = 0; j < nk; ++j) {
            const int i = keep[j];
            path[g] = mv[i];
            if (dfs_t<CM>(ch[i], g + 1, togo - 1)) return true;
            if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return false;
        }
        return false;
    }
};

struct Prefix {
    FNode s;
    int moves[5];
    int len;
    unsigned score = 0;  // the node's table distances, max then sum (order_tasks)
};

// The node's table distances -- its three axes, with the 4-bit table the inverse's three, and
// the corners -- as max * 64 + sum: prefixes with a smaller bound, then with smaller distances
// along more of the tables, are closer to solved, so more likely to lead to a solution in the
// last iteration. (At 1 thread, the eight distance-16/17 positions of optimal.txt generate
// 586 M children with this key, 646 M with the sum alone, 1240 M in generation order and
// 1164 M with the largest sums first.)
unsigned score(const Ctx &X, const FNode &c) {
    unsigned sum = c.d[0] + c.d[1] + c.d[2], mx = std::max({c.d[0], c.d[1], c.d[2]});
    if (X.fst->exact_values())
        for (int a = 0; a < 3; ++a) {
            int f, sl, w;
            inverse_coords(c.loc[a], f, sl, w);
            const unsigned v = X.fst->value(X.fst->index(f, sl, w, c.par));
            sum += v, mx = std::max(mx, v);
        }
    if (X.corners) {
        const unsigned v = X.corners->lookup(corner_index(c.loc[0]));
        sum += v, mx = std::max(mx, v);
    }
    // (Not the edge table's: with it in the key the order changes, and at distance 17 the
    // eight positions generated 674 M children with edges=e7 against 586 M without it.)
    return mx * 64 + sum;
}

struct Task {
    Ctx *X;
    const Prefix *pre;
    int bound;
    uint64_t generated = 0;  // children generated in the prefix's subtree (order_tasks=prev|mix)
    uint64_t deep = 0;       // nodes expanded in it with togo <= Ctx::deep_togo (order_tasks=deep)
};

// A prefix's moves as one number (the key of its previous subtree size).
uint32_t prefix_key(const Prefix &p) {
    uint32_t k = uint32_t(p.len);
    for (int i = 0; i < p.len; ++i) k = k * (NMOVES + 1) + uint32_t(p.moves[i]) + 1;
    return k;
}

void run_task(Task *task) {
    Ctx *X = task->X;
    // Relaxed: these flags only make tasks end early; the solution itself is under mu.
    if (X->found.load(std::memory_order_relaxed) || X->stopped.load(std::memory_order_relaxed)) return;
    if (X->sv && X->sv->should_stop && X->sv->should_stop(X->sv->ctx)) {
        X->stopped = true;
        return;
    }
    Worker w{X, {}, 0, 0};
    const int g = task->pre->len;
    for (int i = 0; i < g; ++i) w.path[i] = task->pre->moves[i];
    bool hit = g == task->bound;  // a prefix as long as the bound passed with h = 0: a solution
    if (!hit && X->batch > 0) {
        static thread_local BatchBuffers buffers;
        buffers.size(X->batch);
        BatchLevel &root = buffers.level[size_t(g)];
        root.node.assign(1, task->pre->s);
        root.node[0].forbid = 0;  // the prefixes' moves are not masked (nextmove)
        root.parent.assign(1, -1);
        root.move.assign(1, int8_t(g > 0 ? task->pre->moves[g - 1] : -1));
        w.bb = &buffers;
        hit = w.batch(g, g, task->bound - g, 0, 1);
    } else if (!hit) {
        hit = w.dfs(task->pre->s, g, task->bound - g);
    }
    if (hit) {
        std::lock_guard<std::mutex> lock(X->mu);
        if (!X->found.load()) {
            X->solution.assign(w.path, w.path + task->bound);
            X->found = true;
        }
    }
    X->nodes += w.nodes;
    X->generated += w.generated;
    X->bondt_cuts += w.bondt_cuts;
    task->generated = w.generated;
    task->deep = w.deep;
}

void prefixes(const Ctx &X, const FNode &s, int depth, int bound, Prefix &root, std::vector<Prefix> &out) {
    split_prefixes(
        X.sym, s, 0, depth, root, out,
        [&](const FNode &n, int m, int g, FNode &c) { return int(eval_child(X, n, m, c)) <= bound - g - 1; },
        [&](const FNode &c) { return score(X, c); });
}

}  // namespace

std::vector<size_t> task_order(TaskOrder o, const std::vector<unsigned> &score, const std::vector<uint64_t> &prev) {
    std::vector<size_t> order(score.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto by = [&](auto less) { std::stable_sort(order.begin(), order.end(), less); };
    switch (o) {
    case TaskOrder::off: break;
    case TaskOrder::score: by([&](size_t a, size_t b) { return score[a] < score[b]; }); break;
    case TaskOrder::prev:
    case TaskOrder::deep:
        by([&](size_t a, size_t b) { return prev[a] != prev[b] ? prev[a] > prev[b] : score[a] < score[b]; });
        break;
    case TaskOrder::mix:
        by([&](size_t a, size_t b) {
            if (score[a] / 64 != score[b] / 64) return score[a] / 64 < score[b] / 64;
            return prev[a] != prev[b] ? prev[a] > prev[b] : score[a] < score[b];
        });
        break;
    }
    return order;
}

uint64_t corner_table_index(const uint8_t loc[8]) { return corner_index(loc); }

unsigned fst4_value(const FstTable &t, uint64_t i) {
    const unsigned v = t.value(i);
    return t.par == 2 ? std::min(v, t.value(i ^ 1)) : v;
}

unsigned fst_bound(const CubieCube &c, const FstTable &fst, unsigned out[3]) {
    unsigned h = 0;
    for (int a = 0; a < 3; ++a) {
        const CubieCube v = a == 0 ? c : urf_conjugate(c, a);
        const int p = corner_parity(v);  // the inverse's too
        const int d = fst.exact(get_flip(v), get_slice_sorted(v), get_twist(v), p);
        out[a] = d < 0 ? 0 : unsigned(d);
        if (out[a] > h) h = out[a];
        if (fst.exact_values()) {  // and the inverse (whole-cube arithmetic: a check on the search's)
            const CubieCube w = v.inverse();
            const int di = fst.exact(get_flip(w), get_slice_sorted(w), get_twist(w), p);
            if (di > int(h)) h = unsigned(di);
        }
    }
    return h;
}

OptimalResult solve_optimal_fst(const CubieCube &cube, const Pdb *corners, const FstTable &fst,
                                const solver_services *sv, const FstSearchOptions &opt) {
    init_loc_tables();
    OptimalResult res;
    Ctx X;
    X.co = fst.co;
    X.fst = &fst;
    X.corners = corners;
    X.sv = sv;
    for (int m = 0; m < NMOVES; ++m) X.axis_move[0][m] = m;
    // Axis a sees the cube as S^-a c S^a; a turn m becomes S^-a m S^a = conjugation_map(3 - a).
    conjugation_map(2, X.axis_move[1]);
    conjugation_map(1, X.axis_move[2]);
    X.lazy = opt.lazy_axes;
    if (opt.symred) X.sym = start_symmetry(cube);
    // A symmetric start: longer prefixes, so the orbit rule sees more moves (symred.h).
    if (X.sym.order() > 1) X.prefix_depth = symred_prefix_depth(X.sym);
    X.order_tasks = opt.order_tasks;
    X.edges = opt.edges;
    X.third = opt.third;
    X.third_lim = unsigned(std::min(opt.third_lim, int(ThirdTable::LOW + 1)));
    X.third_ahead = opt.third_ahead;
    X.third_gather = std::max(1, opt.third_gather);
    X.third_fast = opt.third_fast_coords;
    X.third_wave = std::max(0, opt.third_wave);
    X.split_pf = opt.split_prefetch;
    if (X.third) X.tco = &third_coords();
    if (const char *e = std::getenv("CUBE_PREFIX_DEPTH")) X.prefix_depth = std::max(1, std::min(5, std::atoi(e)));
    if (const char *e = std::getenv("CUBE_DEEP_TOGO")) X.deep_togo = std::atoi(e);
    X.batch = opt.class_moves && opt.lazy_axes ? opt.batch : 0;
    if (opt.class_moves) {
        X.cm = &cube::class_moves();
        const Symmetry &sy = symmetry();
        for (int a = 0; a < 3; ++a)
            for (int s = 0; s < N_UDSYM; ++s)
                for (int m = 0; m < NMOVES; ++m) X.sym_axis_move[a][s][m] = uint8_t(sy.move[s][X.axis_move[a][m]]);
    }
    FNode start;
    start.ub = 0;
    start.forbid = 0;
    // bondt and nextmove: the batched search with exact values only (the plugin refuses them
    // elsewhere; a direct caller gets the search without them).
    X.bondt = opt.bondt && X.batch > 0 && fst.exact_values();
    X.nextmove = opt.nextmove && X.batch > 0 && fst.exact_values();
    for (int a = 0; a < 3; ++a)
        for (int m = 0; m < NMOVES; ++m) {
            const int v = X.axis_move[a][m];
            if (v / 3 % 3 != 0) continue;  // faces U R F D L B (0..5): U and D are 0 and 3
            (v % 3 == 1 ? X.axis_half[a] : X.axis_quarter[a]) |= 1u << m;
        }
    X.win = fst.windowed() && opt.window_parent;
    X.lazy_inv = opt.lazy_inverse;
    X.inv_stage = opt.inverse_stage;
    X.side_round = opt.side_round;
    X.simd = opt.simd_coords && simd_coords_supported();
    if (X.simd) simd_move_tables();  // built here, not in a worker's first batch
    X.rows_first = opt.rows_first;
    X.lazy_corners = opt.lazy_corners;
    X.fa_exact = opt.first_axis_exact;
    // third_reuse needs the inverse stage's first pass (inverse_stage=ahead|once), which every
    // child reaching the third stage has been through (fstp2's values are exact).
    if (opt.third_reuse && X.third && fst.exact_values() && X.lazy_inv && X.inv_stage > 0 && X.batch > 0)
        X.third_sp = third_slice_part_of_inverse_slice();
    if (opt.inverse_classes && fst.exact_values()) {
        const SliceClasses &sc = slice_classes();
        if (sc.ok) X.isc = &sc;
    }
    X.pm = fst.par;
    for (int m = 0; m < NMOVES; ++m) X.qt[m] = uint8_t(fst.par == 2 && m % 3 != 1);
    start.par = uint8_t(fst.par == 2 ? corner_parity(cube) : 0);
    for (int a = 0; a < 3; ++a) {
        const CubieCube v = a == 0 ? cube : urf_conjugate(cube, a);
        start.fl[a] = uint16_t(get_flip(v));
        start.sl[a] = uint16_t(get_slice_sorted(v));
        start.tw[a] = uint16_t(get_twist(v));
        const int d = fst.exact(start.fl[a], start.sl[a], start.tw[a], start.par);
        if (d < 0) {
            res.status = SOLVER_ERR_INTERNAL;
            return res;
        }
        start.d[a] = uint8_t(d);
    }
    set_classes(*X.co, start);
    for (int a = 0; a < 3; ++a) {
        const Loc l = to_loc(a == 0 ? cube : urf_conjugate(cube, a));
        for (int i = 0; i < 20; ++i) start.loc[a][i] = l.l[i];
    }
    unsigned h0 = corners ? corners->lookup(corner_index(start.loc[0])) : corners_solved(start.loc[0]) ? 0 : 1;
    start.cd = uint8_t(corners ? h0 : 0);
    for (int a = 0; a < 3; ++a) h0 = std::max<unsigned>(h0, start.d[a]);
    if (fst.exact_values()) h0 = std::max(h0, inverse_bound(fst, start));
    if (X.edges) h0 = std::max(h0, edge_bound(*X.edges, start));
    if (h0 == 0) return res;
    struct Loop : BoundLoop {
        Ctx &X;
        const FNode &start;
        std::vector<Prefix> pre;
        std::vector<Task> tasks;
        std::vector<size_t> order;    // the tasks in the order they are taken (order_tasks)
        std::unordered_map<uint32_t, uint64_t> prev_size;  // prefix_key -> generated, previous bound
        std::atomic<size_t> next{0};  // the next one to take
        double cpu0 = process_cpu_seconds();  // (the search is all the process does meanwhile)
        Loop(Ctx &x, const FNode &s) : X(x), start(s) {}
        size_t make_tasks(int bound) override {
            // The subtree sizes of the bound just finished (all its tasks ran: no solution).
            prev_size.clear();
            for (size_t i = 0; i < tasks.size(); ++i)
                prev_size[prefix_key(pre[i])] = X.order_tasks == TaskOrder::deep ? tasks[i].deep : tasks[i].generated;
            pre.clear();
            Prefix root{start, {0, 0, 0, 0, 0}, 0};
            prefixes(X, start, bound < X.prefix_depth ? bound : X.prefix_depth, bound, root, pre);
            tasks.resize(pre.size());
            for (size_t i = 0; i < pre.size(); ++i) tasks[i] = Task{&X, &pre[i], bound};
            std::vector<unsigned> sc(pre.size());
            std::vector<uint64_t> prev(pre.size(), 0);
            for (size_t i = 0; i < pre.size(); ++i) {
                sc[i] = pre[i].score;
                auto it = prev_size.find(prefix_key(pre[i]));
                if (it != prev_size.end()) prev[i] = it->second;
            }
            order = task_order(X.order_tasks, sc, prev);
            next = 0;
            return tasks.size();
        }
        // Each pool task takes the next prefix in order, whatever order the pool runs them in
        // (its owner pops the last spawned first, thieves take the first).
        void run_task(size_t) override { cube::run_task(&tasks[order[next.fetch_add(1)]]); }
        bool found() const override { return X.found; }
        bool stopped() const override { return X.stopped; }
        void log_line(int bound, double secs, char *buf, size_t n) const override {
            count_log_line(buf, n, bound, X.nodes.load(), X.generated.load(), secs, cpu0);
        }
    } loop(X, start);
    res.status = run_bounds(loop, int(h0), sv);
#ifdef CUBE_BATCH_STATS
    {
        uint64_t *q = bstat;  // this thread's (cube-ab runs the search on one thread)
        std::fprintf(stderr,
                     "bstat nodes %llu children %llu skipall %llu first %llu pass %llu other %llu fwdpass %llu corner %llu "
                     "cpass %llu rows %llu inv %llu %llu %llu invcls %llu %llu %llu invpass %llu ties %llu tiesub %llu\n",
                     (unsigned long long)q[0], (unsigned long long)q[1], (unsigned long long)q[2], (unsigned long long)q[3],
                     (unsigned long long)q[4], (unsigned long long)q[5], (unsigned long long)q[6], (unsigned long long)q[7],
                     (unsigned long long)q[8], (unsigned long long)q[9], (unsigned long long)q[10], (unsigned long long)q[11],
                     (unsigned long long)q[12], (unsigned long long)q[13], (unsigned long long)q[14], (unsigned long long)q[15],
                     (unsigned long long)q[16], (unsigned long long)q[17], (unsigned long long)q[18]);
        std::fprintf(stderr, "bstat inverse side lookups %llu; forward code 3 %llu side lookups %llu\n", (unsigned long long)q[BS_SIDE], (unsigned long long)q[40], (unsigned long long)q[41]);
        std::fprintf(stderr, "bstat third: in %llu reads %llu pass %llu\n", (unsigned long long)q[BS_TIN],
                     (unsigned long long)q[BS_TREAD], (unsigned long long)q[BS_TPASS]);
        std::fprintf(stderr, "bstat first by (lim-d 0|1+, ub): ");
        for (int c = 0; c < 4; ++c) std::fprintf(stderr, "%llu/%llu ", (unsigned long long)q[BS_FCAT_PASS + c], (unsigned long long)q[BS_FCAT + c]);
        std::fprintf(stderr, " other: ");
        for (int c = 0; c < 4; ++c) std::fprintf(stderr, "%llu/%llu ", (unsigned long long)q[BS_OCAT_PASS + c], (unsigned long long)q[BS_OCAT + c]);
        std::fprintf(stderr, "\n");
        std::fill(bstat, bstat + BS_N, 0);
        for (int a = 0; a < 4; ++a) {
            std::fprintf(stderr, "tmask %d:", a);
            for (int m = 0; m < 64; ++m) std::fprintf(stderr, " %llu", (unsigned long long)tmask_hist[a][m]), tmask_hist[a][m] = 0;
            std::fprintf(stderr, "\n");
        }
        static const char *const sname[SH_N] = {"nodes", "first", "other", "corner", "inv0", "inv1", "inv2",
                                                "third0", "third1", "third2", "third3", "third4", "third5"};
        for (int i = 0; i < SH_N; ++i) {
            const Shape &h = bshape[i];
            if (!h.rounds) continue;
            std::fprintf(stderr, "bshape %-6s rounds %10llu items %11llu mean %6.1f weighted %6.1f |", sname[i],
                         (unsigned long long)h.rounds, (unsigned long long)h.items, double(h.items) / double(h.rounds),
                         double(h.sq) / double(h.items));
            for (int c = 0; c < 10; ++c) std::fprintf(stderr, " %4.1f", 100.0 * double(h.by[c]) / double(h.items));
            std::fprintf(stderr, "\n");
        }
        std::fill(bshape, bshape + SH_N, Shape{});
    }
#endif
#ifdef CUBE_PHASE_CYCLES
    {
        static const char *const nm[PH_N] = {"leaf", "rows", "s1", "s2", "s3", "cpf", "crd", "inv", "third", "tail", "inv-coords", "inv-index", "rules"};
        uint64_t all = 0;
        for (int i = 0; i < PH_N; ++i) all += ph_cyc[i];
        std::fprintf(stderr, "phases (Gcycles %.2f):", double(all) * 1e-9);
        for (int i = 0; i < PH_N; ++i) std::fprintf(stderr, " %s %.1f%%", nm[i], 100.0 * double(ph_cyc[i]) / double(all ? all : 1));
        std::fprintf(stderr, "\n");
        std::fill(ph_cyc, ph_cyc + PH_N, 0);
    }
#endif
    if (X.found) res.moves = X.solution, res.status = SOLVER_OK;
    res.nodes = X.nodes;
    res.generated = X.generated;
    res.bondt_cuts = X.bondt_cuts;
    return res;
}

}  // namespace cube
