// backward_stage33_test.cc -- the backward guest's orders of session 33 (backward.h): the mixed
// order (backorder=mix: greedy and weighted A* w=1.5 in turn over one store), the pair
// (backorder=pair: the two as separate searches taking turns) and the second
// stage's order (backorder2=weighted|fess|order, backward_second_stage). Small hand levels and
// Microban levels solved with every forward solution replayed by the independent checker and
// the plugin's verifier, the stage's search made in each order, both options through the
// portfolio, and their parsing. (The single-threaded solve cases are named "backward stage33
// single: ..." so that one glob, backward?stage33?single*, catches them.)
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/backward.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::BackwardSearch;
using sokoban_test::Fixture;

// The forward solution of a solved backward search, replayed by the checker and the verifier.
void replays(const std::string &text, Fixture &fx, const BackwardSearch &search) {
    std::vector<uint8_t> states;
    std::vector<uint32_t> mv;
    uint64_t cost = 0;
    search.solution(states, mv, cost);
    const uint32_t size = fx.inst.state_size;
    REQUIRE(states.size() == (mv.size() + 1) * size);
    CHECK(cost == mv.size());
    const std::vector<uint8_t> first(states.begin(), states.begin() + size);
    CHECK(first == fx.initial());
    CHECK(sokoban::state_is_goal(fx.inst, states.data() + mv.size() * size));
    std::string moves, error;
    REQUIRE_MESSAGE(sokoban::format_solution(fx.inst, states.data(), mv.data(), mv.size(), moves, error), error);
    const solver_test::sokoban_check check = solver_test::check_sokoban_solution(text, moves);
    CHECK_MESSAGE(check.ok, check.reason);
    CHECK(static_cast<uint64_t>(check.pushes) == cost);
    uint64_t pushes = 0;
    uint32_t column = 0;
    CHECK_MESSAGE(sokoban::verify_solution(fx.inst.board.level, moves.data(), moves.size(), pushes, column, error), error);
    CHECK(pushes == cost);
}

const std::string hand[] = {"########\n"
                            "#@ $  .#\n"
                            "# ## # #\n"
                            "#  $  .#\n"
                            "########",
                            "#######\n"
                            "#  .  #\n"
                            "# $.$ #\n"
                            "# @.$ #\n"
                            "#######"};

} // namespace

TEST_CASE("backward stage33 single: the mixed order solves hand and Microban levels, replayed forward") {
    std::vector<std::string> levels(std::begin(hand), std::end(hand));
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {1, 2, 7, 25, 42, 78}) levels.push_back(solver_test::xsb_level(micro, level));
    for (const std::string &text : levels) {
        CAPTURE(text);
        Fixture fx(text);
        BackwardSearch search(fx.inst, 256u << 20, 0, 1, sokoban::BACK_FESS_OFF, true);
        CHECK(search.mix());
        CHECK_FALSE(search.weighted()); // backward_second_stage makes a weighted search after it
        REQUIRE(search.run(500000, {}) == BackwardSearch::Status::solved);
        // The lists take turns, greedy first; every state is queued in both, so neither runs
        // dry before the other: the weighted list has exactly half the expansions (rounded down).
        CHECK(search.mix_weighted() == search.expanded() / 2);
        replays(text, fx, search);
    }
}

TEST_CASE("backward stage33 single: the mixed order, counted by hand on a corridor") {
    // One box, one goal, a corridor: the solved position (the box on the goal against the
    // wall) has one root, the player right of the box. Backward the box is pulled right three
    // times to its start; each state has exactly one pull, so the search expands the root and
    // the two states between, the third pull making the start: 3 expansions, taken from the
    // greedy list, the weighted list, the greedy list.
    const std::string text = "######\n"
                             "#.  $@#\n"
                             "######";
    Fixture fx(text);
    BackwardSearch search(fx.inst, 64u << 20, 0, 1, sokoban::BACK_FESS_OFF, true);
    REQUIRE(search.run(100, {}) == BackwardSearch::Status::solved);
    CHECK(search.expanded() == 3);
    CHECK(search.mix_weighted() == 1);
    replays(text, fx, search);
}

