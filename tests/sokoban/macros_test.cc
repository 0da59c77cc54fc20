// macros_test.cc -- tunnel and goal-room macros (macros.h), push_path, and the formatter that
// expands a macro move back into its pushes (checked by the independent verifier).
#include <doctest/doctest.h>

#include "../../plugins/sokoban/macros.h"
#include "../../plugins/sokoban/solution.h"
#include "test_util.h"

using namespace sokoban;

namespace {
Options with(bool tunnels, bool goalroom) {
    Options o;
    o.tunnels = tunnels;
    o.goalroom = goalroom;
    return o;
}
bool box_at(const sokoban_test::Fixture &fx, const std::vector<uint8_t> &st, int cell) {
    (void)fx;
    return (st[2 + cell / 8] >> (cell % 8)) & 1;
}
// One corridor: the box is pushed from the player's side to the goal at the far end.
const std::string CORRIDOR = "#########\n"
                             "#@$    .#\n"
                             "#########";
// A dead-end row of three goals entered from the right; the box stands in the doorway.
const std::string ROOM = "#########\n"
                         "#...$@  #\n"
                         "####  $ #\n"
                         "####$   #\n"
                         "####    #\n"
                         "#########";
} // namespace

TEST_CASE("Sokoban.Macros.TunnelPushesToTheCorridorEnd") {
    Options strict_options = with(true, false);
    strict_options.tunnels_strict = true;
    sokoban_test::Fixture strict(CORRIDOR, strict_options);
    auto kids = sokoban_test::children(strict.inst, strict.scratch, strict.initial());
    REQUIRE(kids.size() == 1);
    CHECK(kids[0].cost == 5); // (1,2) -> (1,7), stopping on the goal
    CHECK(box_at(strict, kids[0].state, strict.cell(1, 7)));
    CHECK(kids[0].move == static_cast<uint32_t>(strict.cell(1, 2) * 4 + DIR_RIGHT));
    CHECK(kids[0].hash == state_hash(strict.inst, kids[0].state.data()));
    CHECK(kids[0].h == 0);

    // tunnels=on: the single push as well (the macro only adds a shortcut, it cuts nothing).
    sokoban_test::Fixture on(CORRIDOR, with(true, false));
    kids = sokoban_test::children(on.inst, on.scratch, on.initial());
    REQUIRE(kids.size() == 2);
    const auto &single = kids[0].cost == 1 ? kids[0] : kids[1];
    const auto &macro = kids[0].cost == 1 ? kids[1] : kids[0];
    CHECK(single.cost == 1);
    CHECK(box_at(on, single.state, on.cell(1, 3)));
    CHECK(macro.cost == 5);
    CHECK(box_at(on, macro.state, on.cell(1, 7)));

    CHECK_FALSE((on.inst.info.flags & SOLVER_UNIT_COST)); // a macro costs its pushes
    sokoban_test::Fixture off(CORRIDOR, with(false, false));
    CHECK((off.inst.info.flags & SOLVER_UNIT_COST));
    kids = sokoban_test::children(off.inst, off.scratch, off.initial());
    REQUIRE(kids.size() == 1);
    CHECK(kids[0].cost == 1);
    CHECK(box_at(off, kids[0].state, off.cell(1, 3)));
}

TEST_CASE("Sokoban.Macros.TunnelNeedsWallsBesideBoxAndPlayer") {
    // The cell above the start of the corridor is open: the player is not in a tunnel yet.
    const std::string map = "#########\n"
                            "# ###   #\n"
                            "#@$    .#\n"
                            "#########";
    sokoban_test::Fixture fx(map, with(true, false));
    CHECK_FALSE(fx.inst.macros.tunnel[static_cast<size_t>(fx.cell(2, 3)) * 4 + DIR_RIGHT] == 0);
    CHECK(fx.inst.macros.tunnel[static_cast<size_t>(fx.cell(2, 2)) * 4 + DIR_RIGHT] == 0);
    CHECK(fx.inst.macros.tunnel[static_cast<size_t>(fx.cell(2, 5)) * 4 + DIR_RIGHT] == 0); // open above
    CHECK(fx.inst.macros.tunnel[static_cast<size_t>(fx.cell(2, 7)) * 4 + DIR_RIGHT] == 0); // a goal
}

TEST_CASE("Sokoban.Macros.GoalRoomPackingOrderDeepestFirst") {
    sokoban_test::Fixture fx(ROOM, with(false, true));
    REQUIRE(fx.inst.macros.rooms.size() == 1);
    const GoalRoom &r = fx.inst.macros.rooms[0];
    REQUIRE(r.order.size() == 3);
    CHECK(r.order[0] == fx.cell(1, 1));
    CHECK(r.order[1] == fx.cell(1, 2));
    CHECK(r.order[2] == fx.cell(1, 3));
    CHECK(fx.inst.macros.room_of[fx.cell(1, 2)] == 0);
    CHECK(fx.inst.macros.room_of[fx.cell(1, 4)] == -1);
}

