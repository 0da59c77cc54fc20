// corraldead_test.cc -- the corral deadlock search: a dead corral the other tests miss, a live
// one, the switch, fewest pushes kept, every pruned state really dead, and threads sharing one
// instance's table (the table itself, exact keys and its stress test: striped_table_test.cc).
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <thread>

#include "../../plugins/sokoban/corraldead.h"
#include "../../plugins/sokoban/freeze.h"
#include "../../plugins/sokoban/portfolio.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// The corral test (with cdextend = extend) on the box at (row, column) of the map's initial
// position; its counters into *out when given.
bool corral_dead_at(sokoban_test::Fixture &fx, int row, int column, CorralDeadCache *cache = nullptr,
                    CorralDeadScratch *out = nullptr, int extend = 0) {
    return fx.on_initial_box(row, column, [&](int cell) {
        CorralDeadScratch s;
        s.init(fx.inst.board);
        s.extend = extend;
        const bool r = corral_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), cell,
                                       fx.inst.board.start_player, s, cache);
        if (out) {
            out->tests = s.tests;
            out->deadlocks = s.deadlocks;
            out->cache_hits = s.cache_hits;
            out->ext_deadlocks = s.ext_deadlocks;
            out->last_count = s.last_count;
        }
        return r;
    });
}

// The lower room (row 4) is a corral: its only door, the gap at row 3, was just closed by
// pushing the box now on (4, 4) down. The box at (3, 5) can only be pushed down (the player
// cannot get below it), which freezes both boxes off the goals; the box on (4, 4) can only be
// pushed sideways from inside the room. Lost, yet no box is frozen and a push exists (so the
// PI-corral test does not call it dead either).
const std::string DEAD_CORRAL = "#########\n"
                                "#   @   #\n"
                                "#       #\n"
                                "#### $###\n"
                                "#.  $  .#\n"
                                "#########\n";

// One push before DEAD_CORRAL: pushing either box of row 3 down closes the corral.
const std::string BEFORE_DEAD_CORRAL = "#########\n"
                                       "#   @   #\n"
                                       "#       #\n"
                                       "####$$###\n"
                                       "#.     .#\n"
                                       "#########\n";

// The same with a second row below holding the goals: the box on (4, 4) can be pushed down
// from the gap, and then the player walks into the room: the corral breaks open (and the
// level is solvable).
const std::string LIVE_CORRAL = "#########\n"
                                "#   @   #\n"
                                "#       #\n"
                                "#### $###\n"
                                "#   $   #\n"
                                "#.     .#\n"
                                "#########\n";
} // namespace

TEST_CASE("Sokoban.CorralDead.DeadCorralDetected") {
    sokoban_test::Fixture fx(DEAD_CORRAL);
    std::vector<uint8_t> st = fx.initial();
    unpack_state(fx.inst, fx.scratch, st.data());
    CHECK_FALSE(freeze_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.cell(4, 4)));
    CHECK_FALSE(freeze_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.cell(3, 5)));
    CorralDeadScratch stats;
    CHECK(corral_dead_at(fx, 4, 4, nullptr, &stats));
    CHECK(stats.tests == 1);
    // It is really lost: the exhaustive search with every deadlock test off finds nothing.
    const sokoban_test::Solved off = sokoban_test::table_solve(
        DEAD_CORRAL, 1, {{"corraldead", "off"}, {"localdead", "off"}, {"corral", "off"}}, 100000, 1, 1);
    CHECK_FALSE(off.ok);
}

TEST_CASE("Sokoban.CorralDead.LiveCorralNotPruned") {
    sokoban_test::Fixture fx(LIVE_CORRAL);
    CHECK_FALSE(corral_dead_at(fx, 4, 4));
    // A box with no corral beside it is not tested at all.
    sokoban_test::Fixture open("#######\n"
                               "#@    #\n"
                               "#  $  #\n"
                               "#  .  #\n"
                               "#######\n");
    CorralDeadScratch stats;
    CHECK_FALSE(corral_dead_at(open, 2, 3, nullptr, &stats));
    CHECK(stats.tests == 0);
    // Solvable, and solved with the test on: the verifier replays the solution.
    for (const char *mode : {"on", "pi"}) {
        INFO("corraldead=" << mode);
        const sokoban_test::Solved on = sokoban_test::table_solve(LIVE_CORRAL, 1, {{"corraldead", mode}}, 100000, 1, 1);
        REQUIRE(on.ok);
        sokoban_test::check_replays(LIVE_CORRAL, 1, on);
    }
}

