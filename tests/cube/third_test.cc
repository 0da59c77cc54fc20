// third=t: the third table's coordinates (corner permutation classes, twist, slice part), their
// move and conjugation tables, the search's coordinates from Loc bytes, and the bits read as bounds
// always; the cached table (never built here: 9 G entries) and the search with it only when it
// is cached.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <set>

#include "../../plugins/cube/cache_file.h"
#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/nx.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/pdb.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/third.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

extern "C" const solver_plugin *solver_plugin_entry(void);

namespace {
uint64_t next(uint64_t &rng) { return cube_test::next_random(rng); }

// The entries that stand for c's abstract state: its index under each symmetry of its class
// representative's stabilizer.
std::set<uint64_t> variants(const ThirdCoords &co, const CubieCube &c) {
    const uint32_t e = co.cp_class[size_t(get_corner_perm(c))], s = e & 15;
    const int tw = co.tw_conj[size_t(get_twist(c)) * N_UDSYM + s], sp = co.sp_conj[size_t(get_slice_part(c)) * N_UDSYM + s];
    std::set<uint64_t> out;
    for (unsigned u = 0; u < N_UDSYM; ++u)
        if (co.class_stab[e >> 4] >> u & 1)
            out.insert((uint64_t(e >> 4) * N_TWIST + co.tw_conj[size_t(tw) * N_UDSYM + u]) * N_SLPART +
                       co.sp_conj[size_t(sp) * N_UDSYM + u]);
    return out;
}
}  // namespace

TEST_CASE("CubeThird.SlicePartRoundTripsAndIsSolvedsAtHome") {
    for (int v = 0; v < N_SLPART; ++v) {
        CubieCube c = CubieCube::solved();
        set_slice_part(c, v);
        CHECK(get_slice_part(c) == v);
    }
    // Solved: FR and BL (opposite) at ranks 0 and 2: pairing 1.
    CHECK(get_slice_part(CubieCube::solved()) == 1);
}

TEST_CASE("CubeThird.MoveAndConjugationTablesCommuteWithTheCube") {
    const ThirdCoords &co = third_coords();
    CHECK(co.classes == 2768);
    CHECK(co.size() == 8989619760ull);
    uint64_t rng = 18;
    const Symmetry &S = symmetry();
    for (int k = 0; k < 300; ++k) {
        const CubieCube c = random_cube(rng);
        const int cp = get_corner_perm(c), tw = get_twist(c), sp = get_slice_part(c);
        for (int m = 0; m < NMOVES; ++m) {
            const CubieCube d = apply_move(c, m);
            REQUIRE(co.cp_move[size_t(cp) * NMOVES + m] == get_corner_perm(d));
            REQUIRE(co.tw_move[size_t(tw) * NMOVES + m] == get_twist(d));
            REQUIRE(co.sp_move[size_t(sp) * NMOVES + m] == get_slice_part(d));
        }
        for (int s = 0; s < N_UDSYM; ++s) {
            const CubieCube d = S.conj(c, s);
            REQUIRE(co.tw_conj[size_t(tw) * N_UDSYM + s] == get_twist(d));
            REQUIRE(co.sp_conj[size_t(sp) * N_UDSYM + s] == get_slice_part(d));
            // A conjugate is the same abstract state: its entry is among c's.
            const std::set<uint64_t> a = variants(co, c);
            REQUIRE(a.count(co.index(d)) == 1);
            REQUIRE(a == variants(co, d));
        }
        // The class entry's symmetry takes the permutation to the representative.
        const uint32_t e = co.cp_class[size_t(cp)];
        CHECK(get_corner_perm(S.conj(c, int(e & 15))) == co.class_rep[e >> 4]);
    }
    // Every class's stabilizer holds the identity; the solved cube's class is fixed by all 16.
    for (uint32_t c = 0; c < co.classes; ++c) REQUIRE((co.class_stab[c] & 1) == 1);
    CHECK(co.class_stab[co.cp_class[0] >> 4] == 0xffff);
}

