// The plugin through its C table with a sequential services struct: options, levels, parse
// errors with line/column, optimal solutions (small tables) cross-checked against an
// independent bidirectional breadth-first search on facelets, fast mode, stop.
#include <doctest/doctest.h>

#include <array>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/optimal.h"
#include "cube_checker.h"
#include "test_services.h"

extern "C" const solver_plugin *solver_plugin_entry(void);

namespace {

using cube_test::TestServices;

struct Opened {
    solver_instance *inst = nullptr;
    solver_status status;
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
};

Opened open_cube(const std::string &text, std::vector<std::pair<std::string, std::string>> opts, TestServices &ts,
                 uint32_t level = 1) {
    const solver_plugin *t = solver_plugin_entry();
    std::vector<solver_option> o;
    for (auto &kv : opts) o.push_back({kv.first.c_str(), kv.second.c_str()});
    Opened r;
    r.status = t->open(text.data(), text.size(), "<test>", level, o.data(), o.size(), &ts.sv, &r.inst, &r.err);
    return r;
}

struct Solved {
    solver_status status;
    std::string moves;
    uint64_t cost = 0;
    std::string msg;
};

Solved solve(const std::string &text, std::vector<std::pair<std::string, std::string>> opts, TestServices *tsp = nullptr) {
    TestServices local(cube_test::cache_dir());
    TestServices &ts = tsp ? *tsp : local;
    const solver_plugin *t = solver_plugin_entry();
    Opened o = open_cube(text, opts, ts);
    REQUIRE(o.status == SOLVER_OK);
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    Solved s;
    s.status = t->solve(o.inst, &ts.sv, &s.cost, &err);
    s.moves = ts.output;
    s.msg = msg;
    if (s.status == SOLVER_OK) {
        uint64_t vc = 0;
        CHECK(t->verify_solution(o.inst, s.moves.data(), s.moves.size(), &vc, &err) == SOLVER_OK);
        CHECK(vc == s.cost);
    }
    t->close(o.inst);
    return s;
}

// Facelet permutations of the 18 moves, derived from the sticker model (cube_checker).
std::vector<std::array<uint8_t, 54>> facelet_moves() {
    std::vector<std::array<uint8_t, 54>> out;
    std::string id(54, ' ');
    for (int i = 0; i < 54; ++i) id[i] = char(i + 1);
    for (int m = 0; m < 18; ++m) {
        std::string f = id;
        for (int q = 0; q <= m % 3; ++q) f = cube_checker::turn(f, m / 3);
        std::array<uint8_t, 54> p;
        for (int i = 0; i < 54; ++i) p[i] = uint8_t(f[i] - 1);  // after[i] = before[p[i]]
        out.push_back(p);
    }
    return out;
}

// Distance of a facelet position to solved by meet-in-the-middle (3 + 3 moves); -1 beyond 6.
int brute_distance(const std::string &start) {
    static const auto M = facelet_moves();
    auto layers = [&](const std::string &from) {
        std::unordered_map<std::string, int> d{{from, 0}};
        std::vector<std::string> frontier{from};
        for (int depth = 1; depth <= 3; ++depth) {
            std::vector<std::string> next;
            for (auto &s : frontier)
                for (auto &p : M) {
                    std::string t(54, ' ');
                    for (int i = 0; i < 54; ++i) t[i] = s[p[i]];
                    if (d.emplace(t, depth).second) next.push_back(t);
                }
            frontier.swap(next);
        }
        return d;
    };
    static const auto b = layers(cube_checker::SOLVED);
    auto a = layers(start);
    int best = -1;
    for (auto &kv : a) {
        auto it = b.find(kv.first);
        if (it != b.end() && (best < 0 || kv.second + it->second < best)) best = kv.second + it->second;
    }
    return best;
}

std::string facelets_of(const std::string &scramble) {
    std::string f = cube_checker::SOLVED;
    REQUIRE(cube_checker::apply(f, scramble));
    return f;
}

}  // namespace

