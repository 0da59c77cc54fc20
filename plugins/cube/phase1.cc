#include "phase1.h"

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

constexpr int FLIPS = 2048, SLICES = 495;
constexpr uint32_t FLIPSLICES = uint32_t(FLIPS) * SLICES;
constexpr uint8_t UNREACHED = 0xff;
using clock_type = std::chrono::steady_clock;

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

// One pass of the breadth-first search over the classes [b, e): forward (each entry at `depth`
// marks its unreached neighbours depth + 1) or backward (each unreached entry with a neighbour
// at `depth` becomes depth + 1). A class's entries are its 2,187 twists; the neighbours along a
// move all lie in one row (the class the move leads to), so the row stays cached.
//
// Memory ordering: entries are read and written with relaxed atomics. A pass reads the values
// of earlier passes (depth and below, stable: parallel_for's join ends every pass and orders
// its writes before the next) and changes only UNREACHED entries to depth + 1, which no reader
// in the pass compares equal to `depth`; so a reader sees the same decision whichever of the two
// it loads. Forward writes go through a compare-exchange so that each new entry is counted once.
struct Bfs {
    const Phase1Classes *cl;
    uint8_t *d;
    uint8_t depth = 0;
    bool backward = false;
    std::atomic<uint64_t> added{0};
    const solver_services *sv = nullptr;
    std::atomic<bool> stop{false};
    uint64_t filled_before = 0, entries = 0;  // for the progress line
    clock_type::time_point t0;
    int64_t last_progress_ms = -1000;  // only worker 0 reads and writes it

