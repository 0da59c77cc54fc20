/* test_fifteen: the example plugin's own tests, through the C ABI only (dlopen + the entry
 * symbol, as the solver loads it), so they need nothing but <solver/plugin.h>.
 *
 *   ./test_fifteen ./libfifteen.so
 *
 * - the 8-puzzle's exhaustive facts, by breadth-first search from the goal through the
 *   plugin's own expand(): 181440 reachable positions, the farthest need 31 moves and there are
 *   exactly two of them (those of puzzles/eight.txt);
 * - the heuristic on all 181440 positions: 0 at the goal, never above the true distance
 *   (admissible), changing by at most 1 per move (consistent);
 * - the hash emitted with every child equals hash() of its bytes;
 * - bad input (wrong count, repeated or out-of-range tiles, garbage, unknown option) is refused
 *   with line and column; the wrong parity is refused as unsolvable;
 * - the verifier accepts a right answer and refuses wrong ones.
 * Prints one line per failure and a summary; exit code 0 when all pass.
 */
#include <solver/plugin.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond, ...)                                   \
    do {                                                   \
        ++checks;                                          \
        if (!(cond)) {                                     \
            ++failures;                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                  \
            fputc('\n', stderr);                           \
        }                                                  \
    } while (0)

static const solver_plugin *plugin;

static solver_instance *open_text(const char *text, const char *goal, solver_status *status, solver_error *err) {
    solver_instance *inst = NULL;
    solver_option opt = {"goal", goal};
    *status = plugin->open(text, strlen(text), "<test>", 1, &opt, goal ? 1 : 0, NULL, &inst, err);
    return inst;
}

/* Rank of a permutation of 0..8 (Lehmer code): a dense index for 9! positions. */
static unsigned rank9(const unsigned char *t) {
    unsigned r = 0, i, j;
    for (i = 0; i < 9; ++i) {
        unsigned smaller = 0;
        for (j = i + 1; j < 9; ++j)
            if (t[j] < t[i]) ++smaller;
        r = r * (9 - i) + smaller;
    }
    return r;
}

struct collect {
    unsigned char children[4][9];
    uint32_t h[4];
    uint64_t hash[4];
    int count;
};
static int collect_emit(void *ctx, const void *state, uint32_t move, uint32_t cost, uint32_t h, uint64_t hash) {
    struct collect *c = (struct collect *)ctx;
    (void)move;
    (void)cost;
    memcpy(c->children[c->count], state, 9);
    c->h[c->count] = h;
    c->hash[c->count] = hash;
    ++c->count;
    return 0;
}

static void eight_puzzle_facts(void) {
    solver_status st;
    char msg[256] = {0};
    solver_error err = {msg, sizeof msg, 0, 0};
    solver_instance *inst = open_text("1 2 3 4 5 6 7 8 0", NULL, &st, &err);
    unsigned char *depth = (unsigned char *)malloc(362880);
    unsigned char *queue = (unsigned char *)malloc((size_t)362880 * 9);
    solver_scratch *sc;
    size_t head = 0, tail = 0, reachable = 0;
    unsigned max_depth = 0, at_max = 0, i;
    int admissible = 1, consistent = 1, hashes = 1;
    const char *farthest[2] = {"8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"};
    CHECK(st == SOLVER_OK && inst, "the goal position does not open: %s", msg);
    if (!inst || !depth || !queue) return;
    sc = plugin->scratch_create(inst);
    memset(depth, 0xff, 362880);
    plugin->initial(inst, sc, queue);
    CHECK(plugin->is_goal(inst, queue), "the goal is not a goal");
    CHECK(plugin->heuristic(inst, sc, queue) == 0, "h(goal) is not 0");
    depth[rank9(queue)] = 0;
    tail = 1;
    /* Moves are reversible, so the distance from the goal is the distance to it. */
    while (head < tail) {
        const unsigned char *s = queue + head * 9;
        unsigned d = depth[rank9(s)];
        uint32_t hs = plugin->heuristic(inst, sc, s);
        struct collect c;
        solver_sink sink;
        int k;
        ++head;
        ++reachable;
        if (hs > d) admissible = 0;
        if (d > max_depth) {
            max_depth = d;
            at_max = 0;
        }
        if (d == max_depth) ++at_max;
        c.count = 0;
        sink.ctx = &c;
        sink.emit = collect_emit;
        plugin->expand(inst, sc, s, &sink);
        for (k = 0; k < c.count; ++k) {
            unsigned r = rank9(c.children[k]);
            if (c.h[k] + 1 < hs || hs + 1 < c.h[k]) consistent = 0;
            if (c.hash[k] != plugin->hash(inst, c.children[k])) hashes = 0;
            if (depth[r] == 0xff) {
                depth[r] = (unsigned char)(d + 1);
                memcpy(queue + tail * 9, c.children[k], 9);
                ++tail;
            }
        }
    }
    CHECK(reachable == 181440, "%zu positions reachable from the goal, expected 181440", reachable);
    CHECK(max_depth == 31, "the farthest positions need %u moves, expected 31", max_depth);
    CHECK(at_max == 2, "%u positions need %u moves, expected 2", at_max, max_depth);
    CHECK(admissible, "the heuristic exceeds the true distance somewhere");
    CHECK(consistent, "the heuristic changes by more than 1 across a move somewhere");
    CHECK(hashes, "an emitted hash differs from hash() of the child's bytes");
    for (i = 0; i < 2; ++i) {
        unsigned char t[9];
        int k;
        for (k = 0; k < 9; ++k) t[k] = (unsigned char)(farthest[i][2 * k] - '0');
        CHECK(depth[rank9(t)] == 31, "%s needs %u moves, expected 31", farthest[i], depth[rank9(t)]);
    }
    plugin->scratch_free(sc);
    plugin->close(inst);
    free(depth);
    free(queue);
}

