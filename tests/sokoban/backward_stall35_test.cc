// backward_stall35_test.cc -- the backward guest's second stage only after a stall (session 35,
// portfolio.h StageGate, options backstage2=always|stall and backstill2=P): the rule on
// hand-made histories of estimates and host figures (no clock), the options parsed and
// refused, and the portfolio with the gate on solving a level whose answer the independent
// checker and the plugin's verifier replay. (The single-threaded solve case is named
// "backward stall35 single: ..." so that one glob, backward?stall35?single*, catches it.)
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/options.h"
#include "../../plugins/sokoban/portfolio.h"
#include "../sokoban_checker.h" // compiled into each test binary by checker_link.cc

using sokoban::StageGate;

namespace {

constexpr uint32_t kNone = UINT32_MAX; // no estimate yet

// Sasquatch I 12's shape (NOTES.md session 35), in round figures: the guest's estimate falls to
// 28 at 0.1 of its CPU s and stands there until its cap at 3.0 s; the host's figure moves
// last at 2.0 s of the thread, whose cap reading comes at 12.0 s.
void feed_stalled(StageGate &g) {
    g.update(0.0, 0.0, kNone, 100); // the first reading: the marks start here
    g.update(0.5, 0.05, 40, 100);   // the guest falls (to 40) at 0.05 s
    g.update(1.0, 0.1, 28, 100);    // and to 28 at 0.1 s: its last fall
    g.update(2.0, 0.4, 28, 103);    // the host moves at 2.0 s: its last move
    g.update(6.0, 1.5, 28, 103);
    g.update(12.0, 3.0, 28, 103);   // at the cap
}

} // namespace

TEST_CASE("Sokoban.StageGate.BothStillStartsTheSecondStage") {
    StageGate g(StageGate::STALL, 0.75);
    feed_stalled(g);
    // Guest: (3.0 - 0.1) / 3.0 = 29/30 of its CPU without a fall; host: (12 - 2) / 12 = 5/6.
    CHECK(g.guest_still(3.0) == doctest::Approx(29.0 / 30.0));
    CHECK(g.host_still(12.0) == doctest::Approx(10.0 / 12.0));
    CHECK(g.start(12.0, 3.0));
    // At 90 % the host's 5/6 is not still enough; at 83 % it is (5/6 = 0.8333).
    StageGate g90(StageGate::STALL, 0.90), g83(StageGate::STALL, 0.83);
    feed_stalled(g90);
    feed_stalled(g83);
    CHECK_FALSE(g90.start(12.0, 3.0));
    CHECK(g83.start(12.0, 3.0));
}

TEST_CASE("Sokoban.StageGate.ALateFallOrALateMoveKeepsItOff") {
    // XSokoban 16's shape: the guest's estimate falls at 1.5 of its 3.0 s (half still).
    StageGate late_fall(StageGate::STALL, 0.75);
    late_fall.update(0.0, 0.0, kNone, 7);
    late_fall.update(1.0, 0.1, 3, 7);
    late_fall.update(5.0, 1.5, 1, 7); // the last fall
    late_fall.update(10.0, 3.0, 1, 7);
    CHECK(late_fall.guest_still(3.0) == doctest::Approx(0.5));
    CHECK(late_fall.host_still(10.0) == doctest::Approx(1.0)); // the host never moved
    CHECK_FALSE(late_fall.start(10.0, 3.0));
    // XSokoban 44's shape: the guest still since 0.2 s, the host moving at 9 of 12 s.
    StageGate late_move(StageGate::STALL, 0.75);
    late_move.update(0.0, 0.0, kNone, 7);
    late_move.update(1.0, 0.2, 89, 7);
    late_move.update(9.0, 2.1, 89, 9); // the host's last move
    late_move.update(12.0, 3.0, 89, 9);
    CHECK(late_move.guest_still(3.0) == doctest::Approx(2.8 / 3.0));
    CHECK(late_move.host_still(12.0) == doctest::Approx(0.25));
    CHECK_FALSE(late_move.start(12.0, 3.0));
    // A rise of the estimate is no fall, and the host's figure moving either way is a move.
    StageGate rise(StageGate::STALL, 0.75);
    rise.update(0.0, 0.0, kNone, 7);
    rise.update(1.0, 0.1, 10, 7);
    rise.update(8.0, 2.0, 12, 7); // not below 10: the mark stays at 0.1 s
    rise.update(12.0, 3.0, 12, 7);
    CHECK(rise.guest_still(3.0) == doctest::Approx(2.9 / 3.0));
    CHECK(rise.start(12.0, 3.0));
    rise.update(12.5, 3.0, 12, 6); // the host's figure fell: a move at 12.5 s
    CHECK(rise.host_still(12.5) == doctest::Approx(0.0));
    CHECK_FALSE(rise.start(12.5, 3.0));
}

