// class_table: what fast mode's two exact tables (phase1.h, phase2.h) share. Each is a distance
// table over (class, coordinate) entries, the classes being one coordinate's values under the 16
// symmetries that keep the U-D axis, a class's row holding the other coordinate seen through the
// class's symmetry, 4 bits an entry. Both are built by the same class-by-class layered
// breadth-first search (ClassBfs, below), saved in the same file layout and loaded once a
// process by the same getter; a table says only how its classes move (its `Dom`) and its
// constants (ClassTableFormat).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "load_once.h"
#include "pdb.h"

namespace cube {

// What differs between the tables besides their classes.
struct ClassTableFormat {
    const char *name;      // "phase1": progress and log lines ("cube: table phase1 ...")
    const char *kind;      // "phase-1": the load error ("not a phase-1 table of this version")
    char magic[8];         // the file's first 8 bytes
    uint32_t row;          // entries a class
    unsigned header_counts;  // distance counts in the file header (16 or 24)
    unsigned max_depth;    // a deeper pass than this is an internal error
    double backward_ratio;  // backward passes once the unreached are fewer than ratio x frontier
    uint64_t grain;        // classes a task
    uint8_t cap;           // entries store min(distance, cap)
};

// The part of Phase1Table and Phase2Table that building, saving and loading fill.
struct ClassTableData {
    std::vector<uint8_t> data;  // two entries a byte, the low nibble first
    std::vector<uint64_t> depth_counts;  // entries at each true distance (beyond the cap too)
    double seconds = 0;  // to build or to load
    bool from_cache = false;
};

// The cache file's name: "cube-NAME.pdb" (in the cache folder, cache_folder()).
std::string class_table_file(const ClassTableFormat &f);

// The file: magic, classes, entries, checksum and `header_counts` distance counts (8 bytes
// each), then the data. false with the reason in `why`.
bool save_class_table(const ClassTableFormat &f, uint32_t classes, const ClassTableData &t, const std::string &path,
                      std::string &why);
bool load_class_table(const ClassTableFormat &f, uint32_t classes, const std::string &path, ClassTableData &t,
                      std::string &why);

// One pass of the breadth-first search over the classes [b, e): forward (each entry at `depth`
// marks its unreached neighbours depth + 1) or backward (each unreached entry with a neighbour
// at `depth` becomes depth + 1). The neighbours along a move all lie in one row (the class the
// move leads to), so a class's neighbour rows stay in the cache. `Dom` says how:
//   static constexpr int K;  the moves
//   void neighbours(uint32_t c, uint32_t row[K], uint32_t conj[K]) const;  the class each move
//       takes c's representative to, and the symmetry that takes it to that class's representative
//   uint32_t step(uint32_t e, int k, uint32_t conj) const;  entry e's column after move k, seen
//       through conj
//   uint32_t stab(uint32_t c) const;  c's stabilizer (bit s for S_s, s > 0)
//   uint32_t twin(uint32_t e, uint32_t s) const;  column e seen through S_s
// Twins (phase1.h): where a class's representative has a stabilizer, an entry's twins (its column
// seen through the stabilizer) are at its distance, and each is set as the entry is.
//
// Memory ordering: entries are read and written with relaxed atomics. A pass reads the values of
// earlier passes (depth and below, stable: parallel_for's join ends every pass and orders its
// writes before the next) and changes only UNREACHED entries to depth + 1, which no reader in the
// pass compares equal to `depth`; so a reader sees the same decision whichever of the two it
// loads. Writes go through a compare-exchange so that each new entry is counted once.
template <class Dom>
struct ClassBfs {
    static constexpr uint8_t UNREACHED = 0xff;
    using clock_type = std::chrono::steady_clock;
    const Dom *dom;
    const ClassTableFormat *fmt;
    uint8_t *d;
    uint8_t depth = 0;
    bool backward = false;
    std::atomic<uint64_t> added{0};
    const solver_services *sv = nullptr;
    std::atomic<bool> stop{false};
    uint64_t filled_before = 0, entries = 0;  // for the progress line
    BfsProgress progress;

