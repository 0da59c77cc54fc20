// localdead_test.cc -- the local deadlock search: dead clumps the freeze test misses, live
// clumps, the switch, and the fewest pushes kept on Microban levels where it prunes.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>

#include "../../plugins/sokoban/freeze.h"
#include "../../plugins/sokoban/localdead.h"
#include "../../plugins/sokoban/ordering.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// The local test on the box at (row, column) of the map's initial position, the player where
// the map puts it.
bool dead_at(sokoban_test::Fixture &fx, int row, int column) {
    return fx.on_initial_box(row, column, [&](int cell) {
        LocalDeadScratch s;
        s.init(fx.inst.board);
        return local_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), cell,
                              fx.inst.board.start_player, s);
    });
}

bool frozen(sokoban_test::Fixture &fx, int row, int column) {
    std::vector<uint8_t> state = fx.initial();
    unpack_state(fx.inst, fx.scratch, state.data());
    return freeze_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.cell(row, column));
}

// Microban 3 with the player shut in on the right by the two boxes it last pushed: it can
// push neither box (the other one is in the way), so the level is lost, yet no box is frozen
// (each could move up or down if the player got there).
const std::string SHUT_IN = "  ####   \n"
                            "###  ####\n"
                            "#  $$@  #\n"
                            "# #  #  #\n"
                            "# . .#  #\n"
                            "#########\n";
} // namespace

TEST_CASE("Sokoban.LocalDead.PlayerShutInBehindTwoBoxes") {
    sokoban_test::Fixture fx(SHUT_IN);
    CHECK_FALSE(frozen(fx, 2, 3));
    CHECK_FALSE(frozen(fx, 2, 4));
    CHECK(dead_at(fx, 2, 4));
    CHECK(dead_at(fx, 2, 3));
    // It is really lost: the exhaustive search with the test off finds no solution either.
    const sokoban_test::Solved off = sokoban_test::table_solve(SHUT_IN, 1, {{"localdead", "off"}}, 100000, 1, 1);
    CHECK_FALSE(off.ok);
    // And with it on, the initial position has no children at all.
    sokoban_test::Fixture on(SHUT_IN);
    CHECK(sokoban_test::children(on.inst, on.scratch, on.initial()).empty());
}

TEST_CASE("Sokoban.LocalDead.LiveClumps") {
    // The same boxes with the player above them: push the left box down on its way to a goal.
    // (With the player on the left instead it is dead too: only pushes up onto dead squares.)
    sokoban_test::Fixture a("  ####   \n"
                            "###@ ####\n"
                            "#  $$   #\n"
                            "# #  #  #\n"
                            "# . .#  #\n"
                            "#########\n");
    CHECK_FALSE(dead_at(a, 2, 3));
    CHECK_FALSE(dead_at(a, 2, 4));
    // Two boxes side by side in an open room separate at once.
    sokoban_test::Fixture b("#######\n"
                            "#@    #\n"
                            "#  $$ #\n"
                            "#     #\n"
                            "# ..  #\n"
                            "#######\n");
    CHECK_FALSE(dead_at(b, 2, 3));
    // A lone box is never tested.
    sokoban_test::Fixture c("#######\n"
                            "#@    #\n"
                            "#  $  #\n"
                            "#  .  #\n"
                            "#######\n");
    CHECK_FALSE(dead_at(c, 2, 3));
}

TEST_CASE("Sokoban.LocalDead.SwitchOff") {
    Options o, on_options;
    o.localdead = false;
    o.corraldead = on_options.corraldead = 0; // the corral test (corraldead.h) prunes it too
    // The pushes from the shut-in position are all blocked anyway; the test's own pruning shows
    // one push earlier: the push that shuts the player in.
    const std::string before = "  ####   \n"
                               "###  ####\n"
                               "#  $ $@ #\n"
                               "# #  #  #\n"
                               "# . .#  #\n"
                               "#########\n";
    sokoban_test::Fixture on(before, on_options), off(before, o);
    const auto kids_on = sokoban_test::children(on.inst, on.scratch, on.initial());
    const auto kids_off = sokoban_test::children(off.inst, off.scratch, off.initial());
    CHECK(kids_off.size() == kids_on.size() + 1);
}

TEST_CASE("Sokoban.LocalDead.KeepsOptimalLengths") {
    // A* (g + h, the admissible matching), macros off: the same fewest pushes with the test on
    // and off on Microban levels where it prunes, never more expansions with it, and every
    // solution replayed by the plugin's verifier.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    size_t on_total = 0, off_total = 0;
    for (uint32_t level : {3u, 5u, 12u, 42u, 43u, 63u, 64u}) {
        INFO("level " << level);
        sokoban_test::same_fewest_pushes(micro, level, {}, {{"localdead", "off"}}, on_total, off_total);
    }
    CHECK(on_total < off_total);
}

