// portfolio_shares_test.cc -- the portfolio's CPU-time shares (portfolio.h CpuShares; options
// backcpu, backafter, packall, packallcpu, packallcap): the metering logic on charged seconds
// (no clock), the options, and the portfolio with each new value solving levels whose answers
// the verifier replays (XSokoban 14 by the packall guest, which the default does not solve).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/options.h"
#include "../../plugins/sokoban/portfolio.h"

using sokoban::CpuShares;

TEST_CASE("Sokoban.Shares.GuestRunsWhenBelowItsShareUntilAQuantumAbove") {
    CpuShares s(0.1);
    const int g = s.add(0.25);
    CHECK(s.any());
    CHECK(s.next() == CpuShares::HOST); // nothing used yet: nobody is owed anything
    s.charge(CpuShares::HOST, 1.0);
    CHECK(s.owed(g) == doctest::Approx(0.25));
    REQUIRE(s.next() == g);
    // It keeps the thread while less than a quantum (0.1 s) above its share: after 0.3 s its
    // share is 0.25 * 1.3 = 0.325, so still owed; after 0.5 s, 0.375 + 0.1 < 0.5: the host's.
    s.charge(g, 0.3);
    CHECK(s.next() == g);
    s.charge(g, 0.2);
    CHECK(s.owed(g) == doctest::Approx(0.25 * 1.5 - 0.5));
    CHECK(s.next() == CpuShares::HOST);
    // The host runs until the guest is owed again: 0.25 * (1.5 + x) > 0.5 from x > 0.5.
    s.charge(CpuShares::HOST, 0.4);
    CHECK(s.next() == CpuShares::HOST);
    s.charge(CpuShares::HOST, 0.2);
    CHECK(s.next() == g);
    CHECK(s.total() == doctest::Approx(2.1));
    CHECK(s.used(CpuShares::HOST) == doctest::Approx(1.6));
}

TEST_CASE("Sokoban.Shares.TheMostOwedGuestFirstACapDropsALateGuestOwesNothingBefore") {
    CpuShares s(0.0);
    s.charge(CpuShares::HOST, 10.0); // before any guest: counts for no share
    const int a = s.add(0.1, 0.5);   // capped at 0.5 s
    const int b = s.add(0.4);
    CHECK(s.owed(a) == doctest::Approx(0.0));
    CHECK(s.next() == CpuShares::HOST);
    s.charge(CpuShares::HOST, 2.0);
    CHECK(s.owed(a) == doctest::Approx(0.2));
    CHECK(s.owed(b) == doctest::Approx(0.8));
    REQUIRE(s.next() == b); // owed more
    s.charge(b, 2.0);       // now above its share: 0.4 * 4 = 1.6 < 2
    REQUIRE(s.next() == a);
    s.charge(a, 0.5); // its cap: dropped
    CHECK_FALSE(s.live(a));
    CHECK(s.live(b));
    CHECK(s.next() == CpuShares::HOST);
    s.charge(CpuShares::HOST, 10.0);
    CHECK(s.next() == b);
    s.drop(b);
    CHECK_FALSE(s.any());
    CHECK(s.next() == CpuShares::HOST);
    // The thread's clock moves on.
    const double t0 = sokoban::thread_cpu_seconds();
    volatile double x = 0;
    for (int i = 0; i < 100000; ++i) x = x + i;
    CHECK(sokoban::thread_cpu_seconds() >= t0);
}

TEST_CASE("Sokoban.Shares.OptionsParse") {
    sokoban::Options o;
    std::string error;
    CHECK(o.back == 1);     // t0: a capped greedy guest (session 15)
    CHECK(o.backcpu == 10);
    CHECK(o.backcap == 3); // 1 until session 25 (Sasquatch I 18 and 33 need about 1.5 s)
    CHECK(o.backorder == 1);
    CHECK(o.packall == 2); // t1
    CHECK(o.packallcpu == 10);
    CHECK(o.packallcap == 1);
    const solver_option good[] = {{"backcpu", "40"}, {"backafter", "1000"}, {"packall", "t1"}, {"packallcpu", "20"},
                                  {"packallcap", "3"}};
    REQUIRE(sokoban::parse_options(good, 5, o, error));
    CHECK(o.backcpu == 40);
    CHECK(o.backafter == 1000);
    CHECK(o.packall == 2);
    CHECK(o.packallcpu == 20);
    CHECK(o.packallcap == 3);
    const solver_option off[] = {{"backcpu", "off"}, {"packall", "fess1"}};
    REQUIRE(sokoban::parse_options(off, 2, o, error));
    CHECK(o.backcpu == 0);
    CHECK(o.packall == 4);
    for (const solver_option &bad : {solver_option{"backcpu", "95"}, solver_option{"backcpu", "0"},
                                     solver_option{"packallcpu", "off"}, solver_option{"packall", "t2"},
                                     solver_option{"packallcap", "-1"}, solver_option{"backafter", "x"}}) {
        CAPTURE(bad.key);
        CAPTURE(bad.value);
        CHECK_FALSE(sokoban::parse_options(&bad, 1, o, error));
        CHECK(error.find(bad.key) != std::string::npos);
    }
}

