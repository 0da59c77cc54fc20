// backward2_test.cc -- the backward (pull) search (backward.h) pinned expansion for expansion:
// its expansions, stored states and solution length on Microban and small XSokoban runs, as the
// search made them before its child's player cell came from the local ring test and the area
// tree instead of a flood per child (session 15; the counts are the tools/
// sokoban-backward-driver's of main at 312e366). A change to the order, the pruning or the
// normalized player shows here as a changed count. Also the guest's options backcap and
// backorder (portfolio.cc).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/backward.h"
#include "../../plugins/sokoban/options.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // xsb_level; compiled into this binary by checker_link.cc

namespace {

using sokoban::BackwardSearch;
using sokoban_test::Fixture;

struct Pinned {
    const char *file;
    int level;
    bool greedy;
    uint64_t budget, expanded, states, pushes; // pushes 0: not solved within the budget
};

} // namespace

TEST_CASE("backward: the search is pinned expansion for expansion (greedy and w=1.5)") {
    const Pinned runs[] = {
        {"puzzles/sokoban/microban_155.xsb", 143, true, 200000, 38801, 43649, 85},
        {"puzzles/sokoban/microban_155.xsb", 139, true, 200000, 5164, 7617, 168},
        {"puzzles/sokoban/microban_155.xsb", 98, false, 200000, 29220, 35191, 116},
        {"puzzles/sokoban/microban_155.xsb", 144, false, 200000, 35932, 89936, 42},
        {"puzzles/sokoban/xsokoban_90.xsb", 2, true, 200000, 5205, 8525, 217},
        {"puzzles/sokoban/xsokoban_90.xsb", 81, true, 20000, 20000, 46008, 0},
        {"puzzles/sokoban/xsokoban_90.xsb", 8, false, 20000, 20000, 107318, 0},
    };
    for (const Pinned &r : runs) {
        CAPTURE(r.file);
        CAPTURE(r.level);
        CAPTURE(r.greedy);
        const std::string text = solver_test::xsb_level(sokoban_test::read_text(r.file), r.level);
        Fixture fx(text);
        BackwardSearch search(fx.inst, 256u << 20, r.greedy ? 0 : 2, r.greedy ? 1 : 3);
        const BackwardSearch::Status st = search.run(r.budget, {});
        CHECK(search.expanded() == r.expanded);
        CHECK(search.states() == r.states);
        if (r.pushes == 0) {
            CHECK(st == BackwardSearch::Status::running);
            continue;
        }
        REQUIRE(st == BackwardSearch::Status::solved);
        std::vector<uint8_t> states;
        std::vector<uint32_t> moves;
        uint64_t cost = 0;
        search.solution(states, moves, cost);
        CHECK(cost == r.pushes);
        std::string out, error;
        REQUIRE_MESSAGE(sokoban::format_solution(fx.inst, states.data(), moves.data(), moves.size(), out, error), error);
        uint64_t pushes = 0;
        uint32_t column = 0;
        CHECK_MESSAGE(sokoban::verify_solution(fx.inst.board.level, out.data(), out.size(), pushes, column, error), error);
        CHECK(pushes == r.pushes);
    }
}

TEST_CASE("backward: the capped guest (backcap, backorder) solves with the portfolio and the answer replays") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {1u, 7u, 42u}) {
        CAPTURE(level);
        for (const char *order : {"greedy", "weighted"}) {
            CAPTURE(order);
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(
                micro, level, {{"back", "t0"}, {"backcpu", "10"}, {"backcap", "1"}, {"backorder", order}}, rt);
        }
    }
    sokoban::Options o;
    std::string error;
    const solver_option bad_cap{"backcap", "-1"};
    CHECK_FALSE(sokoban::parse_options(&bad_cap, 1, o, error));
    CHECK(error.find("backcap") != std::string::npos);
    const solver_option bad_order{"backorder", "w15"};
    CHECK_FALSE(sokoban::parse_options(&bad_order, 1, o, error));
    CHECK(error.find("weighted") != std::string::npos);
    const solver_option good[] = {{"backcap", "2"}, {"backorder", "greedy"}};
    REQUIRE(sokoban::parse_options(good, 2, o, error));
    CHECK(o.backcap == 2);
    CHECK(o.backorder == 1);
}
