/* fifteen: the 15-puzzle (4 x 4 sliding tiles) and the 8-puzzle (3 x 3) as a solver plugin.
 *
 * A complete third-party domain: it includes only <solver/plugin.h>, found through
 * `pkg-config --cflags solver-plugin`, and builds with this folder's Makefile alone.
 * docs/writing-a-plugin.md (installed as share/doc/solver/writing-a-plugin.md) walks through it.
 *
 * Input: one puzzle per line, 9 or 16 numbers (the tiles row by row, 0 = blank); '#' starts a
 * comment; blank lines are skipped. Each puzzle line is a level (--level K, --level all).
 * Option goal=last (default: 1 2 ... then the blank) or goal=first (the blank, then 1 2 ...,
 * the goal of Korf's instances). A position of the wrong permutation parity is refused as
 * unsolvable at open (exit code 1), without a search.
 *
 * State: one byte per cell holding its tile (0 = blank): canonical by construction.
 * Moves: the direction the blank moves, U D L R (move ids 0..3); the answer is those letters.
 * Heuristic: Manhattan distance plus linear conflicts, admissible and consistent (see
 * fifteen_h below). Hash: Zobrist, emitted with every child and equal to hash() of its bytes.
 * Thread contract: the instance is read-only after open; expansion keeps nothing between calls,
 * so the scratch is an empty token.
 */
#include <solver/plugin.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 16

struct solver_instance {
    int n;                          /* side: 3 or 4 */
    int cells;                      /* n * n */
    unsigned char start[MAX_CELLS]; /* the tiles, row by row */
    unsigned char goal[MAX_CELLS];
    unsigned char goal_row[MAX_CELLS], goal_col[MAX_CELLS]; /* where each tile belongs */
    uint64_t zobrist[MAX_CELLS][MAX_CELLS];                 /* [cell][tile] */
    char description[64];
    solver_instance_info info;
};

static const char move_letters[4] = {'U', 'D', 'L', 'R'};
static const int move_dr[4] = {-1, 1, 0, 0}, move_dc[4] = {0, 0, -1, 1};

/* ---- input ------------------------------------------------------------------------------- */

/* The next puzzle line at or after *pos: returns its start and end (comment cut off) and its
   1-based line number, or 0 when no line with a non-blank character is left. */
static int next_puzzle_line(const char *text, size_t length, size_t *pos, uint32_t *line, size_t *begin, size_t *end) {
    while (*pos < length) {
        size_t b = *pos, e = b, cut;
        int has_content = 0;
        while (e < length && text[e] != '\n') ++e;
        cut = b;
        while (cut < e && text[cut] != '#') {
            if (!isspace((unsigned char)text[cut])) has_content = 1;
            ++cut;
        }
        *pos = e < length ? e + 1 : e;
        if (has_content) {
            *begin = b;
            *end = cut;
            return 1;
        }
        ++*line;
    }
    return 0;
}

static solver_status fifteen_count_levels(const char *input, size_t length, uint32_t *count, solver_error *err) {
    size_t pos = 0, b, e;
    uint32_t line = 1, n = 0;
    while (next_puzzle_line(input, length, &pos, &line, &b, &e)) {
        ++n;
        ++line;
    }
    if (n == 0) return solver_error_set(err, SOLVER_ERR_PARSE, 1, 1, "no puzzle in the input: expected a line of 9 or 16 numbers");
    *count = n;
    return SOLVER_OK;
}

/* Parses the tiles of one line; errors carry the line and column. */
static solver_status parse_tiles(const char *text, size_t begin, size_t end, uint32_t line, unsigned char *tiles,
                                 int *cells, solver_error *err) {
    size_t i = begin;
    int count = 0, k;
    int seen[MAX_CELLS];
    unsigned long values[MAX_CELLS + 1];
    uint32_t cols[MAX_CELLS + 1];
    while (i < end) {
        uint32_t col = (uint32_t)(i - begin) + 1;
        unsigned long v = 0;
        if (isspace((unsigned char)text[i]) || text[i] == ',') {
            ++i;
            continue;
        }
        if (!isdigit((unsigned char)text[i]))
            return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "expected a tile number, found '%c'",
                                    isprint((unsigned char)text[i]) ? text[i] : '?');
        while (i < end && isdigit((unsigned char)text[i])) {
            if (v < 1000) v = v * 10 + (unsigned long)(text[i] - '0'); /* saturates: reported as out of range */
            ++i;
        }
        if (count == MAX_CELLS)
            return solver_error_set(err, SOLVER_ERR_PARSE, line, col, "too many numbers: expected 9 (3x3) or 16 (4x4)");
        values[count] = v;
        cols[count] = col;
        ++count;
    }
    if (count != 9 && count != 16)
        return solver_error_set(err, SOLVER_ERR_PARSE, line, (uint32_t)(end - begin) + 1,
                                "found %d numbers; expected 9 (3x3) or 16 (4x4)", count);
    for (k = 0; k < MAX_CELLS; ++k) seen[k] = 0;
    for (k = 0; k < count; ++k) {
        if (values[k] >= (unsigned long)count)
            return solver_error_set(err, SOLVER_ERR_PARSE, line, cols[k], "tile %lu is out of range: expected 0..%d",
                                    values[k], count - 1);
        if (seen[values[k]])
            return solver_error_set(err, SOLVER_ERR_PARSE, line, cols[k], "tile %lu appears twice", values[k]);
        seen[values[k]] = 1;
        tiles[k] = (unsigned char)values[k];
    }
    *cells = count;
    return SOLVER_OK;
}