TEST_CASE("Sokoban.LocalDead.EveryPrunedStateIsDead") {
    // Breadth-first over Microban levels with the test off; every child the test calls dead is
    // searched exhaustively (all techniques but this one on): no solution may be reachable.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Options o;
    o.localdead = false;
    const size_t proven = sokoban_test::pruned_states_proven_dead(
        micro, {1u, 2u, 3u, 4u, 6u, 8u, 12u, 20u}, o, [](sokoban_test::Fixture &fx) {
            auto ld = std::make_shared<LocalDeadScratch>();
            ld->init(fx.inst.board);
            return [&fx, ld](int to, int player) {
                return local_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), to, player, *ld);
            };
        });
    MESSAGE("pruned states proven dead: " << proven);
    CHECK(proven >= 10); // the test did prune states here, each one really dead
}

TEST_CASE("Sokoban.LocalDead.Radius2") {
    // Two boxes a cell apart: with ldradius=1 the pushed box is alone (never tested), with 2
    // they form a clump and are searched (alive here: the room is open).
    sokoban_test::Fixture fx("#######\n"
                             "#@    #\n"
                             "# $ $ #\n"
                             "#     #\n"
                             "# ..  #\n"
                             "#######\n");
    std::vector<uint8_t> state = fx.initial();
    unpack_state(fx.inst, fx.scratch, state.data());
    for (int radius : {1, 2}) {
        LocalDeadScratch s;
        s.init(fx.inst.board);
        s.radius = radius;
        CHECK_FALSE(local_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.cell(2, 2),
                                   fx.inst.board.start_player, s));
        CHECK(s.tests == (radius == 2 ? 1u : 0u));
    }
    // Still sound with the wider clump and a larger budget: A* keeps the fewest pushes.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {3u, 5u, 12u, 42u, 43u}) {
        INFO("level " << level);
        size_t wide_total = 0, off_total = 0;
        sokoban_test::same_fewest_pushes(micro, level, {{"ldradius", "2"}, {"ldbudget", "400"}}, {{"localdead", "off"}},
                                         wide_total, off_total);
    }
}

TEST_CASE("Sokoban.LocalDead.LocalPlayerEqualsFlood") {
    // ldlocal=on (the default) takes a sub-search child's player from the local test around
    // the pushed box when that is exact: every test must give the flood's answer after the
    // same sub-states. Both radii, over the children of a few hundred states of crowded maps.
    const std::pair<const char *, uint32_t> maps[] = {{"puzzles/sokoban/xsokoban_90.xsb", 11},
                                                      {"puzzles/sokoban/microban_155.xsb", 153},
                                                      {"puzzles/sokoban/course/23.txt", 1}};
    uint64_t local = 0, dead = 0;
    for (const int radius : {1, 2})
    for (const auto &m : maps) {
        INFO(std::string(m.first) << " level " << m.second << " radius " << radius);
        Options o;
        o.localdead = false; // the children as the search would test them
        sokoban_test::Fixture fx("#####\n#@$.#\n#####", o);
        fx.inst = Instance{};
        init_instance(fx.inst, sokoban_test::parse_ok(sokoban_test::read_text(m.first), m.second), o);
        init_scratch(fx.inst, fx.scratch);
        LocalDeadScratch fast, flood;
        fast.init(fx.inst.board);
        flood.init(fx.inst.board);
        fast.radius = flood.radius = radius;
        flood.local_player = false;
        Scratch check;
        init_scratch(fx.inst, check);
        std::set<std::vector<uint8_t>> seen{fx.initial()};
        std::vector<std::vector<uint8_t>> queue{fx.initial()};
        for (size_t q = 0; q < queue.size() && q < 300; ++q) {
            const std::vector<uint8_t> parent = queue[q];
            for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, parent)) {
                const int player = unpack_state(fx.inst, check, k.state.data());
                const int to = pushed_to(parent.data() + 2, k.state.data() + 2, static_cast<int>(fx.inst.state_size - 2));
                REQUIRE(to >= 0);
                const bool a = local_deadlock(fx.inst.board, fx.inst.dead.data(), check.occ.data(), to, player, fast);
                const bool b = local_deadlock(fx.inst.board, fx.inst.dead.data(), check.occ.data(), to, player, flood);
                REQUIRE(a == b);
                dead += a;
                if (seen.insert(k.state).second) queue.push_back(k.state);
            }
        }
        CHECK(fast.expanded == flood.expanded);
        CHECK(fast.tests == flood.tests);
        CHECK(fast.unknown == flood.unknown);
        CHECK(flood.local_players == 0);
        local += fast.local_players;
    }
    CHECK(local > 1000); // the shortcut answered many children
    CHECK(dead > 0);
}

