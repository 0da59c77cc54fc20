// engines: the hda, ida, bfs and count engines (and astar/astar-seq beside them) on the test
// domains: exact optima on the 8-puzzle against a breadth-first search written here, on the
// sequential executor and the work-stealing pool at 1, 2 and 4 threads; exhaustion of the
// unsolvable parity class; time limits; the same optimal push counts on Sokoban course maps;
// exact 128-bit counts on the countdomain test plugin; repeated runs at 4 and 8 threads agree.
#include "engines/engine.h"
#include "engines/layered_bfs.h"
#include "engines/problem.h"
#include "host/plugin_host.h"
#include "host/services.h"
#include "sched/make_executor.h"
#include "eightpuzzle_oracle.h"
#include "test_support.h"
#include "visited/visited_table.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <queue>
#include <random>

using namespace solver;

// Under the sanitizers (10-20x slower) fewer and shallower instances, the same checks.
#ifdef SOLVER_TEST_SANITIZED
constexpr int positions_per_run = 4;
constexpr int max_distance = 18;  // bfs explores fewer states below shallower goals
constexpr int sokoban_maps = 4;
constexpr int stress_repeats = 2;
constexpr const char* cli_count_n = "25";
constexpr const char* cli_count = "196418";  // F(27)
constexpr bool sanitized = true;
#else
constexpr int positions_per_run = 20;
constexpr int max_distance = 99;
constexpr int sokoban_maps = 10;
constexpr int stress_repeats = 3;
constexpr const char* cli_count_n = "30";
constexpr const char* cli_count = "2178309";  // F(32)
constexpr bool sanitized = false;
#endif

namespace {

constexpr std::uint64_t test_budget = 64ull << 20;  // small: the visited table maps its slots from it

using solver_test::board;
const std::map<board, int>& exact_distances() { return solver_test::eightpuzzle_distances(); }
std::string text_of(const board& b) { return solver_test::eightpuzzle_text(b); }


std::vector<board> random_positions(int count, unsigned seed) {
    return solver_test::eightpuzzle_positions(count, seed, max_distance);
}

// "sequential", or "ws" with a thread count.
struct exec_kind {
    const char* kind;
    unsigned threads;
};
const exec_kind executors[] = {{"sequential", 1}, {"ws", 1}, {"ws", 2}, {"ws", 4}};

std::unique_ptr<executor> make_exec(const exec_kind& k) {
    executor_options o;
    o.kind = k.kind;
    o.threads = k.threads;
    return make_executor(o);
}

// One plugin, one executor; solve() opens an instance, runs an engine and checks the path.
struct runner {
    loaded_plugin plugin;
    std::unique_ptr<executor> exec;
    visited_kind visited = visited_kind::exact;

    runner(const std::string& lib, const exec_kind& k) : plugin(loaded_plugin::load(lib)), exec(make_exec(k)) {}