TEST_CASE("Sokoban.Macros.GoalRoomMacroChild") {
    // goalroom=strict: the push into the room becomes the macro; on: the plain push stays too.
    for (bool strict : {true, false}) {
        CAPTURE(strict);
        Options o = with(false, true);
        o.goalroom_strict = strict;
        sokoban_test::Fixture on(ROOM, o);
        auto kids = sokoban_test::children(on.inst, on.scratch, on.initial());
        const uint32_t into = static_cast<uint32_t>(on.cell(1, 4) * 4 + DIR_LEFT);
        bool macro = false, plain = false;
        for (const auto &k : kids) {
            if (k.move != into) continue;
            if (box_at(on, k.state, on.cell(1, 1))) {
                macro = true;
                CHECK(k.cost == 3);
                CHECK(k.hash == state_hash(on.inst, k.state.data()));
            }
            if (box_at(on, k.state, on.cell(1, 3))) {
                plain = true;
                CHECK(k.cost == 1);
            }
        }
        CHECK(macro);
        CHECK(plain == !strict);
    }
    sokoban_test::Fixture off(ROOM, with(false, false));
    CHECK(off.inst.macros.rooms.empty());
    for (const auto &k : sokoban_test::children(off.inst, off.scratch, off.initial()))
        CHECK(k.cost == 1);
}

TEST_CASE("Sokoban.Macros.GoalRoomOnlyWhenTheFilledGoalsAreTheOrdersPrefix") {
    // The middle goal is filled at the start, but the order (deepest first) starts with (1,1):
    // the room's filled goals are no prefix of the order, so the push into the room stays plain.
    const std::string map = "#########\n"
                            "#.*.$@  #\n"
                            "####  $ #\n"
                            "####    #\n"
                            "#########";
    sokoban_test::Fixture fx(map, with(false, true));
    REQUIRE(fx.inst.macros.rooms.size() == 1);
    // (1,1) can only be filled first, whatever is filled at the start.
    const GoalRoom &r = fx.inst.macros.rooms[0];
    REQUIRE(r.order.size() == 3);
    CHECK(r.order[0] == fx.cell(1, 1));
    CHECK(r.order[1] == fx.cell(1, 2));
    CHECK(r.order[2] == fx.cell(1, 3));
    for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, fx.initial())) CHECK(k.cost == 1);
}

TEST_CASE("Sokoban.Macros.NoRoomWithSeveralEntrances") {
    const std::string map = "#######\n"
                            "#     #\n"
                            "# ..  #\n"
                            "# $$ @#\n"
                            "#     #\n"
                            "#######";
    sokoban_test::Fixture fx(map, with(true, true));
    CHECK(fx.inst.macros.rooms.empty());
}

TEST_CASE("Sokoban.Macros.PushPathShortestAndPlayerArea") {
    // Take the box from (2,2) to (1,5) in an open room: 4 pushes at least (Manhattan distance).
    const std::string map = "#######\n"
                            "#    .#\n"
                            "# $   #\n"
                            "#@    #\n"
                            "#######";
    sokoban_test::Fixture fx(map, with(false, false));
    std::vector<uint8_t> occ(fx.inst.board.n, 0);
    occ[fx.cell(2, 2)] = 1;
    PathScratch ps;
    ps.init(fx.inst.board.n);
    std::vector<int> dirs;
    int end = -1;
    REQUIRE(push_path(fx.inst.board, occ.data(), nullptr, fx.cell(2, 2), fx.cell(3, 1), fx.cell(1, 5), -1, ps, dirs,
                      end));
    CHECK(dirs.size() == 4);
    // Replay: the box must end on the target and the player next to it.
    int box = fx.cell(2, 2);
    for (int d : dirs) box = fx.inst.board.nb[box][d];
    CHECK(box == fx.cell(1, 5));
    bool adjacent = false;
    for (int d = 0; d < 4; ++d) adjacent |= fx.inst.board.nb[box][d] == end;
    CHECK(adjacent);
    // Allowed cells exclude every neighbour of the start: no path.
    std::vector<uint8_t> only_start(fx.inst.board.n, 0);
    only_start[fx.cell(2, 2)] = 1;
    CHECK_FALSE(push_path(fx.inst.board, occ.data(), only_start.data(), fx.cell(2, 2), fx.cell(3, 1), fx.cell(1, 5), -1,
                          ps, dirs, end));
    // A wanted player area that cannot occur at the target (the cell (1,5) itself is the box's).
    CHECK_FALSE(push_path(fx.inst.board, occ.data(), nullptr, fx.cell(2, 2), fx.cell(3, 1), fx.cell(1, 5), fx.cell(1, 5),
                          ps, dirs, end));
}

TEST_CASE("Sokoban.Macros.FormatterExpandsMacrosAndTheVerifierAgrees") {
    // Solve the corridor and the goal room through the plugin table (macros on), then replay
    // the text with the independent verifier: the pushes must match the search's cost.
    for (const std::string *map : {&CORRIDOR, &ROOM}) {
        const sokoban_test::Solved s = sokoban_test::table_solve(*map, 1, {{"portfolio", "off"}}, 10000, 1, 1);
        REQUIRE(s.ok);
        Level lv = sokoban_test::parse_ok(*map);
        uint64_t pushes = 0;
        uint32_t column = 0;
        std::string error;
        CHECK_MESSAGE(verify_solution(lv, s.text.data(), s.text.size(), pushes, column, error), error);
        CHECK(pushes == s.pushes);
        CHECK(s.steps < s.pushes); // at least one macro was used
    }
}