TEST_CASE("Sokoban.LocalDead.ClumpListsEqualTheRingScan") {
    // local_clump from the per-cell lists that init() builds must give the ring scan's clump,
    // the same cells in the same order, for radius 1 and 2: random box layouts (a fixed seed)
    // on three Microban maps, every box as the pushed one.
    for (const uint32_t level : {1u, 93u, 153u}) {
        sokoban_test::Fixture fx("#####\n#@$.#\n#####");
        fx.inst = Instance{};
        init_instance(fx.inst, sokoban_test::parse_ok(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), level),
                      Options{});
        const Board &b = fx.inst.board;
        LocalDeadScratch s;
        s.init(b);
        uint32_t rng = 12345u + level;
        size_t compared = 0, big = 0;
        std::vector<uint8_t> occ(b.n);
        for (int round = 0; round < 200; ++round) {
            for (int c = 0; c < b.n; ++c) {
                rng = rng * 1664525u + 1013904223u;
                occ[c] = (rng >> 24) % 3 == 0;
            }
            for (int c = 0; c < b.n; ++c) {
                if (!occ[c]) continue;
                for (const int r : {1, 2}) {
                    int fast[LocalDeadScratch::MAX_BOXES], scan[LocalDeadScratch::MAX_BOXES];
                    const int nf = local_clump(b, occ.data(), c, r, &s, fast);
                    const int ns = local_clump(b, occ.data(), c, r, nullptr, scan);
                    REQUIRE(nf == ns);
                    for (int k = 0; k < nf; ++k) CHECK(fast[k] == scan[k]);
                    ++compared;
                    if (nf == LocalDeadScratch::MAX_BOXES) ++big;
                }
            }
        }
        CHECK(compared > 1000);
        CHECK(big > 0); // clumps cut at MAX_BOXES are among them
    }
}

namespace {
// ldleft (session 22): the clumps beside the cell the pushed box left, where the pushed box's
// own clump is not dead; radius r.
auto left_test(int r) {
    return [r](sokoban_test::Fixture &fx) {
        auto ld = std::make_shared<LocalDeadScratch>();
        ld->init(fx.inst.board);
        ld->radius = r;
        return [&fx, ld](int to, int player, int from) {
            const uint8_t *occ = fx.scratch.occ.data();
            return local_deadlock_left(fx.inst.board, fx.inst.dead.data(), occ, from, to, player, *ld) &&
                   !local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, to, player, *ld);
        };
    };
}
} // namespace

TEST_CASE("Sokoban.LocalDead.LeftPrunesOnlyDeadStates") {
    // Breadth-first (the defaults, ldleft off); every child whose clump beside the left cell the
    // test calls dead, where the pushed box's own clump is not, is searched exhaustively: no
    // solution may be reachable. Of Microban 1-60 (3000 parents each), only 35 (radius 1, 3
    // children) and 36 (radius 2, 1 child) have any.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    CHECK(sokoban_test::pruned_states_proven_dead(micro, {35u}, Options{}, left_test(1)) == 3);
    CHECK(sokoban_test::pruned_states_proven_dead(micro, {36u}, Options{}, left_test(2)) == 1);
}

TEST_CASE("Sokoban.LocalDead.LeftOption") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(Options{}.ldleft == 0); // off by default
    CHECK(parsed("ldleft", "off").ldleft == 0);
    CHECK(parsed("ldleft", "all").ldleft == 0xff);
    CHECK(parsed("ldleft", "fess1").ldleft == CD_FESS1);
    CHECK(parsed("ldleft", "fess0+plan0").ldleft == (CD_FESS0 | CD_PLAN0));
    CHECK(ldleft_on(parsed("ldleft", "fess1"), CD_FESS1));
    CHECK_FALSE(ldleft_on(parsed("ldleft", "fess1"), CD_FESS0));
    CHECK(parsed("ldleft", "none").ldleft == 0);
    for (const char *bad : {"", "fess2", "fess0+", "t0", "on"})
        CHECK(refused("ldleft", bad).find("ldleft") != std::string::npos);
    Options o;
    o.ldleft = CD_ENGINE;
    sokoban_test::Fixture fx(SHUT_IN, o);
    CHECK(fx.scratch.localdead.left);
    sokoban_test::Fixture off(SHUT_IN);
    CHECK_FALSE(off.scratch.localdead.left);
}

