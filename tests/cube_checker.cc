#include "cube_checker.h"

#include <array>
#include <cstring>
#include <sstream>

namespace cube_checker {
namespace {

struct V {
    int x, y, z;
};
bool eq(V a, V b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
int dot(V a, V b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V cross(V a, V b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
// Rotation by -90 degrees about unit axis n (Rodrigues): v' = n (n.v) - n x v.
V rot(V v, V n) {
    V c = cross(n, v);
    int d = dot(n, v);
    return {n.x * d - c.x, n.y * d - c.y, n.z * d - c.z};
}

// x towards R, y towards U, z towards F. Each sticker: the cubie it sits on and its normal.
struct Sticker {
    V pos, normal;
};
const V NORMALS[6] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};

std::array<Sticker, 54> layout() {
    std::array<Sticker, 54> s{};
    for (int f = 0; f < 6; ++f)
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) {
                V p{};
                switch (f) {
                    case 0: p = {c - 1, 1, r - 1}; break;   // U: row 0 at the back
                    case 1: p = {1, 1 - r, 1 - c}; break;   // R: column 0 at the front
                    case 2: p = {c - 1, 1 - r, 1}; break;   // F
                    case 3: p = {c - 1, -1, 1 - r}; break;  // D: row 0 at the front
                    case 4: p = {-1, 1 - r, c - 1}; break;  // L: column 0 at the back
                    case 5: p = {1 - c, 1 - r, -1}; break;  // B: column 0 at the right
                }
                s[f * 9 + r * 3 + c] = {p, NORMALS[f]};
            }
    return s;
}

int find(const std::array<Sticker, 54> &s, V pos, V normal) {
    for (int i = 0; i < 54; ++i)
        if (eq(s[i].pos, pos) && eq(s[i].normal, normal)) return i;
    return -1;
}

}  // namespace

std::string turn(const std::string &f, int face) {
    static const std::array<Sticker, 54> S = layout();
    std::string out = f;
    const V n = NORMALS[face];
    for (int i = 0; i < 54; ++i) {
        if (dot(S[i].pos, n) != 1) continue;
        out[find(S, rot(S[i].pos, n), rot(S[i].normal, n))] = f[i];
    }
    return out;
}

bool apply(std::string &f, const std::string &moves, int *count) {
    std::istringstream in(moves);
    std::string tok;
    int n = 0;
    while (in >> tok) {
        const char *p = std::strchr("URFDLB", tok[0]);
        if (!p || tok.size() > 2) return false;
        int q = 1;
        if (tok.size() == 2) {
            if (tok[1] == '2') q = 2;
            else if (tok[1] == '\'') q = 3;
            else return false;
        }
        for (int k = 0; k < q; ++k) f = turn(f, int(p - "URFDLB"));
        ++n;
    }
    if (count) *count = n;
    return true;
}

bool solves(const std::string &facelets, const std::string &moves, int *count) {
    std::string f = facelets;
    return apply(f, moves, count) && f == SOLVED;
}

}  // namespace cube_checker
