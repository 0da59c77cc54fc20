// fess_test.cc -- the feature-space search (fess.h): its features on small hand-made boards,
// its solutions replayed by the independent checker (tests/sokoban_checker.cc, compiled into
// this binary below: it shares no code with the plugin), its completeness on an unsolvable
// level (the same state count as a breadth-first enumeration), the advisors' effect, and the
// portfolio's fess option.
#include <doctest/doctest.h>

#include <deque>
#include <functional>
#include <set>
#include <string>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/solution.h"
#include "sokoban_checker.h" // compiled into this binary by checker_link.cc

namespace {

using sokoban::FessFeatures;
using sokoban::FessSearch;
using sokoban_test::Fixture;

FessFeatures features_of(Fixture &fx) {
    sokoban::FessScratch fs;
    fs.init(fx.inst.board);
    const std::vector<uint8_t> s = fx.initial();
    return sokoban::fess_features(fx.inst, fs, s.data());
}

// Run FESS to the end on `text`; returns its status, with the LURD solution in `moves`.
FessSearch::Status fess_solve(const std::string &text, std::string &moves, sokoban::Options options = {},
                              size_t *states = nullptr, uint64_t *expanded = nullptr, uint64_t *macros = nullptr) {
    Fixture fx(text, options);
    FessSearch search(fx.inst, 256u << 20);
    const FessSearch::Status st = search.run(2000000, {});
    if (states) *states = search.states();
    if (expanded) *expanded = search.expanded();
    if (macros) *macros = search.macros();
    if (st == FessSearch::Status::solved) {
        moves = sokoban_test::fess_moves(search, fx);
    }
    return st;
}

// FESS solves `text` with `options`, and the independent checker replays its solution.
void expect_fess_solves(const std::string &text, const sokoban::Options &options) {
    std::string moves;
    REQUIRE(fess_solve(text, moves, options) == FessSearch::Status::solved);
    sokoban_test::check_moves_replay(text, moves);
}

// FESS's expansions to a solution, summed over the given Microban levels, with the options
// that `set` makes (each level must be solved).
uint64_t fess_expansions(const std::vector<int> &levels, const std::function<void(sokoban::Options &)> &set) {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    uint64_t sum = 0;
    for (int level : levels) {
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        sokoban::Options o;
        set(o);
        std::string moves;
        uint64_t expanded = 0;
        REQUIRE(fess_solve(text, moves, o, nullptr, &expanded) == FessSearch::Status::solved);
        sum += expanded;
    }
    return sum;
}

const std::vector<int> kSumLevels = {10, 25, 42, 60, 78, 100, 120};

} // namespace

TEST_CASE("Sokoban.Fess.FeaturesOnHandMadeBoards") {
    struct Case {
        const char *why, *map;
        int packed, regions;
    };
    const Case cases[] = {
        {"a box in a corridor cuts the floor in two; nothing is packed",
         "#######\n"
         "#@ $ .#\n"
         "#######",
         0, 2},
        {"the same box in a room leaves one area; one of two boxes on its goal",
         "#######\n"
         "#@ $ .#\n"
         "#     #\n"
         "#  *  #\n"
         "#######",
         1, 1},
        {"three areas: the cell left of the first box, the player's two cells between the boxes, "
         "and the corridor beyond the second box round the corner to the goal",
         "#########\n"
         "# $@ $ .#\n"
         "####### #\n"
         "      #.#\n"
         "      ###",
         0, 3},
    };
    for (const Case &c : cases) {
        CAPTURE(c.why);
        Fixture fx(c.map);
        const FessFeatures f = features_of(fx);
        CHECK(f.packed == c.packed);
        CHECK(f.regions == c.regions);
    }
}