TEST_CASE("Sokoban.Shares.ThreadAccountCountsPastTheLastGuestsCap") {
    // The log's `thread N CPU` line (portfolio.h thread_account): the shares are charged only
    // while a guest is live, so after the last guest's cap the thread's clock, not the shares'
    // total, is the thread's CPU, and its own searches are that minus the guests' charges.
    CpuShares s(0.0);
    const int back = s.add(0.1, 3.0), pack = s.add(0.1, 1.0);
    s.charge(CpuShares::HOST, 5.0);
    s.charge(pack, 1.0);
    s.charge(back, 3.0);
    REQUIRE_FALSE(s.any()); // both capped: nothing is charged from here on
    CHECK(s.total() == doctest::Approx(9.0));
    // The thread then ran its own searches for 81 s more: 90 s on its clock.
    const sokoban::ThreadAccount a = sokoban::thread_account(90.0, s);
    CHECK(a.cpu == doctest::Approx(90.0));
    CHECK(a.own == doctest::Approx(86.0)); // 90 - (3 + 1)
    // A clock reading a hair below the charged total (its granularity): the charged total.
    const sokoban::ThreadAccount b = sokoban::thread_account(8.999, s);
    CHECK(b.cpu == doctest::Approx(9.0));
    CHECK(b.own == doctest::Approx(5.0));
}

TEST_CASE("Sokoban.Shares.PortfolioWithEachValueSolvesAndReplays") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::vector<std::vector<solver_option>> settings = {
        {{"back", "t0"}, {"backcpu", "50"}},
        {{"back", "t1"}, {"backcpu", "90"}, {"backafter", "100"}},
        {{"packall", "t0"}, {"packallcpu", "90"}},
        {{"packall", "t1"}, {"packallcpu", "50"}, {"packallcap", "1"}},
        {{"packall", "fess0"}, {"fess0after", "0"}},
        {{"packall", "fess1"}, {"fess1after", "0"}},
        {{"packall", "off"}},
        {{"packall", "t1"}, {"back", "t1"}, {"backcpu", "30"}}, // two guests on one thread
    };
    for (uint32_t level : {1u, 7u, 42u}) {
        CAPTURE(level);
        for (const auto &options : settings) {
            CAPTURE(options[0].value);
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(micro, level, options, rt);
        }
    }
}

TEST_CASE("Sokoban.Shares.PackallGuestSolvesXSokoban14") {
    // XSokoban 14, which the default portfolio does not solve at 60 CPU s: thread 1 alone first
    // (sequential stub), its packall guest (the default t1) with 90% of the thread's CPU time wins (the macro on
    // every box with the match order solves it in about 3300 expansions) and the verifier
    // replays the answer.
    const std::string x = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    sokoban_test::StubRuntime rt(2, true);
    sokoban_test::portfolio_solves_and_replays(x, 14, {{"packallcpu", "90"}, {"packallcap", "0"}}, rt);
    CHECK(rt.log.find("fess packall (thread 1) won") != std::string::npos);
    CHECK(rt.log.find("portfolio: thread 1 CPU") != std::string::npos); // the account
}

TEST_CASE("Sokoban.Shares.TraceOnStillSolvesAndReplays") {
    // SOKOBAN_PORTFOLIO_TRACE=S (portfolio.cc, a measurement): each member's CPU seconds,
    // expansions and progress on stderr every S CPU seconds of a thread. With it on (a line at
    // every slice here) and every member running from the start (the FESS members, their plan
    // mate, both guests), the portfolio still solves and the verifier replays the answer.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    REQUIRE(setenv("SOKOBAN_PORTFOLIO_TRACE", "0.000001", 1) == 0);
    for (uint32_t level : {7u, 42u}) {
        CAPTURE(level);
        sokoban_test::StubRuntime rt(2);
        sokoban_test::portfolio_solves_and_replays(micro, level, {{"fess0after", "0"}, {"fess1after", "0"}, {"backcap", "0"}}, rt);
    }
    unsetenv("SOKOBAN_PORTFOLIO_TRACE");
}