TEST_CASE("CubeSolve.TableIsComplete") {
    const solver_plugin *t = solver_plugin_entry();
    CHECK(std::strcmp(t->name, "cube") == 0);
    TestServices ts(cube_test::cache_dir());
    Opened o = open_cube("R U", {}, ts);
    REQUIRE(o.status == SOLVER_OK);
    const solver_instance_info *in = t->info(o.inst);
    CHECK(in->flags == (SOLVER_HAS_SOLVE | SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE));
    CHECK(std::strcmp(in->default_engine, "solve") == 0);
    solver_scratch *sc = t->scratch_create(o.inst);
    REQUIRE(sc);
    std::vector<uint8_t> st(in->state_size);
    REQUIRE(t->initial(o.inst, sc, st.data()) == SOLVER_OK);
    CHECK_FALSE(t->is_goal(o.inst, st.data()));
    CHECK(t->heuristic(o.inst, sc, st.data()) <= 2);
    // Expanding and following U' then R' reaches the goal.
    struct Ctx {
        std::vector<std::vector<uint8_t>> kids;
        size_t size;
    } ctx{{}, in->state_size};
    solver_sink sink{&ctx, [](void *c, const void *s, uint32_t, uint32_t cost, uint32_t, uint64_t) {
                         auto *x = static_cast<Ctx *>(c);
                         x->kids.emplace_back((const uint8_t *)s, (const uint8_t *)s + x->size);
                         return cost == 1 ? 0 : 1;
                     }};
    REQUIRE(t->expand(o.inst, sc, st.data(), &sink) == SOLVER_OK);
    REQUIRE(ctx.kids.size() == 18);
    auto after_u = ctx.kids[2];  // U'
    ctx.kids.clear();
    REQUIRE(t->expand(o.inst, sc, after_u.data(), &sink) == SOLVER_OK);
    CHECK(t->is_goal(o.inst, ctx.kids[5].data()));  // R'
    uint32_t moves[2] = {2, 5};
    char out[64];
    size_t need = 0;
    REQUIRE(t->format_solution(o.inst, nullptr, moves, 2, out, sizeof out, &need, &o.err) == SOLVER_OK);
    CHECK(std::string(out) == "U' R'");
    uint64_t cost = 0;
    CHECK(t->verify_solution(o.inst, "U' R'", 5, &cost, &o.err) == SOLVER_OK);
    CHECK(cost == 2);
    CHECK(t->verify_solution(o.inst, "R' U'", 5, &cost, &o.err) == SOLVER_ERR_INVALID);
    CHECK(t->verify_solution(o.inst, "U' Q", 4, &cost, &o.err) == SOLVER_ERR_INVALID);
    CHECK(o.err.column == 4);
    t->scratch_free(sc);
    t->close(o.inst);
}

TEST_CASE("CubeSolve.LevelsCommentsAndErrors") {
    const solver_plugin *t = solver_plugin_entry();
    const std::string file = "# cubes\nR U ; 2\n\n  F2 B2 ; comment\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n";
    uint32_t n = 0;
    char msg[256];
    solver_error err{msg, sizeof msg, 0, 0};
    REQUIRE(t->count_levels(file.data(), file.size(), &n, &err) == SOLVER_OK);
    CHECK(n == 3);
    TestServices ts(cube_test::cache_dir());
    Opened o = open_cube(file, {{"mode", "fast"}}, ts, 3);
    REQUIRE(o.status == SOLVER_OK);
    uint64_t cost = 9;
    REQUIRE(t->solve(o.inst, &ts.sv, &cost, &err) == SOLVER_OK);
    CHECK(cost == 0);
    CHECK(ts.output.empty());
    t->close(o.inst);

    Opened bad = open_cube("R U\n  F2 X2", {}, ts, 2);
    CHECK(bad.status == SOLVER_ERR_PARSE);
    CHECK(bad.err.line == 2);
    CHECK(bad.err.column == 6);
    std::string tw = cube_checker::SOLVED;  // the URF corner twisted in place
    tw[8] = 'F', tw[9] = 'U', tw[20] = 'R';
    Opened twisted = open_cube("# twisted\n" + tw + " ; comment", {}, ts);
    CAPTURE(std::string(twisted.msg));
    CHECK(twisted.status == SOLVER_ERR_PARSE);
    CHECK(std::string(twisted.msg).find("twisted corner") != std::string::npos);
    CHECK(open_cube("R", {{"mode", "slow"}}, ts).status == SOLVER_ERR_OPTION);
    CHECK(open_cube("R", {{"max_length", "0"}}, ts).status == SOLVER_ERR_OPTION);
    CHECK(open_cube("R", {{"tables", "huge"}}, ts).status == SOLVER_ERR_OPTION);
    CHECK(open_cube("R", {{"pages", "large"}}, ts).status == SOLVER_ERR_OPTION);
    for (const char *v : {"mapped", "huge", "shared"}) {
        Opened pages = open_cube("R", {{"pages", v}}, ts);
        CHECK(pages.status == SOLVER_OK);
        if (pages.inst) t->close(pages.inst);
    }
    CHECK(open_cube("R", {{"colour", "red"}}, ts).status == SOLVER_ERR_OPTION);
    CHECK(t->count_levels("# nothing\n", 10, &n, &err) == SOLVER_ERR_PARSE);
}