    search_result solve(const std::string& text, const std::string& engine_name, double weight = 1.0,
                        double time_limit = 0, std::vector<solver_option> options = {},
                        std::uint64_t memory = test_budget) {
        search_control control(time_limit, memory);
        runtime_services services(*exec, control, "/tmp", true);
        char msg[256] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        solver_instance* inst = nullptr;
        REQUIRE(plugin.table().open(text.data(), text.size(), "test", 1, options.data(), options.size(),
                                    services.table(), &inst, &err) == SOLVER_OK);
        problem p(plugin.table(), inst);
        engine_options o;
        o.weight = weight;
        o.visited = visited;
        o.exec = exec.get();
        o.control = &control;
        search_result r = make_engine(engine_name)->run(p, o);
        if (r.outcome == search_outcome::solved && !r.has_count) {
            REQUIRE(r.path_states.size() == (r.moves.size() + 1) * p.state_size());
            std::uint64_t cost = 0;
            CHECK(p.verify(p.format_solution(r.path_states, r.moves), cost) == "");
            CHECK(cost == r.cost);
            CHECK(p.path_cost(0, r.path_states, r.moves) == r.cost);
        }
        if (r.outcome != search_outcome::error) CHECK(r.stats.threads.size() >= 1);
        return r;
    }
};

std::string eightpuzzle_lib() { return solver_test::build_dir() + "/tests/plugins/libeightpuzzle.so"; }
std::string countdomain_lib() { return solver_test::build_dir() + "/tests/plugins/libcountdomain.so"; }
std::string sokoban_lib() { return solver_test::build_dir() + "/plugins/libsokoban.so"; }

const board odd_board{1, 2, 3, 4, 5, 6, 8, 7, 0};  // the other parity class: unsolvable

// Fibonacci-string totals computed here by dynamic programming over (last bit, ones):
// number of strings of length n without adjacent ones, and the sum over them of w + ones.
unsigned __int128 expected_count(unsigned n, bool weighted, std::uint64_t w) {
    // ways[last][ones]
    std::vector<std::array<unsigned __int128, 2>> ways(n + 2, {0, 0});
    ways[0][0] = 1;
    for (unsigned k = 0; k < n; ++k) {
        std::vector<std::array<unsigned __int128, 2>> next(n + 2, {0, 0});
        for (unsigned ones = 0; ones <= n; ++ones) {
            next[ones][0] += ways[ones][0] + ways[ones][1];
            next[ones + 1][1] += ways[ones][0];
        }
        ways.swap(next);
    }
    unsigned __int128 total = 0;
    for (unsigned ones = 0; ones <= n; ++ones) {
        const unsigned __int128 strings = ways[ones][0] + ways[ones][1];
        total += weighted ? strings * (static_cast<unsigned __int128>(w) + ones) : strings;
    }
    return total;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("Engines.OptimalEnginesAgreeWithExhaustiveBfsOnEightPuzzle") {
    const auto positions = random_positions(positions_per_run, 2024);
    for (const exec_kind& k : executors) {
        runner rn(eightpuzzle_lib(), k);
        for (const char* e : {"astar", "astar-seq", "hda", "ida", "bfs"}) {
            CAPTURE(k.kind);
            CAPTURE(k.threads);
            CAPTURE(e);
            for (const board& b : positions) {
                search_result r = rn.solve(text_of(b), e);
                REQUIRE(r.outcome == search_outcome::solved);
                CHECK(r.cost == std::uint64_t(exact_distances().at(b)));
                CHECK(r.stats.expanded > 0);
            }
        }
    }
}

TEST_CASE("Engines.GoalAtTheStartCostsNothing") {
    runner rn(eightpuzzle_lib(), {"ws", 2});
    for (const char* e : {"hda", "ida", "bfs"}) {
        CAPTURE(e);
        search_result r = rn.solve(text_of({1, 2, 3, 4, 5, 6, 7, 8, 0}), e);
        REQUIRE(r.outcome == search_outcome::solved);
        CHECK(r.cost == 0);
        CHECK(r.moves.empty());
    }
}

TEST_CASE("Engines.UnsolvableParityClassIsExhausted") {
    for (const exec_kind& k : {exec_kind{"ws", 2}, exec_kind{"sequential", 1}}) {
        if (sanitized && k.threads == 1) continue;  // the threaded run is the one to sanitize
        runner rn(eightpuzzle_lib(), k);
        CAPTURE(k.threads);
        search_result b;
        for (const char* e : {"astar", "hda", "bfs"}) {
            CAPTURE(e);
            search_result r = rn.solve(text_of(odd_board), e);
            CHECK(r.outcome == search_outcome::unsolvable);
            CHECK(r.stats.stored == 181440);  // every state of the parity class once
            if (std::string(e) == "bfs") b = r;
        }
        // bfs layers sum to the whole class.
        std::uint64_t sum = 0;
        for (auto l : b.stats.layers) sum += l;
        CHECK(sum == 181440);
        // IDA* has no visited table: it cannot prove this, it deepens until the time limit.
        const auto t0 = std::chrono::steady_clock::now();
        search_result i = rn.solve(text_of(odd_board), "ida", 1.0, 0.2);
        CHECK(i.outcome == search_outcome::limit);
        CHECK(seconds_since(t0) < 5.0);
    }
}

// --visited bloom: any-solution searches find verified solutions (runner::solve replays them);
// an exhausted search is reported as a limit (incomplete), never as a proof; optimal A* refuses.
TEST_CASE("Engines.BloomVisitedSolvesAndProvesNothing") {
    const auto positions = random_positions(positions_per_run, 77);
    for (const exec_kind& k : {exec_kind{"ws", 1}, exec_kind{"ws", 2}, exec_kind{"ws", 4}}) {
        runner rn(eightpuzzle_lib(), k);
        rn.visited = visited_kind::bloom;
        CAPTURE(k.threads);
        for (const board& b : positions) {
            for (auto [e, w] : {std::pair<const char*, double>{"greedy", 1.0}, {"astar", 2.0}}) {
                CAPTURE(e);
                search_result r = rn.solve(text_of(b), e, w);
                REQUIRE(r.outcome == search_outcome::solved);
                CHECK(r.cost >= std::uint64_t(exact_distances().at(b)));
                CHECK(r.stats.visited_false_positive_rate >= 0);
            }
        }
        // The other parity class: exhausted. With the test budget the filter has hundreds of bits
        // per state, so (almost surely) every state of the class is stored once, never twice.
        search_result r = rn.solve(text_of(odd_board), "greedy");
        CHECK(r.outcome == search_outcome::limit);
        CHECK(r.incomplete);
        CHECK(r.stats.stored <= 181440);
        CHECK(r.stats.stored >= 181440 - 10);
        CHECK_THROWS_AS(rn.solve(text_of(positions[0]), "astar", 1.0), engine_unsuitable);
    }
}

TEST_CASE("Engines.LayeredBfsLayersAreTheDistanceHistogram") {
    // From the goal, layer d holds exactly the positions at distance d (moves are reversible).
    std::map<int, std::uint64_t> histogram;
    for (const auto& [b, d] : exact_distances()) ++histogram[d];
    for (const exec_kind& k : {exec_kind{"ws", 2}, exec_kind{"sequential", 1}}) {
        if (sanitized && k.threads == 1) continue;
        loaded_plugin plugin = loaded_plugin::load(eightpuzzle_lib());
        auto exec = make_exec(k);
        search_control control(0, test_budget);
        runtime_services services(*exec, control, "/tmp", true);
        const std::string text = text_of({1, 2, 3, 4, 5, 6, 7, 8, 0});
        char msg[256] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        solver_instance* inst = nullptr;
        REQUIRE(plugin.table().open(text.data(), text.size(), "t", 1, nullptr, 0, services.table(), &inst, &err) ==
                SOLVER_OK);
        problem p(plugin.table(), inst);
        visited_table table(9, test_budget, exec->concurrency());
        layered_bfs_options o;
        o.stop_at_goal = false;
        std::vector<std::uint64_t> seen;
        bool depths_ok = true;
        auto r = layered_bfs(p, *exec, control, table, o, [&](const bfs_layer& layer) {
            seen.push_back(layer.nodes.size());
            for (auto node : layer.nodes) {
                board b;
                std::copy_n(layer.table.state(node), 9, b.begin());
                depths_ok = depths_ok && exact_distances().at(b) == int(layer.depth) &&
                            layer.table.g(node) == layer.depth;
            }
            return true;
        });
        CHECK(r.outcome == search_outcome::unsolvable);  // exhausted, no goal asked for
        CHECK(depths_ok);
        REQUIRE(seen.size() == histogram.size());
        for (std::size_t d = 0; d < seen.size(); ++d) {
            CHECK(seen[d] == histogram[int(d)]);
            CHECK(r.stats.layers[d] == seen[d]);
        }
        // max_depth and a callback that says stop both end with limit.
        visited_table t2(9, test_budget, exec->concurrency());
        o.max_depth = 3;
        CHECK(layered_bfs(p, *exec, control, t2, o).outcome == search_outcome::limit);
        CHECK(t2.size() == 1 + 2 + 4 + 8);
    }
}

TEST_CASE("Engines.TimeLimitsStopEveryEngineQuickly") {
    runner rn(eightpuzzle_lib(), {"ws", 2});
    for (const char* e : {"astar", "hda", "bfs", "ida"}) {
        CAPTURE(e);
        const auto t0 = std::chrono::steady_clock::now();
        search_result r = rn.solve(text_of(odd_board), e, 1.0, 1e-4);
        CHECK(r.outcome == search_outcome::limit);
        CHECK(seconds_since(t0) < 2.0);
    }
    runner rc(countdomain_lib(), {"ws", 2});
    const auto t0 = std::chrono::steady_clock::now();
    search_result c = rc.solve("", "count", 1.0, 0.05, {{"n", "100"}});
    CHECK(c.outcome == search_outcome::limit);
    CHECK(c.has_count);
    CHECK(c.count > 0);  // a lower bound so far
    CHECK(seconds_since(t0) < 2.0);
}

TEST_CASE("Engines.MemoryLimitStopsTableEngines") {
    runner rn(eightpuzzle_lib(), {"ws", 2});
    for (const char* e : {"hda", "bfs"}) {
        CAPTURE(e);
        search_result r = rn.solve(text_of(odd_board), e, 1.0, 0, {}, 256 * 1024);
        CHECK(r.outcome == search_outcome::limit);
        CHECK(r.stats.stored < 181440);
    }
}

TEST_CASE("Engines.SokobanCourseMapsSameOptimumAcrossEngines") {
    for (unsigned threads : {1u, 2u}) {
        runner rn(sokoban_lib(), {"ws", threads});
        for (int i = 1; i <= sokoban_maps; ++i) {
            char path[64];
            std::snprintf(path, sizeof path, "puzzles/sokoban/course/%02d.txt", i);
            CAPTURE(path);
            CAPTURE(threads);
            const std::string text = solver_test::read_file(path);
            // The Sokoban macros make moves of several pushes (not unit costs, and optimal only
            // among macro moves): off, so every engine searches single pushes.
            const std::vector<solver_option> single = {{"tunnels", "off"}, {"goalroom", "off"}};
            search_result ref = rn.solve(text, "astar-seq", 1.0, 0, single);
            REQUIRE(ref.outcome == search_outcome::solved);
            for (const char* e : {"astar", "hda", "bfs"}) {
                CAPTURE(e);
                search_result r = rn.solve(text, e, 1.0, 0, single, 256ull << 20);
                REQUIRE(r.outcome == search_outcome::solved);
                CHECK(r.cost == ref.cost);
            }
            if (i <= 5) {  // IDA* without a transposition table is only quick on the small maps
                search_result r = rn.solve(text, "ida", 1.0, 0, single);
                REQUIRE(r.outcome == search_outcome::solved);
                CHECK(r.cost == ref.cost);
            }
        }
    }
}

TEST_CASE("Engines.NonUnitCosts") {
    runner rn(countdomain_lib(), {"ws", 2});
    const std::vector<solver_option> opts = {{"n", "12"}, {"cost", "3"}};
    for (const char* e : {"astar", "hda", "ida", "astar-seq"}) {
        CAPTURE(e);
        search_result r = rn.solve("", e, 1.0, 0, opts);
        REQUIRE(r.outcome == search_outcome::solved);
        CHECK(r.cost == 36);
    }
    CHECK_THROWS_WITH_AS(rn.solve("", "bfs", 1.0, 0, opts), doctest::Contains("unit move costs"), engine_unsuitable);
}

TEST_CASE("Engines.CountIsExactIn128Bits") {
    const unsigned n = 20;
    const std::uint64_t w = (1ull << 63) + 12345;  // 17711 goals of ~2^63: the total is ~2^77
    const unsigned __int128 plain = expected_count(n, false, 0), weighted = expected_count(n, true, w);
    CHECK(plain == 17711);                         // F(22)
    CHECK((weighted >> 64) != 0);                  // beyond 64 bits
    for (const exec_kind& k : executors) {
        CAPTURE(k.kind);
        CAPTURE(k.threads);
        runner rn(countdomain_lib(), k);
        search_result a = rn.solve("", "count", 1.0, 0, {{"n", "20"}});
        REQUIRE(a.outcome == search_outcome::solved);
        CHECK(a.has_count);
        CHECK(to_decimal(a.count) == "17711");
        search_result b = rn.solve("", "count", 1.0, 0, {{"n", "20"}, {"weight", std::to_string(w).c_str()}});
        REQUIRE(b.outcome == search_outcome::solved);
        CHECK(to_decimal(b.count) == to_decimal(weighted));
        CHECK(b.stats.expanded == 46366);  // every prefix once: sum of F(k+2), k = 0..20 = F(24) - 2
        search_result one = rn.solve("", "count", 1.0, 0, {{"n", "1"}});
        CHECK(to_decimal(one.count) == "2");  // "0" and "1"
    }
    CHECK(to_decimal(0) == "0");
    CHECK(to_decimal(~(unsigned __int128)0) == "340282366920938463463374607431768211455");
}

TEST_CASE("Engines.CountThroughTheCli") {
    const std::string plugin = "--plugin " + countdomain_lib() + " --input x --engine count";
    auto r = solver_test::run_solver(plugin + " --option n=" + cli_count_n + " --threads 2 --stats json");
    CHECK(r.exit_code == 0);
    CHECK(r.out == std::string(cli_count) + "\n");
    CHECK(r.err.find(std::string("\"count\":\"") + cli_count + "\"") != std::string::npos);
    CHECK(r.err.find("\"result\":\"counted\"") != std::string::npos);
    auto w = solver_test::run_solver(plugin + " --option n=20 --option weight=9223372036854775808");
    CHECK(w.exit_code == 0);
    CHECK(w.out == "163355142144734934436098\n");  // sum over the 17711 strings of 2^63 + ones
    auto l = solver_test::run_solver(plugin + " --option n=120 --time-limit 0.05");
    CHECK(l.exit_code == 3);
    CHECK(l.out.empty());
}

TEST_CASE("Engines.StressRepeatedRunsAgreeAt4And8Threads") {
    const auto positions = random_positions(sanitized ? 2 : 3, 99);
    const std::uint64_t w = (1ull << 62) + 7;
    const unsigned __int128 weighted = expected_count(18, true, w);
    for (unsigned threads : {4u, 8u}) {
        runner rn(eightpuzzle_lib(), {"ws", threads});
        runner rc(countdomain_lib(), {"ws", threads});
        for (int rep = 0; rep < stress_repeats; ++rep) {
            CAPTURE(threads);
            CAPTURE(rep);
            for (const board& b : positions) {
                for (const char* e : {"astar", "hda", "ida", "bfs"}) {
                    CAPTURE(e);
                    search_result r = rn.solve(text_of(b), e);
                    REQUIRE(r.outcome == search_outcome::solved);
                    CHECK(r.cost == std::uint64_t(exact_distances().at(b)));
                }
            }
            if (!sanitized || (threads == 4 && rep == 0)) {
                search_result u = rn.solve(text_of(odd_board), "hda");
                CHECK(u.outcome == search_outcome::unsolvable);
                CHECK(u.stats.stored == 181440);
            }
            search_result c = rc.solve("", "count", 1.0, 0, {{"n", "18"}, {"weight", std::to_string(w).c_str()}});
            REQUIRE(c.outcome == search_outcome::solved);
            CHECK(to_decimal(c.count) == to_decimal(weighted));
        }
    }
}
