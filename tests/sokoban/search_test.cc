// search_test.cc -- move generation, canonical states, hashes.
#include <doctest/doctest.h>

#include <set>

#include "test_util.h"

using namespace sokoban;

namespace {
Options raw() {
    Options o;
    o.deadsquares = false;
    o.freeze = false;
    o.heuristic = HeuristicKind::none;
    return o;
}
const std::string OPEN_ROOM = "#######\n"
                              "#     #\n"
                              "#  $  #\n"
                              "# @  .#\n"
                              "#######";
} // namespace

TEST_CASE("Sokoban.Search.StateLayout") {
    sokoban_test::Fixture fx(OPEN_ROOM, raw());
    CHECK(fx.inst.board.n == 15);
    CHECK(fx.inst.state_size == 2 + 2);
    std::vector<uint8_t> s = fx.initial();
    CHECK(state_player(s.data()) == 0); // top-left of the area
    const int box = fx.cell(2, 3);
    CHECK(box == 7);
    CHECK(s[2] == 0x80);
    CHECK(s[3] == 0x00);
    CHECK_FALSE(state_is_goal(fx.inst, s.data()));
    const solver_instance_info &info = fx.inst.info;
    CHECK(info.state_size == 4);
    CHECK((info.flags & SOLVER_UNIT_COST));
    CHECK((info.flags & SOLVER_HAS_HASH));
    CHECK((info.flags & SOLVER_ANY_SOLUTION));
    CHECK(std::string(info.description) == "7x5 map, 1 box, XSB format");
}

TEST_CASE("Sokoban.Search.ExactChildrenWithoutPruning") {
    sokoban_test::Fixture fx(OPEN_ROOM, raw());
    std::vector<uint8_t> s = fx.initial();
    const auto kids = sokoban_test::children(fx.inst, fx.scratch, s);
    REQUIRE(kids.size() == 4);
    const int box = fx.cell(2, 3);
    const int targets[4] = {fx.cell(1, 3), fx.cell(2, 2), fx.cell(3, 3), fx.cell(2, 4)};
    for (int d = 0; d < 4; ++d) {
        CHECK(kids[d].move == static_cast<uint32_t>(box * 4 + d));
        CHECK(kids[d].h == 0);
        std::vector<uint8_t> expect(fx.inst.state_size, 0);
        expect[0] = 0; // player area still contains the top-left cell
        expect[2 + targets[d] / 8] |= static_cast<uint8_t>(1u << (targets[d] % 8));
        CHECK(kids[d].state == expect);
        CHECK(kids[d].hash == state_hash(fx.inst, kids[d].state.data()));
    }
}

TEST_CASE("Sokoban.Search.ChildrenWithPruningAndHeuristic") {
    sokoban_test::Fixture fx(OPEN_ROOM); // defaults: dead squares, freeze, matching
    std::vector<uint8_t> s = fx.initial();
    CHECK(state_heuristic(fx.inst, fx.scratch, s.data()) == 3);
    const auto kids = sokoban_test::children(fx.inst, fx.scratch, s);
    // Up goes onto the dead top row: pruned. Left, down, right remain.
    REQUIRE(kids.size() == 3);
    const int box = fx.cell(2, 3);
    CHECK(kids[0].move == static_cast<uint32_t>(box * 4 + DIR_LEFT));
    CHECK(kids[0].h == 4);
    CHECK(kids[1].move == static_cast<uint32_t>(box * 4 + DIR_DOWN));
    CHECK(kids[1].h == 2);
    CHECK(kids[2].move == static_cast<uint32_t>(box * 4 + DIR_RIGHT));
    CHECK(kids[2].h == 2);
}

TEST_CASE("Sokoban.Search.PlayerMustReachThePushingSide") {
    // The player is shut in the left pocket by the boxes: only pushes from the left.
    const std::string map = "#######\n"
                            "#@$ ..#\n"
                            "##$   #\n"
                            "#     #\n"
                            "#######";
    sokoban_test::Fixture fx(map, raw());
    std::vector<uint8_t> s = fx.initial();
    CHECK(state_player(s.data()) == fx.cell(1, 1));
    const auto kids = sokoban_test::children(fx.inst, fx.scratch, s);
    REQUIRE(kids.size() == 1);
    CHECK(kids[0].move == static_cast<uint32_t>(fx.cell(1, 2) * 4 + DIR_RIGHT));
    // After the push, the player (in (1,2)) reaches the whole room: normalized to (1,1).
    CHECK(state_player(kids[0].state.data()) == fx.cell(1, 1));
}

