// fst: the flip-slice-twist pruning table (Kociemba's idea for his optimal solver).
//
// Abstract state: edge flip x where the four E-slice edges are and in which order (flip-slice,
// reduced to 1,523,864 classes by the 16 symmetries that keep the U-D axis, see symmetry.h)
// x corner twist: 1,523,864 x 2187 = 3,332,690,568 entries. Each holds the exact distance of
// its abstract state modulo 3 at 2 bits (3 = not reached while building), 795 MiB ("fst"), or
// the exact distance at 4 bits (15 = not reached), 1589 MiB ("fst4"). With 2 bits the exact
// distance of the start is recovered by descending the table (a neighbour one closer always
// exists), and along a search path a child's distance is the parent's -1, 0 or +1, told apart
// by the value mod 3. The same table gives a bound for the cube seen along the R-L and F-B
// axes (conjugated by the URF-DBL turn), so a search takes the max of three lookups. The exact
// 4-bit values also bound the inverse cube (same distance as the cube, but its abstract state
// is not a neighbour of the parent's, so the mod-3 tracking cannot serve it): six lookups.
//
// Built by a layered breadth-first search on the services' parallel_for over the classes:
// forward from the frontier while it is small (setting all twists the representative's
// stabilizer makes equal), backward once the unreached part is smaller (each unreached entry
// looks for a neighbour at the current depth). Neighbour classes are computed once per class
// and shared by its 2187 twists, so the inner loops stay within a few cache-resident rows.
// Writes are atomic byte ANDs (four or two entries share a byte; an entry only ever goes from
// all ones to its value, so concurrent writers of one byte never undo each other).
// The table lives in anonymous memory advised for transparent huge pages (fewer TLB misses on
// random lookups), cached on disk under the cache folder with a header and a checksum; a
// cached table is read into such memory too (a file mapping is only the fallback).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <cstring>
#include <vector>

#include <solver/plugin.h>

#include "symmetry.h"

