// portfolio_test.cc -- the plugin's own solve (portfolio.h) through the table, on stand-in
// runtime services: answers replayed by the verifier, the stop flag honoured, the default
// engine chosen from the thread count, exhaustion reported as a proof only without macros.
#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "test_util.h"

namespace {

struct Err {
    char msg[512] = {0};
    solver_error e{msg, sizeof msg, 0, 0};
};

solver_instance *open_with(const std::string &text, uint32_t level, sokoban_test::StubRuntime &rt,
                           std::vector<solver_option> options = {}) {
    const solver_plugin *P = solver_plugin_entry();
    solver_instance *inst = nullptr;
    Err err;
    if (P->open(text.data(), text.size(), "t", level, options.data(), options.size(), &rt.services, &inst, &err.e) !=
        SOLVER_OK)
        throw std::runtime_error(err.msg);
    return inst;
}


// The plugin's own solve succeeds on inst, prints one line, and the verifier replays that line
// at the cost solve reported; then inst is closed.
void solve_and_replay(solver_instance *inst, sokoban_test::StubRuntime &rt) {
    const solver_plugin *P = solver_plugin_entry();
    uint64_t cost = 0;
    Err err;
    REQUIRE(P->solve(inst, &rt.services, &cost, &err.e) == SOLVER_OK);
    REQUIRE(!rt.output.empty());
    CHECK(rt.output.back() == '\n');
    const std::string text = rt.output.substr(0, rt.output.size() - 1);
    uint64_t replayed = 0;
    Err verr;
    CHECK_MESSAGE(P->verify_solution(inst, text.data(), text.size(), &replayed, &verr.e) == SOLVER_OK, verr.msg);
    CHECK(replayed == cost);
    P->close(inst);
}
} // namespace

TEST_CASE("Sokoban.Portfolio.SolvesAndTheAnswerReplays") {
    const solver_plugin *P = solver_plugin_entry();
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t threads : {2u, 4u}) {
        for (uint32_t level : {1u, 7u, 42u}) {
            CAPTURE(threads);
            CAPTURE(level);
            sokoban_test::StubRuntime rt(threads);
            // Move ordering (ordering.h) on at 2 threads, off at 4: both replay.
            solver_instance *inst = threads == 2 ? open_with(micro, level, rt)
                                                 : open_with(micro, level, rt, {{"ordering", "off"}});
            const solver_instance_info *info = P->info(inst);
            CHECK((info->flags & SOLVER_HAS_SOLVE));
            CHECK(std::string(info->default_engine) == "solve");
            solve_and_replay(inst, rt);
        }
    }
}

TEST_CASE("Sokoban.Portfolio.OneThreadOrOffKeepsTheRuntimeEngine") {
    const solver_plugin *P = solver_plugin_entry();
    const std::string course = sokoban_test::read_text("puzzles/sokoban/course/05.txt");
    sokoban_test::StubRuntime one(1);
    solver_instance *inst = open_with(course, 1, one);
    CHECK_FALSE((P->info(inst)->flags & SOLVER_HAS_SOLVE));
    CHECK(std::string(P->info(inst)->default_engine) == "astar");
    P->close(inst);
    sokoban_test::StubRuntime two(2);
    inst = open_with(course, 1, two, {{"portfolio", "off"}});
    CHECK_FALSE((P->info(inst)->flags & SOLVER_HAS_SOLVE));
    P->close(inst);
}

TEST_CASE("Sokoban.Portfolio.StopFlagStopsEverySearch") {
    const solver_plugin *P = solver_plugin_entry();
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    sokoban_test::StubRuntime rt(2);
    rt.stop = true; // already stopped: every search returns at its first poll
    solver_instance *inst = open_with(micro, 153, rt);
    uint64_t cost = 0;
    Err err;
    CHECK(P->solve(inst, &rt.services, &cost, &err.e) == SOLVER_ERR_STOPPED);
    CHECK(rt.output.empty());
    P->close(inst);
}

TEST_CASE("Sokoban.Portfolio.ExhaustionIsAProofOnlyWithoutMacros") {
    // Two boxes side by side against the top wall: nothing can ever move them onto the goals.
    const std::string map = "######\n"
                            "#$$  #\n"
                            "# @  #\n"
                            "#  ..#\n"
                            "######";
    const solver_plugin *P = solver_plugin_entry();
    sokoban_test::StubRuntime rt(2);
    solver_instance *inst = open_with(map, 1, rt, {{"tunnels", "off"}, {"goalroom", "off"}});
    uint64_t cost = 0;
    Err err;
    CHECK(P->solve(inst, &rt.services, &cost, &err.e) == SOLVER_ERR_UNSOLVABLE);
    P->close(inst);
}

TEST_CASE("Sokoban.Portfolio.FallsBackWhenAStrictMacroCutsEverySolution") {
    // Course map 18: with goalroom=strict the fixed packing order leaves no solution (the
    // table-only search of solve_test.cc exhausts it); the portfolio searches again without the
    // macros that can cut and solves it.
    const std::string course = sokoban_test::read_text("puzzles/sokoban/course/18.txt");
    const sokoban_test::Solved strict =
        sokoban_test::table_solve(course, 1, {{"goalroom", "strict"}, {"portfolio", "off"}}, 200000, 2, 3);
    CHECK_FALSE(strict.ok);
    sokoban_test::StubRuntime rt(2);
    solver_instance *inst = open_with(course, 1, rt, {{"goalroom", "strict"}});
    solve_and_replay(inst, rt);
}

TEST_CASE("Sokoban.Portfolio.MixedRadiusSolvesXSokoban81") {
    // ldradius=mixed (the default): the greedy search tests clumps of boxes within two king
    // steps, which prunes XSokoban 81 enough that the portfolio solves it (about 0.05 s); the
    // answer replays. Bounded by the memory budget, not by time: should the wider test stop
    // working, the searches run out of their 64 MiB and the status is not OK.
    const std::string xs = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    sokoban_test::StubRuntime rt(2);
    rt.services.memory_budget_bytes = 64u << 20;
    solver_instance *inst = open_with(xs, 81, rt);
    solve_and_replay(inst, rt);
}
