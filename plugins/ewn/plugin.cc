// plugin.cc -- the solver_plugin table of the EWN domain: the only thing exported.
//
// Every table function catches everything: no exception crosses the C ABI
// (solver_guard from the public header: std::bad_alloc -> SOLVER_ERR_NO_MEMORY, anything else
// -> SOLVER_ERR_INTERNAL).
#include <solver/plugin.h>

#include <cstring>
#include <new>
#include <string>

#include "search.h"
#include "solution.h"

namespace ewn {
namespace {

const char *const INPUT_HELP =
    "Single-player Einstein wuerfelt nicht: whitespace-separated numbers\n"
    "  n m             rows and columns (1..9 each)\n"
    "  n*m cells       row by row (row 0 on top): 0 empty or a piece 1..6, each at most once\n"
    "  p               the dice period (1..18); ply i uses dice[i mod p]\n"
    "  p dice values   1..6 each\n"
    "  s               goal piece: 1..6, or 0 for any piece\n"
    "The dice piece moves if it is on the board, else the player chooses the nearest present\n"
    "number below or above it. A move is one king step (0 up-left, 1 up, 2 up-right, 3 left,\n"
    "4 right, 5 down-left, 6 down, 7 down-right), never off the board; stepping onto a piece\n"
    "captures it. Goal: piece s (any piece when s = 0) on the bottom-right cell, within 100 plies.\n"
    "Answer: the number of plies k, then k lines 'piece direction'; fewest plies with astar.";

solver_status open_fn(const char *input, size_t length, const char * /*source*/, uint32_t level,
                      const solver_option *options, size_t option_count, const solver_services * /*services*/,
                      solver_instance **out, solver_error *err) {
    return solver_guard(err, "opening the puzzle", [&] {
        if (out) *out = nullptr;
        if (input == nullptr && length > 0) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "null input");
        Options opts;
        std::string error;
        if (!parse_options(options, option_count, opts, error))
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "%s", error.c_str());
        if (level != 1)
            return solver_error_set(err, SOLVER_ERR_PARSE, 0, 0, "level %u is out of range; an EWN input holds one puzzle",
                                    level);
        Puzzle pz;
        Failure f;
        if (!parse_puzzle(input ? input : "", length, pz, f))
            return solver_error_set(err, SOLVER_ERR_PARSE, f.line, f.column, "%s", f.message.c_str());
        if (pz.goal_piece > 0 && pz.start[pz.goal_piece - 1] == NONE)
            return solver_error_set(err, SOLVER_ERR_UNSOLVABLE, 0, 0, "the goal piece %d is not on the board",
                                    pz.goal_piece);
        bool any = false;
        for (int k = 0; k < PIECES; ++k) any = any || pz.start[k] != NONE;
        if (!any) return solver_error_set(err, SOLVER_ERR_UNSOLVABLE, 0, 0, "the board holds no piece");
        auto *inst = new Instance;
        try {
            init_instance(*inst, pz, opts);
        } catch (...) {
            delete inst;
            throw;
        }
        if (out) *out = reinterpret_cast<solver_instance *>(inst);
        else delete inst;
        return SOLVER_OK;
    });
}

const Instance &I(const solver_instance *instance) { return *reinterpret_cast<const Instance *>(instance); }

void close_fn(solver_instance *instance) { delete reinterpret_cast<Instance *>(instance); }

const solver_instance_info *info_fn(const solver_instance *instance) { return &I(instance).info; }

// The scratch is the thread's heuristic memo (about 300 KiB).
solver_scratch *scratch_create_fn(const solver_instance * /*instance*/) {
    return reinterpret_cast<solver_scratch *>(new (std::nothrow) HeuristicCache());
}

void scratch_free_fn(solver_scratch *scratch) { delete reinterpret_cast<HeuristicCache *>(scratch); }

HeuristicCache *C(solver_scratch *scratch) { return reinterpret_cast<HeuristicCache *>(scratch); }

solver_status initial_fn(const solver_instance *instance, solver_scratch * /*scratch*/, void *state) {
    initial_state(I(instance).puzzle, static_cast<uint8_t *>(state));
    return SOLVER_OK;
}

uint32_t heuristic_fn(const solver_instance *instance, solver_scratch *scratch, const void *state) {
    return I(instance).heuristic.value(static_cast<const uint8_t *>(state), C(scratch));
}

int is_goal_fn(const solver_instance *instance, const void *state) {
    return is_goal(I(instance).puzzle, static_cast<const uint8_t *>(state)) ? 1 : 0;
}

solver_status expand_fn(const solver_instance *instance, solver_scratch *scratch, const void *state,
                        const solver_sink *sink) {
    return solver_guard(nullptr, "expanding a state", [&] {
        expand_state(I(instance), C(scratch), static_cast<const uint8_t *>(state), *sink);
        return SOLVER_OK;
    });
}

uint64_t hash_fn(const solver_instance *instance, const void *state) {
    return state_hash(I(instance), static_cast<const uint8_t *>(state));
}

solver_status format_solution_fn(const solver_instance * /*instance*/, const void * /*states*/, const uint32_t *moves,
                                 size_t count, char *out, size_t capacity, size_t *needed, solver_error *err) {
    return solver_guard(err, "formatting the solution", [&] {
        std::string text, error;
        if (count > 0 && moves == nullptr) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "null moves");
        if (!format_solution(moves, count, text, error))
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "%s", error.c_str());
        if (needed) *needed = text.size() + 1;
        if (out == nullptr || capacity < text.size() + 1)
            return solver_error_set(err, SOLVER_ERR_BUFFER, 0, 0, "the solution needs %zu bytes of output buffer",
                                    text.size() + 1);
        std::memcpy(out, text.c_str(), text.size() + 1);
        return SOLVER_OK;
    });
}

solver_status verify_solution_fn(const solver_instance *instance, const char *solution, size_t length,
                                 uint64_t *cost, solver_error *err) {
    return solver_guard(err, "verifying", [&] {
        if (solution == nullptr && length > 0)
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "null solution");
        uint64_t plies = 0;
        VerifyFailure f;
        if (!verify_solution(I(instance).puzzle, solution ? solution : "", length, plies, f))
            return solver_error_set(err, SOLVER_ERR_INVALID, f.line, f.column, "%s", f.message.c_str());
        if (cost) *cost = plies;
        return SOLVER_OK;
    });
}

} // namespace
} // namespace ewn

namespace {
const solver_plugin ewn_table = {
    SOLVER_ABI_VERSION,
    sizeof(solver_plugin),
    "ewn",
    "single-player Einstein wuerfelt nicht: a piece to the bottom-right corner in the fewest plies",
    "0.1.0",
    ewn::INPUT_HELP,
    ewn::OPTIONS_HELP,
    nullptr, // count_levels: always one puzzle
    ewn::open_fn,
    ewn::close_fn,
    ewn::info_fn,
    ewn::scratch_create_fn,
    ewn::scratch_free_fn,
    ewn::initial_fn,
    ewn::heuristic_fn,
    ewn::is_goal_fn,
    ewn::expand_fn,
    ewn::hash_fn,
    nullptr, // goal_weight
    ewn::format_solution_fn,
    ewn::verify_solution_fn,
    nullptr, // solve
};
} // namespace

SOLVER_DEFINE_PLUGIN(ewn_table)