namespace cube {

// How a cached flip-slice-twist table comes into memory (pages=mapped|huge|shared).
enum : unsigned { PAGES_MAPPED = 0, PAGES_HUGE = 1, PAGES_SHARED = 2 };
// A cached table's data (bytes at offset of path) as `pages` asks (PAGES_*: shared huge-page
// mapping, else a huge-page copy, else the plain mapping, each the next one's fallback); empty
// when none worked.
HugeBuffer load_table_data(const std::string &path, size_t offset, size_t bytes, unsigned pages);
// Bytes of the mapping that starts at p mapped by 2 MiB page-table entries (FilePmdMapped, or
// AnonHugePages for anonymous memory, of its /proc/self/smaps record); -1 when unknown.
long long huge_mapped_bytes(const void *p);

// Best effort: ask for huge pages on the 2 MiB-aligned part of [p, p + n) (before first touch).
void advise_huge_pages(void *p, size_t n);

// tables=fstp2: the fstp distances at 2 bits an entry ("windowed"). Nearly all of them (97.5%)
// are 9, 10 or 11: those are stored as codes 0, 1, 2; code 3 stands for any other distance, which
// this side table holds (the 0.5% at 8 or less, and 13), except the commonest, 12 (1.9%), which
// is what an entry of code 3 that the side table lacks holds. Every value is exact, so the
// search is that of fstp (same nodes, inverse lookups and all) at half the memory.
struct SideTable {
    static constexpr unsigned SHIFT = 12;  // a bucket: 4096 consecutive indexes
    static constexpr unsigned ABSENT = 12;
    // Built in this process: off and ent. Loaded from a cache file: both in file (off's values,
    // then ent's, as the file holds them; mapped shared where it can be), off and ent empty.
    std::vector<uint32_t> off;  // per bucket (index >> SHIFT) where its entries start; one more at the end
    std::vector<uint16_t> ent;  // (index & 4095) << 4 | distance, ascending within a bucket
    HugeBuffer file;
    size_t file_offs = 0, file_ents = 0;  // the counts in file
    const uint32_t *offs() const { return file.data() ? reinterpret_cast<const uint32_t *>(file.data()) : off.data(); }
    const uint16_t *ents() const {
        return file.data() ? reinterpret_cast<const uint16_t *>(file.data() + file_offs * 4) : ent.data();
    }
    size_t off_count() const { return file.data() ? file_offs : off.size(); }
    size_t ent_count() const { return file.data() ? file_ents : ent.size(); }
    unsigned find(uint64_t i) const {
        const uint32_t *o = offs();
        const uint16_t *en = ents();
        const uint16_t *b = en + o[i >> SHIFT], *e = en + o[(i >> SHIFT) + 1];
        const uint16_t *end = e;
        const unsigned key = unsigned(i & ((1u << SHIFT) - 1));
        while (b < e) {  // binary search by the index bits
            const uint16_t *mid = b + (e - b) / 2;
            if ((*mid >> 4) < key) b = mid + 1;
            else e = mid;
        }
        return b < end && (*b >> 4) == key ? *b & 15u : ABSENT;
    }
    size_t bytes() const { return off_count() * 4 + ent_count() * 2; }
    // The same values, however each is held.
    bool same(const SideTable &o) const {
        return off_count() == o.off_count() && ent_count() == o.ent_count() &&
               std::memcmp(offs(), o.offs(), off_count() * 4) == 0 &&
               (ent_count() == 0 || std::memcmp(ents(), o.ents(), ent_count() * 2) == 0);
    }
};
constexpr unsigned WINDOW_BASE = 9;  // codes 0..2 = distances 9..11

// Windowed entries (SideTable) from n 4-bit entries (exact distances, 15 = unreached): writes
// (n * 2 + 7) / 8 bytes to out and fills side. false (and why) if an entry is unreached.
bool window_from4(const uint8_t *in4, uint64_t n, uint8_t *out, SideTable &side, std::string &why);

// What a direct fstp2 build (build_fst with bits 2, par 2) keeps beside its 2-bit entries: the
// entries at distances below the window (low[d][h]: chunks of the low 32 bits of those whose
// index >> 32 is h; 35.8 M in all, 137 MiB) and those at 13 (top; 247).
struct WindowLists {
    std::vector<std::vector<uint32_t>> low[WINDOW_BASE][2];
    std::vector<uint64_t> top;
};
// The last step of the direct build: codes holds n 2-bit entries, the distance mod 3 up to 11
// and 3 beyond (12 and 13), lists the entries below the window and at 13. Gives every listed
// entry code 3 and fills side with them, so codes and side become what window_from4 makes of
// the 4-bit distances. false (and why) when a listed entry does not hold its distance mod 3 (or
// 3 for a 13) or is listed twice.
bool window_from_mod3(uint8_t *codes, uint64_t n, const WindowLists &lists, SideTable &side, std::string &why);

struct FstTable {
    const Coords *co = nullptr;
    uint64_t size = 0;  // classes x 2187 x par
    unsigned bits = 2;  // 2: distance mod 3; 4: exact distance
    // 2 (tables=fstp, 4 bits only): each entry split by the corner permutation's parity (even,
    // odd), the abstract state of the flip-slice-twist x parity; 1: flip-slice-twist alone.
    // Parity is kept by the symmetries and the URF-DBL conjugation and is the inverse's too,
    // and a move changes it when it is a quarter turn.
    unsigned par = 1;
    // bits 2 and par 2 (tables=fstp2): windowed entries, see SideTable.
    bool windowed() const { return bits == 2 && par == 2; }
    // Whether value() is exact (4 bits, or windowed): what the inverse lookups need.
    bool exact_values() const { return bits == 4 || windowed(); }
    SideTable side;     // windowed only
    HugeBuffer data;    // 8 / bits entries per byte, lowest bits first
    std::vector<uint64_t> depth_counts;
    double build_seconds = 0;
    bool from_cache = false;
    bool checksum_skipped = false;  // loaded with verify_once and a matching marker

