// fess_goals_test.cc -- the frozen-goal test with the player's side kept (sidegoals.h) and
// FESS's option for it (fessgoals=off|on, fess.h, session 20): the option, the verdict on the
// position that stalled FESS on XSokoban 41 and on a live variant of it, the verdict never
// weaker than the side-relaxed test's, and FESS's solutions with it on replayed by the checker.
#include <doctest/doctest.h>

#include <string>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/frozengoals.h"
#include "../../plugins/sokoban/sidegoals.h"

namespace {

using sokoban_test::packed41_with_box;

// The last box in the lower right room: it could go up the column only with the player below
// it, which the frozen bottom row now shuts off: dead. Without the player's side the test sees
// a way.
const std::string kDead41 = packed41_with_box(12, 16);
// The last box in the upper room: it goes down the column, alive.
const std::string kLive41 = packed41_with_box(3, 12);

struct Verdicts {
    bool side, plain;
};

// Both tests on the box at (row, column) of the map's initial position (dead squares off).
Verdicts verdicts(const std::string &map, int row, int column) {
    sokoban_test::Fixture fx(map);
    Verdicts v{false, false};
    fx.on_initial_box(row, column, [&](int cell) {
        sokoban::SideGoalScratch s;
        s.init(fx.inst.board);
        sokoban::FrozenGoalScratch f;
        f.init(fx.inst.board);
        const int count = static_cast<int>(fx.scratch.boxes.size());
        v.side = sokoban::side_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, cell, s);
        // The second call answers from the cache, with the same verdict.
        CHECK(sokoban::side_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, cell, s) == v.side);
        v.plain = sokoban::frozen_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, cell, f);
        return v.side;
    });
    return v;
}

} // namespace

TEST_CASE("Sokoban.FessGoals.OptionParses") {
    CHECK(sokoban::Options{}.fessgoals == 2); // t0 by default (session 21)
    sokoban_test::check_choices("fessgoals", &sokoban::Options::fessgoals, {{"off", 0}, {"on", 1}, {"t0", 2}, {"t1", 3}},
                                {"1", "t2", ""});
}

TEST_CASE("Sokoban.FessGoals.TheSideShutsTheLastGoalOnXSokoban41") {
    const Verdicts dead = verdicts(kDead41, 11, 11); // the last box of the frozen bottom row
    CHECK(dead.side);
    CHECK_FALSE(dead.plain);
    const Verdicts live = verdicts(kLive41, 11, 11);
    CHECK_FALSE(live.side);
    CHECK_FALSE(live.plain);
}

TEST_CASE("Sokoban.FessGoals.NeverWeakerThanTheRelaxedTest") {
    // On every state a FESS search makes on Microban 83 (boxes frozen on goals along the way),
    // for every box on a goal: when the side-relaxed test says dead, so does this one (its pull
    // reach is a subset of the relaxed one's), and it says dead on some state the other does not.
    const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 83);
    sokoban_test::Fixture fx(text);
    sokoban::FessSearch search(fx.inst, 64u << 20);
    REQUIRE(search.run(3000, {}) != sokoban::FessSearch::Status::exhausted);
    sokoban::SideGoalScratch s;
    s.init(fx.inst.board);
    sokoban::FrozenGoalScratch f;
    f.init(fx.inst.board);
    const sokoban::Board &b = fx.inst.board;
    uint64_t tested = 0, plain_dead = 0, side_dead = 0;
    for (size_t i = 0; i < search.states(); ++i) {
        sokoban::unpack_state(fx.inst, fx.scratch, search.state(static_cast<uint32_t>(i)));
        const int count = static_cast<int>(fx.scratch.boxes.size());
        for (int k = 0; k < count; ++k) {
            const int c = fx.scratch.boxes[static_cast<size_t>(k)];
            if (!b.goal[c]) continue;
            const bool side = sokoban::side_goal_deadlock(b, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, c, s);
            const bool plain = sokoban::frozen_goal_deadlock(b, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(), count, c, f);
            if (plain) CHECK(side);
            ++tested;
            plain_dead += plain;
            side_dead += side;
        }
    }
    MESSAGE("Microban 83: " << tested << " goal boxes tested, dead " << plain_dead << " relaxed, " << side_dead << " with the side");
    CHECK(side_dead > plain_dead);
}

TEST_CASE("Sokoban.FessGoals.SolvesAndReplaysWithTheTestOn") {
    // FESS with fessgoals=on solves the Microban sample (the checker replays each answer), and
    // on Microban 36 and 83 it prunes children and still solves.
    sokoban::Options o;
    o.fessgoals = 1;
    sokoban_test::fess_solves_microban_sample(o);
    for (int level : {36, 83}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), level);
        sokoban_test::Fixture fx(text, o);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        REQUIRE(search.run(200000, {}) == sokoban::FessSearch::Status::solved);
        CHECK(search.side_dead() > 0);
        sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
    }
}
