// A tiny sequential solver_services for the cube's unit tests (the runtime is not linked in):
// parallel_for runs the body on the calling thread, groups run each task at spawn.
#pragma once

#include <solver/plugin.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

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
inline std::string user_cache_dir() {
    const char *env = std::getenv("SOLVER_CACHE_DIR");
    const char *home = std::getenv("HOME");
    return env && *env ? env : std::string(home ? home : ".") + "/.cache/solver";
}

// The tests' fixed-seed random numbers (a 64-bit LCG, upper bits) and scrambles of len moves
// (move numbers below nmoves).
inline uint64_t next_random(uint64_t &rng) { return (rng = rng * 6364136223846793005ull + 1442695040888963407ull) >> 33; }
inline std::vector<int> random_scramble(uint64_t &rng, int len, int nmoves) {
    std::vector<int> moves;
    for (int k = 0; k < len; ++k) moves.push_back(int(next_random(rng) % uint64_t(nmoves)));
    return moves;
}

}  // namespace cube_test
