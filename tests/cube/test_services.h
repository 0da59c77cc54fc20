// A tiny sequential solver_services for the cube's unit tests (the runtime is not linked in):
// parallel_for runs the body on the calling thread, groups run each task at spawn.
#pragma once

#include <doctest/doctest.h>
#include <solver/plugin.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/pdb.h"

namespace cube_test {

struct TestServices {
    solver_services sv{};
    std::string output, log, cache;
    std::atomic<long> stop_after{-1};  // should_stop answers yes after this many polls (-1 never)
    std::atomic<long> polls{0};
    double last_progress = -1;

    explicit TestServices(const std::string &cache_dir) : cache(cache_dir) {
        sv.abi_version = SOLVER_ABI_VERSION;
        sv.struct_size = sizeof(solver_services);
        sv.ctx = this;
        sv.threads = 1;
        sv.memory_budget_bytes = 1ull << 30;
        sv.cache_dir = cache.c_str();
        sv.should_stop = [](void *c) -> int {
            auto *s = static_cast<TestServices *>(c);
            long n = s->polls++;
            return s->stop_after >= 0 && n >= s->stop_after ? 1 : 0;
        };
        sv.log = [](void *c, solver_log_level, const char *m) { static_cast<TestServices *>(c)->log += std::string(m) + "\n"; };
        sv.progress = [](void *c, const char *, double f) { static_cast<TestServices *>(c)->last_progress = f; };
        sv.write_output = [](void *c, const char *t, size_t n) { static_cast<TestServices *>(c)->output.append(t, n); };
        sv.parallel_for = [](void *, uint64_t b, uint64_t e, uint64_t grain, solver_range_fn body, void *arg) {
            if (grain == 0) grain = 1;
            for (uint64_t s = b; s < e; s += grain) body(arg, s, s + grain < e ? s + grain : e, 0);
        };
        sv.group_create = [](void *) -> solver_task_group * {
            static int token;
            return reinterpret_cast<solver_task_group *>(&token);
        };
        sv.group_spawn = [](void *, solver_task_group *, solver_task_fn fn, void *arg) { fn(arg, 0); };
        sv.group_wait = [](void *, solver_task_group *) {};
        sv.group_free = [](void *, solver_task_group *) {};
    }
};

// A folder under the build directory that lives for the whole test run (tables are built once).
std::string cache_dir();

// The user's table cache, as the plugin finds it ($SOLVER_CACHE_DIR, else ~/.cache/solver): the
// big tables are only read from there when they are already cached, never built by the tests.
inline std::string user_cache_dir() { return cube::cache_folder(nullptr); }

// Level 16 of puzzles/cube/optimal.txt (distance 16) as move numbers: the search tests' longest case.
inline std::vector<int> level16_moves() {
    std::vector<int> moves;
    cube::ParseFailure f;
    REQUIRE(cube::parse_moves("R2 U' F' D2 R F2 R' D2 B' R2 F D2 R U' F' U'", moves, f));
    REQUIRE(moves.size() == 16);
    return moves;
}

// The cached corner table (cube-<corners>.pdb) into `corners`, when the user's cache holds it.
inline bool load_cached_corners(cube::Pdb &corners) {
    bool known = false;
    const cube::Pattern cp8 = cube::table_set("corners", known).at(0);
    const std::string path = user_cache_dir() + "/cube-" + cp8.name() + ".pdb";
    std::string why;
    std::error_code ec;
    return std::filesystem::exists(path, ec) && cube::load_pdb(cp8, path, corners, why, true);
}

// The tests' fixed-seed random numbers (a 64-bit LCG, upper bits) and scrambles of len moves
// (move numbers below nmoves).
inline uint64_t next_random(uint64_t &rng) { return (rng = rng * 6364136223846793005ull + 1442695040888963407ull) >> 33; }
inline std::vector<int> random_scramble(uint64_t &rng, int len, int nmoves) {
    std::vector<int> moves;
    for (int k = 0; k < len; ++k) moves.push_back(int(next_random(rng) % uint64_t(nmoves)));
    return moves;
}

// The same search under n settings: solves c over fst (and corners, when not null) with base
// changed by set(opt, k) for k = 0 .. n-1, and checks that each setting finds a solution (at most
// max_len moves) of the length setting 0 found, expanding exactly setting 0's nodes. For options
// that only change when memory is read or which of equal reads comes first: one that let more
// (or fewer) children through would change the nodes. Returns setting 0's nodes and length.
struct SearchCount {
    uint64_t nodes = 0;
    size_t len = 0;
};
template <class Set>
SearchCount check_same_search(const cube::CubieCube &c, size_t max_len, const cube::Pdb *corners,
                              const cube::FstTable &fst, const solver_services *sv, const cube::FstSearchOptions &base,
                              int n, Set set) {
    SearchCount first;
    for (int k = 0; k < n; ++k) {
        cube::FstSearchOptions opt = base;
        set(opt, k);
        CAPTURE(k);
        const cube::OptimalResult q = cube::solve_optimal_fst(c, corners, fst, sv, opt);
        REQUIRE(q.status == SOLVER_OK);
        CHECK(cube::apply_moves(c, q.moves).is_solved());
        CHECK(q.moves.size() <= max_len);
        if (k == 0) {
            first = {q.nodes, q.moves.size()};
            continue;
        }
        CHECK(q.nodes == first.nodes);
        CHECK(q.moves.size() == first.len);
    }
    return first;
}

// The loop of the same-node tests: count scrambles of 14 or 15 moves (the random numbers from
// seed), each searched in batches of 16 and of 3 (chunks that split the levels) with the tasks in
// a fixed order (order_tasks=off: then a bound that cuts more can only remove nodes), under the
// two settings set(opt, false) and set(opt, true) (check_same_search; settings = 1: only the
// first). Returns the nodes of one setting summed over all the searches.
template <class Set>
uint64_t check_same_search_on_scrambles(const cube::FstTable &fst, const cube::Pdb *corners, const solver_services *sv,
                                        uint64_t seed, int count, Set set, int settings = 2) {
    uint64_t rng = seed, all = 0;
    for (int i = 0; i < count; ++i) {
        const std::vector<int> scramble = random_scramble(rng, 14 + i % 2, cube::NMOVES);
        const cube::CubieCube c = cube::apply_moves(cube::CubieCube::solved(), scramble);
        CAPTURE(cube::format_moves(scramble));
        for (int b = 0; b < 2; ++b) {
            CAPTURE(b);
            cube::FstSearchOptions base;
            base.batch = b ? 3 : 16;
            base.order_tasks = cube::TaskOrder::off;
            all += check_same_search(c, scramble.size(), corners, fst, sv, base, settings,
                                     [&](cube::FstSearchOptions &opt, int k) { set(opt, k == 1); })
                       .nodes;
        }
    }
    return all;
}

}  // namespace cube_test
