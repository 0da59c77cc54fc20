// cube-estimate: what another table would add to the default bound, before building it. For N
// uniformly random cubes it prints the default bound H -- the cached flip-slice-twist table
// along three axes for the cube and its inverse (tables=fstp2 by default, or fst4), maxed with
// the corner table -- and, per candidate abstraction, its exact distance X along the same six
// views (the three axes, cube and inverse), found by IDA* inside the abstraction (bounded by the
// exact distances of smaller abstractions of it), so the candidate's table is never built:
//   A  corner permutation x edge flip x the E-slice edge positions (40320 x 2048 x 495;
//      2.55 G entries once reduced by the 16 U-D symmetries)
//   C  corner permutation x corner twist x the E-slice edge positions (40320 x 2187 x 495;
//      2.73 G entries reduced: 682 MB at 2 bits)
//   Q  C refined by the parity of the order of the four E-slice edges (read by position); the
//      16 U-D symmetries keep it, as they keep every permutation's parity (5.46 G entries
//      reduced: 1.36 GB at 2 bits)
//   T  C refined by how the four E-slice edges pair up by position: which of the three other
//      edges (by position) is opposite (FR-BL, FL-BR) the first; the U-D symmetries keep those
//      pairs (8.19 G entries reduced: 2.05 GB at 2 bits)
//   F  C refined by the parity of the flips of the four E-slice edges (the 16 U-D symmetries
//      keep it: their flip corrections cancel in pairs over the slice positions); Q's size
//   P  flip-slice-twist x the corner permutation's parity (tables=fstp; only with H=fst4, whose
//      exact values bound its IDA*)
//   N  nxopt's "EO3, EP1" coset table (T. Rokicki's nxopt; vcube's "112"): which four corners are
//      in the U layer x corner twist x edge flip x E-slice positions (10.07 G entries reduced by
//      the 16 U-D symmetries, 2.52 GB at 2 bits), with de Bondt's rule (three forward or three
//      inverse views all x give x + 1), which its subgroup (it holds the U and D turns) allows;
//      maxed with H. n: N with the corner table alone (replacing fstp2 and the third table); m: n
//      maxed with the third table (3.4 GiB in all); o: n without de Bondt's rule
//   B  no new table: de Bondt's rule on the fst4 values inside the fstp2 table (each view's
//      minimum over both parities, the twin entry in the same byte), maxed with H
//   search mode only: R = B with the next-move rule on today's tables (an inverse view's fst4
//      value equal to the moves left forbids the next move on its axis, its fstp2 value the two
//      half turns), S = R and N with N's next-move rule too
// Prints the distributions of H, X and max(H, X) per candidate, and from them the expected
// nodes of a search to distance D (17) by the formula of Korf, Reid and Edelkamp: N(D) = sum
// over depths i of n_i P(h <= D - i), n_i the nodes at depth i of the search's move tree (no
// face twice in a row, opposite faces in one order) and P the bound's distribution over random
// cubes, and the ratio N(max(H, X)) / N(H). The deep terms need P(h <= 8) and below, which N
// uniform cubes sample poorly: with M > 0 the tool also draws M random cubes for H alone (six
// lookups each) and keeps up to K of each H value of 10 or less (stratified), computing X on
// those too; the formula then uses H's distribution over the M cubes and, per H value, the share
// of cubes X raises (to each value) over both samples' cubes of that H.
//   g++ -std=c++17 -O2 -pthread -Iinclude tools/cube-estimate.cc build/obj/plugins/cube/{cube,symmetry,symred,twophase,fst,fst_search,optimal,pdb,cache_file,third,class_table,phase1,phase2}.o -o build/bench/cube-estimate
// Measured on a search instead of random cubes ("search" mode): one whole IDA* iteration at bound
// B from POSITION with today's bound H (whole-cube arithmetic: slow but the same values), every
// node that passes (g + H <= B) counted, one in ONE_IN of them kept with its path; then for
// each candidate, the share of the kept nodes it would have cut (the node itself or one of its
// ancestors at depth j has the candidate's six-view distance above B - j): 1 minus that share is
// the candidate's node ratio on that iteration.
//   build/bench/cube-estimate search POSITION B ONE_IN [CANDIDATES [SEED [TABLE]]]
//   build/bench/cube-estimate checkt N SEED   (the cached third=t table against T's IDA*; check_third)
//   build/bench/cube-estimate checknx N SEED  (the cached N table, cube-nx.pdb from tools/cube-nx, against
//                                             N's IDA* on the six views of N random cubes; check_nx)
//   build/bench/cube-estimate checkn N SEED [CANDIDATES]   (no bound of a k-move scramble above k)
//   build/bench/cube-estimate checkaxes SEED   (a move on view a's axis keeps inverse view a's value)
//   search mode also prints, per candidate, the kept nodes' children that its next-move rule
//   forbids (R, S): those children fail their own inverse lookup anyway (the move leaves that
//   view's coset unchanged), so the rule saves lookups, not nodes
//   build/bench/cube-estimate N SEED [CANDIDATES [TABLE [M K [D]]]]
//     CANDIDATES: letters of A C Q T F P N n m o B (default AC); TABLE: fstp2 (default), fstp2t
//     (fstp2 maxed with the cached third table: today's default bound) or fst4, read from
//     $SOLVER_CACHE_DIR (default ~/.cache/solver), or fst: fst4's bound from the fstp2 table (an
//     fst state's distance is the smaller of its two parity lifts' distances), P then read from
//     fstp2 directly (a check of the estimate against the measured step from fst4 to fstp);
//     M, K: the stratified sample (default 0, none).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "../plugins/cube/cube.h"
#include "../plugins/cube/fst.h"
#include "../plugins/cube/nx.h"
#include "../plugins/cube/optimal.h"
#include "../plugins/cube/pdb.h"
#include "../plugins/cube/symmetry.h"
#include "../plugins/cube/third.h"
#include "../plugins/cube/twophase.h"

using namespace cube;

