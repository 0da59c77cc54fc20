// The phase-2 table of mode=fast (phase2.h): its symmetry classes against conjugation of real
// cubes, the table's distances against G1's moves (every entry one more than its nearest
// neighbour's, 0 only at the goal; the capped ones next to nothing below 14), and the two-phase
// answers with it against those without; fast_ahead's search against the plain one.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "../../plugins/cube/phase1.h"
#include "../../plugins/cube/phase2.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {
constexpr int G1[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};  // U U2 U' R2 F2 D D2 D' L2 B2

// A random position of G1 (any corner, U/D-edge and slice permutations of one parity).
CubieCube random_g1(uint64_t &rng) {
    CubieCube x = CubieCube::solved();
    set_corner_perm(x, int(cube_test::next_random(rng) % P2_PERMS));
    const CubieCube corners = x;
    set_ud_edges(x, int(cube_test::next_random(rng) % P2_PERMS));
    set_slice_perm(x, int(cube_test::next_random(rng) % 24));
    std::copy(corners.cp, corners.cp + 8, x.cp);
    if (corner_parity(x) != edge_parity(x)) std::swap(x.ep[8], x.ep[9]);
    return x;
}
}  // namespace

TEST_CASE("CubePhase2.ClassesMapPositionsToTheirRepresentatives") {
    const Phase2Classes &c = phase2_classes();
    CHECK(c.classes == P2_CLASSES);  // Kociemba's count of corner-permutation classes
    const Symmetry &sym = symmetry();
    uint64_t rng = 13;
    for (int k = 0; k < 300; ++k) {
        const CubieCube x = random_g1(rng);
        const int cp = get_corner_perm(x), ud = get_ud_edges(x);
        for (int s = 0; s < N_UDSYM; ++s)
            CHECK(get_ud_edges(sym.conj(x, s)) == c.ud_conj[size_t(ud) * N_UDSYM + size_t(s)]);
        // The class's symmetry takes the corners to the representative's, and the entry's U/D
        // edges are the conjugate's.
        const uint32_t v = c.cp_class[uint32_t(cp)];
        const CubieCube r = sym.conj(x, int(v & 15));
        CHECK(get_corner_perm(r) == c.class_rep[v >> 4]);
        CHECK(c.index(cp, ud) == uint64_t(v >> 4) * P2_PERMS + uint64_t(get_ud_edges(r)));
        // The stabilizer bits: exactly the symmetries that keep the representative's corners.
        CubieCube rep = CubieCube::solved();
        set_corner_perm(rep, c.class_rep[v >> 4]);
        for (int s = 1; s < N_UDSYM; ++s)
            CHECK((get_corner_perm(sym.conj(rep, s)) == c.class_rep[v >> 4]) == bool(c.class_stab[v >> 4] >> s & 1));
        // The move tables against the cube.
        for (int m : G1) {
            const CubieCube y = apply_move(x, m);
            CHECK(c.moves->cp[size_t(cp) * NMOVES + size_t(m)] == get_corner_perm(y));
            CHECK(c.moves->ud[size_t(ud) * NMOVES + size_t(m)] == get_ud_edges(y));
        }
    }
}

// The cached table, or (plain builds only: about 8 s) one built into the tests' own folder.
static std::shared_ptr<const Phase2Table> phase2_for_tests() {
    const std::string user = cube_test::user_cache_dir() + "/" + phase2_file();
    auto t = std::make_shared<Phase2Table>();
    std::string why;
    if (std::filesystem::exists(user)) {
        REQUIRE_MESSAGE(load_phase2_table(user, *t, why), why);
        return t;
    }
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under a sanitizer: no cached phase-2 table in " << cube_test::user_cache_dir());
    return nullptr;
#else
    cube_test::TestServices ts(cube_test::cache_dir());
    REQUIRE(build_phase2_table(&ts.sv, *t) == SOLVER_OK);
    const std::string path = cube_test::cache_dir() + "/" + phase2_file();
    REQUIRE_MESSAGE(save_phase2_table(*t, path, why), why);
    auto back = std::make_shared<Phase2Table>();
    REQUIRE_MESSAGE(load_phase2_table(path, *back, why), why);
    CHECK(back->data == t->data);
    return t;
#endif
}

