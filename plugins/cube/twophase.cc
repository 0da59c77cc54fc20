#include "twophase.h"

#include <algorithm>
#include <cstring>
#include <memory>

namespace cube {
namespace {

constexpr int N_TWIST = 2187, N_FLIP = 2048, N_SLICE = 495, N_PERM8 = 40320, N_SPERM = 24;
// Phase-2 moves: U U2 U' R2 F2 D D2 D' L2 B2.
constexpr int P2_MOVES[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};
bool is_phase2_move(int m) { return std::find(std::begin(P2_MOVES), std::end(P2_MOVES), m) != std::end(P2_MOVES); }

// Distances in the product space a x b (index a * nb + b) by breadth-first search.
std::vector<uint8_t> prune_table(const std::vector<uint16_t> &ma, int na, const std::vector<uint16_t> &mb, int nb,
                                 const int *moves, int nmoves) {
    std::vector<uint8_t> d(size_t(na) * nb, 0xff);
    d[0] = 0;
    size_t done = 1, total = d.size();
    for (uint8_t depth = 0; done < total; ++depth) {
        for (size_t i = 0; i < total; ++i) {
            if (d[i] != depth) continue;
            size_t a = i / nb, b = i % nb;
            for (int k = 0; k < nmoves; ++k) {
                int m = moves[k];
                size_t j = size_t(ma[a * NMOVES + m]) * nb + mb[b * NMOVES + m];
                if (d[j] == 0xff) d[j] = uint8_t(depth + 1), ++done;
            }
        }
    }
    return d;
}

// The move tables (the phase-1 and phase-2 permutation ones shared with phase1.cc and phase2.cc:
// built once a process whichever needs them first) and phase 2's two small bounds (always used).
struct Tables {
    const std::vector<uint16_t> &twist_mv = phase1_moves().twist, &flip_mv = phase1_moves().flip,
                                &slice_mv = phase1_moves().slice;
    const std::vector<uint16_t> &cp_mv = phase2_moves().cp, &ud_mv = phase2_moves().ud;
    std::vector<uint16_t> sp_mv;
    std::vector<uint8_t> p2_cp, p2_ud;
    Tables() {
        bool p2[NMOVES] = {};
        for (int m : P2_MOVES) p2[m] = true;
        sp_mv = coord_move_table(N_SPERM, set_slice_perm, get_slice_perm, p2);
        p2_cp = prune_table(cp_mv, N_PERM8, sp_mv, N_SPERM, P2_MOVES, 10);
        p2_ud = prune_table(ud_mv, N_PERM8, sp_mv, N_SPERM, P2_MOVES, 10);
    }
};

const Tables &tables() {
    static const Tables t;
    return t;
}

// Phase 1's three small bounds (phase1=small): built on first use only, so that a process with
// the exact phase-1 table never spends the 0.1-0.2 s they take (a quarter of a one-cube run).
struct Phase1Small {
    std::vector<uint8_t> p1_twist, p1_flip, p1_tf;
    explicit Phase1Small(const Tables &T) {
        int all[NMOVES];
        for (int m = 0; m < NMOVES; ++m) all[m] = m;
        p1_twist = prune_table(T.twist_mv, N_TWIST, T.slice_mv, N_SLICE, all, NMOVES);
        p1_flip = prune_table(T.flip_mv, N_FLIP, T.slice_mv, N_SLICE, all, NMOVES);
        p1_tf = prune_table(T.twist_mv, N_TWIST, T.flip_mv, N_FLIP, all, NMOVES);
    }
};

const Phase1Small &phase1_small() {
    static const Phase1Small t(tables());
    return t;
}

// Same face twice in a row, or an opposite face in the "wrong" order (D then U), is redundant.
inline bool redundant(int prev, int m) {
    if (prev < 0) return false;
    int pf = move_face(prev), f = move_face(m);
    return f == pf || f + 3 == pf;
}

constexpr int MAX_PHASE2 = 12;

struct Search {
    const Tables &T;
    const Phase1Small *S1;  // phase 1's small bounds (when P1 is null)
    const Phase1Table *P1;  // the exact phase-1 distance (phase1.h), or null: the three small tables
    const Phase2Table *P2;  // the corners x U/D-edges phase-2 distance (phase2.h), or null
    bool ahead;             // children's table lines prefetched, the last move's children by a goal test
    CubieCube start;
    int max_length;
    const std::function<bool()> &stop;
    int moves[32];
    TwoPhaseResult res;
    // fast_ahead: path[i] = start after moves[0..i-1], for i <= path_valid (phase 1's moves).
    CubieCube path[32];
    int path_valid = 0;