namespace {
constexpr int NCP = 40320, NFL = 2048, NSL = 495, NTW = 2187, MAXD = 32;
std::vector<uint16_t> cp_mv, fl_mv, sl_mv, tw_mv;
std::vector<uint8_t> d_cpsl, d_flsl, d_twsl, d_corn;  // exact distances of the sub-abstractions
int cp0, fl0, sl0;
uint64_t nodes = 0;

template <class Next>
std::vector<uint8_t> bfs(size_t n, size_t start, Next next) {
    std::vector<uint8_t> d(n, 255);
    std::vector<uint32_t> cur{uint32_t(start)}, nxt;
    d[start] = 0;
    for (int depth = 0; !cur.empty(); ++depth) {
        nxt.clear();
        for (uint32_t x : cur)
            for (int m = 0; m < NMOVES; ++m) {
                const uint32_t y = next(x, m);
                if (d[y] == 255) d[y] = uint8_t(depth + 1), nxt.push_back(y);
            }
        cur.swap(nxt);
    }
    return d;
}

bool skip(int m, int prev) { return prev >= 0 && (m / 3 == prev / 3 || m / 3 + 3 == prev / 3); }

// Candidate A: corner permutation x flip x slice positions.
bool dfs_a(int cp, int fl, int sl, int g, int bound, int prev) {
    ++nodes;
    const int h = std::max(d_cpsl[size_t(cp) * NSL + sl], d_flsl[size_t(fl) * NSL + sl]);
    if (g + h > bound) return false;
    if (h == 0) return true;  // both sub-distances 0: cp, flip and slice solved
    for (int m = 0; m < NMOVES; ++m)
        if (!skip(m, prev) && dfs_a(cp_mv[size_t(cp) * NMOVES + m], fl_mv[size_t(fl) * NMOVES + m],
                                    sl_mv[size_t(sl) * NMOVES + m], g + 1, bound, m))
            return true;
    return false;
}
int distance_a(const CubieCube &c) {
    const int cp = get_corner_perm(c), fl = get_flip(c), sl = get_slice(c);
    for (int b = std::max(d_cpsl[size_t(cp) * NSL + sl], d_flsl[size_t(fl) * NSL + sl]);; ++b)
        if (dfs_a(cp, fl, sl, 0, b, -1)) return b;
}

// Candidate C: corner permutation x twist x slice positions.
int h_c(int cp, int tw, int sl) {
    return std::max({d_corn[size_t(cp) * NTW + tw], d_cpsl[size_t(cp) * NSL + sl], d_twsl[size_t(tw) * NSL + sl]});
}
bool dfs_c(int cp, int tw, int sl, int g, int bound, int prev) {
    ++nodes;
    const int h = h_c(cp, tw, sl);
    if (g + h > bound) return false;
    if (h == 0) return true;  // corners and slice solved
    for (int m = 0; m < NMOVES; ++m)
        if (!skip(m, prev) && dfs_c(cp_mv[size_t(cp) * NMOVES + m], tw_mv[size_t(tw) * NMOVES + m],
                                    sl_mv[size_t(sl) * NMOVES + m], g + 1, bound, m))
            return true;
    return false;
}
int distance_c(const CubieCube &c) {
    const int cp = get_corner_perm(c), tw = get_twist(c), sl = get_slice(c);
    for (int b = h_c(cp, tw, sl);; ++b)
        if (dfs_c(cp, tw, sl, 0, b, -1)) return b;
}

// IDA* inside C x one extra slice coordinate x (Q, T, F below): next(sl, m, x) is x after move
// m from slice positions sl; the goal is h_c == 0 with x == goal.
template <class Next>
bool dfs_x(int cp, int tw, int sl, int x, int goal, int g, int bound, int prev, Next next) {
    ++nodes;
    const int h = h_c(cp, tw, sl);
    if (g + h > bound) return false;
    if (h == 0 && x == goal) return true;
    for (int m = 0; m < NMOVES; ++m)
        if (!skip(m, prev) && dfs_x(cp_mv[size_t(cp) * NMOVES + m], tw_mv[size_t(tw) * NMOVES + m],
                                    sl_mv[size_t(sl) * NMOVES + m], next(sl, m, x), goal, g + 1, bound, m, next))
            return true;
    return false;
}
template <class Next>
int distance_x(const CubieCube &c, int x, int goal, Next next) {
    const int cp = get_corner_perm(c), tw = get_twist(c), sl = get_slice(c);
    for (int b = h_c(cp, tw, sl);; ++b)
        if (dfs_x(cp, tw, sl, x, goal, 0, b, -1, next)) return b;
}

// Candidate Q: C x the parity of the slice edges' order. q_mv[sl * 18 + m]: whether move m
// changes that parity from slice positions sl.
std::vector<uint8_t> q_mv;
int slice_order_parity(const CubieCube &c) {
    int seq[4], k = 0, p = 0;
    for (int i = 0; i < 12; ++i)
        if (c.ep[i] >= FR) seq[k++] = c.ep[i];
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) p ^= seq[i] > seq[j];
    return p;
}
const auto next_q = [](int sl, int m, int x) { return x ^ q_mv[size_t(sl) * NMOVES + m]; };

// Candidate T: C x the pairing. t_mv[(sl * 18 + m) * 3 + t]: the pairing after move m.
std::vector<uint8_t> t_mv;
int t0 = 0;
int slice_pairing(const CubieCube &c) {
    int seq[4], k = 0;
    for (int i = 0; i < 12; ++i)
        if (c.ep[i] >= FR) seq[k++] = c.ep[i];
    const int opp = FR + (seq[0] - FR + 2) % 4;
    for (int r = 1; r < 4; ++r)
        if (seq[r] == opp) return r - 1;
    return -1;
}
const auto next_t = [](int sl, int m, int x) { return int(t_mv[(size_t(sl) * NMOVES + m) * 3 + x]); };

// Candidate F: C x the parity of the slice edges' flips. f_mv[sl * 18 + m]: whether move m
// changes it from slice positions sl.
std::vector<uint8_t> f_mv;
int slice_flip_parity(const CubieCube &c) {
    int p = 0;
    for (int i = 0; i < 12; ++i)
        if (c.ep[i] >= FR) p ^= c.eo[i];
    return p;
}
const auto next_f = [](int sl, int m, int x) { return x ^ f_mv[size_t(sl) * NMOVES + m]; };

