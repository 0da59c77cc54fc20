// fess_turns_test.cc -- FESS round 6: whose turn it is (fessturns=cells|packed|mixed, fess.h), and
// when thread 0/1 FESS members start (fessearly, portfolio.cc: the option, and XSokoban 45). The
// option and its setter (FessSearch::set_turns, the same expansions as a search built with the
// option), solutions replayed by the independent checker and completeness with the packed
// turns, and what they change: on XSokoban 47 the flat round robin over cells spends more of
// its expansions on the many cells with few boxes packed than the packed turns do, and on
// XSokoban 21 thread 1's member is solved sooner with them.
#include <doctest/doctest.h>

#include <deque>
#include <set>
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
// fessturns=option, then set_turns(set) unless set < 0.
uint64_t turns_expansions(const std::string &text, int option, int set, uint64_t budget = 2000000) {
    sokoban::Options o;
    o.fessturns = option;
    o.packorder = 0; // the floor rule's packing order (packing.h), as when these figures were taken
    o.fessgoals = 0; // and without the side-kept frozen-goal test (t0 by default since session 21)
    return sokoban_test::fess_expansions_to_solve(
        text, o, [&](FessSearch &search) { if (set >= 0) search.set_turns(set == 1); }, budget);
}

} // namespace

TEST_CASE("Sokoban.FessTurns.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fessturns == 0); // cells by default
    CHECK(parsed("fessturns", "cells").fessturns == 0);
    CHECK(parsed("fessturns", "packed").fessturns == 1);
    CHECK(parsed("fessturns", "mixed").fessturns == 2);
    CHECK(refused("fessturns", "deep").find("fessturns") != std::string::npos);
}

TEST_CASE("Sokoban.FessTurns.SetTurnsMatchesTheOption") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    uint64_t cells = 0, packed = 0;
    for (int level : {10, 25, 42, 60, 78, 100}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        const uint64_t c = turns_expansions(text, 0, -1), p = turns_expansions(text, 1, -1);
        REQUIRE(c > 0);
        REQUIRE(p > 0);
        CHECK(turns_expansions(text, 0, 1) == p); // cells in the options, set packed
        CHECK(turns_expansions(text, 1, 0) == c); // packed in the options, set cells
        cells += c;
        packed += p;
    }
    MESSAGE("FESS expansions, 6 Microban levels: fessturns=cells " << cells << ", packed " << packed);
    CHECK(cells != packed); // else the setter would test nothing
}

TEST_CASE("Sokoban.FessTurns.PackedTurnsSolveAndReplay") {
    sokoban::Options o;
    o.fessturns = 1;
    sokoban_test::fess_solves_microban_sample(o);
}

TEST_CASE("Sokoban.FessTurns.PackedTurnsExhaustAnUnsolvableLevelCompletely") {
    // As Sokoban.Fess.ExhaustsAnUnsolvableLevelCompletely: with the pruning off, FESS must end
    // exhausted having expanded exactly the states a breadth-first enumeration reaches; here
    // with two boxes that can each reach goals (so the packed count varies: several groups).
    const std::string &map = sokoban_test::UNSOLVABLE_CORNER_BOX;
    sokoban::Options o = sokoban_test::no_pruning_options();
    o.fessturns = 1;
    o.fessorder = false; // packed = boxes on goals: 0 and 1 both occur
    sokoban_test::Fixture fx(map, o);
    const size_t reachable = sokoban_test::reachable_states(fx);
    REQUIRE(reachable > 10);
    FessSearch search(fx.inst, 64u << 20);
    CHECK(search.run(2000000, {}) == FessSearch::Status::exhausted);
    CHECK(search.states() == reachable);
    CHECK(search.expanded() == reachable);
    REQUIRE(search.expanded_by_packed().size() >= 2); // more than one group took turns
    CHECK(search.expanded_by_packed()[1] > 0);
}

