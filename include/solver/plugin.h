/*
 * solver/plugin.h -- the stable C ABI between the solver runtime and a puzzle domain.
 *
 * This is the only header a domain needs. It is plain C99 and compiles as C++17.
 *
 * A plugin is a shared library that exports one symbol, SOLVER_PLUGIN_ENTRY_NAME
 * ("solver_plugin_entry"), a function returning a pointer to a constant solver_plugin table.
 *
 * Versioning (the LV2 / SQLite rule):
 *   - every table that crosses the boundary starts with `abi_version` and `struct_size`;
 *   - fields are only ever appended, never reordered, retyped or removed;
 *   - a reader uses a field only when the writer's struct_size covers it
 *     (SOLVER_HAS_FIELD below), so an older runtime loads a newer plugin and the reverse,
 *     up to the fields both know;
 *   - the major version changes only on an incompatible change; the runtime refuses a plugin
 *     whose major version differs from its own.
 *
 * Boundary rules:
 *   - only C types cross: no exceptions, no C++ types, no memory freed on the other side
 *     (each side frees what it allocated: the plugin frees instances and scratch through its
 *     own close/scratch_free);
 *   - every function is "noexcept in spirit": failures come back as a solver_status with a
 *     message written into a caller-provided solver_error;
 *   - strings are NUL-terminated UTF-8 unless a length is passed beside them.
 *
 * Thread contracts, written beside each function:
 *   [main-thread]  called from one thread at a time, never concurrently with any other call
 *                  on the same instance;
 *   [thread-safe]  may be called from many threads at once on the same instance; any mutable
 *                  buffer must live in the caller-provided scratch (one scratch per thread);
 *   [any-thread]   may be called from any thread, but not concurrently for the same object.
 *
 * States are fixed-size canonical byte strings: the instance fixes state_size, and equal
 * states MUST have equal bytes (normalize everything, zero every padding bit), because the
 * runtime hashes and compares states as raw bytes.
 */
#ifndef SOLVER_PLUGIN_H
#define SOLVER_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- versions -------------------------------------------------------------------------- */

#define SOLVER_ABI_MAJOR 1
#define SOLVER_ABI_MINOR 2
/* abi_version as stored in every table: major in the high 16 bits, minor in the low 16. */
#define SOLVER_ABI_VERSION ((uint32_t)((SOLVER_ABI_MAJOR << 16) | SOLVER_ABI_MINOR))
#define SOLVER_ABI_MAJOR_OF(v) ((uint32_t)(v) >> 16)
#define SOLVER_ABI_MINOR_OF(v) ((uint32_t)(v)&0xffffu)

/* True when a table of `struct_size` bytes (as its writer compiled it) contains `field`. */
#define SOLVER_HAS_FIELD(ptr, type, field) \
    ((ptr)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* The exported entry point. */
#define SOLVER_PLUGIN_ENTRY_NAME "solver_plugin_entry"

#if defined(_WIN32)
#define SOLVER_EXPORT __declspec(dllexport)
#else
#define SOLVER_EXPORT __attribute__((visibility("default")))
#endif

/* ---- status codes and errors ------------------------------------------------------------- */

typedef enum solver_status {
    SOLVER_OK = 0,
    SOLVER_ERR_PARSE = 1,       /* bad input text: set line and column */
    SOLVER_ERR_OPTION = 2,      /* unknown option key or bad option value */
    SOLVER_ERR_NO_MEMORY = 3,   /* an allocation failed or the memory budget is exceeded */
    SOLVER_ERR_STOPPED = 4,     /* services->should_stop() said stop (time limit, Ctrl-C) */
    SOLVER_ERR_INVALID = 5,     /* a solution failed verification: say where it breaks */
    SOLVER_ERR_BUFFER = 6,      /* output buffer too small: *needed says how much to pass */
    SOLVER_ERR_UNSUPPORTED = 7, /* the call is not supported for this instance */
    SOLVER_ERR_UNSOLVABLE = 8,  /* proven: no solution exists */
    SOLVER_ERR_INTERNAL = 9     /* a bug or an unexpected condition: say what */
} solver_status;

/*
 * Caller-provided error report. The caller points `message` at a buffer of `capacity` bytes
 * (at least 1) and zeroes line/column; the callee fills them on failure.
 * line and column are 1-based positions in the input text; 0 means "not applicable".
 */
typedef struct solver_error {
    char *message;
    size_t capacity;
    uint32_t line;
    uint32_t column;
} solver_error;

/* Convenience for plugins: fill an error report printf-style; returns `status`. */
static inline solver_status solver_error_set(solver_error *err, solver_status status, uint32_t line,
                                             uint32_t column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static inline solver_status solver_error_set(solver_error *err, solver_status status, uint32_t line,
                                             uint32_t column, const char *fmt, ...) {
    if (err != NULL) {
        err->line = line;
        err->column = column;
        if (err->message != NULL && err->capacity > 0) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err->message, err->capacity, fmt, ap);
            va_end(ap);
        }
    }
    return status;
}

