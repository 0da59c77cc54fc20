// packing_order_test.cc -- FESS round 7: the packing order's pull-out rule (packorder=floor|
// start|t0|t1, packing.h) and the followability check (unfollowable_layer). The start cells'
// order can be followed by construction wherever every round got a box out to a start cell
// (checked on every Microban and XSokoban level); the floor rule's order on XSokoban 11 cannot
// be (its second layer asks for a goal that no box can reach with the first layer full); the
// option, the setter (the same search as the option) and solutions replayed by the checker.
// Session 13: packorder=match (one box per start cell) and the check's matching rule.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/packing.h"
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::FessSearch;

// Every level of a collection's text, parsed and built: fn(level, board), from level 1 until
// the parser finds no more.
template <class Fn>
void for_each_level(const std::string &text, Fn fn) {
    for (uint32_t level = 1;; ++level) {
        sokoban::Level lv;
        sokoban::Failure f;
        if (!sokoban::parse_level(text.data(), text.size(), level, lv, f)) break;
        fn(level, sokoban::build_board(lv));
    }
}

} // namespace

TEST_CASE("Sokoban.PackingOrder.Option") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.packorder == 4); // match by default (session 13; start before)
    CHECK(parsed("packorder", "floor").packorder == 0);
    CHECK(parsed("packorder", "start").packorder == 1);
    CHECK(parsed("packorder", "t0").packorder == 2);
    CHECK(parsed("packorder", "t1").packorder == 3);
    CHECK(refused("packorder", "goals").find("packorder") != std::string::npos);
}

TEST_CASE("Sokoban.PackingOrder.StartOrderIsFollowable") {
    // Reversed, each pull out to a start cell is a push from there onto the goal with the
    // earlier layers standing: whenever no round fell back to the floor rule, the check must
    // find every layer fillable.
    int checked = 0, checked_match = 0, floor_bad = 0;
    for (const char *file : {"puzzles/sokoban/microban_155.xsb", "puzzles/sokoban/xsokoban_90.xsb"}) {
        for_each_level(sokoban_test::read_text(file), [&](uint32_t level, const sokoban::Board &b) {
            const sokoban::PackingOrder start = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
            const sokoban::PackingOrder floor = sokoban::compute_packing_order(b, sokoban::PACK_OUT_FLOOR);
            CAPTURE(file);
            CAPTURE(level);
            // Every goal has a layer, and the layer sizes add up.
            uint32_t total = 0;
            for (uint32_t s : start.layer_size) total += s;
            CHECK(total == b.goals.size());
            for (int g : b.goals) CHECK(start.layer[g] >= 0);
            floor_bad += sokoban::unfollowable_layer(b, floor, nullptr, false) >= 0;
            // Session 13: the matching order, whenever no round fell back (to the start rule or
            // the floor rule), passes the check with one box per start cell (its own rule).
            const sokoban::PackingOrder match = sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH);
            if (match.floor_rounds == 0 && match.shared_rounds == 0) {
                ++checked_match;
                CHECK(sokoban::unfollowable_layer(b, match) == -1);
            }
            if (start.floor_rounds != 0) return;
            ++checked;
            CHECK(sokoban::unfollowable_layer(b, start, nullptr, false) == -1); // the session-12 check
        });
    }
    MESSAGE("start orders checked followable: " << checked << "; match orders: " << checked_match
                                                 << "; floor orders not followable: " << floor_bad);
    CHECK(checked > 150);
    CHECK(checked_match > 150);
    CHECK(floor_bad > 0); // else the check would tell the rules apart nowhere
}

TEST_CASE("Sokoban.PackingOrder.FloorOrderOfXSokoban11IsNotFollowable") {
    // XSokoban 11's goal room (entrance from above at column 4): the floor rule frees boxes
    // onto the room's own floor (the pocket at row 11, column 3), so its order asks for a goal
    // that no box from outside can reach at that point; the start rule's order can be followed.
    const std::string x = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const sokoban::Board b = sokoban::build_board(sokoban_test::parse_ok(solver_test::xsb_level(x, 11)));
    const sokoban::PackingOrder floor = sokoban::compute_packing_order(b, sokoban::PACK_OUT_FLOOR);
    const sokoban::PackingOrder start = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
    int goal = -1;
    const int bad = sokoban::unfollowable_layer(b, floor, &goal);
    CHECK(bad >= 0);
    CHECK(goal >= 0);
    CHECK(start.floor_rounds == 0);
    CHECK(sokoban::unfollowable_layer(b, start) == -1);
}