// Candidate P: the flip-slice-twist table refined by the corner permutation's parity, by IDA*
// with the exact fst distance (a 4-bit table) as the bound.
const FstTable *F = nullptr;
bool dfs_p(int fl, int sl, int tw, int par, int g, int bound, int prev) {
    ++nodes;
    const int h = int(F->get4(F->index(fl, sl, tw)));
    if (g + h > bound) return false;
    if (h == 0 && par == 0) return true;
    const Coords &co = *F->co;
    for (int m = 0; m < NMOVES; ++m)
        if (!skip(m, prev) && dfs_p(co.flip_move[size_t(fl) * NMOVES + m], co.slice_move[size_t(sl) * NMOVES + m],
                                    co.twist_move[size_t(tw) * NMOVES + m], par ^ (m % 3 != 1), g + 1, bound, m))
            return true;
    return false;
}
bool fst_from_fstp = false;  // TABLE fst: F is the fstp2 table, fst's distances are its minima over the parity
int distance_p(const CubieCube &c) {
    const int fl = get_flip(c), sl = get_slice_sorted(c), tw = get_twist(c), par = corner_parity(c);
    if (fst_from_fstp) return F->exact(fl, sl, tw, par);
    for (int b = int(F->get4(F->index(fl, sl, tw)));; ++b)
        if (dfs_p(fl, sl, tw, par, 0, b, -1)) return b;
}

// Candidate N: nxopt's coset table "EO3, EP1" (T. Rokicki, cube20src/nxopt.md; vcube's "112"),
// estimated here, not built: which four corners sit in the U layer (70) x corner twist x edge
// flip x E-slice positions. Every U and D turn keeps it (its subgroup holds them), which gives two
// rules no table of ours allows (fstp2's subgroup holds only U2 and D2: a quarter turn changes the
// corner parity; the third table's and the corner table's no move): (1) a view's value x says no
// solution of length exactly x ends with a U or D turn, so three forward views all equal to x (or
// three inverse ones) give x + 1 (M. de Bondt's rule, as in Cube Explorer); (2) an inverse view
// equal to the moves left forbids the next move on that view's axis (the search's branching;
// search mode only). 16 U-D symmetries: 9930 corner classes (nxopt.md) x 2048 x 495 = 10.07 G
// entries, 2.52 GB at 2 bits (nxopt: 2.60 GB with its min-of-62 nibbles).
// Its exact distance by IDA* inside the abstraction, bounded by three exact sub-tables
// (which-corners x flip x slice, which-corners x twist x slice, flip x twist).
constexpr int NCS = 70;
std::vector<uint8_t> cs_mv, d_csfs, d_cstws, d_fltw;
int cs_of_mask[256];
int get_csep(const CubieCube &c) {
    int mask = 0;
    for (int i = 0; i < 8; ++i)
        if (c.cp[i] <= UBR) mask |= 1 << i;
    return cs_of_mask[mask];
}
int h_n(int cs, int tw, int fl, int sl) {
    return std::max({d_csfs[(size_t(cs) * NFL + fl) * NSL + sl], d_cstws[(size_t(cs) * NTW + tw) * NSL + sl],
                     d_fltw[size_t(fl) * NTW + tw]});
}
bool dfs_n(int cs, int tw, int fl, int sl, int g, int bound, int prev) {
    ++nodes;
    const int h = h_n(cs, tw, fl, sl);
    if (g + h > bound) return false;
    if (h == 0) return true;  // which corners, twist, flip and slice all home
    for (int m = 0; m < NMOVES; ++m)
        if (!skip(m, prev) && dfs_n(cs_mv[size_t(cs) * NMOVES + m], tw_mv[size_t(tw) * NMOVES + m],
                                    fl_mv[size_t(fl) * NMOVES + m], sl_mv[size_t(sl) * NMOVES + m], g + 1, bound, m))
            return true;
    return false;
}
int distance_n(const CubieCube &c) {
    const int cs = get_csep(c), tw = get_twist(c), fl = get_flip(c), sl = get_slice(c);
    for (int b = h_n(cs, tw, fl, sl);; ++b)
        if (dfs_n(cs, tw, fl, sl, 0, b, -1)) return b;
}
// De Bondt's rule over three views' values of a table whose subgroup holds the U and D turns.
int plus_rule(const int *v) {
    const int mx = std::max({v[0], v[1], v[2]});
    return v[0] == v[1] && v[1] == v[2] && mx >= 1 ? mx + 1 : mx;
}
int n_plus(const int nv[6]) { return std::max(plus_rule(nv), plus_rule(nv + 3)); }
// The flip-slice-twist distance (fst4's, both parities' minimum) of each view: its subgroup holds
// the U and D turns, so de Bondt's rule holds for it (candidate B: no new table).
const FstTable *F2 = nullptr;  // the fstp2 table
void fst_views(const CubieCube &c, int u[6], int v[6]) {
    for (int k = 0; k < 6; ++k) {
        const CubieCube w = cube_view(c, k);
        const int fl = get_flip(w), ss = get_slice_sorted(w), tw = get_twist(w), p = corner_parity(w);
        const int a = F2->exact(fl, ss, tw, p), b = F2->exact(fl, ss, tw, p ^ 1);
        v[k] = a, u[k] = std::min(a, b);
    }
}
int corner_dist(const CubieCube &c) { return int(d_corn[size_t(get_corner_perm(c)) * NTW + get_twist(c)]); }
const ThirdTable *TT = nullptr;  // the cached third table, when loaded
int third_bound(const CubieCube &c) {
    int h = 0;
    for (int k = 0; TT && k < 6; ++k) h = std::max(h, int(TT->bound(TT->co->index(cube_view(c, k)))));
    return h;
}
// Per cube, the candidate's six view values (cached: n, m, o, N and S share them).
std::map<std::string, std::array<int, 6>> ncache;
const int *n_views(const CubieCube &c) {
    const std::string key(reinterpret_cast<const char *>(&c), sizeof c);
    auto it = ncache.find(key);
    if (it == ncache.end()) {
        std::array<int, 6> nv{};
        for (int k = 0; k < 6; ++k) nv[size_t(k)] = distance_n(cube_view(c, k));
        if (ncache.size() > 2000000) ncache.clear();
        it = ncache.emplace(key, nv).first;
    }
    return it->second.data();
}
// The moves on the axis that view k turns into U-D: axis_moves[k % 3].
uint32_t axis_moves[3];
// Whether a candidate's bound stands alone (replaces H) rather than being maxed with it.
bool alone(char cand) { return cand == 'n' || cand == 'm' || cand == 'o'; }

