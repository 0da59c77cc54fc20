// frozenwalls_test.cc -- the matching deadlock with every frozen box as a wall and the player's
// side kept (frozenwalls.h, fesswalls=off|on|t0|t1, session 24).
#include <doctest/doctest.h>

#include <string>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/frozenwalls.h"
#include "../../plugins/sokoban/sidegoals.h"

namespace {

using sokoban_test::packed41_with_box;

// Two boxes frozen on goals along the top wall (the corner box holds its neighbour) -- no push
// froze them just now -- shut the pocket goal below the corner: dead.
const std::string kShutBehind = "######\n"
                                "#**  #\n"
                                "#.#$ #\n"
                                "###@ #\n"
                                " #####\n";
// The goal left open beside them instead: alive (a push up, then left).
const std::string kOpen = "#######\n"
                          "#**.  #\n"
                          "#   $ #\n"
                          "#  @  #\n"
                          "#######\n";

// The test on the initial position of a map (dead squares off; with no box frozen too).
bool walls_dead(const std::string &map) {
    sokoban_test::Fixture fx(map);
    std::vector<uint8_t> state = fx.initial();
    const int player = sokoban::unpack_state(fx.inst, fx.scratch, state.data());
    sokoban::FrozenWallScratch s;
    s.init(fx.inst.board);
    s.unfrozen = true;
    const std::vector<uint8_t> before = fx.scratch.occ;
    const int count = static_cast<int>(fx.scratch.boxes.size());
    const bool dead = sokoban::frozen_wall_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, player, s);
    CHECK(fx.scratch.occ == before); // the occupancy is restored
    // A second call answers from the cache, with the same verdict.
    CHECK(sokoban::frozen_wall_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, player, s) == dead);
    CHECK(s.entries == 1);
    return dead;
}

} // namespace

namespace {
auto walls_test() {
    return [](sokoban_test::Fixture &fx) {
        auto s = std::make_shared<sokoban::FrozenWallScratch>();
        s->init(fx.inst.board);
        return [&fx, s](int, int player) {
            const int count = static_cast<int>(fx.scratch.boxes.size());
            return sokoban::frozen_wall_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.scratch.boxes.data(), count, player, *s);
        };
    };
}
} // namespace

TEST_CASE("Sokoban.FrozenWalls.OptionParses") {
    CHECK(sokoban::Options{}.fesswalls == 0); // off by default
    sokoban_test::check_choices("fesswalls", &sokoban::Options::fesswalls, {{"off", 0}, {"on", 1}, {"t0", 2}, {"t1", 3}},
                                {"", "1", "t2", "fess0"});
}

TEST_CASE("Sokoban.FrozenWalls.XSokoban41TheLowerRoomIsShutOff") {
    // The last box in the lower right room could go up the column only with the player below it:
    // dead. In the upper room it goes down the column: alive. With no box frozen (the start of
    // the level) alive.
    CHECK(walls_dead(packed41_with_box(12, 16)));
    CHECK_FALSE(walls_dead(packed41_with_box(3, 12)));
    CHECK_FALSE(walls_dead(solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb"), 41)));
}

TEST_CASE("Sokoban.FrozenWalls.BoxesFrozenByEarlierPushesCount") {
    CHECK(walls_dead(kShutBehind));
    CHECK_FALSE(walls_dead(kOpen));
}

TEST_CASE("Sokoban.FrozenWalls.PrunesOnlyDeadStates") {
    // Breadth-first (the defaults); every child this test calls dead that expand_state's tests
    // let through is searched exhaustively: no solution may be reachable. (Microban 1-155, up to
    // 10 children a level among 3000 parents: 460 children on 49 levels, all dead, session 24.)
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    CHECK(sokoban_test::pruned_states_proven_dead(micro, {10u, 16u, 48u, 83u}, sokoban::Options{}, walls_test()) == 39);
}

TEST_CASE("Sokoban.FrozenWalls.NeverWeakerThanTheSideTest") {
    // On the states a FESS search makes on Microban 83: where the side-kept test of one goal box's
    // frozen group says dead, so does this one (more walls, and the player's start kept, only
    // shrink the pull reach); and it says dead on some state the other does not.
    const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 83);
    sokoban_test::Fixture fx(text);
    sokoban::FessSearch search(fx.inst, 64u << 20);
    REQUIRE(search.run(3000, {}) != sokoban::FessSearch::Status::exhausted);
    sokoban::SideGoalScratch side;
    side.init(fx.inst.board);
    sokoban::FrozenWallScratch walls;
    walls.init(fx.inst.board);
    const sokoban::Board &b = fx.inst.board;
    uint64_t side_dead = 0, walls_dead_count = 0;
    for (size_t i = 0; i < search.states(); ++i) {
        const int player = sokoban::unpack_state(fx.inst, fx.scratch, search.state(static_cast<uint32_t>(i)));
        const int count = static_cast<int>(fx.scratch.boxes.size());
        const bool w = sokoban::frozen_wall_deadlock(b, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, player, walls);
        bool sd = false;
        for (int k = 0; k < count && !sd; ++k) {
            const int c = fx.scratch.boxes[static_cast<size_t>(k)];
            if (b.goal[c]) sd = sokoban::side_goal_deadlock(b, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, c, side);
        }
        if (sd) CHECK(w);
        side_dead += sd;
        walls_dead_count += w;
    }
    MESSAGE("Microban 83: " << search.states() << " states, dead " << side_dead << " by the side test, " << walls_dead_count << " by this one");
    CHECK(walls_dead_count > side_dead);
}

TEST_CASE("Sokoban.FrozenWalls.FessSolvesAndReplaysWithTheTestOn") {
    // FESS with fesswalls=on solves the Microban sample (the checker replays each answer); on
    // Microban 83 and 139 it prunes children and still solves.
    sokoban::Options o;
    o.fesswalls = 1;
    sokoban_test::fess_solves_microban_sample(o);
    for (int level : {83, 139}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), level);
        sokoban_test::Fixture fx(text, o);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        REQUIRE(search.run(200000, {}) == sokoban::FessSearch::Status::solved);
        CHECK(search.walls_dead() > 0);
        sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
    }
}

// The soundness sweep behind PrunesOnlyDeadStates' comment, run by hand (slow: about 20 s):
//   FW_FROM=1 FW_TO=155 build/tests/sokoban_tests -tc=Sokoban.FrozenWalls.Explore --no-skip
TEST_CASE("Sokoban.FrozenWalls.Explore" * doctest::skip()) {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const char *from = getenv("FW_FROM"), *to = getenv("FW_TO");
    for (uint32_t l = from ? atoi(from) : 1; l <= (to ? atoi(to) : 155u); ++l) {
        const size_t n = sokoban_test::pruned_states_proven_dead(micro, {l}, sokoban::Options{}, walls_test(), 10, 3000);
        if (n) MESSAGE("level " << l << ": " << n);
    }
}
