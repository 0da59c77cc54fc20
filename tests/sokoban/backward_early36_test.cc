// backward_early36_test.cc -- the backward guest's second stage before the first stage's cap
// (session 36, portfolio.h StageGate::start_early, option backstart2=off|T): the rule on
// hand-made histories of estimates and host figures (no clock), counted by hand; the option
// parsed and refused; and the portfolio with it solving a level whose answer the independent
// checker and the plugin's verifier replay. (The single-threaded solve case is named
// "backward early36 single: ..." so that one glob, backward?early36?single*, catches it.)
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/options.h"
#include "../../plugins/sokoban/portfolio.h"
#include "../sokoban_checker.h" // compiled into each test binary by checker_link.cc

using sokoban::StageGate;

namespace {

constexpr uint32_t kNone = UINT32_MAX; // no estimate yet

// Sasquatch V 19's shape (NOTES.md session 36), in round figures: the guest's estimate falls to
// 31 at 0.2 of its CPU s and stands there; the host's figure moves last at 3.2 s of the thread,
// when the guest has used 0.6 s (its FESS member starting); the readings go on after that.
void feed_v19(StageGate &g) {
    g.update(0.0, 0.0, kNone, 100); // the first reading: the marks start here
    g.update(0.5, 0.1, 40, 101);    // both move
    g.update(1.0, 0.2, 31, 102);    // the guest's last fall, at 0.2 s of its own
    g.update(3.2, 0.6, 31, 105);    // the host's last move: stamped 0.6 s on the guest's clock
    g.update(4.5, 0.9, 31, 105);
    g.update(5.2, 1.05, 31, 105);
}

} // namespace

TEST_CASE("Sokoban.StageGate.EarlyStartsWhenBothStoodStillTheStretch") {
    StageGate g(StageGate::STALL, 0.75, 0.5);
    feed_v19(g);
    // Both still since max(0.2, 0.6) = 0.6 s of the guest's: 1.05 - 0.6 = 0.45 < 0.5.
    CHECK(g.both_still(1.05) == doctest::Approx(0.45));
    CHECK_FALSE(g.start_early(1.05));
    g.update(5.9, 1.2, 31, 105); // 1.2 - 0.6 = 0.6 >= 0.5
    CHECK(g.both_still(1.2) == doctest::Approx(0.6));
    CHECK(g.start_early(1.2));
    // The cap rule is unchanged by it: host still (5.9 - 3.2) / 5.9 = 0.458 < 0.75.
    CHECK(g.host_still(5.9) == doctest::Approx(2.7 / 5.9));
    CHECK_FALSE(g.start(5.9, 1.2));
    // A stretch of 0.7 s is not there yet; off (0) never starts early.
    StageGate g7(StageGate::STALL, 0.75, 0.7), off(StageGate::STALL, 0.75, 0.0);
    feed_v19(g7);
    feed_v19(off);
    g7.update(5.9, 1.2, 31, 105);
    off.update(5.9, 1.2, 31, 105);
    CHECK_FALSE(g7.start_early(1.2));
    CHECK(g7.start_early(1.3));
    CHECK_FALSE(off.start_early(1.2));
    CHECK_FALSE(off.start_early(100.0));
}

TEST_CASE("Sokoban.StageGate.EarlyAFallOrAMoveRestartsTheStretch") {
    // The guest's estimate stands still 0.2 -> 0.65 s, then falls (GRIGoRusha 40's shape: a
    // stretch at 15, then a fall): the stretch starts again at the fall.
    StageGate fall(StageGate::STALL, 0.75, 0.5);
    fall.update(0.0, 0.0, kNone, 7);
    fall.update(1.0, 0.2, 15, 7);
    fall.update(3.0, 0.65, 15, 7);
    CHECK(fall.both_still(0.65) == doctest::Approx(0.45)); // since its fall to 15 at 0.2 s
    fall.update(3.5, 0.75, 9, 7);                          // the fall, at 0.75 s
    CHECK(fall.both_still(0.75) == doctest::Approx(0.0));
    CHECK_FALSE(fall.start_early(1.2));
    CHECK(fall.start_early(1.25)); // 1.25 - 0.75 = 0.5
    // The host's move restarts it the same way, stamped with the guest's seconds at that reading.
    StageGate move(StageGate::STALL, 0.75, 0.5);
    move.update(0.0, 0.0, kNone, 7);
    move.update(1.0, 0.1, 20, 7); // the guest's last fall at 0.1 s
    move.update(6.0, 1.0, 20, 8); // the host moves at 6.0 s of the thread, 1.0 of the guest's
    CHECK(move.both_still(1.4) == doctest::Approx(0.4));
    CHECK_FALSE(move.start_early(1.4));
    CHECK(move.start_early(1.5));
    // A rise of the estimate is no fall: the stretch goes on.
    StageGate rise(StageGate::STALL, 0.75, 0.5);
    rise.update(0.0, 0.0, kNone, 7);
    rise.update(1.0, 0.1, 10, 7);
    rise.update(3.0, 0.5, 12, 7);
    CHECK(rise.both_still(0.6) == doctest::Approx(0.5));
    CHECK(rise.start_early(0.6));
}

