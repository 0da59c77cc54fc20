/* eightpuzzle: a small synthetic domain for the runtime's own tests, written in plain C99
 * against include/solver/plugin.h only (so it also proves the header works from C).
 * Input: nine numbers 0..8 (0 = blank), row by row, whitespace-separated; goal 1 2 3 4 5 6 7 8 0.
 * Solution text: the blank's moves as letters U D L R. Heuristic: Manhattan distance
 * (admissible and consistent); an odd-parity start is unsolvable and exhausts 181440 states. */
#include <solver/plugin.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct solver_instance {
    unsigned char start[9];
    solver_instance_info info;
};

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
static const char letters[4] = {'U', 'D', 'L', 'R'};

static solver_status ep_open(const char *input, size_t length, const char *source, uint32_t level,
                             const solver_option *options, size_t option_count,
                             const solver_services *services, solver_instance **out, solver_error *err) {
    unsigned char tiles[9];
    int seen[9] = {0};
    size_t i = 0, n = 0;
    uint32_t line = 1, col = 1;
    (void)source;
    (void)level;
    (void)services;
    if (option_count > 0)
        return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "unknown option '%s'; eightpuzzle has no options",
                                options[0].key);
    while (i < length) {
        char c = input[i];
        if (c == '\n') { ++line; col = 1; ++i; continue; }
        if (isspace((unsigned char)c)) { ++col; ++i; continue; }
        if (c < '0' || c > '8' || (i + 1 < length && isdigit((unsigned char)input[i + 1])))
            return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected a tile number 0..8");
        if (n == 9) return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected exactly nine numbers");
        if (seen[c - '0']) return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "tile %c appears twice", c);
        seen[c - '0'] = 1;
        tiles[n++] = (unsigned char)(c - '0');
        ++col;
        ++i;
    }
    if (n != 9) return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected nine numbers, found %u", (unsigned)n);
    *out = (solver_instance *)calloc(1, sizeof(solver_instance));
    if (!*out) return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0, "out of memory");
    memcpy((*out)->start, tiles, 9);
    (*out)->info.abi_version = SOLVER_ABI_VERSION;
    (*out)->info.struct_size = sizeof(solver_instance_info);
    (*out)->info.state_size = 9;
    (*out)->info.flags = SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE | SOLVER_H_CONSISTENT;
    (*out)->info.default_engine = "astar";
    (*out)->info.default_weight = 1.0;
    (*out)->info.cost_unit = "moves";
    (*out)->info.description = "3x3 sliding-tile puzzle";
    return SOLVER_OK;
}

static void ep_close(solver_instance *inst) { free(inst); }
static const solver_instance_info *ep_info(const solver_instance *inst) { return &inst->info; }
static solver_scratch *ep_scratch_create(const solver_instance *inst) {
    (void)inst;
    return (solver_scratch *)malloc(1); /* no mutable buffers needed; non-NULL means success */
}
static void ep_scratch_free(solver_scratch *s) { free(s); }
static solver_status ep_initial(const solver_instance *inst, solver_scratch *s, void *state) {
    (void)s;
    memcpy(state, inst->start, 9);
    return SOLVER_OK;
}
static uint32_t manhattan(const unsigned char *t) {
    uint32_t h = 0;
    int i;
    for (i = 0; i < 9; ++i) {
        if (t[i]) {
            int goal = t[i] - 1;
            h += (uint32_t)(abs(i / 3 - goal / 3) + abs(i % 3 - goal % 3));
        }
    }
    return h;
}
static uint32_t ep_heuristic(const solver_instance *inst, solver_scratch *s, const void *state) {
    (void)inst;
    (void)s;
    return manhattan((const unsigned char *)state);
}
static int ep_is_goal(const solver_instance *inst, const void *state) {
    (void)inst;
    return manhattan((const unsigned char *)state) == 0;
}
static int blank_of(const unsigned char *t) {
    int i;
    for (i = 0; i < 9; ++i)
        if (t[i] == 0) return i;
    return -1;
}
static int apply(unsigned char *t, int d) {
    int b = blank_of(t), r = b / 3 + dr[d], c = b % 3 + dc[d];
    if (r < 0 || r > 2 || c < 0 || c > 2) return 0;
    t[b] = t[r * 3 + c];
    t[r * 3 + c] = 0;
    return 1;
}
static solver_status ep_expand(const solver_instance *inst, solver_scratch *s, const void *state,
                               const solver_sink *sink) {
    int d;
    (void)inst;
    (void)s;
    for (d = 0; d < 4; ++d) {
        unsigned char t[9];
        memcpy(t, state, 9);
        if (!apply(t, d)) continue;
        if (sink->emit(sink->ctx, t, (uint32_t)d, 1, manhattan(t), 0)) break;
    }
    return SOLVER_OK;
}
static solver_status ep_format(const solver_instance *inst, const void *states, const uint32_t *moves, size_t count,
                               char *out, size_t capacity, size_t *needed, solver_error *err) {
    size_t i;
    (void)inst;
    (void)states;
    *needed = count + 1;
    if (capacity < count + 1) return SOLVER_ERR_BUFFER;
    for (i = 0; i < count; ++i) {
        if (moves[i] > 3) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "bad move id %u", moves[i]);
        out[i] = letters[moves[i]];
    }
    out[count] = '\0';
    return SOLVER_OK;
}
static solver_status ep_verify(const solver_instance *inst, const char *solution, size_t length, uint64_t *cost,
                               solver_error *err) {
    unsigned char t[9];
    size_t i;
    memcpy(t, inst->start, 9);
    *cost = 0;
    for (i = 0; i < length; ++i) {
        const char *p = memchr(letters, toupper((unsigned char)solution[i]), 4);
        if (isspace((unsigned char)solution[i])) continue;
        if (!p) return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "'%c' is not a move (U D L R)", solution[i]);
        if (!apply(t, (int)(p - letters)))
            return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "move %c leaves the board", solution[i]);
        ++*cost;
    }
    if (manhattan(t) != 0) return solver_error_set(err, SOLVER_ERR_INVALID, 0, 0, "the moves do not reach the goal");
    return SOLVER_OK;
}

static const solver_plugin table = {
    SOLVER_ABI_VERSION, sizeof(solver_plugin), "eightpuzzle", "3x3 sliding tiles (test domain)", "1.0.0",
    "nine numbers 0..8 (0 = blank), row by row\n", "", NULL, ep_open, ep_close, ep_info, ep_scratch_create,
    ep_scratch_free, ep_initial, ep_heuristic, ep_is_goal, ep_expand, NULL, NULL, ep_format, ep_verify, NULL};

SOLVER_DEFINE_PLUGIN(table)
