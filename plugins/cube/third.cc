#include "third.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sys/mman.h>

#include "cache_file.h"
#include "load_or_build.h"
#include "pdb.h"
#include "row_bfs.h"
#include "twophase.h"

namespace cube {

int get_slice_part(const CubieCube &c) {
    int seq[4], k = 0;
    for (int i = 0; i < 12; ++i)
        if (c.ep[i] >= FR) seq[k++] = c.ep[i];
    const int opp = FR + (seq[0] - FR + 2) % 4;
    int t = 0;
    for (int r = 1; r < 4; ++r)
        if (seq[r] == opp) t = r - 1;
    return get_slice(c) * 3 + t;
}

void set_slice_part(CubieCube &c, int v) {
    set_slice(c, v / 3);
    int pos[4], k = 0;
    for (int e = 0; e < 12; ++e)
        if (c.ep[e] >= FR) pos[k++] = e;
    // FR first, BL (its opposite) at rank t + 1, FL and BR in the other two.
    const int others[2] = {FL, BR};
    for (int r = 1, o = 0; r < 4; ++r) c.ep[pos[r]] = uint8_t(r == v % 3 + 1 ? BL : others[o++]);
    c.ep[pos[0]] = FR;
}

namespace {

ThirdCoords make_third_coords() {
    ThirdCoords t;
    const Symmetry &S = symmetry();
    t.cp_move.resize(size_t(N_CPERM) * NMOVES);
    t.tw_move.resize(size_t(N_TWIST) * NMOVES);
    t.sp_move.resize(size_t(N_SLPART) * NMOVES);
    t.tw_conj.resize(size_t(N_TWIST) * N_UDSYM);
    t.sp_conj.resize(size_t(N_SLPART) * N_UDSYM);
    std::vector<uint16_t> cp_conj(size_t(N_CPERM) * N_UDSYM);
    for (int i = 0; i < N_CPERM; ++i) {
        CubieCube c = CubieCube::solved();
        set_corner_perm(c, i);
        for (int m = 0; m < NMOVES; ++m) t.cp_move[size_t(i) * NMOVES + m] = uint16_t(get_corner_perm(apply_move(c, m)));
        for (int s = 0; s < N_UDSYM; ++s) cp_conj[size_t(i) * N_UDSYM + s] = uint16_t(get_corner_perm(S.conj(c, s)));
    }
    for (int i = 0; i < N_TWIST; ++i) {
        CubieCube c = CubieCube::solved();
        set_twist(c, i);
        for (int m = 0; m < NMOVES; ++m) t.tw_move[size_t(i) * NMOVES + m] = uint16_t(get_twist(apply_move(c, m)));
        for (int s = 0; s < N_UDSYM; ++s) t.tw_conj[size_t(i) * N_UDSYM + s] = uint16_t(get_twist(S.conj(c, s)));
    }
    for (int i = 0; i < N_SLPART; ++i) {
        CubieCube c = CubieCube::solved();
        set_slice_part(c, i);
        for (int m = 0; m < NMOVES; ++m) t.sp_move[size_t(i) * NMOVES + m] = uint16_t(get_slice_part(apply_move(c, m)));
        for (int s = 0; s < N_UDSYM; ++s) t.sp_conj[size_t(i) * N_UDSYM + s] = uint16_t(get_slice_part(S.conj(c, s)));
    }
    // Classes in ascending order of their least member (the representative).
    t.cp_class.assign(N_CPERM, UINT16_MAX);  // 2768 classes << 4 fit in 16 bits
    for (int x = 0; x < N_CPERM; ++x) {
        if (t.cp_class[size_t(x)] != UINT16_MAX) continue;
        const uint32_t c = t.classes++;
        uint16_t stab = 0;
        for (int s = 0; s < N_UDSYM; ++s) {
            const int y = cp_conj[size_t(x) * N_UDSYM + s];  // S_s x S_s^-1, so S_s^-1 y S_s = x
            if (y == x) stab = uint16_t(stab | 1u << s);
            if (t.cp_class[size_t(y)] == UINT16_MAX) t.cp_class[size_t(y)] = uint16_t(c << 4 | uint32_t(S.inv[s]));
        }
        t.class_rep.push_back(uint16_t(x));
        t.class_stab.push_back(stab);
    }
    for (int mask = 0; mask < 4096; ++mask) {
        if (__builtin_popcount(unsigned(mask)) != 4) continue;
        CubieCube c = CubieCube::solved();
        for (int i = 0, s = FR, o = UR; i < 12; ++i) c.ep[i] = uint8_t(mask >> i & 1 ? s++ : o++);
        t.slice_of_mask[mask] = uint16_t(get_slice(c));
    }
    for (int x = 0; x < 256; ++x) t.popcount8[x] = uint8_t(__builtin_popcount(unsigned(x)));
    return t;
}

}  // namespace

const ThirdCoords &third_coords() {
    static const ThirdCoords t = make_third_coords();  // thread-safe static init
    return t;
}

void ThirdCoords::from_loc(const uint8_t loc[20], bool inverse, int &cp, int &tw, int &sp) const {
    uint8_t p[8], o[8], e[12];
    unpack_loc(loc, inverse, p, o, e);
    // The corner permutation's rank by get_corner_perm (perm_rank); from_loc_fast ranks it inline.
    CubieCube c;
    std::memcpy(c.cp, p, 8);
    cp = get_corner_perm(c);
    twist_and_slice(o, e, tw, sp);
}

unsigned third_bound(const ThirdTable &t, const CubieCube &c) {
    unsigned h = 0;
    for (int k = 0; k < 6; ++k) h = std::max(h, t.bound(t.co->index(cube_view(c, k))));
    return h;
}

namespace {

using clock_type = std::chrono::steady_clock;

// The third table's part of its breadth-first search (RowBfs, row_bfs.h): a row is (corner
// permutation class, twist), its entries the 1485 slice parts. Values: 0 done, 1 the frontier,
// 2 reached in this pass, 3 unreached (RowBfs with cur 1, next 2).
struct ThirdDom {
    const ThirdCoords *co = nullptr;
    const uint16_t *spms = nullptr;  // [(sym * 18 + move) * 1485 + sp]: sp_conj of sp_move

