// backward_stage33_test.cc -- the backward guest's second stage in another order (session 33,
// backward.h backward_second_stage, backorder2=weighted|fess|order): the stage's search made in
// each order and solving Microban 7 with its forward solution replayed by the independent
// checker and the plugin's verifier, the option through the portfolio, and its parsing. (The
// single-threaded solve case is named "backward stage33 single: ..." so that one glob,
// backward?stage33?single*, catches it. Session 33's backorder=mix|pair and their cases were
// taken out after the merge: no level won; NOTES.md.)
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "backward_test_util.h"

namespace {

using sokoban::BackwardSearch;
using sokoban_test::Fixture;

} // namespace

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
        sokoban_test::backward_solution_replays(text, fx, *second);
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
}

TEST_CASE("backward stage33: backorder2 through the portfolio, and the option") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {1u, 7u, 42u}) {
        CAPTURE(level);
        for (const char *order2 : {"weighted", "fess", "order"}) {
            CAPTURE(order2);
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(
                micro, level,
                {{"back", "t0"}, {"backcpu", "10"}, {"backcap", "1"}, {"backcap2", "1"}, {"backorder2", order2}, {"backstage2", "always"}}, rt);
        }
    }
    sokoban::Options o;
    CHECK(o.backorder2 == sokoban::BACK_STAGE2_FESS); // the default since session 35
    std::string error;
    const solver_option bad{"backorder2", "greedy"};
    CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
    CHECK(error.find("weighted") != std::string::npos);
    CHECK(error.find("order") != std::string::npos);
    const solver_option fess{"backorder2", "fess"};
    REQUIRE(sokoban::parse_options(&fess, 1, o, error));
    CHECK(o.backorder2 == sokoban::BACK_STAGE2_FESS);
    const solver_option order{"backorder2", "order"};
    REQUIRE(sokoban::parse_options(&order, 1, o, error)); // each parse starts from the defaults
    CHECK(o.backorder2 == sokoban::BACK_STAGE2_ORDER);
    const solver_option gone{"backorder", "pair"};
    CHECK_FALSE(sokoban::parse_options(&gone, 1, o, error));
}