TEST_CASE("Sokoban.PackingOrder.MicrobanTenFillsTheTopGoalFirst") {
    // Microban 10: a column of three goals entered from below, and a corridor from the top
    // goal round to the boxes' row. The floor rule frees the top goal's box into that corridor
    // at once, so it puts the top goal last, after the middle one; but once the middle goal is
    // full, no box reaches the top one (from below it passes the middle goal, from the right
    // it would have to come out of the corridor's far end, where no push puts a box). The start
    // rule pulls every box out to the start cells: top goal first, then middle, then bottom.
    const std::string text = "      #####\n"
                             "      #.  #\n"
                             "      #.# #\n"
                             "#######.# #\n"
                             "# @ $ $ $ #\n"
                             "# # # # ###\n"
                             "#       #\n"
                             "#########";
    sokoban_test::Fixture fx(text);
    const sokoban::Board &b = fx.inst.board;
    const sokoban::PackingOrder floor = sokoban::compute_packing_order(b, sokoban::PACK_OUT_FLOOR);
    const sokoban::PackingOrder start = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
    const int top = fx.cell(1, 7), middle = fx.cell(2, 7), bottom = fx.cell(3, 7);
    CHECK(floor.layer[top] > floor.layer[middle]); // the floor rule: top after middle
    int goal = -1;
    CHECK(sokoban::unfollowable_layer(b, floor, &goal) == floor.layer[top]);
    CHECK(goal == top);
    REQUIRE(start.layers == 3);
    CHECK(start.floor_rounds == 0);
    CHECK(start.layer[top] == 0);
    CHECK(start.layer[middle] == 1);
    CHECK(start.layer[bottom] == 2);
    CHECK(sokoban::unfollowable_layer(b, start) == -1);
}

TEST_CASE("Sokoban.PackingOrder.SetOrderMatchesTheOption") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    uint64_t total_floor = 0, total_start = 0;
    for (int level : {10, 25, 42, 60, 78, 100}) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        sokoban::Options floor, start;
        floor.packorder = 0;
        start.packorder = 1;
        const uint64_t f = sokoban_test::fess_expansions_to_solve(text, floor, [](FessSearch &) {});
        const uint64_t s = sokoban_test::fess_expansions_to_solve(text, start, [](FessSearch &) {});
        REQUIRE(f > 0);
        REQUIRE(s > 0);
        CHECK(sokoban_test::fess_expansions_to_solve(text, floor, [](FessSearch &x) { x.set_order(sokoban::PACK_OUT_START); }) == s);
        CHECK(sokoban_test::fess_expansions_to_solve(text, start, [](FessSearch &x) { x.set_order(sokoban::PACK_OUT_FLOOR); }) == f);
        // With the plan feature (its tables follow the order).
        CHECK(sokoban_test::fess_expansions_to_solve(text, floor, [](FessSearch &x) {
                  x.set_plan(1);
                  x.set_order(sokoban::PACK_OUT_START);
              }) == sokoban_test::fess_expansions_to_solve(text, start, [](FessSearch &x) { x.set_plan(1); }));
        sokoban::Options match;
        match.packorder = 4;
        CHECK(sokoban_test::fess_expansions_to_solve(text, match, [](FessSearch &) {}) ==
              sokoban_test::fess_expansions_to_solve(text, floor, [](FessSearch &x) { x.set_order(sokoban::PACK_OUT_MATCH); }));
        total_floor += f;
        total_start += s;
    }
    MESSAGE("FESS expansions, 6 Microban levels: packorder=floor " << total_floor << ", start " << total_start);
}

TEST_CASE("Sokoban.PackingOrder.StartOrderSolvesAndReplays") {
    sokoban::Options o;
    o.packorder = 1;
    sokoban_test::fess_solves_microban_sample(o);
}

TEST_CASE("Sokoban.PackingOrder.MatchOrderSolvesAndReplays") {
    sokoban::Options o;
    o.packorder = 4;
    sokoban_test::fess_solves_microban_sample(o);
}

TEST_CASE("Sokoban.PackingOrder.PortfolioWithEachOrderSolvesAndReplays") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (const char *order : {"floor", "start", "t0", "t1", "match"})
        for (uint32_t level : {42u, 100u}) {
            CAPTURE(order);
            CAPTURE(level);
            sokoban_test::StubRuntime rt;
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"packorder", order}, {"fess0after", "0"}, {"fess1after", "0"}}, rt);
        }
}

TEST_CASE("Sokoban.PackingOrder.MatchOption") {
    CHECK(sokoban_test::parsed("packorder", "match").packorder == 4);
}

