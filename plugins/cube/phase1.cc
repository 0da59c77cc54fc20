#include "phase1.h"

#include "class_table.h"
#include "cube.h"
#include "symmetry.h"

namespace cube {

namespace {

constexpr int FLIPS = 2048, SLICES = 495;
constexpr uint32_t FLIPSLICES = uint32_t(FLIPS) * SLICES;

Phase1Classes make_classes() {
    Phase1Classes c;
    const Symmetry &sym = symmetry();
    c.moves = &phase1_moves();
    c.twist_conj = twist_conj_table();
    // Classes in order of their least value (the representative): the solved flip-slice, 0,
    // is class 0 with symmetry 0.
    c.fs_class.assign(FLIPSLICES, UINT32_MAX);
    for (uint32_t v = 0; v < FLIPSLICES; ++v) {
        if (c.fs_class[v] != UINT32_MAX) continue;
        const uint32_t cls = uint32_t(c.class_rep.size());
        c.class_rep.push_back(v);
        c.class_stab.push_back(0);
        CubieCube x = CubieCube::solved();
        set_slice(x, int(v / FLIPS));
        set_flip(x, int(v % FLIPS));
        for (int s = 0; s < N_UDSYM; ++s) {
            // y = S_s X S_s^-1, so S_inv[s] y S_inv[s]^-1 = X, the representative.
            const CubieCube y = sym.conj(x, s);
            const uint32_t w = uint32_t(get_slice(y)) * FLIPS + uint32_t(get_flip(y));
            if (c.fs_class[w] == UINT32_MAX) c.fs_class[w] = cls << 4 | uint32_t(sym.inv[s]);
            if (w == v && s > 0) c.class_stab[cls] = uint16_t(c.class_stab[cls] | 1u << s);
        }
    }
    c.classes = uint32_t(c.class_rep.size());
    c.class_move.resize(size_t(c.classes) * NMOVES);
    for (uint32_t k = 0; k < c.classes; ++k) {
        const uint32_t sl = c.class_rep[k] / FLIPS, fl = c.class_rep[k] % FLIPS;
        for (int m = 0; m < NMOVES; ++m)
            c.class_move[size_t(k) * NMOVES + m] =
                c.fs_class[uint32_t(c.moves->slice[sl * NMOVES + m]) * FLIPS + c.moves->flip[fl * NMOVES + m]];
    }
    for (int s = 0; s < N_UDSYM; ++s)
        for (int m = 0; m < NMOVES; ++m) c.sym_move[s][m] = uint8_t(sym.move[s][m]);
    symmetry_products(c.sym_mul);
    return c;
}

// How the classes move, for class_table.h's breadth-first search: a class's entries are its
// 2,187 twists.
struct Dom {
    static constexpr int K = NMOVES;
    const Phase1Classes *cl;
    void neighbours(uint32_t c, uint32_t row[K], uint32_t conj[K]) const {
        const uint32_t rep = cl->class_rep[c];
        const uint32_t sl = rep / FLIPS, fl = rep % FLIPS;
        for (int m = 0; m < K; ++m) {
            const uint32_t v =
                cl->fs_class[uint32_t(cl->moves->slice[sl * NMOVES + m]) * FLIPS + cl->moves->flip[fl * NMOVES + m]];
            row[m] = v >> 4;
            conj[m] = v & 15;
        }
    }
    uint32_t step(uint32_t t, int m, uint32_t conj) const {
        return cl->twist_conj[size_t(cl->moves->twist[size_t(t) * NMOVES + m]) * N_UDSYM + conj];
    }
    uint32_t stab(uint32_t c) const { return cl->class_stab[c]; }
    uint32_t twin(uint32_t t, uint32_t s) const { return cl->twist_conj[size_t(t) * N_UDSYM + s]; }
};

// Phase 1 needs at most 12 moves.
constexpr ClassTableFormat FORMAT = {"phase1", "phase-1", {'C', 'U', 'B', 'E', 'P', '1', 'v', '1'}, P1_TWISTS, 16, 14,
                                     4.0, 16, 15};

}  // namespace

const Phase1Moves &phase1_moves() {
    static const Phase1Moves mv{coord_move_table(P1_TWISTS, set_twist, get_twist),
                                coord_move_table(FLIPS, set_flip, get_flip),
                                coord_move_table(SLICES, set_slice, get_slice)};
    return mv;
}

const Phase1Classes &phase1_classes() {
    static const Phase1Classes c = make_classes();
    return c;
}

std::string phase1_file() { return class_table_file(FORMAT); }

solver_status build_phase1_table(const solver_services *sv, Phase1Table &out) {
    out.cl = &phase1_classes();
    return build_class_table(sv, Dom{out.cl}, out.cl->classes, FORMAT, out);
}

bool save_phase1_table(const Phase1Table &t, const std::string &path, std::string &why) {
    return save_class_table(FORMAT, t.cl->classes, t, path, why);
}

bool load_phase1_table(const std::string &path, Phase1Table &t, std::string &why) {
    t.cl = &phase1_classes();
    return load_class_table(FORMAT, t.cl->classes, path, t, why);
}

solver_status get_phase1_table(const solver_services *sv, bool build, std::shared_ptr<const Phase1Table> &out,
                               solver_error *err) {
    static LoadOnce<Phase1Table> once;
    return get_class_table(sv, build, FORMAT, once, out, err, load_phase1_table, build_phase1_table,
                           save_phase1_table);
}

}  // namespace cube