/* Solvable iff the permutation parity matches the blank's distance parity (Johnson & Story,
   1879): compare the start with the goal, both read row by row. */
static int parity(const unsigned char *t, int cells, int n) {
    int inversions = 0, i, j, blank_row = 0;
    for (i = 0; i < cells; ++i) {
        if (t[i] == 0) {
            blank_row = i / n;
            continue;
        }
        for (j = i + 1; j < cells; ++j)
            if (t[j] != 0 && t[j] < t[i]) ++inversions;
    }
    /* Odd width: a vertical move changes no parity; even width: it flips the inversion parity
       and moves the blank one row. */
    return n % 2 ? inversions % 2 : (inversions + blank_row) % 2;
}

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static solver_status fifteen_open(const char *input, size_t length, const char *source, uint32_t level,
                                  const solver_option *options, size_t option_count, const solver_services *services,
                                  solver_instance **out, solver_error *err) {
    size_t pos = 0, b = 0, e = 0, k;
    uint32_t line = 1, found = 0;
    int goal_first = 0, cells = 0, i, j;
    unsigned char tiles[MAX_CELLS];
    solver_instance *inst;
    solver_status s;
    uint64_t seed = 0x15f15f15ull;
    (void)source;
    (void)services; /* this domain needs no pool, cache or memory budget */
    *out = NULL;
    for (k = 0; k < option_count; ++k) {
        if (strcmp(options[k].key, "goal") != 0)
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "unknown option '%s'; fifteen knows goal=last|first",
                                    options[k].key);
        if (strcmp(options[k].value, "first") == 0) goal_first = 1;
        else if (strcmp(options[k].value, "last") == 0) goal_first = 0;
        else
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "goal=%s: expected goal=last or goal=first",
                                    options[k].value);
    }
    while (found < level && next_puzzle_line(input, length, &pos, &line, &b, &e))
        if (++found < level) ++line;
    if (found == 0) return solver_error_set(err, SOLVER_ERR_PARSE, 1, 1, "no puzzle in the input: expected a line of 9 or 16 numbers");
    if (found < level) return solver_error_set(err, SOLVER_ERR_PARSE, 0, 0, "level %u does not exist (the input holds %u)", level, found);
    s = parse_tiles(input, b, e, line, tiles, &cells, err);
    if (s != SOLVER_OK) return s;

    inst = (solver_instance *)calloc(1, sizeof *inst);
    if (!inst) return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0, "out of memory");
    inst->cells = cells;
    inst->n = cells == 9 ? 3 : 4;
    memcpy(inst->start, tiles, (size_t)cells);
    for (i = 0; i < cells; ++i) inst->goal[i] = (unsigned char)(goal_first ? i : (i + 1) % cells);
    for (i = 0; i < cells; ++i) {
        inst->goal_row[inst->goal[i]] = (unsigned char)(i / inst->n);
        inst->goal_col[inst->goal[i]] = (unsigned char)(i % inst->n);
    }
    for (i = 0; i < cells; ++i)
        for (j = 0; j < cells; ++j) inst->zobrist[i][j] = splitmix(&seed);
    if (parity(inst->start, cells, inst->n) != parity(inst->goal, cells, inst->n)) {
        free(inst);
        return solver_error_set(err, SOLVER_ERR_UNSOLVABLE, line, 1,
                                "the position has the other permutation parity: no sequence of moves reaches the goal");
    }
    inst->info.abi_version = SOLVER_ABI_VERSION;
    inst->info.struct_size = sizeof(solver_instance_info);
    inst->info.state_size = (uint32_t)cells;
    inst->info.flags = SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE | SOLVER_H_CONSISTENT | SOLVER_HAS_HASH;
    inst->info.default_engine = "ida"; /* memory O(depth): the 15-puzzle's space is 10^13 states */
    inst->info.default_weight = 1.0;
    inst->info.cost_unit = "moves";
    strcpy(inst->description, cells == 9 ? "8-puzzle (3x3 sliding tiles)" : "15-puzzle (4x4 sliding tiles)");
    inst->info.description = inst->description;
    inst->info.max_cost = 0;
    *out = inst;
    return SOLVER_OK;
}

