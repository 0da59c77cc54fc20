// corral_test.cc -- PI-corral pruning: restriction, corral deadlock, corrals that do not
// qualify, solved corrals.
#include <doctest/doctest.h>

#include <algorithm>

#include "../../plugins/sokoban/corral.h"
#include "test_util.h"

using namespace sokoban;

namespace {
struct Result {
    CorralVerdict verdict;
    std::vector<int> allowed;
};
Result corral_of(sokoban_test::Fixture &fx) {
    std::vector<uint8_t> st = fx.initial();
    const int player = unpack_state(fx.inst, fx.scratch, st.data());
    normalize_player(fx.inst, fx.scratch, player); // floods the player's area into scratch.seen
    Result r{CorralVerdict::none, {}};
    r.verdict = find_pi_corral(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(), fx.scratch.seen.data(),
                               fx.scratch.seen_stamp, fx.scratch.corral, r.allowed);
    return r;
}
Options corral(bool on) {
    Options o;
    o.corral = on;
    return o;
}
} // namespace

TEST_CASE("Sokoban.Corral.DoorwayMustBeOpenedFirst") {
    // The right room holds an empty goal behind the box in the doorway: only pushing that box
    // in is expanded, not the box in the player's room.
    const std::string map = "#########\n"
                            "#   #   #\n"
                            "#   #   #\n"
                            "# $@$ . #\n"
                            "#   # . #\n"
                            "#########";
    sokoban_test::Fixture fx(map);
    const Result r = corral_of(fx);
    CHECK(r.verdict == CorralVerdict::restrict);
    REQUIRE(r.allowed.size() == 1);
    CHECK(r.allowed[0] == fx.cell(3, 4) * 4 + DIR_RIGHT);
    std::vector<uint8_t> s = fx.initial();
    const auto on = sokoban_test::children(fx.inst, fx.scratch, s);
    REQUIRE(on.size() == 1);
    CHECK(on[0].move == static_cast<uint32_t>(fx.cell(3, 4) * 4 + DIR_RIGHT));
    sokoban_test::Fixture off(map, corral(false));
    std::vector<uint8_t> s2 = off.initial();
    const auto kids = sokoban_test::children(off.inst, off.scratch, s2);
    REQUIRE(kids.size() == 3); // the left box up or right, the doorway box right
    CHECK(kids[0].move == static_cast<uint32_t>(off.cell(3, 2) * 4 + DIR_UP));
    CHECK(kids[1].move == static_cast<uint32_t>(off.cell(3, 2) * 4 + DIR_RIGHT));
    CHECK(kids[2].move == static_cast<uint32_t>(off.cell(3, 4) * 4 + DIR_RIGHT));
}

TEST_CASE("Sokoban.Corral.PocketWithOneWayIn") {
    // The pocket {(1,1) goal, (1,2)} is closed by two boxes; (1,2) is a dead square, so the
    // only push that matters is the left box up into the goal.
    const std::string map = "#####\n"
                            "#. ##\n"
                            "#$$ #\n"
                            "# @.#\n"
                            "#####";
    sokoban_test::Fixture fx(map);
    const Result r = corral_of(fx);
    CHECK(r.verdict == CorralVerdict::restrict);
    REQUIRE(r.allowed.size() == 1);
    CHECK(r.allowed[0] == fx.cell(2, 1) * 4 + DIR_UP);
}

TEST_CASE("Sokoban.Corral.DeadlockWhenNoPushCanEnter") {
    // As above but nothing can stand below the left box: the goal can never be filled.
    const std::string map = "#####\n"
                            "#. ##\n"
                            "#$$.#\n"
                            "## @#\n"
                            "#####";
    sokoban_test::Fixture fx(map);
    CHECK(corral_of(fx).verdict == CorralVerdict::dead);
    std::vector<uint8_t> s = fx.initial();
    CHECK(sokoban_test::children(fx.inst, fx.scratch, s).empty());
}

TEST_CASE("Sokoban.Corral.NotPiWhenABoxCanLeaveSideways") {
    // The goal in the middle is closed by four boxes, but each can also be pushed sideways.
    const std::string map = "#######\n"
                            "#@    #\n"
                            "#  $  #\n"
                            "# $.$ #\n"
                            "#  $  #\n"
                            "#...  #\n"
                            "#######";
    sokoban_test::Fixture fx(map);
    CHECK(corral_of(fx).verdict == CorralVerdict::none);
}