    // The stored value (distance mod 3 or exact distance, by bits).
    unsigned get(uint64_t i) const { return bits == 4 ? get4(i) : get2(i); }
    unsigned get2(uint64_t i) const { return code2(data.data(), i); }
    // Entry i's 2-bit code in a table whose bytes start at base (get2's read, for callers that
    // keep the base in a local).
    static unsigned code2(const uint8_t *base, uint64_t i) { return (base[i >> 2] >> ((i & 3) * 2)) & 3; }
    unsigned get4(uint64_t i) const { return (data.data()[i >> 1] >> ((i & 1) * 4)) & 15; }
    // The exact distance (exact_values() only).
    unsigned value(uint64_t i) const {
        if (bits == 4) return get4(i);
        const unsigned c = get2(i);
        return c < 3 ? WINDOW_BASE + c : side.find(i);
    }
    // Windowed: a child's distance along an axis from its entry i, its parent's distance pd
    // (exact, or an upper bound when pd_upper) and the bound lim, without the side table where
    // the parent tells (a child's distance is the parent's -1, 0 or +1): code 3 under an exact 11
    // is 12, under an exact 9 it is 8, and under a parent of 10 or less it is 8 or less, which
    // answers when that is below lim (then upper is set: the result is only an upper bound).
    unsigned child_value(uint64_t i, unsigned pd, bool pd_upper, unsigned lim, bool &upper) const {
        upper = false;
        const unsigned c = get2(i);
        if (c < 3) return WINDOW_BASE + c;
        if (!parent_decides(pd, pd_upper, lim)) return side.find(i);
        if (!pd_upper && pd == WINDOW_BASE + 2) return SideTable::ABSENT;
        if (!pd_upper && pd == WINDOW_BASE) return WINDOW_BASE - 1;
        return upper = true, pd + 1 < WINDOW_BASE - 1 ? pd + 1 : WINDOW_BASE - 1;
    }
    // For an entry of code 3: whether the parent's distance pd (an upper bound when pd_upper)
    // and lim decide the child's value (child_value's answer without the side table), or the
    // side table must be read (the batched search's side_round defers exactly those reads).
    static bool parent_decides(unsigned pd, bool pd_upper, unsigned lim) {
        if (!pd_upper && (pd == WINDOW_BASE + 2 || pd == WINDOW_BASE)) return true;
        const unsigned hi = pd + 1 < WINDOW_BASE - 1 ? pd + 1 : WINDOW_BASE - 1;
        return pd + 1 < WINDOW_BASE + 3 && hi < lim;
    }
    const uint8_t *byte_of(uint64_t i) const { return data.data() + (bits == 4 ? i >> 1 : i >> 2); }
    // parity: the corner permutation's (used only when par == 2).
    uint64_t index(int flip, int slice, int twist, int parity = 0) const {
        const uint32_t e = co->flipslice_class[uint32_t(slice) * N_FLIP + uint32_t(flip)];
        return (uint64_t(e >> 4) * N_TWIST + co->twist_conj[size_t(twist) * N_UDSYM + (e & 15)]) * par +
               uint64_t(par == 2 ? parity : 0);
    }
    // Exact distance of the abstract state (descends the table); -1 if the table is broken.
    int exact(int flip, int slice, int twist, int parity = 0) const;
};

// par = 2: the parity-split table: bits 4 is tables=fstp; bits 2 is tables=fstp2, built
// directly: a 2-bit BFS of the distances mod 3 (3 = unreached) up to distance 11, listing the
// entries reached below 9 (WindowLists) as it goes; then distances 9, 10, 11 already are codes 0,
// 1, 2 and every unreached entry is 12 or 13; one read-only backward pass finds the 13s (no
// neighbour at 11), and window_from_mod3 moves the listed ones to the side table. Peak: the
// 2-bit table and the lists (about 1.75 GiB), never the 4-bit table.
solver_status build_fst(const solver_services *sv, FstTable &out, unsigned bits = 2, unsigned par = 1);
bool save_fst(const FstTable &t, const std::string &path, std::string &why);
// bits: the kind expected (the file's magic, CUBEFST1 or CUBEFST4, must say the same).
// verify = false skips the checksum pass over the data (0.3-0.6 s; tests that check the
// table's values themselves).
// pages: PAGES_HUGE (or true) reads the data into huge-page memory (HugeBuffer::read_file),
// PAGES_MAPPED (or false) maps the file, PAGES_SHARED maps it in huge pages
// (HugeBuffer::map_file_huge) and falls back to PAGES_HUGE when that fails.
// verify_once (with verify): skip the pass when the file's "verified" marker matches it
// (verified_before, cache_file.h), and write the marker after a pass that succeeds.
// par = 2: the parity-split table (magic CUBEFSP4, or CUBEFSP2 windowed with its side table
// after the data; the side table's own checksum is always checked).
// The side table of a windowed cache file: buckets + 1 offsets then entries entries at byte at
// of the file at path (HugeBuffer::map_or_read, kept in out.file when aligned, else copied into
// out.off and out.ent). Checked against *sum unless sum is null (the file's verified marker
// vouched for it), and its offsets for order either way. false (out emptied) when the file is
// short, the offsets disagree or the sum does not match.
bool read_side_table(const std::string &path, uint64_t at, uint64_t buckets, uint64_t entries, const uint64_t *sum,
                     SideTable &out);
uint64_t side_checksum(const SideTable &s);
bool load_fst(const std::string &path, FstTable &out, std::string &why, unsigned bits = 2, bool verify = true,
              unsigned pages = PAGES_HUGE, bool verify_once = false, unsigned par = 1);
// Whether any of the n entries from i of a table of bits-bit entries (2 or 4; lowest bits first)
// equals v: 64 bits at a time between the word boundaries. The BFS passes ask it of every row
// before reading the row entry by entry (most rows of the early passes hold no frontier entry).
// The words are read atomically (relaxed), so other threads may be setting entries meanwhile.
bool any_entry_equal(const uint8_t *data, uint64_t i, uint64_t n, unsigned bits, unsigned v);

// fstp2 (out: bits 2, par 2, windowed) from the cached fstp file at p4 (CUBEFSP4), read in
// chunks of 64 MiB, so the peak is the 2-bit table and its side table; checks the file's
// checksum on the way (skipped with verify_once when its marker matches; written after a pass
// that succeeds). false (and why) when the file is missing, does not match or is corrupt.
bool convert_fstp4_file(const std::string &p4, FstTable &out, bool verify_once, std::string &why);
constexpr uint64_t fst_bytes(unsigned bits = 2, unsigned par = 1) {
    return (uint64_t(1523864) * N_TWIST * par * bits + 7) / 8;
}
// The cache file of each kind: cube-fst.pdb (2 bits), cube-fst4.pdb (4 bits),
// cube-fstp4.pdb (4 bits, split by parity) or cube-fstp2.pdb (2 bits windowed, split by parity).
std::string fst_file(unsigned bits, unsigned par = 1);

// Load from the cache folder or build (and save); shared by the whole process (the first
// load decides pages and verify_once, see load_fst). fstp2 (bits 2, par 2) not cached: with
// convert, converted from the cached fstp4 file (built first when missing), which is mapped, not
// kept; else built directly (build_fst).
solver_status get_fst(const solver_services *sv, std::shared_ptr<const FstTable> &out, solver_error *err,
                      unsigned bits = 2, unsigned pages = PAGES_HUGE, bool verify_once = false, unsigned par = 1,
                      bool convert = false);

}  // namespace cube
