// learn41_test.cc -- learned deadlock patterns (learn.h): a probe shrinks its proof to the boxes
// that cause it, every probe's verdict and every pattern's match is dead by an exhaustive search,
// no state of a solution is ever called dead, and the table under threads that add and ask at once.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <thread>

#include "../../plugins/sokoban/learn.h"
#include "test_util.h"

using namespace sokoban;

namespace {
// Microban 3's lost position (localdead_test.cc): the player shut in on the right by the two boxes
// it last pushed; on the right a third box that can still reach the goal below it.
const std::string SHUT_IN_PLUS = "  ####   \n"
                                 "###  ####\n"
                                 "#  $$@  #\n"
                                 "# #  #$ #\n"
                                 "# . .#. #\n"
                                 "#########\n";

int count_cells(const LearnedPattern &p) { return static_cast<int>(p.cells.size()); }
} // namespace

TEST_CASE("Sokoban.Learn.ShrinksToTheTwoBoxesThatShutThePlayerIn") {
    Options o;
    o.learn = 1;
    // The other deadlock tests off: the expansion's children below are pruned by the table alone.
    o.localdead = o.corral = o.roomfill = o.frozengoals = false;
    sokoban_test::Fixture fx(SHUT_IN_PLUS, o);
    REQUIRE(fx.inst.learned);
    LearnedTable &table = *fx.inst.learned;
    std::vector<uint8_t> st = fx.initial();
    const int player = unpack_state(fx.inst, fx.scratch, st.data());
    std::vector<int> boxes = fx.scratch.boxes;
    LearnScratch ls;
    ls.init(fx.inst.board);
    // The three boxes: dead. The lone right box: alive (one push down). Its pair alone: dead.
    CHECK(learn_prove(fx.inst.board, fx.inst.dead.data(), boxes.data(), 3, player, 10000, ls) == 1);
    const int right = fx.cell(3, 6);
    CHECK(learn_prove(fx.inst.board, fx.inst.dead.data(), &right, 1, player, 10000, ls) == 0);
    CHECK(learn_probe(fx.inst.board, fx.inst.dead.data(), boxes.data(), 3, player, 10000, 1000, ls, table));
    REQUIRE(table.size() == 1u);
    CHECK(ls.learned == 1u);
    // The pattern is the pair; the third box stays out of it.
    std::vector<uint8_t> occ(static_cast<size_t>(fx.inst.board.n), 0);
    occ[static_cast<size_t>(fx.cell(2, 3))] = occ[static_cast<size_t>(fx.cell(2, 4))] = 1;
    CHECK(table.dead(occ.data(), fx.cell(2, 4), player));
    CHECK(table.dead(occ.data(), fx.cell(2, 3), player));
    CHECK_FALSE(table.dead(occ.data(), fx.cell(3, 6), player)); // no pattern holds that cell
    // The player on the other side of the pair (left of it): not this pattern's region.
    CHECK_FALSE(table.dead(occ.data(), fx.cell(2, 4), fx.cell(2, 1)));
    // The same position asked again: covered by the table, nothing searched.
    const uint64_t expanded = ls.expanded;
    CHECK(learn_probe(fx.inst.board, fx.inst.dead.data(), boxes.data(), 3, player, 10000, 1000, ls, table));
    CHECK(ls.expanded == expanded);
    CHECK(table.size() == 1u);
    // The expansion asks the table only for a search that learns (Scratch::learn_use), and only
    // for the patterns holding the pushed box: one push before, the right box of the pair one
    // cell further right and the player beside it; pushing it left makes the pattern.
    const std::string before_push = "  ####   \n"
                                    "###  ####\n"
                                    "#  $ $@ #\n"
                                    "# #  #$ #\n"
                                    "# . .#. #\n"
                                    "#########\n";
    sokoban_test::Fixture fy(before_push, o);
    REQUIRE(fy.inst.learned);
    const int shut[] = {fy.cell(2, 3), fy.cell(2, 4), fy.cell(3, 6)};
    CHECK(learn_probe(fy.inst.board, fy.inst.dead.data(), shut, 3, fy.cell(2, 5), 10000, 1000, fy.scratch.learn,
                      *fy.inst.learned));
    REQUIRE(fy.inst.learned->size() == 1u);
    const std::vector<uint8_t> parent = fy.initial();
    fy.scratch.learn_use = false;
    const size_t all = sokoban_test::children(fy.inst, fy.scratch, parent).size();
    fy.scratch.learn_use = true;
    const size_t kept = sokoban_test::children(fy.inst, fy.scratch, parent).size();
    CHECK(kept + 1 == all);
    CHECK(fy.scratch.learn.pruned == 1u);
    // And it is really lost: the exhaustive search with every deadlock test but this one finds
    // no solution.
    const sokoban_test::Solved off = sokoban_test::table_solve(SHUT_IN_PLUS, 1, {{"learn", "off"}}, 100000, 1, 1);
    CHECK_FALSE(off.ok);
}

TEST_CASE("Sokoban.Learn.LiveStartsAreNeverPatterns") {
    // A position with every box of the probe on goals is alive; a probe of a solvable level's
    // start proves nothing and adds nothing.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {1u, 2u, 3u, 5u, 12u, 42u}) {
        INFO("level " << level);
        Options o;
        o.learn = 1;
        sokoban_test::Fixture fx(micro, o);
        init_instance(fx.inst, sokoban_test::parse_ok(micro, level), o);
        init_scratch(fx.inst, fx.scratch);
        REQUIRE(fx.inst.learned);
        std::vector<uint8_t> st = fx.initial();
        const int player = unpack_state(fx.inst, fx.scratch, st.data());
        std::vector<int> boxes = fx.scratch.boxes;
        CHECK_FALSE(learn_probe(fx.inst.board, fx.inst.dead.data(), boxes.data(), static_cast<int>(boxes.size()), player,
                                20000, 1000, fx.scratch.learn, *fx.inst.learned));
        CHECK(fx.inst.learned->size() == 0u);
    }
}