TEST_CASE("CubeThird.CoordinatesFromLocBytesMatchTheCubeAndItsInverse") {
    const ThirdCoords &co = third_coords();
    uint64_t rng = 7;
    for (int k = 0; k < 500; ++k) {
        const CubieCube c = random_cube(rng);
        const Loc l = to_loc(c);
        int cp, tw, sp;
        co.from_loc(l.l, false, cp, tw, sp);
        REQUIRE(cp == get_corner_perm(c));
        REQUIRE(tw == get_twist(c));
        REQUIRE(sp == get_slice_part(c));
        const CubieCube ci = c.inverse();
        co.from_loc(l.l, true, cp, tw, sp);
        REQUIRE(cp == get_corner_perm(ci));
        REQUIRE(tw == get_twist(ci));
        REQUIRE(sp == get_slice_part(ci));
        // from_loc_fast (the search's, third_fast_coords): the same values.
        for (int inv = 0; inv < 2; ++inv) {
            int cp2, tw2, sp2;
            co.from_loc(l.l, inv, cp, tw, sp);
            co.from_loc_fast(l.l, inv, cp2, tw2, sp2);
            REQUIRE(cp2 == cp);
            REQUIRE(tw2 == tw);
            REQUIRE(sp2 == sp);
        }
    }
}

TEST_CASE("CubeThird.InverseViewsFromTheInverseStagesCoordinates") {
    // third_reuse: an inverse view's twist is inverse_coords' twist, its slice part comes from
    // inverse_coords' slice through third_slice_part_of_inverse_slice, and its corner
    // permutation's rank from inverse_perm_rank; all three must be from_loc's values of X^-1.
    // Random cubes and every cube one move from them (each move's slice and twist change).
    const ThirdCoords &co = third_coords();
    const uint16_t *sp_of = third_slice_part_of_inverse_slice();
    uint64_t rng = 28;
    int seen_pairing[3] = {};
    for (int k = 0; k < 200; ++k) {
        const CubieCube c0 = random_cube(rng);
        for (int m = -1; m < NMOVES; ++m) {
            const CubieCube c = m < 0 ? c0 : apply_move(c0, m);
            const Loc l = to_loc(c);
            int cp, tw, sp, f, sl, w;
            co.from_loc(l.l, true, cp, tw, sp);
            inverse_coords(l.l, f, sl, w);
            REQUIRE(sl >= 0);
            REQUIRE(sl < N_SLICE_SORTED);
            CHECK(w == tw);
            CHECK(int(sp_of[sl]) == sp);
            CHECK(co.inverse_perm_rank(l.l) == cp);
            ++seen_pairing[sp % 3];
        }
    }
    CHECK(seen_pairing[0] > 0);  // every pairing met
    CHECK(seen_pairing[1] > 0);
    CHECK(seen_pairing[2] > 0);
}

TEST_CASE("CubeThird.BitsReadAsBounds") {
    ThirdTable t;
    t.data = HugeBuffer(16);
    for (int k = 0; k < 16; ++k) t.data.data()[k] = uint8_t(0xa5 ^ k);
    for (uint64_t i = 0; i < 128; ++i) {
        const unsigned bit = (unsigned(0xa5 ^ (i >> 3)) >> (i & 7)) & 1;
        REQUIRE(t.code(i) == bit);
        REQUIRE(t.bound(i) == (bit ? 11u : 0u));
        REQUIRE(t.byte_of(i) == t.data.data() + i / 8);
    }
    CHECK(third_bytes() == 8989619760ull / 8);
}

// The abstract distance of a state by iterative deepening over the move tables (for states a
// few moves from solved): never more than the moves that made it. (The cached table itself is
// checked against the abstraction's IDA* by tools/cube-estimate.cc's checkt mode.)
namespace {
bool within(const ThirdCoords &co, int cp, int tw, int sp, int g, int prev, int sp0) {
    if (cp == 0 && tw == 0 && sp == sp0) return true;
    if (g == 0) return false;
    for (int m = 0; m < NMOVES; ++m) {
        if (prev >= 0 && (m / 3 == prev / 3 || m / 3 + 3 == prev / 3)) continue;
        if (within(co, co.cp_move[size_t(cp) * NMOVES + m], co.tw_move[size_t(tw) * NMOVES + m],
                   co.sp_move[size_t(sp) * NMOVES + m], g - 1, m, sp0))
            return true;
    }
    return false;
}
}  // namespace

