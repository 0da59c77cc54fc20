// nx: the N table (session 34's candidate N, the coset table that T. Rokicki's nxopt calls
// "EO3, EP1"; vcube's "112"): its coordinates, its breadth-first search and its cache file.
// Session 36 built steps 1-3 of session 34's plan (plugins/cube/README.md); session 37's
// tables=nx reads it (step 4: nx_search.h).
//
// Abstract state of a view X (a right action of the 18 moves: each part after a move depends
// only on its value before):
//   cs     which four positions hold the U-layer corners URF UFL ULB UBR (70: the masks of four
//          set bits among the eight positions, ascending; 0 = home)
//   twist  0..2186, flip 0..2047, slice 0..494 (cube.h's get_twist, get_flip, get_slice)
// Every U and D turn keeps the solved state's abstract state (they keep every twist and flip,
// move corners only within their layer and leave the E-slice edges in the slice), so its
// subgroup holds the U and D turns: de Bondt's rule and the next-move rule hold for its values.
// The 16 symmetries that keep the U-D axis act on the corner part (cs, twist) and on the edge
// part (flip, slice) separately (a symmetry maps layers onto layers, so the U-layer corners'
// places map to the U- or D-layer corners' places; the twist's conjugate does not depend on the
// corners' places). The corner part's 153,090 values fall into 9930 classes (the least value of
// a class its representative, its stabilizer recorded); an entry is
//   (class, flip', slice') = the representative's corner part with the edge part conjugated by the
//   symmetry that takes X's corner part to the representative,
// so 9930 x 2048 x 495 = 10,066,636,800 states; a class whose representative some symmetries
// fix holds each state once per such symmetry (twins, all with the same value).
//
// Storage (nxopt's layout): a row (class, flip') is 128 bytes, 8 lines of 16 bytes; line k holds
// the slices 62k..62k+61 (the last one 434..494 and an unused slot), 2 bits each from bit 0 up,
// and in its top 4 bits (byte 15's high nibble) the least distance of its entries (15 when none
// is at base + 2 or less). Codes against the table's base b (9): 0 = b or less (then the line's
// minimum is the entry's lower bound), 1 = b + 1, 2 = b + 2, 3 = b + 3 or more. Every value read
// is a lower bound on the state's distance, exact for 10 and 11. 9930 x 2048 x 128 =
// 2,603,089,920 bytes (2.42 GiB); a lookup reads one 16-byte line.
// Why this layout and not fstp2's mod-3 window: the search reads the table six times per node
// without following exact values along the path (no side table, no parent value), so each entry
// must give a bound on its own; the two codes above b and the line minimum below it keep the
// values where the search's bounds meet them (10-12 at distances 16-18), and the 62-entry lines
// keep a lookup to one cache line.
//
// Built by a layered breadth-first search (RowBfs, row_bfs.h: rows = class x slice', width the
// 2048 flips, so that a move takes a row to a single neighbour row) at 2 bits an entry: 0 done,
// 1 the frontier, 2 reached in this pass, 3 unreached, relabelled after each pass, as the third
// table's build does; each stored line's minimum is recorded (a byte a line, 163 MB) when its
// first entry is reached. The passes stop once distance b + 2 is reached: the codes are then
// exactly the stored ones (0: b or less, 1: b + 1, 2: b + 2, 3: b + 3 or more), and one pass
// over the classes, from the last, turns each class's block into the stored rows in place (the
// buffer has the stored size from the start).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "cube.h"
#include "huge_alloc.h"
#include "symmetry.h"

namespace cube {

constexpr int NX_CS = 70, NX_SLICE = 495, NX_CORNER = NX_CS * N_TWIST;  // 153,090 corner-part values
constexpr unsigned NX_WIDTH = 512, NX_LINE = 62, NX_LINES = 8, NX_ROW_BYTES = 128;

int get_nx_cs(const CubieCube &c);       // 0..69 (0 = the U-layer corners in the U layer)
void set_nx_cs(CubieCube &c, int v);     // the corners placed so that get_nx_cs gives v (twists kept)

struct NxCoords {
    std::vector<uint8_t> cs_move;                       // [cs * 18 + move]
    std::vector<uint16_t> tw_move, fl_move, sl_move;    // [value * 18 + move]
    std::vector<uint8_t> cs_conj;                       // [cs * 16 + sym]: of S X S^-1
    std::vector<uint16_t> tw_conj, sl_conj;             // [value * 16 + sym]
    // The flip of S_s X S_s^-1 is fl_lin[s * 2048 + flip] ^ sl_flip[slice * 16 + s]: the symmetry
    // carries the orientations by position (linear in the flip) and adds its own orientation where
    // the slice edges sit (the tests check it against the cubie cube).
    std::vector<uint16_t> fl_lin, sl_flip;
    // Per corner-part value cs * 2187 + twist: class << 4 | sym, S_sym X S_sym^-1 = the class's
    // representative.
    std::vector<uint32_t> corner_class;
    std::vector<uint32_t> class_rep;    // the representative's corner-part value (the least of its class)
    std::vector<uint16_t> class_stab;   // bit s set when S_s fixes the representative
    std::vector<uint32_t> class_move;   // [class * 18 + move]: corner_class of (representative, move)
    uint32_t classes = 0;

