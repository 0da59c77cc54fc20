// tables=fstp2: the parity-split flip-slice-twist distances at 2 bits an entry (codes 0..2 for
// 9..11, code 3 for the rest, held in a side table or implied 12). The conversion and the side
// table on synthetic data always; against the cached 4-bit fstp table, and the search over the
// cached fstp2 table, only when those are cached (the tests never build or convert them).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {
using cube_test::random_scramble;
uint64_t next(uint64_t &rng) { return cube_test::next_random(rng); }
}  // namespace

TEST_CASE("CubeFstp2.WindowedEntriesDecodeToTheFourBitValues") {
    // Synthetic 4-bit entries: every value 0..14, clusters of low values in one bucket (a bucket
    // holding many side entries), an odd count (a padded last byte) and a bucket with none.
    const uint64_t n = 3 * 4096 + 4093;
    std::vector<uint8_t> four((n + 1) / 2, 0xff);
    std::vector<unsigned> want(n);
    uint64_t rng = 5;
    for (uint64_t i = 0; i < n; ++i) {
        unsigned v;
        if (i < 4096) v = unsigned(next(rng) % 15);             // all kinds
        else if (i < 8192) v = 9 + unsigned(next(rng) % 4);     // window and 12 only: no side entry
        else if (i < 12288) v = i % 7 == 0 ? 13 : 10;           // sparse side entries
        else v = unsigned(next(rng) % 9);                       // all low: a full side bucket
        want[i] = v;
        four[i >> 1] = uint8_t((four[i >> 1] & ~(15 << ((i & 1) * 4))) | (v << ((i & 1) * 4)));
    }
    FstTable t;
    t.bits = 2, t.par = 2, t.size = n;
    t.data = HugeBuffer((n * 2 + 7) / 8);
    std::string why;
    REQUIRE_MESSAGE(window_from4(four.data(), n, t.data.data(), t.side, why), why);
    REQUIRE(t.windowed());
    REQUIRE(t.exact_values());
    size_t side = 0;
    for (uint64_t i = 0; i < n; ++i) {
        CAPTURE(i);
        REQUIRE(t.value(i) == want[i]);
        const bool in_window = want[i] >= WINDOW_BASE && want[i] < WINDOW_BASE + 3;
        CHECK(t.get2(i) == (in_window ? want[i] - WINDOW_BASE : 3u));
        side += !in_window && want[i] != SideTable::ABSENT;
    }
    CHECK(t.side.ent.size() == side);
    CHECK(t.side.off[2] - t.side.off[1] == 0);  // the bucket of window values and 12s
    CHECK(t.side.off.size() == 5);              // 4 buckets and the end
    // An unreached entry is refused.
    four[100] = 0xff;
    SideTable s2;
    std::vector<uint8_t> out((n * 2 + 7) / 8);
    CHECK_FALSE(window_from4(four.data(), n, out.data(), s2, why));
}

