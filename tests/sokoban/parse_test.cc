// parse_test.cc -- both formats, level counting and selection, every parse error with its
// line and column.
#include <doctest/doctest.h>

#include "test_util.h"

using namespace sokoban;
using sokoban_test::parse_ok;
using sokoban_test::read_text;

namespace {
Failure parse_fail(const std::string &text, uint32_t level = 1) {
    Level lv;
    Failure f;
    CHECK_FALSE(parse_level(text.data(), text.size(), level, lv, f));
    return f;
}
bool contains(const std::string &s, const std::string &part) { return s.find(part) != std::string::npos; }
} // namespace

TEST_CASE("Sokoban.Parse.XsbCells") {
    const Level lv = parse_ok("; a comment\n"
                              "  #####\n"
                              "###-@ #\n"
                              "#  $* #\n"
                              "#_ .  #\n"
                              "#######");
    CHECK(lv.format == Format::xsb);
    CHECK(lv.width == 7);
    CHECK(lv.height == 5);
    CHECK(lv.first_line == 2);
    CHECK(lv.player == 1 * 7 + 4);
    CHECK(lv.box_count == 2);
    CHECK(lv.goal_count == 2);
    CHECK(lv.grid[1 * 7 + 0] == CELL_WALL);
    CHECK(lv.grid[2 * 7 + 3] == CELL_BOX);
    CHECK(lv.grid[2 * 7 + 4] == (CELL_BOX | CELL_GOAL));
    CHECK(lv.grid[3 * 7 + 3] == CELL_GOAL);
    CHECK(lv.grid[3 * 7 + 1] == 0); // '_' floor
    CHECK(lv.grid[1 * 7 + 3] == 0); // '-' floor
    // The SOK format's letters: p/P player (on a goal), b/B box (on a goal).
    const Level letters = parse_ok("  #####\n###-p #\n#  bB #\n#_ .  #\n#######");
    CHECK(letters.grid == lv.grid);
    CHECK(letters.player == lv.player);
    CHECK(parse_ok("#####\n#P$ #\n#####").grid == parse_ok("#####\n#+b #\n#####").grid);
}

TEST_CASE("Sokoban.Parse.XsbPlayerOnGoalAndCrlf") {
    const Level lv = parse_ok("#####\r\n#+$ #\r\n#####\r\n");
    CHECK(lv.width == 5);
    CHECK(lv.player == 6);
    CHECK(lv.grid[6] == CELL_GOAL);
}

TEST_CASE("Sokoban.Parse.CourseFormat") {
    const Level lv = parse_ok(read_text("puzzles/sokoban/course/21.txt"));
    CHECK(lv.format == Format::course);
    CHECK(lv.width == 7);
    CHECK(lv.height == 8);
    CHECK(lv.player == 1 * 7 + 2); // '!' player on a fragile tile
    CHECK(lv.grid[lv.player] == CELL_FRAGILE);
    CHECK(lv.grid[4 * 7 + 2] == CELL_FRAGILE); // '@'
    CHECK(lv.grid[2 * 7 + 2] == CELL_BOX);
    CHECK(lv.grid[6 * 7 + 2] == CELL_GOAL);
    CHECK(lv.box_count == 1);

    const Level lv2 = parse_ok("#####\n#O X#\n#x  #\n#####");
    CHECK(lv2.format == Format::course);
    CHECK(lv2.grid[lv2.player] == CELL_GOAL);
    CHECK(lv2.grid[1 * 5 + 3] == (CELL_BOX | CELL_GOAL));
    CHECK(lv2.box_count == 2);
    CHECK(lv2.goal_count == 2);
}

TEST_CASE("Sokoban.Parse.EveryCourseMapParses") {
    for (int i = 1; i <= 25; ++i) {
        char name[64];
        std::snprintf(name, sizeof name, "puzzles/sokoban/course/%02d.txt", i);
        const std::string text = read_text(name);
        REQUIRE(!text.empty());
        Level lv;
        Failure f;
        INFO(name << ": " << f.message);
        CHECK(parse_level(text.data(), text.size(), 1, lv, f));
        CHECK(lv.format == Format::course);
    }
}

