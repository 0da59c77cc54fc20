// packing_strand_test.cc -- session 32: the packing order that does not strand the start's boxes
// (packstrand=off|on|t0|t1, packing.h PACK_STRAND): the option and its members, the layers of
// small levels made for it against hand-made expectations (a door goal between two goals the
// usual orders fill after it; the same level with the side rule, which needs no change; one where
// no choice helps and the rule falls back), the Microban orders that pass the check unchanged,
// and FESS solving with it, replayed by the checker.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/packing.h"
#include "../../plugins/sokoban/parse.h"

namespace {

// A corridor one cell wide between two rooms holds three goals: gL (2,4), the door D (2,5) and
// gR (2,6). Two boxes start in the left room, (2,2) and (3,2), with the player; one in the right
// room, (2,8). With every goal standing, gL's box can be pulled into the left room and gR's into
// the right one; D's box comes free only once one of them is gone. So the usual orders (every
// rule) free gL and gR in the first backward round and D in the second: D is layer 0, gL and gR
// layer 1. Forward, with D full, gL and gR lie on the two sides of it and the player, in one
// part, can fill only one: the boundary after layer 0 strands a box (by hand: the right box can
// reach gR only, a left box gL only, and the player is on one side).
// The strand check: the first round's two goals together leave that boundary (fails); gL alone
// leaves D and gR standing and gL empty: the right box takes gR, a left box D (no walls among
// the standing goals), the other left box gL from the left part -- it passes, and gR alone after
// it does not (D standing, gL and gR empty on two sides). The second round frees D and gR
// together (no walls left). Layers: D and gR first (the player fills gR, comes back, fills D from
// the left), gL last.
const std::string kDoorTwoLeft = "###########\n"
                                 "#   ###   #\n"
                                 "# $ ... $ #\n"
                                 "# $@###   #\n"
                                 "#   ###   #\n"
                                 "###########\n";

// The same with one box on the left, (2,2), and two on the right, (2,8) and (3,7). The one-box-
// per-start-cell rules (match, park) can bring D's box only from the right (the left start cell
// is gL's). The check takes gL alone in the first round (as above), but then no choice of the
// second round passes (D's box cannot be matched while gR stands; gR alone leaves gL and gR
// split by D): the round falls back to today's (strand_rounds 1) and the order still strands --
// the limit of the rule's one-round view (taking gR first would have passed throughout). The
// side rule (packside=on) gives gL, the door, gR, which passes.
const std::string kDoorOneLeft = "###########\n"
                                 "#   ###   #\n"
                                 "# $ ... $ #\n"
                                 "#  @###$  #\n"
                                 "#   ###   #\n"
                                 "###########\n";

// The cells off `wall` reached from `from` (a flood of this test's own).
std::vector<uint8_t> flood(const sokoban::Board &b, const std::vector<uint8_t> &wall, int from) {
    std::vector<uint8_t> seen(b.n, 0);
    std::vector<int> todo{from};
    seen[from] = 1;
    while (!todo.empty()) {
        const int c = todo.back();
        todo.pop_back();
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x >= 0 && !wall[x] && !seen[x]) {
                seen[x] = 1;
                todo.push_back(x);
            }
        }
    }
    return seen;
}

bool is_layering(const sokoban::Board &b, const sokoban::PackingOrder &p) {
    uint32_t total = 0;
    for (uint32_t n : p.layer_size) total += n;
    if (total != b.goals.size() + p.parks.size()) return false;
    for (int g : b.goals)
        if (p.layer[g] < 0 || p.layer[g] >= p.layers) return false;
    return true;
}

} // namespace