TEST_CASE("Sokoban.Fess.PackingOrderFillsTheFarEndFirst") {
    // A goal corridor with one entrance: the pull search frees the goal at the mouth first,
    // so the far goal is packing layer 0 and the mouth layer 1.
    Fixture fx("#######\n"
               "#.*$ @#\n"
               "#######");
    const sokoban::PackingOrder order = sokoban::compute_packing_order(fx.inst.board);
    REQUIRE(order.layers == 2);
    CHECK(order.layer[fx.cell(1, 1)] == 0);
    CHECK(order.layer[fx.cell(1, 2)] == 1);
    CHECK(order.layer[fx.cell(1, 3)] == -1);
    // The box on the mouth goal is out of order: it counts only without the order.
    sokoban::FessScratch fs;
    fs.init(fx.inst.board);
    const std::vector<uint8_t> s = fx.initial();
    CHECK(sokoban::fess_features(fx.inst, fs, s.data(), &order).packed == 0);
    CHECK(sokoban::fess_features(fx.inst, fs, s.data(), nullptr).packed == 1);
    std::vector<uint8_t> occ(fx.inst.board.n, 0);
    std::vector<uint32_t> count;
    occ[fx.cell(1, 1)] = 1;
    CHECK(sokoban::packed_in_order(order, fx.inst.board, occ.data(), count) == 1);
    occ[fx.cell(1, 2)] = 1;
    CHECK(sokoban::packed_in_order(order, fx.inst.board, occ.data(), count) == 2);
    // An open room of goals: every goal comes free at once (one layer).
    Fixture room("#######\n"
                 "#     #\n"
                 "# $.$ #\n"
                 "# .@. #\n"
                 "# $.$ #\n"
                 "#     #\n"
                 "#######");
    const sokoban::PackingOrder open = sokoban::compute_packing_order(room.inst.board);
    CHECK(open.layers == 1);
}

TEST_CASE("Sokoban.Fess.SolutionsReplayInTheIndependentChecker") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {1, 2, 7, 25, 42, 78, 100})
        for (const char *order : {"on", "off", "notoward", "toward", "nopack", "allpack"}) {
        CAPTURE(level);
        CAPTURE(order);
        sokoban::Options o;
        o.fessorder = std::string(order) != "off";
        o.fesstoward = std::string(order) == "notoward" ? 0 : std::string(order) == "toward" ? 1 : 2;
        o.fesspack = std::string(order) == "nopack" ? 0 : std::string(order) == "allpack" ? 2 : 1;
        const std::string text = solver_test::xsb_level(micro, level);
        REQUIRE(!text.empty());
        expect_fess_solves(text, o);
        }
}

TEST_CASE("Sokoban.Fess.ExhaustsAnUnsolvableLevelCompletely") {
    // The box in the top-left corner can never move; the other one wanders the room. With the
    // pruning off (so that the space is not cut to the root) FESS must end exhausted, having
    // generated exactly the states a breadth-first enumeration over expand_state reaches.
    const std::string &map = sokoban_test::UNSOLVABLE_CORNER_BOX;
    sokoban::Options o = sokoban_test::no_pruning_options();
    Fixture fx(map, o);
    const size_t reachable = sokoban_test::reachable_states(fx);
    REQUIRE(reachable > 10); // a real space, not a root pruned at once
    for (bool advisors : {true, false}) {
        CAPTURE(advisors);
        o.fessadvice = advisors;
        std::string moves;
        size_t states = 0;
        uint64_t expanded = 0;
        CHECK(fess_solve(map, moves, o, &states, &expanded) == FessSearch::Status::exhausted);
        CHECK(states == reachable);
        CHECK(expanded == reachable);
    }
    // And with every pruning on (the default) it is exhausted too, and without the toward advisor.
    std::string moves;
    CHECK(fess_solve(map, moves) == FessSearch::Status::exhausted);
    sokoban::Options toward;
    toward.fesstoward = 0;
    CHECK(fess_solve(map, moves, toward) == FessSearch::Status::exhausted);
}

TEST_CASE("Sokoban.Fess.TowardAdvisorOnAGoalCorridor") {
    // Two goals at the end of the top row: the far one (1,7) comes free last in the pull
    // search, so it is layer 0, filled first. The toward advisor frees a push that brings a box
    // nearer the goals of the first layer not full, not one that takes it away.
    sokoban::Options o;
    o.fesstoward = 1;
    Fixture fx("#########\n"
               "#@$$  ..#\n"
               "#       #\n"
               "#########", o);
    FessSearch search(fx.inst, 64u << 20);
    const sokoban::PackingOrder *order = search.order();
    REQUIRE(order != nullptr);
    REQUIRE(order->layers == 2);
    const int far = fx.cell(1, 7), near = fx.cell(1, 6);
    CHECK(order->layer[far] == 0);
    CHECK(order->layer[near] == 1);
    // Layer 0 (the far goal) is next: rightward pushes are advised, leftward ones are not.
    CHECK(search.nearer(0, fx.cell(1, 3), fx.cell(1, 4)));
    CHECK_FALSE(search.nearer(0, fx.cell(1, 4), fx.cell(1, 3)));
    CHECK_FALSE(search.nearer(0, fx.cell(1, 3), fx.cell(2, 3))); // down: it never comes back up
    // Layer 1 next: from the far goal towards the near one is nearer for layer 1.
    CHECK(search.nearer(1, far, near));
    CHECK_FALSE(search.nearer(0, far, near));
    // Every layer full: nothing to be nearer to.
    CHECK_FALSE(search.nearer(2, fx.cell(1, 3), fx.cell(1, 4)));
    // Off with fesstoward=off, and off with the advisors off.
    sokoban::Options d;
    d.fesstoward = 0;
    Fixture fd("#########\n"
               "#@$$  ..#\n"
               "#       #\n"
               "#########", d);
    FessSearch plain(fd.inst, 64u << 20);
    CHECK_FALSE(plain.nearer(0, fd.cell(1, 3), fd.cell(1, 4)));
    o.fessadvice = false;
    Fixture fa("#########\n"
               "#@$$  ..#\n"
               "#       #\n"
               "#########", o);
    FessSearch noadv(fa.inst, 64u << 20);
    CHECK_FALSE(noadv.nearer(0, fa.cell(1, 3), fa.cell(1, 4)));
}