// The max of a candidate's distance over the six views of c.
int six_views(const CubieCube &c, char cand) {
    if (cand == 'N' || cand == 'n' || cand == 'm' || cand == 'o') {  // N with de Bondt's rule (o: without)
        const int *nv = n_views(c);
        int x = cand == 'o' ? *std::max_element(nv, nv + 6) : n_plus(nv);
        if (alone(cand)) x = std::max(x, corner_dist(c));  // n, o: with the corner table; m: and the third table
        if (cand == 'm') x = std::max(x, third_bound(c));
        return x;
    }
    if (cand == 'B') {  // de Bondt's rule on the fst4 values inside today's tables
        int u[6], v[6];
        fst_views(c, u, v);
        return std::max(plus_rule(u), plus_rule(u + 3));
    }
    int x = 0;
    for (int inv = 0; inv < 2; ++inv)
        for (int ax = 0; ax < 3; ++ax) {
            const CubieCube w = cube_view(c, 3 * inv + ax);
            x = std::max(x, cand == 'A'   ? distance_a(w)
                            : cand == 'C' ? distance_c(w)
                            : cand == 'Q' ? distance_x(w, slice_order_parity(w), 0, next_q)
                            : cand == 'T' ? distance_x(w, slice_pairing(w), t0, next_t)
                            : cand == 'F' ? distance_x(w, slice_flip_parity(w), 0, next_f)
                                          : distance_p(w));
        }
    return x;
}

// Whether a candidate's distance of c, along all six views, is at most b (one bounded iteration
// of its IDA* per view).
bool within(const CubieCube &c, char cand, int b) {
    for (int inv = 0; inv < 2; ++inv)
        for (int ax = 0; ax < 3; ++ax) {
            const CubieCube w = cube_view(c, 3 * inv + ax);
            const int cp = get_corner_perm(w), tw = get_twist(w), sl = get_slice(w);
            bool ok = false;
            if (cand == 'C') ok = dfs_c(cp, tw, sl, 0, b, -1);
            else if (cand == 'Q') ok = dfs_x(cp, tw, sl, slice_order_parity(w), 0, 0, b, -1, next_q);
            else if (cand == 'T') ok = dfs_x(cp, tw, sl, slice_pairing(w), t0, 0, b, -1, next_t);
            else if (cand == 'F') ok = dfs_x(cp, tw, sl, slice_flip_parity(w), 0, 0, b, -1, next_f);
            else if (cand == 'A') ok = dfs_a(cp, get_flip(w), sl, 0, b, -1);
            if (!ok) return false;
        }
    return true;
}

// Search mode's test of one node with togo moves left: whether the candidate's bound passes it,
// and the next moves it forbids (R: B with the two rules' next-move part on today's table, an
// inverse view's fst4 value equal to togo forbidding that axis's six turns and its fstp2 value
// equal to togo that axis's two half turns, fstp2's subgroup holding U2 and D2; S: R with N, N's
// inverse views forbidding their axis's turns too).
struct Eval {
    bool ok;
    uint32_t forbid;
};
Eval eval_node(const CubieCube &c, char cand, int togo) {
    if (std::string("BRNS").find(cand) == std::string::npos) return {within(c, cand, togo), 0};
    int x = 0;
    uint32_t forbid = 0;
    if (cand != 'N') {
        int u[6], v[6];
        fst_views(c, u, v);
        x = std::max(plus_rule(u), plus_rule(u + 3));
        if (cand != 'B')
            for (int a = 0; a < 3; ++a) {
                if (u[3 + a] == togo) forbid |= axis_moves[a];
                else if (v[3 + a] == togo) forbid |= axis_moves[a] & 0x12492u;  // the half turns (m % 3 == 1)
            }
    }
    if (cand == 'N' || cand == 'S') {
        const int *nv = n_views(c);
        x = std::max(x, n_plus(nv));
        if (cand == 'S')
            for (int a = 0; a < 3; ++a)
                if (nv[3 + a] == togo) forbid |= axis_moves[a];
    }
    return {x <= togo, forbid};
}

// Nodes at depth i of the search's move tree (no face twice in a row; of two opposite faces in
// a row only one order), i = 0..D.
std::vector<double> tree_counts(int D) {
    std::vector<double> n(size_t(D) + 1, 0);
    double last[7] = {0, 0, 0, 0, 0, 0, 1};  // by the last face; 6: none yet
    for (int i = 0; i <= D; ++i) {
        double s = 0, next[7] = {};
        for (int f = 0; f < 7; ++f) s += last[f];
        n[size_t(i)] = s;
        for (int f = 0; f < 7; ++f)
            for (int g = 0; g < 6; ++g) {
                if (f < 6 && (g == f || g + 3 == f)) continue;
                next[g] += 3 * last[f];
            }
        std::copy(next, next + 7, last);
    }
    return n;
}
// N(D) = sum_i n_i P(h <= D - i) for a distribution of h (counts per value).
double kre(const std::vector<double> &n, const double *dist, int D) {
    double total = 0, cdf[MAXD] = {};
    for (int d = 0; d < MAXD; ++d) total += dist[d];
    for (int d = 0; d < MAXD; ++d) cdf[d] = (d ? cdf[d - 1] : 0) + dist[d] / total;
    double s = 0;
    for (int i = 0; i <= D; ++i) s += n[size_t(i)] * cdf[D - i];
    return s;
}
void show(const char *what, const double *hist) {
    std::printf("%s:", what);
    double n = 0, sum = 0;
    for (int d = 0; d < MAXD; ++d) n += hist[d], sum += d * hist[d];
    for (int d = 0; d < MAXD; ++d)
        if (hist[d] > 0) std::printf(" %d:%g", d, hist[d]);
    std::printf("  (mean %.3f)\n", n > 0 ? sum / n : 0.0);
}
}  // namespace

int search_mode(int argc, char **argv, const std::function<int(const CubieCube &)> &bound_h);