static void fifteen_close(solver_instance *inst) { free(inst); }
static const solver_instance_info *fifteen_info(const solver_instance *inst) { return &inst->info; }

/* Nothing mutable per thread: a non-NULL token stands for the scratch. */
static char scratch_token;
static solver_scratch *fifteen_scratch_create(const solver_instance *inst) {
    (void)inst;
    return (solver_scratch *)&scratch_token;
}
static void fifteen_scratch_free(solver_scratch *s) { (void)s; }

static solver_status fifteen_initial(const solver_instance *inst, solver_scratch *s, void *state) {
    (void)s;
    memcpy(state, inst->start, (size_t)inst->cells);
    return SOLVER_OK;
}

/* ---- the heuristic: Manhattan distance + linear conflicts ------------------------------------
 * Manhattan: each tile needs at least |row - goal row| vertical and |col - goal col| horizontal
 * moves. Linear conflicts (Hansson, Mayer & Yung 1992): in a row, the tiles whose goal is that
 * row must end in goal-column order; when k of them must leave the row to let the others pass
 * (k = tiles - longest increasing run of goal columns), each leaves and comes back: 2k vertical
 * moves that Manhattan does not count (their vertical distance is 0). Columns alike with
 * horizontal moves. Row conflicts add vertical moves and column conflicts horizontal ones, so
 * the sum stays a lower bound (admissible). One move changes Manhattan by 1 and the conflicts
 * of the one row (or column) the tile leaves and the one it enters; the total drops by at most
 * 1 (leaving a conflicted goal row costs a Manhattan step), so it is consistent. */
