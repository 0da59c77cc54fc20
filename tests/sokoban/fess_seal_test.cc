// fess_seal_test.cc -- the seal count (seal.h, session 21) and FESS's option for it
// (fessseal=off|on|t0|t1, fess.h): the option, the count on positions of XSokoban 16 and 41
// where the next packing layers seal a way that boxes still need (and on variants where they
// do not), and FESS's solutions with it on replayed by the checker.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/packing.h"
#include "../../plugins/sokoban/seal.h"

namespace {

// A level's map with some cells changed: (row, column, character) each.
struct Edit {
    int row, column;
    char ch;
};
std::string edited(const std::string &map, const std::vector<Edit> &edits) {
    std::vector<std::string> rows;
    size_t from = 0;
    for (size_t at = map.find('\n'); at != std::string::npos; from = at + 1, at = map.find('\n', from))
        rows.push_back(map.substr(from, at - from));
    for (const Edit &e : edits) {
        std::string &r = rows[static_cast<size_t>(e.row)];
        if (r.size() <= static_cast<size_t>(e.column)) r.resize(static_cast<size_t>(e.column) + 1, ' ');
        r[static_cast<size_t>(e.column)] = e.ch;
    }
    std::string out;
    for (const std::string &r : rows) out += r + "\n";
    return out;
}

struct Count {
    int count, layer;
};

// The seal count of `position` (the same walls and goals as `level`) under the order FESS's
// members use on `level` (packing.h, park3), the first layer not full taken from the position.
Count seal_of(const std::string &level, const std::string &position) {
    sokoban_test::Fixture lv(level), pos(position);
    const sokoban::Board &b = lv.inst.board, &p = pos.inst.board;
    REQUIRE(b.n == p.n);
    REQUIRE(b.goals == p.goals);
    const sokoban::PackingOrder order = sokoban::compute_packing_order(b, sokoban::pack_out_park(3));
    const sokoban::SealMap m = sokoban::compute_seal(b, order);
    REQUIRE_FALSE(m.empty());
    std::vector<uint8_t> occ(b.n, 0);
    for (int c : p.start_boxes) occ[c] = 1;
    std::vector<uint32_t> per_layer;
    sokoban::packed_in_order(order, b, occ.data(), per_layer);
    int next = 0;
    while (next < order.layers && per_layer[next] == order.layer_size[next]) ++next;
    sokoban::SealScratch s;
    Count c{0, -1};
    c.count = sokoban::seal_count(m, b, occ.data(), p.start_boxes.data(), static_cast<int>(p.start_boxes.size()),
                                  p.start_player, next, s, &c.layer);
    return c;
}

std::string xsokoban(int level) {
    return solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb"), level);
}

} // namespace

TEST_CASE("Sokoban.FessSeal.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fessseal == 0); // off by default
    CHECK(parsed("fessseal", "off").fessseal == 0);
    CHECK(parsed("fessseal", "on").fessseal == 1);
    CHECK(parsed("fessseal", "t0").fessseal == 2);
    CHECK(parsed("fessseal", "t1").fessseal == 3);
    CHECK(parsed("fessseal", "fess0").fessseal == 4);
    CHECK(refused("fessseal", "1").find("fessseal") != std::string::npos);
    CHECK(refused("fessseal", "t2").find("fessseal") != std::string::npos);
    CHECK(refused("fessseal", "").find("fessseal") != std::string::npos);
}

TEST_CASE("Sokoban.FessSeal.TheFirstLayerSealsThePocketOfXSokoban16") {
    // The order's first goal, (7,12), is the only way the player has to (6,11), from where the
    // box of (6,10) (and the one of (4,10), which can only come down to (6,10)) is pushed left:
    // filling it first leaves a box without a goal.
    const std::string level = xsokoban(16);
    const Count start = seal_of(level, level);
    CHECK(start.count == 1);
    CHECK(start.layer == 0);
    // Both boxes of column 10 pushed left out of the way first, the player at (6,11): no seal.
    const std::string moved = edited(level, {{4, 10, ' '}, {6, 10, ' '}, {5, 3, ' '}, {5, 8, '$'}, {6, 9, '$'}, {6, 11, '@'}});
    CHECK(seal_of(level, moved).count == 0);
}

TEST_CASE("Sokoban.FessSeal.TheBottomRowOfXSokoban41SealsTheColumn") {
    // The start can follow the order (lower boxes may fill the first goals by way of the upper
    // room); once the first goal, (11,2), holds the nearest box, from the upper room, the lower
    // room keeps one box too many for the goals it can still reach.
    const std::string level = xsokoban(41);
    CHECK(seal_of(level, level).count == 0);
    const std::string filled = edited(level, {{8, 17, ' '}, {6, 11, ' '}, {11, 2, '*'}, {10, 12, '@'}});
    const Count c = seal_of(level, filled);
    CHECK(c.count == 1);
    CHECK(c.layer == 1);
}

TEST_CASE("Sokoban.FessSeal.SolvesAndReplaysWithTheCountOn") {
    // FESS with fessseal=on (the count made: the member has a packing order) solves three
    // Microban levels, the checker replaying each answer.
    sokoban::Options o;
    o.fessseal = 1;
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {7, 42, 83}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        sokoban_test::Fixture fx(text, o);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        REQUIRE(search.seal() != nullptr);
        REQUIRE(search.run(200000, {}) == sokoban::FessSearch::Status::solved);
        sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
    }
}