// checkt N SEED: the cached third=t table (cube-third-t.pdb, plugins/cube/third.h) against
// candidate T's exact distance found here by IDA* inside the abstraction, on the six views of N
// random cubes: each entry's bit must say the same (0: 10 or less, 1: 11 or more).
int check_third(int n, uint64_t rng, const std::string &dir) {
    ThirdTable t;
    std::string why;
    if (!load_third(dir + "/" + third_file(), t, why, false, PAGES_MAPPED, false)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    int bad = 0, by_d[MAXD] = {};
    for (int i = 0; i < n; ++i) {
        const CubieCube c = random_cube(rng);
        for (int v = 0; v < 6; ++v) {
            const CubieCube w = cube_view(c, v);
            const int d = distance_x(w, slice_pairing(w), t0, next_t);
            const unsigned want = d <= 10 ? 0 : 1, got = t.code(t.co->index(w));
            by_d[d]++;
            if (got != want) ++bad, std::printf("cube %d view %d: T distance %d, code %u\n", i, v, d, got);
        }
    }
    std::printf("checkt: %d views, %d mismatches; T distances:", 6 * n, bad);
    for (int d = 0; d < MAXD; ++d)
        if (by_d[d]) std::printf(" %d:%d", d, by_d[d]);
    std::printf("\n");
    return bad ? 1 : 0;
}

// checknx N SEED: the cached N table (cube-nx.pdb, plugins/cube/nx.h, built by tools/cube-nx)
// against candidate N's exact distance found here by IDA* inside the abstraction (distance_n), on
// the six views of N random cubes: each entry's code must be the distance's (0: base or less, 1:
// base + 1, 2: base + 2, 3: base + 3 or more), and where it is 0 the line's minimum at most the
// distance. Prints the distances' histogram and how often the table's bound is the distance.
int check_nx(int n, uint64_t rng, const std::string &dir) {
    NxTable t;
    std::string why;
    if (!load_nx(dir + "/" + nx_file(), t, why, false, PAGES_MAPPED)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    if (t.nflip != N_FLIP) return std::fprintf(stderr, "cube-nx.pdb is not the full table\n"), 1;
    const NxCoords &co = nx_coords();
    int bad = 0, exact = 0, by_d[MAXD] = {}, by_b[MAXD] = {};
    for (int i = 0; i < n; ++i) {
        const CubieCube c = random_cube(rng);
        for (int v = 0; v < 6; ++v) {
            const CubieCube w = cube_view(c, v);
            const int d = distance_n(w);
            const uint64_t idx = co.index(w);
            const unsigned code = t.code(idx), b = t.bound(idx);
            const unsigned want = d <= int(t.base) ? 0 : std::min(unsigned(d) - t.base, 3u);
            by_d[d]++, by_b[b]++;
            if (b == unsigned(d)) ++exact;
            if (code != want || b > unsigned(d))
                ++bad, std::printf("cube %d view %d: N distance %d, code %u, bound %u\n", i, v, d, code, b);
        }
        if ((i + 1) % 100 == 0) std::fprintf(stderr, "checknx: %d cubes, %d mismatches\n", i + 1, bad);
    }
    std::printf("checknx: %d views, %d mismatches, bound = distance on %d; N distances:", 6 * n, bad, exact);
    for (int d = 0; d < MAXD; ++d)
        if (by_d[d]) std::printf(" %d:%d", d, by_d[d]);
    std::printf("; table bounds:");
    for (int d = 0; d < MAXD; ++d)
        if (by_b[d]) std::printf(" %d:%d", d, by_b[d]);
    std::printf("\n");
    return bad ? 1 : 0;
}

int main(int argc, char **argv) {
    const bool search = argc > 1 && std::string(argv[1]) == "search";
    if (search && argc < 5) return std::fprintf(stderr, "search POSITION B ONE_IN [CANDIDATES [SEED]]\n"), 2;
    const int n = argc > 1 && !search ? std::atoi(argv[1]) : 100;
    uint64_t rng = argc > 2 && !search ? std::strtoull(argv[2], nullptr, 10) : 20261125;
    const std::string cands = search ? "" : argc > 3 ? argv[3] : "AC";
    const bool checkn = argc > 1 && std::string(argv[1]) == "checkn";
    const std::string table = argc > 4 && !search && !checkn ? argv[4] : search && argc > 7 ? argv[7] : "fstp2";
    const long strat_m = argc > 5 ? std::atol(argv[5]) : 0;
    const int strat_k = argc > 6 ? std::atoi(argv[6]) : 0;
    const int D = argc > 7 ? std::atoi(argv[7]) : 17;
    const std::string dir = cache_folder(nullptr);
    if (table != "fstp2" && table != "fstp2t" && table != "fst4" && table != "fst")
        return std::fprintf(stderr, "table: fstp2, fstp2t, fst4 or fst\n"), 2;
    if (cands.find('P') != std::string::npos && table.compare(0, 5, "fstp2") == 0)
        return std::fprintf(stderr, "candidate P needs the fst4 table (or fst)\n"), 2;
    fst_from_fstp = table == "fst";
    init_loc_tables();
    cp_mv.resize(size_t(NCP) * NMOVES), fl_mv.resize(size_t(NFL) * NMOVES), sl_mv.resize(size_t(NSL) * NMOVES);
    tw_mv.resize(size_t(NTW) * NMOVES);
    for (int i = 0; i < NCP; ++i) {
        CubieCube c = CubieCube::solved();
        set_corner_perm(c, i);
        for (int m = 0; m < NMOVES; ++m) cp_mv[size_t(i) * NMOVES + m] = uint16_t(get_corner_perm(apply_move(c, m)));
    }
    for (int i = 0; i < NFL; ++i) {
        CubieCube c = CubieCube::solved();
        set_flip(c, i);
        for (int m = 0; m < NMOVES; ++m) fl_mv[size_t(i) * NMOVES + m] = uint16_t(get_flip(apply_move(c, m)));
    }
    for (int i = 0; i < NSL; ++i) {
        CubieCube c = CubieCube::solved();
        set_slice(c, i);
        for (int m = 0; m < NMOVES; ++m) sl_mv[size_t(i) * NMOVES + m] = uint16_t(get_slice(apply_move(c, m)));
    }
    q_mv.resize(size_t(NSL) * NMOVES);
    for (int i = 0; i < NSL; ++i) {
        CubieCube c = CubieCube::solved();
        set_slice(c, i);
        for (int m = 0; m < NMOVES; ++m)
            q_mv[size_t(i) * NMOVES + m] = uint8_t(slice_order_parity(c) ^ slice_order_parity(apply_move(c, m)));
    }
    t_mv.resize(size_t(NSL) * NMOVES * 3);
    for (int i = 0; i < NSL; ++i)
        for (int t = 0; t < 3; ++t) {
            CubieCube c = CubieCube::solved();
            set_slice(c, i);
            int pos[4], k = 0;
            for (int e = 0; e < 12; ++e)
                if (c.ep[e] >= FR) pos[k++] = e;
            // FR first, BL (its opposite) at rank t + 1, FL and BR in the other two.
            const int others[2] = {FL, BR};
            for (int r = 1, o = 0; r < 4; ++r) c.ep[pos[r]] = uint8_t(r == t + 1 ? BL : others[o++]);
            c.ep[pos[0]] = FR;
            if (slice_pairing(c) != t) return std::fprintf(stderr, "slice pairing broken\n"), 1;
            for (int m = 0; m < NMOVES; ++m) t_mv[(size_t(i) * NMOVES + m) * 3 + t] = uint8_t(slice_pairing(apply_move(c, m)));
        }
    t0 = slice_pairing(CubieCube::solved());
    f_mv.resize(size_t(NSL) * NMOVES);
    for (int i = 0; i < NSL; ++i) {
        CubieCube c = CubieCube::solved();
        set_slice(c, i);
        for (int m = 0; m < NMOVES; ++m)
            f_mv[size_t(i) * NMOVES + m] = uint8_t(slice_flip_parity(c) ^ slice_flip_parity(apply_move(c, m)));
        for (int k = 0; k < 50; ++k) {  // the change must not depend on the flips or the order
            CubieCube d = c;
            uint64_t r = uint64_t(i) * 7919 + uint64_t(k) * 104729;
            for (int e = 0; e < 11; ++e) d.eo[e] = uint8_t((r >> e) & 1);
            d.eo[11] = 0;
            for (int e = 0; e < 11; ++e) d.eo[11] ^= d.eo[e];
            for (int m = 0; m < NMOVES; ++m)
                if ((slice_flip_parity(d) ^ slice_flip_parity(apply_move(d, m))) != f_mv[size_t(i) * NMOVES + m])
                    return std::fprintf(stderr, "slice flip parity is not a coordinate\n"), 1;
        }
    }
    for (int i = 0; i < NTW; ++i) {
        CubieCube c = CubieCube::solved();
        set_twist(c, i);
        for (int m = 0; m < NMOVES; ++m) tw_mv[size_t(i) * NMOVES + m] = uint16_t(get_twist(apply_move(c, m)));
    }
    const CubieCube s = CubieCube::solved();
    cp0 = get_corner_perm(s), fl0 = get_flip(s), sl0 = get_slice(s);
    const int tw0 = get_twist(s);
    d_cpsl = bfs(size_t(NCP) * NSL, size_t(cp0) * NSL + sl0, [](uint32_t x, int m) {
        return uint32_t(cp_mv[size_t(x / NSL) * NMOVES + m]) * NSL + sl_mv[size_t(x % NSL) * NMOVES + m];
    });
    d_flsl = bfs(size_t(NFL) * NSL, size_t(fl0) * NSL + sl0, [](uint32_t x, int m) {
        return uint32_t(fl_mv[size_t(x / NSL) * NMOVES + m]) * NSL + sl_mv[size_t(x % NSL) * NMOVES + m];
    });
    d_twsl = bfs(size_t(NTW) * NSL, size_t(tw0) * NSL + sl0, [](uint32_t x, int m) {
        return uint32_t(tw_mv[size_t(x / NSL) * NMOVES + m]) * NSL + sl_mv[size_t(x % NSL) * NMOVES + m];
    });
    d_corn = bfs(size_t(NCP) * NTW, size_t(cp0) * NTW + tw0, [](uint32_t x, int m) {
        return uint32_t(cp_mv[size_t(x / NTW) * NMOVES + m]) * NTW + tw_mv[size_t(x % NTW) * NMOVES + m];
    });
    auto corner_d = [](const CubieCube &c) { return int(d_corn[size_t(get_corner_perm(c)) * NTW + get_twist(c)]); };
    for (int a = 0; a < 3; ++a)  // the moves that view a turns into U or D turns
        for (int m = 0; m < NMOVES; ++m) {
            const CubieCube w = a == 0 ? move_cube(m) : urf_conjugate(move_cube(m), a);
            for (int n2 : {0, 1, 2, 9, 10, 11})
                if (w == move_cube(n2)) axis_moves[a] |= 1u << m;
        }
    const bool checknx = argc > 3 && std::string(argv[1]) == "checknx";
    const std::string all_cands = search   ? std::string(argc > 5 ? argv[5] : "")
                                  : checkn  ? std::string(argc > 4 ? argv[4] : "nB")
                                  : checknx ? std::string("N")
                                            : cands;
    if (all_cands.find_first_of("NnmoS") != std::string::npos) {
        std::fill(cs_of_mask, cs_of_mask + 256, -1);
        std::vector<int> masks;
        for (int mk = 0; mk < 256; ++mk)
            if (__builtin_popcount(unsigned(mk)) == 4) cs_of_mask[mk] = int(masks.size()), masks.push_back(mk);
        cs_mv.resize(size_t(NCS) * NMOVES);
        for (int i = 0; i < NCS; ++i) {
            CubieCube c = CubieCube::solved();
            for (int p = 0, u = 0, d = 4; p < 8; ++p) c.cp[p] = uint8_t((masks[size_t(i)] >> p) & 1 ? u++ : d++);
            if (get_csep(c) != i) return std::fprintf(stderr, "corner separation broken\n"), 1;
            for (int m = 0; m < NMOVES; ++m) cs_mv[size_t(i) * NMOVES + m] = uint8_t(get_csep(apply_move(c, m)));
        }
        const int cs0 = get_csep(s);
        d_csfs = bfs(size_t(NCS) * NFL * NSL, (size_t(cs0) * NFL + fl0) * NSL + sl0, [](uint32_t x, int m) {
            const uint32_t sl = x % NSL, fl = (x / NSL) % NFL, cs = x / (NSL * NFL);
            return (uint32_t(cs_mv[size_t(cs) * NMOVES + m]) * NFL + fl_mv[size_t(fl) * NMOVES + m]) * NSL +
                   sl_mv[size_t(sl) * NMOVES + m];
        });
        d_cstws = bfs(size_t(NCS) * NTW * NSL, (size_t(cs0) * NTW + tw0) * NSL + sl0, [](uint32_t x, int m) {
            const uint32_t sl = x % NSL, tw = (x / NSL) % NTW, cs = x / (NSL * NTW);
            return (uint32_t(cs_mv[size_t(cs) * NMOVES + m]) * NTW + tw_mv[size_t(tw) * NMOVES + m]) * NSL +
                   sl_mv[size_t(sl) * NMOVES + m];
        });
        d_fltw = bfs(size_t(NFL) * NTW, size_t(fl0) * NTW + tw0, [](uint32_t x, int m) {
            return uint32_t(fl_mv[size_t(x / NTW) * NMOVES + m]) * NTW + tw_mv[size_t(x % NTW) * NMOVES + m];
        });
        std::fprintf(stderr, "candidate N's sub-tables built (%d corner separations)\n", NCS);
    }
    if (checknx) return check_nx(std::atoi(argv[2]), std::strtoull(argv[3], nullptr, 10), dir);
    FstTable fst;
    std::string why;
    const bool p2 = table != "fst4";
    if (!load_fst(dir + "/" + fst_file(p2 ? 2 : 4, p2 ? 2 : 1), fst, why, p2 ? 2 : 4, false, PAGES_MAPPED, false,
                  p2 ? 2 : 1))
        return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    F = &fst;
    F2 = &fst;
    static ThirdTable third;
    if (table == "fstp2t") {  // today's default bound: fstp2 and the corners maxed with the third table
        if (!load_third(dir + "/" + third_file(), third, why, false, PAGES_MAPPED, false))
            return std::fprintf(stderr, "%s\n", why.c_str()), 1;
        TT = &third;
    }
    auto bound_h = [&](const CubieCube &c) {
        if (fst_from_fstp) {  // fst4's bound: each view's fst distance is the smaller of its two parity lifts'
            int h = corner_d(c);
            for (int inv = 0; inv < 2; ++inv)
                for (int ax = 0; ax < 3; ++ax) {
                    const CubieCube w = cube_view(c, 3 * inv + ax);
                    const int fl = get_flip(w), sl = get_slice_sorted(w), tw = get_twist(w);
                    h = std::max(h, std::min(fst.exact(fl, sl, tw, 0), fst.exact(fl, sl, tw, 1)));
                }
            return h;
        }
        unsigned d3[3];
        return std::max({int(fst_bound(c, fst, d3)), corner_d(c), third_bound(c)});
    };

    if (search) return search_mode(argc, argv, bound_h);
    if (argc > 2 && std::string(argv[1]) == "checkaxes") {  // a move on view a's axis keeps the inverse view a's values
        uint64_t r = std::strtoull(argv[2], nullptr, 10);
        int same = 0, diff = 0;
        for (int a = 0; a < 3; ++a) std::printf("axis_moves[%d] = %05x\n", a, axis_moves[a]);
        for (int i = 0; i < 40; ++i) {
            const CubieCube c = random_cube(r);
            int u[6], v[6];
            fst_views(c, u, v);
            for (int m = 0; m < NMOVES; ++m) {
                int u2[6], v2[6];
                fst_views(apply_move(c, m), u2, v2);
                for (int a = 0; a < 3; ++a)
                    if ((axis_moves[a] >> m) & 1) (u2[3 + a] == u[3 + a] ? same : diff)++;
            }
        }
        std::printf("checkaxes: %d same, %d different\n", same, diff);
        return 0;
    }
    if (argc > 3 && std::string(argv[1]) == "checkn") {  // checkn N SEED CANDS: bounds of k-move scrambles are <= k
        uint64_t r = std::strtoull(argv[3], nullptr, 10);
        const std::string cs = argc > 4 ? argv[4] : "nB";
        int bad = 0, n_ck = std::atoi(argv[2]);
        for (int i = 0; i < n_ck; ++i) {
            const int k = 1 + i % 14;
            CubieCube c = CubieCube::solved();
            int prev = -1;
            for (int j = 0; j < k; ++j) {
                int m;
                do m = int((r = r * 6364136223846793005ull + 1442695040888963407ull) >> 33) % NMOVES;
                while (skip(m, prev));
                c = apply_move(c, m), prev = m;
            }
            for (char cand : cs) {
                const int x = six_views(c, cand);
                if (x > k) ++bad, std::printf("scramble %d of %d moves: %c gives %d\n", i, k, cand, x);
            }
        }
        std::printf("checkn: %d scrambles, %d bounds above their length\n", n_ck, bad);
        return bad ? 1 : 0;
    }
    if (argc > 3 && std::string(argv[1]) == "checkt") return check_third(std::atoi(argv[2]), std::strtoull(argv[3], nullptr, 10), dir);

    // The uniform sample.
    const int nc = int(cands.size());
    double hist_h[MAXD] = {};
    std::vector<std::vector<double>> hist_x(static_cast<size_t>(nc), std::vector<double>(MAXD));
    std::vector<std::vector<double>> hist_m = hist_x;
    // raise[c][h][v]: cubes with H = h whose max(H, X) is v (uniform and stratified samples).
    std::vector<std::vector<std::vector<double>>> raise(static_cast<size_t>(nc), std::vector<std::vector<double>>(
                                                                         MAXD, std::vector<double>(MAXD)));
    std::vector<int> raised(static_cast<size_t>(nc));
    for (int i = 0; i < n; ++i) {
        const CubieCube c = random_cube(rng);
        const int h = bound_h(c);
        hist_h[h]++;
        std::printf("cube %d: H %d", i, h);
        for (int k = 0; k < nc; ++k) {
            const int x = six_views(c, cands[size_t(k)]), m = alone(cands[size_t(k)]) ? x : std::max(h, x);
            hist_x[size_t(k)][size_t(x)]++, hist_m[size_t(k)][size_t(m)]++, raised[size_t(k)] += m > h;
            raise[size_t(k)][size_t(h)][size_t(m)]++;
            std::printf(", %c %d", cands[size_t(k)], x);
        }
        std::printf("\n");
        std::fflush(stdout);
    }
    // The stratified sample: H over strat_m cubes, X on up to strat_k of each H <= 10.
    double hist_hm[MAXD] = {};
    int kept[MAXD] = {};
    for (long i = 0; i < strat_m; ++i) {
        const CubieCube c = random_cube(rng);
        const int h = bound_h(c);
        hist_hm[h]++;
        if (h > 10 || kept[h] >= strat_k) continue;
        kept[h]++;
        std::printf("stratified cube (H %d):", h);
        for (int k = 0; k < nc; ++k) {
            const int x = six_views(c, cands[size_t(k)]), m = alone(cands[size_t(k)]) ? x : std::max(h, x);
            raise[size_t(k)][size_t(h)][size_t(m)]++;
            std::printf(" %c %d", cands[size_t(k)], m);
        }
        std::printf("\n");
        std::fflush(stdout);
    }

    std::printf("%d uniform cubes, bound H from %s (six lookups) and the corner table; %llu abstract IDA* nodes\n", n,
                table.c_str(), (unsigned long long)nodes);
    show("H", hist_h);
    for (int k = 0; k < nc; ++k) {
        std::printf("candidate %c: raised H on %d of %d\n", cands[size_t(k)], raised[size_t(k)], n);
        show("  X (six views)", hist_x[size_t(k)].data());
        show("  max(H, X)", hist_m[size_t(k)].data());
    }
    const std::vector<double> tree = tree_counts(D);
    const double base = kre(tree, hist_h, D);
    std::printf("KRE at distance %d from the uniform sample: N(H) %.4g\n", D, base);
    for (int k = 0; k < nc; ++k) {
        const double nx = kre(tree, hist_m[size_t(k)].data(), D);
        std::printf("  max(H, %c): N %.4g, ratio %.3f\n", cands[size_t(k)], nx, nx / base);
    }
    if (strat_m > 0) {
        show("H over the stratified draw", hist_hm);
        const double bm = kre(tree, hist_hm, D);
        std::printf("KRE at distance %d, H's distribution from %ld cubes: N(H) %.4g\n", D, strat_m, bm);
        for (int k = 0; k < nc; ++k) {
            // max(H, X)'s distribution: each H value's share moved by its raise rates (an H value
            // without a sample of X is left where it is).
            double mix[MAXD] = {};
            for (int h = 0; h < MAXD; ++h) {
                double tot = 0;
                for (int v = 0; v < MAXD; ++v) tot += raise[size_t(k)][size_t(h)][size_t(v)];
                if (tot == 0) {
                    mix[h] += hist_hm[h];
                    continue;
                }
                std::printf("  %c at H=%d (%g cubes):", cands[size_t(k)], h, tot);
                for (int v = 0; v < MAXD; ++v)
                    if (raise[size_t(k)][size_t(h)][size_t(v)] > 0) {
                        mix[v] += hist_hm[h] * raise[size_t(k)][size_t(h)][size_t(v)] / tot;
                        std::printf(" %d:%g", v, raise[size_t(k)][size_t(h)][size_t(v)]);
                    }
                std::printf("\n");
            }
            const double nx = kre(tree, mix, D);
            std::printf("  max(H, %c): N %.4g, ratio %.3f\n", cands[size_t(k)], nx, nx / bm);
        }
    }
}

namespace {
struct Sampler {
    const std::function<int(const CubieCube &)> *h;
    int bound = 0;
    uint64_t one_in = 1, rng = 1;
    std::vector<uint64_t> passed;  // per depth
    std::vector<std::vector<int>> kept;
    std::vector<int> path;
    void dfs(const CubieCube &c, int g, int prev) {
        const int hv = (*h)(c);
        if (g + hv > bound) return;
        passed[size_t(g)]++;
        if ((rng = rng * 6364136223846793005ull + 1442695040888963407ull) >> 33 < (1ull << 31) / one_in) kept.push_back(path);
        if (hv == 0) return;
        for (int m = 0; m < NMOVES; ++m) {
            if (skip(m, prev)) continue;
            path.push_back(m);
            dfs(apply_move(c, m), g + 1, m);
            path.pop_back();
        }
    }
};
}  // namespace

int search_mode(int argc, char **argv, const std::function<int(const CubieCube &)> &bound_h) {
    CubieCube start;
    ParseFailure f;
    if (!parse_position(argv[2], start, f)) return std::fprintf(stderr, "bad position\n"), 2;
    Sampler S;
    S.h = &bound_h;
    S.bound = std::atoi(argv[3]);
    S.one_in = std::max(1, std::atoi(argv[4]));
    const std::string cands = argc > 5 ? argv[5] : "CQT";
    S.rng = argc > 6 ? std::strtoull(argv[6], nullptr, 10) : 1;
    S.passed.assign(size_t(S.bound) + 1, 0);
    S.dfs(start, 0, -1);
    uint64_t all = 0;
    std::printf("bound %d: nodes passing by depth:", S.bound);
    for (size_t g = 0; g < S.passed.size(); ++g) std::printf(" %llu", (unsigned long long)S.passed[g]), all += S.passed[g];
    std::printf(" (%llu in all), %zu kept\n", (unsigned long long)all, S.kept.size());
    std::fflush(stdout);
    for (char cand : cands) {
        std::map<std::vector<int>, Eval> memo;  // prefix -> within the candidate's bound, moves forbidden
        uint64_t cut = 0, kids = 0, kids_forbidden = 0;
        std::vector<uint64_t> cut_at(size_t(S.bound) + 1), kept_at(size_t(S.bound) + 1);
        for (const std::vector<int> &p : S.kept) {
            kept_at[p.size()]++;
            CubieCube c = start;
            bool ok = true;
            std::vector<int> prefix;
            uint32_t forbid = 0;
            for (size_t j = 0; j <= p.size() && ok; ++j) {
                if (j > 0) {
                    if ((forbid >> p[j - 1]) & 1) {  // the parent's rule forbids this move
                        ok = false;
                        break;
                    }
                    c = apply_move(c, p[j - 1]), prefix.push_back(p[j - 1]);
                }
                auto it = memo.find(prefix);
                if (it == memo.end()) it = memo.emplace(prefix, eval_node(c, cand, S.bound - int(j))).first;
                ok = it->second.ok, forbid = it->second.forbid;
            }
            if (!ok) {
                cut++, cut_at[p.size()]++;
            } else if (p.size() < size_t(S.bound)) {  // a kept node that stays: its children, and those its rule forbids
                const int prev = p.empty() ? -1 : p.back();
                for (int m = 0; m < NMOVES; ++m)
                    if (!skip(m, prev)) kids++, kids_forbidden += (forbid >> m) & 1;
            }
        }
        std::printf("candidate %c: cuts %llu of %zu kept nodes (node ratio %.3f); by depth (cut/kept):", cand,
                    (unsigned long long)cut, S.kept.size(), 1.0 - double(cut) / double(std::max<size_t>(1, S.kept.size())));
        for (size_t g = 0; g < kept_at.size(); ++g)
            if (kept_at[g]) std::printf(" %zu:%llu/%llu", g, (unsigned long long)cut_at[g], (unsigned long long)kept_at[g]);
        std::printf("; %zu prefixes checked; the kept nodes that stay have %llu children, %llu of them forbidden by the next-move rule (%.3f)\n",
                    memo.size(), (unsigned long long)kids, (unsigned long long)kids_forbidden,
                    double(kids_forbidden) / double(std::max<uint64_t>(1, kids)));
        std::fflush(stdout);
    }
    return 0;
}