    bool poll() {
        if ((++res.nodes & 0x3fff) == 0 && stop && stop()) res.stopped = true;
        return res.stopped;
    }

    int h1(int tw, int fl, int sl) const {
        if (P1) return int(P1->distance(tw, fl, sl));
        return std::max({S1->p1_twist[size_t(tw) * N_SLICE + sl], S1->p1_flip[size_t(fl) * N_SLICE + sl],
                         S1->p1_tf[size_t(tw) * N_FLIP + fl]});
    }
    int h2(int cp, int ud, int sp) const {
        const int small = std::max(T.p2_cp[size_t(cp) * N_SPERM + sp], T.p2_ud[size_t(ud) * N_SPERM + sp]);
        return P2 ? std::max(small, int(P2->distance(cp, ud))) : small;
    }

    bool phase2(int cp, int ud, int sp, int d, int togo) {
        if (togo == 0) {
            if (cp == 0 && ud == 0 && sp == 0) {
                res.found = true;
                res.moves.assign(moves, moves + d);
                return true;
            }
            return false;
        }
        if (poll()) return false;
        int prev = d > 0 ? moves[d - 1] : -1;
        if (ahead) {
            // The children's coordinates first, their table entries' lines prefetched, then
            // the same tests in the same order (so the same nodes). One move from the end only
            // the goal passes (every bound is 0 there and only there): no table read.
            int ncp[10], nud[10], nsp[10], ms[10], n = 0;
            for (int m : P2_MOVES) {
                if (redundant(prev, m)) continue;
                ncp[n] = T.cp_mv[size_t(cp) * NMOVES + m], nud[n] = T.ud_mv[size_t(ud) * NMOVES + m];
                nsp[n] = T.sp_mv[size_t(sp) * NMOVES + m], ms[n++] = m;
            }
            if (togo > 1 && P2)
                for (int k = 0; k < n; ++k) __builtin_prefetch(&P2->data[P2->cl->index(ncp[k], nud[k]) >> 1]);
            for (int k = 0; k < n; ++k) {
                if (togo == 1 ? (ncp[k] | nud[k] | nsp[k]) != 0 : h2(ncp[k], nud[k], nsp[k]) >= togo) continue;
                moves[d] = ms[k];
                if (phase2(ncp[k], nud[k], nsp[k], d + 1, togo - 1)) return true;
                if (res.stopped) return false;
            }
            return false;
        }
        for (int m : P2_MOVES) {
            if (redundant(prev, m)) continue;
            int ncp = T.cp_mv[size_t(cp) * NMOVES + m], nud = T.ud_mv[size_t(ud) * NMOVES + m],
                nsp = T.sp_mv[size_t(sp) * NMOVES + m];
            if (h2(ncp, nud, nsp) >= togo) continue;
            moves[d] = m;
            if (phase2(ncp, nud, nsp, d + 1, togo - 1)) return true;
            if (res.stopped) return false;
        }
        return false;
    }