TEST_CASE("backward stage33 single: the pair solves hand and Microban levels, replayed forward") {
    std::vector<std::string> levels(std::begin(hand), std::end(hand));
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {1, 2, 7, 25, 42, 78}) levels.push_back(solver_test::xsb_level(micro, level));
    for (const std::string &text : levels) {
        CAPTURE(text);
        Fixture fx(text);
        BackwardSearch search(fx.inst, 256u << 20, 0, 1, sokoban::BACK_FESS_OFF, sokoban::BACK_MIX_PAIR);
        CHECK(search.pair());
        CHECK_FALSE(search.mix());
        CHECK_FALSE(search.weighted());
        CHECK(search.memory_budget() == (256u << 20)); // half each
        REQUIRE(search.run(500000, {}) == BackwardSearch::Status::solved);
        CHECK(search.status() == BackwardSearch::Status::solved);
        replays(text, fx, search);
    }
}

TEST_CASE("backward stage33 single: the pair pinned on XSokoban 1, greedy's and w=1.5's counts") {
    // Alone (tools/sokoban-backward-driver.cc): greedy solves XSokoban 1 in 132 expansions, w=1.5
    // in 158. In the pair they take 64 in turn, greedy first: greedy 64, weighted 64, greedy 64,
    // weighted 64, greedy 4 more (its 132nd makes the start): 260, 128 of them the weighted one's,
    // and the solution greedy's (99 pushes).
    const std::string xs = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const std::string text = solver_test::xsb_level(xs, 1);
    Fixture fx(text);
    BackwardSearch search(fx.inst, 256u << 20, 0, 1, sokoban::BACK_FESS_OFF, sokoban::BACK_MIX_PAIR);
    REQUIRE(search.run(100000, {}) == BackwardSearch::Status::solved);
    CHECK(search.expanded() == 260);
    CHECK(search.mix_weighted() == 128);
    CHECK(search.states() == 998);
    replays(text, fx, search);
    // A budget ends a call between slices' expansions: 100 = greedy 64, weighted 36.
    BackwardSearch part(fx.inst, 256u << 20, 0, 1, sokoban::BACK_FESS_OFF, sokoban::BACK_MIX_PAIR);
    REQUIRE(part.run(100, {}) == BackwardSearch::Status::running);
    CHECK(part.expanded() == 100);
    CHECK(part.mix_weighted() == 36);
}