TEST_CASE("Sokoban.Shares.MateLeadGoesToTheLastRise") {
    // mateshare=progress (portfolio.h MateLead): the long slice goes to whichever of the FESS
    // member (0) and its plan mate (1) raised its highest packed count last; the member first.
    sokoban::MateLead m;
    CHECK(m.lead() == 0);
    CHECK(m.update(5, 3) == 0);  // the first figures: no rise yet
    CHECK(m.update(5, 3) == 0);
    CHECK(m.update(5, 4) == 1);  // the mate rose
    CHECK(m.update(5, 4) == 1);  // nobody rose: the last riser keeps it
    CHECK(m.update(6, 4) == 0);  // the member rose
    CHECK(m.update(7, 5) == 0);  // both in the same round: the member
    CHECK(m.update(7, 9) == 1);
    CHECK(m.update(7, 8) == 1);  // a lower figure (a dropped cell) is no rise and no fall
    CHECK(m.update(7, 9) == 1);  // nor is regaining its best
    CHECK(m.update(8, 9) == 0);
    CHECK(m.lead() == 0);
}

TEST_CASE("Sokoban.Shares.MateLeaseEndsAfterItsExpansions") {
    // mateshare=lease (portfolio.h MateLead), matelease=2: a rise of the mate's count that took
    // it G expansions buys it the long slice for its next 2 * G expansions, then the member has
    // it back. On this course (44's: the mate rises once early, then stands still while the
    // member goes on to win) progress keeps the mate in the lead for good.
    sokoban::MateLead lease(2), progress;
    const uint32_t course[][3] = {{7, 3, 1024}, {7, 3, 2048}, {7, 7, 3072}, // rose: G 2048, to 7168
                                  {7, 7, 7000}, {7, 7, 8192}, {7, 7, 9216}, {7, 7, 10240}};
    const int lease_leads[] = {0, 0, 1, 1, 0, 0, 0}, progress_leads[] = {0, 0, 1, 1, 1, 1, 1};
    for (size_t i = 0; i < 7; ++i) {
        CAPTURE(i);
        CHECK(lease.update(course[i][0], course[i][1], course[i][2]) == lease_leads[i]);
        CHECK(progress.update(course[i][0], course[i][1], course[i][2]) == progress_leads[i]);
    }
    // A new rise buys a new lease (G from the last rise: 11264 - 3072 = 8192, to 27648); the
    // member's rise ends it; both in one round: the member.
    CHECK(lease.update(7, 9, 11264) == 1);
    CHECK(lease.update(7, 9, 27647) == 1);
    CHECK(lease.update(7, 9, 27648) == 0);
    CHECK(lease.update(7, 10, 28672) == 1); // G 17408
    CHECK(lease.update(8, 10, 32768) == 0); // the member rose
    CHECK(lease.update(9, 11, 33792) == 0); // both
    CHECK(lease.lead() == 0);
    // The first figures count from the mate's first reading, not from 0; a lease far beyond any
    // count does not wrap round.
    sokoban::MateLead one(1), huge(1000);
    CHECK(one.update(1, 1, 5000) == 0);
    CHECK(one.update(1, 2, 6000) == 1); // G 1000: to 7000
    CHECK(one.update(1, 2, 7000) == 0);
    CHECK(huge.update(1, 1, 0) == 0);
    CHECK(huge.update(1, 2, UINT64_MAX / 2) == 1);
    CHECK(huge.update(1, 2, UINT64_MAX - 1) == 1);
}

