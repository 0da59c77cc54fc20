// fess0_test.cc -- the portfolio's second FESS member on thread 0 (fess0=off|on|chain,
// fess0after=N; portfolio.h): FessSearch::set_chain gives one search the toward advisor's other
// form whatever the options say (the same expansions as a search built with that fesstoward),
// the options parse, and the portfolio with the member from the first expansion on solves
// levels whose answers the verifier replays.
#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "sokoban_checker.h" // xsb_level (compiled in by checker_link.cc)

namespace {

using sokoban::FessSearch;

// FESS expansions to a solution on `text` (0 when not solved).
uint64_t fess_expansions(const std::string &text, int toward, int set_chain) {
    sokoban::Options o;
    o.fesstoward = toward;
    sokoban_test::Fixture fx(text, o);
    FessSearch search(fx.inst, 256u << 20);
    if (set_chain >= 0) search.set_chain(set_chain == 1);
    return search.run(2000000, {}) == FessSearch::Status::solved ? search.expanded() : 0;
}

} // namespace

TEST_CASE("Sokoban.Fess0.SetChainMatchesTheOption") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    uint64_t on = 0, chain = 0;
    for (int level : {10, 25, 42, 60, 78, 100, 120}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        const uint64_t with_on = fess_expansions(text, 1, -1), with_chain = fess_expansions(text, 2, -1);
        REQUIRE(with_on > 0);
        REQUIRE(with_chain > 0);
        CHECK(fess_expansions(text, 2, 0) == with_on);    // chain options, set to on
        CHECK(fess_expansions(text, 1, 1) == with_chain); // on options, set to chain
        CHECK(fess_expansions(text, 0, 0) == fess_expansions(text, 0, -1)); // off stays off
        on += with_on;
        chain += with_chain;
    }
    CHECK(on != chain); // else the setter would test nothing
}

TEST_CASE("Sokoban.Fess0.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fess0 == 1); // on by default
    CHECK(sokoban::Options{}.fess0after == (1u << 16));
    CHECK(parsed("fess0", "off").fess0 == 0);
    CHECK(parsed("fess0", "on").fess0 == 1);
    CHECK(parsed("fess0", "chain").fess0 == 2);
    CHECK(refused("fess0", "share").find("fess0") != std::string::npos);
    CHECK(parsed("fess0after", "0").fess0after == 0);
    CHECK(parsed("fess0after", "4096").fess0after == 4096);
    CHECK(refused("fess0after", "-1").find("fess0after") != std::string::npos);
    CHECK(refused("fess0after", "12x").find("fess0after") != std::string::npos);
    CHECK(refused("fess0after", "").find("fess0after") != std::string::npos);
}


TEST_CASE("Sokoban.Fess0.PortfolioWithTheMemberSolvesAndReplays") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const char *mode : {"on", "chain"}) {
        for (uint32_t level : {1u, 42u, 100u}) {
            CAPTURE(mode);
            CAPTURE(level);
            sokoban_test::StubRuntime rt;
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"fess0", mode}, {"fess0after", "0"}}, rt);
        }
    }
}
