// frozengoals_test.cc -- frozen-goal deadlocks: boxes frozen on goals that seal other goals.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../../plugins/sokoban/frozengoals.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// The test as the search runs it after a push onto the goal at (row, column) of the map's
// initial position (dead squares off, so only the frozen boxes matter).
bool sealed_at(const std::string &map, int row, int column) {
    sokoban_test::Fixture fx(map);
    return fx.on_initial_box(row, column, [&](int cell) {
        FrozenGoalScratch s;
        s.init(fx.inst.board);
        const bool result = frozen_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(),
                                                 fx.scratch.boxes.data(), static_cast<int>(fx.scratch.boxes.size()),
                                                 cell, s);
        // The second call answers from the cache, with the same verdict.
        CHECK(frozen_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(),
                                   static_cast<int>(fx.scratch.boxes.size()), cell, s) == result);
        return result;
    });
}
// The same with the player's region (fgplayer): the player at (prow, pcolumn); `player_deadlocks`
// gets how many of the verdicts were the region test's.
bool sealed_with_player(const std::string &map, int row, int column, int prow, int pcolumn,
                        uint64_t &player_deadlocks) {
    sokoban_test::Fixture fx(map);
    const int player = fx.cell(prow, pcolumn);
    REQUIRE(player >= 0);
    return fx.on_initial_box(row, column, [&](int cell) {
        FrozenGoalScratch s;
        s.init(fx.inst.board);
        s.player = true; // fgplayer=on
        const bool result = frozen_goal_deadlock(fx.inst.board, nullptr, fx.scratch.occ.data(), fx.scratch.boxes.data(),
                                                 static_cast<int>(fx.scratch.boxes.size()), cell, s, player);
        player_deadlocks = s.player_deadlocks;
        return result;
    });
}
} // namespace

TEST_CASE("Sokoban.FrozenGoals.PlayerSealedInByBoxesOnGoals") {
    // A box just pushed down from (2,4) onto the goal at (3,4) completes a 2x2 block of boxes on
    // goals in the doorway: frozen for good, and the player is left in the upper room with the
    // box at (5,5) off its goal below. The matching alone calls it alive (with the block as walls
    // that box can still be pulled to the goal at (6,6), the player's side relaxed); the
    // player's region sees that nobody will ever push it. The state is dead (below, the runtime's
    // A* exhausts it); the same boxes with the player in the lower room are alive (solved below).
    const std::string sealed = "#########\n"
                               "#       #\n"
                               "#   @   #\n"
                               "###**####\n"
                               "  #**  #\n"
                               "  #  $ #\n"
                               "  #   .#\n"
                               "  ######\n";
    // The goals under the block, drawn as '*': (3,3), (3,4), (4,3), (4,4); the fifth at (6,6).
    uint64_t by_region = 0;
    CHECK(sealed_with_player(sealed, 3, 4, 2, 4, by_region));
    CHECK(by_region == 1);
    CHECK_FALSE(sealed_at(sealed, 3, 4)); // the matching alone: alive
    // The player in the lower room: everything outside its region is on goals, nothing empty.
    const std::string below = "#########\n"
                              "#       #\n"
                              "#       #\n"
                              "###**####\n"
                              "  #**  #\n"
                              "  #@ $ #\n"
                              "  #   .#\n"
                              "  ######\n";
    CHECK_FALSE(sealed_with_player(below, 3, 4, 5, 3, by_region));
    CHECK(by_region == 0);
    // Both verdicts against complete A* searches from the two positions with the test off: the
    // sealed one exhausted (fewer expansions than the cap, no solution), the other solved.
    const std::vector<solver_option> off{{"fgplayer", "off"}};
    const sokoban_test::Solved dead = sokoban_test::table_solve(sealed, 1, off, 100000, 1, 1);
    CHECK_FALSE(dead.ok);
    CHECK(dead.expanded < 100000);
    CHECK(sokoban_test::table_solve(below, 1, off, 100000, 1, 1).ok);
}