TEST_CASE("Sokoban.PackingOrder.OneBoxCannotFillTwoGoals") {
    // Session 13 (packorder=match, the strict check): the top corridor's two goals can both be
    // reached only from the one box beside them (start cell row 1, column 5); the other box
    // cannot leave row 3 (a box in a 1-wide corridor does not turn a corner). The start rule
    // frees both goals to that one start cell in turn, and the session-12 check, where a start
    // cell may serve several goals, accepts the order; one box per start cell rejects it, and
    // the matching order finds no start cell left for the far goal (it is freed by the start
    // rule, a shared round).
    const std::string text = "########\n"
                             "#.  .$ #\n"
                             "#### # #\n"
                             "#@ $   #\n"
                             "########";
    sokoban_test::Fixture fx(text);
    const sokoban::Board &b = fx.inst.board;
    REQUIRE(b.start_boxes.size() == 2);
    const sokoban::PackingOrder start = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
    const sokoban::PackingOrder match = sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH);
    const int far = fx.cell(1, 1), near = fx.cell(1, 4);
    REQUIRE(start.layers == 2);
    CHECK(start.floor_rounds == 0);
    CHECK(start.layer[far] == 0);
    CHECK(start.layer[near] == 1);
    CHECK(sokoban::unfollowable_layer(b, start, nullptr, false) == -1); // the old check accepts
    int goal = -1;
    CHECK(sokoban::unfollowable_layer(b, start, &goal) == 1); // one box, two goals: the near one fails
    CHECK(goal == near);
    CHECK(match.shared_rounds == 1);
    CHECK(match.floor_rounds == 0);
    CHECK(sokoban::unfollowable_layer(b, match) >= 0);
}

TEST_CASE("Sokoban.PackingOrder.XSokoban14MatchOrderAsksEachBoxForOneGoal") {
    // XSokoban 14: the start order asks the single box of the right-hand area for two goals,
    // row 6 columns 10 and 11 (README, session 12); the session-12 check accepted it. With one
    // box per start cell the check rejects that order, and the matching order (no shared or
    // floor round) passes it.
    const std::string x = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const sokoban::Board b = sokoban::build_board(sokoban_test::parse_ok(solver_test::xsb_level(x, 14)));
    const sokoban::PackingOrder start = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
    const sokoban::PackingOrder match = sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH);
    CHECK(start.floor_rounds == 0);
    CHECK(sokoban::unfollowable_layer(b, start, nullptr, false) == -1);
    CHECK(sokoban::unfollowable_layer(b, start) >= 0);
    CHECK(match.floor_rounds == 0);
    CHECK(match.shared_rounds == 0);
    CHECK(match.layer != start.layer);
    CHECK(sokoban::unfollowable_layer(b, match) == -1);
}

TEST_CASE("Sokoban.PackingOrder.XSokoban14SolvedWithMatchOrderAndPackAll") {
    // Thread 1's FESS member (localdead radius 2, as portfolio.cc) with the packing macro for
    // every box (fesspack=all): with the match order it solves XSokoban 14 (3414 expansions when
    // this was written; the checker replays the answer), with the start order it does not in
    // 5000 (nor in 400000: README, session 13; 5000 keeps the test short).
    const std::string x = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const std::string text = solver_test::xsb_level(x, 14);
    for (int order : {4, 1}) {
        CAPTURE(order);
        sokoban::Options o;
        o.fesspack = 2;
        o.packorder = order;
        sokoban_test::Fixture fx(text, o);
        sokoban::FessSearch search(fx.inst, 256u << 20);
        search.scratch().localdead.radius = 2;
        const bool solved = search.run(order == 4 ? 50000 : 5000, {}) == sokoban::FessSearch::Status::solved;
        MESSAGE("packorder " << order << ": " << search.expanded() << " expansions, max packed " << search.max_packed());
        if (order == 4) {
            REQUIRE(solved);
            sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(search, fx));
        } else {
            CHECK_FALSE(solved);
        }
    }
}

// Session 14 (packorder=park): a hand-made level that needs a parked box. The goal room (rows
// 2-4, columns 1-4, round the pillar at row 3 column 2) joins the start room only by row 2,
// columns 4-5. Goal (4,2) is filled by a push left from (4,3), the player on (4,4); goal (4,4)
// by a push down column 4 (the player on row 1) or right from (4,3) (the player on (4,2)). A
// box brought in along row 2 stands on (2,4) or further left with the player to its right, so
// it reaches (4,4) only if the player gets round it, through the bottom row: (4,2) must still
// be empty; and (4,2) needs (4,4) empty. So neither goal can be filled last, the other one
// standing: match falls back to the floor rule and its order is not followable. Parked: one
// box pushed into the goal room and left on a cell off the goals, the other box onto (4,2),
// then the parked box onto (4,4).
static const char *const PARK_LEVEL = "  ####\n"
                                      "###  #####\n"
                                      "#      $ #\n"
                                      "# #  # $ #\n"
                                      "# . .#   #\n"
                                      "#######  #\n"
                                      "      # @#\n"
                                      "      ####";

TEST_CASE("Sokoban.PackingOrder.ParkOption") {
    CHECK(sokoban_test::parsed("packorder", "park").packorder == 5);
    CHECK(sokoban::Options{}.packorder == 4); // match stays the default
}

