// matchsticks.h -- the matchstick squares puzzle: exact counts, shared by the plugin's modules
// and its tests.
//
// Board: M x N unit squares drawn with (M+1)*N horizontal and M*(N+1) vertical sticks.
// Squares mode: remove exactly R sticks so that exactly S squares (any size) remain and no grid
// point has exactly one stick touching it; count the arrangements (no symmetry reduction in the
// answer: reflections and rotations count as different).
// No-dangling mode: only the degree condition; the number of ways for each R.
#pragma once

#include <solver/plugin.h>

#include <cstdint>
#include <string>
#include <vector>

namespace matchsticks {

typedef unsigned __int128 u128;
// Saturated 128-bit counts: OVERFLOW marks a value that reached or passed 2^128 - 1 (the exact
// value 2^128 - 1 is reported as overflow too: conservative, never a wrong number).
constexpr u128 OVERFLOW = ~(u128)0;
inline u128 sat_add(u128 a, u128 b) {
    u128 s = a + b;
    return (s < a || s == OVERFLOW) ? OVERFLOW : s;
}
std::string to_decimal(u128 v);  // "overflow" for OVERFLOW

// Documented input ranges.
constexpr int MAX_SIDE_SQUARES = 8;      // squares mode: 1 <= M, N <= 8
constexpr int MAX_SIDE_NODANGLING = 12;  // no-dangling mode: 1 <= M, N <= 12

enum class Mode { squares, nodangling };

struct Query {
    Mode mode = Mode::squares;
    int m = 0, n = 0;
    int given = 2;         // how many numbers the input held: 2 (M N), 3 (M N S), 4 (M N S R)
    int s = -1, r = -1;    // from the input when given
    int s_lo = 0, s_hi = 14;  // table range (squares mode, given == 2)
    int r_lo = 0, r_hi = -1;  // no-dangling range
    int total_sticks() const { return (m + 1) * n + m * (n + 1); }
    int total_squares() const;
};

struct Failure {
    solver_status status = SOLVER_OK;
    uint32_t line = 0, column = 0;
    std::string message;
};

// Parses "M N [S [R]]" and the options (mode=squares|nodangling, s=A..B, r=A..B).
// Returns false with `f` filled (SOLVER_ERR_PARSE with line/column, or SOLVER_ERR_OPTION).
bool parse_query(const char *text, size_t length, const solver_option *options, size_t count,
                 Query &q, Failure &f);

// One answer line of squares mode: min_r < 0 means "no arrangement reaches S".
struct SquaresLine {
    int s = 0;
    int r = -1;
    u128 count = 0;
};

// Exact count of arrangements with exactly S squares and exactly R removed sticks.
// Returns SOLVER_ERR_STOPPED when services->should_stop() fired.
solver_status count_squares(int m, int n, int s, int r, const solver_services *sv, u128 &out);
// The same for every S = 0 .. min(s_hi, squares on the board) at once (out[S]), in one pass.
solver_status count_squares_upto(int m, int n, int s_hi, int r, const solver_services *sv, std::vector<u128> &out);
// For each S in [s_lo, s_hi]: the smallest R with arrangements and their number.
solver_status squares_table(int m, int n, int s_lo, int s_hi, const solver_services *sv,
                            std::vector<SquaresLine> &out);
// No-dangling counts for R = 0 .. r_hi (index = R); OVERFLOW where 2^128 is passed.
solver_status nodangling_counts(int m, int n, int r_hi, const solver_services *sv,
                                std::vector<u128> &out);

// Test hooks, 0 in normal use (set them only while no count runs): DP_PLAIN keeps every key
// of the layered DP instead of one per left-right mirror pair; DP_WIDE runs every pass with
// 128-bit counts instead of 64-bit ones first; DP_FULL (boards with an even number of rows)
// runs the DP over every line instead of down to the middle line and joining the top half
// with itself turned upside down (see join_halves in squares.cc). None may change any count.
enum : int { DP_PLAIN = 1, DP_WIDE = 2, DP_FULL = 4 };
extern int dp_test_flags;

// Runs the query and writes its lines (each ending in '\n') into `text`.
solver_status run_query(const Query &q, const solver_services *sv, std::string &text, uint64_t &cost,
                        Failure &f);

}  // namespace matchsticks