TEST_CASE("Sokoban.Parse.MicrobanLevels") {
    const std::string text = read_text("puzzles/sokoban/microban_155.xsb");
    REQUIRE(!text.empty());
    uint32_t count = 0;
    Failure f;
    REQUIRE(count_levels(text.data(), text.size(), count, f));
    CHECK(count == 155);
    const Level first = parse_ok(text, 1);
    CHECK(first.width == 6);
    CHECK(first.height == 7);
    CHECK(first.box_count == 2);
    CHECK(first.first_line == 12); // after the credit line, the header comments and "; 1"
    for (uint32_t k = 1; k <= count; ++k) {
        Level lv;
        Failure g;
        INFO("level " << k << ": " << g.message);
        CHECK(parse_level(text.data(), text.size(), k, lv, g));
        CHECK(lv.format == Format::xsb);
    }
    const Level last = parse_ok(text, 155); // 'The Dungeon': a title line, then the map
    CHECK(last.width == 31);
    CHECK(last.height == 17);
    const Failure out = parse_fail(text, 156);
    CHECK(contains(out.message, "1..155"));
    const Failure zero = parse_fail(text, 0);
    CHECK(contains(zero.message, "1..155"));
}

TEST_CASE("Sokoban.Parse.ErrorEmptyInput") {
    Failure f = parse_fail("");
    CHECK(f.line == 1);
    CHECK(f.column == 1);
    CHECK(contains(f.message, "empty input"));
    f = parse_fail("; only a comment\n\n   \n");
    CHECK(f.line == 1);
    CHECK(contains(f.message, "no level"));
    uint32_t count = 7;
    CHECK_FALSE(count_levels("", 0, count, f));
}

TEST_CASE("Sokoban.Parse.ErrorMissingPlayer") {
    const Failure f = parse_fail("; c\n#####\n# $.#\n#####");
    CHECK(f.line == 2);
    CHECK(f.column == 1);
    CHECK(contains(f.message, "missing player"));
    CHECK(contains(f.message, "'@' or '+'"));
    const Failure g = parse_fail("#####\n# x.#\n#####");
    CHECK(contains(g.message, "'o', 'O' or '!'"));
}

TEST_CASE("Sokoban.Parse.ErrorTwoPlayers") {
    const Failure f = parse_fail("; title\n\n#####\n#@$.#\n#  @#\n#####\n");
    CHECK(f.line == 5);
    CHECK(f.column == 4);
    CHECK(contains(f.message, "second player"));
    CHECK(contains(f.message, "line 4 column 2"));
    const Failure g = parse_fail("######\n#o x.#\n#  O #\n######");
    CHECK(g.line == 3);
    CHECK(g.column == 4);
}

TEST_CASE("Sokoban.Parse.ErrorBoxesAndGoals") {
    const Failure f = parse_fail("\n######\n#@$$.#\n######");
    CHECK(f.line == 2);
    CHECK(f.column == 1);
    CHECK(contains(f.message, "2 boxes but 1 goal"));
    const Failure g = parse_fail("######\n#o x.#\n#  . #\n######");
    CHECK(contains(g.message, "1 box but 2 goals"));
}

TEST_CASE("Sokoban.Parse.ErrorUnknownCharacter") {
    const Failure f = parse_fail("#####\n#@$.#\n#  Z#\n#####");
    CHECK(f.line == 3);
    CHECK(f.column == 4);
    CHECK(f.message == "unknown character 'Z'; expected one of # @ + $ * . space - _ (or p P b B for @ + $ *)");
    const Failure g = parse_fail("; c\n#####\n#o$.#\n#####");
    CHECK(g.line == 3);
    CHECK(g.column == 3);
    CHECK(g.message == "unknown character '$'; expected one of # o O x X . @ ! space; the map is read in the course "
                       "format because of 'o' at line 3 column 2");
    // An XSB map with one stray course character: the hint names it.
    const Failure x = parse_fail("#####\n#@$x#\n#####");
    CHECK(x.line == 2);
    CHECK(x.column == 3);
    CHECK(contains(x.message, "because of 'x' at line 2 column 4"));
    // A NUL byte is no course character: the XSB map's error names it.
    const Failure n = parse_fail(std::string("#####\n#@$\0.#\n#####", 17));
    CHECK(n.line == 2);
    CHECK(n.column == 4);
    CHECK(n.message == "unknown character '\\x00'; expected one of # @ + $ * . space - _ (or p P b B for @ + $ *)");
    // A character unknown in both formats gets no hint.
    const Failure z = parse_fail("#####\n#oxZ#\n#.  #\n#####");
    CHECK(z.column == 4);
    CHECK(!contains(z.message, "because of"));
    const Failure t = parse_fail("#####\n#@\t.#\n#####");
    CHECK(t.column == 3);
    CHECK(contains(t.message, "'\\t'"));
}