TEST_CASE("Sokoban.PackingOrder.ParkingMakesTheOrderFollowable") {
    sokoban_test::Fixture fx(PARK_LEVEL);
    const sokoban::Board &b = fx.inst.board;
    REQUIRE(b.goals.size() == 2);
    const int left = fx.cell(4, 2), right = fx.cell(4, 4);
    const sokoban::PackingOrder match = sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH);
    CHECK(match.floor_rounds == 1);
    CHECK(match.parks.empty());
    int goal = -1;
    CHECK(sokoban::unfollowable_layer(b, match, &goal) >= 0);
    const sokoban::PackingOrder park = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK);
    CHECK(park.floor_rounds == 0);
    CHECK(park.shared_rounds == 0);
    REQUIRE(park.parks.size() == 1);
    const sokoban::PackingOrder::Park &q = park.parks[0];
    CHECK(q.goal == right); // the goal filled last is the parked box's
    CHECK(park.layer[left] < park.layer[right]);
    CHECK(q.place_layer < park.layer[right]);
    CHECK_FALSE(b.goal[q.cell]);
    for (int c : b.start_boxes) CHECK(q.cell != c);
    // The parked box is counted in its place layer: layer sizes add up to goals + parks.
    uint32_t total = 0;
    for (uint32_t s : park.layer_size) total += s;
    CHECK(total == b.goals.size() + park.parks.size());
    CHECK(sokoban::unfollowable_layer(b, park, &goal) == -1);
    // Without its park the same layers are not followable (the parked goal is then filled from
    // a start cell with the other goal standing).
    sokoban::PackingOrder bare = park;
    bare.parks.clear();
    CHECK(sokoban::unfollowable_layer(b, bare, &goal) == park.layer[right]);
    CHECK(goal == right);
}

TEST_CASE("Sokoban.PackingOrder.CheckRejectsBadParks") {
    sokoban_test::Fixture fx(PARK_LEVEL);
    const sokoban::Board &b = fx.inst.board;
    const int right = fx.cell(4, 4);
    const sokoban::PackingOrder park = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK);
    REQUIRE(park.parks.size() == 1);
    REQUIRE(sokoban::unfollowable_layer(b, park) == -1);
    int goal = -1;
    // Parked in the corner (2,1): a box pushed there never leaves it, so the parked goal cannot
    // be filled from there (its placement itself can be made).
    sokoban::PackingOrder corner = park;
    corner.parks[0].cell = fx.cell(2, 1);
    CHECK(sokoban::unfollowable_layer(b, corner, &goal) == park.layer[right]);
    CHECK(goal == right);
    // Parked on the other goal: that goal is filled before the parked box leaves (taken cell).
    sokoban::PackingOrder on_goal = park;
    on_goal.parks[0].cell = fx.cell(4, 2);
    CHECK(sokoban::unfollowable_layer(b, on_goal) >= 0);
    // Placed in the goal's own layer (not before it): rejected.
    sokoban::PackingOrder late = park;
    late.parks[0].place_layer = park.layer[right];
    CHECK(sokoban::unfollowable_layer(b, late, &goal) >= 0);
    CHECK(goal == right);
    // Two boxes for one park cell: a second park of the same goal.
    sokoban::PackingOrder twice = park;
    twice.parks.push_back(park.parks[0]);
    CHECK(sokoban::unfollowable_layer(b, twice) >= 0);
}

TEST_CASE("Sokoban.PackingOrder.ParkOrderSolvesAndReplays") {
    // FESS (thread 1's member) with the parked order solves the hand-made level; the checker
    // replays the moves.
    sokoban::Options o;
    o.packorder = 5;
    sokoban_test::Fixture fx(PARK_LEVEL, o);
    sokoban::FessSearch search(fx.inst, 64u << 20);
    search.scratch().localdead.radius = 2;
    REQUIRE(search.run(100000, {}) == sokoban::FessSearch::Status::solved);
    sokoban_test::check_moves_replay(PARK_LEVEL, sokoban_test::fess_moves(search, fx));
}

TEST_CASE("Sokoban.PackingOrder.PortfolioWithParkOrderSolvesAndReplays") {
    // Microban 3 and 24: levels whose parked order has a park (match's falls back to the floor
    // rule), solved by the whole portfolio with packorder=park and replayed.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {3u, 24u}) {
        CAPTURE(level);
        const sokoban::Board b = sokoban::build_board(sokoban_test::parse_ok(solver_test::xsb_level(micro, level)));
        CHECK_FALSE(sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK).parks.empty());
        sokoban_test::StubRuntime rt;
        sokoban_test::portfolio_solves_and_replays(micro, level, {{"packorder", "park"}, {"fess0after", "0"}, {"fess1after", "0"}}, rt);
    }
}

