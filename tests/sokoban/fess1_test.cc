// fess1_test.cc -- FESS round 5: thread 1's FESS member and what it alternates with after
// greedy's first fess1after expansions (fess1with=greedy|plan|none, portfolio.h): the setter
// that gives one search the out-of-plan feature (FessSearch::set_plan, the same expansions as a
// search built with that fessplan), the plan member on XSokoban 26 (where it decides), the
// options, and the portfolio with each setting solving levels whose answers the verifier
// replays.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::FessSearch;

// FESS expansions to a solution on `text` within `budget` (0 when not solved): options with
// fessplan=option_plan, then set_plan(set) unless set < 0.
uint64_t plan_expansions(const std::string &text, int option_plan, int set, uint64_t budget = 2000000) {
    sokoban::Options o;
    o.fessplan = option_plan;
    o.packorder = 0; // the floor rule's packing order, as when these figures were taken (start solves 26 without the plan)
    return sokoban_test::fess_expansions_to_solve(
        text, o, [&](FessSearch &search) { if (set >= 0) search.set_plan(set); }, budget);
}

} // namespace

TEST_CASE("Sokoban.Fess1.SetPlanMatchesTheOption") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    uint64_t with = 0, without = 0;
    for (int level : {10, 25, 42, 60, 78, 100}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        const uint64_t on = plan_expansions(text, 1, -1), off = plan_expansions(text, 0, -1);
        REQUIRE(on > 0);
        REQUIRE(off > 0);
        CHECK(plan_expansions(text, 0, 1) == on);  // off in the options, set on
        CHECK(plan_expansions(text, 1, 0) == off); // on in the options, set off
        CHECK(plan_expansions(text, 0, 2) == plan_expansions(text, 2, -1)); // all
        with += on;
        without += off;
    }
    CHECK(with != without); // else the setter would test nothing
}

TEST_CASE("Sokoban.Fess1.PlanMemberSolvesXSokoban26") {
    // Thread 1's member (fesstoward=chain) with the out-of-plan feature set for it alone: XSokoban
    // 26 in 28434 expansions when this was written; without it, not in 60000.
    const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb"), 26);
    sokoban::Options o;
    o.packorder = 0; // the floor rule's order (packing.h), as plan_expansions
    sokoban_test::Fixture fx(text, o);
    FessSearch search(fx.inst, 512u << 20);
    search.set_plan(1);
    REQUIRE(search.plan() != nullptr);
    REQUIRE(search.run(60000, {}) == FessSearch::Status::solved);
    sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
    CHECK(plan_expansions(text, 0, -1, 60000) == 0);
}

TEST_CASE("Sokoban.Fess1.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fess1after == (1u << 18));
    CHECK(parsed("fess1with", "greedy").fess1with == 0);
    CHECK(parsed("fess1with", "plan").fess1with == 1);
    CHECK(parsed("fess1with", "none").fess1with == 2);
    CHECK(parsed("fess1with", "box").fess1with == 3); // session 46
    CHECK(refused("fess1with", "on").find("fess1with") != std::string::npos);
    CHECK(parsed("fess1after", "0").fess1after == 0);
    CHECK(parsed("fess1after", "4096").fess1after == 4096);
    CHECK(refused("fess1after", "-1").find("fess1after") != std::string::npos);
    CHECK(refused("fess1after", "").find("fess1after") != std::string::npos);
    CHECK(sokoban::Options{}.fess0with == 1); // plan by default
    CHECK(sokoban::Options{}.fess1with == 3); // box by default since session 48 (none before)
    CHECK(parsed("fess0with", "astar").fess0with == 0);
    CHECK(parsed("fess0with", "plan").fess0with == 1);
    CHECK(parsed("fess0with", "none").fess0with == 2);
    CHECK(refused("fess0with", "greedy").find("fess0with") != std::string::npos);
}

TEST_CASE("Sokoban.Fess1.PortfolioWithEachMateSolvesAndReplays") {
    // Thread 1 runs first (sequential stand-in) with its FESS from the first expansion and
    // thread 0's member off: with plan or none greedy never expands, so FESS must win.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const char *mate : {"greedy", "plan", "none", "box"}) {
        for (uint32_t level : {1u, 42u, 100u}) {
            CAPTURE(mate);
            CAPTURE(level);
            sokoban_test::StubRuntime rt(2, true);
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"fess1with", mate}, {"fess1after", "0"}, {"fess0", "off"}}, rt);
            if (std::string(mate) == "box") // the member or its box-move twin
                CHECK((rt.log.find("fess (thread 1) won") != std::string::npos || rt.log.find("fess box (thread 1) won") != std::string::npos));
            else if (std::string(mate) != "greedy")
                CHECK(rt.log.find("fess (thread 1) won") != std::string::npos);
        }
    }
}

TEST_CASE("Sokoban.Fess1.ThreadZeroMembersSolveAndReplay") {
    // fess0with=plan|none: thread 0 (alone here: one thread) runs its FESS members only from
    // the first expansion, so FESS must win.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const char *mate : {"plan", "none"})
    for (uint32_t level : {1u, 42u, 100u}) {
        CAPTURE(mate);
        CAPTURE(level);
        sokoban_test::StubRuntime rt(1, true);
        sokoban_test::portfolio_solves_and_replays(micro, level, {{"fess0with", mate}, {"fess0after", "0"}, {"portfolio", "on"}}, rt);
        CHECK(rt.log.find("fess (thread 0) won") != std::string::npos);
    }
}