TEST_CASE("backward stage33 single: the second stage made in each order and solving") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::string text = solver_test::xsb_level(micro, 7);
    Fixture fx(text);
    // After a greedy first stage: weighted A* w=1.5 (as before), the feature-space order or its
    // fill-order form, each a new search with the first's memory budget.
    struct Case {
        int order2;
        bool weighted;
        int fess;
    };
    for (const Case &c : {Case{sokoban::BACK_STAGE2_WEIGHTED, true, sokoban::BACK_FESS_OFF},
                          Case{sokoban::BACK_STAGE2_FESS, false, sokoban::BACK_FESS_ALL},
                          Case{sokoban::BACK_STAGE2_ORDER, false, sokoban::BACK_FESS_ORDER}}) {
        CAPTURE(c.order2);
        std::unique_ptr<BackwardSearch> first(new BackwardSearch(fx.inst, 64u << 20, 0, 1));
        REQUIRE(first->run(3, {}) == BackwardSearch::Status::running);
        std::unique_ptr<BackwardSearch> second = sokoban::backward_second_stage(std::move(first), fx.inst, c.order2);
        REQUIRE(second);
        CHECK(second->expanded() == 0); // a new search
        CHECK(second->memory_budget() == (64u << 20));
        CHECK(second->weighted() == c.weighted);
        CHECK(second->fess() == c.fess);
        REQUIRE(second->run(500000, {}) == BackwardSearch::Status::solved);
        replays(text, fx, *second);
    }
    // A first stage in the stage's order already goes on (the same search).
    for (int order2 : {sokoban::BACK_STAGE2_WEIGHTED, sokoban::BACK_STAGE2_FESS}) {
        CAPTURE(order2);
        const bool w = order2 == sokoban::BACK_STAGE2_WEIGHTED;
        std::unique_ptr<BackwardSearch> first(
            new BackwardSearch(fx.inst, 64u << 20, w ? 2 : 0, w ? 3 : 1, w ? sokoban::BACK_FESS_OFF : sokoban::BACK_FESS_ALL));
        REQUIRE(first->run(3, {}) == BackwardSearch::Status::running);
        const BackwardSearch *before = first.get();
        std::unique_ptr<BackwardSearch> second = sokoban::backward_second_stage(std::move(first), fx.inst, order2);
        CHECK(second.get() == before);
        CHECK(second->expanded() == 3);
    }
    // A mixed first stage is not weighted: the weighted stage is a new search.
    std::unique_ptr<BackwardSearch> mixed(new BackwardSearch(fx.inst, 64u << 20, 0, 1, sokoban::BACK_FESS_OFF, true));
    REQUIRE(mixed->run(3, {}) == BackwardSearch::Status::running);
    std::unique_ptr<BackwardSearch> second = sokoban::backward_second_stage(std::move(mixed), fx.inst);
    CHECK(second->weighted());
    CHECK(second->expanded() == 0);
}

TEST_CASE("backward stage33: backorder=mix and backorder2 through the portfolio, and the options") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {1u, 7u, 42u}) {
        CAPTURE(level);
        {
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(
                micro, level, {{"back", "t0"}, {"backcpu", "10"}, {"backcap", "1"}, {"backorder", "mix"}}, rt);
        }
        {
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(
                micro, level, {{"back", "t0"}, {"backcpu", "10"}, {"backcap", "1"}, {"backorder", "pair"}}, rt);
        }
        for (const char *order2 : {"weighted", "fess", "order"}) {
            CAPTURE(order2);
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(micro, level,
                                                       {{"back", "t0"},
                                                        {"backcpu", "10"},
                                                        {"backcap", "1"},
                                                        {"backcap2", "1"},
                                                        {"backorder", "mix"},
                                                        {"backorder2", order2}},
                                                       rt);
        }
    }
    sokoban::Options o;
    CHECK(o.backorder == 1);  // greedy by default
    CHECK(o.backorder2 == 0); // weighted by default (as before)
    std::string error;
    const solver_option bad{"backorder2", "greedy"};
    CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
    CHECK(error.find("weighted") != std::string::npos);
    CHECK(error.find("order") != std::string::npos);
    const solver_option bad_mix{"backorder", "mixed"};
    CHECK_FALSE(sokoban::parse_options(&bad_mix, 1, o, error));
    CHECK(error.find("mix") != std::string::npos);
    const solver_option good[] = {{"backorder", "mix"}, {"backorder2", "fess"}};
    REQUIRE(sokoban::parse_options(good, 2, o, error));
    CHECK(o.backorder == 4);
    CHECK(o.backorder2 == sokoban::BACK_STAGE2_FESS);
    const solver_option pair{"backorder", "pair"};
    REQUIRE(sokoban::parse_options(&pair, 1, o, error)); // each parse starts from the defaults
    CHECK(o.backorder == 5);
    CHECK(o.backorder2 == sokoban::BACK_STAGE2_WEIGHTED);
    const solver_option order{"backorder2", "order"};
    REQUIRE(sokoban::parse_options(&order, 1, o, error));
    CHECK(o.backorder2 == sokoban::BACK_STAGE2_ORDER);
}
