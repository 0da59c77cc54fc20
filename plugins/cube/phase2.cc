#include "phase2.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "cache_file.h"
#include "cube.h"
#include "load_once.h"
#include "pdb.h"
#include "symmetry.h"

namespace cube {

namespace {

constexpr uint8_t UNREACHED = 0xff;
// G1's moves: U U2 U' R2 F2 D D2 D' L2 B2 (as twophase.cc's P2_MOVES).
constexpr int G1_MOVES[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};
using clock_type = std::chrono::steady_clock;

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

// One pass of the breadth-first search over the classes [b, e), as phase1.cc's: forward (each
// entry at `depth` marks its unreached neighbours depth + 1) or backward (each unreached entry
// with a neighbour at `depth` becomes depth + 1). A class's entries are its 40,320 U/D-edge
// permutations; the neighbours along a move all lie in one row (the class the move leads to).
//
// Memory ordering (the argument of phase1.cc's Bfs): entries are read and written with relaxed
// atomics. A pass reads the values of earlier passes (depth and below, stable: parallel_for's
// join ends every pass and orders its writes before the next) and changes only UNREACHED
// entries to depth + 1, which no reader in the pass compares equal to `depth`; so a reader
// sees the same decision whichever of the two it loads. Writes go through a compare-exchange
// so that each new entry is counted once.
struct Bfs {
    const Phase2Classes *cl;
    uint8_t *d;
    uint8_t depth = 0;
    bool backward = false;
    std::atomic<uint64_t> added{0};
    const solver_services *sv = nullptr;
    std::atomic<bool> stop{false};
    uint64_t filled_before = 0, entries = 0;  // for the progress line
    clock_type::time_point t0;
    int64_t last_progress_ms = -1000;  // only worker 0 reads and writes it