TEST_CASE("Sokoban.CorralDead.SwitchOffAndCache") {
    // One step before DEAD_CORRAL: the push of the box on (3, 4) down closes the corral. With
    // the local test off (it would find this two-box clump too), the corral test prunes it.
    const std::string &before = BEFORE_DEAD_CORRAL;
    Options on, off, pi;
    on.localdead = off.localdead = pi.localdead = false;
    CHECK(off.corraldead == 3); // the default, fess0: off for the runtime's engines (this fixture)
    off.corraldead = 0;
    on.corraldead = 1;
    pi.corraldead = 2;
    sokoban_test::Fixture a(before, on), b(before, off), c(before, pi);
    const auto kids_on = sokoban_test::children(a.inst, a.scratch, a.initial());
    const auto kids_off = sokoban_test::children(b.inst, b.scratch, b.initial());
    const auto kids_pi = sokoban_test::children(c.inst, c.scratch, c.initial());
    CHECK(kids_off.size() == kids_on.size() + 2); // either box pushed down closes it
    CHECK(a.inst.corraldead_cache != nullptr);
    CHECK(b.inst.corraldead_cache == nullptr);
    CHECK(a.scratch.corraldead.deadlocks == 2);
    // pi: the position itself has a PI-corral (row 4, both pushes into it) that is dead.
    CHECK(kids_pi.empty());
    CHECK(c.scratch.corraldead.deadlocks == 1);
    // The table answers the second time without a search.
    sokoban_test::Fixture fx(DEAD_CORRAL);
    CorralDeadCache cache(4);
    CorralDeadScratch first, second;
    CHECK(corral_dead_at(fx, 4, 4, &cache, &first));
    CHECK(first.cache_hits == 0);
    CHECK(cache.size() >= 1);
    CHECK(corral_dead_at(fx, 4, 4, &cache, &second));
    CHECK(second.cache_hits == 1);
}

TEST_CASE("Sokoban.CorralDead.KeepsOptimalLengths") {
    // A* (g + h, the admissible matching), macros off: the same fewest pushes with the test on
    // and off, every solution replayed by the plugin's verifier, and fewer expansions in all.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    size_t on_total = 0, off_total = 0;
    for (uint32_t level : {3u, 5u, 12u, 42u, 43u, 63u, 64u}) {
        INFO("Microban level " << level);
        const sokoban_test::Solved on = sokoban_test::same_fewest_pushes(micro, level, {{"corraldead", "on"}},
                                                                         {{"corraldead", "off"}}, on_total, off_total);
        size_t pi_total = 0, off_again = 0;
        sokoban_test::same_fewest_pushes(micro, level, {{"corraldead", "pi"}}, {{"corraldead", "off"}}, pi_total, off_again);
        const sokoban_test::Solved flood =
            sokoban_test::astar_no_macros(micro, level, {{"corraldead", "on"}, {"areatree", "off"}});
        REQUIRE(flood.ok);
        CHECK(flood.expanded == on.expanded); // the same prunes: the same search
        CHECK(flood.text == on.text);
    }
    for (const char *map : {"04", "08", "12", "17", "19"}) {
        INFO("course map " << map);
        const std::string text = sokoban_test::read_text(std::string("puzzles/sokoban/course/") + map + ".txt");
        sokoban_test::same_fewest_pushes(text, 1, {{"corraldead", "on"}}, {{"corraldead", "off"}}, on_total, off_total);
    }
    MESSAGE("expansions with the corral test " << on_total << ", without " << off_total);
    CHECK(on_total < off_total);
}