TEST_CASE("Sokoban.PackingOrder.ParkOrderIsFollowableWithoutFallBack") {
    // On every Microban level: where the parked order has no shared or floor round, the check
    // (parks included) accepts it, as match's by construction; the parked order differs from
    // match's only where it has parks; and it leaves fewer orders unfollowable than match.
    const std::string text = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    int bad_match = 0, bad_park = 0, checked = 0;
    for_each_level(text, [&](uint32_t level, const sokoban::Board &b) {
        CAPTURE(level);
        const sokoban::PackingOrder match = sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH);
        const sokoban::PackingOrder park = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK);
        const int u = sokoban::unfollowable_layer(b, park);
        if (park.floor_rounds == 0 && park.shared_rounds == 0) {
            CHECK(u == -1);
            ++checked;
        }
        if (park.parks.empty()) CHECK(park.layer == match.layer);
        bad_match += sokoban::unfollowable_layer(b, match) >= 0;
        bad_park += u >= 0;
    });
    MESSAGE("Microban: " << checked << " parked orders without fall-back; not followable: match " << bad_match << ", park " << bad_park);
    CHECK(checked > 0);
    CHECK(bad_park < bad_match);
}

// Session 15 (packorder0=, packorder1=, packorderall=): a packing order per portfolio member.
TEST_CASE("Sokoban.PackingOrder.PerMemberOptions") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    const sokoban::Options d;
    CHECK(d.packorder0 == sokoban::pack_out_park(3)); // park3 on every member by default (session 17; park2 in 16)
    CHECK(d.packorder1 == sokoban::pack_out_park(3));
    CHECK(parsed("packorder", "match").packorder0 == -1); // packorder= sets every member ...
    CHECK(parsed("packorder", "match").packorder1 == -1);
    CHECK(parsed("packorder", "match").packorderall == -1);
    CHECK(parsed("packorder", "floor").packorder0 == -1);
    const solver_option both[] = {{"packorder0", "start"}, {"packorder", "match"}}; // ... but an explicit packorder0=, in any position
    sokoban::Options got;
    std::string err;
    REQUIRE(sokoban::parse_options(both, 2, got, err));
    CHECK(got.packorder0 == sokoban::PACK_OUT_START);
    CHECK(got.packorder == 4);
    CHECK(d.packorderall == sokoban::pack_out_park(3));
    CHECK(got.packorder1 == -1); // the members not given follow packorder=
    CHECK(parsed("packorder0", "floor").packorder0 == sokoban::PACK_OUT_FLOOR);
    CHECK(parsed("packorder0", "park").packorder0 == sokoban::PACK_OUT_PARK);
    CHECK(parsed("packorder1", "start").packorder1 == sokoban::PACK_OUT_START);
    CHECK(parsed("packorderall", "match").packorderall == sokoban::PACK_OUT_MATCH);
    CHECK(parsed("packorder0", "park").packorder1 == sokoban::pack_out_park(3)); // the others untouched
    for (const char *key : {"packorder0", "packorder1", "packorderall"}) {
        CAPTURE(key);
        const std::string e = refused(key, "t0"); // t0|t1 belong to packorder alone
        CHECK(e.find(key) != std::string::npos);
        CHECK(e.find("floor, start, match, park, park2, or parkN for N from 3 to 8") != std::string::npos);
        CHECK(refused(key, "").find(key) != std::string::npos);
        CHECK(refused(key, "Park").find(key) != std::string::npos);
    }
    // pack_out_of (fess.h): a member's own option, else packorder's rule.
    CHECK(sokoban::pack_out_of(d, sokoban::PACK_FOR_FESS0) == sokoban::pack_out_park(3));
    CHECK(sokoban::pack_out_of(d, sokoban::PACK_FOR_FESS1) == sokoban::pack_out_park(3));
    CHECK(sokoban::pack_out_of(d, sokoban::PACK_FOR_PACKALL) == sokoban::pack_out_park(3));
    CHECK(sokoban::pack_out_of(d, sokoban::PACK_FOR_DEFAULT) == sokoban::PACK_OUT_MATCH);
    sokoban::Options o;
    o.packorder0 = o.packorderall = -1;
    o.packorder = 5; // packorder=park sets every member ...
    o.packorder1 = sokoban::PACK_OUT_MATCH; // ... but thread 1's, which says match
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_DEFAULT) == sokoban::PACK_OUT_PARK);
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_FESS0) == sokoban::PACK_OUT_PARK);
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_FESS1) == sokoban::PACK_OUT_MATCH);
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_PACKALL) == sokoban::PACK_OUT_PARK);
    o = sokoban::Options{};
    o.packorder0 = o.packorder1 = o.packorderall = -1;
    o.packorder = 2; // t0: start on thread 0's members, floor on thread 1's and the guest's
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_FESS0) == sokoban::PACK_OUT_START);
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_FESS1) == sokoban::PACK_OUT_FLOOR);
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_PACKALL) == sokoban::PACK_OUT_FLOOR);
    o.packorder = 3;
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_FESS1) == sokoban::PACK_OUT_START);
    CHECK(sokoban::pack_out_of(o, sokoban::PACK_FOR_DEFAULT) == sokoban::PACK_OUT_FLOOR);
    // Every other packorder= word maps to one rule for every member: floor, match, park, park2,
    // park3..park8 (options.cc's codes 0 and 4-12).
    const std::pair<int, int> rule[] = {{0, sokoban::PACK_OUT_FLOOR}, {4, sokoban::PACK_OUT_MATCH},
                                        {5, sokoban::PACK_OUT_PARK},  {6, sokoban::PACK_OUT_PARK2},
                                        {7, sokoban::pack_out_park(3)}, {12, sokoban::pack_out_park(8)}};
    for (const auto &[code, out] : rule) {
        CAPTURE(code);
        o.packorder = code;
        for (int member : {sokoban::PACK_FOR_DEFAULT, sokoban::PACK_FOR_FESS0, sokoban::PACK_FOR_FESS1, sokoban::PACK_FOR_PACKALL})
            CHECK(sokoban::pack_out_of(o, member) == out);
    }
    CHECK(sokoban::pack_out_park(8) == sokoban::PACK_OUT_PARK_LAST);
}