TEST_CASE("CubeFstp2.DirectBuildLastStepMatchesTheConversion") {
    // Synthetic distances 0..13 over five buckets (one of them all below the window, one with
    // none there) as the direct build leaves them: 2-bit codes of the distance mod 3 up to 11 and
    // 3 beyond, and lists of the entries below 9 and at 13, in an arbitrary order and in several
    // chunks. window_from_mod3 must make the very bytes and side table window_from4 makes of the
    // 4-bit distances.
    const uint64_t n = 5 * 4096 - 4;  // a multiple of 4, as the real table (4 entries a byte)
    std::vector<unsigned> dist(n);
    uint64_t rng = 11;
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t r = next(rng) % 100;
        if (i < 4096) dist[i] = unsigned(next(rng) % 14);                     // everything
        else if (i < 8192) dist[i] = unsigned(next(rng) % 9);                 // all below the window
        else if (i < 12288) dist[i] = 9 + unsigned(next(rng) % 4);            // none there
        else dist[i] = r < 3 ? unsigned(next(rng) % 9) : r < 4 ? 13 : r < 8 ? 12 : 9 + unsigned(r % 3);
    }
    std::vector<uint8_t> four((n + 1) / 2, 0), want((n * 2 + 7) / 8), codes((n * 2 + 7) / 8, 0);
    WindowLists lists;
    std::vector<uint64_t> order(n);
    for (uint64_t i = 0; i < n; ++i) order[i] = i;
    for (uint64_t i = n - 1; i > 0; --i) std::swap(order[i], order[next(rng) % (i + 1)]);
    for (uint64_t i : order) {
        const unsigned d = dist[i];
        four[i >> 1] = uint8_t(four[i >> 1] | d << ((i & 1) * 4));
        codes[i >> 2] = uint8_t(codes[i >> 2] | (d <= 11 ? d % 3 : 3u) << ((i & 3) * 2));
        if (d == 13) lists.top.push_back(i);
        if (d >= WINDOW_BASE) continue;
        auto &chunks = lists.low[d][0];
        if (chunks.empty() || next(rng) % 50 == 0) chunks.emplace_back();  // a new chunk now and then
        chunks.back().push_back(uint32_t(i));
    }
    SideTable expect, got;
    std::string why;
    REQUIRE_MESSAGE(window_from4(four.data(), n, want.data(), expect, why), why);
    const std::vector<uint8_t> mod3 = codes;
    REQUIRE_MESSAGE(window_from_mod3(codes.data(), n, lists, got, why), why);
    CHECK(codes == want);
    CHECK(got.off == expect.off);
    CHECK(got.ent == expect.ent);
    CHECK(expect.off[2] - expect.off[1] == 4096);  // the bucket below the window
    CHECK(expect.off[3] - expect.off[2] == 0);     // the bucket without side entries
    // Decoded, the values are the distances.
    FstTable t;
    t.bits = 2, t.par = 2, t.size = n;
    t.data = HugeBuffer(codes.size());
    std::copy(codes.begin(), codes.end(), t.data.data());
    t.side = std::move(got);
    for (uint64_t i = 0; i < n; ++i) {
        CAPTURE(i);
        REQUIRE(t.value(i) == dist[i]);
    }

    // Refused: a listed entry whose code is not its distance mod 3 (a list from another pass),
    // a 13 that was reached, an entry listed twice.
    WindowLists bad = lists;
    uint64_t e8 = 0;
    while (dist[e8] != 8) ++e8;
    bad.low[7][0].push_back(std::vector<uint32_t>(1, uint32_t(e8)));
    codes = mod3;
    CHECK_FALSE(window_from_mod3(codes.data(), n, bad, got, why));
    bad = lists;
    uint64_t e10 = 0;
    while (dist[e10] != 10) ++e10;
    bad.top.push_back(e10);
    codes = mod3;
    CHECK_FALSE(window_from_mod3(codes.data(), n, bad, got, why));
    bad = lists;
    bad.low[8][0].push_back(std::vector<uint32_t>(1, uint32_t(e8)));
    codes = mod3;
    CHECK_FALSE(window_from_mod3(codes.data(), n, bad, got, why));
    // An entry below the window left out of the lists stays a code of the window: wrong, and seen.
    bad = lists;
    for (auto &c : bad.low[8][0]) c.clear();
    codes = mod3;
    REQUIRE(window_from_mod3(codes.data(), n, bad, got, why));
    CHECK(codes != want);
}