TEST_CASE("CubeThird.AbstractDistanceNeverExceedsTheScramble") {
    const ThirdCoords &co = third_coords();
    const int sp0 = get_slice_part(CubieCube::solved());
    uint64_t rng = 3;
    for (int k = 0; k < 20; ++k) {
        const int n = 1 + int(next(rng) % 4);
        CubieCube c = CubieCube::solved();
        for (int i = 0; i < n; ++i) c = apply_move(c, int(next(rng) % NMOVES));
        int d = 0;
        while (!within(co, get_corner_perm(c), get_twist(c), get_slice_part(c), d, -1, sp0)) ++d;
        CHECK(d <= n);
    }
}

TEST_CASE("CubeThird.CachedTableBoundsKnownDistances") {
    const std::string dir = cube_test::user_cache_dir();
    const std::string path = dir + "/" + third_file();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return;  // never built by the tests (9 G entries)
    ThirdTable t;
    std::string why;
    REQUIRE(load_third(path, t, why, false, PAGES_MAPPED, false));
    CHECK(t.code(t.co->index(CubieCube::solved())) == 0);
    CHECK(t.depth_counts.size() == 13);  // 0..11, then 12 or more
    // Scrambles of n <= 12 moves: every view's bound at most n.
    uint64_t rng = 11;
    for (int k = 0; k < 200; ++k) {
        const int n = 8 + int(next(rng) % 5);
        CubieCube c = CubieCube::solved();
        for (int i = 0; i < n; ++i) c = apply_move(c, int(next(rng) % NMOVES));
        REQUIRE(third_bound(t, c) <= unsigned(n));
    }
}

// Loads the user's cached cube-third-t.pdb and fstp2 tables (never built here: T takes minutes);
// false, with a message, when either is not cached.
static bool load_cached_tables(ThirdTable &t, FstTable &fst) {
    const std::string dir = cube_test::user_cache_dir();
    std::error_code ec;
    if (!std::filesystem::exists(dir + "/" + third_file(), ec) || !std::filesystem::exists(dir + "/" + fst_file(2, 2), ec)) {
        MESSAGE("skipped: no cached third=t or fstp2 table in " << dir);
        return false;
    }
    std::string why;
    REQUIRE_MESSAGE(load_third(dir + "/" + third_file(), t, why, false, PAGES_SHARED, false), why);
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(2, 2), fst, why, 2, false, PAGES_SHARED, false, 2), why);
    return true;
}

