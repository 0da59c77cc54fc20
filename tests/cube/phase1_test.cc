// The exact phase-1 table of mode=fast (phase1.h): its symmetry classes against conjugation of
// real cubes, the table's distances against the moves (every entry one more than its nearest
// neighbour's, 0 only at the goal), and the two-phase answers with it against those with the
// small tables.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "../../plugins/cube/phase1.h"
#include "../../plugins/cube/symmetry.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

TEST_CASE("CubePhase1.ClassesMapPositionsToTheirRepresentatives") {
    const Phase1Classes &c = phase1_classes();
    CHECK(c.classes == P1_CLASSES);  // Kociemba's count of flip-slice classes
    const Symmetry &sym = symmetry();
    uint64_t rng = 11;
    for (int k = 0; k < 300; ++k) {
        CubieCube x = random_cube(rng);
        const int tw = get_twist(x), fl = get_flip(x), sl = get_slice(x);
        for (int s = 0; s < N_UDSYM; ++s) {
            const CubieCube y = sym.conj(x, s);
            CHECK(get_twist(y) == c.twist_conj[size_t(tw) * N_UDSYM + size_t(s)]);
        }
        // The class's symmetry takes the position to the representative's flip-slice, and the
        // entry's twist is the conjugate's.
        const uint32_t v = c.fs_class[uint32_t(sl) * 2048 + uint32_t(fl)];
        const CubieCube r = sym.conj(x, int(v & 15));
        CHECK(uint32_t(get_slice(r)) * 2048 + uint32_t(get_flip(r)) == c.class_rep[v >> 4]);
        CHECK(c.index(tw, fl, sl) == uint64_t(v >> 4) * P1_TWISTS + uint64_t(get_twist(r)));
        // The stabilizer bits: exactly the symmetries that keep the representative.
        CubieCube rep = CubieCube::solved();
        set_slice(rep, int(c.class_rep[v >> 4] / 2048));
        set_flip(rep, int(c.class_rep[v >> 4] % 2048));
        for (int s = 1; s < N_UDSYM; ++s) {
            const CubieCube z = sym.conj(rep, s);
            const bool keeps = uint32_t(get_slice(z)) * 2048 + uint32_t(get_flip(z)) == c.class_rep[v >> 4];
            CHECK(keeps == bool(c.class_stab[v >> 4] >> s & 1));
        }
    }
}

// class_move (fast_ahead's way to a child's class): followed along random walks, it gives the
// class fs_class gives, and a symmetry that takes the position to the class's representative
// (fs_class's own or a twin's, through the representative's stabilizer).
TEST_CASE("CubePhase1.ClassMovesFollowTheClassesAlongRandomWalks") {
    const Phase1Classes &c = phase1_classes();
    const Symmetry &sym = symmetry();
    uint64_t rng = 17;
    int twins = 0;
    for (int walk = 0; walk < 50; ++walk) {
        CubieCube x = random_cube(rng);
        uint32_t cs = c.fs_class[uint32_t(get_slice(x)) * 2048 + uint32_t(get_flip(x))];
        for (int step = 0; step < 40; ++step) {
            const int m = int(cube_test::next_random(rng) % NMOVES);
            const uint32_t s = cs & 15, v = c.class_move[size_t(cs >> 4) * NMOVES + c.sym_move[s][m]];
            cs = (v & ~15u) | c.sym_mul[v & 15][s];
            x = apply_move(x, m);
            const uint32_t want = c.fs_class[uint32_t(get_slice(x)) * 2048 + uint32_t(get_flip(x))];
            REQUIRE((cs >> 4) == (want >> 4));
            const CubieCube r = sym.conj(x, int(cs & 15));
            CHECK(uint32_t(get_slice(r)) * 2048 + uint32_t(get_flip(r)) == c.class_rep[cs >> 4]);
            twins += (cs & 15) != (want & 15);
        }
    }
    MESSAGE("steps that reached a twin's symmetry: " << twins << " of 2000");
}