TEST_CASE("CubeFst.AnyEntryEqualAgreesWithEntryByEntry") {
    // The BFS's row filter: random 2- and 4-bit data, ranges of every alignment (inside one word,
    // across words, whole words), every value, and a lone match at each end.
    uint64_t rng = 3;
    std::vector<uint8_t> d(512);
    for (unsigned bits : {2u, 4u}) {
        const unsigned per = 8 / bits, mask = (1u << bits) - 1;
        auto get = [&](uint64_t k) { return (d[k / per] >> ((k % per) * bits)) & mask; };
        auto set = [&](uint64_t k, unsigned v) {
            d[k / per] = uint8_t((d[k / per] & ~(mask << ((k % per) * bits))) | v << ((k % per) * bits));
        };
        for (int round = 0; round < 3000; ++round) {
            // Mostly one value, so most ranges lack the others.
            const unsigned fill = unsigned(next(rng)) & mask;
            for (uint64_t k = 0; k < d.size() * per; ++k) set(k, next(rng) % 64 == 0 ? unsigned(next(rng)) & mask : fill);
            const uint64_t i = next(rng) % 400, n = next(rng) % 500;
            for (unsigned v = 0; v <= mask; ++v) {
                bool want = false;
                for (uint64_t k = i; k < i + n; ++k) want = want || get(k) == v;
                CAPTURE(bits);
                CAPTURE(i);
                CAPTURE(n);
                CAPTURE(v);
                REQUIRE(any_entry_equal(d.data(), i, n, bits, v) == want);
            }
            if (n == 0) continue;
            const unsigned other = (fill + 1) & mask;
            for (uint64_t k = i; k < i + n; ++k) set(k, fill);
            CHECK_FALSE(any_entry_equal(d.data(), i, n, bits, other));
            set(i + n - 1, other);
            CHECK(any_entry_equal(d.data(), i, n, bits, other));
            set(i + n - 1, fill), set(i, other);
            CHECK(any_entry_equal(d.data(), i, n, bits, other));
            set(i, fill);
            if (i > 0) set(i - 1, other);  // just outside: not seen
            CHECK_FALSE(any_entry_equal(d.data(), i, n, bits, other));
            set(i + n, other);
            CHECK_FALSE(any_entry_equal(d.data(), i, n, bits, other));
        }
    }
}

TEST_CASE("CubeFstp2.ParentTellsCodeThreeEntriesWithoutTheSideTable") {
    // Entries 0..3 hold 8, 12, 4 and 13. With the side table emptied (every code-3 entry then
    // reads as 12 from it), child_value must still say 8 under an exact 9 and 12 under an exact
    // 11 (so it never asked the side table), give an upper bound below lim under a small parent,
    // and ask the side table otherwise.
    const uint64_t n = 8;
    const unsigned vals[n] = {8, 12, 4, 13, 9, 10, 11, 12};
    std::vector<uint8_t> four(n / 2);
    for (uint64_t i = 0; i < n; ++i) four[i >> 1] = uint8_t(four[i >> 1] | vals[i] << ((i & 1) * 4));
    FstTable t;
    t.bits = 2, t.par = 2, t.size = n;
    t.data = HugeBuffer(2);
    std::string why;
    REQUIRE(window_from4(four.data(), n, t.data.data(), t.side, why));
    bool up = true;
    CHECK(t.child_value(0, 9, false, 9, up) == 8);
    CHECK_FALSE(up);
    CHECK(t.child_value(2, 5, false, 9, up) == 6);  // 4..6 and at most 8: below 9, an upper bound
    CHECK(up);
    CHECK(t.child_value(2, 5, false, 6, up) == 4);  // the bound 6 needs the exact value
    CHECK_FALSE(up);
    CHECK(t.child_value(3, 12, false, 14, up) == 13);
    CHECK(t.child_value(4, 10, false, 11, up) == 9);
    t.side.ent.clear();
    std::fill(t.side.off.begin(), t.side.off.end(), 0u);
    CHECK(t.value(0) == 12);  // the side table is gone...
    CHECK(t.child_value(0, 9, false, 9, up) == 8);  // ...but the parent tells
    CHECK(t.child_value(1, 11, false, 12, up) == 12);
    CHECK_FALSE(up);
    CHECK(t.child_value(0, 9, true, 9, up) == 8);   // at most 10, so at most 8: below 9
    CHECK(up);
    CHECK(t.child_value(0, 9, true, 8, up) == 12);  // an upper-bound parent does not tell 8 from 12
}

