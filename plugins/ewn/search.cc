// search.cc -- instance facts, options, Zobrist hashing and expansion.
#include "search.h"

#include <cstdio>
#include <cstring>

namespace ewn {

const char *const OPTIONS_HELP =
    "heuristic=dice|dice-anytime|chebyshev|zero\n"
    "    the lower bound used by A*/HDA*/IDA*. dice (default): the goal piece's king distance to\n"
    "    the corner counted in the plies at which the dice let it move, allowing for captures\n"
    "    (which change the movers) no earlier than the pieces can meet; dice-anytime: the same\n"
    "    with captures allowed at any ply (weaker, cheaper); chebyshev: the king distance alone;\n"
    "    zero: none. All four are admissible and consistent: the optimum never changes.";

bool parse_options(const solver_option *options, size_t count, Options &out, std::string &error) {
    Options o;
    for (size_t i = 0; i < count; ++i) {
        const std::string key = options[i].key ? options[i].key : "";
        const std::string value = options[i].value ? options[i].value : "";
        if (key == "heuristic") {
            if (value == "dice") o.heuristic = HeuristicKind::dice;
            else if (value == "dice-anytime") o.heuristic = HeuristicKind::dice_anytime;
            else if (value == "chebyshev") o.heuristic = HeuristicKind::chebyshev;
            else if (value == "zero") o.heuristic = HeuristicKind::zero;
            else {
                error = "option heuristic: expected dice, dice-anytime, chebyshev or zero, found '" + value + "'";
                return false;
            }
        } else {
            error = "unknown option '" + key + "'; ewn accepts heuristic=dice|dice-anytime|chebyshev|zero";
            return false;
        }
    }
    out = o;
    return true;
}

void init_instance(Instance &inst, const Puzzle &pz, const Options &options) {
    inst.puzzle = pz;
    inst.options = options;
    inst.heuristic.build(pz, options.heuristic);
    // Zobrist keys from a fixed splitmix64 stream: the same instance always hashes the same.
    uint64_t x = 0x9E3779B97F4A7C15ull ^ static_cast<uint64_t>(pz.rows * 16 + pz.cols);
    auto next = [&x]() {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    for (auto &row : inst.zobrist)
        for (auto &k : row) k = next();
    for (auto &k : inst.zobrist_t) k = next();
    int pieces = 0;
    for (int k = 0; k < PIECES; ++k) pieces += pz.start[k] != NONE;
    char buf[160];
    if (pz.goal_piece > 0)
        std::snprintf(buf, sizeof buf, "%dx%d board, %d pieces, dice period %d, goal piece %d", pz.rows, pz.cols,
                      pieces, pz.period, pz.goal_piece);
    else
        std::snprintf(buf, sizeof buf, "%dx%d board, %d pieces, dice period %d, any piece to the corner", pz.rows,
                      pz.cols, pieces, pz.period);
    inst.description = buf;
    std::memset(&inst.info, 0, sizeof inst.info);
    inst.info.abi_version = SOLVER_ABI_VERSION;
    inst.info.struct_size = sizeof(solver_instance_info);
    inst.info.state_size = STATE_SIZE;
    inst.info.flags = SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE | SOLVER_H_CONSISTENT | SOLVER_HAS_HASH;
    inst.info.default_engine = "astar";
    inst.info.default_weight = 1.0;
    inst.info.cost_unit = "plies";
    inst.info.description = inst.description.c_str();
    inst.info.max_cost = MAX_PLIES;
}

uint64_t state_hash(const Instance &inst, const uint8_t *state) {
    uint64_t h = inst.zobrist_t[state[T_BYTE]];
    for (int k = 0; k < PIECES; ++k)
        if (state[k] != NONE) h ^= inst.zobrist[k][state[k]];
    return h;
}

void expand_state(const Instance &inst, HeuristicCache *cache, const uint8_t *state, const solver_sink &sink) {
    const Puzzle &pz = inst.puzzle;
    int mv[2];
    const int nm = movers(present_mask(state), pz.dice[state[T_BYTE]], mv);
    const uint64_t base = state_hash(inst, state);
    const int t2 = (state[T_BYTE] + 1) % pz.period;
    for (int i = 0; i < nm; ++i) {
        const int piece = mv[i], from = state[piece - 1];
        for (int dir = 0; dir < 8; ++dir) {
            const int to = step(pz, from, dir);
            if (to < 0) continue;
            uint8_t child[STATE_SIZE];
            std::memcpy(child, state, STATE_SIZE);
            // Incremental Zobrist: the mover leaves `from`, a captured piece leaves `to`.
            uint64_t h = base ^ inst.zobrist_t[state[T_BYTE]] ^ inst.zobrist_t[t2] ^ inst.zobrist[piece - 1][from] ^
                         inst.zobrist[piece - 1][to];
            for (int k = 0; k < PIECES; ++k)
                if (child[k] == to) h ^= inst.zobrist[k][to];
            apply(pz, child, piece, to);
            if (sink.emit(sink.ctx, child, move_id(piece, dir), 1, inst.heuristic.value(child, cache), h)) return;
        }
    }
}

} // namespace ewn