TEST_CASE("Sokoban.CorralDead.EveryPrunedStateIsDead") {
    // Breadth-first over Microban levels with the test off; every child the test calls dead is
    // searched exhaustively (all techniques but this one on): no solution may be reachable.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Options o;
    o.corraldead = 0;
    const size_t proven = sokoban_test::pruned_states_proven_dead(
        micro, {1u, 2u, 3u, 4u, 6u, 8u, 12u, 20u, 42u, 63u}, o, [](sokoban_test::Fixture &fx) {
            auto cd = std::make_shared<CorralDeadScratch>();
            cd->init(fx.inst.board);
            auto cache = std::make_shared<CorralDeadCache>(6);
            return [&fx, cd, cache](int to, int player) {
                return corral_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), to, player, *cd,
                                       cache.get());
            };
        });
    MESSAGE("pruned states proven dead: " << proven);
    CHECK(proven >= 10);
}

TEST_CASE("Sokoban.CorralDead.ThreadsShareOneInstance") {
    // Two threads search Microban levels breadth-first over one instance (one shared table, each
    // thread its own scratch): each finds the fewest pushes that the search with the test off
    // finds.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Options o;
    o.tunnels = o.goalroom = false;
    Options o_off = o;
    o_off.corraldead = 0;
    o.corraldead = 1;
    for (uint32_t level : {3u, 12u}) {
        INFO("level " << level);
        Instance off;
        init_instance(off, sokoban_test::parse_ok(micro, level), o_off);
        Scratch s_off;
        init_scratch(off, s_off);
        const int want = sokoban_test::bfs_depth(off, s_off);
        REQUIRE(want > 0);
        Instance inst;
        init_instance(inst, sokoban_test::parse_ok(micro, level), o);
        int got[2] = {-2, -2};
        std::vector<std::thread> pool;
        for (int t = 0; t < 2; ++t)
            pool.emplace_back([&, t] {
                Scratch s;
                init_scratch(inst, s);
                got[t] = sokoban_test::bfs_depth(inst, s);
            });
        for (auto &th : pool) th.join();
        CHECK(got[0] == want);
        CHECK(got[1] == want);
        CHECK(inst.corraldead_cache->size() > 0);
    }
}

TEST_CASE("Sokoban.CorralDead.Options") {
    Options o;
    std::string error;
    const solver_option pi[] = {{"corraldead", "pi"}, {"cdbudget", "50"}};
    REQUIRE(parse_options(pi, 2, o, error));
    CHECK(o.corraldead == 2);
    CHECK(o.cdbudget == 50);
    const solver_option on[] = {{"corraldead", "on"}};
    REQUIRE(parse_options(on, 1, o, error));
    CHECK(o.corraldead == 1);
    REQUIRE(parse_options(nullptr, 0, o, error));
    CHECK(o.corraldead == 3); // fess0 by default
    CHECK(o.cdbudget == 2000);
    CHECK(o.areatree); // on by default
    const solver_option flood[] = {{"areatree", "off"}};
    REQUIRE(parse_options(flood, 1, o, error));
    CHECK_FALSE(o.areatree);
    for (const solver_option bad : {solver_option{"corraldead", "yes"}, solver_option{"cdbudget", "0"},
                                    solver_option{"cdbudget", "x"}, solver_option{"areatree", "both"}}) {
        CHECK_FALSE(parse_options(&bad, 1, o, error));
        CHECK(error.find(bad.key) != std::string::npos);
    }
}