TEST_CASE("CubePhase2.TableIsTheExactDistanceAndKeepsTheAnswers") {
    const std::shared_ptr<const Phase2Table> t = phase2_for_tests();
    if (!t) return;
    uint64_t total = 0;
    for (uint64_t n : t->depth_counts) total += n;
    CHECK(total == uint64_t(P2_CLASSES) * P2_PERMS);
    CHECK(t->depth_counts.size() == 19);  // corners and U/D edges together: at most 18 moves
    // Every entry below the cap is one more than its nearest neighbour's and none is more than
    // one below it (a breadth-first distance); a capped entry has no neighbour below 14. Checked
    // from real positions (so through the classes and their twins too).
    uint64_t rng = 7;
    int bad = 0, capped = 0;
    CHECK(t->distance(0, 0) == 0);
    for (int k = 0; k < 20000; ++k) {
        const CubieCube x = random_g1(rng);
        const int cp = get_corner_perm(x), ud = get_ud_edges(x);
        const unsigned h = t->distance(cp, ud);
        bool down = false, ok = h > 0 || (cp == 0 && ud == 0);
        for (int m : G1) {
            const CubieCube y = apply_move(x, m);
            const unsigned g = t->distance(get_corner_perm(y), get_ud_edges(y));
            if (h < P2_CAP && g + 1 < h) ok = false;
            if (h == P2_CAP && g + 1 < P2_CAP) ok = false;
            if (g + 1 == h || (h == P2_CAP && g >= h - 1)) down = true;
        }
        capped += h == P2_CAP;
        if (!ok || (h > 0 && !down)) ++bad;
    }
    CHECK(bad == 0);
    CHECK(capped > 0);
    // The same answers with and without it (all bounds admissible: the same phase-2 solutions in
    // the same order), in fewer nodes; and fast_ahead on and off: the same nodes as well.
    uint64_t nodes_small = 0, nodes_table = 0;
    rng = 31;  // cubes whose phase 1 is quick with the small tables (the test's time)
    for (int k = 0; k < 10; ++k) {
        const CubieCube c = random_cube(rng);
        const TwoPhaseResult a = solve_two_phase(c, 20, {}, nullptr, nullptr, false),
                             b = solve_two_phase(c, 20, {}, nullptr, t.get(), false),
                             e = solve_two_phase(c, 20, {}, nullptr, t.get(), true),
                             f = solve_two_phase(c, 20, {}, nullptr, nullptr, true);
        REQUIRE(a.found);
        REQUIRE(b.found);
        CHECK(a.moves == b.moves);
        CHECK(e.moves == b.moves);
        CHECK(f.moves == a.moves);
        CHECK(e.nodes == b.nodes);
        CHECK(f.nodes == a.nodes);
        CHECK(apply_moves(c, b.moves) == CubieCube::solved());
        nodes_small += a.nodes;
        nodes_table += b.nodes;
    }
    // A damaged cache file is refused: one byte changed, or the file cut short.
    const std::string path = cube_test::cache_dir() + "/phase2-damaged.pdb";
    std::string why;
    REQUIRE_MESSAGE(save_phase2_table(*t, path, why), why);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(4096);
        f.put(char(f.peek() ^ 0x11));
    }
    Phase2Table back;
    CHECK_FALSE(load_phase2_table(path, back, why));
    CHECK(why.find("checksum") != std::string::npos);
    std::filesystem::resize_file(path, 1000);
    CHECK_FALSE(load_phase2_table(path, back, why));
    CHECK(why.find("truncated") != std::string::npos);
    std::filesystem::remove(path);
    MESSAGE("two-phase nodes over 10 random cubes: " << nodes_small << " with phase 2's small tables, "
                                                      << nodes_table << " with the phase-2 table");
    CHECK(nodes_table < nodes_small);
}

// fast_ahead with the exact phase-1 table (its prefetch of the class entries): the same nodes and
// answers as the plain search. Without a cached phase-1 table the small-table case above stands.
TEST_CASE("CubePhase2.AheadKeepsTheSearchWithThePhase1Table") {
    const std::string user = cube_test::user_cache_dir() + "/" + phase1_file();
    if (!std::filesystem::exists(user)) {
        MESSAGE("skipped: no cached phase-1 table in " << cube_test::user_cache_dir());
        return;
    }
    Phase1Table p1;
    std::string why;
    REQUIRE_MESSAGE(load_phase1_table(user, p1, why), why);
    uint64_t rng = 23;
    for (int k = 0; k < 12; ++k) {
        const CubieCube c = random_cube(rng);
        const TwoPhaseResult a = solve_two_phase(c, 20, {}, &p1, nullptr, false),
                             b = solve_two_phase(c, 20, {}, &p1, nullptr, true);
        REQUIRE(a.found);
        CHECK(a.moves == b.moves);
        CHECK(a.nodes == b.nodes);
    }
}