// The cached table, or (plain builds only: about 5 s) one built into the tests' own folder.
static std::shared_ptr<const Phase1Table> phase1_for_tests() {
    const std::string user = cube_test::user_cache_dir() + "/" + phase1_file();
    auto t = std::make_shared<Phase1Table>();
    std::string why;
    if (std::filesystem::exists(user)) {
        REQUIRE_MESSAGE(load_phase1_table(user, *t, why), why);
        return t;
    }
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under a sanitizer: no cached phase-1 table in " << cube_test::user_cache_dir());
    return nullptr;
#else
    cube_test::TestServices ts(cube_test::cache_dir());
    REQUIRE(build_phase1_table(&ts.sv, *t) == SOLVER_OK);
    const std::string path = cube_test::cache_dir() + "/" + phase1_file();
    REQUIRE_MESSAGE(save_phase1_table(*t, path, why), why);
    auto back = std::make_shared<Phase1Table>();
    REQUIRE_MESSAGE(load_phase1_table(path, *back, why), why);
    CHECK(back->data == t->data);
    return t;
#endif
}

TEST_CASE("CubePhase1.TableIsTheExactDistanceAndKeepsTheAnswers") {
    const std::shared_ptr<const Phase1Table> t = phase1_for_tests();
    if (!t) return;
    uint64_t total = 0;
    for (uint64_t n : t->depth_counts) total += n;
    CHECK(total == uint64_t(P1_CLASSES) * P1_TWISTS);
    CHECK(t->depth_counts.size() == 13);  // phase 1 takes at most 12 moves
    // Every entry is one more than its nearest neighbour's and none is more than one below it
    // (a breadth-first distance), checked from real positions (so through the classes too).
    uint64_t rng = 5;
    int bad = 0;
    CHECK(t->distance(0, 0, 0) == 0);
    for (int k = 0; k < 20000; ++k) {
        const int tw = int(cube_test::next_random(rng) % 2187), fl = int(cube_test::next_random(rng) % 2048),
                  sl = int(cube_test::next_random(rng) % 495);
        CubieCube x = CubieCube::solved();
        set_twist(x, tw);
        set_slice(x, sl);
        set_flip(x, fl);
        const unsigned h = t->distance(tw, fl, sl);
        bool down = false, ok = h > 0 || (tw == 0 && fl == 0 && sl == 0);
        for (int m = 0; m < NMOVES; ++m) {
            const CubieCube y = apply_move(x, m);
            const unsigned g = t->distance(get_twist(y), get_flip(y), get_slice(y));
            if (g + 1 < h) ok = false;
            if (g + 1 == h) down = true;
        }
        if (!ok || (h > 0 && !down)) ++bad;
    }
    CHECK(bad == 0);
    // The same answers as with the small tables (both bounds admissible: the same phase-1
    // solutions in the same order), in fewer nodes.
    uint64_t nodes_small = 0, nodes_table = 0;
    for (int k = 0; k < 20; ++k) {
        const CubieCube c = random_cube(rng);
        const TwoPhaseResult a = solve_two_phase(c, 20, {}), b = solve_two_phase(c, 20, {}, t.get());
        REQUIRE(a.found);
        REQUIRE(b.found);
        CHECK(a.moves == b.moves);
        CHECK(apply_moves(c, b.moves) == CubieCube::solved());
        nodes_small += a.nodes;
        nodes_table += b.nodes;
    }
    // A damaged cache file is refused (the plugin then rebuilds it, or with phase1=auto does
    // without it): one byte changed, or the file cut short.
    const std::string path = cube_test::cache_dir() + "/phase1-damaged.pdb";
    std::string why;
    REQUIRE_MESSAGE(save_phase1_table(*t, path, why), why);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(4096);
        f.put(char(0xff));  // nibbles of 15: no entry holds that
    }
    Phase1Table back;
    CHECK_FALSE(load_phase1_table(path, back, why));
    CHECK(why.find("checksum") != std::string::npos);
    std::filesystem::resize_file(path, 1000);
    CHECK_FALSE(load_phase1_table(path, back, why));
    CHECK(why.find("truncated") != std::string::npos);
    std::filesystem::remove(path);
    MESSAGE("two-phase nodes over 20 random cubes: " << nodes_small << " with the small tables, " << nodes_table
                                                      << " with the phase-1 table");
    CHECK(nodes_table < nodes_small);
}
