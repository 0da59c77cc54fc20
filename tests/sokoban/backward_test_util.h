// backward_test_util.h -- a helper shared by the backward (pull) search's tests (no test cases
// here).
#ifndef SOKOBAN_BACKWARD_TEST_UTIL_H
#define SOKOBAN_BACKWARD_TEST_UTIL_H

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/backward.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into each test binary by checker_link.cc

namespace sokoban_test {

// The forward solution of a solved backward search on `text` (fx its fixture): it starts at the
// level's start and ends solved, and the independent checker and the plugin's verifier replay
// its moves at the search's cost.
inline void backward_solution_replays(const std::string &text, Fixture &fx, const sokoban::BackwardSearch &search) {
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

} // namespace sokoban_test

#endif