TEST_CASE("Sokoban.FessTurns.PackedTurnsFeedTheDeepCells") {
    // XSokoban 47, thread 1's member, a fixed number of expansions: the share of them spent in
    // cells with 0 or 1 boxes packed. The flat round robin gives each of the many shallow cells
    // a turn as often as each deep one; the packed turns give each packed count the same turns
    // (when written: 24.6% against 16.8% of 20000).
    const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb"), 47);
    const uint64_t budget = 20000;
    double shallow[2] = {0, 0};
    for (int turns = 0; turns < 2; ++turns) {
        sokoban::Options o;
        o.fessturns = turns;
        sokoban_test::Fixture fx(text, o);
        FessSearch search(fx.inst, 512u << 20);
        REQUIRE(search.run(budget, {}) == FessSearch::Status::running);
        const std::vector<uint64_t> &by = search.expanded_by_packed();
        uint64_t low = 0, all = 0;
        for (size_t p = 0; p < by.size(); ++p) {
            all += by[p];
            if (p <= 1) low += by[p];
        }
        REQUIRE(all == budget);
        shallow[turns] = static_cast<double>(low) / static_cast<double>(all);
    }
    MESSAGE("XSokoban 47, " << budget << " expansions: share at packed <= 1: cells " << shallow[0] << ", packed "
                            << shallow[1]);
    CHECK(shallow[1] < shallow[0]);
}

TEST_CASE("Sokoban.FessTurns.PackedTurnsSolveXSokoban21Sooner") {
    // Thread 1's member on XSokoban 21: 44620 expansions with the packed turns, 154101 with the
    // cells' round robin when written. Solved within 60000 with packed, not with cells.
    const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb"), 21);
    CHECK(turns_expansions(text, 1, -1, 60000) > 0);
    CHECK(turns_expansions(text, 0, -1, 60000) == 0);
}

TEST_CASE("Sokoban.FessEarly.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fessearly == (1ull << 16)); // 2^16 by default since session 44
    CHECK(parsed("fessearly", "off").fessearly == (1ull << 40));
    CHECK(parsed("fessearly", "0").fessearly == 0);
    CHECK(parsed("fessearly", "65536").fessearly == 65536);
    CHECK(refused("fessearly", "-1").find("fessearly") != std::string::npos);
    CHECK(refused("fessearly", "on").find("fessearly") != std::string::npos);
}

TEST_CASE("Sokoban.FessEarly.TheMemberSharesTheThreadBeforeFessAfter") {
    // XSokoban 45 in the portfolio, the two threads run one after the other (thread 1 first):
    // thread 1's FESS member solves it in about 18k expansions. With fessearly=off it starts
    // after greedy's 2^18 (fess1after's default; fess0after is set to 2^18 here too, its default
    // before session 44, so that thread 0's member does not start first); with fessearly=0 it
    // shares the thread from greedy's 1024th on, so the portfolio ends long before 2^18 states.
    // Both answers replay.
    const std::string xs = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    uint64_t states[2] = {0, 0};
    for (int early = 0; early < 2; ++early) {
        CAPTURE(early);
        sokoban_test::StubRuntime rt(2, true);
        rt.services.memory_budget_bytes = 2ull << 30;
        sokoban_test::portfolio_solves_and_replays(
            xs, 45, {{"fessearly", early ? "0" : "off"}, {"fess0after", "262144"}, {"fess1after", "262144"}}, rt);
        // Thread 1's member or, since session 50's even split (twinslice=4096), its box twin,
        // which then has half of the thread after greedy's 2^18th expansion (fessearly=off).
        CHECK((rt.log.find("fess (thread 1) won") != std::string::npos ||
               (early == 0 && rt.log.find("fess box (thread 1) won") != std::string::npos)));
        const size_t at = rt.log.find("won; ");
        REQUIRE(at != std::string::npos);
        states[early] = std::stoull(rt.log.substr(at + 5));
    }
    MESSAGE("XSokoban 45, states expanded: fessearly=off " << states[0] << ", 0 " << states[1]);
    CHECK(states[0] >= (1u << 18));
    CHECK(states[1] < (1u << 17));
}

TEST_CASE("Sokoban.FessTurns.PortfolioWithEachTurnsSolvesAndReplays") {
    // The portfolio with the FESS members from the start (fess0after=fess1after=0) and each
    // fessturns value: solved, and the answer replays in the plugin's verifier.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const char *turns : {"cells", "packed", "mixed"}) {
        for (uint32_t level : {42u, 100u}) {
            CAPTURE(turns);
            CAPTURE(level);
            sokoban_test::StubRuntime rt;
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"fessturns", turns}, {"fess0after", "0"}, {"fess1after", "0"}}, rt);
        }
    }
}
