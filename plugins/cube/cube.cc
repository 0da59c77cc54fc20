#include "cube.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace cube {

const int corner_facelet[8][3] = {{8, 9, 20},   {6, 18, 38},  {0, 36, 47},  {2, 45, 11},
                                  {29, 26, 15}, {27, 44, 24}, {33, 53, 42}, {35, 17, 51}};
const int edge_facelet[12][2] = {{5, 10},  {7, 19},  {3, 37},  {1, 46},  {32, 16}, {28, 25},
                                 {30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14}};
namespace {
const char FACES[] = "URFDLB";
// The colours (face indices) of each cubie in its home position, in facelet order above.
const int corner_color[8][3] = {{0, 1, 2}, {0, 2, 4}, {0, 4, 5}, {0, 5, 1},
                                {3, 2, 1}, {3, 4, 2}, {3, 5, 4}, {3, 1, 5}};
const int edge_color[12][2] = {{0, 1}, {0, 2}, {0, 4}, {0, 5}, {3, 1}, {3, 2},
                               {3, 4}, {3, 5}, {2, 1}, {2, 4}, {5, 4}, {5, 1}};
const char *const CORNER_NAMES[8] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
const char *const EDGE_NAMES[12] = {"UR", "UF", "UL", "UB", "DR", "DF",
                                    "DL", "DB", "FR", "FL", "BL", "BR"};

// The six quarter turns (Kociemba's tables).
const CubieCube BASIC[6] = {
    {{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB}, {0, 0, 0, 0, 0, 0, 0, 0},
     {UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR}, {2, 0, 0, 1, 1, 0, 0, 2},
     {FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB}, {1, 2, 0, 0, 2, 1, 0, 0},
     {UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR}, {0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0}},
    {{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR}, {0, 0, 0, 0, 0, 0, 0, 0},
     {UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB}, {0, 1, 2, 0, 0, 2, 1, 0},
     {UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL}, {0, 0, 1, 2, 0, 0, 2, 1},
     {UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB}, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1}},
};

struct MoveCubes {
    CubieCube m[NMOVES];
    MoveCubes() {
        for (int f = 0; f < 6; ++f) {
            CubieCube c = BASIC[f];
            for (int p = 0; p < 3; ++p) {
                m[f * 3 + p] = c;
                c = c * BASIC[f];
            }
        }
    }
};
const MoveCubes &move_cubes() {
    static const MoveCubes mc;
    return mc;
}

int face_index(char ch) {
    const char *p = std::strchr(FACES, ch);
    return ch && p ? int(p - FACES) : -1;
}

int binom(int n, int k) {
    if (k < 0 || k > n) return 0;
    int r = 1;
    for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
    return r;
}

// Lehmer code of a permutation of n distinct small values 0..n-1 (relative order only).
int perm_rank(const uint8_t *a, int n) {
    int r = 0;
    for (int i = 0; i < n; ++i) {
        int smaller = 0;
        for (int j = i + 1; j < n; ++j) smaller += a[j] < a[i];
        r = r * (n - i) + smaller;
    }
    return r;
}
void perm_unrank(int r, uint8_t *a, int n) {
    int digits[12];
    for (int i = n - 1; i >= 0; --i) {
        digits[i] = r % (n - i);
        r /= (n - i);
    }
    bool used[12] = {false};
    for (int i = 0; i < n; ++i) {
        int k = digits[i];
        for (int v = 0; v < n; ++v) {
            if (used[v]) continue;
            if (k-- == 0) {
                a[i] = uint8_t(v);
                used[v] = true;
                break;
            }
        }
    }
}
}  // namespace

CubieCube CubieCube::solved() {
    CubieCube c;
    for (int i = 0; i < 8; ++i) c.cp[i] = uint8_t(i), c.co[i] = 0;
    for (int i = 0; i < 12; ++i) c.ep[i] = uint8_t(i), c.eo[i] = 0;
    return c;
}

bool CubieCube::operator==(const CubieCube &o) const {
    return std::memcmp(cp, o.cp, 8) == 0 && std::memcmp(co, o.co, 8) == 0 &&
           std::memcmp(ep, o.ep, 12) == 0 && std::memcmp(eo, o.eo, 12) == 0;
}