TEST_CASE("Sokoban.CorralDead.CutTriggerFindsTheFloodsCorral") {
    // Every single push from the states of a breadth-first search (XSokoban and Microban levels,
    // many corrals): the corral found from the parent area's tree (areatree=on) is the one
    // the flood finds, cell for cell, and so is the answer. The tree is built once per parent.
    const std::string xsb = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    size_t compared = 0, with_corral = 0, builds = 0, parents = 0, answers = 0, by_labels = 0, searched = 0;
    for (const auto &level : std::vector<std::pair<const std::string *, uint32_t>>{
             {&xsb, 1}, {&xsb, 2}, {&xsb, 4}, {&xsb, 11}, {&xsb, 20}, {&xsb, 29}, {&xsb, 50},
             {&micro, 12}, {&micro, 42}, {&micro, 93}, {&micro, 153}}) {
        INFO("level " << level.second);
        sokoban_test::Fixture fx(*level.first);
        init_instance(fx.inst, sokoban_test::parse_ok(*level.first, level.second), Options{});
        init_scratch(fx.inst, fx.scratch);
        const Board &b = fx.inst.board;
        CorralDeadScratch cut, flood;
        AreaTree tree;
        tree.init(b.n);
        cut.init(b);
        flood.init(b);
        flood.cut_trigger = false;
        std::vector<std::vector<uint8_t>> queue{fx.initial()};
        std::set<std::vector<uint8_t>> seen{queue[0]};
        for (size_t head = 0; head < queue.size() && head < 400; ++head) {
            const std::vector<uint8_t> parent = queue[head];
            const int player = unpack_state(fx.inst, fx.scratch, parent.data());
            normalize_player(fx.inst, fx.scratch, player); // the parent's area: s.seen == s.seen_stamp
            CorralScratch corrals; // the parent's corrals, labelled as expand_state has them
            corrals.init(b.n);
            std::vector<int> allowed;
            find_pi_corral(b, fx.inst.dead.data(), fx.scratch.occ.data(), fx.scratch.seen.data(), fx.scratch.seen_stamp,
                           corrals, allowed);
            const ParentArea area{fx.scratch.seen.data(), fx.scratch.seen_stamp, player, -1, &tree, &corrals};
            tree.valid = false;
            const uint64_t before = tree.builds;
            std::vector<uint8_t> occ = fx.scratch.occ;
            for (int box : std::vector<int>(fx.scratch.boxes))
                for (int d = 0; d < 4; ++d) {
                    const int to = b.nb[box][d], behind = b.nb[box][opposite(d)];
                    if (to < 0 || occ[to] || !b.boxable[to] || behind < 0 || area.reach[behind] != area.stamp)
                        continue;
                    occ[box] = 0;
                    occ[to] = 1;
                    ParentArea a = area;
                    a.box = box;
                    cut.corral.clear();
                    flood.corral.clear();
                    const uint64_t labels = cut.label_answers;
                    const bool r_cut = corral_deadlock(b, fx.inst.dead.data(), occ.data(), to, box, cut, nullptr, &a);
                    std::vector<int> c1 = cut.corral;
                    const bool r_flood = corral_deadlock(b, fx.inst.dead.data(), occ.data(), to, box, flood, nullptr, &a);
                    std::vector<int> c2 = flood.corral;
                    occ[to] = 0;
                    occ[box] = 1;
                    CHECK(r_cut == r_flood);
                    // The boxes searched (or looked up) are the same; the labels' path lists no cells.
                    REQUIRE(cut.last_count == flood.last_count);
                    std::vector<int> k1(cut.last_boxes, cut.last_boxes + std::max(0, cut.last_count));
                    std::vector<int> k2(flood.last_boxes, flood.last_boxes + std::max(0, flood.last_count));
                    std::sort(k1.begin(), k1.end());
                    std::sort(k2.begin(), k2.end());
                    CHECK(k1 == k2);
                    if (cut.label_answers == labels) {
                        std::sort(c1.begin(), c1.end());
                        std::sort(c2.begin(), c2.end());
                        CHECK(c1 == c2);
                    } else {
                        ++by_labels;
                    }
                    ++compared;
                    with_corral += !c2.empty();
                    searched += flood.last_count > 0;
                }
            builds += tree.builds - before;
            answers += cut.cut_answers;
            cut.cut_answers = 0;
            CHECK(tree.builds - before <= 1);
            ++parents;
            for (const auto &kid : sokoban_test::children(fx.inst, fx.scratch, parent))
                if (kid.h != H_DEAD && seen.insert(kid.state).second) queue.push_back(kid.state);
        }
    }
    MESSAGE("pushes compared " << compared << ", with a corral " << with_corral << " (" << searched
                               << " with a corral to search), by the labels " << by_labels << ", trees " << builds
                               << " for " << parents << " parents");
    CHECK(by_labels > 100);
    CHECK(searched > 100);
    CHECK(with_corral > 100);
    CHECK(builds > 0);
    CHECK(answers > 100); // the tree, not the flood, answered these
}