TEST_CASE("CubeFstp2.CachedTableMatchesFstpAndSolvesOptimally") {
    // Only where both cube-fstp4.pdb and cube-fstp2.pdb are cached (the 2-bit one is made by the
    // first `--option tables=fstp2` solve): every entry the search reaches along random walks
    // decodes to the 4-bit value; saved and loaded it is the same; the search over it finds the
    // optimal lengths with the same node counts as over the 4-bit table.
    const std::string dir = cube_test::user_cache_dir();
    if (!std::filesystem::exists(dir + "/" + fst_file(4, 2)) || !std::filesystem::exists(dir + "/" + fst_file(2, 2))) {
        MESSAGE("skipped: no cached fstp and fstp2 tables in " << dir);
        return;
    }
    FstTable f2, f4;
    std::string why;
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(2, 2), f2, why, 2, true, false, false, 2), why);
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(4, 2), f4, why, 4, false, false, false, 2), why);
    REQUIRE(f2.windowed());
    REQUIRE(f2.size == f4.size);
    uint64_t rng = 2026, checked = 0, side = 0;
    for (int walk = 0; walk < 400; ++walk) {
        CubieCube c = walk % 4 == 0 ? random_cube(rng) : CubieCube::solved();
        for (int k = 0; k < 24; ++k) {
            for (int a = 0; a < 3; ++a) {
                const CubieCube v = a == 0 ? c : urf_conjugate(c, a);
                for (const CubieCube &w : {v, v.inverse()}) {
                    const uint64_t i = f4.index(get_flip(w), get_slice_sorted(w), get_twist(w), corner_parity(w));
                    CAPTURE(i);
                    REQUIRE(f2.value(i) == f4.get4(i));
                    ++checked, side += f2.get2(i) == 3;
                }
            }
            c = apply_move(c, int(next(rng) % NMOVES));
        }
    }
    // Random indexes as well (most are 9..11).
    for (int k = 0; k < 200000; ++k) {
        const uint64_t i = (uint64_t(next(rng)) << 31 ^ next(rng)) % f4.size;
        REQUIRE(f2.value(i) == f4.get4(i));
    }
    MESSAGE(checked << " entries along walks checked, " << side << " of them from the side table or 12");
    CHECK(side > 0);

    cube_test::TestServices ts(cube_test::cache_dir());
    for (int i = 0; i < 12; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 9 + i % 4, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        CAPTURE(format_moves(scramble));
        FstSearchOptions opt;  // batched, depth-first, and depth-first with every axis read
        opt.batch = i % 3 == 0 ? 16 : 0;
        opt.lazy_axes = i % 3 != 2;
        OptimalResult r4 = solve_optimal_fst(c, nullptr, f4, &ts.sv, opt);
        OptimalResult r2 = solve_optimal_fst(c, nullptr, f2, &ts.sv, opt);
        FstSearchOptions noparent;
        noparent.window_parent = false;
        noparent.batch = i % 2 ? 0 : 16;  // and the depth-first search
        OptimalResult r3 = solve_optimal_fst(c, nullptr, f2, &ts.sv, noparent);
        OptimalResult r5 = solve_optimal_fst(c, nullptr, f4, &ts.sv, noparent);
        REQUIRE(r3.status == SOLVER_OK);
        CHECK(r3.moves.size() == r4.moves.size());
        CHECK(r3.nodes == r5.nodes);
        REQUIRE(r4.status == SOLVER_OK);
        REQUIRE(r2.status == SOLVER_OK);
        CHECK(apply_moves(c, r2.moves).is_solved());
        CHECK(r2.moves.size() == r4.moves.size());
        CHECK(r2.nodes == r4.nodes);  // exact values: the same search
        CHECK(r2.moves.size() <= scramble.size());
    }
}