namespace {
// ldcore (session 23): the pushed box's touching core, where its radius-2 clump is not proven
// dead (the same scratch, radius 2, core on; the wide test's verdict taken with core off).
auto core_test() {
    return [](sokoban_test::Fixture &fx) {
        auto ld = std::make_shared<LocalDeadScratch>();
        ld->init(fx.inst.board);
        ld->radius = 2;
        return [&fx, ld](int to, int player) {
            const uint8_t *occ = fx.scratch.occ.data();
            ld->core = false;
            if (local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, to, player, *ld)) return false;
            ld->core = true;
            const bool dead = local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, to, player, *ld);
            ld->core = false;
            return dead;
        };
    };
}

// XSokoban 28, a state FESS thread 1's member (radius 2) reaches at 15 packed and expands: the
// four boxes at the lower left, (10,5) (11,6) (11,7) (12,7), close the pocket (11,5) (12,5)
// (12,6) and are dead on their own, but the box at (9,8) is within two steps of (11,7), and the
// clump of five runs out of the sub-search's budget. (build/solver --threads 1 exhausts it.)
const std::string XS28_CORE = "         #####\n"
                              "     #####@  #\n"
                              "    ##       ####\n"
                              "#####        ##*#\n"
                              "#           ##**#\n"
                              "#  ###### ###** #\n"
                              "## #  #    #*** #\n"
                              "#     #    #*** #\n"
                              "#  #  ## ####*.*#\n"
                              "####    $   ##.*#\n"
                              "   ##$       ...#\n"
                              "    # $$    #  *#\n"
                              "    #  $     ####\n"
                              "    ######   #\n"
                              "         #####\n";
} // namespace

TEST_CASE("Sokoban.LocalDead.CoreCatchesTheFourOfXSokoban28") {
    sokoban_test::Fixture fx(XS28_CORE);
    const std::vector<uint8_t> state = fx.initial();
    const int player = unpack_state(fx.inst, fx.scratch, state.data());
    LocalDeadScratch s;
    s.init(fx.inst.board);
    s.radius = 2;
    const uint8_t *occ = fx.scratch.occ.data();
    const int wide = fx.cell(11, 7);
    CHECK_FALSE(local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, wide, player, s)); // five boxes: over budget
    CHECK(s.unknown > 0);
    s.core = true;
    CHECK(local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, wide, player, s)); // its touching four
    CHECK(s.core_deadlocks == 1);
    // The pushed box (9,8) itself: its clump of five is not dead, its core is the box alone.
    CHECK_FALSE(local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, fx.cell(9, 8), player, s));
    // With radius 1 there is no core step (the clump is the core already): same answer as plain.
    LocalDeadScratch one;
    one.init(fx.inst.board);
    one.core = true;
    CHECK(local_deadlock(fx.inst.board, fx.inst.dead.data(), occ, wide, player, one));
    CHECK(one.core_tests == 0);
}

TEST_CASE("Sokoban.LocalDead.CorePrunesOnlyDeadStates") {
    // Breadth-first with radius 2 (ldradius=2, ldcore off); every child whose pushed box's core
    // the test calls dead, where the radius-2 clump is not proven dead, is searched
    // exhaustively: no solution may be reachable. Of Microban 1-70 (3000 parents each), 35, 36
    // and 65 have such children (10 each checked); all 155 levels had 10 or fewer each, every
    // one dead, when this was written.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Options o;
    o.ldradius = 2;
    o.ldmixed = false;
    CHECK(sokoban_test::pruned_states_proven_dead(micro, {35u, 36u}, o, core_test()) == 20);
}

TEST_CASE("Sokoban.LocalDead.CoreOption") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK_FALSE(Options{}.ldcore); // off by default
    CHECK(parsed("ldcore", "on").ldcore);
    CHECK_FALSE(parsed("ldcore", "off").ldcore);
    for (const char *bad : {"", "all", "2"})
        CHECK(refused("ldcore", bad).find("ldcore") != std::string::npos);
    Options o;
    o.ldcore = true;
    sokoban_test::Fixture fx(SHUT_IN, o);
    CHECK(fx.scratch.localdead.core);
    sokoban_test::Fixture off(SHUT_IN);
    CHECK_FALSE(off.scratch.localdead.core);
}