TEST_CASE("Sokoban.Corral.SolvedCorralIsIgnored") {
    // The cell right of the box on its goal is a corral, but nothing there needs to change.
    sokoban_test::Fixture fx("#######\n#.@$* #\n#######");
    CHECK(corral_of(fx).verdict == CorralVerdict::none);
}

TEST_CASE("Sokoban.Corral.KeepsOptimalLengths") {
    // Pruning only reorders pushes: A* (admissible matching) finds the same fewest pushes.
    for (const char *name : {"puzzles/sokoban/course/09.txt", "puzzles/sokoban/course/19.txt",
                             "puzzles/sokoban/course/20.txt"}) {
        INFO(name);
        const std::string text = sokoban_test::read_text(name);
        const auto on = sokoban_test::table_solve(text, 1, {}, 300000, 1, 1);
        const auto off = sokoban_test::table_solve(text, 1, {{"corral", "off"}}, 300000, 1, 1);
        REQUIRE(on.ok);
        REQUIRE(off.ok);
        CHECK(on.pushes == off.pushes);
        CHECK(on.expanded <= off.expanded);
    }
}

TEST_CASE("Sokoban.Corral.MergedCorrals") {
    // Two corrals beside each other: the right box could be pushed from the far corral into the
    // near one, so the near corral alone is not PI; merged, only the left box's push remains.
    sokoban_test::Fixture fx("#######\n#@$.* #\n#######");
    const Result r = corral_of(fx);
    CHECK(r.verdict == CorralVerdict::restrict);
    REQUIRE(r.allowed.size() == 1);
    CHECK(r.allowed[0] == fx.cell(1, 2) * 4 + DIR_RIGHT);
}

TEST_CASE("Sokoban.Corral.ResumedScanEqualsRescan") {
    // pimerge=resume (the default) goes on scanning the pushes where a merge was asked for
    // instead of from the first box again: the verdict and the pushes (in order) must be the
    // rescan's. Walk a few hundred states of maps with many corrals (XSokoban 29's goal room,
    // Microban 153's goal column, the course maps) and compare every one.
    const std::pair<const char *, uint32_t> maps[] = {{"puzzles/sokoban/xsokoban_90.xsb", 29},
                                                      {"puzzles/sokoban/xsokoban_90.xsb", 11},
                                                      {"puzzles/sokoban/microban_155.xsb", 153},
                                                      {"puzzles/sokoban/course/23.txt", 1}};
    uint64_t merges = 0, restricted = 0;
    for (const auto &m : maps) {
        INFO(std::string(m.first) << " level " << m.second);
        sokoban_test::Fixture fx("#####\n#@$.#\n#####");
        fx.inst = Instance{};
        init_instance(fx.inst, sokoban_test::parse_ok(sokoban_test::read_text(m.first), m.second), Options{});
        init_scratch(fx.inst, fx.scratch);
        CorralScratch once, again; // the search's own scratch also runs it, in children()
        once.init(fx.inst.board.n);
        again.init(fx.inst.board.n);
        std::set<std::vector<uint8_t>> seen{fx.initial()};
        std::vector<std::vector<uint8_t>> queue{fx.initial()};
        for (size_t q = 0; q < queue.size() && q < 400; ++q) {
            const int player = unpack_state(fx.inst, fx.scratch, queue[q].data());
            normalize_player(fx.inst, fx.scratch, player); // the player's area into scratch.seen
            std::vector<int> resumed, rescanned;
            const CorralVerdict v1 = find_pi_corral(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(),
                                                    fx.scratch.seen.data(), fx.scratch.seen_stamp, once, resumed);
            const CorralVerdict v2 = find_pi_corral(fx.inst.board, fx.inst.dead.data(), fx.scratch.occ.data(),
                                                    fx.scratch.seen.data(), fx.scratch.seen_stamp, again, rescanned,
                                                    true);
            REQUIRE(v1 == v2);
            if (v1 == CorralVerdict::restrict) {
                CHECK(resumed == rescanned);
                ++restricted;
            }
            for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, queue[q]))
                if (seen.insert(k.state).second) queue.push_back(k.state);
        }
        CHECK(once.merges == again.merges);
        merges += once.merges;
    }
    CHECK(merges > 100);    // the resumed scans were exercised
    CHECK(restricted > 50); // and so were restrictions
}
