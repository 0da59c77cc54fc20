#include "nx.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cache_file.h"
#include "fst.h"
#include "load_or_build.h"
#include "optimal.h"
#include "pdb.h"
#include "row_bfs.h"
#include "twophase.h"

namespace cube {

namespace {
// The 70 masks of four positions (bit i: position i holds a U-layer corner), ascending, and back.
struct CsMasks {
    uint8_t mask[NX_CS];
    int8_t of[256];
    CsMasks() {
        std::memset(of, -1, sizeof of);
        int n = 0;
        for (int m = 0; m < 256; ++m)
            if (__builtin_popcount(unsigned(m)) == 4) of[m] = int8_t(n), mask[n++] = uint8_t(m);
    }
};
const CsMasks &cs_masks() {
    static const CsMasks m;
    return m;
}
}  // namespace

int get_nx_cs(const CubieCube &c) {
    unsigned m = 0;
    for (int i = 0; i < 8; ++i)
        if (c.cp[i] <= UBR) m |= 1u << i;
    return cs_masks().of[m];
}

void set_nx_cs(CubieCube &c, int v) {
    const unsigned m = cs_masks().mask[v];
    for (int i = 0, u = URF, d = DFR; i < 8; ++i) c.cp[i] = uint8_t(m >> i & 1 ? u++ : d++);
}

namespace {

NxCoords make_nx_coords() {
    NxCoords t;
    const Symmetry &S = symmetry();
    t.tw_move = coord_move_table(N_TWIST, set_twist, get_twist);
    t.fl_move = coord_move_table(N_FLIP, set_flip, get_flip);
    t.sl_move = coord_move_table(NX_SLICE, set_slice, get_slice);
    t.tw_conj = twist_conj_table();
    t.cs_move.resize(size_t(NX_CS) * NMOVES);
    t.cs_conj.resize(size_t(NX_CS) * N_UDSYM);
    for (int v = 0; v < NX_CS; ++v) {
        CubieCube c = CubieCube::solved();
        set_nx_cs(c, v);
        for (int m = 0; m < NMOVES; ++m) t.cs_move[size_t(v) * NMOVES + size_t(m)] = uint8_t(get_nx_cs(apply_move(c, m)));
        for (int s = 0; s < N_UDSYM; ++s) t.cs_conj[size_t(v) * N_UDSYM + size_t(s)] = uint8_t(get_nx_cs(S.conj(c, s)));
    }
    t.sl_conj.resize(size_t(NX_SLICE) * N_UDSYM);
    t.sl_flip.resize(size_t(NX_SLICE) * N_UDSYM);
    for (int v = 0; v < NX_SLICE; ++v) {
        CubieCube c = CubieCube::solved();
        set_slice(c, v);
        for (int s = 0; s < N_UDSYM; ++s) {
            const CubieCube d = S.conj(c, s);
            t.sl_conj[size_t(v) * N_UDSYM + size_t(s)] = uint16_t(get_slice(d));
            t.sl_flip[size_t(v) * N_UDSYM + size_t(s)] = uint16_t(get_flip(d));
        }
    }
    // L_s(f): the conjugate's flip with the slice edges at home, less what the symmetry adds there.
    const int home = get_slice(CubieCube::solved());
    t.fl_lin.resize(size_t(N_UDSYM) * N_FLIP);
    for (int f = 0; f < N_FLIP; ++f) {
        CubieCube c = CubieCube::solved();
        set_flip(c, f);
        for (int s = 0; s < N_UDSYM; ++s)
            t.fl_lin[size_t(s) * N_FLIP + size_t(f)] =
                uint16_t(get_flip(S.conj(c, s)) ^ t.sl_flip[size_t(home) * N_UDSYM + size_t(s)]);
    }
    // Corner classes, numbered by ascending representative (as the third table's).
    t.corner_class.assign(NX_CORNER, UINT32_MAX);
    for (int x = 0; x < NX_CORNER; ++x) {
        if (t.corner_class[size_t(x)] != UINT32_MAX) continue;
        const uint32_t c = t.classes++;
        const int cs = x / N_TWIST, tw = x % N_TWIST;
        uint16_t stab = 0;
        for (int s = 0; s < N_UDSYM; ++s) {
            // y = S_s x S_s^-1, so S_s^-1 y S_s = x: S_inv[s] takes y to the representative.
            const int y = t.cs_conj[size_t(cs) * N_UDSYM + size_t(s)] * N_TWIST + t.tw_conj[size_t(tw) * N_UDSYM + size_t(s)];
            if (y == x) stab = uint16_t(stab | 1u << s);
            if (t.corner_class[size_t(y)] == UINT32_MAX) t.corner_class[size_t(y)] = c << 4 | uint32_t(S.inv[s]);
        }
        t.class_rep.push_back(uint32_t(x));
        t.class_stab.push_back(stab);
    }
    t.class_move.resize(size_t(t.classes) * NMOVES);
    for (uint32_t c = 0; c < t.classes; ++c) {
        const uint32_t r = t.class_rep[c], cs = r / N_TWIST, tw = r % N_TWIST;
        for (int m = 0; m < NMOVES; ++m)
            t.class_move[size_t(c) * NMOVES + size_t(m)] =
                t.corner_class[size_t(t.cs_move[cs * NMOVES + unsigned(m)]) * N_TWIST + t.tw_move[tw * NMOVES + unsigned(m)]];
    }
    return t;
}

}  // namespace

const NxCoords &nx_coords() {
    static const NxCoords t = make_nx_coords();  // thread-safe static init
    return t;
}

namespace {

using clock_type = std::chrono::steady_clock;

// The N table's part of RowBfs (row_bfs.h): a row is (class, slice'), its entries the flips
// (2048; 1 in the projection). A move takes a whole row to one neighbour row (the slice's move,
// its conjugate and the flip correction where the slice edges land depend on the row alone) and
// permutes the flips, so a row's neighbours are 18 rows of 512 bytes: a pass reads and writes
// memory nearly in order. (Rows of slices under a flip, as the stored layout has them, sent each
// entry's neighbours to a different row, a cache miss each: session 36's first try, abandoned
// at depth 10 after 3.5 minutes.) Values: 0 done, 1 the frontier, 2 reached in this pass, 3
// unreached (RowBfs with cur 1, next 2).
struct NxDom {
    const NxCoords *co = nullptr;
    uint32_t nflip = N_FLIP;
    const uint16_t *flm = nullptr;  // [(sym * 18 + move) * nflip + flip]: L_sym of the moved flip
    uint8_t *mins = nullptr;        // per stored line ((class * nflip + flip) * 8 + slice / 62): least depth, 255 none
    unsigned new_depth = 0;         // the depth this pass's new entries have

