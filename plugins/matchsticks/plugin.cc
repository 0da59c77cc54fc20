// plugin.cc -- the solver_plugin table of the matchsticks domain: the only thing exported.
//
// The answers are count tables, not paths, so this is a solve-only domain: the state model is
// the smallest valid one (one byte, the initial state is already a goal, expand emits nothing),
// the instance has SOLVER_HAS_SOLVE and SOLVER_SOLVE_ONLY (the runtime refuses its other engines)
// with default engine "solve", and verify_solution says
// SOLVER_ERR_UNSUPPORTED (the CLI reports the answer as unverified).
// Every table function catches everything: no exception crosses the C ABI.
#include <solver/plugin.h>

#include <cstring>
#include <new>
#include <string>

#include "matchsticks.h"

namespace matchsticks {
namespace {

const char *const INPUT_HELP =
    "Whole numbers separated by blanks: 'M N [S [R]]' for a board of M x N unit squares drawn with\n"
    "(M+1)*N + M*(N+1) matchsticks. Remove exactly R sticks so that exactly S squares (any size) remain\n"
    "and no grid point keeps exactly one stick; count the arrangements (reflections and rotations\n"
    "count as different).\n"
    "  M N S R  ->  'M N S R count'\n"
    "  M N S    ->  'M N S R count' with the smallest R that has arrangements ('M N S - 0' if none)\n"
    "  M N      ->  that line for each S in 0..14 (--option s=A..B for another range)\n"
    "Squares mode: 1 <= M, N <= 8, 0 <= S <= squares on the board, 0 <= R <= sticks on the board.\n"
    "mode=nodangling: the input is 'M N' (1 <= M, N <= 12); one line 'M N R count' per R: the ways to\n"
    "remove exactly R sticks leaving no grid point of degree 1 (exact 128-bit counts; 'overflow' when a\n"
    "count reaches 2^128 - 1 or more).";
const char *const OPTIONS_HELP =
    "  mode=squares|nodangling   what to count (default squares)\n"
    "  s=A..B                    squares table range for input 'M N' (default 0..14, cut at the board's squares)\n"
    "  r=A..B                    nodangling: the R values to print (default 0..all sticks)\n";

struct Instance {
    Query q;
    std::string description;
    solver_instance_info info;
};

solver_status open_fn(const char *input, size_t length, const char *, uint32_t level, const solver_option *options,
                      size_t option_count, const solver_services *, solver_instance **out, solver_error *err) {
    return solver_guard(err, "opening", [&] {
        *out = nullptr;
        if (level != 1) return solver_error_set(err, SOLVER_ERR_PARSE, 0, 0, "the input holds one query");
        Failure f;
        Query q;
        if (!parse_query(input, length, options, option_count, q, f))
            return solver_error_set(err, f.status, f.line, f.column, "%s", f.message.c_str());
        Instance *inst = new Instance();
        inst->q = q;
        inst->description = std::to_string(q.m) + "x" + std::to_string(q.n) + " matchstick board, " +
                            (q.mode == Mode::nodangling ? "no-dangling counts" : "squares counts");
        solver_instance_info &i = inst->info;
        std::memset(&i, 0, sizeof i);
        i.abi_version = SOLVER_ABI_VERSION;
        i.struct_size = sizeof(solver_instance_info);
        i.state_size = 1;
        i.flags = SOLVER_UNIT_COST | SOLVER_HAS_SOLVE | SOLVER_SOLVE_ONLY;
        i.default_engine = "solve";
        i.default_weight = 1.0;
        i.cost_unit = "sticks";
        i.description = inst->description.c_str();
        i.max_cost = 0;
        *out = reinterpret_cast<solver_instance *>(inst);
        return SOLVER_OK;
    });
}

void close_fn(solver_instance *inst) { delete reinterpret_cast<Instance *>(inst); }

const solver_instance_info *info_fn(const solver_instance *inst) {
    return &reinterpret_cast<const Instance *>(inst)->info;
}

// The minimal state model: no scratch is needed (a non-NULL dummy pointer says "no error").
char dummy_scratch;
solver_scratch *scratch_create_fn(const solver_instance *) { return reinterpret_cast<solver_scratch *>(&dummy_scratch); }
void scratch_free_fn(solver_scratch *) {}
solver_status initial_fn(const solver_instance *, solver_scratch *, void *state) {
    *static_cast<unsigned char *>(state) = 0;
    return SOLVER_OK;
}
uint32_t heuristic_fn(const solver_instance *, solver_scratch *, const void *) { return 0; }
int is_goal_fn(const solver_instance *, const void *) { return 1; }
solver_status expand_fn(const solver_instance *, solver_scratch *, const void *, const solver_sink *) {
    return SOLVER_OK;
}

solver_status format_solution_fn(const solver_instance *, const void *, const uint32_t *, size_t, char *out,
                                 size_t capacity, size_t *needed, solver_error *) {
    if (needed) *needed = 1;
    if (capacity < 1) return SOLVER_ERR_BUFFER;
    out[0] = 0;  // the answer comes from solve(), never from a path
    return SOLVER_OK;
}

solver_status verify_solution_fn(const solver_instance *, const char *, size_t, uint64_t *, solver_error *err) {
    return solver_error_set(err, SOLVER_ERR_UNSUPPORTED, 0, 0, "a count table is not a replayable path");
}

solver_status solve_fn(const solver_instance *inst, const solver_services *sv, uint64_t *cost, solver_error *err) {
    return solver_guard(err, "counting", [&] {
        const Instance &in = *reinterpret_cast<const Instance *>(inst);
        std::string text;
        uint64_t c = 0;
        Failure f;
        solver_status st = run_query(in.q, sv, text, c, f);
        if (st == SOLVER_ERR_STOPPED) return solver_error_set(err, st, 0, 0, "stopped before the count was complete");
        if (st == SOLVER_ERR_NO_MEMORY)
            return solver_error_set(err, st, 0, 0, "the tables do not fit in the memory budget");
        if (st != SOLVER_OK) return solver_error_set(err, st, 0, 0, "%s", f.message.c_str());
        if (sv && sv->write_output) sv->write_output(sv->ctx, text.data(), text.size());
        if (cost) *cost = c;
        return SOLVER_OK;
    });
}

}  // namespace
}  // namespace matchsticks

const solver_plugin matchsticks_table = {
    SOLVER_ABI_VERSION,
    sizeof(solver_plugin),
    "matchsticks",
    "Matchstick squares: exact counts of the ways to remove R sticks leaving S squares, no dangling ends",
    "0.1.0",
    matchsticks::INPUT_HELP,
    matchsticks::OPTIONS_HELP,
    nullptr,
    matchsticks::open_fn,
    matchsticks::close_fn,
    matchsticks::info_fn,
    matchsticks::scratch_create_fn,
    matchsticks::scratch_free_fn,
    matchsticks::initial_fn,
    matchsticks::heuristic_fn,
    matchsticks::is_goal_fn,
    matchsticks::expand_fn,
    nullptr,
    nullptr,
    matchsticks::format_solution_fn,
    matchsticks::verify_solution_fn,
    matchsticks::solve_fn,
};

SOLVER_DEFINE_PLUGIN(matchsticks_table)
