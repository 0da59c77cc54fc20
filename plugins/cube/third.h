// third: a third lower bound for the optimal search (third=t), maxed with fstp2 and the corner
// table and read only for the children that pass them (session 18; estimated in session 17 as
// candidate T, tools/cube-estimate.cc).
//
// Abstract state: the corners (permutation and twist) x where the four E-slice edges are (495)
// x which of them are opposite (FR-BL and FL-BR) by position, 3 values: the slice part, 1485
// values. The 16 symmetries that keep the U-D axis act on each part separately; the corner
// permutation is reduced to its 2768 classes under them (the representative's stabilizer
// recorded, as for the flip-slice classes), so 2768 x 2187 x 1485 = 8,989,619,760 entries.
// A move acts on the state (each part's value after a move depends only on its value before),
// so the distance of a cube's abstract state bounds the cube's; looked up, as fstp2 is, for the
// cube and its inverse along the three axes (six views).
//
// Stored saturated at one bit an entry: 0 = distance 10 or less (no bound taken), 1 = 11 or
// more; 1.12 GB. (The search reads it only within 11 moves of the bound, where a third code for
// 12 or more would cut nothing more: session 18 stored it, 5 entries a byte in 1.80 GB, and read
// it at 12 as well, which cost more than it cut.) Built by a layered breadth-first search on the
// services' parallel_for at 2 bits an entry (2.25 GB: 0 done, 1 the frontier, 2 reached in this
// pass, 3 unreached; a relabelling pass after each depth), stopped once distance 11 is reached
// (every entry still unreached is then 12 or more), then packed in place and cached as
// cube-third-t.pdb with a header and a checksum.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "cube.h"
#include "fst.h"
#include "symmetry.h"