/* ---- what the runtime hands to a plugin ---------------------------------------------------- */

typedef enum solver_log_level {
    SOLVER_LOG_DEBUG = 0,
    SOLVER_LOG_INFO = 1,
    SOLVER_LOG_WARN = 2
} solver_log_level;

/* A task body for the runtime's pool. `worker` is in [0, services->threads). */
typedef void (*solver_task_fn)(void *arg, uint32_t worker);
/* A loop body: run iterations [begin, end). */
typedef void (*solver_range_fn)(void *arg, uint64_t begin, uint64_t end, uint32_t worker);

/* Opaque fork-join group owned by the runtime. */
typedef struct solver_task_group solver_task_group;

typedef struct solver_services {
    uint32_t abi_version; /* SOLVER_ABI_VERSION of the runtime */
    uint32_t struct_size; /* sizeof(solver_services) as the runtime compiled it */
    void *ctx;            /* pass back as the first argument of every call below */

    uint32_t threads;             /* worker threads of the pool (>= 1) */
    uint64_t memory_budget_bytes; /* what the whole search may use; plugins should size tables
                                     from it and fail with SOLVER_ERR_NO_MEMORY beyond it */
    const char *cache_dir;        /* folder for generated tables (may not exist yet) */

    /* [thread-safe] Nonzero once the search must stop (time or memory limit, Ctrl-C).
       Long computations poll it every few milliseconds and return SOLVER_ERR_STOPPED. */
    int (*should_stop)(void *ctx);
    /* [thread-safe] A diagnostic line for stderr (no trailing newline needed). */
    void (*log)(void *ctx, solver_log_level level, const char *message);
    /* [thread-safe] Progress of a long step: fraction in [0,1] or negative when unknown. */
    void (*progress)(void *ctx, const char *what, double fraction);
    /* [thread-safe] Append text to the solution output (stdout), used by a plugin's own solve. */
    void (*write_output)(void *ctx, const char *text, size_t length);

    /* [thread-safe] Run body over [begin, end) in chunks of about `grain` iterations, spread
       over the pool; returns when every chunk has finished. Nested calls are allowed. */
    void (*parallel_for)(void *ctx, uint64_t begin, uint64_t end, uint64_t grain,
                         solver_range_fn body, void *arg);
    /* [thread-safe] Fork-join tasks: create a group, spawn into it (also from inside its
       tasks), wait (the waiting thread helps run tasks), then free it. */
    solver_task_group *(*group_create)(void *ctx);
    void (*group_spawn)(void *ctx, solver_task_group *group, solver_task_fn fn, void *arg);
    void (*group_wait)(void *ctx, solver_task_group *group);
    void (*group_free)(void *ctx, solver_task_group *group);

    /* ABI 1.2 [thread-safe]: a plugin's own solve tells the runtime how much it searched, as
       totals for the instance so far (each call replaces the last): states expanded and
       successors generated, or SOLVER_COUNT_UNKNOWN for a figure the plugin does not count.
       The runtime prints them in its report and the --level all table; without a call it
       prints no figure. Check SOLVER_HAS_FIELD(services, solver_services, report_counts)
       before calling (a 1.0/1.1 runtime has no such field). */
    void (*report_counts)(void *ctx, uint64_t expanded, uint64_t generated);
} solver_services;

/* A count a plugin does not keep (report_counts). */
#define SOLVER_COUNT_UNKNOWN UINT64_MAX

/* ---- instances ----------------------------------------------------------------------------- */

typedef struct solver_instance solver_instance; /* opaque, owned by the plugin */
typedef struct solver_scratch solver_scratch;   /* opaque per-thread buffers, owned by the plugin */

/* key=value options from the command line (--option key=value). */
typedef struct solver_option {
    const char *key;
    const char *value;
} solver_option;