TEST_CASE("Sokoban.StageGate.AlwaysAndNoReadings") {
    StageGate always(StageGate::ALWAYS, 0.75);
    CHECK(always.start(0.0, 0.0)); // always: as before, whatever it was told
    always.update(0.0, 0.0, kNone, 1);
    always.update(10.0, 3.0, 0, 2); // fell and moved at the very end
    CHECK(always.start(10.0, 3.0));
    StageGate none(StageGate::STALL, 0.01);
    CHECK_FALSE(none.start(10.0, 3.0)); // no reading: nothing known to stand still
}

TEST_CASE("Sokoban.StageGate.OptionsParse") {
    sokoban::Options o;
    CHECK(o.backstage2 == StageGate::STALL); // the default since session 35 (the lead's quiet gate)
    CHECK(o.backstill2 == 75);
    sokoban_test::check_choices("backstage2", &sokoban::Options::backstage2, {{"always", 0}, {"stall", 1}},
                                {"on", "off", "1", "", "Stall"});
    sokoban_test::check_choices("backstill2", &sokoban::Options::backstill2, {{"1", 1}, {"75", 75}, {"100", 100}},
                                {"0", "101", "off", "-5", "50%", ""});
    // The unknown-option message suggests each for a near miss (session 39: the nearest keys).
    std::string error;
    const solver_option unknown{"backstage", "stall"};
    CHECK_FALSE(sokoban::parse_options(&unknown, 1, o, error));
    CHECK(error.find("backstage2=always|stall") != std::string::npos);
    const solver_option unknown2{"backstill", "75"};
    CHECK_FALSE(sokoban::parse_options(&unknown2, 1, o, error));
    CHECK(error.find("backstill2=P") != std::string::npos);
}

TEST_CASE("backward stall35 single: the portfolio with the gate solves and the checker replays") {
    // Thread 0 alone (one thread: its weighted A*, FESS member and plan mate from the start) on
    // Microban 153 (about 1.5 CPU s at two threads): the guest at a fixed 90 % until its 1-s cap,
    // so the gate decides long before the level falls. backstill2=100 never starts the second
    // stage (some fall comes after the first reading); always does; the gate at 1 % decides
    // either way. Whoever wins, the answer replays in the checker and the verifier.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::string text = solver_test::xsb_level(micro, 153);
    struct Case {
        const char *stage, *still, *want; // want: the log's phrase, or nullptr (either)
    };
    for (const Case &c : {Case{"stall", "100", "no second stage"}, Case{"always", "75", "its second stage"},
                          Case{"stall", "1", nullptr}}) {
        CAPTURE(c.stage);
        CAPTURE(c.still);
        sokoban_test::StubRuntime one(1);
        const std::vector<solver_option> options{{"back", "t0"},       {"backshare", "fixed"}, {"backcpu", "90"},
                                                 {"backcap", "1"},     {"backcap2", "1"},      {"backcpu2", "90"},
                                                 {"backorder2", "fess"}, {"backstage2", c.stage}, {"backstill2", c.still},
                                                 {"fess0after", "0"}};
        sokoban_test::portfolio_solves_and_replays(micro, 153, options, one);
        const std::string moves = one.output.substr(0, one.output.size() - 1);
        const solver_test::sokoban_check check = solver_test::check_sokoban_solution(text, moves);
        CHECK_MESSAGE(check.ok, check.reason);
        CAPTURE(one.log);
        if (c.want) {
            CHECK(one.log.find(c.want) != std::string::npos);
        } else {
            CHECK((one.log.find("no second stage") != std::string::npos) != (one.log.find("its second stage") != std::string::npos));
        }
    }
}
