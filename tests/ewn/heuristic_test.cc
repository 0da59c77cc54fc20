// heuristic_test.cc -- the three bounds against exact distances: on hand-made cases where the
// dice (and captures) decide, and on every reachable state of generated small instances
// (h <= exact plies to a goal, h(parent) <= 1 + h(child) on every move, dead only when no goal
// is reachable).
#include <doctest/doctest.h>

#include <memory>

#include "../../plugins/ewn/heuristic.h"
#include "test_util.h"

using ewn_test::Opened;

TEST_CASE("Ewn.Heuristic.DiceDecideWhenTheGoalPieceMoves") {
    // Piece 1 must go two king steps; dice 2 2 1: while piece 2 stands, piece 1 moves only at
    // ply 2 (mod 3), which gives 5 plies (2 at ply 2, 2 at ply 5)... unless piece 1 captures
    // piece 2 at ply 2: then dice 2 falls to piece 1 as well and 4 plies suffice. The bound
    // must see the capture (4), not the naive 6.
    const std::string text = "3 3\n1 0 0\n0 2 0\n0 0 0\n3\n2 2 1\n1";
    Opened o(text);
    CHECK(o.h(o.initial()) == 4);
    const auto brute = solver_test::ewn_brute_force(solver_test::read_ewn(text));
    REQUIRE(brute.complete);
    CHECK(brute.plies == 4);
    CHECK(ewn_test::table_astar(text).plies == 4);
    Opened cheb(text, {{"heuristic", "chebyshev"}});
    CHECK(cheb.h(cheb.initial()) == 2);
    Opened zero(text, {{"heuristic", "zero"}});
    CHECK(zero.h(zero.initial()) == 0);
}

TEST_CASE("Ewn.Heuristic.DeadWhenTheGoalPieceCanNeverMove") {
    // Dice always 3 and piece 3 can never be captured (only 3 ever moves): piece 1 never moves.
    const std::string text = "3 3\n1 0 0\n0 2 0\n3 0 0\n1\n3\n1";
    Opened o(text);
    CHECK(o.h(o.initial()) == SOLVER_H_DEAD);
    const auto brute = solver_test::ewn_brute_force(solver_test::read_ewn(text));
    CHECK(brute.complete);
    CHECK(brute.plies == -1);
    CHECK(ewn_test::table_astar(text).plies == -1);
}

TEST_CASE("Ewn.Heuristic.AnyPieceTakesTheBestCandidate") {
    // s = 0: piece 6 is one step away but only moves at dice 6 (the last of 5); piece 1 is two
    // steps away and moves at every ply (dice 1 ... and 2..5 fall to piece 1 below them? no:
    // above 5 is 6, below 2 is 1) -- the bound is the minimum over both candidates.
    const std::string text = "3 3\n1 0 0\n0 0 0\n0 6 0\n5\n1 1 1 1 6\n0";
    Opened o(text);
    const uint32_t h = o.h(o.initial());
    const auto brute = solver_test::ewn_brute_force(solver_test::read_ewn(text));
    REQUIRE(brute.complete);
    CHECK(h == 2);
    CHECK(brute.plies == 2);
}

TEST_CASE("Ewn.Heuristic.AdmissibleAndConsistentOnEveryReachableState") {
    // For every bound: h <= the exact plies to a goal, h(parent) <= 1 + h(child), dead only
    // when no goal is reachable; and the bounds are ordered dice >= dice-anytime >= chebyshev.
    ewn_test::Rng rng(20261121);
    int instances = 0, states = 0, tight = 0, dead_states = 0, above_anytime = 0;
    const char *const kinds[3] = {"dice", "dice-anytime", "chebyshev"};
    for (int round = 0; round < 300 && instances < 80; ++round) {
        const std::string text = ewn_test::random_instance(rng, 2, 4, 5, 6);
        const solver_plugin *P = solver_plugin_entry();
        solver_instance *probe = nullptr;
        ewn_test::Err err;
        if (P->open(text.data(), text.size(), "gen", 1, nullptr, 0, nullptr, &probe, &err.e) != SOLVER_OK) continue;
        P->close(probe);
        Opened dice(text, {{"heuristic", "dice"}}), anytime(text, {{"heuristic", "dice-anytime"}}),
            cheb(text, {{"heuristic", "chebyshev"}});
        const Opened *all[3] = {&dice, &anytime, &cheb};
        const ewn_test::Graph g = ewn_test::reachable_graph(dice, 20000);
        if (!g.complete) continue;
        ++instances;
        for (size_t u = 0; u < g.states.size(); ++u) {
            uint32_t hs[3];
            for (int k = 0; k < 3; ++k) {
                const Opened &o = *all[k];
                const uint32_t h = hs[k] = o.h(g.states[u]);
                INFO(text << kinds[k] << ": state " << u << " h " << h << " dist " << g.dist[u]);
                if (g.dist[u] >= 0) {
                    REQUIRE(h != SOLVER_H_DEAD);
                    REQUIRE(h <= static_cast<uint32_t>(g.dist[u]));
                    if (k == 0) tight += h == static_cast<uint32_t>(g.dist[u]);
                } else if (k == 0) {
                    dead_states += h == SOLVER_H_DEAD;
                }
                CHECK((h == 0) == (g.dist[u] == 0));
                if (h == SOLVER_H_DEAD) continue;
                for (uint32_t v : g.succ[u]) {
                    const uint32_t hv = o.h(g.states[v]);
                    if (hv != SOLVER_H_DEAD) REQUIRE(h <= 1 + hv);
                }
            }
            // Ordered (SOLVER_H_DEAD is the largest value).
            CHECK(hs[0] >= hs[1]);
            CHECK(hs[1] >= hs[2]);
            above_anytime += hs[0] > hs[1];
            ++states;
        }
    }
    MESSAGE(instances << " instances, " << states << " states checked; dice: " << tight << " exact, " << dead_states
                      << " proven dead, " << above_anytime << " above dice-anytime");
    CHECK(instances >= 70);
    CHECK(above_anytime > 0);
}

TEST_CASE("Ewn.Heuristic.MemoGivesTheSameValues") {
    // The per-thread memo (a small direct-mapped cache keyed by everything the release-time
    // game reads) must never change a value: compare with and without it on every reachable
    // state of a 7x7 shared instance (states repeat, so the cache is hit and overwritten).
    const std::string text = ewn_test::read_text("puzzles/ewn/23.in");
    ewn::Puzzle pz;
    ewn::Failure f;
    REQUIRE(ewn::parse_puzzle(text.data(), text.size(), pz, f));
    ewn::Heuristic h;
    h.build(pz, ewn::HeuristicKind::dice);
    auto cache = std::make_unique<ewn::HeuristicCache>();
    Opened o(text);
    const ewn_test::Graph g = ewn_test::reachable_graph(o, 30000);
    int compared = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (const auto &s : g.states) {
            const auto *st = reinterpret_cast<const uint8_t *>(s.data());
            REQUIRE(h.value(st, cache.get()) == h.value(st, nullptr));
            ++compared;
        }
    CHECK(compared > 30000);
}
