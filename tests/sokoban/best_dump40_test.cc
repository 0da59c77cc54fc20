// best_dump40_test.cc -- session 40: SOKOBAN_BEST_DUMP (portfolio.cc), the portfolio's best-first
// searches' least-h states written as XSB levels (search.h state_xsb), so that each can be
// solved, or proven dead, as a level of its own (NOTES.md, session 40). The drawing of a state,
// its round trip through the parser (a dumped state is the same state when read back), and the
// portfolio writing the file when the variable is set.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <unistd.h>

#include "test_util.h"

namespace {

// The map's lines, trailing blanks cut, each ended by '\n' (state_xsb's form).
std::string lines_of(const std::string &text) {
    std::string out, line;
    for (char ch : text) {
        if (ch != '\n') {
            line += ch;
            continue;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
        line.clear();
    }
    return out;
}

} // namespace

TEST_CASE("Sokoban.BestDump40.StateXsbDrawsTheInitialState") {
    // The player on the smallest cell of its area (the normalized cell, so the drawing keeps it
    // there); a box on a goal, a box off, an empty goal; the cell left of the player's area
    // that the player cannot reach drawn as the level has it.
    const std::string map = "#######\n"
                            "#@ $ .#\n"
                            "# *   #\n"
                            "#######\n";
    sokoban_test::Fixture fx(map);
    const std::vector<uint8_t> s = fx.initial();
    CHECK(sokoban::state_xsb(fx.inst.board, s.data()) == lines_of(map));
}

TEST_CASE("Sokoban.BestDump40.DumpedChildReadsBackAsTheSameState") {
    // Every child of the start, drawn and parsed again as a level of its own, is the same state
    // (the same walls give the same interior indices; the player is drawn on its normalized cell).
    const std::string map = "#########\n"
                            "#@      #\n"
                            "#  $ $  #\n"
                            "#   #   #\n"
                            "#  . .  #\n"
                            "#       #\n"
                            "#########\n";
    sokoban_test::Fixture fx(map);
    std::vector<uint8_t> root = fx.initial();
    struct Collect {
        uint32_t size;
        std::vector<std::vector<uint8_t>> kids;
    } got{fx.inst.state_size, {}};
    solver_sink sink{};
    sink.ctx = &got;
    sink.emit = [](void *ctx, const void *state, uint32_t, uint32_t, uint32_t, uint64_t) {
        auto *c = static_cast<Collect *>(ctx);
        const auto *b = static_cast<const uint8_t *>(state);
        c->kids.emplace_back(b, b + c->size);
        return 0;
    };
    sokoban::expand_state(fx.inst, fx.scratch, root.data(), sink);
    const uint32_t size = fx.inst.state_size;
    REQUIRE(got.kids.size() >= 4);
    for (const auto &kid : got.kids) {
        const std::string text = sokoban::state_xsb(fx.inst.board, kid.data());
        CAPTURE(text);
        sokoban_test::Fixture back(text);
        REQUIRE(back.inst.state_size == size);
        CHECK(back.initial() == kid);
    }
}

TEST_CASE("Sokoban.BestDump40.SingleThreadPortfolioWritesTheDump") {
    // With SOKOBAN_BEST_DUMP set, thread 1's greedy search writes PREFIX.t1.xsb when it ends:
    // a header, then levels that parse, each with the level's boxes. Unset, nothing is written.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    // A fresh folder of its own (not the build directory's: a sanitizer build has no build/).
    const char *tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/best_dump40_XXXXXX";
    REQUIRE(mkdtemp(dir.data()) != nullptr);
    const std::string prefix = dir + "/dump";
    const std::string file = prefix + ".t1.xsb";
    std::remove(file.c_str());
    {
        sokoban_test::StubRuntime unset(2, true);
        sokoban_test::portfolio_solves_and_replays(micro, 3, {{"fess0", "off"}}, unset);
        std::FILE *f = std::fopen(file.c_str(), "r");
        CHECK(f == nullptr);
        if (f) std::fclose(f);
    }
    setenv("SOKOBAN_BEST_DUMP", prefix.c_str(), 1);
    sokoban_test::StubRuntime rt(2, true);
    sokoban_test::portfolio_solves_and_replays(micro, 3, {{"fess0", "off"}}, rt);
    unsetenv("SOKOBAN_BEST_DUMP");
    const std::string text = sokoban_test::read_text(file);
    REQUIRE(!text.empty());
    CHECK(text.rfind("; SOKOBAN_BEST_DUMP: greedy (t1)", 0) == 0);
    CHECK(text.find("\n; level 1: greedy (t1) ") != std::string::npos);
    sokoban::Instance level3;
    sokoban::init_instance(level3, sokoban_test::parse_ok(micro, 3), sokoban::Options{});
    const size_t boxes = level3.board.start_boxes.size();
    uint32_t levels = 0;
    for (size_t at = text.find("\n; level "); at != std::string::npos; at = text.find("\n; level ", at + 1)) ++levels;
    REQUIRE(levels >= 1);
    for (uint32_t l = 1; l <= levels; ++l) {
        CAPTURE(l);
        sokoban::Instance dumped;
        sokoban::init_instance(dumped, sokoban_test::parse_ok(text, l), sokoban::Options{});
        CHECK(dumped.board.start_boxes.size() == boxes);
    }
    std::remove(file.c_str());
    std::remove((prefix + ".t0.xsb").c_str());
    std::remove((prefix + ".tie1.xsb").c_str());
    CHECK(rmdir(dir.c_str()) == 0);
}
