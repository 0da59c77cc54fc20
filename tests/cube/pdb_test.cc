// Pattern databases: index/decode bijection, depth counts against an independent breadth-
// first search over cubies (std::map of abstract states), the corner-table size, cache round trip.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "../../plugins/cube/pdb.h"
#include "test_services.h"

using namespace cube;

std::string cube_test::cache_dir() {
    static const std::string d = [] {
        const char *b = std::getenv("SOLVER_BUILD_DIR");
        std::string dir = std::string(b && *b ? b : "build") + "/tmp/cube-tests-cache";
        std::filesystem::create_directories(dir);
        return dir;
    }();
    return d;
}

namespace {
Pattern pat(bool corners, std::vector<int> items) {
    Pattern p;
    p.corners = corners;
    p.items = std::move(items);
    return p;
}

// Depth counts of a pattern by a plain BFS on whole cubes, keyed by the pattern's cubies.
std::vector<uint64_t> brute_counts(const Pattern &p) {
    auto key = [&](const CubieCube &c) {
        std::vector<int> k;
        for (int item : p.items)
            if (p.corners) {
                for (int pos = 0; pos < 8; ++pos)
                    if (c.cp[pos] == item) k.push_back(pos * 3 + c.co[pos]);
            } else {
                for (int pos = 0; pos < 12; ++pos)
                    if (c.ep[pos] == item) k.push_back(pos * 2 + c.eo[pos]);
            }
        return k;
    };
    std::set<std::vector<int>> seen;
    std::vector<CubieCube> frontier{CubieCube::solved()};
    seen.insert(key(frontier[0]));
    std::vector<uint64_t> counts{1};
    while (!frontier.empty()) {
        std::vector<CubieCube> next;
        for (auto &c : frontier)
            for (int m = 0; m < NMOVES; ++m) {
                CubieCube d = apply_move(c, m);
                if (seen.insert(key(d)).second) next.push_back(d);
            }
        if (!next.empty()) counts.push_back(next.size());
        frontier.swap(next);
    }
    return counts;
}
}  // namespace

TEST_CASE("CubePdb.SizesOfTheStandardTables") {
    CHECK(pat(true, {0, 1, 2, 3, 4, 5, 6, 7}).size() == 88179840ull);  // 8! * 3^7
    CHECK(pat(false, {0, 1, 2, 3, 4, 5}).size() == 42577920ull);       // 12!/6! * 2^6
    CHECK(pat(false, {0, 1, 2, 3, 4, 5, 6}).size() == 510935040ull);   // 12!/5! * 2^7
    bool known = false;
    CHECK(table_set("large", known).size() == 3);
    CHECK(known);
    table_set("huge", known);
    CHECK_FALSE(known);
}

TEST_CASE("CubePdb.IndexIsABijection") {
    for (const Pattern &p : {pat(true, {0, 2, 5}), pat(false, {1, 4, 9, 11}), pat(true, {0, 1, 2, 3, 4, 5, 6, 7})}) {
        CAPTURE(p.name());
        const uint64_t n = p.size(), step = n > 100000 ? 9973 : 1;
        uint8_t il[12];
        for (uint64_t i = 0; i < n; i += step) {
            p.decode(i, il);
            REQUIRE(p.encode_items(il) == i);
        }
    }
    init_loc_tables();
    uint64_t rng = 9;
    for (int i = 0; i < 100; ++i) {
        CubieCube c = random_cube(rng);
        CHECK(from_loc(to_loc(c)) == c);
        Loc a = to_loc(c), b;
        loc_apply(a, i % NMOVES, b);
        CHECK(from_loc(b) == apply_move(c, i % NMOVES));
    }
}

TEST_CASE("CubePdb.DepthCountsMatchABruteForceSearch") {
    for (const Pattern &p : {pat(true, {0, 1, 2}), pat(false, {0, 5, 8}), pat(true, {3, 7}), pat(false, {2, 3, 10})}) {
        CAPTURE(p.name());
        cube_test::TestServices ts(cube_test::cache_dir());
        Pdb t;
        REQUIRE(build_pdb(p, &ts.sv, t) == SOLVER_OK);
        CHECK(t.depth_counts == brute_counts(p));
        uint64_t sum = 0;
        for (auto c : t.depth_counts) sum += c;
        CHECK(sum == p.size());
        CHECK(ts.last_progress == doctest::Approx(1.0));
    }
}

TEST_CASE("CubePdb.KnownCountsOfTheTwoCornerTable") {
    // Two corners (URF, UFL): 8*7 positions * 9 twists = 504 states. Depth 1: the 18 moves give
    // 9 + 9 - 3 (F moves both) ... checked once by hand and by the brute force above.
    cube_test::TestServices ts(cube_test::cache_dir());
    Pdb t;
    REQUIRE(build_pdb(pat(true, {0, 1}), &ts.sv, t) == SOLVER_OK);
    REQUIRE(t.depth_counts.size() >= 2);
    CHECK(t.depth_counts[0] == 1);
    // Moves of U, R, F, L (12) move one of the two; D and B (6) move neither.
    // U, U2, U', F, F2, F' move both to distinct places; R* and L* one each: 12 distinct states.
    CHECK(t.depth_counts[1] == 12);
}

TEST_CASE("CubePdb.CacheRoundTrip") {
    cube_test::TestServices ts(cube_test::cache_dir());
    Pattern p = pat(false, {0, 1, 2, 3});
    Pdb t, back, wrong;
    REQUIRE(build_pdb(p, &ts.sv, t) == SOLVER_OK);
    const std::string path = cube_test::cache_dir() + "/roundtrip-test.pdb";
    std::string why;
    REQUIRE(save_pdb(t, path, why));
    REQUIRE(load_pdb(p, path, back, why));
    CHECK(back.data == t.data);
    CHECK(back.depth_counts == t.depth_counts);
    CHECK(back.from_cache);
    CHECK_FALSE(load_pdb(pat(false, {0, 1, 2, 4}), path, wrong, why));
    CHECK(why.find("does not match") != std::string::npos);
    // Corrupt one byte: the checksum refuses it.
    FILE *f = std::fopen(path.c_str(), "r+b");
    REQUIRE(f);
    std::fseek(f, -10, SEEK_END);
    std::fputc(0x00, f);
    std::fclose(f);
    CHECK_FALSE(load_pdb(p, path, wrong, why));
    CHECK(why.find("corrupt") != std::string::npos);
    std::remove(path.c_str());
    CHECK_FALSE(load_pdb(p, path, wrong, why));
}

TEST_CASE("CubePdb.StopIsHonoured") {
    cube_test::TestServices ts(cube_test::cache_dir());
    ts.stop_after = 3;
    Pdb t;
    CHECK(build_pdb(pat(false, {0, 1, 2, 3, 4}), &ts.sv, t) == SOLVER_ERR_STOPPED);
}
