// tables=nx (session 37): the optimal search over the N table (nx_search.h). Only where
// cube-nx.pdb is cached (tools/cube-nx build; the tests never build it: 10 G entries, about 15
// minutes): the views as the search follows them against whole-cube arithmetic, and scrambles of
// known length solved at their length by tables=nx (its rules on and off) and, where cube-fstp2.pdb
// is cached too, by the default search alike. The searches are single-threaded: the cases named
// CubeNx.Search.* (one glob for them all, with nx_test.cc's cached-table case).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/nx.h"
#include "../../plugins/cube/nx_search.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/pdb.h"
#include "../../plugins/cube/twophase.h"
#include "test_services.h"

using namespace cube;

namespace {

bool load_cached_nx(NxTable &t) {
    const std::string dir = cube_test::user_cache_dir(), path = dir + "/" + nx_file();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        MESSAGE("skipped: no cached nx table in " << dir);
        return false;
    }
    std::string why;
    REQUIRE_MESSAGE(load_nx(path, t, why, false, PAGES_SHARED), why);
    REQUIRE(t.nflip == N_FLIP);
    return true;
}

}  // namespace

TEST_CASE("CubeNx.Search.ViewsFollowTheCube") {
    // The six views' bounds as the search forms them move by move (forward views by the move
    // tables, inverse views from the Loc bytes) equal nx_views of the whole cube after every move.
    NxTable t;
    if (!load_cached_nx(t)) return;
    uint64_t rng = 2026113037;
    for (int k = 0; k < 60; ++k) {
        const CubieCube c0 = apply_moves(CubieCube::solved(), cube_test::random_scramble(rng, 25, NMOVES));
        const std::vector<int> walk = cube_test::random_scramble(rng, 1 + k % 12, NMOVES);
        unsigned got[6], want[6];
        nx_follow(t, c0, walk, got);
        nx_views(t, apply_moves(c0, walk), want);
        for (int v = 0; v < 6; ++v) {
            CAPTURE(v);
            REQUIRE(got[v] == want[v]);
        }
    }
}

TEST_CASE("CubeNx.Search.InverseTurnFollowsTheInverse") {
    // nx_switch's step: a node turned to its inverse (its abstract states and Loc bytes from the
    // Loc bytes, the bounds swapped) holds the inverse cube: the six bounds after any mix of
    // moves and turns equal nx_views of the cube made by whole-cube arithmetic, so the states the
    // moves after a turn follow are the inverse's too.
    NxTable t;
    if (!load_cached_nx(t)) return;
    uint64_t rng = 2026120349;
    for (int k = 0; k < 80; ++k) {
        const CubieCube c0 = apply_moves(CubieCube::solved(), cube_test::random_scramble(rng, 25, NMOVES));
        const std::vector<int> walk = cube_test::random_scramble(rng, k % 10, NMOVES);
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        const uint64_t turns = (rng >> 20) & ((uint64_t(1) << (walk.size() + 1)) - 1);
        CubieCube c = c0;
        for (size_t i = 0; i <= walk.size(); ++i) {
            if (turns >> i & 1) c = c.inverse();
            if (i < walk.size()) c = apply_moves(c, {walk[i]});
        }
        unsigned got[6], want[6];
        nx_follow(t, c0, walk, got, turns);
        nx_views(t, c, want);
        CAPTURE(k);
        CAPTURE(turns);
        for (int v = 0; v < 6; ++v) {
            CAPTURE(v);
            REQUIRE(got[v] == want[v]);
        }
    }
}

