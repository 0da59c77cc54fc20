/* countdomain: a tiny counting domain for the count engine's tests, plain C99 against
 * include/solver/plugin.h only.
 * Objects: binary strings of length n with no two adjacent 1s, built left to right, one bit per
 * move (move id = the bit). There are F(n+2) of them (Fibonacci, F(1) = F(2) = 1).
 * State (3 bytes): position k, last bit, number of ones so far; goal: k == n. The state graph is a
 * DAG whose paths from the start are exactly the strings, so the count engine's tree enumeration
 * counts strings. Unit costs by default, h = exact remaining cost. Input: ignored (may be empty).
 * Options: n=<1..200> (default 20); weight=<w> (0..2^64-1): each complete string then counts
 * w + (its number of ones) through goal_weight (SOLVER_HAS_GOAL_WEIGHT), so totals can exceed
 * 2^64 and a wrong per-goal weight shows; without it every string counts 1. cost=<1..1000>:
 * every move costs that much (not SOLVER_UNIT_COST unless 1), h = (n - k) * cost. */
#include <solver/plugin.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct solver_instance {
    unsigned n;
    uint32_t cost;
    uint64_t weight;
    solver_instance_info info;
};

static solver_status cd_open(const char *input, size_t length, const char *source, uint32_t level,
                             const solver_option *options, size_t option_count, const solver_services *services,
                             solver_instance **out, solver_error *err) {
    unsigned n = 20;
    uint32_t cost = 1;
    int weighted = 0;
    uint64_t weight = 0;
    size_t i;
    (void)input;
    (void)length;
    (void)source;
    (void)level;
    (void)services;
    for (i = 0; i < option_count; ++i) {
        char *end = NULL;
        unsigned long long v;
        errno = 0;
        v = strtoull(options[i].value, &end, 10);
        if (errno || end == options[i].value || *end != '\0')
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "option %s: expected a number, got '%s'",
                                    options[i].key, options[i].value);
        if (strcmp(options[i].key, "n") == 0) {
            if (v < 1 || v > 200) return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "option n: 1..200");
            n = (unsigned)v;
        } else if (strcmp(options[i].key, "cost") == 0) {
            if (v < 1 || v > 1000) return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "option cost: 1..1000");
            cost = (uint32_t)v;
        } else if (strcmp(options[i].key, "weight") == 0) {
            weighted = 1;
            weight = (uint64_t)v;
        } else {
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "unknown option '%s' (n, weight, cost)", options[i].key);
        }
    }
    *out = (solver_instance *)calloc(1, sizeof(solver_instance));
    if (!*out) return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0, "out of memory");
    (*out)->n = n;
    (*out)->cost = cost;
    (*out)->weight = weight;
    (*out)->info.abi_version = SOLVER_ABI_VERSION;
    (*out)->info.struct_size = sizeof(solver_instance_info);
    (*out)->info.state_size = 3;
    (*out)->info.flags = (cost == 1 ? SOLVER_UNIT_COST : 0u) | SOLVER_H_ADMISSIBLE | SOLVER_H_CONSISTENT |
                         (weighted ? SOLVER_HAS_GOAL_WEIGHT : 0u);
    (*out)->info.default_engine = "count";
    (*out)->info.default_weight = 1.0;
    (*out)->info.cost_unit = "bits";
    (*out)->info.description = "binary strings without two adjacent ones";
    return SOLVER_OK;
}

static void cd_close(solver_instance *inst) { free(inst); }
static const solver_instance_info *cd_info(const solver_instance *inst) { return &inst->info; }
static solver_scratch *cd_scratch_create(const solver_instance *inst) {
    (void)inst;
    return (solver_scratch *)malloc(1);
}
static void cd_scratch_free(solver_scratch *s) { free(s); }
static solver_status cd_initial(const solver_instance *inst, solver_scratch *s, void *state) {
    (void)inst;
    (void)s;
    memset(state, 0, 3);
    return SOLVER_OK;
}
static uint32_t cd_heuristic(const solver_instance *inst, solver_scratch *s, const void *state) {
    (void)s;
    return (inst->n - ((const unsigned char *)state)[0]) * inst->cost;
}
static int cd_is_goal(const solver_instance *inst, const void *state) {
    return ((const unsigned char *)state)[0] == inst->n;
}
static solver_status cd_expand(const solver_instance *inst, solver_scratch *s, const void *state,
                               const solver_sink *sink) {
    const unsigned char *t = (const unsigned char *)state;
    unsigned char c[3];
    (void)s;
    if (t[0] >= inst->n) return SOLVER_OK;
    c[0] = (unsigned char)(t[0] + 1);
    c[1] = 0;
    c[2] = t[2];
    if (sink->emit(sink->ctx, c, 0, inst->cost, (inst->n - c[0]) * inst->cost, 0)) return SOLVER_OK;
    if (t[1] == 0) {
        c[1] = 1;
        c[2] = (unsigned char)(t[2] + 1);
        sink->emit(sink->ctx, c, 1, inst->cost, (inst->n - c[0]) * inst->cost, 0);
    }
    return SOLVER_OK;
}
static uint64_t cd_goal_weight(const solver_instance *inst, const void *state) {
    return inst->weight + ((const unsigned char *)state)[2];
}
static solver_status cd_format(const solver_instance *inst, const void *states, const uint32_t *moves, size_t count,
                               char *out, size_t capacity, size_t *needed, solver_error *err) {
    size_t i;
    (void)inst;
    (void)states;
    (void)err;
    *needed = count + 1;
    if (capacity < count + 1) return SOLVER_ERR_BUFFER;
    for (i = 0; i < count; ++i) out[i] = moves[i] ? '1' : '0';
    out[count] = '\0';
    return SOLVER_OK;
}
static solver_status cd_verify(const solver_instance *inst, const char *solution, size_t length, uint64_t *cost,
                               solver_error *err) {
    size_t i;
    char last = '0';
    *cost = 0;
    for (i = 0; i < length; ++i) {
        if (solution[i] != '0' && solution[i] != '1')
            return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "expected 0 or 1");
        if (solution[i] == '1' && last == '1')
            return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "two adjacent ones");
        last = solution[i];
        *cost += inst->cost;
    }
    if (*cost != (uint64_t)inst->n * inst->cost) return solver_error_set(err, SOLVER_ERR_INVALID, 0, 0, "expected %u bits", inst->n);
    return SOLVER_OK;
}

static const solver_plugin table = {
    SOLVER_ABI_VERSION, sizeof(solver_plugin), "countdomain", "binary strings without adjacent ones (test domain)",
    "1.0.0", "any text (ignored)\n", "n=<1..200> string length (default 20)\nweight=<w> each string counts w + its ones\ncost=<c> every move costs c\n",
    NULL, cd_open, cd_close, cd_info, cd_scratch_create, cd_scratch_free, cd_initial, cd_heuristic, cd_is_goal,
    cd_expand, NULL, cd_goal_weight, cd_format, cd_verify, NULL};

SOLVER_DEFINE_PLUGIN(table)