TEST_CASE("Sokoban.CorralDead.MembersOption") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(Options{}.cdmembers == 0xffu); // all by default
    CHECK(parsed("cdmembers", "all").cdmembers == 0xffu);
    CHECK(parsed("cdmembers", "none").cdmembers == 0u);
    CHECK(parsed("cdmembers", "fess0").cdmembers == CD_FESS0);
    CHECK(parsed("cdmembers", "fess0+plan0+engine").cdmembers == (CD_FESS0 | CD_PLAN0 | CD_ENGINE));
    CHECK(parsed("cdmembers", "astar+greedy+fess1+plan1+rest").cdmembers ==
          (CD_ASTAR | CD_GREEDY | CD_FESS1 | CD_PLAN1 | CD_REST));
    for (const char *bad : {"", "fess2", "fess0+", "+fess0", "fess0,plan0", "on"})
        CHECK(refused("cdmembers", bad).find("cdmembers") != std::string::npos);
    Options o;
    o.corraldead = 2;
    o.cdmembers = CD_GREEDY | CD_FESS0;
    CHECK(corraldead_mode(o, CD_GREEDY) == 2);
    CHECK(corraldead_mode(o, CD_FESS0) == 2);
    CHECK(corraldead_mode(o, CD_ASTAR) == 0);
    CHECK(corraldead_mode(o, CD_ENGINE) == 0);
    // corraldead=fess0: on (1) for thread 0's FESS member and plan mate only, cdmembers ignored.
    Options f = parsed("corraldead", "fess0");
    CHECK(f.corraldead == 3);
    f.cdmembers = CD_GREEDY;
    CHECK(corraldead_mode(f, CD_FESS0) == 1);
    CHECK(corraldead_mode(f, CD_PLAN0) == 1);
    for (uint32_t m : {CD_ENGINE, CD_ASTAR, CD_GREEDY, CD_FESS1, CD_PLAN1, CD_REST}) CHECK(corraldead_mode(f, m) == 0);
}

TEST_CASE("Sokoban.CorralDead.MembersRunTheTestOrNot") {
    // The runtime's engines (member `engine`): the push that closes DEAD_CORRAL's corral is
    // pruned only when cdmembers names them.
    const std::string &before = BEFORE_DEAD_CORRAL;
    Options on;
    on.localdead = false;
    on.corraldead = 1;
    Options others = on;
    others.cdmembers = 0xffu & ~CD_ENGINE;
    sokoban_test::Fixture a(before, on), b(before, others);
    CHECK(a.scratch.corraldead.mode == 1);
    CHECK(b.scratch.corraldead.mode == 0);
    CHECK(sokoban_test::children(b.inst, b.scratch, b.initial()).size() ==
          sokoban_test::children(a.inst, a.scratch, a.initial()).size() + 2);
    // The portfolio's members: thread 1 runs alone first (sequential stub) and solves; with
    // fess1after=0 its FESS member runs from the start and its greedy search never expands, with
    // fess=off greedy alone. The shared table holds entries only when the member that ran tests.
    const std::string xsb = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    auto entries = [&](std::vector<solver_option> options) -> size_t {
        options.push_back({"corraldead", "on"});
        Options o;
        std::string error;
        REQUIRE_MESSAGE(parse_options(options.data(), options.size(), o, error), error);
        Instance inst;
        init_instance(inst, sokoban_test::parse_ok(xsb, 1), o);
        sokoban_test::StubRuntime rt(2, true);
        uint64_t cost = 0;
        std::string message;
        REQUIRE(portfolio_solve(inst, &rt.services, &cost, message) == SOLVER_OK);
        REQUIRE(inst.corraldead_cache);
        return inst.corraldead_cache->size();
    };
    CHECK(entries({{"fess1after", "0"}, {"cdmembers", "fess1"}}) > 0);
    CHECK(entries({{"fess1after", "0"}, {"cdmembers", "engine+astar+greedy+fess0+plan0+plan1+rest"}}) == 0);
    CHECK(entries({{"fess", "off"}, {"cdmembers", "greedy"}}) > 0);
    CHECK(entries({{"fess", "off"}, {"cdmembers", "engine+astar+fess0+plan0+fess1+plan1+rest"}}) == 0);
}

