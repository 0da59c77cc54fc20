/* tiles_broken_base.h: a correct 3x3 sliding-tile plugin in C99 that each tests/plugins/broken*
 * plugin includes after defining BROKEN_NAME and exactly one BREAK_* macro, so that it breaks
 * exactly one rule of include/solver/plugin.h. `solver --check-plugin` must fail each of them
 * with that rule's reason (tests/check_plugin_test.cc).
 *
 *   BREAK_NONDETERMINISTIC  the order of the children rotates from call to call
 *   BREAK_CANONICAL         the state carries the last move: one position, several byte strings
 *   BREAK_HASH              the incremental hash emitted with a child forgets the moved tile
 *   BREAK_INADMISSIBLE      h = 2 x Manhattan, still claimed admissible
 *   BREAK_VERIFIER          the verifier never checks that the goal is reached
 *   BREAK_THREADS           the child is built in one static buffer shared by all threads
 *   BREAK_EMPTY_INPUT       open() dereferences NULL when the input holds no number
 *   BREAK_SINK_STOP         expand() ignores the sink asking it to stop
 *   BREAK_OPTION            unknown --option keys are accepted silently
 *
 * Input: nine numbers 0..8 (0 = blank), goal 1 2 3 4 5 6 7 8 0; answer: the blank's moves U D L R.
 */
#include <solver/plugin.h>

#include <ctype.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#ifdef BREAK_CANONICAL
#define STATE_SIZE 10 /* nine tiles + the last move */
#else
#define STATE_SIZE 9
#endif

struct solver_instance {
    unsigned char start[9];
    uint64_t zobrist[9][9]; /* [cell][tile] */
    solver_instance_info info;
};

static const int tb_dr[4] = {-1, 1, 0, 0}, tb_dc[4] = {0, 0, -1, 1};
static const char tb_letters[4] = {'U', 'D', 'L', 'R'};

static solver_status tb_open(const char *input, size_t length, const char *source, uint32_t level,
                             const solver_option *options, size_t option_count, const solver_services *services,
                             solver_instance **out, solver_error *err) {
    unsigned char tiles[9];
    int seen[9] = {0};
    size_t i = 0, n = 0;
    uint32_t line = 1, col = 1;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    int c, t;
    (void)source;
    (void)services;
    *out = NULL;
#ifndef BREAK_OPTION
    if (option_count > 0)
        return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "unknown option '%s'; this plugin has no options",
                                options[0].key);
#else
    (void)options;
    (void)option_count;
#endif
    if (level != 1) return solver_error_set(err, SOLVER_ERR_PARSE, 0, 0, "the input holds one level");
    while (i < length) {
        char ch = input[i];
        if (ch == '\n') { ++line; col = 1; ++i; continue; }
        if (isspace((unsigned char)ch)) { ++col; ++i; continue; }
        if (ch < '0' || ch > '8' || (i + 1 < length && isdigit((unsigned char)input[i + 1])))
            return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected a tile number 0..8");
        if (n == 9) return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected exactly nine numbers");
        if (seen[ch - '0']) return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "tile %c appears twice", ch);
        seen[ch - '0'] = 1;
        tiles[n++] = (unsigned char)(ch - '0');
        ++col;
        ++i;
    }
#ifdef BREAK_EMPTY_INPUT
    if (n == 0) {
        /* The bug: "the first tile" looked up through a table that is only built for real input. */
        volatile unsigned char *first = NULL;
        tiles[0] = *first;
    }
#endif
    if (n != 9) return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected nine numbers, found %u", (unsigned)n);
    *out = (solver_instance *)calloc(1, sizeof(solver_instance));
    if (!*out) return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0, "out of memory");
    memcpy((*out)->start, tiles, 9);
    for (c = 0; c < 9; ++c)
        for (t = 0; t < 9; ++t) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (*out)->zobrist[c][t] = x;
        }
    (*out)->info.abi_version = SOLVER_ABI_VERSION;
    (*out)->info.struct_size = sizeof(solver_instance_info);
    (*out)->info.state_size = STATE_SIZE;
    (*out)->info.flags = SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE | SOLVER_HAS_HASH;
#if !defined(BREAK_INADMISSIBLE)
    (*out)->info.flags |= SOLVER_H_CONSISTENT;
#endif
    (*out)->info.default_engine = "astar";
    (*out)->info.default_weight = 1.0;
    (*out)->info.cost_unit = "moves";
    (*out)->info.description = "3x3 sliding tiles (a deliberately broken test plugin)";
    return SOLVER_OK;
}

