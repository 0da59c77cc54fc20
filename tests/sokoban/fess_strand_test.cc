// fess_strand_test.cc -- the stranded count (strand.h, session 26) and FESS's option for it
// (fessstrand=off|on|cell, fess.h): the option, the count on small positions against a hand
// count (a goal box in a doorway as a wall, the player shut out of a box's room), the cache of
// the reaches, and FESS's solutions with it on replayed by the checker.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/strand.h"

namespace {

// Two rooms joined by one doorway, (5,3), a goal with a box on it; the other goal, (2,3), is
// in the upper room with the other box, (3,4), which reaches it: pushed left from (3,5), then
// up from (4,3).
const std::string kDoorway = "########\n"
                             "#      #\n"
                             "#  .   #\n"
                             "#   $  #\n"
                             "#      #\n"
                             "###*####\n"
                             "#      #\n"
                             "#@     #\n"
                             "########\n";

// The same rooms, the free goal below the doorway: the upper box must pass the doorway.
const std::string kBelow = "########\n"
                           "#      #\n"
                           "#      #\n"
                           "#   $  #\n"
                           "#      #\n"
                           "###*####\n"
                           "#  .   #\n"
                           "#@     #\n"
                           "########\n";

uint32_t count(const sokoban::Board &b, const std::vector<uint8_t> &occ, const uint8_t *fixed, int player,
               sokoban::StrandScratch &s) {
    return sokoban::strand_count(b, nullptr, occ.data(), fixed, player, s);
}

std::vector<uint8_t> boxes_of(const sokoban::Board &b) {
    std::vector<uint8_t> occ(b.n, 0);
    for (int c : b.start_boxes) occ[c] = 1;
    return occ;
}

} // namespace

TEST_CASE("Sokoban.FessStrand.OptionParses") {
    CHECK(sokoban::Options{}.fessstrand == 0); // off by default (session 26: no level won)
    sokoban_test::check_choices("fessstrand", &sokoban::Options::fessstrand, {{"off", 0}, {"on", 1}, {"cell", 2}},
                                {"1", "prune", ""});
}

TEST_CASE("Sokoban.FessStrand.AGoalBoxInTheDoorwayStrandsTheBoxBeyondIt") {
    sokoban_test::Fixture fx(kBelow);
    const sokoban::Board &b = fx.inst.board;
    const std::vector<uint8_t> occ = boxes_of(b);
    sokoban::StrandScratch s;
    // Every goal box a wall (fixed null): the doorway is shut, the upper box reaches no goal.
    CHECK(count(b, occ, nullptr, -1, s) == 1);
    // No goal box a wall: the doorway box keeps its goal, the upper one is pushed down from
    // (2,3) through the doorway onto (6,3) (the count is the unmatched boxes: none).
    std::vector<uint8_t> none(b.n, 0);
    CHECK(count(b, occ, none.data(), -1, s) == 0);
    CHECK(count(b, occ, none.data(), fx.cell(7, 1), s) == 0);
    // The same position with the doorway fixed again: the cache made the reaches for each set.
    const uint64_t builds = s.reach_builds;
    CHECK(count(b, occ, nullptr, -1, s) == 1);
    CHECK(s.reach_builds == builds + 1);
    CHECK(count(b, occ, nullptr, -1, s) == 1);
    CHECK(s.reach_builds == builds + 1); // the same walls: no new reaches
}

TEST_CASE("Sokoban.FessStrand.ThePlayerShutOutOfTheBoxRoom") {
    sokoban_test::Fixture fx(kDoorway);
    const sokoban::Board &b = fx.inst.board;
    const std::vector<uint8_t> occ = boxes_of(b);
    sokoban::StrandScratch s;
    // The doorway box a wall: the upper box reaches its goal (2,3), but only a player in the
    // upper room can push it; from the start, below the doorway, he never gets beside it.
    CHECK(count(b, occ, nullptr, -1, s) == 0);
    CHECK(count(b, occ, nullptr, fx.cell(1, 1), s) == 0);
    CHECK(count(b, occ, nullptr, fx.cell(7, 1), s) == 1);
    // The doorway box not a wall: the player walks through (the other boxes are not obstacles).
    std::vector<uint8_t> none(b.n, 0);
    CHECK(count(b, occ, none.data(), fx.cell(7, 1), s) == 0);
}

TEST_CASE("Sokoban.FessStrand.TwoBoxesBeyondTheDoorwayCountTwo") {
    // Two boxes above the doorway goal, both free goals below it: with the doorway box a wall
    // neither upper box reaches a goal (2 unmatched); with it not a wall, it keeps its own goal
    // and the upper boxes come down through the doorway, (2,5) first pushed left along row 2.
    const std::string text = "########\n"
                             "#      #\n"
                             "#  $ $ #\n"
                             "#      #\n"
                             "###*####\n"
                             "#  . . #\n"
                             "#@     #\n"
                             "########\n";
    sokoban_test::Fixture fx(text);
    const sokoban::Board &b = fx.inst.board;
    const std::vector<uint8_t> occ = boxes_of(b);
    sokoban::StrandScratch s;
    CHECK(count(b, occ, nullptr, -1, s) == 2);
    CHECK(count(b, occ, nullptr, fx.cell(6, 1), s) == 2);
    std::vector<uint8_t> none(b.n, 0);
    CHECK(count(b, occ, none.data(), -1, s) == 0);
    CHECK(count(b, occ, none.data(), fx.cell(6, 1), s) == 0);
}

TEST_CASE("Sokoban.FessStrand.SolvesAndReplaysWithTheCountOn") {
    // FESS with fessstrand=on and =cell (the count made: the search has a packing order) solves
    // three Microban levels, the checker replaying each answer.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int mode : {1, 2}) {
        CAPTURE(mode);
        sokoban::Options o;
        o.fessstrand = mode;
        sokoban_test::fess_solves_microban_7_42_83(o, [](const sokoban::FessSearch &search) {
            REQUIRE(search.strand());
            CHECK(search.root_strand() == 0);
        });
    }
    // Off: no count.
    sokoban_test::Fixture fx(solver_test::xsb_level(micro, 7));
    sokoban::FessSearch off(fx.inst, 64u << 20);
    CHECK_FALSE(off.strand());
}