/* Facts about an opened instance. Flags: */
#define SOLVER_UNIT_COST 0x1u      /* every move costs 1 */
#define SOLVER_H_ADMISSIBLE 0x2u   /* h never overestimates the remaining cost */
#define SOLVER_H_CONSISTENT 0x4u   /* h(parent) <= cost + h(child) for every move */
#define SOLVER_HAS_HASH 0x8u       /* expand() emits a hash; hash() is provided */
#define SOLVER_HAS_GOAL_WEIGHT 0x10u /* goal_weight() is provided (counting engines) */
#define SOLVER_HAS_SOLVE 0x20u     /* solve() handles this instance itself */
#define SOLVER_ANY_SOLUTION 0x40u  /* the domain is content with any solution (e.g. Sokoban):
                                      the runtime may default to a fast non-optimal engine */
#define SOLVER_SOLVE_ONLY 0x80u    /* ABI 1.2: only the plugin's own solve answers this instance
                                      (its answer is not a path, e.g. a count table); the runtime
                                      refuses any other engine as a usage error */

typedef struct solver_instance_info {
    uint32_t abi_version;
    uint32_t struct_size;    /* sizeof(solver_instance_info) as the plugin compiled it */
    uint32_t state_size;     /* bytes per state, fixed for the instance, >= 1 */
    uint32_t flags;          /* SOLVER_* flags above */
    const char *default_engine; /* "astar", "greedy", "ida", "count", "solve", ... or NULL */
    double default_weight;   /* weight for weighted A* when the user gives none (1 = optimal) */
    const char *cost_unit;   /* what one unit of cost is called: "pushes", "plies", "moves" */
    const char *description; /* one line about this instance, e.g. "7x8 map, 3 boxes" */
    /* ABI 1.1: the largest solution cost the domain allows (e.g. 100 plies); engines prune
       every state whose g exceeds it. 0 = no limit. */
    uint64_t max_cost;
} solver_instance_info;

/* A heuristic value meaning "dead": no goal is reachable from this state. */
#define SOLVER_H_DEAD UINT32_MAX

/*
 * Where expand() sends each successor. Returns 0 to continue, nonzero to ask the plugin to
 * stop expanding this state at once (the plugin then returns SOLVER_OK).
 *   state: state_size bytes, canonical; only valid during the call (the runtime copies it)
 *   move:  the plugin's own move id, handed back to format_solution
 *   cost:  the move's cost (>= 0)
 *   h:     the heuristic value of the child, or SOLVER_H_DEAD to report a pruned child
 *   hash:  the child's 64-bit hash when the instance has SOLVER_HAS_HASH, else ignored
 */
typedef struct solver_sink {
    void *ctx;
    int (*emit)(void *ctx, const void *state, uint32_t move, uint32_t cost, uint32_t h,
                uint64_t hash);
} solver_sink;

/* ---- the plugin table ---------------------------------------------------------------------- */