    struct Row {
        uint32_t cur_class = UINT32_MAX;  // the class the neighbour classes below are of
        uint32_t nb_cls[NMOVES], nb_sym[NMOVES];
        uint16_t nb_stab[NMOVES];
        uint64_t nb_row[NMOVES];
        const uint16_t *nb_sp[NMOVES];
        uint16_t nb_tw[NMOVES];
    };
    uint64_t width() const { return N_SLPART; }
    void row(uint64_t r, Row &x) const {
        const uint32_t c = uint32_t(r / N_TWIST), tw = uint32_t(r % N_TWIST);
        if (c != x.cur_class) {
            x.cur_class = c;
            const uint32_t rep = co->class_rep[c];
            for (int m = 0; m < NMOVES; ++m) {
                const uint32_t e = co->cp_class[co->cp_move[size_t(rep) * NMOVES + m]];
                x.nb_cls[m] = e >> 4, x.nb_sym[m] = e & 15, x.nb_stab[m] = co->class_stab[e >> 4];
            }
        }
        for (int m = 0; m < NMOVES; ++m) {
            x.nb_tw[m] = co->tw_conj[size_t(co->tw_move[size_t(tw) * NMOVES + m]) * N_UDSYM + x.nb_sym[m]];
            x.nb_row[m] = (uint64_t(x.nb_cls[m]) * N_TWIST + x.nb_tw[m]) * N_SLPART;
            x.nb_sp[m] = spms + (size_t(x.nb_sym[m]) * NMOVES + size_t(m)) * N_SLPART;
        }
    }
    template <class F> void forward(const Row &x, uint32_t sp, F &&f) const {
        for (int m = 0; m < NMOVES; ++m) {
            const unsigned s2 = x.nb_sp[m][sp];
            f(x.nb_row[m] + s2);
            if (x.nb_stab[m] != 1)  // the same state under the representative's other symmetries
                for (unsigned u = 1; u < N_UDSYM; ++u)
                    if (x.nb_stab[m] >> u & 1)
                        f((uint64_t(x.nb_cls[m]) * N_TWIST + co->tw_conj[size_t(x.nb_tw[m]) * N_UDSYM + u]) * N_SLPART +
                          co->sp_conj[size_t(s2) * N_UDSYM + u]);
        }
    }
    template <class F> bool backward(const Row &x, uint32_t sp, F &&want) const {
        for (int m = 0; m < NMOVES; ++m)
            if (want(x.nb_row[m] + x.nb_sp[m][sp])) return true;
        return false;
    }
    void reached(Row &, uint64_t) const {}
    void alone(Row &, uint64_t) const {}
    void finish(Row &) const {}
    void what(char *buf, size_t n, unsigned depth) const {
        std::snprintf(buf, n, "cube: building table third=t (depth %u of 11)", depth + 1);
    }
};

struct ThirdHeader {
    char magic[8];
    uint64_t classes, size, bytes, sum;
    uint64_t depth_counts[16];
};
constexpr char THIRD_MAGIC[9] = "CUBETHT2";  // 1 bit an entry (CUBETHT1: session 18's first, 5 a byte)

}  // namespace

std::string third_file() { return "cube-third-t.pdb"; }

solver_status build_third(const solver_services *sv, ThirdTable &out) {
    const auto t0 = clock_type::now();
    const ThirdCoords &co = third_coords();
    out.co = &co;
    out.size = co.size();
    out.from_cache = false;
    const uint64_t bytes2 = (out.size * 2 + 7) / 8;
    // Rounded up to whole words for the relabelling pass (the padding entries stay 3).
    HugeBuffer buf((bytes2 + 7) / 8 * 8);
    uint8_t *d = buf.data();
    std::memset(d, 0xff, buf.size());
    std::vector<uint16_t> spms(size_t(N_UDSYM) * NMOVES * N_SLPART);
    for (int s = 0; s < N_UDSYM; ++s)
        for (int m = 0; m < NMOVES; ++m)
            for (int sp = 0; sp < N_SLPART; ++sp)
                spms[(size_t(s) * NMOVES + size_t(m)) * N_SLPART + size_t(sp)] =
                    co.sp_conj[size_t(co.sp_move[size_t(sp) * NMOVES + size_t(m)]) * N_UDSYM + size_t(s)];
    ThirdDom dom;
    dom.co = &co, dom.spms = spms.data();
    RowBfs<ThirdDom> b;
    b.dom = &dom, b.d = d, b.sv = sv, b.size = out.size;
    b.bits = 2, b.unreached = 3, b.cur = 1, b.next = 2;
    // The solved state (its class's representative is the identity, fixed by all 16).
    const CubieCube solved = CubieCube::solved();
    const uint64_t i0 = co.index(solved);
    d[i0 >> 2] = uint8_t(d[i0 >> 2] & ~(2u << ((i0 & 3) * 2)));  // 3 -> 1
    out.depth_counts.assign(1, 1);
    uint64_t filled = 1, frontier = 1;
    const uint64_t rows = uint64_t(co.classes) * N_TWIST;
    Relabel2 rl{d, buf.size() / 8};
    for (unsigned depth = 0; depth < ThirdTable::LOW + 1; ++depth) {
        if (frontier == 0) return SOLVER_ERR_INTERNAL;
        // Backward once the unreached part is less than twice the frontier (as fstp2's build).
        b.backward = double(out.size - filled) < 2.0 * double(frontier);
        b.depth = depth;
        b.added = 0;
        b.filled_before = filled;
        const uint64_t grain = 256;
        bfs_pass(sv, rows, grain, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        bfs_pass(sv, rl.words, uint64_t(1) << 16, rl);
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
        log_bfs_depth(sv, "third=t", depth + 1, frontier, b.backward ? "backward" : "forward",
                      std::chrono::duration<double>(clock_type::now() - t0).count());
    }
    out.depth_counts.push_back(out.size - filled);  // 12 or more
    // Pack in place to one bit an entry: 0 (10 or less) -> 0, 1 (11) and 3 (12 or more) -> 1.
    // Output byte k holds entries 8k..8k+7, read from input bytes 2k and 2k + 1 (never before k),
    // so each is read before it is overwritten. (The 8 padding entries at most past size are 3 in
    // the input and never read.)
    const uint64_t nb = third_bytes();
    for (uint64_t k = 0; k < nb; ++k) {
        const unsigned x = unsigned(d[2 * k]) | unsigned(d[2 * k + 1]) << 8;  // 8 entries, 2 bits each
        const unsigned y = (x | x >> 1) & 0x5555u;  // bit 2q: entry q is not 0
        unsigned v = 0;
        for (int q = 0; q < 8; ++q) v |= (y >> (2 * q) & 1u) << q;
        d[k] = uint8_t(v);
    }
    // Give back the unused tail (the pages after the packed bytes).
    const size_t pg = size_t(2) << 20, keep = (nb + pg - 1) / pg * pg;
    if (keep < buf.size()) madvise(d + keep, buf.size() - keep, MADV_DONTNEED);
    out.data = std::move(buf);
    out.build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    return SOLVER_OK;
}

bool save_third(const ThirdTable &t, const std::string &path, std::string &why) {
    ThirdHeader h{};
    std::memcpy(h.magic, THIRD_MAGIC, 8);
    h.classes = t.co->classes;
    h.size = t.size;
    h.bytes = third_bytes();
    h.sum = cache_checksum(t.data.data(), h.bytes);
    for (size_t i = 0; i < t.depth_counts.size() && i < 16; ++i) h.depth_counts[i] = t.depth_counts[i];
    return write_cache_file(path, {{&h, sizeof h}, {t.data.data(), size_t(h.bytes)}}, why);
}

bool load_third(const std::string &path, ThirdTable &out, std::string &why, bool verify, unsigned pages,
                bool verify_once) {
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return why = "no cached table " + path, false;
    out.co = &third_coords();
    out.size = out.co->size();
    ThirdHeader h{};
    const bool got = std::fread(&h, sizeof h, 1, f) == 1;
    std::fclose(f);
    std::error_code ec;
    if (!got || std::memcmp(h.magic, THIRD_MAGIC, 8) != 0 || h.classes != out.co->classes || h.size != out.size ||
        h.bytes != third_bytes() || std::filesystem::file_size(path, ec) != sizeof h + h.bytes || ec)
        return why = "cached table " + path + " does not match (header or size)", false;
    const bool vouched = verify && verify_once && verified_before(path, h.sum);
    if (pages == PAGES_SHARED) out.data = HugeBuffer::map_file_huge(path, sizeof h, h.bytes);
    if (!out.data.data() && pages != PAGES_MAPPED) out.data = HugeBuffer::read_file(path, sizeof h, h.bytes);
    if (!out.data.data()) out.data = HugeBuffer::map_file(path, sizeof h, h.bytes);
    out.checksum_skipped = vouched && out.data.data();
    if (!out.data.data() || (verify && !out.checksum_skipped && cache_checksum(out.data.data(), h.bytes) != h.sum)) {
        out.data = HugeBuffer();
        return why = "cached table " + path + " is truncated or corrupt", false;
    }
    if (verify && verify_once && !out.checksum_skipped) mark_verified(path, h.sum);
    out.depth_counts.clear();
    for (int i = 0; i < 16 && (i == 0 || h.depth_counts[i]); ++i) out.depth_counts.push_back(h.depth_counts[i]);
    out.from_cache = true;
    return true;
}

solver_status get_third(const solver_services *sv, std::shared_ptr<const ThirdTable> &out, solver_error *err,
                        unsigned pages, bool verify_once, bool build) {
    static LoadOnce<ThirdTable> once;
    TableIo<ThirdTable> io;
    io.name = "third=t";
    io.file = third_file();
    io.load = [&](const std::string &path, ThirdTable &t, std::string &why, bool verify) {
        return verify ? load_third(path, t, why, true, pages, verify_once) : load_third(path, t, why, false, pages, false);
    };
    io.build = [&](ThirdTable &t) { return build_third(sv, t); };
    io.save = save_third;
    io.size_text = [](const ThirdTable &t) {
        char s[96];
        std::snprintf(s, sizeof s, "%llu entries, %.1f MiB", (unsigned long long)t.size, double(third_bytes()) / 1048576.0);
        return std::string(s);
    };
    return load_or_build(once, io, sv, out, err, build);
}

}  // namespace cube