TEST_CASE("Sokoban.PackingOrder.GivenOrderIsTheOptionsOrder") {
    // A FessSearch given a computed order (the portfolio's, computed once) searches as one
    // whose options name that order: the same expansions on the hand-made park level.
    sokoban::Options park_o, match_o;
    park_o.packorder = 5;
    match_o.packorder = 4;
    sokoban_test::Fixture fp(PARK_LEVEL, park_o), fm(PARK_LEVEL, match_o);
    const sokoban::PackingOrder park = sokoban::compute_packing_order(fm.inst.board, sokoban::PACK_OUT_PARK);
    REQUIRE_FALSE(park.parks.empty());
    sokoban::FessSearch by_option(fp.inst, 64u << 20), given(fm.inst, 64u << 20, &park);
    for (sokoban::FessSearch *s : {&by_option, &given}) {
        s->scratch().localdead.radius = 2;
        REQUIRE(s->run(100000, {}) == sokoban::FessSearch::Status::solved);
    }
    CHECK(given.expanded() == by_option.expanded());
    REQUIRE(given.order() != nullptr);
    CHECK(given.order()->layer == park.layer);
    sokoban_test::check_moves_replay(PARK_LEVEL, sokoban_test::fess_moves(given, fm));
}

TEST_CASE("Sokoban.PackingOrder.PortfolioWithPerMemberOrdersSolvesAndReplays") {
    // Microban 3 and 24 (parked orders with a park): the portfolio with park on one member
    // and match (or floor) on the others solves, and the verifier replays the moves.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::vector<std::vector<solver_option>> settings = {
        {{"packorder0", "park"}, {"fess0after", "0"}, {"fess1after", "0"}},
        {{"packorder1", "park"}, {"packorderall", "park"}, {"fess0after", "0"}, {"fess1after", "0"}},
        {{"packorder", "park"}, {"packorder0", "floor"}, {"packorder1", "match"}, {"fess0after", "0"}, {"fess1after", "0"}}};
    for (uint32_t level : {3u, 24u})
        for (size_t i = 0; i < settings.size(); ++i) {
            CAPTURE(level);
            CAPTURE(i);
            sokoban_test::StubRuntime rt;
            sokoban_test::portfolio_solves_and_replays(micro, level, settings[i], rt);
        }
}

// Session 16 (packorder=park2): two parks in a row before a box gets out.
TEST_CASE("Sokoban.PackingOrder.Park2Option") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(parsed("packorder", "park2").packorder == 6);
    CHECK(parsed("packorder", "park").packorder == 5); // the one-park rule stays selectable
    CHECK(parsed("packorder0", "park2").packorder0 == sokoban::PACK_OUT_PARK2);
    CHECK(parsed("packorder1", "park2").packorder1 == sokoban::PACK_OUT_PARK2);
    CHECK(parsed("packorderall", "park2").packorderall == sokoban::PACK_OUT_PARK2);
    CHECK(sokoban::Options{}.packorder0 == sokoban::pack_out_park(3)); // the default since session 17 (park2 in 16)
    CHECK(sokoban::Options{}.packorder == 4); // match for a FESS search built alone
    for (const char *key : {"packorder", "packorder0", "packorder1", "packorderall"}) {
        CAPTURE(key);
        const std::string e = refused(key, "park9"); // parkN from session 17 on, N 3 to 8
        CHECK(e.find(key) != std::string::npos);
        CHECK(e.find("park, park2, or parkN") != std::string::npos);
        CHECK(refused(key, "park2 ").find(key) != std::string::npos);
    }
    sokoban::Options o;
    o.packorder0 = o.packorder1 = o.packorderall = -1;
    o.packorder = 6; // packorder=park2 sets every member
    for (int m : {sokoban::PACK_FOR_DEFAULT, sokoban::PACK_FOR_FESS0, sokoban::PACK_FOR_FESS1, sokoban::PACK_FOR_PACKALL})
        CHECK(sokoban::pack_out_of(o, m) == sokoban::PACK_OUT_PARK2);
}