TEST_CASE("Sokoban.Shares.MateShareOptionAndASolve") {
    sokoban::Options o;
    std::string error;
    CHECK(o.mateshare == 2); // lease, the default since session 21
    const solver_option good[] = {{"mateshare", "progress"}};
    REQUIRE(sokoban::parse_options(good, 1, o, error));
    CHECK(o.mateshare == 1);
    const solver_option fixed[] = {{"mateshare", "fixed"}};
    REQUIRE(sokoban::parse_options(fixed, 1, o, error));
    CHECK(o.mateshare == 0);
    CHECK(o.matelease == 2);
    const solver_option lease[] = {{"mateshare", "lease"}, {"matelease", "3"}};
    REQUIRE(sokoban::parse_options(lease, 2, o, error));
    CHECK(o.mateshare == 2);
    CHECK(o.matelease == 3);
    for (const char *bad : {"on", "", "1", "Progress", "lease8"}) {
        const solver_option b{"mateshare", bad};
        CAPTURE(bad);
        CHECK_FALSE(sokoban::parse_options(&b, 1, o, error));
        CHECK(error.find("mateshare") != std::string::npos);
    }
    for (const char *bad : {"0", "-1", "x", "", "1001", "off"}) {
        const solver_option b{"matelease", bad};
        CAPTURE(bad);
        CHECK_FALSE(sokoban::parse_options(&b, 1, o, error));
        CHECK(error.find("matelease") != std::string::npos);
    }
    // One thread: thread 0 alone, its FESS member and plan mate from the start, no guest; the
    // pair solves and the verifier replays the answer.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {7u, 42u}) {
        CAPTURE(level);
        sokoban_test::StubRuntime rt(1);
        sokoban_test::portfolio_solves_and_replays(
            micro, level, {{"mateshare", "progress"}, {"fess0after", "0"}, {"back", "off"}, {"packall", "off"}}, rt);
        CHECK(rt.log.find("fess") != std::string::npos);
    }
    // mateshare=lease, the shortest lease: the pair solves 42 and the verifier replays it.
    sokoban_test::StubRuntime rt(1);
    sokoban_test::portfolio_solves_and_replays(
        micro, 42, {{"mateshare", "lease"}, {"matelease", "1"}, {"fess0after", "0"}, {"back", "off"}, {"packall", "off"}}, rt);
    CHECK(rt.log.find("fess") != std::string::npos);
}

TEST_CASE("Sokoban.Shares.MateSlicesKeepThePairsCpuFourToOne") {
    // mateslice=cpu (portfolio.h MateSlices): the long slice 4096 expansions, the short one a
    // quarter of its CPU time at the short one's measured cost. Synthetic seconds (no clock):
    // the member's expansions cost 4 us each (the seal count and the corral ring), the mate's
    // 1 us, each slice off by up to +-30 % (a cheap or dear cell).
    sokoban::MateSlices m;
    const double cost[2] = {4e-6, 1e-6};
    double used[2] = {0, 0};
    uint64_t counts[2] = {0, 0};
    uint32_t noise = 12345;
    auto jitter = [&]() { // 0.7 .. 1.3, a fixed sequence
        noise = noise * 1103515245u + 12345u;
        return 0.7 + 0.6 * static_cast<double>((noise >> 16) & 0x7fff) / 32767.0;
    };
    // The first round: nothing measured for the short one, the count's 1024.
    double long_s = 4096 * cost[0] * jitter();
    m.ran(0, 4096, long_s);
    CHECK(m.short_slice(1, long_s) == sokoban::MateSlices::FIRST);
    for (int lead = 0; lead < 2; ++lead) {
        used[0] = used[1] = 0;
        counts[0] = counts[1] = 0;
        for (int round = 0; round < 200; ++round) {
            long_s = 4096 * cost[lead] * jitter();
            m.ran(lead, 4096, long_s);
            used[lead] += long_s;
            counts[lead] += 4096;
            const uint64_t n = m.short_slice(1 - lead, long_s);
            CHECK(n >= sokoban::MateSlices::LEAST);
            CHECK(n <= sokoban::MateSlices::MOST);
            const double s = static_cast<double>(n) * cost[1 - lead] * jitter();
            m.short_ran(n, s);
            used[1 - lead] += s;
            counts[1 - lead] += n;
        }
        CAPTURE(lead);
        // The short one's CPU is a quarter of the long one's within a few per cent; with 1024
        // expansions it would be a sixteenth (the member short: four times that).
        CHECK(used[1 - lead] / used[lead] == doctest::Approx(0.25).epsilon(0.05));
        if (lead == 0) CHECK(counts[1] > 3 * 4096 / 4 * 200); // about 4096 expansions a round, not 1024
        else CHECK(counts[0] < 2 * 4096 / 16 * 200);          // about 256, not 1024
        CHECK(m.cost(1 - lead) == doctest::Approx(cost[1 - lead]).epsilon(0.35));
    }
    // A slice far over its target is carried into the next round, at most one target's worth:
    // the next slices are the least, not zero or negative, then the account evens out. Powers
    // of two, so the arithmetic is exact.
    const double ms = 1.0 / 1024; // about a millisecond
    sokoban::MateSlices c;
    c.ran(1, 1024, ms);                          // the mate: 2^-20 s an expansion
    CHECK(c.short_slice(1, 4 * ms) == 1024);     // a quarter of 4 ms
    c.short_ran(1024, 10 * ms);                  // ran 10 ms (a stall): 9 ms over
    CHECK(c.owed() == doctest::Approx(-9 * ms));
    CHECK(c.short_slice(1, 4 * ms) == sokoban::MateSlices::LEAST); // -8 ms, clamped to -1 ms
    CHECK(c.owed() == doctest::Approx(-ms));
    c.short_ran(64, ms / 16);                    // back to 2^-20 s an expansion
    CHECK(c.short_slice(1, 4 * ms) == sokoban::MateSlices::LEAST); // owed -1/16 ms
    c.short_ran(64, ms / 16);
    CHECK(c.short_slice(1, 4 * ms) == 896);      // owed 7/8 ms
    // The lead changes hands: a new account for the new short one (the member).
    c.ran(0, 4096, 16 * ms);                     // 2^-18 s an expansion
    CHECK(c.short_slice(0, 4 * ms) == 256);      // 1 ms, nothing carried
    CHECK(c.owed() == doctest::Approx(ms));
    // atleast: the mate's short slice never below 1024 expansions, the member's never above.
    sokoban::MateSlices a(0.25, true);
    a.ran(1, 1024, 4 * ms);                      // the mate dearer: 2^-18 s an expansion
    CHECK(a.short_slice(1, 4 * ms) == 1024);     // cpu: 256
    a.short_ran(1024, 4 * ms);
    a.ran(1, 1024, ms / 4);                      // now cheaper: 2^-22 s an expansion
    CHECK(a.short_slice(1, 4 * ms) == 1024);     // owed -1 ms (3 ms over, clamped): 1024 all the same
    a.short_ran(1024, ms / 4);
    CHECK(a.short_slice(1, 4 * ms) == 1024);     // owed -1/4 ms
    a.short_ran(1024, ms / 4);
    CHECK(a.short_slice(1, 4 * ms) == 2048);     // owed 1/2 ms: the quarter's expansions
    a.ran(0, 1024, ms / 4);                      // the member cheap, the mate leads
    CHECK(a.short_slice(0, 4 * ms) == 1024);     // cpu: 4096
    a.ran(0, 1024, 4 * ms);
    CHECK(a.short_slice(0, 4 * ms) < 1024);
}

