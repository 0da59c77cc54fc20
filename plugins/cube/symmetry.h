// symmetry: the 16 symmetries of the cube that keep the U-D axis, the coordinates that the
// flip-slice-twist table is built on, their move and conjugation tables, and the reduction of
// the flip x sorted-slice coordinate to symmetry classes.
//
// A symmetry S is a whole-cube rotation or reflection, written as a cubie cube; reflections
// carry corner orientations 3..5 (Kociemba's convention) and are multiplied with
// multiply_full. Conjugating a position X by S, S * X * S^-1, gives a position at the same
// distance from solved, and conj(X * m) = conj(X) * conj(m) where conj(m) is again a face turn
// (sym_move). The 16 that keep the U-D axis map the E-slice edges FR FL BL BR onto themselves,
// so they act on (flip, sorted slice) and on twist separately:
//   flip          0..2047   orientations of the edges at positions UR..BL (Kociemba's)
//   sorted slice  0..11879  where the four slice edges are and in which order (0 = home)
//   twist         0..2186   orientations of the corners at positions URF..DBL
// flip x slice (24,330,240 values) falls into 1,523,864 classes under the 16 symmetries (the
// stabilizer of a class representative is recorded so table builders can fill every twist
// that stands for the same position).
// Tables are built once per process on first use (thread-safe static init), about 100 MiB.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cube.h"
#include "huge_alloc.h"