static void bad_input(void) {
    struct {
        const char *text, *goal;
        solver_status status;
        uint32_t line, column;
    } cases[] = {
        {"1 2 3", NULL, SOLVER_ERR_PARSE, 1, 6},
        {"# comment\n1 2 3 4 5 6 7 8 8", NULL, SOLVER_ERR_PARSE, 2, 17},
        {"1 2 3 4 5 6 7 8 9", NULL, SOLVER_ERR_PARSE, 1, 17},
        {"1 2 x 4 5 6 7 8 0", NULL, SOLVER_ERR_PARSE, 1, 5},
        {"", NULL, SOLVER_ERR_PARSE, 1, 1},
        {"2 1 3 4 5 6 7 8 0", NULL, SOLVER_ERR_UNSOLVABLE, 1, 1},
        {"1 2 3 4 5 6 7 8 0", "middle", SOLVER_ERR_OPTION, 0, 0},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char msg[256] = {0};
        solver_error err = {msg, sizeof msg, 0, 0};
        solver_status st;
        solver_instance *inst = open_text(cases[i].text, cases[i].goal, &st, &err);
        CHECK(st == cases[i].status && !inst, "'%s': status %d, expected %d", cases[i].text, (int)st, (int)cases[i].status);
        CHECK(err.line == cases[i].line && err.column == cases[i].column, "'%s': error at %u:%u, expected %u:%u (%s)",
              cases[i].text, err.line, err.column, cases[i].line, cases[i].column, msg);
        CHECK(msg[0] != '\0', "'%s': no message", cases[i].text);
        if (inst) plugin->close(inst);
    }
}

static void verifier(void) {
    struct {
        const char *answer;
        solver_status status;
    } cases[] = {{"R", SOLVER_OK}, {"", SOLVER_ERR_INVALID}, {"L", SOLVER_ERR_INVALID}, {"D", SOLVER_ERR_INVALID},
                 {"RLR", SOLVER_OK}, {"Rx", SOLVER_ERR_INVALID}};
    solver_status st;
    char msg[256] = {0};
    solver_error err = {msg, sizeof msg, 0, 0};
    solver_instance *inst = open_text("1 2 3 4 5 6 7 0 8", NULL, &st, &err);
    size_t i;
    if (!inst) {
        CHECK(0, "'1 2 3 4 5 6 7 0 8' does not open: %s", msg);
        return;
    }
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        uint64_t cost = 0;
        st = plugin->verify_solution(inst, cases[i].answer, strlen(cases[i].answer), &cost, &err);
        CHECK(st == cases[i].status, "verifying '%s': status %d, expected %d", cases[i].answer, (int)st, (int)cases[i].status);
        if (st == SOLVER_OK) CHECK(cost == strlen(cases[i].answer), "verifying '%s': cost %llu", cases[i].answer, (unsigned long long)cost);
    }
    plugin->close(inst);
}

int main(int argc, char **argv) {
    void *lib;
    solver_plugin_entry_fn entry;
    if (argc != 2) {
        fprintf(stderr, "usage: %s ./libfifteen.so\n", argv[0]);
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "test_fifteen: %s\n", dlerror());
        return 2;
    }
    /* The object-to-function pointer cast POSIX dlsym needs. */
    *(void **)&entry = dlsym(lib, SOLVER_PLUGIN_ENTRY_NAME);
    if (!entry || !(plugin = entry())) {
        fprintf(stderr, "test_fifteen: %s has no plugin table\n", argv[1]);
        return 2;
    }
    CHECK(SOLVER_ABI_MAJOR_OF(plugin->abi_version) == SOLVER_ABI_MAJOR, "ABI major %u", SOLVER_ABI_MAJOR_OF(plugin->abi_version));
    eight_puzzle_facts();
    bad_input();
    verifier();
    printf("test_fifteen: %d checks, %d failed\n", checks, failures);
    dlclose(lib);
    return failures ? 1 : 0;
}