    bool start_phase2(int d1) {
        CubieCube c = start;
        if (ahead) {
            // The cubes along the phase-1 path are kept: the next leaf usually shares all but
            // its last move or two with this one, so only those are replayed.
            path[0] = start;
            for (int i = path_valid; i < d1; ++i) path[i + 1] = apply_move(path[i], moves[i]);
            path_valid = d1;
            c = path[d1];
        } else {
            for (int i = 0; i < d1; ++i) c = apply_move(c, moves[i]);
        }
        int cp = get_corner_perm(c), ud = get_ud_edges(c), sp = get_slice_perm(c);
        // Long phase-2 searches rarely pay: a longer phase 1 usually gives a shorter phase 2.
        int limit = std::min(max_length - d1, MAX_PHASE2);
        if (ahead && P2) {
            // The small bounds first (their tables mostly in the cache): beyond the limit, the
            // big table's line is not needed (the same test: h2 is their max with it).
            if (std::max(T.p2_cp[size_t(cp) * N_SPERM + sp], T.p2_ud[size_t(ud) * N_SPERM + sp]) > limit) return false;
        }
        for (int d2 = h2(cp, ud, sp); d2 <= limit; ++d2) {
            if (phase2(cp, ud, sp, d1, d2)) return true;
            if (res.stopped) return false;
        }
        return false;
    }

