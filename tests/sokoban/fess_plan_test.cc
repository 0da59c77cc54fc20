// fess_plan_test.cc -- FESS round 4: the out-of-plan feature (plan.h, fessplan=off|on|all) on
// hand-made boards and in a search whose solution the independent checker replays, and the
// packing macro's path search with its one depth-first search (packing.h) against the flood
// per state it replaced, on every level start of Microban and XSokoban and their first pushes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/packing.h"
#include "../../plugins/sokoban/plan.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::FessSearch;
using sokoban_test::Fixture;

// A goal corridor (3,5)-(4,5) below a room: the packing order fills (4,5) first (layer 0).
const char *kCorridor = "########\n"
                        "#@     #\n"
                        "# $ $  #\n"
                        "#####.##\n"
                        "    #. #\n"
                        "    ####";

// The features of `fx`'s board with boxes on the cells of `boxes` (row, column), the player
// where the map puts it.
sokoban::FessFeatures features_with(Fixture &fx, const std::vector<std::pair<int, int>> &boxes, int mode) {
    const sokoban::Board &b = fx.inst.board;
    std::vector<uint8_t> s = fx.initial();
    for (int c = 0; c < b.n; ++c) s[2 + c / 8] &= static_cast<uint8_t>(~(1u << (c % 8)));
    for (const auto &rc : boxes) {
        const int c = fx.cell(rc.first, rc.second);
        REQUIRE(c >= 0);
        s[2 + c / 8] |= static_cast<uint8_t>(1u << (c % 8));
    }
    const sokoban::PackingOrder order = sokoban::compute_packing_order(b);
    const sokoban::PlanMap plan = sokoban::compute_plan(b, order);
    sokoban::FessScratch fs;
    fs.init(b);
    const uint8_t mask = mode == 2 ? sokoban::IN_SHUT | sokoban::IN_WAY_GOAL | sokoban::IN_WAY_FLOOR
                                   : sokoban::IN_SHUT | sokoban::IN_WAY_GOAL;
    return sokoban::fess_features(fx.inst, fs, s.data(), &order, nullptr, mode ? &plan : nullptr, mask);
}

} // namespace

TEST_CASE("Sokoban.FessPlan.TablesOnAGoalCorridor") {
    Fixture fx(kCorridor);
    const sokoban::Board &b = fx.inst.board;
    const sokoban::PackingOrder order = sokoban::compute_packing_order(b);
    REQUIRE(order.layers == 2);
    REQUIRE(order.layer[fx.cell(4, 5)] == 0);
    REQUIRE(order.layer[fx.cell(3, 5)] == 1);
    const sokoban::PlanMap plan = sokoban::compute_plan(b, order);
    REQUIRE(plan.out.size() == 2u * b.n);
    auto out = [&](int layer, int r, int c) { return plan.out[static_cast<size_t>(layer) * b.n + fx.cell(r, c)]; };
    // Layer 0 being filled: a box on the later goal (3,5) or on the corridor's mouth (2,5) cuts
    // the goal (4,5) off; the pocket (4,6) is shut in once (4,5) is full.
    CHECK(out(0, 3, 5) == sokoban::IN_WAY_GOAL);
    CHECK(out(0, 2, 5) == sokoban::IN_WAY_FLOOR);
    CHECK(out(0, 4, 6) == sokoban::IN_SHUT);
    CHECK(out(0, 4, 5) == 0); // the goal being filled
    CHECK(out(0, 2, 2) == 0);
    CHECK(out(0, 1, 5) == 0);
    // Layer 1: (4,5) is full; the mouth still leads to (3,5), nothing more to shut in.
    CHECK(out(1, 2, 5) == sokoban::IN_WAY_FLOOR);
    CHECK(out(1, 3, 5) == 0);
    CHECK(out(1, 2, 2) == 0);
}

