// astar_engine: optimal costs against an exhaustive breadth-first search written here (the
// 8-puzzle test domain), weighted and greedy bounds, unsolvable exhaustion, and both limits.
#include "engines/engine.h"
#include "engines/problem.h"
#include "host/plugin_host.h"
#include "host/services.h"
#include "eightpuzzle_oracle.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <map>
#include <queue>
#include <random>

using namespace solver;

namespace {

using solver_test::board;
const std::map<board, int>& exact_distances() { return solver_test::eightpuzzle_distances(); }
std::string text_of(const board& b) { return solver_test::eightpuzzle_text(b); }


struct fixture {
    loaded_plugin plugin = loaded_plugin::load(solver_test::build_dir() + "/tests/plugins/libeightpuzzle.so");
    std::unique_ptr<executor> exec = make_sequential_executor();

    search_result solve(const board& b, const std::string& engine_name, double weight, double time_limit = 0,
                        std::uint64_t memory = 1ull << 30) {
        search_control control(time_limit, memory);
        runtime_services services(*exec, control, "/tmp", true);
        std::string text = text_of(b);
        char msg[256] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        solver_instance* inst = nullptr;
        REQUIRE(plugin.table().open(text.data(), text.size(), "test", 1, nullptr, 0, services.table(), &inst, &err) ==
                SOLVER_OK);
        problem p(plugin.table(), inst);
        engine_options o;
        o.weight = weight;
        o.exec = exec.get();
        o.control = &control;
        auto e = make_engine(engine_name);
        search_result r = e->run(p, o);
        if (r.outcome == search_outcome::solved) {
            // The path is consistent: starts at b, each step one legal blank move, ends solved.
            REQUIRE(r.path_states.size() == (r.moves.size() + 1) * 9);
            board prev;
            std::copy_n(r.path_states.begin(), 9, prev.begin());
            CHECK(prev == b);
            for (std::size_t i = 1; i <= r.moves.size(); ++i) {
                board cur;
                std::copy_n(r.path_states.begin() + i * 9, 9, cur.begin());
                int diff = 0;
                for (int k = 0; k < 9; ++k) diff += prev[k] != cur[k];
                CHECK(diff == 2);
                prev = cur;
            }
            CHECK(exact_distances().at(prev) == 0);
            std::uint64_t cost = 0;
            CHECK(p.verify(p.format_solution(r.path_states, r.moves), cost) == "");
            CHECK(cost == r.cost);
            CHECK(r.cost == r.moves.size());
        }
        return r;
    }
};

std::vector<board> random_positions(int count, unsigned seed) { return solver_test::eightpuzzle_positions(count, seed); }

}  // namespace

TEST_CASE("AStar.OptimalOnEightPuzzleAgainstExhaustiveBfs") {
    fixture f;
    REQUIRE(exact_distances().size() == 181440);
    for (const board& b : random_positions(40, 7)) {
        search_result r = f.solve(b, "astar", 1.0);
        REQUIRE(r.outcome == search_outcome::solved);
        CHECK(r.cost == std::uint64_t(exact_distances().at(b)));
        CHECK(r.stats.expanded > 0);
        CHECK(r.stats.generated >= r.stats.expanded);
    }
}

TEST_CASE("AStar.HardestEightPuzzlePositionsNeed31Moves") {
    fixture f;
    int hardest = 0;
    for (const auto& [b, d] : exact_distances()) hardest = std::max(hardest, d);
    CHECK(hardest == 31);
    for (const auto& [b, d] : exact_distances()) {
        if (d != 31) continue;
        search_result r = f.solve(b, "astar", 1.0);
        REQUIRE(r.outcome == search_outcome::solved);
        CHECK(r.cost == 31);
    }
}

TEST_CASE("AStar.WeightedAndGreedyStayWithinTheirBounds") {
    fixture f;
    for (const board& b : random_positions(20, 11)) {
        const std::uint64_t opt = exact_distances().at(b);
        search_result w2 = f.solve(b, "astar", 2.0);
        REQUIRE(w2.outcome == search_outcome::solved);
        CHECK(w2.cost >= opt);
        CHECK(w2.cost <= 2 * opt);
        search_result g = f.solve(b, "greedy", 1.0);
        REQUIRE(g.outcome == search_outcome::solved);
        CHECK(g.cost >= opt);
    }
}

TEST_CASE("AStar.ExhaustsAnUnsolvablePosition") {
    fixture f;
    board odd{1, 2, 3, 4, 5, 6, 8, 7, 0};  // one swap away from the goal: the other parity class
    search_result r = f.solve(odd, "astar", 1.0);
    CHECK(r.outcome == search_outcome::unsolvable);
    CHECK(r.stats.stored == 181440);  // the whole parity class, every state once
    CHECK(r.stats.expanded == 181440);
}

TEST_CASE("AStar.GoalAtTheStartCostsNothing") {
    fixture f;
    search_result r = f.solve({1, 2, 3, 4, 5, 6, 7, 8, 0}, "astar", 1.0);
    REQUIRE(r.outcome == search_outcome::solved);
    CHECK(r.cost == 0);
    CHECK(r.moves.empty());
}

TEST_CASE("AStar.LimitsStopTheSearchWithStatistics") {
    fixture f;
    board odd{1, 2, 3, 4, 5, 6, 8, 7, 0};
    search_result t = f.solve(odd, "astar", 1.0, 1e-4);
    CHECK(t.outcome == search_outcome::limit);
    CHECK(t.stats.stored < 181440);
    search_result m = f.solve(odd, "astar", 1.0, 0, 64 * 1024);
    CHECK(m.outcome == search_outcome::limit);
    CHECK(m.stats.stored < 181440);
    CHECK(m.stats.search_memory_bytes <= 2 * 64 * 1024);
}

TEST_CASE("Engines.UnknownNameIsRefusedWithTheList") {
    CHECK_THROWS_WITH_AS(make_engine("dfs"), doctest::Contains("astar"), std::invalid_argument);
}
