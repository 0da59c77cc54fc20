// fess_test_util.h -- helpers shared by the FESS tests (no test cases here).
#ifndef SOKOBAN_FESS_TEST_UTIL_H
#define SOKOBAN_FESS_TEST_UTIL_H

#include <doctest/doctest.h>

#include <deque>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into each test binary by checker_link.cc

namespace sokoban_test {

// XSokoban 41 with 14 of its 15 boxes packed, as FESS's thread-0 member made it (session 20; used
// by fess_goals_test.cc and frozenwalls_test.cc), the last box left out: the goal left, (10,11),
// takes a box only by a push down the one-wide column from the upper room, and the upper room
// opens onto the rest only through that column.
inline const char *const kPacked41[] = {"           #####",
                                        "          ##@  ##",
                                        "         ##     #",
                                        "        ##      #",
                                        "       ##       #",
                                        "       #        #",
                                        "####   #      #####",
                                        "#  ######## ##    #",
                                        "#*                #",
                                        "#*# ####### ##   ##",
                                        "#*# #######. #   ##",
                                        "#*********** #    #",
                                        "##############    #",
                                        "             ##  ##",
                                        "              ####"};

// That position with its last box at (row, column).
inline std::string packed41_with_box(int row, int column) {
    std::string map;
    int r = 0;
    for (const char *line : kPacked41) {
        std::string text = line;
        if (r++ == row) text[static_cast<size_t>(column)] = '$';
        map += text + "\n";
    }
    return map;
}

// The solution `search` found on fx's level, as LURD moves.
inline std::string fess_moves(const sokoban::FessSearch &search, const Fixture &fx) {
    std::vector<uint8_t> path;
    std::vector<uint32_t> mv;
    uint64_t cost = 0;
    search.solution(path, mv, cost);
    std::string moves, error;
    REQUIRE_MESSAGE(sokoban::format_solution(fx.inst, path.data(), mv.data(), mv.size(), moves, error), error);
    return moves;
}

// The independent checker replays `moves` on `text`.
inline void check_moves_replay(const std::string &text, const std::string &moves) {
    const solver_test::sokoban_check check = solver_test::check_sokoban_solution(text, moves);
    CHECK_MESSAGE(check.ok, check.reason);
}

// FESS alone with `options` solves each of eight Microban levels (1 to 120, 2M expansions at
// most) and the independent checker replays every answer.
inline void fess_solves_microban_sample(const sokoban::Options &options) {
    const std::string micro = read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {1, 2, 7, 25, 42, 78, 100, 120}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        Fixture fx(text, options);
        sokoban::FessSearch search(fx.inst, 256u << 20);
        REQUIRE(search.run(2000000, {}) == sokoban::FessSearch::Status::solved);
        check_moves_replay(text, fess_moves(search, fx));
    }
}

// FESS alone with `options` solves Microban 7, 42 and 83 (200,000 expansions at most), `check`
// looks at each search once it has run, and the independent checker replays every answer (the
// solve-and-replay case of the FESS features' tests: fessseal, fessstrand, packside).
inline void fess_solves_microban_7_42_83(const sokoban::Options &options,
                                         const std::function<void(const sokoban::FessSearch &)> &check) {
    const std::string micro = read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {7, 42, 83}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        Fixture fx(text, options);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        REQUIRE(search.run(200000, {}) == sokoban::FessSearch::Status::solved);
        check(search);
        check_moves_replay(text, fess_moves(search, fx));
    }
}

// FESS's expansions to a solution on `text` within `budget` (0 when not solved), with
// `options`, and `set` applied to the search before it runs.
inline uint64_t fess_expansions_to_solve(const std::string &text, const sokoban::Options &options,
                                         const std::function<void(sokoban::FessSearch &)> &set,
                                         uint64_t budget = 2000000) {
    Fixture fx(text, options);
    sokoban::FessSearch search(fx.inst, 256u << 20);
    set(search);
    return search.run(budget, {}) == sokoban::FessSearch::Status::solved ? search.expanded() : 0;
}

// A level FESS cannot solve: the box in the top-left corner never moves, the other wanders the
// room (and can reach the goals, so the packed count takes several values).
inline const std::string UNSOLVABLE_CORNER_BOX = "#######\n"
                                                 "#$    #\n"
                                                 "#  $  #\n"
                                                 "# @ ..#\n"
                                                 "#######";

// Every pruning off, no heuristic: the space a search exhausts is all that expand_state reaches.
inline sokoban::Options no_pruning_options() {
    sokoban::Options o;
    o.deadsquares = o.freeze = o.corral = o.frozengoals = o.roomfill = o.localdead = false;
    o.heuristic = sokoban::HeuristicKind::none;
    o.fessgoals = 0; // the side-kept frozen-goal test (t0 by default) prunes FESS's children too
    return o;
}

// The number of states reachable from fx's initial state through its children (a plain BFS,
// independent of any search): the size a search that exhausts the space must have seen.
inline size_t reachable_states(Fixture &fx) {
    std::set<std::vector<uint8_t>> seen;
    std::deque<std::vector<uint8_t>> queue;
    seen.insert(fx.initial());
    queue.push_back(fx.initial());
    while (!queue.empty()) {
        const std::vector<uint8_t> s = queue.front();
        queue.pop_front();
        for (const Child &c : children(fx.inst, fx.scratch, s))
            if (seen.insert(c.state).second) queue.push_back(c.state);
    }
    return seen.size();
}

} // namespace sokoban_test

#endif