    // Entry (cls, e) and its twins from UNREACHED to depth + 1; how many changed.
    uint64_t reach(uint32_t cls, uint32_t e) {
        uint64_t n = 0;
        auto set = [&](uint64_t j) {
            uint8_t expected = UNREACHED;
            if (__atomic_load_n(&d[j], __ATOMIC_RELAXED) == UNREACHED &&
                __atomic_compare_exchange_n(&d[j], &expected, uint8_t(depth + 1), false, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                ++n;
        };
        const uint64_t row = uint64_t(cls) * fmt->row;
        set(row + e);
        for (uint32_t stab = dom->stab(cls); stab; stab &= stab - 1)
            set(row + dom->twin(e, uint32_t(__builtin_ctz(stab))));
        return n;
    }

    void run(uint64_t b, uint64_t e, uint32_t worker) {
        constexpr int K = Dom::K;
        const uint32_t width = fmt->row;
        uint64_t mine = 0;
        for (uint64_t c = b; c < e; ++c) {
            if (stop.load(std::memory_order_relaxed)) return;
            uint32_t row[K], conj[K];
            dom->neighbours(uint32_t(c), row, conj);
            uint8_t *mine_row = d + c * width;
            for (uint32_t u = 0; u < width; ++u) {
                const uint8_t v = __atomic_load_n(&mine_row[u], __ATOMIC_RELAXED);
                if (backward ? v != UNREACHED : v != depth) continue;
                for (int k = 0; k < K; ++k) {
                    const uint32_t uj = dom->step(u, k, conj[k]);
                    if (backward) {
                        if (__atomic_load_n(&d[uint64_t(row[k]) * width + uj], __ATOMIC_RELAXED) != depth) continue;
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
        progress.tick(sv, worker, double(filled_before + now) / double(entries), [&](char *what, size_t size) {
            std::snprintf(what, size, "cube: building table %s (depth %u)", fmt->name, unsigned(depth) + 1);
        });
    }
    static void body(void *arg, uint64_t b, uint64_t e, uint32_t w) { static_cast<ClassBfs *>(arg)->run(b, e, w); }
};

// Packs the finished byte-an-entry table into `out` (min(distance, cap), 4 bits).
void pack_class_table(const std::vector<uint8_t> &d, uint8_t cap, ClassTableData &out);

// The whole search from the solved entry (class 0, column 0) over `classes` classes.
// SOLVER_ERR_STOPPED when should_stop said so, SOLVER_ERR_INTERNAL when the frontier runs dry
// before every entry is reached or the depth passes fmt.max_depth.
template <class Dom>
solver_status build_class_table(const solver_services *sv, const Dom &dom, uint32_t classes,
                                const ClassTableFormat &fmt, ClassTableData &out) {
    using clock_type = typename ClassBfs<Dom>::clock_type;
    const auto t0 = clock_type::now();
    const uint64_t n = uint64_t(classes) * fmt.row;
    std::vector<uint8_t> d(n, ClassBfs<Dom>::UNREACHED);
    d[0] = 0;
    out.depth_counts.assign(1, 1);
    uint64_t filled = 1, frontier = 1;
    ClassBfs<Dom> b;
    b.dom = &dom;
    b.fmt = &fmt;
    b.d = d.data();
    b.sv = sv;
    b.progress.t0 = t0;
    b.entries = n;
    for (unsigned depth = 0; filled < n; ++depth) {
        if (frontier == 0 || depth >= fmt.max_depth) return SOLVER_ERR_INTERNAL;
        b.depth = uint8_t(depth);
        b.backward = double(n - filled) < fmt.backward_ratio * double(frontier);
        b.added = 0;
        b.filled_before = filled;
        bfs_pass(sv, classes, fmt.grain, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
        log_bfs_depth(sv, fmt.name, depth + 1, frontier, b.backward ? "backward" : "forward",
                      std::chrono::duration<double>(clock_type::now() - t0).count());
    }
    pack_class_table(d, fmt.cap, out);
    out.seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    out.from_cache = false;
    return SOLVER_OK;
}

// The getters' common body (get_phase1_table, get_phase2_table): the table of the cache folder,
// (cube-NAME.pdb), loaded with `load` or, with `build`, built with `make` and saved; without `build` a table
// not found leaves `out` empty (a damaged file warns once a process). One table per process.
template <class Table, class Load, class Build, class Save>
solver_status get_class_table(const solver_services *sv, bool build, const ClassTableFormat &fmt,
                              LoadOnce<Table> &once, std::shared_ptr<const Table> &out, solver_error *err, Load &&load,
                              Build &&make, Save &&save) {
    const std::string dir = cache_folder(sv);
    const std::string path = dir + "/" + class_table_file(fmt);
    return once.get(path, !build, out, [&](std::shared_ptr<const Table> &got) {
        auto t = std::make_shared<Table>();
        std::string why;
        std::error_code ec;
        char line[512];
        const std::string what = std::string("table ") + fmt.name;
        if (load(path, *t, why)) {
            std::snprintf(line, sizeof line, "cube: %s: %llu entries, %.1f MiB, loaded from %s in %.2f s", what.c_str(),
                          (unsigned long long)(uint64_t(t->cl->classes) * fmt.row), double(t->data.size()) / 1048576.0,
                          path.c_str(), t->seconds);
        } else {
            const bool exists = std::filesystem::exists(path, ec);
            if (!build) {
                if (exists && sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: " + what + " not used: " + why).c_str());
                return SOLVER_OK;
            }
            if (exists && sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: " + what + " rebuilt: " + why).c_str());
            const solver_status s = make(sv, *t);
            if (s == SOLVER_ERR_STOPPED) return solver_error_set(err, s, 0, 0, "stopped while building %s", what.c_str());
            if (s != SOLVER_OK) return solver_error_set(err, s, 0, 0, "building %s failed", what.c_str());
            std::filesystem::create_directories(dir, ec);
            const bool saved = save(*t, path, why);
            std::snprintf(line, sizeof line, "cube: %s: %llu entries, %.1f MiB, built in %.1f s, %s%s", what.c_str(),
                          (unsigned long long)(uint64_t(t->cl->classes) * fmt.row), double(t->data.size()) / 1048576.0,
                          t->seconds, saved ? "saved to " : "not cached: ", saved ? path.c_str() : why.c_str());
        }
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, line);
        got = t;
        return SOLVER_OK;
    });
}

}  // namespace cube