    // cs: fast_ahead with the phase-1 table, the position's fs_class entry (class << 4 | sym,
    // phase1.h; followed along the moves, so maybe a twin's symmetry), else unused.
    bool phase1(int tw, int fl, int sl, uint32_t cs, int d, int togo) {
        if (togo == 0) {
            if (tw == 0 && fl == 0 && sl == 0) {
                // A phase-1 path ending in a phase-2 move was already tried one move shorter.
                if (d > 0 && is_phase2_move(moves[d - 1])) return false;
                return start_phase2(d);
            }
            return false;
        }
        if (poll()) return false;
        int prev = d > 0 ? moves[d - 1] : -1;
        if (ahead) {
            // As phase2's: the children's coordinates, then (exact table) their classes' and then
            // their entries' lines prefetched, then the same tests in the same order.
            int ntw[NMOVES], nfl[NMOVES], nsl[NMOVES], ms[NMOVES], n = 0;
            for (int m = 0; m < NMOVES; ++m) {
                if (redundant(prev, m)) continue;
                ntw[n] = T.twist_mv[size_t(tw) * NMOVES + m], nfl[n] = T.flip_mv[size_t(fl) * NMOVES + m];
                nsl[n] = T.slice_mv[size_t(sl) * NMOVES + m], ms[n++] = m;
            }
            uint32_t ncs[NMOVES] = {};
            uint64_t idx[NMOVES];
            if (togo > 1 && P1) {
                // The children's classes from the parent's row (one or two lines), not from
                // fs_class (a line each); their entries prefetched.
                const Phase1Classes &cl = *P1->cl;
                const uint32_t *row = &cl.class_move[size_t(cs >> 4) * NMOVES], s = cs & 15;
                for (int k = 0; k < n; ++k) {
                    const uint32_t v = row[cl.sym_move[s][ms[k]]], u = cl.sym_mul[v & 15][s];
                    ncs[k] = (v & ~15u) | u;
                    idx[k] = uint64_t(v >> 4) * P1_TWISTS + cl.twist_conj[uint32_t(ntw[k]) * 16 + u];
                    __builtin_prefetch(&P1->data[idx[k] >> 1]);
                }
            }
            for (int k = 0; k < n; ++k) {
                if (togo == 1) {
                    if ((ntw[k] | nfl[k] | nsl[k]) != 0) continue;
                } else if ((P1 ? (P1->data[idx[k] >> 1] >> ((idx[k] & 1) * 4)) & 15 : unsigned(h1(ntw[k], nfl[k], nsl[k]))) >=
                           unsigned(togo)) {
                    continue;
                }
                moves[d] = ms[k];
                path_valid = std::min(path_valid, d);  // path[d + 1..] no longer this path's
                if (phase1(ntw[k], nfl[k], nsl[k], ncs[k], d + 1, togo - 1)) return true;
                if (res.stopped) return false;
            }
            return false;
        }
        for (int m = 0; m < NMOVES; ++m) {
            if (redundant(prev, m)) continue;
            int ntw = T.twist_mv[size_t(tw) * NMOVES + m], nfl = T.flip_mv[size_t(fl) * NMOVES + m],
                nsl = T.slice_mv[size_t(sl) * NMOVES + m];
            if (h1(ntw, nfl, nsl) >= togo) continue;
            moves[d] = m;
            if (phase1(ntw, nfl, nsl, 0, d + 1, togo - 1)) return true;
            if (res.stopped) return false;
        }
        return false;
    }
};

// The 120-degree turn of the whole cube about the URF-DBL diagonal (Kociemba's S_URF3).
const CubieCube S_URF3 = {{URF, DFR, DLF, UFL, UBR, DRB, DBL, ULB}, {1, 2, 1, 2, 2, 1, 2, 1},
                          {UF, FR, DF, FL, UB, BR, DB, BL, UR, DR, DL, UL}, {1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1}};

}  // namespace

CubieCube urf_conjugate(const CubieCube &c, int k) {
    CubieCube s = CubieCube::solved();
    for (int i = 0; i < k; ++i) s = s * S_URF3;
    return s.inverse() * c * s;
}

CubieCube cube_view(const CubieCube &c, int k) {
    const CubieCube u = k >= 3 ? c.inverse() : c;
    return k % 3 == 0 ? u : urf_conjugate(u, k % 3);
}

bool conjugation_map(int k, int map[NMOVES]) {
    CubieCube s = CubieCube::solved();
    for (int i = 0; i < k; ++i) s = s * S_URF3;
    const CubieCube si = s.inverse();
    for (int m = 0; m < NMOVES; ++m) {
        CubieCube t = s * move_cube(m) * si;
        map[m] = -1;
        for (int n = 0; n < NMOVES; ++n)
            if (move_cube(n) == t) map[m] = n;
        if (map[m] < 0) return false;
    }
    return true;
}

TwoPhaseResult solve_two_phase(const CubieCube &c, int max_length, const std::function<bool()> &should_stop,
                               const Phase1Table *phase1, const Phase2Table *phase2, bool ahead) {
    // Six searches on the same position seen along the three axes, for the cube and for its
    // inverse, advanced together one phase-1 depth at a time: whichever meets max_length first
    // wins. The phase-1 distance differs between them, which cuts the long tail of single-axis
    // two-phase search.
    const Tables &T = tables();
    const Phase1Small *S1 = phase1 ? nullptr : &phase1_small();
    struct Variant {
        CubieCube cube;
        int k;
        bool inverse;
        int tw, fl, sl;
    };
    std::vector<Variant> vs;
    CubieCube s = CubieCube::solved();
    for (int k = 0; k < 3; ++k) {
        const CubieCube si = s.inverse();
        for (int inv = 0; inv < 2; ++inv) {
            CubieCube v = si * (inv ? c.inverse() : c) * s;
            vs.push_back({v, k, inv == 1, get_twist(v), get_flip(v), get_slice(v)});
        }
        s = s * S_URF3;
    }
    TwoPhaseResult total;
    const int L = std::min(max_length, 30);
    for (int d1 = 0; d1 <= L; ++d1) {
        for (const Variant &v : vs) {
            Search srch{T, S1, phase1, phase2, ahead, v.cube, L, should_stop, {}, {}};
            if (srch.h1(v.tw, v.fl, v.sl) > d1) continue;
            const uint32_t cs = phase1 ? phase1->cl->fs_class[uint32_t(v.sl) * 2048 + uint32_t(v.fl)] : 0;
            bool ok = srch.phase1(v.tw, v.fl, v.sl, cs, 0, d1);
            total.nodes += srch.res.nodes;
            if (srch.res.stopped) {
                total.stopped = true;
                return total;
            }
            if (!ok) continue;
            int map[NMOVES];
            conjugation_map(v.k, map);
            std::vector<int> m;
            for (int x : srch.res.moves) m.push_back(map[x]);
            if (v.inverse) {
                std::reverse(m.begin(), m.end());
                for (int &x : m) x = inverse_move(x);
            }
            total.found = true;
            total.moves = m;
            return total;
        }
    }
    return total;
}

}  // namespace cube