namespace cube {

constexpr int N_CPERM = 40320, N_SLPART = 1485;

// 0..1484: get_slice * 3 + the pairing (0..2): with the slice edges read in position order
// (UR..BR), the rank among the other three (0..2) of the one opposite the first.
int get_slice_part(const CubieCube &c);
void set_slice_part(CubieCube &c, int v);  // the slice edges placed so that get_slice_part gives v

struct ThirdCoords {
    std::vector<uint16_t> cp_move, tw_move, sp_move;  // [value * 18 + move]
    std::vector<uint16_t> tw_conj, sp_conj;           // [value * 16 + sym]: of S X S^-1
    std::vector<uint16_t> cp_class;                   // [corner perm]: class << 4 | sym (S X S^-1 = rep)
    std::vector<uint16_t> class_rep, class_stab;      // per class: the representative's corner perm, stabilizer bits
    uint32_t classes = 0;
    uint16_t slice_of_mask[4096] = {};  // get_slice of the slice edges at the mask's positions
    uint64_t size() const { return uint64_t(classes) * N_TWIST * N_SLPART; }
    uint64_t index(int cp, int tw, int sp) const {
        const uint32_t e = cp_class[size_t(cp)], s = e & 15;
        return (uint64_t(e >> 4) * N_TWIST + tw_conj[size_t(tw) * N_UDSYM + s]) * N_SLPART + sp_conj[size_t(sp) * N_UDSYM + s];
    }
    uint64_t index(const CubieCube &c) const { return index(get_corner_perm(c), get_twist(c), get_slice_part(c)); }
    // The coordinates of a view from its Loc bytes (corners 0..7: position * 3 + twist; edges
    // 8..19: position * 2 + flip), or of the view's inverse.
    void from_loc(const uint8_t loc[20], bool inverse, int &cp, int &tw, int &sp) const;
    // The same values inline, without a CubieCube and with the permutation's rank from a bit
    // mask of the values seen (the search's third stage, FstSearchOptions::third_fast_coords).
    void from_loc_fast(const uint8_t loc[20], bool inverse, int &cp, int &tw, int &sp) const {
        uint8_t p[8], o[8], e[12];
        unpack_loc(loc, inverse, p, o, e);
        // perm_rank's r = sum of smaller_i * (7 - i)!, smaller_i = the values right of i below p[i].
        static constexpr int F[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
        unsigned seen = 0;
        int r = 0;
        for (int i = 7; i >= 0; --i) {
            r += popcount8[seen & ((1u << p[i]) - 1)] * F[i];
            seen |= 1u << p[i];
        }
        cp = r;
        twist_and_slice(o, e, tw, sp);
    }
    // The corner permutation's rank of a view's inverse from its Loc bytes (from_loc_fast's cp
    // with inverse: where corner t sits in the view is what the inverse holds at position t).
    int inverse_perm_rank(const uint8_t loc[20]) const {
        static constexpr int F[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
        static constexpr uint8_t Q[24] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7};
        unsigned seen = 0;
        int r = 0;
        for (int i = 7; i >= 0; --i) {
            const unsigned p = Q[loc[i]];
            r += popcount8[seen & ((1u << p) - 1)] * F[i];
            seen |= 1u << p;
        }
        return r;
    }
    // from_loc's parts: the view's (or its inverse's) corner permutation p, twists o and edge
    // permutation e (the cubie at each position) from the Loc bytes; then the twist (get_twist)
    // and the slice part (get_slice_part) from o and e.
    static void unpack_loc(const uint8_t loc[20], bool inverse, uint8_t p[8], uint8_t o[8], uint8_t e[12]) {
        if (inverse) {
            // Where cubie t is in X is what X^-1 holds at position t; its twist there is the negation.
            for (int t = 0; t < 8; ++t) p[t] = uint8_t(loc[t] / 3), o[t] = uint8_t((3 - loc[t] % 3) % 3);
            for (int t = 0; t < 12; ++t) e[t] = uint8_t(loc[8 + t] >> 1);
        } else {
            for (int t = 0; t < 8; ++t) p[loc[t] / 3] = uint8_t(t), o[loc[t] / 3] = uint8_t(loc[t] % 3);
            for (int t = 0; t < 12; ++t) e[loc[8 + t] >> 1] = uint8_t(t);
        }
    }
    void twist_and_slice(const uint8_t o[8], const uint8_t e[12], int &tw, int &sp) const {
        int w = 0;
        for (int i = 0; i < 7; ++i) w = w * 3 + o[i];
        tw = w;
        unsigned mask = 0;
        int seq[4], k = 0;
        for (int i = 0; i < 12; ++i)
            if (e[i] >= FR) mask |= 1u << i, seq[k++] = e[i];
        const int opp = FR + (seq[0] - FR + 2) % 4;
        sp = slice_of_mask[mask] * 3 + (seq[2] == opp ? 1 : seq[3] == opp ? 2 : 0);
    }
    uint8_t popcount8[256] = {};  // set by third_coords()
};
const ThirdCoords &third_coords();  // built on first use (thread-safe static init, about 0.1 s)

struct ThirdTable {
    const ThirdCoords *co = nullptr;
    uint64_t size = 0;
    HugeBuffer data;  // 8 entries a byte, lowest bit first
    std::vector<uint64_t> depth_counts;  // entries first reached at 0, 1, ..., 11; then those left (12+)
    double build_seconds = 0;
    bool from_cache = false, checksum_skipped = false;
    static constexpr unsigned LOW = 10;  // bit 0: this or less; bit 1: LOW + 1 or more
    unsigned code(uint64_t i) const { return (data.data()[i >> 3] >> (i & 7)) & 1; }
    // A lower bound of the entry's distance (0 where it says only "10 or less").
    unsigned bound(uint64_t i) const { return code(i) ? LOW + 1 : 0; }
    const uint8_t *byte_of(uint64_t i) const { return data.data() + (i >> 3); }
};
constexpr uint64_t third_bytes() { return (uint64_t(2768) * N_TWIST * N_SLPART + 7) / 8; }

// The BFS (see the top); progress lines through sv->progress, one debug line per depth.
solver_status build_third(const solver_services *sv, ThirdTable &out);
bool save_third(const ThirdTable &t, const std::string &path, std::string &why);
bool load_third(const std::string &path, ThirdTable &out, std::string &why, bool verify = true,
                unsigned pages = PAGES_SHARED, bool verify_once = false);
std::string third_file();  // cube-third-t.pdb
// Load from the cache folder or, with build, build (and save, then map the saved file); shared by
// the process. Without build (third=auto) a table not cached leaves out empty, and a cached file
// that does not load warns once a process and leaves it empty too.
solver_status get_third(const solver_services *sv, std::shared_ptr<const ThirdTable> &out, solver_error *err,
                        unsigned pages = PAGES_SHARED, bool verify_once = false, bool build = true);

// The max over the six views of the table's bound for c (whole-cube arithmetic; tests, prefixes).
unsigned third_bound(const ThirdTable &t, const CubieCube &c);

}  // namespace cube