static void tb_close(solver_instance *inst) { free(inst); }
static const solver_instance_info *tb_info(const solver_instance *inst) { return &inst->info; }
static solver_scratch *tb_scratch_create(const solver_instance *inst) {
    (void)inst;
    return (solver_scratch *)malloc(16);
}
static void tb_scratch_free(solver_scratch *s) { free(s); }
static solver_status tb_initial(const solver_instance *inst, solver_scratch *s, void *state) {
    (void)s;
    memcpy(state, inst->start, 9);
#ifdef BREAK_CANONICAL
    ((unsigned char *)state)[9] = 4; /* "no last move" */
#endif
    return SOLVER_OK;
}
static uint32_t tb_manhattan(const unsigned char *t) {
    uint32_t h = 0;
    int i;
    for (i = 0; i < 9; ++i)
        if (t[i]) {
            int goal = t[i] - 1;
            h += (uint32_t)(abs(i / 3 - goal / 3) + abs(i % 3 - goal % 3));
        }
#ifdef BREAK_INADMISSIBLE
    h *= 2;
#endif
    return h;
}
static uint32_t tb_heuristic(const solver_instance *inst, solver_scratch *s, const void *state) {
    (void)inst;
    (void)s;
    return tb_manhattan((const unsigned char *)state);
}
static int tb_is_goal(const solver_instance *inst, const void *state) {
    const unsigned char *t = (const unsigned char *)state;
    int i;
    (void)inst;
    for (i = 0; i < 8; ++i)
        if (t[i] != i + 1) return 0;
    return 1;
}
static uint64_t tb_hash(const solver_instance *inst, const void *state) {
    const unsigned char *t = (const unsigned char *)state;
    uint64_t h = 0;
    int i;
    for (i = 0; i < 9; ++i) h ^= inst->zobrist[i][t[i]];
#ifdef BREAK_CANONICAL
    h ^= (uint64_t)t[9] * 0x9e3779b97f4a7c15ull;
#endif
    return h;
}
static int tb_blank(const unsigned char *t) {
    int i;
    for (i = 0; i < 9; ++i)
        if (t[i] == 0) return i;
    return 0;
}
static int tb_apply(unsigned char *t, int d) {
    int b = tb_blank(t), r = b / 3 + tb_dr[d], c = b % 3 + tb_dc[d];
    if (r < 0 || r > 2 || c < 0 || c > 2) return 0;
    t[b] = t[r * 3 + c];
    t[r * 3 + c] = 0;
#ifdef BREAK_CANONICAL
    t[9] = (unsigned char)d;
#endif
    return 1;
}

#ifdef BREAK_THREADS
static unsigned char tb_shared_child[STATE_SIZE];
#endif
#ifdef BREAK_NONDETERMINISTIC
static unsigned tb_calls;
#endif

static solver_status tb_expand(const solver_instance *inst, solver_scratch *s, const void *state,
                               const solver_sink *sink) {
    int k;
    const unsigned char *p = (const unsigned char *)state;
    const uint64_t parent_hash = tb_hash(inst, state);
    int first = 0;
    (void)s;
#ifdef BREAK_NONDETERMINISTIC
    first = (int)(tb_calls++ % 4u);
#endif
    for (k = 0; k < 4; ++k) {
        int d = (first + k) % 4;
        unsigned char local[STATE_SIZE];
        unsigned char *t = local;
        int b, moved_from;
        uint64_t h;
#ifdef BREAK_THREADS
        t = tb_shared_child;
#endif
        memcpy(t, p, STATE_SIZE);
        b = tb_blank(p);
        if (!tb_apply(t, d)) continue;
        moved_from = (b / 3 + tb_dr[d]) * 3 + b % 3 + tb_dc[d];
#ifdef BREAK_THREADS
        sched_yield(); /* widen the window in which another thread overwrites the buffer */
#endif
        /* Incremental Zobrist: the tile leaves moved_from for b, the blank the other way. */
        h = parent_hash ^ inst->zobrist[moved_from][p[moved_from]] ^ inst->zobrist[b][0];
#ifndef BREAK_HASH
        h ^= inst->zobrist[b][p[moved_from]] ^ inst->zobrist[moved_from][0];
#endif
#ifdef BREAK_CANONICAL
        h ^= (uint64_t)p[9] * 0x9e3779b97f4a7c15ull ^ (uint64_t)t[9] * 0x9e3779b97f4a7c15ull;
#endif
        if (sink->emit(sink->ctx, t, (uint32_t)d, 1, tb_manhattan(t), h)) {
#ifndef BREAK_SINK_STOP
            break;
#endif
        }
    }
    return SOLVER_OK;
}
static solver_status tb_format(const solver_instance *inst, const void *states, const uint32_t *moves, size_t count,
                               char *out, size_t capacity, size_t *needed, solver_error *err) {
    size_t i;
    (void)inst;
    (void)states;
    *needed = count + 1;
    if (capacity < count + 1) return solver_error_set(err, SOLVER_ERR_BUFFER, 0, 0, "need %zu bytes", count + 1);
    for (i = 0; i < count; ++i) {
        if (moves[i] > 3) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "bad move id %u", moves[i]);
        out[i] = tb_letters[moves[i]];
    }
    out[count] = '\0';
    return SOLVER_OK;
}
static solver_status tb_verify(const solver_instance *inst, const char *solution, size_t length, uint64_t *cost,
                               solver_error *err) {
    unsigned char t[STATE_SIZE];
    size_t i;
    memset(t, 0, sizeof t);
    memcpy(t, inst->start, 9);
    *cost = 0;
    for (i = 0; i < length; ++i) {
        const char *p = (const char *)memchr(tb_letters, solution[i], 4);
        if (!p) return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "'%c' is not a move (U D L R)", solution[i]);
        if (!tb_apply(t, (int)(p - tb_letters)))
            return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "move %c leaves the board", solution[i]);
        ++*cost;
    }
#ifndef BREAK_VERIFIER
    if (!tb_is_goal(inst, t)) return solver_error_set(err, SOLVER_ERR_INVALID, 0, 0, "the moves do not reach the goal");
#endif
    return SOLVER_OK;
}

static const solver_plugin tb_table = {
    SOLVER_ABI_VERSION, sizeof(solver_plugin), BROKEN_NAME, "3x3 sliding tiles that break one plugin rule (test)",
    "1.0.0", "nine numbers 0..8 (0 = blank), row by row\n", "", NULL, tb_open, tb_close, tb_info, tb_scratch_create,
    tb_scratch_free, tb_initial, tb_heuristic, tb_is_goal, tb_expand, tb_hash, NULL, tb_format, tb_verify, NULL};

SOLVER_DEFINE_PLUGIN(tb_table)