TEST_CASE("CubeSolve.OptimalMatchesBruteForceUpToSix") {
    const char *scrambles[] = {"R", "R U", "R U R' U'", "F2 D' L B", "R U R' U' F2 D", "L2 B' D R F2 U'",
                               "U D' F B' R L'", "B' R2 D2 F U L"};
    for (const char *s : scrambles) {
        CAPTURE(std::string(s));
        Solved r = solve(s, {{"tables", "small"}});
        REQUIRE(r.status == SOLVER_OK);
        int n = 0;
        CHECK(cube_checker::solves(facelets_of(s), r.moves, &n));
        CHECK(uint64_t(n) == r.cost);
        int brute = brute_distance(facelets_of(s));
        CHECK(brute >= 0);
        CHECK(int(r.cost) == brute);
    }
}

TEST_CASE("CubeSolve.OptimalLongerScramblesNoLongerThanTheScramble") {
    // 8 to 10 moves: the answer solves the cube, is no longer than the scramble and no shorter
    // than the tables' bound allows (the bidirectional search above proves it is not <= 6).
    const char *scrambles[] = {"R U F D L B R2 U2", "F' L2 U B' R D2 F L' U", "B2 R' D F' U2 L B' R2 D' F"};
    for (const char *s : scrambles) {
        CAPTURE(std::string(s));
        Solved r = solve(s, {{"tables", "small"}});
        REQUIRE(r.status == SOLVER_OK);
        int n = 0;
        CHECK(cube_checker::solves(facelets_of(s), r.moves, &n));
        std::vector<int> m;
        cube::ParseFailure f;
        REQUIRE(cube::parse_moves(s, m, f));
        CHECK(r.cost <= m.size());
        CHECK(r.cost >= 7);
        CHECK(brute_distance(facelets_of(s)) == -1);
    }
}

TEST_CASE("CubeSolve.FastModeWithinMaxLength") {
    uint64_t rng = 42;
    for (int i = 0; i < 5; ++i) {
        std::string f = cube::to_facelets(cube::random_cube(rng));
        Solved r = solve(f, {{"mode", "fast"}});
        REQUIRE(r.status == SOLVER_OK);
        CHECK(r.cost <= 20);
        CHECK(cube_checker::solves(f, r.moves));
    }
    Solved r = solve("R U R' U' F2 D", {{"mode", "fast"}, {"max_length", "6"}});
    REQUIRE(r.status == SOLVER_OK);
    CHECK(r.cost <= 6);
    // No solution within max_length is a limit of the search, not a proof: STOPPED (exit 3).
    CHECK(solve("R U R' U' F2 D", {{"mode", "fast"}, {"max_length", "4"}}).status == SOLVER_ERR_STOPPED);
}

TEST_CASE("CubeSolve.StopRequestEndsTheSearch") {
    TestServices ts(cube_test::cache_dir());
    Solved warm = solve("R", {{"tables", "small"}}, &ts);  // tables loaded before stopping
    REQUIRE(warm.status == SOLVER_OK);
    TestServices stopping(cube_test::cache_dir());
    stopping.stop_after = 0;
    uint64_t rng = 77;  // a random state: far beyond what the small tables solve before the first poll
    Solved r = solve(cube::to_facelets(cube::random_cube(rng)), {{"tables", "small"}}, &stopping);
    CHECK(r.status == SOLVER_ERR_STOPPED);
    CHECK(r.moves.empty());
}

TEST_CASE("cube task_order: each order_tasks key") {
    using cube::TaskOrder;
    // max * 64 + sum: prefix 0 (max 9), 1 (max 8, larger sum), 2 (max 8), 3 (max 9, smaller sum).
    const std::vector<unsigned> score{9 * 64 + 40, 8 * 64 + 45, 8 * 64 + 41, 9 * 64 + 30};
    const std::vector<uint64_t> prev{500, 10, 0, 10};
    CHECK(cube::task_order(TaskOrder::off, score, prev) == std::vector<size_t>{0, 1, 2, 3});
    CHECK(cube::task_order(TaskOrder::score, score, prev) == std::vector<size_t>{2, 1, 3, 0});
    // Largest previous subtree first; equal sizes (1 and 3) by score.
    CHECK(cube::task_order(TaskOrder::prev, score, prev) == std::vector<size_t>{0, 1, 3, 2});
    CHECK(cube::task_order(TaskOrder::deep, score, prev) == std::vector<size_t>{0, 1, 3, 2});  // counts as prev
    // Max distance first, then the previous size.
    CHECK(cube::task_order(TaskOrder::mix, score, prev) == std::vector<size_t>{1, 2, 0, 3});
    // No previous bound (all 0): prev and mix fall back to the score.
    const std::vector<uint64_t> none(4, 0);
    CHECK(cube::task_order(TaskOrder::prev, score, none) == cube::task_order(TaskOrder::score, score, none));
    CHECK(cube::task_order(TaskOrder::mix, score, none) == cube::task_order(TaskOrder::score, score, none));
}