static int longest_increasing(const int *v, int len) {
    int best[MAX_CELLS], i, j, m = 0;
    for (i = 0; i < len; ++i) {
        best[i] = 1;
        for (j = 0; j < i; ++j)
            if (v[j] < v[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
        if (best[i] > m) m = best[i];
    }
    return m;
}

static uint32_t fifteen_h(const solver_instance *inst, const unsigned char *t) {
    const int n = inst->n;
    uint32_t h = 0;
    int r, c;
    for (r = 0; r < n; ++r)
        for (c = 0; c < n; ++c) {
            int tile = t[r * n + c];
            if (tile) h += (uint32_t)(abs(r - inst->goal_row[tile]) + abs(c - inst->goal_col[tile]));
        }
    for (r = 0; r < n; ++r) { /* rows: tiles at home row, in column order, by goal column */
        int v[4], len = 0;
        for (c = 0; c < n; ++c) {
            int tile = t[r * n + c];
            if (tile && inst->goal_row[tile] == r) v[len++] = inst->goal_col[tile];
        }
        h += 2u * (uint32_t)(len - longest_increasing(v, len));
    }
    for (c = 0; c < n; ++c) { /* columns alike */
        int v[4], len = 0;
        for (r = 0; r < n; ++r) {
            int tile = t[r * n + c];
            if (tile && inst->goal_col[tile] == c) v[len++] = inst->goal_row[tile];
        }
        h += 2u * (uint32_t)(len - longest_increasing(v, len));
    }
    return h;
}

static uint32_t fifteen_heuristic(const solver_instance *inst, solver_scratch *s, const void *state) {
    (void)s;
    return fifteen_h(inst, (const unsigned char *)state);
}

static int fifteen_is_goal(const solver_instance *inst, const void *state) {
    return memcmp(state, inst->goal, (size_t)inst->cells) == 0;
}

static uint64_t fifteen_hash(const solver_instance *inst, const void *state) {
    const unsigned char *t = (const unsigned char *)state;
    uint64_t h = 0;
    int i;
    for (i = 0; i < inst->cells; ++i) h ^= inst->zobrist[i][t[i]];
    return h;
}

static int blank_of(const solver_instance *inst, const unsigned char *t) {
    int i;
    for (i = 0; i < inst->cells; ++i)
        if (t[i] == 0) return i;
    return 0;
}

/* Moves the blank in direction d; returns the cell the tile came from, or -1 off the board. */
static int slide(const solver_instance *inst, unsigned char *t, int blank, int d) {
    int r = blank / inst->n + move_dr[d], c = blank % inst->n + move_dc[d], from;
    if (r < 0 || r >= inst->n || c < 0 || c >= inst->n) return -1;
    from = r * inst->n + c;
    t[blank] = t[from];
    t[from] = 0;
    return from;
}

/* Children in the fixed order U D L R: deterministic. The hash is updated incrementally (the
   tile leaves `from` for `blank`, the blank goes the other way). */
static solver_status fifteen_expand(const solver_instance *inst, solver_scratch *s, const void *state,
                                    const solver_sink *sink) {
    const unsigned char *p = (const unsigned char *)state;
    const int blank = blank_of(inst, p);
    const uint64_t parent_hash = fifteen_hash(inst, p);
    int d;
    (void)s;
    for (d = 0; d < 4; ++d) {
        unsigned char t[MAX_CELLS];
        int from;
        uint64_t h;
        memcpy(t, p, (size_t)inst->cells);
        from = slide(inst, t, blank, d);
        if (from < 0) continue;
        h = parent_hash ^ inst->zobrist[from][p[from]] ^ inst->zobrist[blank][0] ^ inst->zobrist[blank][p[from]] ^
            inst->zobrist[from][0];
        if (sink->emit(sink->ctx, t, (uint32_t)d, 1, fifteen_h(inst, t), h)) break;
    }
    return SOLVER_OK;
}

/* ---- answers ------------------------------------------------------------------------------- */

static solver_status fifteen_format(const solver_instance *inst, const void *states, const uint32_t *moves, size_t count,
                                    char *out, size_t capacity, size_t *needed, solver_error *err) {
    size_t i;
    (void)inst;
    (void)states;
    *needed = count + 1;
    if (capacity < count + 1) return solver_error_set(err, SOLVER_ERR_BUFFER, 0, 0, "need %zu bytes", count + 1);
    for (i = 0; i < count; ++i) {
        if (moves[i] > 3) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "unknown move id %u", moves[i]);
        out[i] = move_letters[moves[i]];
    }
    out[count] = '\0';
    return SOLVER_OK;
}

/* Replays the letters from the start (blanks between them are allowed); independent of the
   search: it only slides tiles. */
static solver_status fifteen_verify(const solver_instance *inst, const char *solution, size_t length, uint64_t *cost,
                                    solver_error *err) {
    unsigned char t[MAX_CELLS];
    size_t i;
    int blank;
    memcpy(t, inst->start, (size_t)inst->cells);
    blank = blank_of(inst, t);
    *cost = 0;
    for (i = 0; i < length; ++i) {
        const char *m;
        int from;
        if (solution[i] == ' ' || solution[i] == '\n') continue;
        m = (const char *)memchr(move_letters, solution[i], 4);
        if (!m)
            return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "'%c' is not a move (U D L R)",
                                    isprint((unsigned char)solution[i]) ? solution[i] : '?');
        from = slide(inst, t, blank, (int)(m - move_letters));
        if (from < 0) return solver_error_set(err, SOLVER_ERR_INVALID, 1, (uint32_t)i + 1, "move %c leaves the board", *m);
        blank = from;
        ++*cost;
    }
    if (!fifteen_is_goal(inst, t))
        return solver_error_set(err, SOLVER_ERR_INVALID, 0, 0, "after %llu moves the tiles are not in goal order",
                                (unsigned long long)*cost);
    return SOLVER_OK;
}

/* ---- the table ------------------------------------------------------------------------------ */

static const solver_plugin fifteen_table = {
    SOLVER_ABI_VERSION,
    sizeof(solver_plugin),
    "fifteen",
    "the 15-puzzle and the 8-puzzle (sliding tiles), optimal in moves",
    "1.0.0",
    "One puzzle per line: 9 numbers (3x3) or 16 numbers (4x4), the tiles row by row, 0 = blank.\n"
    "'#' starts a comment; every puzzle line is a level (--level K or all).\n"
    "Goal: 1 2 3 ... with the blank last (or first with --option goal=first).\n"
    "Answer: the blank's moves as letters U D L R.\n",
    "  goal=last|first   where the blank belongs in the goal (default last; Korf's instances: first)\n",
    fifteen_count_levels,
    fifteen_open,
    fifteen_close,
    fifteen_info,
    fifteen_scratch_create,
    fifteen_scratch_free,
    fifteen_initial,
    fifteen_heuristic,
    fifteen_is_goal,
    fifteen_expand,
    fifteen_hash,
    NULL, /* goal_weight: not a counting domain */
    fifteen_format,
    fifteen_verify,
    NULL, /* solve: the generic engines do the search */
};

SOLVER_DEFINE_PLUGIN(fifteen_table)