TEST_CASE("Sokoban.Shares.MateSliceOptionAndSolves") {
    sokoban::Options o;
    std::string error;
    CHECK(o.mateslice == 0); // count, the default
    const solver_option cpu[] = {{"mateslice", "cpu"}};
    REQUIRE(sokoban::parse_options(cpu, 1, o, error));
    CHECK(o.mateslice == 1);
    const solver_option atleast[] = {{"mateslice", "atleast"}};
    REQUIRE(sokoban::parse_options(atleast, 1, o, error));
    CHECK(o.mateslice == 2);
    const solver_option count[] = {{"mateslice", "count"}};
    REQUIRE(sokoban::parse_options(count, 1, o, error));
    CHECK(o.mateslice == 0);
    for (const char *bad : {"on", "", "time", "CPU", "1"}) {
        const solver_option b{"mateslice", bad};
        CAPTURE(bad);
        CHECK_FALSE(sokoban::parse_options(&b, 1, o, error));
        CHECK(error.find("mateslice") != std::string::npos);
    }
    // Thread 0's pair with CPU slices, from the start (one thread, no guests), with each lead
    // rule, and in the early phase (fessearly: the weighted A*'s slices between the pair's
    // turns): it solves and the verifier replays the answer.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::vector<std::vector<solver_option>> settings = {
        {{"mateslice", "cpu"}, {"fess0after", "0"}, {"back", "off"}, {"packall", "off"}},
        {{"mateslice", "cpu"}, {"mateshare", "fixed"}, {"fess0after", "0"}, {"back", "off"}, {"packall", "off"}},
        {{"mateslice", "cpu"}, {"mateshare", "lease"}, {"matelease", "1"}, {"fess0after", "0"}, {"back", "off"}, {"packall", "off"}},
        {{"mateslice", "cpu"}, {"fessearly", "1"}, {"back", "off"}, {"packall", "off"}},
        {{"mateslice", "atleast"}, {"fess0after", "0"}, {"back", "off"}, {"packall", "off"}},
        {{"mateslice", "atleast"}, {"fessearly", "1"}, {"back", "off"}, {"packall", "off"}},
    };
    for (uint32_t level : {7u, 42u}) {
        CAPTURE(level);
        for (const auto &options : settings) {
            CAPTURE(options[1].key);
            sokoban_test::StubRuntime rt(1);
            sokoban_test::portfolio_solves_and_replays(micro, level, options, rt);
            if (options[1].key != std::string("fessearly")) CHECK(rt.log.find("fess") != std::string::npos);
        }
    }
}