    // The edge part (flip, slice) conjugated by S_s.
    void conj_edges(int s, int fl, int sl, int &fl2, int &sl2) const {
        fl2 = fl_lin[size_t(s) * N_FLIP + size_t(fl)] ^ sl_flip[size_t(sl) * N_UDSYM + size_t(s)];
        sl2 = sl_conj[size_t(sl) * N_UDSYM + size_t(s)];
    }
    // The entry (row * 512 + slice') of an abstract state, and of a cube.
    uint64_t index(int cs, int tw, int fl, int sl) const { return index_of_class(*class_word(cs, tw), fl, sl); }
    // The corner part's corner_class word, which index reads first.
    const uint32_t *class_word(int cs, int tw) const { return corner_class.data() + size_t(cs) * N_TWIST + size_t(tw); }
    // The edge tables' words that conj_edges reads for symmetry s, prefetched (the search makes an
    // entry in passes: nx_search.cc).
    void prefetch_edges(int s, int fl, int sl) const {
        __builtin_prefetch(fl_lin.data() + size_t(s) * N_FLIP + size_t(fl));
        __builtin_prefetch(sl_flip.data() + size_t(sl) * N_UDSYM + size_t(s));
        __builtin_prefetch(sl_conj.data() + size_t(sl) * N_UDSYM + size_t(s));
    }
    // The same from the corner part's corner_class word e (the search reads e a pass ahead).
    uint64_t index_of_class(uint32_t e, int fl, int sl) const {
        int fl2, sl2;
        conj_edges(int(e & 15), fl, sl, fl2, sl2);
        return (uint64_t(e >> 4) * N_FLIP + uint64_t(fl2)) * NX_WIDTH + uint64_t(sl2);
    }
    uint64_t index(const CubieCube &c) const { return index(get_nx_cs(c), get_twist(c), get_flip(c), get_slice(c)); }
};
const NxCoords &nx_coords();  // built on first use (thread-safe static init, well under a second)

struct NxTable {
    uint32_t classes = 0, nflip = N_FLIP;  // nflip 1: the test's projection without the flip
    unsigned base = 9;
    uint64_t rows = 0;                     // classes x nflip
    HugeBuffer data;                       // rows x 128 bytes (see the top)
    std::vector<uint64_t> depth_counts;    // entries first reached at 0, 1, ..., base + 2; then those left
    double build_seconds = 0;
    bool from_cache = false, checksum_skipped = false;

    uint64_t bytes() const { return rows * NX_ROW_BYTES; }
    // The 2-bit code and the line's minimum of entry i (row * 512 + slice).
    unsigned code(uint64_t i) const {
        const unsigned sl = unsigned(i & (NX_WIDTH - 1)), q = sl % NX_LINE;
        const uint8_t *line = data.data() + (i >> 9) * NX_ROW_BYTES + (sl / NX_LINE) * 16;
        return (line[q >> 2] >> ((q & 3) * 2)) & 3;
    }
    unsigned line_min(uint64_t i) const {
        const unsigned sl = unsigned(i & (NX_WIDTH - 1));
        return data.data()[(i >> 9) * NX_ROW_BYTES + (sl / NX_LINE) * 16 + 15] >> 4;
    }
    // A lower bound of the entry's distance (exact for base + 1 and base + 2).
    unsigned bound(uint64_t i) const {
        const unsigned c = code(i);
        return c ? base + c : line_min(i);
    }
};

// The BFS (see the top) on sv's parallel_for; progress lines through sv->progress, one debug log
// line per depth. nflip 2048: the table; 1: the projection that drops the flip (4.9 M entries,
// for tests). base: codes as above (the table: 9).
solver_status build_nx(const solver_services *sv, NxTable &out, uint32_t nflip = N_FLIP, unsigned base = 9);
bool save_nx(const NxTable &t, const std::string &path, std::string &why);
// pages: PAGES_SHARED maps the file in huge pages where it can, PAGES_HUGE reads it into huge
// pages, PAGES_MAPPED maps it (fst.h); verify: checksum the data; verify_once: skip the checksum
// while the file's ".verified" marker matches it, and write the marker after a pass (cache_file.h).
bool load_nx(const std::string &path, NxTable &out, std::string &why, bool verify = true, unsigned pages = 2,
             bool verify_once = false);
std::string nx_file();  // cube-nx.pdb
constexpr uint64_t NX_TABLE_BYTES = 2603089920ull;  // the full table in memory (9930 x 2048 x 128)
// tables=nx: the N table from the cache folder (one a process, as get_third; load_or_build.h), or,
// when it is not cached (or does not load), built on the pool and saved (about 4 minutes on 2
// idle cores, 2.6 GiB at its peak, progress through sv->progress), then mapped from the saved
// file. Without build (tables=auto) a table not cached leaves out empty, and a cached file that
// does not load warns once a process ("cube: table nx not used: ...") and leaves it empty too.
solver_status get_nx(const solver_services *sv, std::shared_ptr<const NxTable> &out, solver_error *err, unsigned pages,
                     bool verify_once, bool build = true);

// The six views' bounds of c (0..2 the cube along the U-D, R-L and F-B axes, 3..5 its inverse's),
// by whole-cube arithmetic (tools and tests), and the bound with de Bondt's rule per side.
void nx_views(const NxTable &t, const CubieCube &c, unsigned v[6]);
unsigned nx_bound(const NxTable &t, const CubieCube &c);

}  // namespace cube
