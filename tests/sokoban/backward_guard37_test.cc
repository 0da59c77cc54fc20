// backward_guard37_test.cc -- the guard on backstart2's early second stage (session 37,
// portfolio.h StageGate::guard_passes, option backguard2=off|P): the early start only while the
// host's best-first search's least h is at most P% of the backward guest's roots' estimate. The
// rule on hand-made histories counted by hand (the figures are those of NOTES.md session 37's
// traces at the early start) and the option parsed and refused. The portfolio solving with it
// (replayed by the independent checker) is backward_early36_test.cc's single-threaded case, with
// the early rule's own settings.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/options.h"
#include "../../plugins/sokoban/portfolio.h"

using sokoban::StageGate;

namespace {

constexpr uint32_t kNone = UINT32_MAX; // no estimate yet

// Both still from 0.2 s of the guest's on (its last fall; the host's last move at 0.1 s): with
// 0.5 s for the stretch, the rule alone starts the stage once 0.5 s of the guest's have passed
// since (asked at 0.75 s below: 0.7 - 0.2 is a hair under 0.5 in doubles).
void feed_still(StageGate &g) {
    g.update(0.0, 0.0, kNone, 100);
    g.update(0.5, 0.1, 40, 101); // both move
    g.update(1.0, 0.2, 31, 101); // the guest's last fall
    g.update(3.0, 0.7, 31, 101);
}

} // namespace

TEST_CASE("Sokoban.StageGate.GuardHoldsTheLongLevels") {
    // backguard2=45: host_h <= 0.45 x root_h.
    StageGate g(StageGate::STALL, 0.75, 0.5, 0.45);
    feed_still(g);
    CHECK(g.both_still(0.7) == doctest::Approx(0.5));
    // The Sasquatch wins (host h / roots' estimate at the early start): S7 24 6/21 (0.45 x 21 =
    // 9.45), S1 12 15/58 (26.1), S3 6 14/76 (34.2), S5 19 3/70, S5 23 4/103: all start.
    CHECK(g.guard_passes(6, 21));
    CHECK(g.start_early(0.75, 6, 21));
    CHECK(g.start_early(0.75, 15, 58));
    CHECK(g.start_early(0.75, 14, 76));
    CHECK(g.start_early(0.75, 3, 70));
    CHECK(g.start_early(0.75, 4, 103));
    // The long XSokoban levels: 44 101/167 (75.15), 32 83/111 (49.95), 16 123/160 (72), 75
    // 209/261 (117.45), 24 424/442 (198.9): all held, however long both stand still.
    CHECK_FALSE(g.guard_passes(101, 167));
    CHECK_FALSE(g.start_early(0.75, 101, 167));
    CHECK_FALSE(g.start_early(5.0, 101, 167));
    CHECK_FALSE(g.start_early(0.75, 83, 111));
    CHECK_FALSE(g.start_early(0.75, 123, 160));
    CHECK_FALSE(g.start_early(0.75, 209, 261));
    CHECK_FALSE(g.start_early(0.75, 424, 442));
    // At the line: 9 <= 0.45 x 20 = 9 starts, 10 does not.
    CHECK(g.guard_passes(9, 20));
    CHECK_FALSE(g.guard_passes(10, 20));
    // The guard does not shorten the stretch: at 0.6 s of the guest's only 0.4 s stood still.
    CHECK_FALSE(g.start_early(0.6, 3, 70));
}

TEST_CASE("Sokoban.StageGate.GuardOffUnknownAndTheCap") {
    // Off (0): as session 36's rule, whatever the figures (the defaults of start_early too).
    StageGate off(StageGate::STALL, 0.75, 0.5);
    feed_still(off);
    CHECK(off.guard_passes(424, 442));
    CHECK(off.guard_passes(kNone, kNone));
    CHECK(off.start_early(0.75, 424, 442));
    CHECK(off.start_early(0.75));
    // On: a figure not known yet (no best-first h, the guest's roots not expanded) holds it.
    StageGate g(StageGate::STALL, 0.75, 0.5, 0.45);
    feed_still(g);
    CHECK_FALSE(g.guard_passes(kNone, 70));
    CHECK_FALSE(g.guard_passes(3, kNone));
    CHECK_FALSE(g.start_early(0.75));
    // A guard above 100 %: 2.5 x 167 = 417.5 lets XSokoban 44 (101) through, not 418.
    StageGate wide(StageGate::STALL, 0.75, 0.5, 2.5);
    CHECK(wide.guard_passes(101, 167));
    CHECK(wide.guard_passes(417, 167));
    CHECK_FALSE(wide.guard_passes(418, 167));
    // backstart2 off: the guard alone never starts anything.
    StageGate noearly(StageGate::STALL, 0.75, 0.0, 0.45);
    feed_still(noearly);
    CHECK_FALSE(noearly.start_early(100.0, 3, 70));
    // The cap's rule (backstage2) does not look at the guard: guest still (0.7 - 0.2) / 0.7 =
    // 0.714, host still (3.0 - 0.5) / 3.0 = 0.833: the guest's is short of 0.75, no start.
    CHECK(g.guest_still(0.7) == doctest::Approx(0.5 / 0.7));
    CHECK(g.host_still(3.0) == doctest::Approx(2.5 / 3.0));
    CHECK_FALSE(g.start(3.0, 0.7));
    StageGate low(StageGate::STALL, 0.7, 0.5, 0.01);
    feed_still(low);
    CHECK(low.start(3.0, 0.7)); // 0.714 and 0.833 >= 0.7, whatever the guard
    CHECK_FALSE(low.start_early(0.75, 3, 70));
}

TEST_CASE("Sokoban.StageGate.GuardOptionParse") {
    sokoban::Options o;
    CHECK(o.backguard2 == 45); // the default since session 37's gates (with backstart2=5)
    sokoban_test::check_choices("backguard2", &sokoban::Options::backguard2,
                                {{"off", 0}, {"1", 1}, {"45", 45}, {"1000", 1000}},
                                {"0", "1001", "-1", "on", "0.5", "45%", "", "Off"});
    std::string error;
    const solver_option unknown{"backguard", "45"};
    CHECK_FALSE(sokoban::parse_options(&unknown, 1, o, error));
    CHECK(error.find("backguard2=off|P") != std::string::npos);
}
