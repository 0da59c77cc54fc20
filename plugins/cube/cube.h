// cube: the 3x3x3 cube at the cubie level (Kociemba's conventions), its 18 face turns, the
// facelet string and Singmaster notation. Pure values, no globals beyond constant tables;
// everything here is thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cube {

// Corners URF UFL ULB UBR DFR DLF DBL DRB; edges UR UF UL UB DR DF DL DB FR FL BL BR.
enum Corner { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };
enum Edge { UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR };

// "Replaced-by" form: cp[i] is the corner sitting at position i, co[i] its twist (0..2);
// likewise ep/eo for the edges (flip 0..1).
struct CubieCube {
    uint8_t cp[8], co[8], ep[12], eo[12];
    static CubieCube solved();
    bool operator==(const CubieCube &o) const;
    bool operator!=(const CubieCube &o) const { return !(*this == o); }
    bool is_solved() const { return *this == solved(); }
    CubieCube operator*(const CubieCube &b) const;  // apply *this, then b
    CubieCube inverse() const;
};

// Moves: id = face * 3 + (quarter turns - 1), faces U R F D L B (0..5); 18 moves.
constexpr int NMOVES = 18;
inline int move_face(int m) { return m / 3; }
inline int move_power(int m) { return m % 3 + 1; }
inline int inverse_move(int m) { return m - m % 3 + (2 - m % 3); }
const CubieCube &move_cube(int m);  // the cube after move m from solved
CubieCube apply_move(const CubieCube &c, int m);
CubieCube apply_moves(CubieCube c, const std::vector<int> &moves);
std::string move_name(int m);                       // "U", "U2", "U'"
std::string format_moves(const std::vector<int> &m);  // space-separated; "" for none

// Facelets in Kociemba's order U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9.
std::string to_facelets(const CubieCube &c);
extern const int corner_facelet[8][3];
extern const int edge_facelet[12][2];

// A problem with the input, at a 0-based character offset (or -1 when it has none).
struct ParseFailure {
    int offset = -1;
    std::string message;
};

// Parse Singmaster moves (U D L R F B with optional ', 2, 1, 3 and whitespace between).
// On failure fills f (offset of the bad character) and returns false.
bool parse_moves(const std::string &text, std::vector<int> &moves, ParseFailure &f);

// A 54-letter facelet string to a cube, with every validity check (counts, centres, cubies,
// twist, flip, parity). Returns false and a reason when the cube cannot be built or solved.
bool from_facelets(const std::string &text, CubieCube &c, ParseFailure &f);

// One position: a facelet string (54 letters of URFDLB, nothing else) or a scramble.
bool parse_position(const std::string &text, CubieCube &c, ParseFailure &f);

// Checks on a cubie cube (used by from_facelets and by tests).
int corner_parity(const CubieCube &c);
int edge_parity(const CubieCube &c);
bool check_cubie(const CubieCube &c, std::string &why);

// Coordinates used by the two-phase solver.
int get_twist(const CubieCube &c);  // 0..2186
void set_twist(CubieCube &c, int v);
int get_flip(const CubieCube &c);  // 0..2047
void set_flip(CubieCube &c, int v);
int get_slice(const CubieCube &c);  // position set of the FR..BR edges, 0..494 (0 = home)
void set_slice(CubieCube &c, int v);
int get_corner_perm(const CubieCube &c);  // 0..40319
void set_corner_perm(CubieCube &c, int v);
int get_ud_edges(const CubieCube &c);  // phase 2: permutation of the 8 U/D edges, 0..40319
void set_ud_edges(CubieCube &c, int v);
int get_slice_perm(const CubieCube &c);  // phase 2: permutation of the 4 slice edges, 0..23
void set_slice_perm(CubieCube &c, int v);

// A coordinate's move table: [value * 18 + move] = the coordinate after the move, for values
// 0..n-1 (set on the solved cube). With only_moves, the other moves' entries stay 0.
std::vector<uint16_t> coord_move_table(int n, void (*set)(CubieCube &, int), int (*get)(const CubieCube &),
                                       const bool *only_moves = nullptr);

// Random cube, uniform over the 43,252,003,274,489,856,000 reachable states.
CubieCube random_cube(uint64_t &rng_state);

}  // namespace cube