TEST_CASE("Sokoban.PackingStrand.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.packstrand == sokoban::PACKSTRAND_OFF); // off by default
    CHECK(parsed("packstrand", "off").packstrand == sokoban::PACKSTRAND_OFF);
    CHECK(parsed("packstrand", "on").packstrand == sokoban::PACKSTRAND_ON);
    CHECK(parsed("packstrand", "t0").packstrand == sokoban::PACKSTRAND_T0);
    CHECK(parsed("packstrand", "t1").packstrand == sokoban::PACKSTRAND_T1);
    CHECK(refused("packstrand", "t2").find("packstrand") != std::string::npos);
    CHECK(refused("packstrand", "1").find("packstrand") != std::string::npos);
    CHECK(refused("packstrand", "").find("packstrand") != std::string::npos);
    // The members (fess.h pack_side_of): the bit on top of the member's side rule.
    sokoban::Options o; // packside=t1, the default
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS1) == sokoban::PACK_SIDE_ON);
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS0) == sokoban::PACK_SIDE_OFF);
    o.packstrand = sokoban::PACKSTRAND_ON;
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS1) == (sokoban::PACK_SIDE_ON | sokoban::PACK_STRAND));
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS0) == sokoban::PACK_STRAND);
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_PACKALL) == sokoban::PACK_STRAND);
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_DEFAULT) == sokoban::PACK_STRAND);
    o.packstrand = sokoban::PACKSTRAND_T0;
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS0) == sokoban::PACK_STRAND);
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS1) == sokoban::PACK_SIDE_ON);
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_PACKALL) == sokoban::PACK_SIDE_OFF);
    o.packstrand = sokoban::PACKSTRAND_T1;
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS0) == sokoban::PACK_SIDE_OFF);
    CHECK(sokoban::pack_side_of(o, sokoban::PACK_FOR_FESS1) == (sokoban::PACK_SIDE_ON | sokoban::PACK_STRAND));
}

TEST_CASE("Sokoban.PackingStrand.TheDoorIsNotFilledBetweenItsGoals") {
    sokoban_test::Fixture fx(kDoorTwoLeft);
    const sokoban::Board &b = fx.inst.board;
    const int gl = fx.cell(2, 4), door = fx.cell(2, 5), gr = fx.cell(2, 6);
    REQUIRE(b.goals.size() == 3);
    // The hand-made fact: with the door full, gL and gR are in two parts of the floor.
    std::vector<uint8_t> wall(b.n, 0);
    wall[door] = 1;
    CHECK_FALSE(flood(b, wall, gl)[gr]);
    for (int out : {int(sokoban::PACK_OUT_FLOOR), int(sokoban::PACK_OUT_START), int(sokoban::PACK_OUT_MATCH),
                    int(sokoban::PACK_OUT_PARK), sokoban::pack_out_park(3)}) {
        CAPTURE(out);
        const sokoban::PackingOrder plain = sokoban::compute_packing_order(b, out);
        CHECK(plain.layer_size == std::vector<uint32_t>{1, 2});
        CHECK(plain.layer[door] == 0);
        CHECK(plain.layer[gl] == 1);
        CHECK(plain.layer[gr] == 1);
        CHECK(sokoban::stranded_boundaries(b, plain) == 1);
        const sokoban::PackingOrder strand = sokoban::compute_packing_order(b, out, sokoban::PACK_STRAND);
        CHECK(strand.side == sokoban::PACK_STRAND);
        CHECK(strand.rule == out);
        CHECK(strand.layer_size == std::vector<uint32_t>{2, 1});
        CHECK(strand.layer[door] == 0);
        CHECK(strand.layer[gr] == 0);
        CHECK(strand.layer[gl] == 1);
        CHECK(strand.strand_rounds == 0);
        CHECK(sokoban::stranded_boundaries(b, strand) == 0);
        // With the side rule the order keeps the player's side already (three layers of one, gR,
        // the door, gL) and passes the check: the strand bit changes nothing.
        const sokoban::PackingOrder side = sokoban::compute_packing_order(b, out, sokoban::PACK_SIDE_ON);
        const sokoban::PackingOrder both = sokoban::compute_packing_order(b, out, sokoban::PACK_SIDE_ON | sokoban::PACK_STRAND);
        CHECK(side.layer_size == std::vector<uint32_t>{1, 1, 1});
        CHECK(side.layer[gr] == 0);
        CHECK(side.layer[door] == 1);
        CHECK(sokoban::stranded_boundaries(b, side) == 0);
        CHECK(both.layer == side.layer);
        CHECK(both.layer_size == side.layer_size);
        CHECK(both.side_rounds == side.side_rounds);
    }
}