CubieCube CubieCube::operator*(const CubieCube &b) const {
    CubieCube r;
    for (int i = 0; i < 8; ++i) {
        r.cp[i] = cp[b.cp[i]];
        r.co[i] = uint8_t((co[b.cp[i]] + b.co[i]) % 3);
    }
    for (int i = 0; i < 12; ++i) {
        r.ep[i] = ep[b.ep[i]];
        r.eo[i] = uint8_t((eo[b.ep[i]] + b.eo[i]) & 1);
    }
    return r;
}

CubieCube CubieCube::inverse() const {
    CubieCube r;
    for (int i = 0; i < 8; ++i) r.cp[cp[i]] = uint8_t(i);
    for (int i = 0; i < 8; ++i) r.co[i] = uint8_t((3 - co[r.cp[i]]) % 3);
    for (int i = 0; i < 12; ++i) r.ep[ep[i]] = uint8_t(i);
    for (int i = 0; i < 12; ++i) r.eo[i] = eo[r.ep[i]];
    return r;
}

const CubieCube &move_cube(int m) { return move_cubes().m[m]; }
CubieCube apply_move(const CubieCube &c, int m) { return c * move_cubes().m[m]; }
std::vector<uint16_t> coord_move_table(int n, void (*set)(CubieCube &, int), int (*get)(const CubieCube &),
                                       const bool *only_moves) {
    std::vector<uint16_t> t(size_t(n) * NMOVES, 0);
    for (int i = 0; i < n; ++i) {
        CubieCube c = CubieCube::solved();
        set(c, i);
        for (int m = 0; m < NMOVES; ++m)
            if (!only_moves || only_moves[m]) t[size_t(i) * NMOVES + m] = uint16_t(get(apply_move(c, m)));
    }
    return t;
}

CubieCube apply_moves(CubieCube c, const std::vector<int> &moves) {
    for (int m : moves) c = apply_move(c, m);
    return c;
}

std::string move_name(int m) {
    std::string s(1, FACES[move_face(m)]);
    if (move_power(m) == 2) s += '2';
    if (move_power(m) == 3) s += '\'';
    return s;
}

std::string format_moves(const std::vector<int> &m) {
    std::string s;
    for (size_t i = 0; i < m.size(); ++i) {
        if (i) s += ' ';
        s += move_name(m[i]);
    }
    return s;
}

std::string to_facelets(const CubieCube &c) {
    std::string f(54, '?');
    for (int i = 0; i < 6; ++i) f[9 * i + 4] = FACES[i];
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 3; ++k)
            f[corner_facelet[i][(k + c.co[i]) % 3]] = FACES[corner_color[c.cp[i]][k]];
    for (int i = 0; i < 12; ++i)
        for (int k = 0; k < 2; ++k) f[edge_facelet[i][(k + c.eo[i]) % 2]] = FACES[edge_color[c.ep[i]][k]];
    return f;
}

bool parse_moves(const std::string &text, std::vector<int> &moves, ParseFailure &f) {
    moves.clear();
    size_t i = 0;
    while (i < text.size()) {
        char ch = text[i];
        if (std::isspace(static_cast<unsigned char>(ch))) {
            ++i;
            continue;
        }
        int face = face_index(ch);
        if (face < 0) {
            f.offset = int(i);
            f.message = std::string("unexpected '") + ch + "'; expected a move (U D L R F B, then ', 2 or nothing)";
            return false;
        }
        ++i;
        int power = 1;
        if (i < text.size()) {
            char s = text[i];
            if (s == '\'' || s == '3') power = 3, ++i;
            else if (s == '2') power = 2, ++i;
            else if (s == '1') ++i;
        }
        if (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && face_index(text[i]) < 0) {
            f.offset = int(i);
            f.message = std::string("unexpected '") + text[i] + "' after move " + FACES[face] +
                        "; expected ', 2, a space or the next move";
            return false;
        }
        moves.push_back(face * 3 + power - 1);
    }
    return true;
}