namespace {
// cdextend (session 21), the pocket kind of XSokoban 28: the one-cell corral (3, 2) has the
// boxes (2, 2) above it and (3, 3) beside it; the box (2, 3), beside both but not beside the
// corral, is what holds them: without it the box (3, 3) goes up to (2, 3) (from (4, 3)) and the
// player walks into the corral, so the corral's own boxes are not dead. With it nothing can move
// but into the corral cell, a dead square. No box is frozen (the goal on row 1 keeps (1, 2)
// live, and the box (3, 3) has an open, live cell on its right).
const std::string POCKET_DEAD = "########\n"
                                "#@    .#\n"
                                "##$$## #\n"
                                "## $   #\n"
                                "###    #\n"
                                "###..  #\n"
                                "########\n";

// Live: the corral cell is a goal and the two boxes of the ring stand on goals; the box above
// the corral goes down into it and the level is solved (the ring is searched and says alive).
const std::string POCKET_LIVE = "########\n"
                                "#@     #\n"
                                "##$*## #\n"
                                "##.*   #\n"
                                "###    #\n"
                                "###    #\n"
                                "########\n";

} // namespace

TEST_CASE("Sokoban.CorralDead.ExtendOption") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    // The default (session 22): fess0, the ring as 4all for thread 0's FESS member only.
    CHECK(Options{}.cdextend == 4);
    CHECK(Options{}.cdextendall);
    CHECK(Options{}.cdextfess0);
    CHECK(cdextend_of(Options{}, CD_FESS0) == 4);
    for (uint32_t other : {CD_ENGINE, CD_ASTAR, CD_GREEDY, CD_PLAN0, CD_FESS1, CD_PLAN1, CD_REST})
        CHECK(cdextend_of(Options{}, other) == 0);
    CHECK(parsed("cdextend", "fess0").cdextfess0);
    CHECK(cdextend_of(parsed("cdextmembers", "all"), CD_PLAN0) == 0); // fess0 whatever cdextmembers says
    CHECK(parsed("cdextend", "off").cdextend == 0);
    CHECK_FALSE(parsed("cdextend", "4").cdextfess0);
    CHECK(parsed("cdextend", "4").cdextend == 4);
    CHECK(parsed("cdextend", "8").cdextend == 8);
    CHECK_FALSE(parsed("cdextend", "8").cdextendall);
    CHECK(parsed("cdextend", "4all").cdextend == 4);
    CHECK(parsed("cdextend", "4all").cdextendall);
    CHECK(parsed("cdextend", "8all").cdextend == 8);
    CHECK(parsed("cdextend", "8all").cdextendall);
    for (const char *bad : {"", "on", "2", "44", "all", "4ALL"})
        CHECK(refused("cdextend", bad).find("cdextend") != std::string::npos);
    Options o;
    o.cdextend = 8;
    o.cdextendall = true;
    o.cdextfess0 = false;
    sokoban_test::Fixture fx(POCKET_DEAD, o);
    CHECK(fx.scratch.corraldead.extend == 8);
    CHECK(fx.scratch.corraldead.extend_after_search);
    // cdextmembers (session 22): the searches that run the ring; the others the plain test.
    CHECK(Options{}.cdextmembers == 0xff);
    const Options fess0 = parsed("cdextmembers", "fess0");
    CHECK(fess0.cdextmembers == CD_FESS0);
    CHECK(cdextend_of(parsed("cdextend", "4all"), CD_PLAN0) == 4);
    Options only = fess0;
    only.cdextend = 4;
    only.cdextfess0 = false; // as after cdextend=4
    CHECK(cdextend_of(only, CD_FESS0) == 4);
    CHECK(cdextend_of(only, CD_PLAN0) == 0);
    CHECK(refused("cdextmembers", "fess").find("cdextmembers") != std::string::npos);
    o.cdextmembers = CD_FESS0; // the runtime's engine is not named: the plain test
    sokoban_test::Fixture plain(POCKET_DEAD, o);
    CHECK(plain.scratch.corraldead.extend == 0);
}