TEST_CASE("CubeFstp2.CachedTableIsTheConversionOfFstpEntryByEntry") {
    // Only where both cube-fstp4.pdb and cube-fstp2.pdb are cached: the cached fstp2 table (built
    // directly, or converted) is byte for byte, side table and counts per distance included, what
    // the chunked conversion (convert_fstp4_file) makes of the cached 4-bit table.
    const std::string dir = cube_test::user_cache_dir();
    if (!std::filesystem::exists(dir + "/" + fst_file(4, 2)) || !std::filesystem::exists(dir + "/" + fst_file(2, 2))) {
        MESSAGE("skipped: no cached fstp and fstp2 tables in " << dir);
        return;
    }
    FstTable f2, conv;
    std::string why;
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(2, 2), f2, why, 2, true, false, false, 2), why);
    REQUIRE_MESSAGE(convert_fstp4_file(dir + "/" + fst_file(4, 2), conv, false, why), why);
    REQUIRE(conv.windowed());
    REQUIRE(f2.data.size() == conv.data.size());
    CHECK(std::memcmp(f2.data.data(), conv.data.data(), f2.data.size()) == 0);
    CHECK(f2.side.same(conv.side));
    CHECK(f2.depth_counts == conv.depth_counts);
    CHECK(conv.depth_counts.size() == 14);  // distances 0..13
}

TEST_CASE("CubeFst.SharedHugeMappingHoldsTheFileBytes") {
    // pages=shared: map_file_huge gives the file's bytes from the offset asked, read-only and
    // shared, and only when at least 90% of the mapping is in 2 MiB pages (else nothing, and
    // load_fst copies). A file of 6 MiB and a bit in the tests' cache folder (on the build's
    // file system), written in one piece.
    const std::string path = cube_test::cache_dir() + "/shared-map-test.bin";
    const size_t n = (size_t(6) << 20) + 4321, offset = 232;
    std::vector<uint8_t> bytes(n);
    uint64_t rng = 77;
    for (auto &b : bytes) b = uint8_t(next(rng));
    {
        FILE *f = std::fopen(path.c_str(), "wb");
        REQUIRE(f);
        REQUIRE(std::fwrite(bytes.data(), 1, n, f) == n);
        std::fclose(f);
    }
    {
        HugeBuffer b = HugeBuffer::map_file_huge(path, offset, n - offset);
        if (b.data()) {
            CHECK(b.shared());
            REQUIRE(b.size() == n - offset);
            CHECK(std::memcmp(b.data(), bytes.data() + offset, n - offset) == 0);
            const long long pmd = huge_mapped_bytes(b.data() - offset);
            CHECK(pmd >= (long long)(size_t(6) << 20) * 9 / 10);
        } else {
            MESSAGE("this file system gave " << path << " no 2 MiB pages: pages=shared copies");
        }
        HugeBuffer c = HugeBuffer::read_file(path, offset, n - offset);  // the fallback
        REQUIRE(c.data());
        CHECK(!c.shared());
        CHECK(std::memcmp(c.data(), bytes.data() + offset, n - offset) == 0);
        CHECK(huge_mapped_bytes(c.data() + 4096) == -1);  // no mapping starts there
        CHECK(!HugeBuffer::map_file_huge(path, offset, n).data());  // past the end of the file
        CHECK(!HugeBuffer::map_file_huge(path + ".missing", 0, 4096).data());
    }
    std::remove(path.c_str());
}