typedef struct solver_plugin {
    uint32_t abi_version; /* SOLVER_ABI_VERSION the plugin was built against */
    uint32_t struct_size; /* sizeof(solver_plugin) as the plugin compiled it */

    /* identity: static strings */
    const char *name;         /* short name, e.g. "sokoban"; the library is lib<name>.so */
    const char *summary;      /* one line */
    const char *version;      /* the plugin's own version, e.g. "0.1.0" */
    const char *input_help;   /* the input format, several lines */
    const char *options_help; /* the --option keys it accepts, several lines (may be "") */

    /* [main-thread] How many levels (separate puzzles) the input holds; at least 1 when OK.
       NULL means always exactly one. */
    solver_status (*count_levels)(const char *input, size_t length, uint32_t *count,
                                  solver_error *err);

    /* [main-thread] Parse level `level` (1-based) of the input and build an instance.
       `source` names the input for messages (a file name or "<stdin>").
       Line and column in `err` are relative to the whole input text.
       The instance is read-only after open returns, except through scratch buffers.
       `services` stays valid until close(); the plugin may use its pool (e.g. to build tables). */
    solver_status (*open)(const char *input, size_t length, const char *source, uint32_t level,
                          const solver_option *options, size_t option_count,
                          const solver_services *services, solver_instance **out,
                          solver_error *err);
    /* [main-thread] Free an instance (NULL is allowed). */
    void (*close)(solver_instance *instance);
    /* [thread-safe] Facts about the instance; the pointer lives as long as the instance. */
    const solver_instance_info *(*info)(const solver_instance *instance);

    /* [thread-safe] Per-thread mutable buffers; NULL return means out of memory. */
    solver_scratch *(*scratch_create)(const solver_instance *instance);
    /* [any-thread] Free a scratch (NULL is allowed). */
    void (*scratch_free)(solver_scratch *scratch);

    /* [thread-safe] Write the initial state into `state` (state_size bytes). */
    solver_status (*initial)(const solver_instance *instance, solver_scratch *scratch,
                             void *state);
    /* [thread-safe] Heuristic of a state, or SOLVER_H_DEAD. */
    uint32_t (*heuristic)(const solver_instance *instance, solver_scratch *scratch,
                          const void *state);
    /* [thread-safe] Nonzero when the state is a goal. */
    int (*is_goal)(const solver_instance *instance, const void *state);
    /* [thread-safe] Emit every successor of `state` through `sink`. Deterministic: the same
       state yields the same children in the same order. */
    solver_status (*expand)(const solver_instance *instance, solver_scratch *scratch,
                            const void *state, const solver_sink *sink);

    /* [thread-safe] Optional (SOLVER_HAS_HASH): the hash that expand() emits for a state. */
    uint64_t (*hash)(const solver_instance *instance, const void *state);
    /* [thread-safe] Optional (SOLVER_HAS_GOAL_WEIGHT): how many solutions a goal state counts
       for in counting engines (the runtime sums weights in 128 bits). */
    uint64_t (*goal_weight)(const solver_instance *instance, const void *state);

    /* [main-thread] Turn a path into the domain's solution text (no trailing newline).
       states: count+1 states of state_size bytes each, from the initial state to the goal;
       moves:  count move ids, moves[i] leading from states[i] to states[i+1].
       Writes at most `capacity` bytes including the NUL; on SOLVER_ERR_BUFFER, *needed says
       the capacity to pass next time. */
    solver_status (*format_solution)(const solver_instance *instance, const void *states,
                                     const uint32_t *moves, size_t count, char *out,
                                     size_t capacity, size_t *needed, solver_error *err);
    /* [main-thread] Replay a solution text against the instance, independently of the search.
       SOLVER_OK and *cost set when it is legal and reaches a goal; SOLVER_ERR_INVALID with
       the position (column = character index + 1) and the reason otherwise;
       SOLVER_ERR_UNSUPPORTED when the answer is not a replayable path (e.g. a count table):
       the runtime then reports the answer as unverified. */
    solver_status (*verify_solution)(const solver_instance *instance, const char *solution,
                                     size_t length, uint64_t *cost, solver_error *err);

    /* [main-thread] Optional (SOLVER_HAS_SOLVE): solve the instance with the domain's own
       algorithm on the runtime's services, writing the answer through write_output.
       Returns SOLVER_OK (solved), SOLVER_ERR_UNSOLVABLE, SOLVER_ERR_STOPPED, or an error. */
    solver_status (*solve)(const solver_instance *instance, const solver_services *services,
                           uint64_t *cost, solver_error *err);
} solver_plugin;

/* The type of the exported entry point. */
typedef const solver_plugin *(*solver_plugin_entry_fn)(void);

/* Use once in a plugin: SOLVER_DEFINE_PLUGIN(my_table) exports the entry symbol. */
#ifdef __cplusplus
#define SOLVER_DEFINE_PLUGIN(table) \
    extern "C" SOLVER_EXPORT const solver_plugin *solver_plugin_entry(void) { return &(table); }
#else
#define SOLVER_DEFINE_PLUGIN(table) \
    SOLVER_EXPORT const solver_plugin *solver_plugin_entry(void) { return &(table); }
#endif

#ifdef __cplusplus
} /* extern "C" */

#include <new>

/*
 * Convenience for C++ plugins: runs `body` (a callable returning solver_status) so that no
 * exception leaves it, as the boundary rules require. std::bad_alloc becomes
 * SOLVER_ERR_NO_MEMORY with "out of memory while <doing>", any other exception
 * SOLVER_ERR_INTERNAL with "unexpected error while <doing>", both reported in `err` (which may
 * be NULL, e.g. for `expand`, whose caller passes no report). Use:
 *     return solver_guard(err, "opening the level", [&] { ...; return SOLVER_OK; });
 */
template <class Body>
inline solver_status solver_guard(solver_error *err, const char *doing, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0, "out of memory while %s", doing);
    } catch (...) {
        return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "unexpected error while %s", doing);
    }
}
#endif

#endif /* SOLVER_PLUGIN_H */