TEST_CASE("Sokoban.FrozenGoals.PlayerRegionOption") {
    CHECK_FALSE(Options{}.fgplayer); // off by default (NOTES.md, session 40)
    CHECK(sokoban_test::parsed("fgplayer", "on").fgplayer);
    CHECK_FALSE(sokoban_test::parsed("fgplayer", "off").fgplayer);
    CHECK(sokoban_test::refused("fgplayer", "maybe").find("fgplayer") != std::string::npos);
}

TEST_CASE("Sokoban.FrozenGoals.FootOfAGoalColumnFilledFirst") {
    // The box on the goal at the foot of the one-wide goal column is frozen (walls left and
    // below), and a box can only go up the column with the player on that cell: sealed.
    const std::string map = "######\n"
                            "#.#  #\n"
                            "#.# $#\n"
                            "#.  $#\n"
                            "#*$ @#\n"
                            "######";
    CHECK(sealed_at(map, 4, 1));
}

TEST_CASE("Sokoban.FrozenGoals.ColumnFilledFromTheTop") {
    // The three boxes in the column are frozen together, but the last goal is still open to
    // the box beside it: no deadlock.
    const std::string map = "######\n"
                            "#*#  #\n"
                            "#*#  #\n"
                            "#*   #\n"
                            "#.$ @#\n"
                            "######";
    CHECK_FALSE(sealed_at(map, 3, 1));
}

TEST_CASE("Sokoban.FrozenGoals.BoxThatCanStillMove") {
    // Above an empty goal the box can still be pushed up the column: not frozen, no verdict.
    const std::string map = "######\n"
                            "#.#  #\n"
                            "#.# $#\n"
                            "#*  $#\n"
                            "#.$ @#\n"
                            "######";
    CHECK_FALSE(sealed_at(map, 3, 1));
}

TEST_CASE("Sokoban.FrozenGoals.FastMatchingEqualsFull") {
    // fgfast=on (the default) answers on goal masks and stops at the first box left without a
    // goal: every verdict must be the full matching's. A greedy walk (smallest matching bound
    // first, so goal rooms fill up) over maps with goal rooms, the test off in the walk so its
    // dead children are walked too; every box on a goal of every child tested both ways.
    const std::pair<const char *, uint32_t> maps[] = {{"puzzles/sokoban/xsokoban_90.xsb", 48},
                                                      {"puzzles/sokoban/microban_155.xsb", 153}};
    uint64_t tests = 0, dead = 0;
    for (const auto &m : maps) {
        INFO(std::string(m.first) << " level " << m.second);
        Options o;
        o.frozengoals = false;
        sokoban_test::Fixture fx("#####\n#@$.#\n#####", o);
        fx.inst = Instance{};
        init_instance(fx.inst, sokoban_test::parse_ok(sokoban_test::read_text(m.first), m.second), o);
        init_scratch(fx.inst, fx.scratch);
        FrozenGoalScratch fast, full;
        fast.init(fx.inst.board);
        full.init(fx.inst.board);
        full.fast = false;
        Scratch check;
        init_scratch(fx.inst, check);
        std::set<std::vector<uint8_t>> seen{fx.initial()};
        using Entry = std::pair<uint32_t, std::vector<uint8_t>>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
        open.emplace(0, fx.initial());
        for (int step = 0; step < 600 && !open.empty(); ++step) {
            const std::vector<uint8_t> parent = open.top().second;
            open.pop();
            for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, parent)) {
                if (!seen.insert(k.state).second) continue;
                open.emplace(k.h, k.state);
                unpack_state(fx.inst, check, k.state.data());
                const int n = static_cast<int>(check.boxes.size());
                for (int i = 0; i < n; ++i) { // every box on a goal, as if just pushed there
                    const int c = check.boxes[static_cast<size_t>(i)];
                    if (!fx.inst.board.goal[c]) continue;
                    const bool a = frozen_goal_deadlock(fx.inst.board, fx.inst.dead.data(), check.occ.data(),
                                                        check.boxes.data(), n, c, fast);
                    const bool b = frozen_goal_deadlock(fx.inst.board, fx.inst.dead.data(), check.occ.data(),
                                                        check.boxes.data(), n, c, full);
                    REQUIRE(a == b);
                }
            }
        }
        CHECK(fast.tests == full.tests);
        CHECK(fast.deadlocks == full.deadlocks);
        tests += fast.tests;
        dead += fast.deadlocks;
    }
    MESSAGE("frozen-goal tests " << tests << ", dead " << dead);
    CHECK(tests > 1000);
    CHECK(dead > 20);
}