TEST_CASE("Sokoban.CorralDead.ExtendFindsThePocket") {
    sokoban_test::Fixture fx(POCKET_DEAD);
    std::vector<uint8_t> st = fx.initial();
    unpack_state(fx.inst, fx.scratch, st.data());
    for (const auto &rc : {std::pair<int, int>{2, 2}, {2, 3}, {3, 3}})
        CHECK_FALSE(freeze_deadlock(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.cell(rc.first, rc.second)));
    // The corral's own boxes are not searched (the box (3, 3) can be pushed up out of the
    // corral); with the ring (4 or 8) it cannot, and they are dead, from either of them.
    CorralDeadScratch stats;
    CHECK_FALSE(corral_dead_at(fx, 3, 3, nullptr, &stats, 0));
    CHECK(stats.last_count == -1);
    for (int extend : {4, 8}) {
        INFO("cdextend=" << extend);
        CHECK(corral_dead_at(fx, 3, 3, nullptr, &stats, extend));
        CHECK(stats.ext_deadlocks == 1);
        CHECK(stats.last_count == 3);
        CHECK(corral_dead_at(fx, 2, 2, nullptr, nullptr, extend));
    }
    // The ring's box itself borders no corral: no test.
    CHECK_FALSE(corral_dead_at(fx, 2, 3, nullptr, nullptr, 4));
    // It is really lost: the exhaustive search with every deadlock test off finds nothing.
    const sokoban_test::Solved off = sokoban_test::table_solve(
        POCKET_DEAD, 1, {{"corraldead", "off"}, {"localdead", "off"}, {"corral", "off"}}, 100000, 1, 1);
    CHECK_FALSE(off.ok);
    // The live variant: not pruned, and solved with the test on (the verifier replays it).
    sokoban_test::Fixture live(POCKET_LIVE);
    CHECK_FALSE(corral_dead_at(live, 3, 3, nullptr, &stats, 4));
    CHECK(stats.last_count == 3);
    const sokoban_test::Solved on =
        sokoban_test::table_solve(POCKET_LIVE, 1, {{"corraldead", "on"}, {"cdextend", "4"}}, 100000, 1, 1);
    REQUIRE(on.ok);
    sokoban_test::check_replays(POCKET_LIVE, 1, on);
}

TEST_CASE("Sokoban.CorralDead.ExtendSolvesMicroban") {
    // Microban levels with the test and its ring on: solved, each solution replayed by the
    // verifier, the fewest pushes kept (A*, the admissible matching).
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {3u, 12u, 63u}) {
        INFO("Microban level " << level);
        size_t ext_total = 0, off_total = 0;
        sokoban_test::same_fewest_pushes(micro, level, {{"corraldead", "on"}, {"cdextend", "4all"}},
                                         {{"corraldead", "off"}}, ext_total, off_total);
    }
}

TEST_CASE("Sokoban.CorralDead.ExtendPrunesOnlyDeadStates") {
    // Breadth-first over Microban levels; every child that the ring's search calls dead and the
    // plain test does not is searched exhaustively (all techniques but this one on): no solution
    // may be reachable.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Options o;
    o.corraldead = 0;
    const size_t proven = sokoban_test::pruned_states_proven_dead(
        micro, {7u, 10u, 36u, 53u}, o, [](sokoban_test::Fixture &fx) {
            auto plain = std::make_shared<CorralDeadScratch>(), ext = std::make_shared<CorralDeadScratch>();
            plain->init(fx.inst.board);
            ext->init(fx.inst.board);
            ext->extend = 4;
            ext->extend_after_search = true;
            return [&fx, plain, ext](int to, int player) {
                const uint8_t *occ = fx.scratch.occ.data();
                return corral_deadlock(fx.inst.board, fx.inst.dead.data(), occ, to, player, *ext, nullptr) &&
                       !corral_deadlock(fx.inst.board, fx.inst.dead.data(), occ, to, player, *plain, nullptr);
            };
        });
    MESSAGE("pruned states proven dead: " << proven);
    CHECK(proven >= 20); // 10, 1, 10 and 6 (of levels 1-60 only these four have any)
}