TEST_CASE("Sokoban.Fess.TowardChangesTheSearch") {
    uint64_t sum[3];
    for (int v = 0; v < 3; ++v) sum[v] = fess_expansions(kSumLevels, [v](sokoban::Options &o) { o.fesstoward = v; });
    MESSAGE("FESS expansions, 7 Microban levels: fesstoward=off " << sum[0] << ", on " << sum[1] << ", chain "
                                                                  << sum[2]);
    CHECK(sum[1] < sum[0]); // 1460 against 3843 when written (without the packing macro)
    CHECK(sum[2] != sum[1]);
}

TEST_CASE("Sokoban.Fess.OptionParses") {
    using sokoban_test::parsed;
    using sokoban_test::refused;
    CHECK(sokoban::Options{}.fess == 1);       // share by default
    CHECK(sokoban::Options{}.fesstoward == 2); // chain by default
    sokoban_test::check_choices("fess", &sokoban::Options::fess, {{"on", 2}, {"share", 1}, {"off", 0}}, {"maybe"});
    sokoban_test::check_choices("fesstoward", &sokoban::Options::fesstoward, {{"off", 0}, {"on", 1}, {"chain", 2}},
                                {"yes"});
    CHECK(sokoban::Options{}.fesspack == 1); // on by default
    sokoban_test::check_choices("fesspack", &sokoban::Options::fesspack, {{"off", 0}, {"on", 1}, {"all", 2}}, {"maybe"});
    CHECK(sokoban::Options{}.fessrooms); // on by default
    // t0|t1 since session 17: one thread's members only.
    sokoban_test::check_choices("fessrooms", &sokoban::Options::fessrooms, {{"off", 0}, {"on", 1}, {"t0", 2}, {"t1", 3}},
                                {"maybe", "t2"});
    CHECK(sokoban::Options{}.fesshot == 0); // off by default
    CHECK(parsed("fesshot", "2").fesshot == 2);
    CHECK(refused("fesshot", "3").find("fesshot") != std::string::npos);
}

TEST_CASE("Sokoban.Fess.AdvisorsAndOrderChangeTheSearch") {
    // Expansions to a solution on Microban levels with each part of the projection switched
    // off: printed for the record; the sums must differ, or the switch does nothing.
    const uint64_t all = fess_expansions(kSumLevels, [](sokoban::Options &) {});
    const uint64_t noadvice = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fessadvice = false; });
    const uint64_t noorder = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fessorder = false; });
    const uint64_t nopack = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fesspack = 0; });
    const uint64_t allpack = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fesspack = 2; });
    const uint64_t rooms = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fessrooms = false; });
    const uint64_t hot1 = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fesshot = 1; });
    const uint64_t hot2 = fess_expansions(kSumLevels, [](sokoban::Options &o) { o.fesshot = 2; });
    MESSAGE("FESS expansions, 7 Microban levels: default " << all << ", fessadvice=off " << noadvice
                                                          << ", fessorder=off " << noorder << ", fesspack=off " << nopack
                                                          << ", fesspack=all " << allpack << ", fessrooms=off " << rooms
                                                          << ", fesshot=1 " << hot1 << ", fesshot=2 " << hot2);
    CHECK(all != noadvice);
    CHECK(all < noorder); // the packing order helps (1460 against 4166 when written; 3843 against 5294 before fesstoward)
    CHECK(all != nopack);
    CHECK(all != allpack);
    CHECK(all != rooms);
    CHECK(all != hot1);
}