    // Entry (cls, t) and its twins (see phase1.h) from UNREACHED to depth + 1; how many changed.
    uint64_t reach(uint32_t cls, uint32_t t) {
        uint64_t n = 0;
        auto set = [&](uint64_t j) {
            uint8_t expected = UNREACHED;
            if (__atomic_load_n(&d[j], __ATOMIC_RELAXED) == UNREACHED &&
                __atomic_compare_exchange_n(&d[j], &expected, uint8_t(depth + 1), false, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                ++n;
        };
        const uint64_t row = uint64_t(cls) * P1_TWISTS;
        set(row + t);
        for (uint32_t stab = cl->class_stab[cls]; stab; stab &= stab - 1)
            set(row + cl->twist_conj[size_t(t) * N_UDSYM + uint32_t(__builtin_ctz(stab))]);
        return n;
    }

    void run(uint64_t b, uint64_t e, uint32_t worker) {
        uint64_t mine = 0;
        const uint16_t *tm = cl->moves->twist.data(), *tc = cl->twist_conj.data();
        for (uint64_t c = b; c < e; ++c) {
            if (stop.load(std::memory_order_relaxed)) return;
            const uint32_t rep = cl->class_rep[c];
            const uint32_t sl = rep / FLIPS, fl = rep % FLIPS;
            uint32_t row[NMOVES], conj[NMOVES];
            for (int m = 0; m < NMOVES; ++m) {
                const uint32_t w =
                    uint32_t(cl->moves->slice[sl * NMOVES + m]) * FLIPS + cl->moves->flip[fl * NMOVES + m];
                const uint32_t v = cl->fs_class[w];
                row[m] = v >> 4;
                conj[m] = v & 15;
            }
            uint8_t *mine_row = d + c * P1_TWISTS;
            for (int t = 0; t < P1_TWISTS; ++t) {
                const uint8_t v = __atomic_load_n(&mine_row[t], __ATOMIC_RELAXED);
                if (backward ? v != UNREACHED : v != depth) continue;
                for (int m = 0; m < NMOVES; ++m) {
                    const uint32_t tj = tc[size_t(tm[size_t(t) * NMOVES + m]) * N_UDSYM + conj[m]];
                    if (backward) {
                        if (__atomic_load_n(&d[uint64_t(row[m]) * P1_TWISTS + tj], __ATOMIC_RELAXED) != depth) continue;
                        mine += reach(uint32_t(c), uint32_t(t));
                        break;
                    }
                    mine += reach(row[m], tj);
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
                std::snprintf(what, sizeof what, "cube: building table phase1 (depth %u)", unsigned(depth) + 1);
                sv->progress(sv->ctx, what, double(filled_before + now) / double(entries));
            }
        }
    }
    static void body(void *arg, uint64_t b, uint64_t e, uint32_t w) { static_cast<Bfs *>(arg)->run(b, e, w); }
};

struct FileHeader {
    char magic[8];
    uint64_t classes, entries, sum;
    uint64_t counts[16];
};
constexpr char MAGIC[8] = {'C', 'U', 'B', 'E', 'P', '1', 'v', '1'};

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

std::string phase1_file() { return "cube-phase1.pdb"; }

solver_status build_phase1_table(const solver_services *sv, Phase1Table &out) {
    const auto t0 = clock_type::now();
    out.cl = &phase1_classes();
    const uint64_t n = uint64_t(out.cl->classes) * P1_TWISTS;
    std::vector<uint8_t> d(n, UNREACHED);
    d[0] = 0;  // class 0 (the solved flip-slice) with twist 0
    out.depth_counts.assign(1, 1);
    uint64_t filled = 1, frontier = 1;
    Bfs b;
    b.cl = out.cl;
    b.d = d.data();
    b.sv = sv;
    b.t0 = t0;
    b.entries = n;
    for (unsigned depth = 0; filled < n; ++depth) {
        if (frontier == 0 || depth >= 14) return SOLVER_ERR_INTERNAL;  // phase 1 needs at most 12
        b.depth = uint8_t(depth);
        // Backward once the unreached entries are fewer than the frontier's neighbours (a
        // backward entry stops at its first neighbour on the frontier).
        b.backward = double(n - filled) < 4.0 * double(frontier);
        b.added = 0;
        b.filled_before = filled;
        bfs_pass(sv, out.cl->classes, 16, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
        log_bfs_depth(sv, "phase1", depth + 1, frontier, b.backward ? "backward" : "forward",
                      std::chrono::duration<double>(clock_type::now() - t0).count());
    }
    out.data.assign((n + 1) / 2, 0);
    for (uint64_t i = 0; i < n; ++i) out.data[i >> 1] = uint8_t(out.data[i >> 1] | d[i] << ((i & 1) * 4));
    out.seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    out.from_cache = false;
    return SOLVER_OK;
}

bool save_phase1_table(const Phase1Table &t, const std::string &path, std::string &why) {
    FileHeader h{};
    std::memcpy(h.magic, MAGIC, 8);
    h.classes = t.cl->classes;
    h.entries = uint64_t(t.cl->classes) * P1_TWISTS;
    h.sum = cache_checksum(t.data.data(), t.data.size());
    for (size_t k = 0; k < t.depth_counts.size() && k < 16; ++k) h.counts[k] = t.depth_counts[k];
    return write_cache_file(path, {{&h, sizeof h}, {t.data.data(), t.data.size()}}, why);
}

bool load_phase1_table(const std::string &path, Phase1Table &t, std::string &why) {
    const auto t0 = clock_type::now();
    std::ifstream f(path, std::ios::binary);
    if (!f) return why = "cannot open " + path, false;
    FileHeader h{};
    f.read(reinterpret_cast<char *>(&h), sizeof h);
    t.cl = &phase1_classes();
    const uint64_t n = uint64_t(t.cl->classes) * P1_TWISTS;
    if (!f || std::memcmp(h.magic, MAGIC, 8) != 0 || h.classes != t.cl->classes || h.entries != n)
        return why = path + ": not a phase-1 table of this version", false;
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

solver_status get_phase1_table(const solver_services *sv, bool build, std::shared_ptr<const Phase1Table> &out,
                               solver_error *err) {
    static LoadOnce<Phase1Table> once;
    const std::string dir = cache_folder(sv);
    const std::string path = dir + "/" + phase1_file();
    // Without `build`, a table not found is remembered (a damaged file warns once a process).
    return once.get(path, !build, out, [&](std::shared_ptr<const Phase1Table> &got) {
        auto t = std::make_shared<Phase1Table>();
        std::string why;
        std::error_code ec;
        char line[512];
        if (load_phase1_table(path, *t, why)) {
            std::snprintf(line, sizeof line, "cube: table phase1: %llu entries, %.1f MiB, loaded from %s in %.2f s",
                          (unsigned long long)(uint64_t(t->cl->classes) * P1_TWISTS), double(t->data.size()) / 1048576.0,
                          path.c_str(), t->seconds);
        } else {
            const bool exists = std::filesystem::exists(path, ec);
            if (!build) {
                if (exists && sv && sv->log)
                    sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: table phase1 not used: " + why).c_str());
                return SOLVER_OK;
            }
            if (exists && sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: table phase1 rebuilt: " + why).c_str());
            const solver_status s = build_phase1_table(sv, *t);
            if (s == SOLVER_ERR_STOPPED) return solver_error_set(err, s, 0, 0, "stopped while building table phase1");
            if (s != SOLVER_OK) return solver_error_set(err, s, 0, 0, "building table phase1 failed");
            std::filesystem::create_directories(dir, ec);
            const bool saved = save_phase1_table(*t, path, why);
            std::snprintf(line, sizeof line, "cube: table phase1: %llu entries, %.1f MiB, built in %.1f s, %s%s",
                          (unsigned long long)(uint64_t(t->cl->classes) * P1_TWISTS), double(t->data.size()) / 1048576.0,
                          t->seconds, saved ? "saved to " : "not cached: ", saved ? path.c_str() : why.c_str());
        }
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, line);
        got = t;
        return SOLVER_OK;
    });
}

}  // namespace cube