TEST_CASE("Sokoban.FrozenGoals.WideMatchingEqualsKuhn") {
    // fgfast's matching on masks of any width (WideMatching, 1-4 words here: up to 200 goals,
    // as on Sasquatch's large levels; the bundled levels have at most 34) against Kuhn's matching
    // of match_open_goals on the same random graphs: the same verdict on every graph. Sparse
    // graphs with some goals held by an outside group, as after a freeze; boxes one fewer than
    // the open goals, as many, or one more.
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    auto next = [&seed] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    int covered = 0, uncovered = 0;
    WideMatching wide;
    GoalMatching kuhn;
    for (int round = 0; round < 3000; ++round) {
        const size_t goals = 1 + next() % 200;
        const size_t words = (goals + 63) / 64;
        std::vector<uint8_t> held(goals, 0); // goals under the frozen group: no box may take them
        size_t open = goals;
        for (size_t k = 0; k < goals; ++k)
            if (next() % 8 == 0) {
                held[k] = 1;
                --open;
            }
        const int extra = static_cast<int>(next() % 3) - 1;
        const int boxes = std::max(0, static_cast<int>(open) + extra);
        const unsigned degree = 3 + static_cast<unsigned>(next() % 10); // goals per box, about
        std::vector<uint64_t> masks(static_cast<size_t>(boxes) * words, 0);
        for (int i = 0; i < boxes; ++i)
            for (unsigned d = 0; d < degree; ++d) {
                // Mostly near goals (a band), sometimes any: hard graphs with long augmenting paths.
                const size_t k = next() % 4 == 0 ? next() % goals
                                                 : (static_cast<size_t>(i) + next() % 5) % goals;
                if (!held[k]) masks[static_cast<size_t>(i) * words + k / 64] |= uint64_t{1} << (k % 64);
            }
        std::vector<const uint64_t *> rows;
        for (int i = 0; i < boxes; ++i) rows.push_back(masks.data() + static_cast<size_t>(i) * words);
        const bool a = wide.covers(rows.data(), rows.size(), goals, open, words);
        // The same graph for match_open_goals: box i stands on "cell" i, no box in the group.
        std::vector<int> cells(static_cast<size_t>(boxes));
        for (int i = 0; i < boxes; ++i) cells[static_cast<size_t>(i)] = i;
        kuhn.init(goals);
        const bool b = match_open_goals(
            goals, open, cells.data(), boxes, [](int) { return false; },
            [&](size_t k, int c) { return (masks[static_cast<size_t>(c) * words + k / 64] >> (k % 64)) & 1; }, kuhn);
        INFO("round " << round << ", goals " << goals << ", boxes " << boxes);
        REQUIRE(a == b);
        (a ? covered : uncovered)++;
        if (a) { // a covering answer names a real matching: distinct boxes, each on a goal it reaches
            std::vector<uint8_t> used(static_cast<size_t>(boxes), 0);
            size_t held_goals = 0;
            for (size_t k = 0; k < goals; ++k) {
                const int box = wide.goal_match[k];
                if (box < 0) continue;
                REQUIRE(box < boxes);
                REQUIRE_FALSE(used[static_cast<size_t>(box)]);
                used[static_cast<size_t>(box)] = 1;
                REQUIRE(((masks[static_cast<size_t>(box) * words + k / 64] >> (k % 64)) & 1) != 0);
                ++held_goals;
            }
            CHECK(held_goals >= open);
        }
    }
    MESSAGE("wide matching: " << covered << " covered, " << uncovered << " not");
    CHECK(covered > 300);
    CHECK(uncovered > 300);
}