TEST_CASE("Sokoban.PackingOrder.TwoParksMakeTheOrderFollowable") {
    // Microban 76 and 84 (three goals in a dead-end corridor or row): one park at a time leaves
    // a floor round and an order the check rejects; two parks in a row (neither lets a box out
    // alone) give an order without fall-back that the check accepts.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {76u, 84u}) {
        CAPTURE(level);
        const sokoban::Board b = sokoban::build_board(sokoban_test::parse_ok(solver_test::xsb_level(micro, level)));
        const sokoban::PackingOrder park = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK);
        const sokoban::PackingOrder park2 = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK2);
        CHECK(park.floor_rounds == 1);
        CHECK(sokoban::unfollowable_layer(b, park) >= 0);
        CHECK(park2.floor_rounds == 0);
        CHECK(park2.shared_rounds == 0);
        CHECK(park2.parks.size() == 2);
        CHECK(park2.layer != park.layer);
        CHECK(sokoban::unfollowable_layer(b, park2) == -1);
        uint32_t total = 0;
        for (uint32_t sz : park2.layer_size) total += sz;
        CHECK(total == b.goals.size() + park2.parks.size());
    }
}

TEST_CASE("Sokoban.PackingOrder.PortfolioWithPark2OrderSolvesAndReplays") {
    // Microban 76: the portfolio with the two-park order on every member solves, the verifier
    // replays the moves.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    sokoban_test::StubRuntime rt;
    sokoban_test::portfolio_solves_and_replays(micro, 76, {{"packorder", "park2"}, {"fess0after", "0"}, {"fess1after", "0"}}, rt);
}

TEST_CASE("Sokoban.PackingOrder.Park2OrderIsFollowableWithoutFallBack") {
    // Every Microban level: a two-park order without fall-back is accepted by the check; one
    // without parks is match's; and fewer orders are unfollowable than with one park at a time.
    const std::string text = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    int bad_park = 0, bad_park2 = 0, differ = 0;
    for_each_level(text, [&](uint32_t level, const sokoban::Board &b) {
        CAPTURE(level);
        const sokoban::PackingOrder park = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK);
        const sokoban::PackingOrder park2 = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK2);
        const int u = sokoban::unfollowable_layer(b, park2);
        if (park2.floor_rounds == 0 && park2.shared_rounds == 0) CHECK(u == -1);
        if (park2.parks.empty()) CHECK(park2.layer == sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH).layer);
        // Where one park at a time finds an order without fall-back, park2 finds the same one.
        if (park.floor_rounds == 0 && park.shared_rounds == 0) CHECK(park2.layer == park.layer);
        differ += park2.layer != park.layer;
        bad_park += sokoban::unfollowable_layer(b, park) >= 0;
        bad_park2 += u >= 0;
    });
    MESSAGE("Microban: not followable: park " << bad_park << ", park2 " << bad_park2 << "; orders differing " << differ);
    CHECK(bad_park2 < bad_park);
    CHECK(differ > 0);
}