TEST_CASE("Sokoban.Fess.PortfolioMemberAnswersReplay") {
    // fess=on: the portfolio's thread 1 is FESS; its path is formatted by the portfolio and
    // replayed by the independent checker.
    const solver_plugin *P = solver_plugin_entry();
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {3u, 42u, 100u}) {
        CAPTURE(level);
        // 2 "threads" one after the other, the FESS thread (1) first, so FESS finds the solution and
        // the w=1.5 search (0) then stops at its first poll: FESS's answer goes through every time.
        sokoban_test::StubRuntime rt(2, true);
        const solver_option opts[] = {{"fess", "on"}};
        solver_instance *inst = nullptr;
        char msg[256] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        REQUIRE(P->open(micro.data(), micro.size(), "m", level, opts, 1, &rt.services, &inst, &err) == SOLVER_OK);
        uint64_t cost = 0;
        REQUIRE(P->solve(inst, &rt.services, &cost, &err) == SOLVER_OK);
        P->close(inst);
        CHECK(rt.log.find("portfolio: fess (thread 1) won") != std::string::npos);
        REQUIRE(!rt.output.empty());
        const std::string moves = rt.output.substr(0, rt.output.find('\n'));
        const solver_test::sokoban_check check =
            solver_test::check_sokoban_solution(solver_test::xsb_level(micro, static_cast<int>(level)), moves);
        CHECK_MESSAGE(check.ok, check.reason);
        CHECK(static_cast<uint64_t>(check.pushes) == cost);
    }
}

TEST_CASE("Sokoban.Fess.PackPathFindsTheFewestPushes") {
    // The box at (2,2) reaches the corner goal (3,5) in 4 pushes (3 right and 1 down, in either
    // order); in the top row a box can only move sideways, so with a second box in its way it
    // cannot reach the goal at (1,6) at all, while that second box can (2 pushes).
    Fixture fx("#######\n"
               "#@    #\n"
               "# $   #\n"
               "#    .#\n"
               "#######");
    const sokoban::Board &b = fx.inst.board;
    std::vector<uint8_t> occ(b.n, 0), target(b.n, 0);
    occ[fx.cell(2, 2)] = 1;
    target[fx.cell(3, 5)] = 1;
    sokoban::PackPathScratch ps;
    sokoban::PackPath path;
    REQUIRE(sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target.data(), fx.cell(2, 2), fx.cell(1, 1), ps, path));
    CHECK(path.pushes == 4);
    CHECK(path.dest == fx.cell(3, 5));
    CHECK((path.first_dir == sokoban::DIR_RIGHT || path.first_dir == sokoban::DIR_DOWN));
    CHECK(occ[fx.cell(2, 2)] == 1); // occ restored
    Fixture row("########\n"
                "#@$ $ .#\n"
                "#.     #\n"
                "########");
    const sokoban::Board &rb = row.inst.board;
    std::vector<uint8_t> rocc(rb.n, 0), rt(rb.n, 0);
    rocc[row.cell(1, 2)] = rocc[row.cell(1, 4)] = 1;
    rt[row.cell(1, 6)] = 1;
    CHECK_FALSE(sokoban::pack_path(rb, rocc.data(), nullptr, rt.data(), row.cell(1, 2), row.cell(1, 1), ps, path));
    REQUIRE(sokoban::pack_path(rb, rocc.data(), nullptr, rt.data(), row.cell(1, 4), row.cell(1, 1), ps, path));
    CHECK(path.pushes == 2);
    CHECK(path.first_dir == sokoban::DIR_RIGHT);
    CHECK(path.end_player == row.cell(1, 5));
}

