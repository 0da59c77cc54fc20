// plugin.cc -- the solver_plugin table of the Sokoban domain: the only thing exported.
//
// Every table function catches everything: no exception crosses the C ABI
// (solver_guard from the public header: std::bad_alloc -> SOLVER_ERR_NO_MEMORY, anything else
// -> SOLVER_ERR_INTERNAL).
#include <solver/plugin.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>

#include "parse.h"
#include "portfolio.h"
#include "search.h"
#include "solution.h"

namespace sokoban {
namespace {

const char *const INPUT_HELP =
    "A Sokoban map, in one of two formats (a map containing any of o O x X ! is course format).\n"
    "XSB: '#' wall, '@' (or 'p') player, '+' ('P') player on goal, '$' ('b') box, '*' ('B') box\n"
    "     on goal, '.' goal, space, '-' or '_' floor. A map row starts (after blanks) with '#';\n"
    "     every other line (blank, ';' comments, titles, \"Title:\"/\"Author:\" lines) separates\n"
    "     levels; a file may hold many (choose one with --level K). Rows may be run-length\n"
    "     encoded (\"3#\" is \"###\", '|' ends a row).\n"
    "     Solution: LURD letters, lowercase walks, uppercase pushes.\n"
    "Course: '#' wall, 'o' player, 'O' player on target, 'x' box, 'X' box on target, '.' target,\n"
    "     space floor, '@' fragile tile (the player may step on it, a box may never be pushed\n"
    "     onto it), '!' player on a fragile tile. Solution: one line of W/A/S/D (up, left, down,\n"
    "     right).\n"
    "The player's area must be closed by walls; there must be as many goals as boxes.\n"
    "Cost is counted in pushes; the search moves from push to push (walks are rebuilt at the end).";

struct InstanceHandle {
    Instance inst;
};

solver_status fail(solver_error *err, solver_status status, const Failure &f) {
    return solver_error_set(err, status, f.line, f.column, "%s", f.message.c_str());
}

solver_status count_levels_fn(const char *input, size_t length, uint32_t *count, solver_error *err) {
    return solver_guard(err, "counting levels", [&] {
        Failure f;
        uint32_t n = 0;
        if (input == nullptr && length > 0)
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "null input");
        if (!count_levels(input ? input : "", length, n, f)) return fail(err, SOLVER_ERR_PARSE, f);
        if (count) *count = n;
        return SOLVER_OK;
    });
}

solver_status open_fn(const char *input, size_t length, const char * /*source*/, uint32_t level,
                      const solver_option *options, size_t option_count,
                      const solver_services *services, solver_instance **out, solver_error *err) {
    return solver_guard(err, "opening the level", [&] {
        if (out) *out = nullptr;
        if (input == nullptr && length > 0)
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "null input");
        Options opts;
        std::string error;
        if (!parse_options(options, option_count, opts, error))
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "%s", error.c_str());
        Level lv;
        Failure f;
        if (!parse_level(input ? input : "", length, level, lv, f)) return fail(err, SOLVER_ERR_PARSE, f);
        if (lv.width * lv.height > 60000)
            return solver_error_set(err, SOLVER_ERR_PARSE, lv.first_line, 1,
                                    "map too large (%dx%d); expected at most 60000 cells", lv.width,
                                    lv.height);
        // The matching bound's 32-bit costs (heuristic.h, big() = boxes (cells + 1) + 1, the
        // interior cells at most the map's): only with some 35,000 boxes or more.
        const int64_t max_boxes = (INT32_MAX - 1) / (static_cast<int64_t>(lv.width) * lv.height + 1);
        if (lv.box_count > max_boxes)
            return solver_error_set(err, SOLVER_ERR_PARSE, lv.first_line, 1,
                                    "too many boxes (%d) for a %dx%d map; expected at most %lld", lv.box_count,
                                    lv.width, lv.height, static_cast<long long>(max_boxes));
        auto *h = new InstanceHandle;
        try {
            init_instance(h->inst, std::move(lv), opts);
            // The portfolio needs two threads to pay (portfolio.h).
            if (opts.portfolio && services && services->threads >= 2 && !h->inst.board.unsolvable) {
                h->inst.info.flags |= SOLVER_HAS_SOLVE;
                h->inst.info.default_engine = "solve";
            }
        } catch (...) {
            delete h;
            throw;
        }
        if (out) *out = reinterpret_cast<solver_instance *>(h);
        else delete h;
        return SOLVER_OK;
    });
}

const Instance &I(const solver_instance *instance) {
    return reinterpret_cast<const InstanceHandle *>(instance)->inst;
}
Scratch &S(solver_scratch *scratch) { return *reinterpret_cast<Scratch *>(scratch); }

void close_fn(solver_instance *instance) { delete reinterpret_cast<InstanceHandle *>(instance); }