// Session 17 (packorder=parkN, N 3 to 8): up to N parks in a row, and a deeper search where
// park2's order falls back and the check rejects it.
TEST_CASE("Sokoban.PackingOrder.ParkNOption") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(parsed("packorder", "park3").packorder == 7); // after park2 (6)
    CHECK(parsed("packorder", "park8").packorder == 12);
    CHECK(parsed("packorder", "park2").packorder == 6); // park2 keeps its code
    CHECK(parsed("packorder0", "park3").packorder0 == sokoban::pack_out_park(3));
    CHECK(parsed("packorder1", "park5").packorder1 == sokoban::pack_out_park(5));
    CHECK(parsed("packorderall", "park8").packorderall == sokoban::PACK_OUT_PARK_LAST);
    CHECK(sokoban::pack_out_park(2) == sokoban::PACK_OUT_PARK2);
    CHECK(sokoban::Options{}.packorder1 == sokoban::pack_out_park(3)); // the members' default (session 17)
    CHECK(sokoban::park_chain_of(sokoban::PACK_OUT_PARK) == 1);
    CHECK(sokoban::park_chain_of(sokoban::PACK_OUT_PARK_LAST) == 8);
    for (const char *key : {"packorder", "packorder0", "packorder1", "packorderall"}) {
        CAPTURE(key);
        for (const char *bad : {"park9", "park0", "park1", "park33", "park3 ", "Park3", "park-3", "parkN"}) {
            CAPTURE(bad);
            const std::string e = refused(key, bad);
            CHECK(e.find(key) != std::string::npos);
            CHECK(e.find("or parkN for N from 3 to 8") != std::string::npos);
        }
    }
    // packorder=parkN sets every member (fess.h pack_out_of).
    for (int n = 3; n <= 8; ++n) {
        CAPTURE(n);
        const sokoban::Options o = parsed("packorder", ("park" + std::to_string(n)).c_str());
        for (int m : {sokoban::PACK_FOR_DEFAULT, sokoban::PACK_FOR_FESS0, sokoban::PACK_FOR_FESS1, sokoban::PACK_FOR_PACKALL})
            CHECK(sokoban::pack_out_of(o, m) == sokoban::pack_out_park(n));
    }
}

TEST_CASE("Sokoban.PackingOrder.ThreeParksInARowMakeTheOrderFollowable") {
    // Microban 98: a column of five goals (column 9, rows 2-6), entered at its top from the left
    // (row 3) and at its foot from below. park2's order has a floor round and the check rejects
    // it; park3's parks three boxes in a row below the column (layers 0, 1, 2: no box gets out
    // between them) and has no fall-back, and the check accepts it. park4..park8 find the same.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const sokoban::Board b = sokoban::build_board(sokoban_test::parse_ok(solver_test::xsb_level(micro, 98)));
    const sokoban::PackingOrder park2 = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK2);
    const sokoban::PackingOrder park3 = sokoban::compute_packing_order(b, sokoban::pack_out_park(3));
    CHECK(park2.floor_rounds == 1);
    CHECK(sokoban::unfollowable_layer(b, park2) >= 0);
    CHECK(park3.floor_rounds == 0);
    CHECK(park3.shared_rounds == 0);
    REQUIRE(park3.parks.size() == 3);
    std::vector<int> placed;
    for (const sokoban::PackingOrder::Park &q : park3.parks) placed.push_back(q.place_layer);
    std::sort(placed.begin(), placed.end());
    CHECK(placed == std::vector<int>{0, 1, 2});
    CHECK(park3.layer != park2.layer);
    CHECK(sokoban::unfollowable_layer(b, park3) == -1);
    uint32_t total = 0;
    for (uint32_t sz : park3.layer_size) total += sz;
    CHECK(total == b.goals.size() + park3.parks.size());
    CHECK(sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK_LAST).layer == park3.layer);
}

TEST_CASE("Sokoban.PackingOrder.PortfolioWithPark3OrderSolvesAndReplays") {
    // Microban 98: the portfolio with the three-park order on every member solves, the verifier
    // replays the moves.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    sokoban_test::StubRuntime rt;
    sokoban_test::portfolio_solves_and_replays(micro, 98, {{"packorder", "park3"}, {"fess0after", "0"}, {"fess1after", "0"}}, rt);
}

TEST_CASE("Sokoban.PackingOrder.ParkNOrderIsPark2sWhereThatIsFollowable") {
    // Every Microban level: park3's order is park2's wherever park2's has no fall-back or the
    // check accepts it; where it differs it has fewer fall-backs; no order park3 gives is
    // rejected by the check where park2's is accepted; and fewer are rejected in all.
    int bad_park2 = 0, bad_park3 = 0, differ = 0;
    for_each_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), [&](uint32_t level, const sokoban::Board &b) {
        CAPTURE(level);
        const sokoban::PackingOrder park2 = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK2);
        const sokoban::PackingOrder park3 = sokoban::compute_packing_order(b, sokoban::pack_out_park(3));
        const int u2 = sokoban::unfollowable_layer(b, park2), u3 = sokoban::unfollowable_layer(b, park3);
        const int f2 = park2.floor_rounds + park2.shared_rounds, f3 = park3.floor_rounds + park3.shared_rounds;
        if (f2 == 0 || u2 < 0) CHECK(park3.layer == park2.layer);
        if (park3.layer != park2.layer) {
            ++differ;
            CHECK(f3 < f2);
        }
        if (u2 < 0) CHECK(u3 < 0);
        bad_park2 += u2 >= 0;
        bad_park3 += u3 >= 0;
    });
    MESSAGE("Microban: not followable: park2 " << bad_park2 << ", park3 " << bad_park3 << "; orders differing " << differ);
    CHECK(differ > 0);
    CHECK(bad_park3 < bad_park2);
}