TEST_CASE("Sokoban.Fess.PackingMacroIsOneMoveThatReplays") {
    // A goal corridor along the bottom row: its far end (4,7) is packing layer 0. The packing
    // macro takes a box all the way there (7 pushes) in one move; formatted, the move replays in
    // the independent checker as its real pushes. With fesspack=off: no macro.
    const std::string level = "#########\n"
                              "#@      #\n"
                              "# $ $   #\n"
                              "#   #####\n"
                              "#     ..#\n"
                              "#########";
    Fixture fx(level);
    FessSearch search(fx.inst, 64u << 20);
    REQUIRE(search.order() != nullptr);
    const int far = fx.cell(4, 7);
    REQUIRE(search.order()->layer[far] == 0);
    const std::vector<uint8_t> root = fx.initial();
    std::vector<uint8_t> child;
    int box = -1;
    sokoban::PackPath path;
    REQUIRE(search.pack_move(root.data(), child, box, path));
    CHECK(path.dest == far);
    CHECK(path.pushes == 7);
    // The child has the box on the goal, its old cell empty.
    auto has = [](const std::vector<uint8_t> &st, int c) { return (st[2 + c / 8] >> (c % 8)) & 1; };
    CHECK(has(child, far));
    CHECK_FALSE(has(child, box));
    // One move, formatted into its pushes.
    std::vector<uint8_t> states = root;
    states.insert(states.end(), child.begin(), child.end());
    const uint32_t move = static_cast<uint32_t>(box * 4 + path.first_dir);
    std::string text, error;
    REQUIRE_MESSAGE(sokoban::format_solution(fx.inst, states.data(), &move, 1, text, error), error);
    int pushes = 0;
    for (char ch : text) pushes += (ch >= 'A' && ch <= 'Z');
    CHECK(pushes == 7);
    // The whole level, solved with the macro on, replays in the independent checker.
    std::string moves;
    uint64_t macros = 0;
    REQUIRE(fess_solve(level, moves, {}, nullptr, nullptr, &macros) == FessSearch::Status::solved);
    CHECK(macros > 0);
    const solver_test::sokoban_check check = solver_test::check_sokoban_solution(level, moves);
    CHECK_MESSAGE(check.ok, check.reason);
    // Off: no macro move.
    sokoban::Options off;
    off.fesspack = 0;
    Fixture fo(level, off);
    FessSearch plain(fo.inst, 64u << 20);
    CHECK_FALSE(plain.pack_move(root.data(), child, box, path));
    REQUIRE(fess_solve(level, moves, off, nullptr, nullptr, &macros) == FessSearch::Status::solved);
    CHECK(macros == 0);
}

TEST_CASE("Sokoban.Fess.RoomLinksBlockedByABoxInTheDoorway") {
    // Two rooms joined by the one doorway cell (2,4): a box on it blocks their link (and cuts
    // the floor in two); the same box inside the right room blocks nothing.
    const char *door = "#########\n"
                       "#   #   #\n"
                       "#@  $   #\n"
                       "#   #  .#\n"
                       "#########";
    const char *room = "#########\n"
                       "#   #   #\n"
                       "#@    $ #\n"
                       "#   #  .#\n"
                       "#########";
    sokoban::Options o;
    o.fessrooms = true;
    Fixture fd(door, o), fr(room, o);
    const sokoban::RoomMap map = sokoban::compute_rooms(fd.inst.board);
    CHECK(map.rooms == 2);
    REQUIRE(map.links.size() == 1);
    CHECK(map.room_of[fd.cell(2, 4)] == -1);
    CHECK(map.room_of[fd.cell(2, 1)] != map.room_of[fd.cell(2, 7)]);
    sokoban::FessScratch fs;
    fs.init(fd.inst.board);
    const std::vector<uint8_t> sd = fd.initial(), sr = fr.initial();
    const FessFeatures blocked = sokoban::fess_features(fd.inst, fs, sd.data(), nullptr, &map);
    CHECK(blocked.rooms == 1);
    CHECK(blocked.regions == 2);
    const FessFeatures open = sokoban::fess_features(fr.inst, fs, sr.data(), nullptr, &map);
    CHECK(open.rooms == 0);
    CHECK(open.regions == 1);
    // The search uses the map only with fessrooms=on (the default).
    FessSearch on(fd.inst, 64u << 20);
    CHECK(on.rooms() != nullptr);
    sokoban::Options no;
    no.fessrooms = false;
    Fixture plain(door, no);
    FessSearch off(plain.inst, 64u << 20);
    CHECK(off.rooms() == nullptr);
    expect_fess_solves(door, o);
}

