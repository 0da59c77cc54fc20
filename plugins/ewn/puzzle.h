// puzzle.h -- single-player Einstein wuerfelt nicht (EWN): the instance, its text format and
// the move rules, shared by the search (expansion) and the solution verifier.
//
// Board n x m (1..9 each), pieces 1..6 (some may be missing), dice values fixed in advance with
// period p (1..18): ply i uses dice[i mod p]. The piece with the dice number moves if it is on
// the board; otherwise the player chooses between the largest present number below and the
// smallest present number above. One king step (8 directions), never off the board; stepping
// onto a piece captures it. Goal: the bottom-right cell holds piece s (any piece when s = 0).
//
// State (7 bytes, canonical): byte k (0..5) = cell (row * m + column) of piece k+1, or NONE
// when it is captured or was never on the board; byte 6 = ply index mod p.
#ifndef EWN_PUZZLE_H
#define EWN_PUZZLE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace ewn {

constexpr int MAX_SIDE = 9;
constexpr int PIECES = 6;
constexpr int MAX_PERIOD = 18;
constexpr uint64_t MAX_PLIES = 100;
constexpr uint8_t NONE = 0xFF;
constexpr uint32_t STATE_SIZE = PIECES + 1;
constexpr int T_BYTE = PIECES; // index of the ply-mod-p byte

// Directions 0 up-left, 1 up, 2 up-right, 3 left, 4 right, 5 down-left, 6 down, 7 down-right.
constexpr int DROW[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr int DCOL[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

struct Puzzle {
    int rows = 0, cols = 0;
    uint8_t start[PIECES] = {NONE, NONE, NONE, NONE, NONE, NONE}; // cell of piece k+1 or NONE
    int period = 0;
    uint8_t dice[MAX_PERIOD] = {0};
    int goal_piece = 0; // 1..6, or 0 = any piece
    int corner() const { return rows * cols - 1; }
};

struct Failure {
    uint32_t line = 0, column = 0; // 1-based; 0 = not applicable
    std::string message;
};

// Parse the whole text ("n m", n*m cells, "p", p dice, "s"); false with f set on any error.
// Does not judge solvability (see open in plugin.cc).
bool parse_puzzle(const char *text, size_t length, Puzzle &out, Failure &f);

// Bit k-1 set when piece k is on the board.
inline unsigned present_mask(const uint8_t pos[PIECES]) {
    unsigned mask = 0;
    for (int k = 0; k < PIECES; ++k)
        if (pos[k] != NONE) mask |= 1u << k;
    return mask;
}

// The pieces (1..6) that may move when the dice shows `dice` and the pieces in `mask` are on
// the board: the dice piece itself if present, else its nearest present neighbours below and
// above. Writes up to two pieces in ascending order; returns how many.
inline int movers(unsigned mask, int dice, int out[2]) {
    if (mask & (1u << (dice - 1))) {
        out[0] = dice;
        return 1;
    }
    int n = 0;
    for (int k = dice - 1; k >= 1; --k)
        if (mask & (1u << (k - 1))) {
            out[n++] = k;
            break;
        }
    for (int k = dice + 1; k <= PIECES; ++k)
        if (mask & (1u << (k - 1))) {
            out[n++] = k;
            break;
        }
    return n;
}

// The cell one step from `cell` in direction `dir`, or -1 when that leaves the board.
inline int step(const Puzzle &pz, int cell, int dir) {
    const int r = cell / pz.cols + DROW[dir], c = cell % pz.cols + DCOL[dir];
    if (r < 0 || r >= pz.rows || c < 0 || c >= pz.cols) return -1;
    return r * pz.cols + c;
}

// Move `piece` (which must be on the board) to `to`, capturing whatever stands there, and
// advance the ply index. `state` is STATE_SIZE bytes.
inline void apply(const Puzzle &pz, uint8_t *state, int piece, int to) {
    for (int k = 0; k < PIECES; ++k)
        if (state[k] == to) state[k] = NONE;
    state[piece - 1] = static_cast<uint8_t>(to);
    state[T_BYTE] = static_cast<uint8_t>((state[T_BYTE] + 1) % pz.period);
}

inline bool is_goal(const Puzzle &pz, const uint8_t *state) {
    const int corner = pz.corner();
    if (pz.goal_piece > 0) return state[pz.goal_piece - 1] == corner;
    for (int k = 0; k < PIECES; ++k)
        if (state[k] == corner) return true;
    return false;
}

inline void initial_state(const Puzzle &pz, uint8_t *state) {
    for (int k = 0; k < PIECES; ++k) state[k] = pz.start[k];
    state[T_BYTE] = 0;
}

} // namespace ewn

#endif
