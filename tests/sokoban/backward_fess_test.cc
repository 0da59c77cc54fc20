// backward_fess_test.cc -- the backward (pull) search's feature-space order (backward.h,
// backfess / backorder=fess, session 32): the features and the fill order counted by hand on a
// small position,
// small hand levels, Microban levels and course maps solved in that order with every forward
// solution replayed by the independent checker and the plugin's verifier, a pinned run, and the
// options through the portfolio.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "backward_test_util.h"

namespace {

using sokoban::BackFeatures;
using sokoban::BackwardSearch;
using sokoban_test::Fixture;

// Solve `text` backward in the feature-space order `fess`; the forward text in `moves`, replayed.
void fess_solves_and_replays(const std::string &text, int fess, uint64_t budget = 500000) {
    Fixture fx(text);
    BackwardSearch search(fx.inst, 256u << 20, 0, 1, fess);
    REQUIRE(search.run(budget, {}) == BackwardSearch::Status::solved);
    sokoban_test::backward_solution_replays(text, fx, search);
}

// The map's initial position with its boxes moved to `cells` (row, column pairs).
std::vector<uint8_t> with_boxes(Fixture &fx, const std::vector<std::pair<int, int>> &cells) {
    std::vector<uint8_t> s = fx.initial();
    for (int c : fx.inst.board.start_boxes) sokoban::clear_bit(s.data() + 2, c);
    for (const auto &rc : cells) {
        const int c = fx.cell(rc.first, rc.second);
        REQUIRE(c >= 0);
        sokoban::set_bit(s.data() + 2, c);
    }
    return s;
}

// The hand-counted position of the first two cases: start cells (1,2) (2,2) (2,3); goals (1,4)
// (2,1) (3,3), none of them a start cell.
const char *const kRoom = "#######\n"
                          "#@$ . #\n"
                          "#.$$  #\n"
                          "#  .  #\n"
                          "#######";

} // namespace

TEST_CASE("backward fess: the features counted by hand") {
    Fixture fx(kRoom);
    for (int mode : {sokoban::BACK_FESS_ALL, sokoban::BACK_FESS_SR}) {
        CAPTURE(mode);
        BackwardSearch search(fx.inst, 64u << 20, 0, 1, mode);
        // The start (the backward target): every box on a start cell, the floor one area.
        BackFeatures f = search.features(fx.initial().data());
        CHECK(f.starts == 3);
        CHECK(f.regions == 1);
        CHECK(f.goals == 0);
        // Solved: no box on a start cell, all three on goals; the floor still one area.
        f = search.features(with_boxes(fx, {{1, 4}, {2, 1}, {3, 3}}).data());
        CHECK(f.starts == 0);
        CHECK(f.regions == 1);
        CHECK(f.goals == (mode == sokoban::BACK_FESS_SR ? 0u : 3u));
        // (1,2) and (2,1) shut the corner (1,1) off: two areas; one box on a start cell, two on goals.
        f = search.features(with_boxes(fx, {{1, 2}, {2, 1}, {3, 3}}).data());
        CHECK(f.starts == 1);
        CHECK(f.regions == 2);
        CHECK(f.goals == (mode == sokoban::BACK_FESS_SR ? 0u : 2u));
        // A column of boxes (1,3) (2,3) (3,3) splits the room in two; (1,3) is no start cell.
        f = search.features(with_boxes(fx, {{1, 3}, {2, 3}, {3, 3}}).data());
        CHECK(f.starts == 1);
        CHECK(f.regions == 2);
        CHECK(f.goals == (mode == sokoban::BACK_FESS_SR ? 0u : 1u));
    }
}