const solver_instance_info *info_fn(const solver_instance *instance) { return &I(instance).info; }

solver_scratch *scratch_create_fn(const solver_instance *instance) {
    try {
        auto *s = new Scratch;
        try {
            init_scratch(I(instance), *s);
        } catch (...) {
            delete s;
            return nullptr;
        }
        return reinterpret_cast<solver_scratch *>(s);
    } catch (...) {
        return nullptr;
    }
}

void scratch_free_fn(solver_scratch *scratch) { delete reinterpret_cast<Scratch *>(scratch); }

solver_status initial_fn(const solver_instance *instance, solver_scratch *scratch, void *state) {
    return solver_guard(nullptr, "making the initial state", [&] {
        initial_state(I(instance), S(scratch), static_cast<uint8_t *>(state));
        return SOLVER_OK;
    });
}

uint32_t heuristic_fn(const solver_instance *instance, solver_scratch *scratch, const void *state) {
    try {
        return state_heuristic(I(instance), S(scratch), static_cast<const uint8_t *>(state));
    } catch (...) {
        return SOLVER_H_DEAD;
    }
}

int is_goal_fn(const solver_instance *instance, const void *state) {
    return state_is_goal(I(instance), static_cast<const uint8_t *>(state)) ? 1 : 0;
}

solver_status expand_fn(const solver_instance *instance, solver_scratch *scratch, const void *state,
                        const solver_sink *sink) {
    return solver_guard(nullptr, "expanding a state", [&] {
        expand_state(I(instance), S(scratch), static_cast<const uint8_t *>(state), *sink);
        return SOLVER_OK;
    });
}

uint64_t hash_fn(const solver_instance *instance, const void *state) {
    return state_hash(I(instance), static_cast<const uint8_t *>(state));
}

solver_status format_solution_fn(const solver_instance *instance, const void *states,
                                 const uint32_t *moves, size_t count, char *out, size_t capacity,
                                 size_t *needed, solver_error *err) {
    return solver_guard(err, "formatting the solution", [&] {
        std::string text, error;
        if (!format_solution(I(instance), static_cast<const uint8_t *>(states), moves, count, text, error))
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "%s", error.c_str());
        if (needed) *needed = text.size() + 1;
        if (out == nullptr || capacity < text.size() + 1)
            return solver_error_set(err, SOLVER_ERR_BUFFER, 0, 0,
                                    "the solution needs %zu bytes of output buffer", text.size() + 1);
        std::memcpy(out, text.c_str(), text.size() + 1);
        return SOLVER_OK;
    });
}

solver_status verify_solution_fn(const solver_instance *instance, const char *solution, size_t length,
                                 uint64_t *cost, solver_error *err) {
    return solver_guard(err, "verifying", [&] {
        uint64_t pushes = 0;
        uint32_t column = 0;
        std::string error;
        if (solution == nullptr && length > 0)
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "null solution");
        if (!verify_solution(I(instance).board.level, solution ? solution : "", length, pushes, column, error))
            return solver_error_set(err, SOLVER_ERR_INVALID, column ? 1 : 0, column, "%s", error.c_str());
        if (cost) *cost = pushes;
        return SOLVER_OK;
    });
}

solver_status solve_fn(const solver_instance *instance, const solver_services *services, uint64_t *cost,
                       solver_error *err) {
    return solver_guard(err, "running the portfolio", [&] {
        if (services == nullptr) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "no services");
        std::string message;
        uint64_t c = 0;
        const solver_status s = portfolio_solve(I(instance), services, &c, message);
        if (s == SOLVER_OK) {
            if (cost) *cost = c;
            return SOLVER_OK;
        }
        return solver_error_set(err, s, 0, 0, "%s", message.c_str());
    });
}

} // namespace
} // namespace sokoban

namespace {
const solver_plugin sokoban_table = {
    SOLVER_ABI_VERSION,
    sizeof(solver_plugin),
    "sokoban",
    "Sokoban (XSB and course format): push every box onto a goal, counted in pushes",
    "0.1.0",
    sokoban::INPUT_HELP,
    sokoban::OPTIONS_HELP,
    sokoban::count_levels_fn,
    sokoban::open_fn,
    sokoban::close_fn,
    sokoban::info_fn,
    sokoban::scratch_create_fn,
    sokoban::scratch_free_fn,
    sokoban::initial_fn,
    sokoban::heuristic_fn,
    sokoban::is_goal_fn,
    sokoban::expand_fn,
    sokoban::hash_fn,
    nullptr, // goal_weight
    sokoban::format_solution_fn,
    sokoban::verify_solution_fn,
    sokoban::solve_fn,
};
} // namespace

SOLVER_DEFINE_PLUGIN(sokoban_table)