TEST_CASE("CubeNx.Search.SameLengthsAsTheDefault") {
    // Scrambles of 1-12 moves, 14-15, and level 16 of puzzles/cube/optimal.txt (distance 16),
    // solved by tables=nx with both rules off, bondt, nextmove, both, and both without taking the
    // inverse view from the parent and with all three forward views read for every child, and
    // both with nx_switch (each node searched from the side with fewer moves to try; the solution
    // assembled from both ends): every answer replayed, the same length, never longer than
    // the scramble; nextmove and the inherited view keep the nodes (they only skip reads and
    // children that would fail), bondt no more nodes. Where cube-fstp2.pdb is cached, the default
    // search (fstp2 with both rules) finds the same length.
    NxTable t;
    if (!load_cached_nx(t)) return;
    const std::string dir = cube_test::user_cache_dir();
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    std::string why;
    std::error_code ec;
    FstTable fst;
    const bool have_fstp2 = std::filesystem::exists(dir + "/" + fst_file(2, 2), ec) &&
                            load_fst(dir + "/" + fst_file(2, 2), fst, why, 2, false, PAGES_SHARED, false, 2);
    const std::string tables = std::string("corner table ") + (have_corners ? "used" : "absent") + ", default search " +
                               (have_fstp2 ? "compared" : "absent (no cached fstp2)");
    MESSAGE(tables);
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 3707, nodes[6] = {}, gen[6] = {}, fst_nodes = 0;
    for (int i = 0; i < 27; ++i) {
        const int len = i < 24 ? 1 + i % 12 : 14 + i % 2;
        std::vector<int> s = cube_test::random_scramble(rng, len, NMOVES);
        if (i == 26) {  // level 16: 16 moves
            s = cube_test::level16_moves();
        }
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        OptimalResult r[6];
        for (int k = 0; k < 6; ++k) {
            CAPTURE(k);
            NxSearchOptions opt;
            opt.bondt = k & 1 || k >= 4;
            opt.nextmove = k & 2 || k >= 4;
            opt.inherit = k != 4;
            opt.lazy_forward = k != 4;
            opt.inverse_switch = k == 5;  // nx_switch: other nodes, the same length
            opt.order_tasks = i == 26 ? TaskOrder::score : TaskOrder::off;
            r[k] = solve_optimal_nx(c, have_corners ? &corners : nullptr, t, &ts.sv, opt);
            REQUIRE(r[k].status == SOLVER_OK);
            CHECK(apply_moves(c, r[k].moves).is_solved());
            CHECK(r[k].moves.size() <= s.size());
            CHECK(r[k].moves.size() == r[0].moves.size());
            nodes[k] += r[k].nodes, gen[k] += r[k].generated;
        }
        CHECK(r[2].nodes == r[0].nodes);
        CHECK(r[3].nodes == r[1].nodes);
        CHECK(r[4].nodes == r[3].nodes);
        CHECK(r[4].generated == r[3].generated);
        CHECK(r[2].generated <= r[0].generated);
        CHECK(r[1].nodes <= r[0].nodes);
        if (i == 26) CHECK(r[0].moves.size() == 16);
        if (have_fstp2) {
            FstSearchOptions d;
            d.bondt = d.nextmove = true;
            const OptimalResult f = solve_optimal_fst(c, have_corners ? &corners : nullptr, fst, &ts.sv, d);
            REQUIRE(f.status == SOLVER_OK);
            CHECK(apply_moves(c, f.moves).is_solved());
            CHECK(f.moves.size() == r[0].moves.size());
            fst_nodes += f.nodes;
        }
    }
    MESSAGE("nx nodes (generated): off " << nodes[0] << " (" << gen[0] << "), bondt " << nodes[1] << " (" << gen[1]
                                         << "), nextmove " << nodes[2] << " (" << gen[2] << "), both " << nodes[3] << " ("
                                         << gen[3] << "), nx_switch " << nodes[5] << " (" << gen[5]
                                         << "); the default search " << fst_nodes << " nodes");
    CHECK(gen[2] < gen[0]);
}

