// Facelet strings: round trips and every validation error with its position.
#include <doctest/doctest.h>

#include <algorithm>

#include "../../plugins/cube/cube.h"

using namespace cube;

namespace {
const std::string SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
bool has(const std::string &s, const std::string &n) { return s.find(n) != std::string::npos; }
std::string refused(const std::string &text, int *offset = nullptr) {
    CubieCube c;
    ParseFailure f;
    if (parse_position(text, c, f)) return "";
    if (offset) *offset = f.offset;
    return f.message;
}
}  // namespace

TEST_CASE("CubeFacelets.RoundTrips") {
    CubieCube c;
    ParseFailure f;
    REQUIRE(from_facelets(SOLVED, c, f));
    CHECK(c.is_solved());
    CHECK(to_facelets(c) == SOLVED);
    uint64_t rng = 3;
    for (int i = 0; i < 200; ++i) {
        CubieCube r = random_cube(rng), back;
        std::string why;
        REQUIRE(check_cubie(r, why));
        std::string s = to_facelets(r);
        REQUIRE(from_facelets(s, back, f));
        CHECK(back == r);
    }
    // The superflip from the shared puzzle list.
    REQUIRE(from_facelets("UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB", c, f));
    for (int i = 0; i < 8; ++i) CHECK((c.cp[i] == i && c.co[i] == 0));
    for (int i = 0; i < 12; ++i) CHECK((c.ep[i] == i && c.eo[i] == 1));
}

TEST_CASE("CubeFacelets.ScrambleOrFacelets") {
    CubieCube a, b;
    ParseFailure f;
    REQUIRE(parse_position("R U R' U' F2 D", a, f));
    REQUIRE(parse_position(to_facelets(a), b, f));
    CHECK(a == b);
    REQUIRE(parse_position("R", a, f));
    CHECK(a == move_cube(3));
}

TEST_CASE("CubeFacelets.EveryValidationError") {
    int off = -2;
    std::string s = SOLVED;
    s[0] = 'R';
    CHECK(has(refused(s), "wrong facelet count: colour U appears 8 times"));
    CHECK(has(refused(SOLVED.substr(0, 53)), "54 letters, not 53"));
    CHECK(has(refused(SOLVED + "U"), "54 letters, not 55"));
    s = SOLVED;
    s[10] = 'X';
    CHECK(has(refused(s, &off), "unexpected 'X'"));  // not all URFDLB: read as moves
    // Centres swapped (counts still fine): U centre and R centre exchanged.
    s = SOLVED;
    std::swap(s[4], s[13]);
    CHECK(has(refused(s, &off), "centre out of place"));
    CHECK(off == 4);
    // An impossible corner: URF shows U, R, U... build by swapping two stickers of different cubies.
    s = SOLVED;
    std::swap(s[9], s[10]);  // R1 (corner URF) <-> R2 (edge UR): both R, no change; use U/F instead
    s = SOLVED;
    std::swap(s[8], s[18]);  // U9 (URF corner) <-> F1 (UFL corner): URF becomes F R F
    CHECK(has(refused(s, &off), "impossible corner at URF"));
    CHECK(off == 8);
    s = SOLVED;
    std::swap(s[5], s[19]);  // U6 (UR edge) <-> F2 (UF edge): UR shows F R, UF shows U U
    CHECK(has(refused(s, &off), "impossible edge"));
    // Twist: rotate the URF corner's stickers in place.
    s = SOLVED;
    {
        char a = s[8], b = s[9], c = s[20];
        s[8] = c, s[9] = a, s[20] = b;
    }
    CHECK(has(refused(s), "twisted corner"));
    // Flip: exchange the two stickers of UR.
    s = SOLVED;
    std::swap(s[5], s[10]);
    CHECK(has(refused(s), "flipped edge"));
    // Parity: swap two edges (UR and UF) as whole cubies.
    s = SOLVED;
    std::swap(s[5], s[7]);
    std::swap(s[10], s[19]);
    CHECK(has(refused(s), "permutation parity"));
    // A corner twice: put UFL's colours on URF too (counts break first), so build it cubie-wise.
    CubieCube c = CubieCube::solved();
    c.cp[0] = 1;
    std::string why;
    CHECK_FALSE(check_cubie(c, why));
    CHECK(has(why, "corner appears twice"));
}