namespace cube {

constexpr int N_TWIST = 2187, N_FLIP = 2048, N_SLICE_SORTED = 11880, N_UDSYM = 16;
constexpr uint32_t N_FLIPSLICE = uint32_t(N_SLICE_SORTED) * N_FLIP;

int get_slice_sorted(const CubieCube &c);
void set_slice_sorted(CubieCube &c, int v);

// a then b, with mirrored corner orientations (3..5) allowed on either side.
CubieCube multiply_full(const CubieCube &a, const CubieCube &b);

struct Symmetry {
    CubieCube cube[N_UDSYM];
    int inv[N_UDSYM];             // cube[inv[s]] = cube[s]^-1
    int move[N_UDSYM][NMOVES];    // cube[s] * m * cube[s]^-1 = move[s][m]
    // S * X * S^-1 for a (proper) cube X.
    CubieCube conj(const CubieCube &x, int s) const;
};
const Symmetry &symmetry();

// [twist * 16 + s]: the twist of S_s X S_s^-1 for any X of that twist (the 16 keep the U-D axis,
// so the twist's conjugate does not depend on the corners' places).
std::vector<uint16_t> twist_conj_table();

struct Coords {
    std::vector<uint16_t> twist_move, flip_move, slice_move;  // [value * 18 + move]
    std::vector<uint16_t> twist_conj;                         // [twist * 16 + sym]: twist of S X S^-1
    // Per flip-slice value x = slice_sorted * 2048 + flip: class << 4 | sym, with
    // S_sym X S_sym^-1 = the representative of the class.
    // From the cache file: mapped shared (the page cache's pages, read-only) where it can be.
    Table<uint32_t> flipslice_class;
    std::vector<uint32_t> class_rep;   // flip-slice value of each class's representative
    std::vector<uint16_t> class_stab;  // bit s set when S_s fixes the representative's flip-slice
    uint32_t classes = 0;
    double build_seconds = 0;
    // Where coords() found its cache folder (empty: none) and whether its files are checksummed
    // only until a pass succeeds (verify_once, cache_file.h); class_moves() caches there too.
    std::string cache_dir;
    bool verify_once = false;
    uint64_t class_sum = 0;  // the class file's checksum (0: not cached), ties the class move file to it
    bool checksum_skipped = false;  // the class file's pass skipped (its marker matched)
};
// Built on first use; with a cache folder, the class tables are read from (or, once built,
// written to) cube-fst-classes.bin there instead of being recomputed (1.4 s of CPU); the file is
// mapped (HugeBuffer::map_file_huge, else read) and, with verify_once, checksummed only until a
// pass has succeeded for the file as it is (its ".verified" marker). The first call decides for
// the process.
const Coords &coords(const std::string &cache_dir = std::string(), bool verify_once = false);
// The class file itself (coords() uses these; tests check a corrupt or truncated file is
// refused). load: t's move and conjugation tables are left alone; false (and why) when the file
// is missing, does not match or is corrupt.
bool save_classes_file(const std::string &path, const Coords &t, std::string &why);
bool load_classes_file(const std::string &path, Coords &t, bool verify_once, std::string &why);

// The flip-slice class move table, so a search can follow a position's class and symmetry
// along moves instead of looking each child's flip-slice value up in the 93 MiB
// flipslice_class table (one cache miss per child and axis, the search's main cost): the 18
// children of a class sit in one 72-byte row. If S_s X S_s^-1 has the flip-slice of the
// representative of class c (flipslice_class gives c << 4 | s), then for a move m with
// next[c * 18 + sym.move[s][m]] = c' << 4 | t, S_u (X m) S_u^-1 has the flip-slice of the
// representative of c', where S_u = S_t S_s (u = mul[t][s]).
struct ClassMoves {
    Table<uint32_t> next;  // [class * 18 + move]: flipslice_class of (representative * move)
    uint8_t mul[N_UDSYM][N_UDSYM];  // S_mul[t][s] = S_t S_s
    double build_seconds = 0;
    bool from_cache = false, checksum_skipped = false;
};
// On first use (about 105 MiB) from coords() (which must have been called first): with a cache
// folder read from cube-fst-class-moves.bin there (mapped as the class file is, checksummed
// once with coords()'s verify_once; tied to the class file by its checksum), else built (0.04-0.1 s
// of CPU and 105 MiB of fresh memory) and saved there.
const ClassMoves &class_moves();
// The class move file (class_moves() uses these; the tests check that a corrupt or truncated
// file, or one made for another class file, is refused). load: false (and why) then.
bool save_class_moves_file(const std::string &path, const ClassMoves &t, uint32_t classes, uint64_t class_sum,
                           std::string &why);
bool load_class_moves_file(const std::string &path, ClassMoves &t, uint32_t classes, uint64_t class_sum, bool verify_once,
                           std::string &why);
// S_t S_s as a symmetry number (ClassMoves::mul).
void symmetry_products(uint8_t mul[N_UDSYM][N_UDSYM]);

// A way to flipslice_class without its 93 MiB (the fst search's inverse lookups, whose
// flip-slice values cannot be followed along moves: inverse_classes=cache). The 16 symmetries
// act on the sorted slice alone (they map the slice edges onto slice edges), so a slice value x
// is first taken to its slice class's representative r (the least value of the class, 788
// classes) by one symmetry S_s; the flip of S_s X S_s^-1 is then f' = L_s(flip) xor m(x), since
// conjugating permutes the edges' orientations by positions and adds S_s's own orientation (the
// same on the four slice edges, 0 on the others) where the slice edges sit (L_s: linear in the
// 11 flip bits, the twelfth being their parity). Then:
// - direct (706 of the 788 slice classes, 95% of the flip-slice values): r's stabilizer is trivial,
//   so r's 16 conjugates are distinct and r the least of them, and every (r, f') is the least
//   value of its flip-slice class, i.e. its representative; flipslice_class numbers the classes
//   by ascending representative, so (r, 0..2047) are 2048 consecutive classes from base(r), and
//   S_s is the only symmetry that takes X to (r, f'): the entry is (base(r) + f') << 4 | s, with
//   no memory read beyond the 93 KiB slice table and the 64 KiB L_s table;
// - otherwise a table over the 82 other slice classes x 2048 flips (656 KiB) holds
//   flipslice_class of (r, f') = c << 4 | t, so S_t S_s takes X to c's representative: the same
//   class. Of the symmetries that do (S_v S_t S_s for S_v in the stabilizer of c's
//   representative, class_stab), flipslice_class holds one particular one (the one its build
//   met first); canon picks that one, from the stabilizer's group number in the entry's top bits.
// So lookup() equals flipslice_class exactly; the tests check every one of the 24,330,240 values.
struct SliceClasses {
    // Per sorted slice value x: the low 32 bits idx << 15 | s << 11 | m(x), S_s x S_s^-1 = the
    // representative r of x's slice class, m(x) = the flip of S_s X S_s^-1 for X with slice x and
    // flip 0, idx = r's row in cls (not direct); the high 32 bits 1 << 31 | base(r) when direct, else 0.
    std::vector<uint64_t> slice;
    std::vector<uint16_t> lin;  // [s * 2048 + flip]: L_s(flip)
    // [row * 2048 + flip]: group << 25 | flipslice_class of (the row's representative, flip).
    std::vector<uint32_t> cls;
    std::vector<uint8_t> canon;  // [group << 8 | t << 4 | s]: flipslice_class's symmetry among S_v S_t S_s
    uint32_t slice_classes = 0, direct_classes = 0, groups = 0;
    bool ok = false;  // false: not usable (the self-check failed); the search then reads flipslice_class
    double build_seconds = 0;

    static constexpr uint64_t DIRECT = uint64_t(1) << 40;  // in locate's result: a finished entry
    // Either DIRECT | the class entry of (sorted slice sl, flip f), or where in cls it is (then
    // finish it with s).
    uint64_t locate(uint32_t sl, uint32_t f, uint32_t &s) const {
        const uint64_t e = slice[sl];
        s = uint32_t(e >> 11) & 15;
        const uint32_t f2 = lin[s * N_FLIP + f] ^ uint32_t(e & 2047);
        if (e >> 63) return DIRECT | ((uint32_t(e >> 32) & 0x7fffffffu) + f2) << 4 | s;
        return uint64_t(uint32_t(e >> 15) & 0xffff) * N_FLIP + f2;
    }
    // flipslice_class's value from a cls entry e and locate's s.
    uint32_t finish(uint32_t e, uint32_t s) const {
        return (e & 0x1fffff0u) | canon[(e >> 25) << 8 | (e & 15) << 4 | s];
    }
    uint32_t lookup(uint32_t sl, uint32_t f) const {
        uint32_t s;
        const uint64_t i = locate(sl, f, s);
        return i & DIRECT ? uint32_t(i) : finish(cls[i], s);
    }
};
// Built on first use (about 0.8 MiB) from coords() (which must have been called first).
const SliceClasses &slice_classes();

}  // namespace cube
