// bruteforce_test.cc -- the plugin's optimum (A* over its table) against an independent
// breadth-first search with its own move rules (tests/ewn_checker.cc) on a few hundred
// generated small instances, solvable and unsolvable; every answer replayed by both verifiers.
#include <doctest/doctest.h>

#include "test_util.h"

TEST_CASE("Ewn.BruteForce.SameOptimumOnGeneratedInstances") {
    ewn_test::Rng rng(4242);
    int compared = 0, solvable = 0, unsolvable_open = 0, unsolvable_search = 0, skipped = 0;
    const solver_plugin *P = solver_plugin_entry();
    for (int round = 0; round < 400; ++round) {
        const std::string text = ewn_test::random_instance(rng, 2, 5, 6, 8);
        INFO(text);
        const auto brute = solver_test::ewn_brute_force(solver_test::read_ewn(text), 150000);
        if (!brute.complete) {
            ++skipped;
            continue;
        }
        ++compared;
        solver_instance *inst = nullptr;
        ewn_test::Err err;
        const solver_status st = P->open(text.data(), text.size(), "gen", 1, nullptr, 0, nullptr, &inst, &err.e);
        if (st == SOLVER_ERR_UNSOLVABLE) {
            CHECK(brute.plies == -1);
            ++unsolvable_open;
            continue;
        }
        REQUIRE(st == SOLVER_OK);
        P->close(inst);
        const auto s = ewn_test::table_astar(text);
        CHECK(s.plies == brute.plies);
        if (s.plies < 0) {
            ++unsolvable_search;
            continue;
        }
        ++solvable;
        ewn_test::Opened o(text);
        uint64_t cost = 0;
        CHECK_MESSAGE(o.verify(s.text, cost, err) == SOLVER_OK, err.msg);
        CHECK(cost == static_cast<uint64_t>(s.plies));
        const auto check = solver_test::check_ewn_solution(text, s.text);
        CHECK_MESSAGE(check.ok, check.reason);
    }
    MESSAGE(compared << " compared (" << solvable << " solvable, " << unsolvable_open << " refused at open, "
                     << unsolvable_search << " exhausted), " << skipped << " skipped (brute force too large)");
    CHECK(compared >= 300);
    CHECK(solvable >= 150);
    CHECK(unsolvable_search >= 5);
    CHECK(unsolvable_open >= 5);
}

TEST_CASE("Ewn.BruteForce.MutatedInputsNeverCrash") {
    // Random one-token mutations of the example: open fails with a parse error carrying a
    // position, or refuses it as unsolvable, or succeeds and the instance expands.
    const std::string base = "5 5\n1 0 0 0 0\n0 3 5 0 0\n0 0 0 0 0\n0 0 6 0 0\n0 0 0 0 0\n6\n6 3 5 2 1 4\n0";
    const char alphabet[] = "0123456789 \n-x";
    ewn_test::Rng rng(7);
    const solver_plugin *P = solver_plugin_entry();
    int opened = 0, refused = 0;
    for (int round = 0; round < 500; ++round) {
        std::string text = base;
        const int edits = rng.range(1, 3);
        for (int e = 0; e < edits; ++e) text[rng.range(0, static_cast<int>(text.size()) - 1)] = alphabet[rng.range(0, 14)];
        ewn_test::Err err;
        solver_instance *inst = nullptr;
        const solver_status st = P->open(text.data(), text.size(), "fuzz", 1, nullptr, 0, nullptr, &inst, &err.e);
        if (st != SOLVER_OK) {
            CHECK((st == SOLVER_ERR_PARSE || st == SOLVER_ERR_UNSOLVABLE));
            if (st == SOLVER_ERR_PARSE) CHECK(err.e.line >= 1);
            CHECK(err.msg[0] != '\0');
            ++refused;
            continue;
        }
        ++opened;
        P->close(inst);
        ewn_test::Opened o(text);
        const std::string s = o.initial();
        o.h(s);
        for (const auto &c : o.children(s)) o.children(c.state);
    }
    CHECK(opened > 0);
    CHECK(refused > 0);
}