TEST_CASE("CubeFstp2.SharedPagesSearchTheSameNodes") {
    // Only where cube-fstp2.pdb is cached: loaded with pages=shared, the table's bytes are the
    // file's (sampled against pread, so the offset of the data in the mapping is right) and the
    // search finds the same optimal lengths with the same node counts as over the plain file
    // mapping (pages=mapped). No checksum pass (1.6 GiB; the header's checksum is checked by
    // every solve's first load).
    const std::string dir = cube_test::user_cache_dir(), path = dir + "/" + fst_file(2, 2);
    if (!std::filesystem::exists(path)) {
        MESSAGE("skipped: no cached fstp2 table in " << dir);
        return;
    }
    FstTable shared, mapped;
    std::string why;
    REQUIRE_MESSAGE(load_fst(path, shared, why, 2, false, PAGES_SHARED, false, 2), why);
    REQUIRE_MESSAGE(load_fst(path, mapped, why, 2, false, PAGES_MAPPED, false, 2), why);
    MESSAGE(std::string(shared.data.shared() ? "pages=shared mapped the file in 2 MiB pages" : "pages=shared copied it"));
    REQUIRE(shared.data.size() == mapped.data.size());
    {
        FILE *f = std::fopen(path.c_str(), "rb");
        REQUIRE(f);
        uint64_t rng = 99;
        const long header = long(std::filesystem::file_size(path) - shared.data.size() - 8 * 3 -
                                 shared.side.off_count() * 4 - shared.side.ent_count() * 2);
        for (int k = 0; k < 2000; ++k) {
            const size_t i = size_t(next(rng) % shared.data.size());
            uint8_t b = 0;
            REQUIRE(std::fseek(f, header + long(i), SEEK_SET) == 0);
            REQUIRE(std::fread(&b, 1, 1, f) == 1);
            REQUIRE(shared.data.data()[i] == b);
        }
        std::fclose(f);
    }
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 1411;
    for (int i = 0; i < 4; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 9 + i % 2, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), scramble);
        CAPTURE(format_moves(scramble));
        FstSearchOptions opt;
        opt.batch = i % 2 ? 16 : 0;
        const OptimalResult a = solve_optimal_fst(c, nullptr, shared, &ts.sv, opt);
        const OptimalResult b = solve_optimal_fst(c, nullptr, mapped, &ts.sv, opt);
        REQUIRE(a.status == SOLVER_OK);
        REQUIRE(b.status == SOLVER_OK);
        CHECK(apply_moves(c, a.moves).is_solved());
        CHECK(a.moves.size() == b.moves.size());
        CHECK(a.moves.size() <= scramble.size());
        CHECK(a.nodes == b.nodes);
    }
}

// The cached fstp2 table (pages=shared, no checksum pass), for the tests that compare two
// settings of the search on it; false (the test is skipped) where it is not cached.
static bool load_cached_fstp2(FstTable &fst) {
    const std::string dir = cube_test::user_cache_dir(), path = dir + "/" + fst_file(2, 2);
    if (!std::filesystem::exists(path)) {
        MESSAGE("skipped: no cached fstp2 table in " << dir);
        return false;
    }
    std::string why;
    REQUIRE_MESSAGE(load_fst(path, fst, why, 2, false, PAGES_SHARED, false, 2), why);
    return true;
}

