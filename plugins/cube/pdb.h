// pdb: pattern databases for the cube's optimal solver.
//
// A pattern is a set of corners or a set of edges; its abstract state is where those cubies
// are and how they are turned. Index = rank of the partial permutation of their positions
// (k of n) x orientation digits (all 8 corners: only 7 digits, the last is implied). Entries
// are exact move distances (half-turn metric) stored at 4 bits (0xF = not yet reached), built
// by a layered breadth-first search on the services' pool: forward from the frontier while it
// is small, backward (each unreached entry looks for a neighbour in the frontier) once the
// unreached part is the smaller one. Writes are atomic byte ANDs, so threads never lose a
// nibble. Tables are cached on disk (header + checksum) and shared within the process.
//
// The search state is the "location" form: loc[c] for corner c (0..7) = position*3 + twist,
// loc[8+e] for edge e = position*2 + flip; a move maps every location through a 24-entry table.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "cube.h"
#include "huge_alloc.h"

namespace cube {

struct Loc {
    uint8_t l[20];
};
Loc to_loc(const CubieCube &c);
CubieCube from_loc(const Loc &s);
// Location tables: move_loc[m][x] for corners (x < 24) and edges (x < 24).
extern uint8_t corner_move_loc[NMOVES][24];
extern uint8_t edge_move_loc[NMOVES][24];
void init_loc_tables();  // idempotent, thread-safe
inline void loc_apply(const Loc &s, int m, Loc &out) {
    for (int i = 0; i < 8; ++i) out.l[i] = corner_move_loc[m][s.l[i]];
    for (int i = 8; i < 20; ++i) out.l[i] = edge_move_loc[m][s.l[i]];
}

struct Pattern {
    bool corners = true;
    std::vector<int> items;  // cubie numbers (corners 0..7 or edges 0..11)
    uint64_t size() const;
    std::string name() const;  // e.g. "c01234567", "e0123456"
    uint64_t index(const Loc &s) const;
    // Locations of the pattern's items for an index (others untouched).
    void decode(uint64_t idx, uint8_t *item_loc) const;
    uint64_t encode_items(const uint8_t *item_loc) const;
};

struct Pdb {
    Pattern pattern;
    Table<uint8_t> data;  // two entries per byte, low nibble first (a cached file: mapped where it can be)
    std::vector<uint64_t> depth_counts;
    double build_seconds = 0;
    bool from_cache = false;
    bool checksum_skipped = false;  // loaded with verify_once and a matching marker
    unsigned lookup(uint64_t i) const { return (data[i >> 1] >> ((i & 1) * 4)) & 0xf; }
    unsigned lookup(const Loc &s) const { return lookup(pattern.index(s)); }
};

// The table builders' layered breadth-first searches (pdb.cc, fst.cc, third.cc): one pass of
// builder b over the entries [0, n) in chunks of `grain`, on the services' pool (its
// parallel_for joins before returning), or in this thread when the host gives none. B::body is
// the C ABI's range callback (void *, begin, end, worker).
template <class B>
void bfs_pass(const solver_services *sv, uint64_t n, uint64_t grain, B &b) {
    if (sv && sv->parallel_for) {
        sv->parallel_for(sv->ctx, 0, n, grain, &B::body, &b);
        return;
    }
    for (uint64_t s = 0; s < n; s += grain) B::body(&b, s, s + grain < n ? s + grain : n, 0);
}
// The progress line of a builder's pass, from worker 0 only and at most every 250 ms (the other
// workers never touch it): `line(buf, size)` writes the text only when a line is due.
struct BfsProgress {
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
    int64_t last_ms = -1000;
    template <class Line>
    void tick(const solver_services *sv, uint32_t worker, double fraction, Line &&line) {
        if (worker != 0 || !sv || !sv->progress) return;
        const int64_t ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        if (ms - last_ms < 250) return;
        last_ms = ms;
        char what[96];
        line(what, sizeof what);
        sv->progress(sv->ctx, what, fraction);
    }
};
// The debug log line of one finished depth: "cube: table NAME depth D: N entries (HOW), S s".
void log_bfs_depth(const solver_services *sv, const char *table, unsigned depth, uint64_t entries, const char *how,
                   double seconds);

// Builds the table on the pool (sequentially when services has no parallel_for).
// Returns SOLVER_ERR_STOPPED when should_stop said so.
solver_status build_pdb(const Pattern &p, const solver_services *sv, Pdb &out);
bool save_pdb(const Pdb &t, const std::string &path, std::string &why);
// The data is mapped shared where the page cache gives huge pages (HugeBuffer::map_or_read),
// else read. verify_once: the checksum pass is skipped while the file's ".verified" marker
// matches it (cache_file.h) and the marker is written after a pass that succeeds.
bool load_pdb(const Pattern &p, const std::string &path, Pdb &out, std::string &why, bool verify_once = false);

// The table sets behind --option tables=...
std::vector<Pattern> table_set(const std::string &name, bool &known);
// Load from the cache folder or build (and save) each table; shared by the whole process.
solver_status get_tables(const std::string &set, const solver_services *sv,
                         std::vector<std::shared_ptr<const Pdb>> &out, solver_error *err, bool verify_once = false);
std::string cache_folder(const solver_services *sv);

}  // namespace cube