TEST_CASE("Sokoban.Fess.RoomFeaturePerThread") {
    // fessrooms=t0|t1 (session 17): the search builds the room map, and set_rooms() turns the
    // feature off (or on again) for one member before its first run; off, the doorway box no
    // longer splits the cells, and the solution still replays.
    const char *door = "#########\n"
                       "#   #   #\n"
                       "#@  $   #\n"
                       "#   #  .#\n"
                       "#########";
    sokoban::Options o;
    o.fessrooms = 2; // t0
    Fixture fx(door, o);
    FessSearch on(fx.inst, 64u << 20), off(fx.inst, 64u << 20);
    CHECK(on.rooms() != nullptr);
    off.set_rooms(false);
    CHECK(off.rooms() == nullptr);
    off.set_rooms(true);
    CHECK(off.rooms() != nullptr);
    off.set_rooms(false);
    REQUIRE(off.run(100000, {}) == FessSearch::Status::solved);
    sokoban_test::check_moves_replay(door, sokoban_test::fess_moves(off, fx));
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (int level : {60, 100}) { // 16 / 11 and 15 / 11 cells when written
        CAPTURE(level);
        const std::string text = solver_test::xsb_level(micro, level);
        Fixture mf(text, o);
        FessSearch with(mf.inst, 64u << 20), without(mf.inst, 64u << 20);
        without.set_rooms(false);
        REQUIRE(with.run(2000000, {}) == FessSearch::Status::solved);
        REQUIRE(without.run(2000000, {}) == FessSearch::Status::solved);
        MESSAGE("Microban " << level << ": cells " << with.cells() << " / " << without.cells() << " without rooms, expanded "
                            << with.expanded() << " / " << without.expanded());
        CHECK(without.cells() < with.cells()); // the rooms coordinate is gone
        CHECK(without.expanded() != with.expanded());
        sokoban_test::check_moves_replay(text, sokoban_test::fess_moves(without, mf));
    }
    sokoban::Options none;
    none.fessrooms = 0;
    Fixture plain(door, none);
    FessSearch late(plain.inst, 64u << 20);
    late.set_rooms(true); // computes the map on demand
    CHECK(late.rooms() != nullptr);
    // The portfolio with the feature on thread 1's members only: thread 1's FESS (fess=on)
    // answers Microban 3 and the checker replays it.
    const solver_plugin *P = solver_plugin_entry();
    for (const char *mode : {"t0", "t1"}) {
        CAPTURE(mode);
        sokoban_test::StubRuntime rt(2, true);
        const solver_option opts[] = {{"fess", "on"}, {"fessrooms", mode}};
        solver_instance *inst = nullptr;
        char msg[256] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        REQUIRE(P->open(micro.data(), micro.size(), "m", 3, opts, 2, &rt.services, &inst, &err) == SOLVER_OK);
        uint64_t cost = 0;
        REQUIRE(P->solve(inst, &rt.services, &cost, &err) == SOLVER_OK);
        P->close(inst);
        REQUIRE(!rt.output.empty());
        const std::string moves = rt.output.substr(0, rt.output.find('\n'));
        const solver_test::sokoban_check check = solver_test::check_sokoban_solution(solver_test::xsb_level(micro, 3), moves);
        CHECK_MESSAGE(check.ok, check.reason);
        CHECK(static_cast<uint64_t>(check.pushes) == cost);
    }
}

TEST_CASE("Sokoban.Fess.HotspotIsTheBoxInTheOthersWay") {
    // The box at (2,3) stands where the box at (2,2) would go on its way right to the goals and
    // where the player would stand to push the box at (2,4) right: it stops both. Each of
    // those stops one (the middle box), the box at (3,5) none. So (2,3) is the hotspot at
    // fesshot=1 and 2; without (2,4) it stops one box only, not enough at fesshot=2.
    const std::string map = "#########\n"
                            "#@      #\n"
                            "# $$$  .#\n"
                            "#    $ .#\n"
                            "#     ..#\n"
                            "#########";
    sokoban::Options o;
    o.fesshot = 1;
    Fixture fx(map, o);
    FessSearch search(fx.inst, 64u << 20);
    const sokoban::Board &b = fx.inst.board;
    std::vector<uint8_t> occ(b.n, 0);
    for (int c : b.start_boxes) occ[c] = 1;
    CHECK(search.blocks(occ.data(), fx.cell(2, 3)) == 2);
    CHECK(search.blocks(occ.data(), fx.cell(3, 5)) == 0);
    int score = 0;
    CHECK(search.hotspot(occ.data(), score) == fx.cell(2, 3));
    CHECK(score == 2);
    sokoban::Options two;
    two.fesshot = 2;
    Fixture f2(map, two);
    FessSearch s2(f2.inst, 64u << 20);
    CHECK(s2.hotspot(occ.data(), score) == fx.cell(2, 3));
    occ[fx.cell(2, 4)] = 0; // now it stops one box only: not a hotspot at 2
    CHECK(s2.hotspot(occ.data(), score) == -1);
    expect_fess_solves(map, o);
}
