// fess_cpu39_test.cc -- session 39: fesscpu=off|T, a thread's FESS members also start once the
// thread has used T/10 CPU s, before fess0after/fess1after expansions of its best-first search
// (portfolio.cc; on the large levels those expansions take longer than the time limit, so the
// members never ran: NOTES.md, session 39). The option, and the portfolio with it solving levels
// whose answers the verifier replays. T=0 starts them at the first reading, so the tests need no
// clock: with fess1after beyond reach, the FESS member runs only through fesscpu.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/options.h"

TEST_CASE("Sokoban.FessCpu39.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fesscpu == -1); // off by default
    CHECK(parsed("fesscpu", "off").fesscpu == -1);
    CHECK(parsed("fesscpu", "0").fesscpu == 0);
    CHECK(parsed("fesscpu", "30").fesscpu == 30);
    CHECK(parsed("fesscpu", "6000").fesscpu == 6000);
    for (const char *bad : {"6001", "-1", "", "on", "3s"}) {
        CAPTURE(bad);
        CHECK(refused("fesscpu", bad).find("fesscpu") != std::string::npos);
    }
}

TEST_CASE("Sokoban.FessCpu39.SingleThreadFessStartsByCpuAndReplays") {
    // The stub runs thread 1 first and alone. fess1after=2^40: by the count its FESS member would
    // never start, and greedy wins; fesscpu=0 starts it at the first reading, greedy never expands
    // (fess1with=none), so FESS must win, and its answer must replay.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const solver_option never{"fess1after", "1099511627776"}, t1_only{"fess0", "off"};
    for (uint32_t level : {1u, 42u, 100u}) {
        CAPTURE(level);
        sokoban_test::StubRuntime by_cpu(2, true), by_count(2, true);
        sokoban_test::portfolio_solves_and_replays(micro, level, {never, t1_only, {"fesscpu", "0"}}, by_cpu);
        CHECK(by_cpu.log.find("fess (thread 1) won") != std::string::npos);
        sokoban_test::portfolio_solves_and_replays(micro, level, {never, t1_only, {"fesscpu", "off"}}, by_count);
        CHECK(by_count.log.find("fess (thread 1) won") == std::string::npos);
        CHECK(by_count.log.find("(thread 1) won") != std::string::npos);
    }
}
