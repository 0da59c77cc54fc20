// search.h -- the opened instance as the engines see it: facts, Zobrist keys, expansion.
//
// Move id = piece * 8 + direction (piece 1..6, direction 0..7). Unit cost. Children whose goal
// piece was captured are emitted with SOLVER_H_DEAD (the engines drop them and count them).
// Thread safety: everything here reads the instance only; the one mutable buffer, the
// heuristic's memo, is the calling thread's scratch.
#ifndef EWN_SEARCH_H
#define EWN_SEARCH_H

#include <solver/plugin.h>

#include <string>
#include <vector>

#include "heuristic.h"
#include "puzzle.h"

namespace ewn {

struct Options {
    HeuristicKind heuristic = HeuristicKind::dice;
};

extern const char *const OPTIONS_HELP;
// Parse --option key=value pairs; false with `error` set on an unknown key or bad value.
bool parse_options(const solver_option *options, size_t count, Options &out, std::string &error);

struct Instance {
    Puzzle puzzle;
    Options options;
    Heuristic heuristic;
    uint64_t zobrist[PIECES][MAX_SIDE * MAX_SIDE];
    uint64_t zobrist_t[MAX_PERIOD];
    std::string description;
    solver_instance_info info;
};

// Fill everything from a parsed puzzle (builds the heuristic table).
void init_instance(Instance &inst, const Puzzle &pz, const Options &options);

inline uint32_t move_id(int piece, int dir) { return static_cast<uint32_t>(piece * 8 + dir); }
inline int move_piece(uint32_t move) { return static_cast<int>(move / 8); }
inline int move_dir(uint32_t move) { return static_cast<int>(move % 8); }

uint64_t state_hash(const Instance &inst, const uint8_t *state);
void expand_state(const Instance &inst, HeuristicCache *cache, const uint8_t *state, const solver_sink &sink);

} // namespace ewn

#endif