TEST_CASE("Sokoban.FessPlan.FeatureCountsTheBoxesOutOfPlan") {
    Fixture fx(kCorridor);
    // Out of order: a box on (3,5) with (4,5) empty.
    CHECK(features_with(fx, {{3, 5}, {2, 2}}, 1).plan == 1);
    CHECK(features_with(fx, {{3, 5}, {2, 2}}, 0).plan == 0); // fessplan=off
    // On the mouth: only fessplan=all counts it.
    CHECK(features_with(fx, {{2, 5}, {2, 2}}, 1).plan == 0);
    CHECK(features_with(fx, {{2, 5}, {2, 2}}, 2).plan == 1);
    // In order: (4,5) full, the next box on its way in is in nobody's way.
    CHECK(features_with(fx, {{4, 5}, {3, 5}}, 2).plan == 0);
    CHECK(features_with(fx, {{4, 5}, {2, 2}}, 1).plan == 0);
    // The search builds the tables only with fessplan=on|all.
    sokoban::Options o;
    CHECK(o.fessplan == 0);
    FessSearch off(fx.inst, 64u << 20);
    CHECK(off.plan() == nullptr);
    o.fessplan = 1;
    Fixture fo(kCorridor, o);
    FessSearch on(fo.inst, 64u << 20);
    CHECK(on.plan() != nullptr);
}

TEST_CASE("Sokoban.FessPlan.SolvesAndReplaysWithThePlanFeature") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int mode = 1; mode <= 2; ++mode)
        for (int level : {2, 10, 25, 42, 60, 78}) {
            CAPTURE(mode);
            CAPTURE(level);
            const std::string text = solver_test::xsb_level(micro, level);
            sokoban::Options o;
            o.fessplan = mode;
            Fixture fx(text, o);
            FessSearch search(fx.inst, 256u << 20);
            REQUIRE(search.run(2000000, {}) == FessSearch::Status::solved);
            sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
        }
    CHECK(sokoban_test::parsed("fessplan", "on").fessplan == 1);
    CHECK(sokoban_test::parsed("fessplan", "all").fessplan == 2);
    CHECK(sokoban_test::parsed("fessplan", "off").fessplan == 0);
    CHECK(sokoban_test::refused("fessplan", "maybe").find("fessplan") != std::string::npos);
}

TEST_CASE("Sokoban.FessPlan.PackPathCutSearchMatchesTheFloods") {
    // For every box of every level start (and of each position one push on), to the goals: the
    // same path (found or not, goal, first push, pushes, player's end cell) either way.
    size_t compared = 0, found = 0;
    for (const char *file : {"puzzles/sokoban/microban_155.xsb", "puzzles/sokoban/xsokoban_90.xsb"}) {
        const std::string text = sokoban_test::read_text(file);
        const int levels = std::string(file).find("micro") != std::string::npos ? 155 : 90;
        for (int level = 1; level <= levels; ++level) {
            CAPTURE(file);
            CAPTURE(level);
            Fixture fx(solver_test::xsb_level(text, level));
            const sokoban::Board &b = fx.inst.board;
            std::vector<std::vector<uint8_t>> positions{fx.initial()};
            for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, positions[0])) positions.push_back(k.state);
            std::vector<uint8_t> target(b.n, 0);
            for (int g : b.goals) target[g] = 1;
            sokoban::PackPathScratch cut, flood;
            flood.flood = true;
            flood.relax = false; // the reference: no relaxed search either (session 13)
            for (const auto &st : positions) {
                const int player = sokoban::unpack_state(fx.inst, fx.scratch, st.data());
                std::vector<uint8_t> occ = fx.scratch.occ;
                for (int x : fx.scratch.boxes) {
                    sokoban::PackPath a, f;
                    const bool ra = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target.data(), x, player, cut, a);
                    const bool rf = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target.data(), x, player, flood, f);
                    REQUIRE(ra == rf);
                    ++compared;
                    if (!ra) continue;
                    ++found;
                    CHECK(a.dest == f.dest);
                    CHECK(a.first_dir == f.first_dir);
                    CHECK(a.pushes == f.pushes);
                    CHECK(a.end_player == f.end_player);
                }
                CHECK(occ == fx.scratch.occ);
            }
        }
    }
    MESSAGE("pack paths compared: " << compared << ", found: " << found);
    CHECK(found > 500);
}