int corner_parity(const CubieCube &c) {
    int s = 0;
    for (int i = 0; i < 8; ++i)
        for (int j = i + 1; j < 8; ++j) s += c.cp[j] < c.cp[i];
    return s & 1;
}
int edge_parity(const CubieCube &c) {
    int s = 0;
    for (int i = 0; i < 12; ++i)
        for (int j = i + 1; j < 12; ++j) s += c.ep[j] < c.ep[i];
    return s & 1;
}

bool check_cubie(const CubieCube &c, std::string &why) {
    int seen = 0, sum = 0;
    for (int i = 0; i < 8; ++i) seen |= 1 << c.cp[i], sum += c.co[i];
    if (seen != 0xff) return why = "some corner appears twice", false;
    if (sum % 3) return why = "twisted corner: the corner twists do not add up to a multiple of 3", false;
    seen = sum = 0;
    for (int i = 0; i < 12; ++i) seen |= 1 << c.ep[i], sum += c.eo[i];
    if (seen != 0xfff) return why = "some edge appears twice", false;
    if (sum % 2) return why = "flipped edge: the edge flips do not add up to an even number", false;
    if (corner_parity(c) != edge_parity(c))
        return why = "permutation parity: two cubies are swapped (corner and edge parities differ)", false;
    return true;
}

bool from_facelets(const std::string &text, CubieCube &c, ParseFailure &f) {
    if (text.size() != 54) {
        f.offset = 0;
        f.message = "a facelet string has 54 letters, not " + std::to_string(text.size());
        return false;
    }
    int col[54], count[6] = {0};
    for (int i = 0; i < 54; ++i) {
        col[i] = face_index(text[i]);
        if (col[i] < 0) {
            f.offset = i;
            f.message = std::string("unexpected '") + text[i] + "' in a facelet string; expected one of U R F D L B";
            return false;
        }
        ++count[col[i]];
    }
    for (int k = 0; k < 6; ++k)
        if (count[k] != 9) {
            f.offset = 0;
            f.message = std::string("wrong facelet count: colour ") + FACES[k] + " appears " +
                        std::to_string(count[k]) + " times; each colour must appear 9 times";
            return false;
        }
    for (int k = 0; k < 6; ++k)
        if (col[9 * k + 4] != k) {
            f.offset = 9 * k + 4;
            f.message = std::string("centre out of place: the centre of face ") + FACES[k] + " is " +
                        FACES[col[9 * k + 4]] + " (centres are fixed: U R F D L B in that order)";
            return false;
        }
    int used_c[8] = {0}, used_e[12] = {0};
    for (int i = 0; i < 8; ++i) {
        int ori = 0;
        while (ori < 3 && col[corner_facelet[i][ori]] != 0 && col[corner_facelet[i][ori]] != 3) ++ori;
        int found = -1;
        if (ori < 3) {
            int c1 = col[corner_facelet[i][(ori + 1) % 3]], c2 = col[corner_facelet[i][(ori + 2) % 3]];
            for (int j = 0; j < 8; ++j)
                if (corner_color[j][1] == c1 && corner_color[j][2] == c2) found = j;
        }
        if (found < 0) {
            f.offset = corner_facelet[i][0];
            f.message = std::string("impossible corner at ") + CORNER_NAMES[i] + ": colours " +
                        FACES[col[corner_facelet[i][0]]] + FACES[col[corner_facelet[i][1]]] +
                        FACES[col[corner_facelet[i][2]]] + " are no corner of the cube";
            return false;
        }
        if (used_c[found]++) {
            f.offset = corner_facelet[i][0];
            f.message = std::string("corner ") + CORNER_NAMES[found] + " appears twice";
            return false;
        }
        c.cp[i] = uint8_t(found);
        c.co[i] = uint8_t(ori);
    }
    for (int i = 0; i < 12; ++i) {
        int a = col[edge_facelet[i][0]], b = col[edge_facelet[i][1]], found = -1, ori = 0;
        for (int j = 0; j < 12; ++j) {
            if (edge_color[j][0] == a && edge_color[j][1] == b) found = j, ori = 0;
            if (edge_color[j][0] == b && edge_color[j][1] == a) found = j, ori = 1;
        }
        if (found < 0) {
            f.offset = edge_facelet[i][0];
            f.message = std::string("impossible edge at ") + EDGE_NAMES[i] + ": colours " + FACES[a] +
                        FACES[b] + " are no edge of the cube";
            return false;
        }
        if (used_e[found]++) {
            f.offset = edge_facelet[i][0];
            f.message = std::string("edge ") + EDGE_NAMES[found] + " appears twice";
            return false;
        }
        c.ep[i] = uint8_t(found);
        c.eo[i] = uint8_t(ori);
    }
    std::string why;
    if (!check_cubie(c, why)) {
        f.offset = 0;
        f.message = "unsolvable cube: " + why;
        return false;
    }
    return true;
}