TEST_CASE("CubeThird.SearchWithTheCachedTableFindsTheSameLengths") {
    // Only where cube-third-t.pdb and cube-fstp2.pdb are cached: scrambles of 14-15 moves solved
    // with and without third=t (batches of 16, one thread): every answer replayed, the same
    // (optimal) length, and no more nodes in all with the third bound. (At these lengths it
    // seldom cuts: its codes bound only from 11 on; the distance-16/17 positions it cuts, by
    // 0.43-0.68 of the children, take seconds: README, session 18.)
    ThirdTable t;
    FstTable fst;
    if (!load_cached_tables(t, fst)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 1811, with = 0, without = 0;
    for (int k = 0; k < 4; ++k) {
        const std::vector<int> s = cube_test::random_scramble(rng, 14 + k % 2, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        FstSearchOptions opt;
        const OptimalResult a = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
        opt.third = &t;
        const OptimalResult b = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
        REQUIRE(a.status == SOLVER_OK);
        REQUIRE(b.status == SOLVER_OK);
        REQUIRE(apply_moves(c, a.moves).is_solved());
        REQUIRE(apply_moves(c, b.moves).is_solved());
        CHECK(a.moves.size() == b.moves.size());
        with += b.nodes, without += a.nodes;
    }
    MESSAGE(without << " nodes without third=t, " << with << " with");
    CHECK(with <= without);
}

// The loop of the cached-table same-search tests: three scrambles of `length` moves (the random
// numbers from seed), each searched with the third table in batches of 16 and of 3 with the tasks
// in a fixed order, under `settings` settings set(opt, k) (cube_test::check_same_search: the same
// nodes and length under each). Returns the nodes of one setting summed over the searches.
template <class Set>
static uint64_t third_same_search(const ThirdTable &t, const FstTable &fst, const solver_services *sv, uint64_t seed,
                                  int length, int settings, Set set) {
    uint64_t rng = seed, all = 0;
    for (int i = 0; i < 3; ++i) {
        const std::vector<int> s = cube_test::random_scramble(rng, length, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        for (int b = 0; b < 2; ++b) {
            FstSearchOptions base;
            base.third = &t;
            base.batch = b ? 3 : 16;
            base.order_tasks = TaskOrder::off;
            all += cube_test::check_same_search(c, s.size(), nullptr, fst, sv, base, settings, set).nodes;
        }
    }
    return all;
}

TEST_CASE("CubeThird.LookaheadKeepsTheSameSearch") {
    // third_ahead (the next view's entries in flight while the current one's are read) only
    // changes when the same entries are read, so with the cached tables it must expand exactly
    // the nodes of third_ahead=off, with the same (optimal) length, with the prefetches in loops
    // of their own (split_prefetch, which also covers the stage's table bytes) or not. Scrambles of 15 moves, batches of 16 and 3, the tasks in a fixed
    // order. Only where cube-third-t.pdb and cube-fstp2.pdb are cached.
    ThirdTable t;
    FstTable fst;
    if (!load_cached_tables(t, fst)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    const uint64_t all = third_same_search(t, fst, &ts.sv, 1927, 15, 4, [](FstSearchOptions &opt, int k) {
        opt.third_ahead = k & 1;
        opt.split_prefetch = k >= 2;
    });
    MESSAGE(all << " nodes expanded by each setting");
    CHECK(all > 100);
}

// Settings of the gather tests: third_gather K for k = 0, 1, 2 (k = 0: each batch alone, with
// the views' coordinates by from_loc as before session 26; else by from_loc_fast).
static const int kGather[3] = {1, 2, 5};

TEST_CASE("CubeThird.GatherKeepsTheSameSearch") {
    // third_gather reads the third table once for several sibling batches (their survivors of
    // every other stage gathered), with each batch's counts charged in the batch-by-batch order,
    // so it must expand exactly the nodes of third_gather=1 and find the same (optimal) length:
    // K = 2 and 5 (groups that split a level's batches unevenly), batches of 16 and 3.
    // Scrambles of 17 moves (those of 15 seldom reach the stage), the tasks in a fixed order.
    // Only where cube-third-t.pdb and cube-fstp2.pdb are cached.
    ThirdTable t;
    FstTable fst;
    if (!load_cached_tables(t, fst)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    const uint64_t all = third_same_search(t, fst, &ts.sv, 2626, 17, 3, [](FstSearchOptions &opt, int k) {
        opt.third_gather = kGather[k];
        opt.third_fast_coords = k > 0;
    });
    MESSAGE(all << " nodes expanded by each setting");
    CHECK(all > 100);
}

TEST_CASE("CubeThird.ReuseKeepsTheSameSearch") {
    // third_reuse takes the inverse views' twist and slice part from the inverse stage's packed
    // coordinates (kept per child, and copied with the survivors when gathered), so it reads the
    // same entries: the nodes and length of third_reuse=off, each batch alone (K = 1) and
    // gathered (K = 5). Scrambles of 17 moves, batches of 16 and 3, the tasks in a fixed order.
    // Only where cube-third-t.pdb and cube-fstp2.pdb are cached.
    ThirdTable t;
    FstTable fst;
    if (!load_cached_tables(t, fst)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    const uint64_t all = third_same_search(t, fst, &ts.sv, 2626, 17, 3, [](FstSearchOptions &opt, int k) {
        opt.third_reuse = k > 0;
        opt.third_gather = k == 2 ? 5 : 1;
    });
    MESSAGE(all << " nodes expanded by each setting");
    CHECK(all > 100);
}

// The synthetic-table tests' tables: the cached fstp2 (false when it is not cached) and a third
// table whose bit is set for every 256th corner-permutation class (not a true bound, so answers
// may be longer than optimal, but the same under every setting).
static bool synthetic_third(FstTable &fst, ThirdTable &t) {
    const std::string path = cube_test::user_cache_dir() + "/" + fst_file(2, 2);
    if (!std::filesystem::exists(path)) {
        MESSAGE("skipped: no cached fstp2 table in " << cube_test::user_cache_dir());
        return false;
    }
    std::string why;
    REQUIRE_MESSAGE(load_fst(path, fst, why, 2, false, PAGES_SHARED, false, 2), why);
    t.co = &third_coords();
    t.size = t.co->size();
    t.data = HugeBuffer(size_t(third_bytes()));
    const uint64_t per_class = uint64_t(N_TWIST) * N_SLPART;  // entries (whole bytes set: a few neighbours' too)
    for (uint64_t k = 5; k < t.co->classes; k += 256)
        std::memset(t.data.data() + k * per_class / 8, 0xff, size_t((k + 1) * per_class / 8 - k * per_class / 8));
    return true;
}

TEST_CASE("CubeThird.GatherKeepsTheSameSearchWithASyntheticTable") {
    // The same check without the cached third table (only fstp2 cached): a synthetic one whose
    // bit is set for every 256th corner-permutation class (not a true bound, so answers may be
    // longer than optimal, but the same under every setting), so the gathered stage does cut:
    // third_gather=1 and K = 2, 5 must expand the same nodes and find the same length, and so
    // must third_reuse at K = 1 and at K = 5 (k = 3, 4).
    // Scrambles of 9 and 10 moves (where the third table is read at every level), batches of 16 and 3.
    FstTable fst;
    ThirdTable t;
    if (!synthetic_third(fst, t)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 2611, all = 0, cut = 0;
    for (int i = 0; i < 2; ++i) {
        const std::vector<int> s = cube_test::random_scramble(rng, 9 + i, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        for (int b = 0; b < 2; ++b) {
            FstSearchOptions base;
            base.batch = b ? 3 : 16;
            base.order_tasks = TaskOrder::off;
            const OptimalResult plain = solve_optimal_fst(c, nullptr, fst, &ts.sv, base);
            REQUIRE(plain.status == SOLVER_OK);
            base.third = &t;
            uint64_t nodes = 0;
            size_t len = 0;
            for (int k = 0; k < 5; ++k) {
                CAPTURE(k);
                FstSearchOptions opt = base;
                opt.third_gather = k < 3 ? kGather[k] : k == 3 ? 1 : 5;
                opt.third_reuse = k >= 3;
                opt.third_fast_coords = k > 0;
                const OptimalResult q = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
                REQUIRE(q.status == SOLVER_OK);
                CHECK(apply_moves(c, q.moves).is_solved());
                if (k == 0) {
                    nodes = q.nodes, len = q.moves.size();
                    cut += q.nodes < plain.nodes || q.moves.size() > plain.moves.size();
                    continue;
                }
                CHECK(q.nodes == nodes);
                CHECK(q.moves.size() == len);
            }
            all += nodes;
        }
    }
    MESSAGE(all << " nodes expanded by each setting; the synthetic table changed " << cut << " of 4 searches");
    CHECK(cut > 0);  // the gathered stage did cut
}

TEST_CASE("CubeThird.WavesKeepTheSameSearchWithASyntheticTable") {
    // third_wave (each view's reads in a pipeline W deep, the view's entries computed first)
    // reads the same bytes, so with the synthetic table (see synthetic_third: the stage cuts) it
    // must expand the nodes of the plain stage and find the same length: each batch alone (K = 1)
    // and gathered (K = 5, with third_reuse), W = 4 (pipelines shorter and longer than a view's
    // reads). The gather test's 9-move scramble, batches of 5 (groups that split the levels
    // unevenly).
    FstTable fst;
    ThirdTable t;
    if (!synthetic_third(fst, t)) return;
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 2611;
    const std::vector<int> s = cube_test::random_scramble(rng, 9, NMOVES);  // the gather test's first
    const CubieCube c = apply_moves(CubieCube::solved(), s);
    CAPTURE(format_moves(s));
    FstSearchOptions base;
    base.batch = 5;
    base.order_tasks = TaskOrder::off;
    const OptimalResult plain = solve_optimal_fst(c, nullptr, fst, &ts.sv, base);
    REQUIRE(plain.status == SOLVER_OK);
    base.third = &t;
    const cube_test::SearchCount first =
        cube_test::check_same_search(c, 99, nullptr, fst, &ts.sv, base, 3, [](FstSearchOptions &opt, int k) {
            opt.third_gather = k < 2 ? 1 : 5;
            opt.third_reuse = k >= 2;
            opt.third_wave = k > 0 ? 4 : 0;
        });
    MESSAGE(first.nodes << " nodes expanded by each setting, " << plain.nodes << " without the synthetic table");
    CHECK((first.nodes < plain.nodes || first.len > plain.moves.size()));  // the stage did cut
}

namespace {
// The plugin's default optimal solve (third=auto) of scramble with the cache folder dir, pages
// mapped (a sparse synthetic table file stays unread but for the bytes looked up); more options
// appended. The log and the moves; REQUIREs the solve and the replay.
struct AutoSolve {
    std::string log, moves, result;  // result: the log's last line (length and nodes)
};
// budget: the memory budget in bytes (0: none; the fstp2 tables are over the tests' 1 GiB).
AutoSolve solve_in(const std::string &dir, const char *scramble, std::vector<solver_option> more = {},
                   uint64_t budget = 0) {
    const solver_plugin *p = solver_plugin_entry();
    cube_test::TestServices ts(dir);
    ts.sv.memory_budget_bytes = budget;
    std::vector<solver_option> o{{"pages", "mapped"}};
    o.insert(o.end(), more.begin(), more.end());
    solver_instance *inst = nullptr;
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    REQUIRE_MESSAGE(p->open(scramble, std::strlen(scramble), "<test>", 1, o.data(), o.size(), &ts.sv, &inst, &err) == SOLVER_OK, msg);
    uint64_t cost = 0;
    const solver_status s = p->solve(inst, &ts.sv, &cost, &err);
    p->close(inst);
    REQUIRE_MESSAGE(s == SOLVER_OK, msg << "\n" << ts.log);
    std::vector<int> moves;
    ParseFailure f;
    REQUIRE(parse_moves(ts.output, moves, f));
    std::vector<int> sc;
    REQUIRE(parse_moves(scramble, sc, f));
    CHECK(apply_moves(apply_moves(CubieCube::solved(), sc), moves).is_solved());
    CHECK(moves.size() == cost);
    const size_t at = ts.log.find("moves (half-turn metric), optimal");
    REQUIRE(at != std::string::npos);
    return {ts.log, ts.output, ts.log.substr(at, ts.log.find('\n', at) - at)};
}

// A scratch cache folder (emptied) whose files are links to the user's cached tables but the
// third table's and the N table's (so tables=auto, the default, chooses fstp2 there: session 38);
// "" when the user's cache lacks the fstp2 table (never built by the tests).
std::string linked_cache(const std::string &name) {
    namespace fs = std::filesystem;
    const std::string user = cube_test::user_cache_dir(), dir = cube_test::cache_dir() + "/" + name;
    std::error_code ec;
    if (!fs::exists(user + "/" + fst_file(2, 2), ec)) return "";
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    for (const auto &e : fs::directory_iterator(user))
        if (e.is_regular_file() && e.path().filename().string().rfind(third_file(), 0) != 0 &&
            e.path().filename().string().rfind(nx_file(), 0) != 0)
            fs::create_symlink(e.path(), dir + "/" + e.path().filename().string());
    return dir;
}
}  // namespace

TEST_CASE("CubeThird.AutoUsesTheTableOnlyWhenCached") {
    // third=auto (the default) with the fstp2 table: off, quietly, when cube-third-t.pdb is not in
    // the cache folder (and never built); used (its "table third=t" line) once it is: here a
    // synthetic file of the right header and size, all zero (sparse: "10 or less" everywhere, so
    // it cuts nothing) marked as verified, so the same answer and nodes; a file that does not
    // load warns and is not rebuilt. A scratch folder whose other tables link to the user's
    // cache, only where the fstp2 table is cached there: one folder (its tables loaded once a
    // process), since the plugin asks for the third table only once the file is there, so
    // nothing is remembered of its absence. (The damaged file needs no other table: first.)
    // The header as third.cc writes it: magic, classes, entries, bytes, checksum, 16 depth counts.
    struct {
        char magic[8];
        uint64_t classes, size, bytes, sum;
        uint64_t depth_counts[16];
    } h{};
    std::memcpy(h.magic, "CUBETHT2", 8);
    h.classes = third_coords().classes;
    h.size = third_coords().size();
    h.bytes = third_bytes();
    h.sum = 12345;  // never checked: the marker below vouches for it
    // A file that does not load (the header alone: the wrong size), asked for as auto asks
    // (get_third without build; no other table needed): a warning, no table, no build.
    const std::string bad = cube_test::cache_dir() + "/third-auto-bad";
    std::filesystem::remove_all(bad);
    std::filesystem::create_directories(bad);
    {
        FILE *f = std::fopen((bad + "/" + third_file()).c_str(), "wb");
        REQUIRE(f);
        REQUIRE(std::fwrite(&h, sizeof h, 1, f) == 1);
        std::fclose(f);
    }
    cube_test::TestServices ts(bad);
    std::shared_ptr<const ThirdTable> got;
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    CHECK(get_third(&ts.sv, got, &err, PAGES_MAPPED, true, false) == SOLVER_OK);
    CHECK(!got);
    CHECK(ts.log.find("table third=t not used") != std::string::npos);
    CHECK(std::filesystem::file_size(bad + "/" + third_file()) == sizeof h);  // not rebuilt
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    // The solves below load the scratch folder's tables (about 330 MB read in whole): 0.7-1.6 s
    // under AddressSanitizer, 0.5-0.9 s under ThreadSanitizer (one thread: nothing for it to
    // find), whose other tests run the same search and plugin code.
    MESSAGE("the solves skipped under a sanitizer");
    return;
#endif
    const std::string absent = linked_cache("third-auto"), present = absent;
    if (absent.empty()) {
        MESSAGE("skipped: no cached fstp2 table in " << cube_test::user_cache_dir());
        return;
    }
    const char *scramble = "R U F D L B2 R' U2 F";
    const AutoSolve off = solve_in(absent, scramble);
    INFO(off.log);
    CHECK(off.log.find("table third") == std::string::npos);
    const std::string path = present + "/" + third_file();
    {
        FILE *f = std::fopen(path.c_str(), "wb");
        REQUIRE(f);
        REQUIRE(std::fwrite(&h, sizeof h, 1, f) == 1);
        std::fclose(f);
        std::filesystem::resize_file(path, sizeof h + h.bytes);  // the rest zero, not written
    }
    mark_verified(path, h.sum);
    // The memory budget: the other tables need about 1.9 GiB and the third 1.05 GiB more, so
    // 2.5 GiB holds them but not it: auto leaves it out, quietly (asked before any solve loads
    // it: a process loads a table once, and logs its line then); 4 GiB holds all.
    const AutoSolve tight = solve_in(present, scramble, {}, uint64_t(2560) << 20);
    CHECK(tight.log.find("table third") == std::string::npos);
    CHECK(tight.moves == off.moves);
    const AutoSolve on = solve_in(present, scramble, {}, uint64_t(4096) << 20);
    CHECK(on.log.find("table third=t") != std::string::npos);
    CHECK(on.moves == off.moves);
    CHECK(on.result == off.result);
    const AutoSolve pinned = solve_in(present, scramble, {{"third", "off"}});  // off keeps it off
    CHECK(pinned.log.find("table third") == std::string::npos);
    CHECK(pinned.moves == off.moves);
}