TEST_CASE("CubeFstp2.FirstAxisExactKeepsTheSameSearch") {
    // first_axis=exact only changes which of the tied forward axes a node's children look up
    // first (one whose parent distance is exact before one that is an upper bound); every tied
    // axis is looked up anyway for the children that pass, so the batched search must expand
    // exactly the nodes of first_axis=max and find the same optimal length (batches of 16 and 3,
    // the tasks in a fixed order). A first axis chosen below the largest parent distance would
    // skip reads (lazy axes) and let more children through. Only where cube-fstp2.pdb is cached
    // (the upper bounds come from its lazy axes and window).
    FstTable fst;
    if (!load_cached_fstp2(fst)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    const uint64_t all = cube_test::check_same_search_on_scrambles(
        fst, nullptr, &ts.sv, 2611, 4, [](FstSearchOptions &opt, bool on) { opt.first_axis_exact = on; });
    MESSAGE(all << " nodes expanded by each setting");
    CHECK(all > 1000);
}

TEST_CASE("CubeFstp2.SplitPrefetchKeepsTheSameSearch") {
    // split_prefetch only moves the batched search's prefetches (stages 1 and 2, the corner
    // table, the inverse axes) into a loop after the entries are computed: the same entries are
    // read, so it must expand exactly the nodes of split_prefetch=off and find the same optimal
    // length (batches of 16 and 3, the tasks in a fixed order), without the corner table and,
    // when it is cached, with it (its stage then prefetches too). Only where cube-fstp2.pdb is
    // cached.
    FstTable fst;
    if (!load_cached_fstp2(fst)) return;
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    MESSAGE(std::string(have_corners ? "with" : "without") << " the cached corner table");
    cube_test::TestServices ts(cube_test::cache_dir());
    auto set = [](FstSearchOptions &opt, bool on) { opt.split_prefetch = on; };
    const uint64_t all = cube_test::check_same_search_on_scrambles(fst, nullptr, &ts.sv, 2611, 4, set);
    MESSAGE(all << " nodes expanded by each setting without the corner table");
    CHECK(all > 1000);
    if (!have_corners) return;
    const uint64_t with = cube_test::check_same_search_on_scrambles(fst, &corners, &ts.sv, 2611, 4, set);
    MESSAGE(with << " with it");
    CHECK(with > 100);
}

TEST_CASE("CubeFstp2.SimdCoordsKeepsTheSameSearch") {
    // simd_coords computes the inverse stage's Loc bytes and coordinates with byte shuffles
    // (the same values: CubeSymmetry.SimdCoordsMatchThePortableStep), so the batched search must
    // expand exactly the nodes of simd_coords=off and find the same optimal length (batches of 16
    // and 3, the tasks in a fixed order), with the cached corner table when there is one. Where
    // the CPU lacks SSE4.1 or BMI2 both settings run the portable code. Only where cube-fstp2.pdb
    // is cached.
    FstTable fst;
    if (!load_cached_fstp2(fst)) return;
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    MESSAGE(std::string(simd_coords_supported() ? "simd_coords supported" : "simd_coords not supported: portable code only"));
    cube_test::TestServices ts(cube_test::cache_dir());
    const uint64_t all = cube_test::check_same_search_on_scrambles(
        fst, have_corners ? &corners : nullptr, &ts.sv, 2611, 4, [](FstSearchOptions &opt, bool on) { opt.simd_coords = on; });
    MESSAGE(all << " nodes expanded by each setting" << std::string(have_corners ? ", with the corner table" : ""));
    CHECK(all > 100);
}

TEST_CASE("CubeFstp2.InverseStageKeepsTheSameSearch") {
    // inverse_stage=ahead computes every child's three inverse entries before any of their lines
    // is prefetched (inverse_coords_fast, the small tables read in passes of their own), and once
    // also prefetches every axis's line in one round; side_round defers their side-table lookups
    // to one round after the three axes: the same entries decide the same children,
    // so each must expand exactly the nodes of inverse_stage=old (session 20's stage) and find the
    // same optimal length (batches of 16 and 3, the tasks in a fixed order), with the cached
    // corner table when there is one. Only where cube-fstp2.pdb is cached.
    FstTable fst;
    if (!load_cached_fstp2(fst)) return;
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    cube_test::TestServices ts(cube_test::cache_dir());
    for (int stage = 1; stage <= 2; ++stage) {
        CAPTURE(stage);
        // ahead with its side-table lookups deferred to one round (side_round, the default), once
        // with them done as each entry is read.
        auto set = [stage](FstSearchOptions &opt, bool on) {
            opt.inverse_stage = on ? stage : 0;
            opt.side_round = stage == 1;
        };
        const uint64_t all = cube_test::check_same_search_on_scrambles(fst, have_corners ? &corners : nullptr, &ts.sv,
                                                                        2611, 4, set);
        MESSAGE(all << " nodes expanded by each setting, inverse_stage " << stage
                    << std::string(have_corners ? ", with the corner table" : ""));
        CHECK(all > 100);
    }
}