TEST_CASE("Sokoban.StageGate.EarlyNeedsAReadingAndWorksWithAlways") {
    StageGate none(StageGate::STALL, 0.75, 0.1);
    CHECK(none.both_still(10.0) == doctest::Approx(0.0)); // no reading: nothing known to stand still
    CHECK_FALSE(none.start_early(10.0));
    // With backstage2=always the cap starts the stage anyway; backstart2 can bring it earlier.
    StageGate always(StageGate::ALWAYS, 0.75, 0.3);
    always.update(0.0, 0.0, kNone, 1);
    always.update(1.0, 0.2, 5, 1);
    CHECK_FALSE(always.start_early(0.4)); // 0.2 s
    CHECK(always.start_early(0.5));       // 0.3 s
    CHECK(always.start(1.0, 0.2));
}

TEST_CASE("Sokoban.StageGate.EarlyOptionParse") {
    sokoban::Options o;
    CHECK(o.backstart2 == 5); // the default since session 37, guarded by backguard2=45
    sokoban_test::check_choices("backstart2", &sokoban::Options::backstart2,
                                {{"off", 0}, {"1", 1}, {"5", 5}, {"600", 600}},
                                {"0", "601", "-1", "on", "0.5", "5s", "", "Off"});
    std::string error;
    const solver_option unknown{"backstart", "5"};
    CHECK_FALSE(sokoban::parse_options(&unknown, 1, o, error));
    CHECK(error.find("backstart2=off|T") != std::string::npos);
}

TEST_CASE("backward early36 single: the portfolio with backstart2 and backguard2 solves and the checker replays") {
    // Thread 0 alone (one thread) on Microban 153 (about 1.5 CPU s at two threads), the guest at
    // a fixed 90 % until its 1-s cap. backstill2=100 keeps the cap's rule from ever starting
    // the second stage (some fall comes after the first reading), so with backstart2=1 a second
    // stage in the log is an early one; off never has one. backguard2 (session 37): off leaves
    // session 36's rule alone; 1 holds every early start (the best-first search's least h would
    // have to be 1 % of the roots' estimate, 0 below 100 -- a solved position, which ends the
    // search before any guest turn); 1000 lets the stretch decide, as off does. The clock decides
    // whether the early rule fires, so those cases take either log; whoever wins, the answer
    // replays in the checker and the verifier.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::string text = solver_test::xsb_level(micro, 153);
    const std::pair<const char *, const char *> cases[] = {{"off", "off"}, {"1", "off"}, {"1", "1"}, {"1", "1000"}};
    for (const auto &[start, guard] : cases) {
        CAPTURE(start);
        CAPTURE(guard);
        sokoban_test::StubRuntime one(1);
        const std::vector<solver_option> options{{"back", "t0"},         {"backshare", "fixed"},  {"backcpu", "90"},
                                                 {"backcap", "1"},       {"backcap2", "1"},       {"backcpu2", "90"},
                                                 {"backorder2", "fess"}, {"backstage2", "stall"}, {"backstill2", "100"},
                                                 {"backstart2", start},  {"backguard2", guard},   {"fess0after", "0"}};
        sokoban_test::portfolio_solves_and_replays(micro, 153, options, one);
        const std::string moves = one.output.substr(0, one.output.size() - 1);
        const solver_test::sokoban_check check = solver_test::check_sokoban_solution(text, moves);
        CHECK_MESSAGE(check.ok, check.reason);
        CAPTURE(one.log);
        const bool second = one.log.find("its second stage") != std::string::npos;
        const bool early = one.log.find("started early: backstart2") != std::string::npos;
        CHECK(second == early); // a second stage here is only ever an early one
        if (std::string(start) == "off" || std::string(guard) == "1") CHECK_FALSE(early);
    }
}
