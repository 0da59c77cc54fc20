#include "phase2.h"

#include "class_table.h"
#include "cube.h"
#include "symmetry.h"

namespace cube {

namespace {

// G1's moves: U U2 U' R2 F2 D D2 D' L2 B2 (as twophase.cc's P2_MOVES).
constexpr int G1_MOVES[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};

Phase2Classes make_classes() {
    Phase2Classes c;
    const Symmetry &sym = symmetry();
    c.moves = &phase2_moves();
    c.ud_conj.resize(size_t(P2_PERMS) * N_UDSYM);
    for (int u = 0; u < P2_PERMS; ++u) {
        CubieCube x = CubieCube::solved();
        set_ud_edges(x, u);
        // The 16 keep the U-D axis: U/D edges stay on U/D places, so the conjugate's U/D-edge
        // permutation depends on x's alone.
        for (int s = 0; s < N_UDSYM; ++s) c.ud_conj[size_t(u) * N_UDSYM + s] = uint16_t(get_ud_edges(sym.conj(x, s)));
    }
    // Classes in order of their least value (the representative): the solved corners, 0, are
    // class 0 with symmetry 0.
    c.cp_class.assign(P2_PERMS, UINT32_MAX);
    for (uint32_t v = 0; v < uint32_t(P2_PERMS); ++v) {
        if (c.cp_class[v] != UINT32_MAX) continue;
        const uint32_t cls = uint32_t(c.class_rep.size());
        c.class_rep.push_back(uint16_t(v));
        c.class_stab.push_back(0);
        CubieCube x = CubieCube::solved();
        set_corner_perm(x, int(v));
        for (int s = 0; s < N_UDSYM; ++s) {
            // y = S_s X S_s^-1, so S_inv[s] y S_inv[s]^-1 = X, the representative.
            const uint32_t w = uint32_t(get_corner_perm(sym.conj(x, s)));
            if (c.cp_class[w] == UINT32_MAX) c.cp_class[w] = cls << 4 | uint32_t(sym.inv[s]);
            if (w == v && s > 0) c.class_stab[cls] = uint16_t(c.class_stab[cls] | 1u << s);
        }
    }
    c.classes = uint32_t(c.class_rep.size());
    return c;
}

// How the classes move, for class_table.h's breadth-first search: a class's entries are its
// 40,320 U/D-edge permutations, its moves G1's ten.
struct Dom {
    static constexpr int K = 10;
    const Phase2Classes *cl;
    void neighbours(uint32_t c, uint32_t row[K], uint32_t conj[K]) const {
        const uint32_t rep = cl->class_rep[c];
        for (int k = 0; k < K; ++k) {
            const uint32_t v = cl->cp_class[cl->moves->cp[size_t(rep) * NMOVES + G1_MOVES[k]]];
            row[k] = v >> 4;
            conj[k] = v & 15;
        }
    }
    uint32_t step(uint32_t u, int k, uint32_t conj) const {
        return cl->ud_conj[size_t(cl->moves->ud[size_t(u) * NMOVES + G1_MOVES[k]]) * N_UDSYM + conj];
    }
    uint32_t stab(uint32_t c) const { return cl->class_stab[c]; }
    uint32_t twin(uint32_t u, uint32_t s) const { return cl->ud_conj[size_t(u) * N_UDSYM + s]; }
};

// G1 needs at most 18 moves; the distances from P2_CAP on are stored as P2_CAP.
constexpr ClassTableFormat FORMAT = {"phase2", "phase-2", {'C', 'U', 'B', 'E', 'P', '2', 'v', '1'}, P2_PERMS, 24, 24,
                                     3.0, 4, P2_CAP};

}  // namespace

const Phase2Moves &phase2_moves() {
    static const Phase2Moves mv = [] {
        bool g1[NMOVES] = {};
        for (int m : G1_MOVES) g1[m] = true;
        return Phase2Moves{coord_move_table(P2_PERMS, set_corner_perm, get_corner_perm, g1),
                           coord_move_table(P2_PERMS, set_ud_edges, get_ud_edges, g1)};
    }();
    return mv;
}

const Phase2Classes &phase2_classes() {
    static const Phase2Classes c = make_classes();
    return c;
}

std::string phase2_file() { return class_table_file(FORMAT); }

solver_status build_phase2_table(const solver_services *sv, Phase2Table &out) {
    out.cl = &phase2_classes();
    return build_class_table(sv, Dom{out.cl}, out.cl->classes, FORMAT, out);
}

bool save_phase2_table(const Phase2Table &t, const std::string &path, std::string &why) {
    return save_class_table(FORMAT, t.cl->classes, t, path, why);
}

bool load_phase2_table(const std::string &path, Phase2Table &t, std::string &why) {
    t.cl = &phase2_classes();
    return load_class_table(FORMAT, t.cl->classes, path, t, why);
}

solver_status get_phase2_table(const solver_services *sv, bool build, std::shared_ptr<const Phase2Table> &out,
                               solver_error *err) {
    static LoadOnce<Phase2Table> once;
    return get_class_table(sv, build, FORMAT, once, out, err, load_phase2_table, build_phase2_table,
                           save_phase2_table);
}

}  // namespace cube