bool parse_position(const std::string &text, CubieCube &c, ParseFailure &f) {
    bool facelet_like = text.size() >= 20;
    for (char ch : text)
        if (face_index(ch) < 0) facelet_like = false;
    if (facelet_like) return from_facelets(text, c, f);
    std::vector<int> moves;
    if (!parse_moves(text, moves, f)) return false;
    c = apply_moves(CubieCube::solved(), moves);
    return true;
}

// ---- coordinates ----------------------------------------------------------------------------

int get_twist(const CubieCube &c) {
    int r = 0;
    for (int i = 0; i < 7; ++i) r = r * 3 + c.co[i];
    return r;
}
void set_twist(CubieCube &c, int v) {
    int s = 0;
    for (int i = 6; i >= 0; --i) {
        c.co[i] = uint8_t(v % 3);
        s += c.co[i];
        v /= 3;
    }
    c.co[7] = uint8_t((3 - s % 3) % 3);
}
int get_flip(const CubieCube &c) {
    int r = 0;
    for (int i = 0; i < 11; ++i) r = r * 2 + c.eo[i];
    return r;
}
void set_flip(CubieCube &c, int v) {
    int s = 0;
    for (int i = 10; i >= 0; --i) {
        c.eo[i] = uint8_t(v & 1);
        s += c.eo[i];
        v >>= 1;
    }
    c.eo[11] = uint8_t(s & 1);
}
int get_slice(const CubieCube &c) {
    // Combinatorial rank of the positions holding FR..BR; the solved value 494 is mapped to 0.
    int r = 0, k = 0;
    for (int i = 0; i < 12; ++i)
        if (c.ep[i] >= FR) r += binom(i, ++k);
    return 494 - r;
}
void set_slice(CubieCube &c, int v) {
    int r = 494 - v;
    bool in[12] = {false};
    for (int k = 4, i = 11; k > 0; --i)
        if (binom(i, k) <= r) r -= binom(i, k), in[i] = true, --k;
    int s = FR, o = UR;
    for (int i = 0; i < 12; ++i) c.ep[i] = uint8_t(in[i] ? s++ : o++);
}
int get_corner_perm(const CubieCube &c) { return perm_rank(c.cp, 8); }
void set_corner_perm(CubieCube &c, int v) { perm_unrank(v, c.cp, 8); }
int get_ud_edges(const CubieCube &c) { return perm_rank(c.ep, 8); }
void set_ud_edges(CubieCube &c, int v) {
    perm_unrank(v, c.ep, 8);
    for (int i = 8; i < 12; ++i) c.ep[i] = uint8_t(i);
}
int get_slice_perm(const CubieCube &c) { return perm_rank(c.ep + 8, 4); }
void set_slice_perm(CubieCube &c, int v) {
    perm_unrank(v, c.ep + 8, 4);
    for (int i = 8; i < 12; ++i) c.ep[i] = uint8_t(c.ep[i] + 8);
}

CubieCube random_cube(uint64_t &s) {
    auto next = [&s]() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    CubieCube c = CubieCube::solved();
    for (int i = 7; i > 0; --i) std::swap(c.cp[i], c.cp[next() % (i + 1)]);
    for (int i = 11; i > 0; --i) std::swap(c.ep[i], c.ep[next() % (i + 1)]);
    if (corner_parity(c) != edge_parity(c)) std::swap(c.ep[0], c.ep[1]);
    set_twist(c, int(next() % 2187));
    set_flip(c, int(next() % 2048));
    return c;
}

}  // namespace cube
