// heuristic_test.cc -- heuristic values on small maps; the Hungarian matching against brute
// force.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "../../plugins/sokoban/heuristic.h"
#include "test_util.h"

using namespace sokoban;

namespace {
uint32_t h_of(const std::string &map, HeuristicKind kind) {
    Options o;
    o.heuristic = kind;
    sokoban_test::Fixture fx(map, o);
    std::vector<uint8_t> s = fx.initial();
    return state_heuristic(fx.inst, fx.scratch, s.data());
}
} // namespace

TEST_CASE("Sokoban.Heuristic.SmallMaps") {
    // Two boxes, each one push above its goal.
    const std::string two = "#######\n"
                            "#@    #\n"
                            "# $ $ #\n"
                            "# . . #\n"
                            "#######";
    CHECK(h_of(two, HeuristicKind::matching) == 2);
    CHECK(h_of(two, HeuristicKind::greedy) == 2);
    CHECK(h_of(two, HeuristicKind::none) == 0);
    // Solved: 0.
    CHECK(h_of("#####\n#@* #\n#####", HeuristicKind::matching) == 0);
    // One box three pushes from its goal along a row.
    CHECK(h_of("#######\n#@$  .#\n#######", HeuristicKind::matching) == 3);
    // A box in a corner off the goal is dead for every heuristic but none.
    const std::string corner = "######\n#$   #\n#  @.#\n######";
    CHECK(h_of(corner, HeuristicKind::matching) == H_DEAD);
    CHECK(h_of(corner, HeuristicKind::greedy) == H_DEAD);
}

TEST_CASE("Sokoban.Heuristic.MatchingBeatsGreedy") {
    // Corridor row: goals at columns 1 and 4, boxes at 3 and 5, all on the same row, pushable
    // both ways (rows above and below are open). Box order is by cell: box 3 takes goal 4
    // (distance 1) greedily, leaving box 5 to goal 1 (4): greedy = 5. The matching gives
    // 3->1 (2) + 5->4 (1) = 3.
    const std::string map = "#########\n"
                            "#       #\n"
                            "#. $.$  #\n"
                            "#   @   #\n"
                            "#########";
    CHECK(h_of(map, HeuristicKind::matching) == 3);
    CHECK(h_of(map, HeuristicKind::greedy) == 5);
}

TEST_CASE("Sokoban.Heuristic.HungarianEqualsBruteForce") {
    // Random box placements on live cells of a Microban level with 4 goals.
    const std::string text = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    Instance inst;
    Level lv;
    Failure f;
    uint32_t level = 0;
    for (uint32_t k = 1; k <= 155; ++k) {
        REQUIRE(parse_level(text.data(), text.size(), k, lv, f));
        if (lv.box_count >= 4 && lv.box_count <= 6) {
            level = k;
            break;
        }
    }
    REQUIRE(level > 0);
    init_instance(inst, lv, Options{});
    HeuristicScratch hs;
    hs.init(inst.heuristic.k);
    const int k = inst.heuristic.k;
    std::vector<int> live;
    for (int c = 0; c < inst.board.n; ++c)
        if (inst.heuristic.nearest[c] != UINT16_MAX) live.push_back(c);
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        std::shuffle(live.begin(), live.end(), rng);
        std::vector<int> boxes(live.begin(), live.begin() + k);
        const int player = live[k]; // any cell that holds no box
        int64_t best = INT64_MAX;
        std::vector<int> perm(k);
        for (int i = 0; i < k; ++i) perm[i] = i;
        do {
            int64_t sum = 0;
            for (int i = 0; i < k && sum < INT64_MAX; ++i) {
                const uint16_t d = inst.heuristic.box_cost(perm[i], boxes[i], player);
                sum = d == UINT16_MAX ? INT64_MAX : sum + d;
            }
            best = std::min(best, sum);
        } while (std::next_permutation(perm.begin(), perm.end()));
        const uint32_t h = evaluate(inst.heuristic, boxes.data(), k, player, hs);
        if (best == INT64_MAX) CHECK(h == H_DEAD);
        else CHECK(h == static_cast<uint32_t>(best));
    }
}

TEST_CASE("Sokoban.Heuristic.SidesInACorridor") {
    // A one-wide corridor: from the left the box is 3 pushes from the goal; from the right of
    // the box the player can only push it away, so with sides the box is dead.
    const std::string left = "########\n#@ $  .#\n########";
    const std::string right = "########\n#  $@ .#\n########";
    CHECK(h_of(left, HeuristicKind::matching) == 3);
    CHECK(h_of(right, HeuristicKind::matching) == H_DEAD);
    Options off;
    off.sides = false;
    sokoban_test::Fixture fx(right, off);
    std::vector<uint8_t> s = fx.initial();
    CHECK(state_heuristic(fx.inst, fx.scratch, s.data()) == 3);
    sokoban_test::Fixture on(right);
    const int box = on.cell(1, 3);
    CHECK(on.inst.heuristic.box_cost(0, box, on.cell(1, 1)) == 3);
    CHECK(on.inst.heuristic.box_cost(0, box, on.cell(1, 5)) == UINT16_MAX);
}

TEST_CASE("Sokoban.Heuristic.SidesAroundAPillar") {
    // In an open room the player walks around the box: sides change nothing.
    const std::string map = "#######\n#     #\n# $ @ #\n#    .#\n#######";
    Options off;
    off.sides = false;
    CHECK(h_of(map, HeuristicKind::matching) == 4);
    sokoban_test::Fixture fx(map, off);
    std::vector<uint8_t> s = fx.initial();
    CHECK(state_heuristic(fx.inst, fx.scratch, s.data()) == 4);
}