TEST_CASE("Sokoban.Learn.EveryVerdictIsDead") {
    // Breadth-first over Microban levels with learning off; each child is probed (its patterns
    // go into one table per level), and every child the probe or a stored pattern calls dead is
    // searched exhaustively by the plugin's own expansion: no goal may be reachable from it.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Options o;
    o.learn = 0;
    size_t learned = 0, by_table = 0;
    const size_t proven = sokoban_test::pruned_states_proven_dead(
        micro, {1u, 2u, 3u, 4u, 6u, 8u, 12u, 20u, 42u}, o,
        [&](sokoban_test::Fixture &fx) {
            auto table = std::make_shared<LearnedTable>(fx.inst.board.n, 100000);
            auto ls = std::make_shared<LearnScratch>();
            ls->init(fx.inst.board);
            return [&fx, table, ls, &learned, &by_table](int to, int player) {
                if (table->dead(fx.scratch.occ.data(), to, player)) {
                    ++by_table;
                    return true;
                }
                const size_t before = table->size();
                const bool dead = learn_probe(fx.inst.board, fx.inst.dead.data(), fx.scratch.boxes.data(),
                                              static_cast<int>(fx.scratch.boxes.size()), player, 2000, 300, *ls, *table);
                learned += table->size() - before;
                return dead;
            };
        },
        25);
    MESSAGE("dead verdicts proven by exhaustion: " << proven << ", patterns learned " << learned
                                                   << ", verdicts from the table " << by_table);
    CHECK(proven >= 40);
    CHECK(learned >= 10);
    CHECK(by_table >= 5); // patterns caught other positions than the ones they came from
}

TEST_CASE("Sokoban.Learn.PortfolioProbesAndSolves") {
    // The portfolio with learning on and a high rate, so that it probes often:
    // solved, the line replayed by the verifier; on XSokoban 1 and Microban levels.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::string xs = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    for (uint32_t level : {100u, 101u}) {
        INFO("microban " << level);
        sokoban_test::StubRuntime rt(2);
        sokoban_test::portfolio_solves_and_replays(micro, level, {{"learn", "on"}, {"learnrate", "200"}, {"learnbudget", "500"}}, rt);
        CHECK(rt.log.find("portfolio: learn: ") != std::string::npos);
    }
    // XSokoban 1 at that rate makes probes, and its portfolio log says how many.
    sokoban_test::StubRuntime rt(2);
    sokoban_test::portfolio_solves_and_replays(xs, 1, {{"learn", "on"}, {"learnrate", "200"}, {"learnbudget", "500"}}, rt);
    const size_t at = rt.log.find("portfolio: learn: ");
    REQUIRE(at != std::string::npos);
    CHECK(std::strtoull(rt.log.c_str() + at + 18, nullptr, 10) > 0u);
}

TEST_CASE("Sokoban.Learn.TableUnderThreads") {
    // Every thread adds its own patterns (two cells each, cells t and t + 1000 + k) while all of
    // them ask the table; a pattern once seen must be whole (its both cells, its region), and
    // after the join every pattern is found by its cells and by nothing less.
    const int threads = 4, per = 500, cells = 4000;
    LearnedTable table(cells, static_cast<size_t>(threads * per));
    std::atomic<int> bad{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            std::vector<uint8_t> occ(static_cast<size_t>(cells), 1);
            for (int k = 0; k < per; ++k) {
                LearnedPattern p;
                const int a = t, b = 100 + t * per + k;
                p.cells = {static_cast<uint16_t>(a), static_cast<uint16_t>(b)};
                p.region.assign((cells + 63) / 64, 0);
                p.region[static_cast<size_t>(b) >> 6] |= uint64_t{1} << (b & 63);
                if (!table.add(std::move(p))) bad.fetch_add(1);
                // Ask for another thread's newest patterns as they come.
                const int other = (t + 1) % threads;
                for (int j = 0; j < 4; ++j) {
                    const int bb = 100 + other * per + (k + j) % per;
                    (void)table.dead(occ.data(), other, bb); // found or not yet: no tearing either way
                    if (table.dead(occ.data(), bb, bb) && !table.dead(occ.data(), other, bb)) bad.fetch_add(1);
                }
                if (!table.dead(occ.data(), a, b) || !table.dead(occ.data(), b, b)) bad.fetch_add(1);
            }
        });
    for (auto &th : pool) th.join();
    CHECK(bad.load() == 0);
    CHECK(table.size() == static_cast<size_t>(threads * per));
    std::vector<uint8_t> occ(static_cast<size_t>(cells), 1);
    for (int t = 0; t < threads; ++t)
        for (int k = 0; k < per; ++k) {
            const int b = 100 + t * per + k;
            CHECK(table.dead(occ.data(), b, b));
            occ[static_cast<size_t>(t)] = 0;
            CHECK_FALSE(table.dead(occ.data(), b, b)); // one of its boxes missing
            occ[static_cast<size_t>(t)] = 1;
            CHECK_FALSE(table.dead(occ.data(), b, b + 1 < cells ? b + 1 : b - 1)); // player outside the region
        }
    // Full: no more patterns.
    LearnedPattern extra;
    extra.cells = {1, 2};
    extra.region.assign((cells + 63) / 64, ~uint64_t{0});
    CHECK_FALSE(table.add(std::move(extra)));
    (void)count_cells;
}