TEST_CASE("Sokoban.Search.CanonicalPlayer") {
    // Same boxes, players in different cells of the same area: identical bytes and hashes.
    const std::string a = "#######\n#@    #\n#  $  #\n#    .#\n#######";
    const std::string b = "#######\n#     #\n#  $  #\n#   @.#\n#######";
    sokoban_test::Fixture fa(a), fb(b);
    CHECK(fa.initial() == fb.initial());
    CHECK(state_hash(fa.inst, fa.initial().data()) == state_hash(fb.inst, fb.initial().data()));
    // Different areas: different bytes.
    const std::string c = "#######\n#@$ ..#\n##$   #\n#     #\n#######";
    const std::string d = "#######\n# $ ..#\n##$   #\n#   @ #\n#######";
    sokoban_test::Fixture fc(c), fd(d);
    CHECK(fc.initial() != fd.initial());
}

TEST_CASE("Sokoban.Search.IncrementalHashAndDeterminism") {
    const std::string text = sokoban_test::read_text("puzzles/sokoban/course/24.txt");
    sokoban_test::Fixture fx(text);
    std::vector<uint8_t> s = fx.initial();
    std::set<std::vector<uint8_t>> seen;
    std::vector<std::vector<uint8_t>> frontier{s};
    // Walk a few layers: every emitted hash equals the full hash, expansion is repeatable, and
    // unused bits of the box bitset stay zero.
    for (int layer = 0; layer < 3; ++layer) {
        std::vector<std::vector<uint8_t>> next;
        for (const auto &st : frontier) {
            const auto k1 = sokoban_test::children(fx.inst, fx.scratch, st);
            const auto k2 = sokoban_test::children(fx.inst, fx.scratch, st);
            REQUIRE(k1.size() == k2.size());
            for (size_t i = 0; i < k1.size(); ++i) {
                CHECK(k1[i].state == k2[i].state);
                CHECK(k1[i].hash == state_hash(fx.inst, k1[i].state.data()));
                CHECK(k1[i].h == state_heuristic(fx.inst, fx.scratch, k1[i].state.data()));
                const int n = fx.inst.board.n;
                if (n % 8) CHECK((k1[i].state.back() >> (n % 8)) == 0);
                if (seen.insert(k1[i].state).second) next.push_back(k1[i].state);
            }
        }
        frontier.swap(next);
    }
    CHECK(seen.size() > 10);
}

TEST_CASE("Sokoban.Search.ChildPlayerAndHeuristicEqualTheFullComputation") {
    // child_player's local test must give exactly the flood's smallest cell, and the
    // incremental matching (matching_child, its shortcuts) exactly the full Hungarian: walk a
    // few hundred states of three crowded maps (pockets, corridors, pushes that split the
    // player's area; 10 boxes in Microban 153) and recompute every single-push child. Also
    // with the shortcuts corralplayer and playerstop (on by default) off, and counted on.
    const std::pair<const char *, uint32_t> maps[] = {{"puzzles/sokoban/course/22.txt", 1},
                                                      {"puzzles/sokoban/course/23.txt", 1},
                                                      {"puzzles/sokoban/microban_155.xsb", 153}};
    uint64_t trees = 0, corral_players = 0, stopped = 0;
    for (const int config : {0, 1, 2}) // areatree on; off; off without corralplayer and playerstop
    for (const auto &m : maps) {
        const bool areatree = config == 0;
        INFO(m.first << " config " << config);
        Options o;
        o.corralplayer = o.playerstop = config != 2;
        o.tunnels = o.goalroom = false; // every child a single push
        o.areatree = areatree;
        o.corraldead = areatree ? 1 : 0; // child_player uses the tree with the corral test only
        sokoban_test::Fixture fx("#####\n#@$.#\n#####", o);
        fx.inst = Instance{};
        init_instance(fx.inst, sokoban_test::parse_ok(sokoban_test::read_text(m.first), m.second), o);
        init_scratch(fx.inst, fx.scratch);
        Scratch check;
        init_scratch(fx.inst, check);
        std::set<std::vector<uint8_t>> seen{fx.initial()};
        std::vector<std::vector<uint8_t>> queue{fx.initial()};
        size_t checked = 0;
        for (size_t q = 0; q < queue.size() && q < 300; ++q) {
            for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, queue[q])) {
                REQUIRE(k.cost == 1);
                unpack_state(fx.inst, check, k.state.data());
                CHECK(normalize_player(fx.inst, check, static_cast<int>(k.move / 4)) == state_player(k.state.data()));
                CHECK(k.h == state_heuristic(fx.inst, check, k.state.data()));
                ++checked;
                if (seen.insert(k.state).second) queue.push_back(k.state);
            }
        }
        CHECK(checked > 500);
        trees += fx.scratch.tree.builds;
        if (config != 2) corral_players += fx.scratch.corral_players;
        if (config == 1) stopped += fx.scratch.stopped_floods;
        if (config == 2) CHECK(fx.scratch.corral_players + fx.scratch.stopped_floods == 0);
        if (!areatree) CHECK(fx.scratch.tree.builds == 0);
    }
    CHECK(trees > 0); // areatree=on (the default): the split areas were answered by the tree
    CHECK(corral_players > 0);
    CHECK(stopped > 0);
}