    struct Row {
        uint32_t cur_class = UINT32_MAX;
        uint32_t nb_cls[NMOVES], nb_sym[NMOVES];
        uint16_t nb_stab[NMOVES];
        uint64_t nb_row[NMOVES];     // the neighbour row's first entry
        uint32_t nb_sl[NMOVES];      // its slice
        uint32_t nb_xor[NMOVES];     // the flip correction where the moved slice edges sit
        const uint16_t *nb_fl[NMOVES];
    };
    uint64_t width() const { return nflip; }
    void row(uint64_t r, Row &x) const {
        const uint32_t c = uint32_t(r / NX_SLICE), sl = uint32_t(r % NX_SLICE);
        if (c != x.cur_class) {
            x.cur_class = c;
            for (int m = 0; m < NMOVES; ++m) {
                const uint32_t e = co->class_move[size_t(c) * NMOVES + size_t(m)];
                x.nb_cls[m] = e >> 4, x.nb_sym[m] = e & 15, x.nb_stab[m] = co->class_stab[e >> 4];
                x.nb_fl[m] = flm + (size_t(e & 15) * NMOVES + size_t(m)) * nflip;
            }
        }
        for (int m = 0; m < NMOVES; ++m) {
            const uint32_t sl1 = co->sl_move[size_t(sl) * NMOVES + size_t(m)], s = x.nb_sym[m];
            x.nb_sl[m] = co->sl_conj[size_t(sl1) * N_UDSYM + s];
            x.nb_xor[m] = co->sl_flip[size_t(sl1) * N_UDSYM + s] & (nflip - 1);
            x.nb_row[m] = (uint64_t(x.nb_cls[m]) * NX_SLICE + x.nb_sl[m]) * nflip;
        }
    }
    template <class F> void forward(const Row &x, uint32_t fl, F &&f) const {
        for (int m = 0; m < NMOVES; ++m) {
            const uint32_t fl2 = x.nb_fl[m][fl] ^ x.nb_xor[m];
            f(x.nb_row[m] + fl2);
            if (x.nb_stab[m] != 1)  // the same state under the representative's other symmetries
                for (int u = 1; u < N_UDSYM; ++u)
                    if (x.nb_stab[m] >> u & 1) {
                        int fl3, sl3;
                        co->conj_edges(u, int(fl2), int(x.nb_sl[m]), fl3, sl3);
                        f((uint64_t(x.nb_cls[m]) * NX_SLICE + uint32_t(sl3)) * nflip + (uint32_t(fl3) & (nflip - 1)));
                    }
        }
    }
    template <class F> bool backward(const Row &x, uint32_t fl, F &&want) const {
        for (int m = 0; m < NMOVES; ++m)
            if (want(x.nb_row[m] + (x.nb_fl[m][fl] ^ x.nb_xor[m]))) return true;
        return false;
    }
    void reached(Row &, uint64_t j) const {
        // Relaxed: within a pass every writer of a line's byte writes the same depth; the pass's
        // join orders it before the next pass reads it.
        const uint64_t r = j / nflip, c = r / NX_SLICE, sl = r % NX_SLICE, fl = j % nflip;
        uint8_t *p = mins + (c * nflip + fl) * NX_LINES + sl / NX_LINE;
        if (__atomic_load_n(p, __ATOMIC_RELAXED) == 255) __atomic_store_n(p, uint8_t(new_depth), __ATOMIC_RELAXED);
    }
    void alone(Row &, uint64_t) const {}
    void finish(Row &) const {}
    void what(char *buf, size_t n, unsigned depth) const {
        std::snprintf(buf, n, "cube: building table nx (depth %u)", depth + 1);
    }
};

// The last step, in place: each class's block of the build (495 rows of nflip 2-bit codes, entry
// (slice * nflip + flip)) into the stored layout (nflip rows of 8 lines of 62 slices and the
// line's minimum). The stored block of class c starts at byte 128 nflip c, at or after the
// build's (123.75 nflip c), and ends after it, where the later classes' build blocks were: so the
// classes go from the last to the first, each block read whole before it is written.
void transpose_to_lines(uint8_t *d, const uint8_t *mins, uint32_t classes, uint32_t nflip) {
    std::vector<uint8_t> tmp(size_t(NX_SLICE) * nflip);
    for (uint32_t c = classes; c-- > 0;) {
        const uint64_t e0 = uint64_t(c) * NX_SLICE * nflip;
        for (size_t k = 0; k < tmp.size(); ++k) {
            const uint64_t i = e0 + k;
            tmp[k] = uint8_t(d[i >> 2] >> ((i & 3) * 2) & 3);
        }
        for (uint32_t fl = 0; fl < nflip; ++fl) {
            uint8_t *row = d + (uint64_t(c) * nflip + fl) * NX_ROW_BYTES;
            const uint8_t *mn = mins + (uint64_t(c) * nflip + fl) * NX_LINES;
            for (unsigned k = 0; k < NX_LINES; ++k) {
                uint64_t w[2] = {0, 0};
                for (unsigned q = 0; q < NX_LINE; ++q) {
                    const unsigned sl = k * NX_LINE + q;
                    const uint64_t code = sl < NX_SLICE ? tmp[size_t(sl) * nflip + fl] : 3;  // the unused slot: 3
                    w[q >> 5] |= code << ((q & 31) * 2);
                }
                w[1] |= uint64_t(std::min<unsigned>(mn[k], 15)) << 60;
                std::memcpy(row + 16 * k, w, 16);
            }
        }
    }
}

struct NxHeader {
    char magic[8];
    uint64_t classes, nflip, base, rows, bytes, sum;
    uint64_t depth_counts[16];
};
constexpr char NX_MAGIC[9] = "CUBENX01";

}  // namespace

std::string nx_file() { return "cube-nx.pdb"; }

solver_status build_nx(const solver_services *sv, NxTable &out, uint32_t nflip, unsigned base) {
    const auto t0 = clock_type::now();
    const NxCoords &co = nx_coords();
    if (nflip != 1 && nflip != N_FLIP) return SOLVER_ERR_INTERNAL;
    if (base > 12) return SOLVER_ERR_INTERNAL;  // base + 2 and the minima must fit the 4-bit nibble
    out.classes = co.classes;
    out.nflip = nflip;
    out.base = base;
    out.rows = uint64_t(co.classes) * nflip;
    out.from_cache = false;
    // The stored size (more than the build's 2 bits an entry: 496 slots a line of 62 and a nibble).
    HugeBuffer buf(size_t(out.bytes()));
    uint8_t *d = buf.data();
    std::memset(d, 0xff, buf.size());
    std::vector<uint8_t> mins(size_t(out.rows) * NX_LINES, 255);
    std::vector<uint16_t> flm(size_t(N_UDSYM) * NMOVES * nflip);
    for (int s = 0; s < N_UDSYM; ++s)
        for (int m = 0; m < NMOVES; ++m)
            for (uint32_t f = 0; f < nflip; ++f)
                flm[(size_t(s) * NMOVES + size_t(m)) * nflip + f] =
                    uint16_t(co.fl_lin[size_t(s) * N_FLIP + co.fl_move[size_t(f) * NMOVES + size_t(m)]] & (nflip - 1));
    NxDom dom;
    dom.co = &co, dom.nflip = nflip, dom.flm = flm.data(), dom.mins = mins.data();
    RowBfs<NxDom> b;
    b.dom = &dom, b.d = d, b.sv = sv, b.size = uint64_t(co.classes) * nflip * NX_SLICE;
    b.bits = 2, b.unreached = 3, b.cur = 1, b.next = 2;
    // The solved state: its class's representative (corner part 0) is fixed by all 16, and so is
    // its edge part: one entry.
    const CubieCube solved = CubieCube::solved();
    const uint64_t s0 = co.index(solved), c0 = (s0 >> 9) / N_FLIP, f0 = (s0 >> 9) % N_FLIP & (nflip - 1), sl0 = s0 & 511;
    const uint64_t i0 = (c0 * NX_SLICE + sl0) * nflip + f0;
    d[i0 >> 2] = uint8_t(d[i0 >> 2] & ~(2u << ((i0 & 3) * 2)));  // 3 -> 1
    mins[(c0 * nflip + f0) * NX_LINES + sl0 / NX_LINE] = 0;
    out.depth_counts.assign(1, 1);
    uint64_t filled = 1, frontier = 1;
    Relabel2 rl{d, buf.size() / 8};
    for (unsigned depth = 0; depth < base + 2; ++depth) {
        if (frontier == 0) break;  // all reached (the small projection)
        // Backward once the unreached part is less than twice the frontier (as fstp2's and the
        // third table's builds), but only for depths above the base: a backward pass does not
        // call reached(), and the lines' minima matter only for codes 0 (the base or less).
        dom.new_depth = depth + 1;
        b.backward = depth + 1 > base && double(b.size - filled) < 2.0 * double(frontier);
        b.depth = depth;
        b.added = 0;
        b.filled_before = filled;
        bfs_pass(sv, uint64_t(co.classes) * NX_SLICE, nflip == 1 ? 4096 : 64, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        // Relabel after every pass but the last (whose 1s and 2s are the codes base + 1, + 2).
        if (depth + 1 < base + 2) bfs_pass(sv, rl.words, uint64_t(1) << 16, rl);
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
        log_bfs_depth(sv, nflip == 1 ? "nx (without the flip)" : "nx", depth + 1, frontier,
                      b.backward ? "backward" : "forward", std::chrono::duration<double>(clock_type::now() - t0).count());
    }
    out.depth_counts.push_back(b.size - filled);  // base + 3 or more (or none)
    // Up to the base every entry is 0 (done) now; base + 1 is 1 (the frontier relabelled), base + 2
    // is 2 (reached by the last pass), the rest 3. A space whose depths end before base + 2 (a
    // small projection with a large base) would have relabelled its last depths: refused.
    if (out.depth_counts.size() < size_t(base) + 4) {
        buf = HugeBuffer();
        return SOLVER_ERR_INTERNAL;  // base too large for this space: use a smaller one
    }
    transpose_to_lines(d, mins.data(), co.classes, nflip);
    out.data = std::move(buf);
    out.build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    return SOLVER_OK;
}

bool save_nx(const NxTable &t, const std::string &path, std::string &why) {
    NxHeader h{};
    std::memcpy(h.magic, NX_MAGIC, 8);
    h.classes = t.classes, h.nflip = t.nflip, h.base = t.base, h.rows = t.rows, h.bytes = t.bytes();
    h.sum = cache_checksum(t.data.data(), h.bytes);
    for (size_t i = 0; i < t.depth_counts.size() && i < 16; ++i) h.depth_counts[i] = t.depth_counts[i];
    return write_cache_file(path, {{&h, sizeof h}, {t.data.data(), size_t(h.bytes)}}, why);
}

bool load_nx(const std::string &path, NxTable &out, std::string &why, bool verify, unsigned pages, bool verify_once) {
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return why = "no cached table " + path, false;
    NxHeader h{};
    const bool got = std::fread(&h, sizeof h, 1, f) == 1;
    std::fclose(f);
    const NxCoords &co = nx_coords();
    std::error_code ec;
    if (!got || std::memcmp(h.magic, NX_MAGIC, 8) != 0 || h.classes != co.classes || (h.nflip != 1 && h.nflip != N_FLIP) ||
        h.rows != h.classes * h.nflip || h.bytes != h.rows * NX_ROW_BYTES || h.base > 12 ||
        std::filesystem::file_size(path, ec) != sizeof h + h.bytes || ec)
        return why = "cached table " + path + " does not match (header or size)", false;
    out.classes = uint32_t(h.classes), out.nflip = uint32_t(h.nflip), out.base = unsigned(h.base), out.rows = h.rows;
    const bool vouched = verify && verify_once && verified_before(path, h.sum);
    out.data = load_table_data(path, sizeof h, h.bytes, pages);
    if (!out.data.data() || (verify && !vouched && cache_checksum(out.data.data(), h.bytes) != h.sum)) {
        out.data = HugeBuffer();
        return why = "cached table " + path + " is truncated or corrupt", false;
    }
    out.checksum_skipped = !verify || vouched;
    if (verify && verify_once && !vouched) mark_verified(path, h.sum);
    out.depth_counts.clear();
    for (int i = 0; i < 16 && (i == 0 || h.depth_counts[i]); ++i) out.depth_counts.push_back(h.depth_counts[i]);
    out.from_cache = true;
    return true;
}

void nx_views(const NxTable &t, const CubieCube &c, unsigned v[6]) {
    const NxCoords &co = nx_coords();
    for (int k = 0; k < 6; ++k) v[k] = t.bound(co.index(cube_view(c, k)));
}

unsigned nx_bound(const NxTable &t, const CubieCube &c) {
    unsigned v[6];
    nx_views(t, c, v);
    return std::max(bondt_rule(v[0], v[1], v[2]), bondt_rule(v[3], v[4], v[5]));
}

solver_status get_nx(const solver_services *sv, std::shared_ptr<const NxTable> &out, solver_error *err, unsigned pages,
                     bool verify_once, bool build) {
    static LoadOnce<NxTable> once;
    TableIo<NxTable> io;
    io.name = "nx";
    io.file = nx_file();
    io.load = [&](const std::string &path, NxTable &t, std::string &why, bool verify) {
        if (!verify) return load_nx(path, t, why, false, pages);
        // A cached projection (nflip 1, tests' size) is not the table.
        if (!load_nx(path, t, why, true, pages, verify_once)) return false;
        if (t.nflip != N_FLIP) return why = "cached table " + path + " is the flip-less projection, not the table", false;
        return true;
    };
    io.build = [&](NxTable &t) { return build_nx(sv, t); };
    io.save = save_nx;
    io.size_text = [](const NxTable &t) {
        char s[96];
        std::snprintf(s, sizeof s, "%llu rows, %.1f MiB", (unsigned long long)t.rows, double(t.bytes()) / 1048576.0);
        return std::string(s);
    };
    io.building = "cube: building table nx (the N table, 2.42 GiB; about 4 minutes on 2 idle cores, 2.6 GiB at its peak)";
    return load_or_build(once, io, sv, out, err, build);
}

}  // namespace cube