TEST_CASE("Sokoban.Parse.ErrorNotClosed") {
    // The player's area reaches the right edge at line 2 column 5.
    Failure f = parse_fail("#####\n#@$. \n#####");
    CHECK(f.line == 2);
    CHECK(f.column == 5);
    CHECK(contains(f.message, "not closed"));
    // A short line: the cell beyond its end is outside the map.
    f = parse_fail("; x\n#####\n#@$.\n#####");
    CHECK(f.line == 3);
    CHECK(f.column == 5);
    // A gap in the top wall.
    f = parse_fail("## ##\n#@$.#\n#####");
    CHECK(f.line == 1);
    CHECK(f.column == 3);
    // Floor outside the walls is fine when the player cannot reach it.
    CHECK_NOTHROW(parse_ok("   \n #####  \n #@$.#  \n #####"));
}

TEST_CASE("Sokoban.Parse.TitleAndAuthorLinesSeparateLevels") {
    // Collections from other sources put metadata lines between (or after) the maps, without ';'.
    const std::string text = "Title: Two rooms\n"
                             "Author: someone\n"
                             "#####\n#@$.#\n#####\n"
                             "Comment: box one\n"
                             "Level 2\n"
                             "  ######\n  #@ $.#\n  ######\n"
                             "12\n"
                             "-----\n"
                             "#######\n#@ $ .#\n#######\n";
    uint32_t count = 0;
    Failure f;
    REQUIRE(count_levels(text.data(), text.size(), count, f));
    CHECK(count == 3);
    const Level one = parse_ok(text, 1);
    CHECK(one.first_line == 3);
    CHECK(one.height == 3);
    CHECK(one.format == Format::xsb); // "Two rooms" and "box one" hold 'o' and 'x': not map rows
    const Level two = parse_ok(text, 2);
    CHECK(two.first_line == 8);
    CHECK(two.width == 8);
    const Level three = parse_ok(text, 3);
    CHECK(three.first_line == 13);
    CHECK(three.width == 7);
    CHECK(three.box_count == 1);
}

TEST_CASE("Sokoban.Parse.RunLengthRows") {
    const Level plain = parse_ok("  ######\n###  @ #\n#  $-. #\n########");
    // The same map run-length encoded: counts before characters, '|' between rows.
    const Level rle = parse_ok("2-6#|3#2-@-#\n#2-$-.-#|8#");
    CHECK(rle.width == plain.width);
    CHECK(rle.height == plain.height);
    CHECK(rle.player == plain.player);
    CHECK(rle.grid == plain.grid); // '-' and ' ' are both floor
    // Errors point at the count in the line it stands in.
    Failure f = parse_fail("5#\n#@$.#\n#0-#\n5#");
    CHECK(f.line == 3);
    CHECK(f.column == 2);
    CHECK(contains(f.message, "run length of 0"));
    f = parse_fail("5#\n#@$.12\n5#");
    CHECK(f.line == 2);
    CHECK(f.column == 5);
    CHECK(contains(f.message, "at the end of a row"));
    f = parse_fail("5#|#@$.99999#|5#");
    CHECK(f.line == 1);
    CHECK(f.column == 8);
    CHECK(contains(f.message, "run length over"));
    // An unknown character inside a run-length row: its own column.
    f = parse_fail("5#|#@$Z#|5#");
    CHECK(f.line == 1);
    CHECK(f.column == 7);
    CHECK(contains(f.message, "unknown character 'Z'"));
}