TEST_CASE("backward fess: the fill order (backfess=order) by hand") {
    // From the start the player can push (1,2) right and (2,3) up at once (layer 0); (2,2) is
    // boxed in until they are gone (layer 1). Backward the last forward layer is filled first.
    Fixture fx(kRoom);
    int layers = 0;
    const std::vector<int> layer = sokoban::backward_fill_layers(fx.inst.board, layers);
    CHECK(layers == 2);
    CHECK(layer[fx.cell(2, 2)] == 0);
    CHECK(layer[fx.cell(1, 2)] == 1);
    CHECK(layer[fx.cell(2, 3)] == 1);
    CHECK(layer[fx.cell(1, 1)] == -1);
    CHECK(layer[fx.cell(3, 3)] == -1);
    BackwardSearch search(fx.inst, 64u << 20, 0, 1, sokoban::BACK_FESS_ORDER);
    CHECK(search.features(fx.initial().data()).starts == 3);
    // (1,2) and (2,3) filled but not (2,2): the first layer is not full, nothing counts.
    BackFeatures f = search.features(with_boxes(fx, {{1, 2}, {2, 3}, {3, 3}}).data());
    CHECK(f.starts == 0);
    CHECK(f.goals == 1);
    // (2,2) and (1,2): layer 0 full, one of layer 1's two. With (3,3) they shut (1,1) (2,1)
    // (3,1) (3,2) off from the rest: two areas.
    f = search.features(with_boxes(fx, {{2, 2}, {1, 2}, {3, 3}}).data());
    CHECK(f.starts == 2);
    CHECK(f.regions == 2);
}

TEST_CASE("backward fess: hand levels, Microban levels and course maps solved and replayed forward") {
    // Two boxes behind a door, and a room the column of goals splits (two roots).
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
    for (int mode : {sokoban::BACK_FESS_ALL, sokoban::BACK_FESS_SR, sokoban::BACK_FESS_ORDER}) {
        CAPTURE(mode);
        for (const std::string &text : hand) {
            CAPTURE(text);
            fess_solves_and_replays(text, mode);
        }
        const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
        for (int level : {1, 2, 7, 25, 42, 78}) {
            CAPTURE(level);
            fess_solves_and_replays(solver_test::xsb_level(micro, level), mode);
        }
        for (const char *map : {"01", "05", "21"}) {
            CAPTURE(map);
            fess_solves_and_replays(sokoban_test::read_text(std::string("puzzles/sokoban/course/") + map + ".txt"), mode);
        }
    }
}

TEST_CASE("backward fess: pinned on XSokoban 1, the cells visited in turn") {
    const std::string xs = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    Fixture fx(solver_test::xsb_level(xs, 1));
    BackwardSearch search(fx.inst, 256u << 20, 0, 1, sokoban::BACK_FESS_ALL);
    REQUIRE(search.run(100000, {}) == BackwardSearch::Status::solved);
    // The driver's figures (tools/sokoban-backward-driver.cc, order f): greedy takes 132
    // expansions here, the feature-space order spreads them over its cells.
    CHECK(search.expanded() == 4759);
    CHECK(search.states() == 13526);
    CHECK(search.cells() == 150);
    std::vector<uint8_t> states;
    std::vector<uint32_t> mv;
    uint64_t cost = 0;
    search.solution(states, mv, cost);
    CHECK(cost == 109);
    // Not weighted: backward_second_stage makes a weighted A* after it.
    CHECK_FALSE(search.weighted());
    CHECK(search.fess() == sokoban::BACK_FESS_ALL);
}

TEST_CASE("backward fess: backfess and backorder=fess through the portfolio, and the options") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {1u, 7u, 42u}) {
        CAPTURE(level);
        for (const char *mode : {"on", "sr", "order"}) {
            CAPTURE(mode);
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"back", "only"}, {"backfess", mode}}, rt);
            CHECK(rt.log.find("backward") != std::string::npos);
        }
        sokoban_test::StubRuntime rt(2);
        sokoban_test::portfolio_solves_and_replays(
            micro, level, {{"back", "t0"}, {"backcpu", "10"}, {"backcap", "1"}, {"backorder", "fess"}}, rt);
    }
    sokoban::Options o;
    CHECK(o.backfess == 0); // off by default
    CHECK(o.backorder == 1);
    std::string error;
    const solver_option bad{"backfess", "yes"};
    CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
    CHECK(error.find("sr") != std::string::npos);
    const solver_option good[] = {{"backfess", "order"}, {"backorder", "fess"}};
    REQUIRE(sokoban::parse_options(good, 2, o, error));
    CHECK(o.backfess == sokoban::BACK_FESS_ORDER);
    CHECK(o.backorder == 3);
}