    // Entry (cls, u) and its twins (phase2.h) from UNREACHED to depth + 1; how many changed.
    uint64_t reach(uint32_t cls, uint32_t u) {
        uint64_t n = 0;
        auto set = [&](uint64_t j) {
            uint8_t expected = UNREACHED;
            if (__atomic_load_n(&d[j], __ATOMIC_RELAXED) == UNREACHED &&
                __atomic_compare_exchange_n(&d[j], &expected, uint8_t(depth + 1), false, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                ++n;
        };
        const uint64_t row = uint64_t(cls) * P2_PERMS;
        set(row + u);
        for (uint32_t stab = cl->class_stab[cls]; stab; stab &= stab - 1)
            set(row + cl->ud_conj[size_t(u) * N_UDSYM + uint32_t(__builtin_ctz(stab))]);
        return n;
    }

    void run(uint64_t b, uint64_t e, uint32_t worker) {
        uint64_t mine = 0;
        const uint16_t *um = cl->moves->ud.data(), *uc = cl->ud_conj.data();
        for (uint64_t c = b; c < e; ++c) {
            if (stop.load(std::memory_order_relaxed)) return;
            const uint32_t rep = cl->class_rep[c];
            uint32_t row[10], conj[10];
            for (int k = 0; k < 10; ++k) {
                const uint32_t v = cl->cp_class[cl->moves->cp[size_t(rep) * NMOVES + G1_MOVES[k]]];
                row[k] = v >> 4;
                conj[k] = v & 15;
            }
            uint8_t *mine_row = d + c * P2_PERMS;
            for (uint32_t u = 0; u < uint32_t(P2_PERMS); ++u) {
                const uint8_t v = __atomic_load_n(&mine_row[u], __ATOMIC_RELAXED);
                if (backward ? v != UNREACHED : v != depth) continue;
                for (int k = 0; k < 10; ++k) {
                    const uint32_t uj = uc[size_t(um[size_t(u) * NMOVES + G1_MOVES[k]]) * N_UDSYM + conj[k]];
                    if (backward) {
                        if (__atomic_load_n(&d[uint64_t(row[k]) * P2_PERMS + uj], __ATOMIC_RELAXED) != depth) continue;
                        mine += reach(uint32_t(c), u);
                        break;
                    }
                    mine += reach(row[k], uj);
                }
            }
        }
        // Relaxed: the total is read after the pass's join; the progress line's partial sum
        // needs no order.
        const uint64_t now = added.fetch_add(mine, std::memory_order_relaxed) + mine;
        if (sv && sv->should_stop && sv->should_stop(sv->ctx)) stop.store(true, std::memory_order_relaxed);
        if (worker == 0 && sv && sv->progress) {
            const int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - t0).count();
            if (ms - last_progress_ms >= 250) {
                last_progress_ms = ms;
                char what[64];
                std::snprintf(what, sizeof what, "cube: building table phase2 (depth %u)", unsigned(depth) + 1);
                sv->progress(sv->ctx, what, double(filled_before + now) / double(entries));
            }
        }
    }
    static void body(void *arg, uint64_t b, uint64_t e, uint32_t w) { static_cast<Bfs *>(arg)->run(b, e, w); }
};

struct FileHeader {
    char magic[8];
    uint64_t classes, entries, sum;
    uint64_t counts[24];  // entries at each distance 0..23 (the ones at P2_CAP and beyond stored as P2_CAP)
};
constexpr char MAGIC[8] = {'C', 'U', 'B', 'E', 'P', '2', 'v', '1'};

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

std::string phase2_file() { return "cube-phase2.pdb"; }

solver_status build_phase2_table(const solver_services *sv, Phase2Table &out) {
    const auto t0 = clock_type::now();
    out.cl = &phase2_classes();
    const uint64_t n = uint64_t(out.cl->classes) * P2_PERMS;
    std::vector<uint8_t> d(n, UNREACHED);
    d[0] = 0;  // class 0 (the solved corners) with the solved U/D edges
    out.depth_counts.assign(1, 1);
    uint64_t filled = 1, frontier = 1;
    Bfs b;
    b.cl = out.cl;
    b.d = d.data();
    b.sv = sv;
    b.t0 = t0;
    b.entries = n;
    for (unsigned depth = 0; filled < n; ++depth) {
        if (frontier == 0 || depth >= 24) return SOLVER_ERR_INTERNAL;  // G1 needs at most 18
        b.depth = uint8_t(depth);
        // Backward once the unreached entries are fewer than the frontier's neighbours (a
        // backward entry stops at its first neighbour on the frontier).
        b.backward = double(n - filled) < 3.0 * double(frontier);
        b.added = 0;
        b.filled_before = filled;
        bfs_pass(sv, out.cl->classes, 4, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
        log_bfs_depth(sv, "phase2", depth + 1, frontier, b.backward ? "backward" : "forward",
                      std::chrono::duration<double>(clock_type::now() - t0).count());
    }
    out.data.assign((n + 1) / 2, 0);
    for (uint64_t i = 0; i < n; ++i)
        out.data[i >> 1] = uint8_t(out.data[i >> 1] | std::min<uint8_t>(d[i], P2_CAP) << ((i & 1) * 4));
    out.seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    out.from_cache = false;
    return SOLVER_OK;
}

bool save_phase2_table(const Phase2Table &t, const std::string &path, std::string &why) {
    FileHeader h{};
    std::memcpy(h.magic, MAGIC, 8);
    h.classes = t.cl->classes;
    h.entries = uint64_t(t.cl->classes) * P2_PERMS;
    h.sum = cache_checksum(t.data.data(), t.data.size());
    for (size_t k = 0; k < t.depth_counts.size() && k < 24; ++k) h.counts[k] = t.depth_counts[k];
    return write_cache_file(path, {{&h, sizeof h}, {t.data.data(), t.data.size()}}, why);
}

bool load_phase2_table(const std::string &path, Phase2Table &t, std::string &why) {
    const auto t0 = clock_type::now();
    std::ifstream f(path, std::ios::binary);
    if (!f) return why = "cannot open " + path, false;
    FileHeader h{};
    f.read(reinterpret_cast<char *>(&h), sizeof h);
    t.cl = &phase2_classes();
    const uint64_t n = uint64_t(t.cl->classes) * P2_PERMS;
    if (!f || std::memcmp(h.magic, MAGIC, 8) != 0 || h.classes != t.cl->classes || h.entries != n)
        return why = path + ": not a phase-2 table of this version", false;
    t.data.assign((n + 1) / 2, 0);
    f.read(reinterpret_cast<char *>(t.data.data()), std::streamsize(t.data.size()));
    if (!f || f.peek() != std::char_traits<char>::eof()) return why = path + ": truncated or too long", false;
    if (cache_checksum(t.data.data(), t.data.size()) != h.sum) return why = path + ": checksum mismatch", false;
    t.depth_counts.clear();
    for (uint64_t c : h.counts)
        if (c) t.depth_counts.push_back(c);
    t.seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    t.from_cache = true;
    return true;
}

solver_status get_phase2_table(const solver_services *sv, bool build, std::shared_ptr<const Phase2Table> &out,
                               solver_error *err) {
    static LoadOnce<Phase2Table> once;
    const std::string dir = cache_folder(sv);
    const std::string path = dir + "/" + phase2_file();
    // Without `build`, a table not found is remembered (a damaged file warns once a process).
    return once.get(path, !build, out, [&](std::shared_ptr<const Phase2Table> &got) {
        auto t = std::make_shared<Phase2Table>();
        std::string why;
        std::error_code ec;
        char line[512];
        if (load_phase2_table(path, *t, why)) {
            std::snprintf(line, sizeof line, "cube: table phase2: %llu entries, %.1f MiB, loaded from %s in %.2f s",
                          (unsigned long long)(uint64_t(t->cl->classes) * P2_PERMS), double(t->data.size()) / 1048576.0,
                          path.c_str(), t->seconds);
        } else {
            const bool exists = std::filesystem::exists(path, ec);
            if (!build) {
                if (exists && sv && sv->log)
                    sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: table phase2 not used: " + why).c_str());
                return SOLVER_OK;
            }
            if (exists && sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: table phase2 rebuilt: " + why).c_str());
            const solver_status s = build_phase2_table(sv, *t);
            if (s == SOLVER_ERR_STOPPED) return solver_error_set(err, s, 0, 0, "stopped while building table phase2");
            if (s != SOLVER_OK) return solver_error_set(err, s, 0, 0, "building table phase2 failed");
            std::filesystem::create_directories(dir, ec);
            const bool saved = save_phase2_table(*t, path, why);
            std::snprintf(line, sizeof line, "cube: table phase2: %llu entries, %.1f MiB, built in %.1f s, %s%s",
                          (unsigned long long)(uint64_t(t->cl->classes) * P2_PERMS), double(t->data.size()) / 1048576.0,
                          t->seconds, saved ? "saved to " : "not cached: ", saved ? path.c_str() : why.c_str());
        }
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, line);
        got = t;
        return SOLVER_OK;
    });
}

}  // namespace cube