TEST_CASE("CubeNx.Search.SameNodesEveryBatch") {
    // nx_batch=K expands up to K siblings (nx_cousins: or cousins) together, stage by stage, but counts a node when the
    // depth-first order reaches it: every K expands the same nodes, generates the same children and
    // returns the same answer (the first in that order) as one node at a time (K = 0 and 1), also in
    // the last iteration, where siblings expanded ahead of a solution are not counted.
    NxTable t;
    if (!load_cached_nx(t)) return;
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    cube_test::TestServices ts(cube_test::cache_dir());
    uint64_t rng = 3737, total = 0;
    for (int i = 0; i < 15; ++i) {
        const int len = i < 14 ? 8 + i / 2 : 16;
        std::vector<int> s = cube_test::random_scramble(rng, len, NMOVES);
        if (i == 14) {  // level 16 of puzzles/cube/optimal.txt: distance 16
            s = cube_test::level16_moves();
        }
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        OptimalResult r0;
        for (int K : {0, 1, 2, 3, 5, 8, 16}) {
            CAPTURE(K);
            NxSearchOptions opt;
            opt.batch = K;
            opt.cousins = (i + K) % 2 == 0 || K == 8;  // nx_cousins on and off
            opt.order_tasks = i % 2 == 0 ? TaskOrder::score : TaskOrder::off;
            opt.lazy_forward = i % 3 != 2;   // the stages without lazy_forward too
            opt.corner_early = i % 4 != 3;   // and with the corner byte prefetched after N
            const OptimalResult r = solve_optimal_nx(c, have_corners ? &corners : nullptr, t, &ts.sv, opt);
            REQUIRE(r.status == SOLVER_OK);
            CHECK(apply_moves(c, r.moves).is_solved());
            CHECK(r.moves.size() <= s.size());
            if (K == 0) {
                r0 = r;
                total += r.nodes;
                continue;
            }
            CHECK(r.nodes == r0.nodes);
            CHECK(r.generated == r0.generated);
            CHECK(r.moves == r0.moves);
        }
    }
    MESSAGE("nx nodes, every batch size: " << total);
    CHECK(total > 100000);  // searches deep enough for batches of siblings
}

TEST_CASE("CubeNx.Search.OrderExperimentsSameLengths") {
    // CUBE_NX_ORDER (session 38, for experiments: the task order with order_tasks on) changes
    // which task runs first, never the answer's length: 8 random scrambles of 9-12 moves and
    // level 16, each solved with every value, replayed, the same length as the default's; and
    // the variable unset gives the default's nodes (an unknown value too: score).
    NxTable t;
    if (!load_cached_nx(t)) return;
    Pdb corners;
    const bool have_corners = cube_test::load_cached_corners(corners);
    cube_test::TestServices ts(cube_test::cache_dir());
    const char *old = std::getenv("CUBE_NX_ORDER");
    const std::string saved = old ? old : "";
    uint64_t rng = 3838;
    for (int i = 0; i < 9; ++i) {
        const std::vector<int> s = i == 8 ? cube_test::level16_moves() : cube_test::random_scramble(rng, 9 + i % 4, NMOVES);
        const CubieCube c = apply_moves(CubieCube::solved(), s);
        CAPTURE(format_moves(s));
        unsetenv("CUBE_NX_ORDER");
        const OptimalResult base = solve_optimal_nx(c, have_corners ? &corners : nullptr, t, &ts.sv, NxSearchOptions());
        REQUIRE(base.status == SOLVER_OK);
        for (const char *mode : {"score", "bound", "prev", "prevasc", "mix", "nonsense"}) {
            CAPTURE(std::string(mode));
            setenv("CUBE_NX_ORDER", mode, 1);
            const OptimalResult r = solve_optimal_nx(c, have_corners ? &corners : nullptr, t, &ts.sv, NxSearchOptions());
            REQUIRE(r.status == SOLVER_OK);
            CHECK(apply_moves(c, r.moves).is_solved());
            CHECK(r.moves.size() == base.moves.size());
            if (std::string(mode) == "score" || std::string(mode) == "nonsense") CHECK(r.nodes == base.nodes);
        }
    }
    old ? (void)setenv("CUBE_NX_ORDER", saved.c_str(), 1) : (void)unsetenv("CUBE_NX_ORDER");
}
