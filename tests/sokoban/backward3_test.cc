// backward3_test.cc -- the backward guest's second stage (backcap2, backcpu2; portfolio.cc,
// backward.h backward_second_stage; session 16): after a greedy first stage, a new weighted
// A* w=1.5 search that solves and replays (its counts the tools/sokoban-backward-driver's,
// order w); after a weighted first stage the same search goes on. Also the options.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/backward.h"
#include "../../plugins/sokoban/options.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // xsb_level; compiled into this binary by checker_link.cc

using sokoban::BackwardSearch;

TEST_CASE("backward: the guest's second stage is weighted A* w=1.5, and its solution replays") {
    const std::string text =
        solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 143);
    sokoban_test::Fixture fx(text);
    sokoban::StateStore forward(fx.inst.state_size); // a stand-in for thread 0's forward store
    // Greedy first (it needs 38801 expansions on Microban 143), stopped at its "cap".
    std::unique_ptr<BackwardSearch> first(new BackwardSearch(fx.inst, 64u << 20, 0, 1));
    first->set_forward(&forward);
    REQUIRE(first->run(1000, {}) == BackwardSearch::Status::running);
    std::unique_ptr<BackwardSearch> second = sokoban::backward_second_stage(std::move(first), fx.inst);
    REQUIRE(second);
    CHECK(second->weighted());
    CHECK(second->expanded() == 0); // a new search
    CHECK(second->forward() == &forward);
    CHECK(second->memory_budget() == (64u << 20));
    REQUIRE(second->run(200000, {}) == BackwardSearch::Status::solved);
    CHECK(second->expanded() == 75562); // the driver's, order w
    CHECK(second->states() == 76696);
    CHECK(second->meets() == 0); // the stand-in store is empty
    std::vector<uint8_t> states;
    std::vector<uint32_t> moves;
    uint64_t cost = 0;
    second->solution(states, moves, cost);
    CHECK(cost == 67);
    std::string out, error;
    REQUIRE_MESSAGE(sokoban::format_solution(fx.inst, states.data(), moves.data(), moves.size(), out, error), error);
    uint64_t pushes = 0;
    uint32_t column = 0;
    CHECK_MESSAGE(sokoban::verify_solution(fx.inst.board.level, out.data(), out.size(), pushes, column, error), error);
    CHECK(pushes == 67);
    // A weighted first stage goes on as the second.
    std::unique_ptr<BackwardSearch> w(new BackwardSearch(fx.inst, 64u << 20, 2, 3));
    REQUIRE(w->run(1000, {}) == BackwardSearch::Status::running);
    const BackwardSearch *before = w.get();
    std::unique_ptr<BackwardSearch> same = sokoban::backward_second_stage(std::move(w), fx.inst);
    CHECK(same.get() == before);
    CHECK(same->expanded() == 1000);
}

TEST_CASE("backward: the options backcap2 and backcpu2, and the portfolio with the second stage") {
    sokoban::Options o;
    CHECK(o.backcap2 == 6);   // session 35's defaults: the second stage (when both stood still)
    CHECK(o.backcpu2 == 50);
    std::string error;
    const solver_option good[] = {{"backcap2", "20"}, {"backcpu2", "40"}};
    REQUIRE(sokoban::parse_options(good, 2, o, error));
    CHECK(o.backcap2 == 20);
    CHECK(o.backcpu2 == 40);
    for (const solver_option bad : {solver_option{"backcap2", "-1"}, solver_option{"backcap2", "x"},
                                    solver_option{"backcap2", "100001"}, solver_option{"backcpu2", "0"},
                                    solver_option{"backcpu2", "91"}, solver_option{"backcpu2", "off"}}) {
        CAPTURE(bad.key);
        CAPTURE(bad.value);
        error.clear();
        CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
        CHECK(error.find(bad.key) != std::string::npos);
    }
    // The portfolio with the option solves and the verifier replays (whichever member wins).
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    sokoban_test::StubRuntime rt(2);
    sokoban_test::portfolio_solves_and_replays(micro, 7, {{"backcap2", "5"}, {"backcpu2", "30"}, {"backstage2", "always"}}, rt);
}

TEST_CASE("backward: backmeet=on|off, the meet count in the log only when asked") {
    sokoban::Options o;
    CHECK_FALSE(o.backmeet);
    std::string error;
    const solver_option on{"backmeet", "on"};
    REQUIRE(sokoban::parse_options(&on, 1, o, error));
    CHECK(o.backmeet);
    const solver_option bad{"backmeet", "yes"};
    CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
    CHECK(error.find("backmeet") != std::string::npos);
    // Microban 143 at 2 threads, the guest from thread 0's first expansion (backafter=0): the
    // log's accounting line for thread 0 names the meets only with backmeet=on. Either way it
    // solves and the verifier replays. Thread 1 may win before thread 0 has run at all (then no
    // line): up to five tries until the line shows.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const bool meet : {false, true}) {
        CAPTURE(meet);
        bool shown = false;
        for (int attempt = 0; attempt < 5 && !shown; ++attempt) {
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(micro, 143, {{"backmeet", meet ? "on" : "off"}, {"backafter", "0"}}, rt);
            const size_t line = rt.log.find("portfolio: thread 0 ");
            if (line == std::string::npos || rt.log.find("backward ", line) == std::string::npos) continue;
            shown = true;
            CHECK((rt.log.find(" meets)", line) != std::string::npos) == meet);
        }
        CHECK(shown);
    }
}