TEST_CASE("Sokoban.PackingStrand.NoChoiceFallsBackToTheRound") {
    sokoban_test::Fixture fx(kDoorOneLeft);
    const sokoban::Board &b = fx.inst.board;
    const int gl = fx.cell(2, 4), door = fx.cell(2, 5), gr = fx.cell(2, 6);
    for (int out : {int(sokoban::PACK_OUT_MATCH), sokoban::pack_out_park(3)}) {
        CAPTURE(out);
        const sokoban::PackingOrder plain = sokoban::compute_packing_order(b, out);
        CHECK(plain.layer_size == std::vector<uint32_t>{1, 2});
        CHECK(sokoban::stranded_boundaries(b, plain) == 1);
        // gL deferred out of the first round, then the second round has no passing choice: gR
        // alone is freed as without the check, the door last.
        const sokoban::PackingOrder strand = sokoban::compute_packing_order(b, out, sokoban::PACK_STRAND);
        CHECK(strand.layer_size == std::vector<uint32_t>{1, 1, 1});
        CHECK(strand.layer[door] == 0);
        CHECK(strand.layer[gr] == 1);
        CHECK(strand.layer[gl] == 2);
        CHECK(strand.strand_rounds == 1);
        CHECK(sokoban::stranded_boundaries(b, strand) == 1);
        // The side rule: gL, the door, gR.
        const sokoban::PackingOrder side = sokoban::compute_packing_order(b, out, sokoban::PACK_SIDE_ON);
        CHECK(side.layer[gl] == 0);
        CHECK(side.layer[door] == 1);
        CHECK(side.layer[gr] == 2);
        CHECK(sokoban::stranded_boundaries(b, side) == 0);
    }
}

TEST_CASE("Sokoban.PackingStrand.MicrobanOrdersThatPassStayTheSame") {
    // The plain loop's rules (floor, match), with and without the side: an order whose every
    // boundary passes the check is the same with the strand bit (each round's goals pass, so
    // each round is today's); every order is a layering of all the goals; and over the set the
    // bit strands no more boundaries than the orders without it.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    int levels = 0, passing = 0, changed = 0, stranded_plain = 0, stranded_strand = 0;
    for (uint32_t level = 1;; ++level) {
        sokoban::Level lv;
        sokoban::Failure f;
        if (!sokoban::parse_level(micro.data(), micro.size(), level, lv, f)) break;
        ++levels;
        const sokoban::Board b = sokoban::build_board(lv);
        CAPTURE(level);
        for (int out : {int(sokoban::PACK_OUT_FLOOR), int(sokoban::PACK_OUT_MATCH)})
            for (int side : {int(sokoban::PACK_SIDE_OFF), int(sokoban::PACK_SIDE_ON)}) {
                CAPTURE(out);
                CAPTURE(side);
                const sokoban::PackingOrder plain = sokoban::compute_packing_order(b, out, side);
                const sokoban::PackingOrder strand = sokoban::compute_packing_order(b, out, side | sokoban::PACK_STRAND);
                CHECK(is_layering(b, strand));
                const int sp = sokoban::stranded_boundaries(b, plain), ss = sokoban::stranded_boundaries(b, strand);
                stranded_plain += sp;
                stranded_strand += ss;
                if (strand.layer != plain.layer) ++changed;
                if (sp > 0) continue;
                ++passing;
                CHECK(strand.layer == plain.layer);
                CHECK(strand.strand_rounds == 0);
            }
    }
    CHECK(levels == 155);
    CHECK(passing > 500); // most of the 620 orders pass
    CHECK(changed > 0);
    CHECK(stranded_strand <= stranded_plain);
    MESSAGE("changed ", changed, ", stranded boundaries ", stranded_plain, " -> ", stranded_strand);
}

TEST_CASE("Sokoban.PackingStrand.FessSolvesAndReplays") {
    // FESS with packstrand=on (packside off, so the order is the strand rule's alone): its order
    // is the strand rule's (park3, as the members'), and it solves the door level and Microban 62
    // (an order the bit changes), the checker replaying each answer.
    sokoban::Options o;
    o.packstrand = sokoban::PACKSTRAND_ON;
    o.packside = sokoban::PACK_SIDE_OFF;
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const std::string &text : {kDoorTwoLeft, solver_test::xsb_level(micro, 62)}) {
        sokoban_test::Fixture fx(text, o);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        search.set_order(sokoban::pack_out_park(3));
        REQUIRE(search.order());
        CHECK(search.order()->side == sokoban::PACK_STRAND);
        CHECK(sokoban::stranded_boundaries(fx.inst.board, *search.order()) == 0);
        REQUIRE(search.run(200000, {}) == sokoban::FessSearch::Status::solved);
        sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
    }
    {
        // A shared order computed without the bit (as portfolio.cc's) is computed again with it.
        sokoban_test::Fixture fx(kDoorTwoLeft, o);
        const sokoban::PackingOrder shared = sokoban::compute_packing_order(fx.inst.board, sokoban::PACK_OUT_MATCH);
        sokoban::FessSearch search(fx.inst, 64u << 20, &shared);
        REQUIRE(search.order());
        CHECK(search.order()->side == sokoban::PACK_STRAND);
        CHECK(search.order()->layer[fx.cell(2, 4)] == 1);
    }
}
