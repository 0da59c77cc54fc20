// symred (symred.h): the start's symmetry group, the prefix rule (every canonical sequence has
// an image under the group whose prefix is kept), and the optimal search with it on and off.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/optimal.h"
#include "../../plugins/cube/pdb.h"
#include "../../plugins/cube/symred.h"
#include "test_services.h"

using namespace cube;

namespace {

CubieCube position(const std::string &text) {
    CubieCube c;
    ParseFailure f;
    REQUIRE_MESSAGE(parse_position(text, c, f), f.message);
    return c;
}

const char *SUPERFLIP = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

bool canonical(const std::vector<int> &q) {
    for (size_t i = 1; i < q.size(); ++i) {
        const int pf = q[i - 1] / 3, f = q[i] / 3;
        if (f == pf || f + 3 == pf) return false;
    }
    return true;
}

// Every canonical sequence of n moves.
void canonical_sequences(int n, std::vector<int> &cur, std::vector<std::vector<int>> &out) {
    if (int(cur.size()) == n) return out.push_back(cur);
    for (int m = 0; m < NMOVES; ++m) {
        cur.push_back(m);
        if (canonical(cur)) canonical_sequences(n, cur, out);
        cur.pop_back();
    }
}

}  // namespace

TEST_CASE("CubeSymred.TheFortyEightSymmetriesMapFaceTurnsOntoFaceTurns") {
    const auto &maps = all_symmetry_move_maps();
    REQUIRE(maps.size() == 48);
    std::set<std::array<int8_t, NMOVES>> distinct(maps.begin(), maps.end());
    CHECK(distinct.size() == 48);
    for (int m = 0; m < NMOVES; ++m) CHECK(maps[0][size_t(m)] == m);
    for (const auto &a : maps) {
        std::set<int> image(a.begin(), a.end());
        CHECK(image.size() == size_t(NMOVES));
        CHECK(*image.begin() == 0);
        // a half turn stays a half turn; opposite faces stay opposite
        for (int m = 0; m < NMOVES; ++m) CHECK((m % 3 == 1) == (a[size_t(m)] % 3 == 1));
        for (int f = 0; f < 3; ++f) CHECK(a[size_t(f * 3)] / 3 % 3 == a[size_t((f + 3) * 3)] / 3 % 3);
    }
}

TEST_CASE("CubeSymred.StabilizerSizes") {
    CHECK(start_symmetry(CubieCube::solved()).order() == 48);
    CHECK(start_symmetry(position(SUPERFLIP)).order() == 48);
    // pons asinorum (checkerboard): all 48 too
    CHECK(start_symmetry(position("U2 D2 R2 L2 F2 B2")).order() == 48);
    // one face turned: the 4 rotations about its axis and 4 reflections through it (those turn U into U'; U2 stays)
    CHECK(start_symmetry(position("U")).order() == 4);
    CHECK(start_symmetry(position("U2")).order() == 8);
    // the second distance-20 position of optimal.txt
    MESSAGE("level 2: " << start_symmetry(position("RBFLURBFLBUUFRBBDDRUURFLRDDBFLLDRRBFFUUBLFFDDLUULBRLDD")).order());
    CHECK(start_symmetry(position("R U R' U' F2 D L")).order() == 1);
    // every T in the group fixes the position: it maps a solution onto a solution
    const CubieCube c = position("U2 D2 R2 L2 F2 B2");
    const StartSymmetry g = start_symmetry(c);
    const std::vector<int> sol = {1, 10, 4, 13, 7, 16};  // U2 D2 R2 L2 F2 B2 undoes itself
    REQUIRE(apply_moves(c, sol).is_solved());
    for (const auto &a : g.maps) {
        std::vector<int> t;
        for (int m : sol) t.push_back(a[size_t(m)]);
        CHECK(apply_moves(c, t).is_solved());
    }
}

TEST_CASE("CubeSymred.EveryCanonicalSequenceHasAnImageWithAKeptPrefix") {
    // The rule's claim (symred.h) checked exhaustively for 4-move sequences and 3-move prefixes
    // (and 3 and 2; 5 and 4 with all 48 symmetries): for each q, some T in G (identity included) gives canon(T(q)) canonical and
    // with its prefix kept. With a group of 48 most prefixes are dropped.
    for (const char *pos : {"", "U2 D2 R2 L2 F2 B2", "U", "U2", "U D'", "U2 R2"}) {
        const StartSymmetry g = start_symmetry(position(pos));
        CAPTURE(pos);
        for (int n = 3; n <= (g.order() == 48 ? 5 : 4); ++n) {
            const int plen = n - 1;
            std::vector<std::vector<int>> all;
            std::vector<int> cur;
            canonical_sequences(n, cur, all);
            size_t kept = 0;
            bool noncanonical = false, part_dropped = false;
            std::vector<std::string> missed;
            std::vector<std::array<int8_t, NMOVES>> maps = g.maps;
            maps.push_back(all_symmetry_move_maps()[0]);
            for (const auto &q : all) {
                if (symred_keep(g, q.data(), plen)) {
                    ++kept;
                    // what prefixes() drops early: never a part of a kept prefix
                    for (int j = 2; j < plen; ++j)
                        if (!symred_keep(g, q.data(), j)) part_dropped = true;
                }
                bool ok = false;
                for (const auto &a : maps) {
                    std::vector<int> t;
                    for (int m : q) t.push_back(a[size_t(m)]);
                    for (size_t i = 0; i + 1 < t.size(); ++i)
                        if (t[i] / 3 == t[i + 1] / 3 + 3) std::swap(t[i], t[i + 1]), ++i;
                    if (!canonical(t)) noncanonical = true;
                    if (symred_keep(g, t.data(), plen)) ok = true;
                }
                if (!ok) missed.push_back(format_moves(q));
            }
            CHECK(!noncanonical);
            CHECK(!part_dropped);
            CHECK(missed.empty());
            if (!missed.empty()) MESSAGE("no kept image: " << missed.front());
            // with the superflip's group: the n-move sequences whose prefix is kept (more if the
            // images were not put in canonical order, which only weakens the rule)
            if (g.order() == 48 && std::string(pos).empty()) CHECK(kept == (n == 3 ? 372u : n == 4 ? 1578u : 13398u));
            if (g.order() == 1) CHECK(kept == all.size());
            else CHECK(kept < all.size());
        }
    }
}

TEST_CASE("CubeSymred.SmallTablesSameLengthFewerNodes") {
    cube_test::TestServices ts{cube_test::cache_dir()};
    std::vector<std::shared_ptr<const Pdb>> small;
    solver_error err{};
    REQUIRE(get_tables("small", &ts.sv, small, &err) == SOLVER_OK);
    uint64_t sym_on = 0, sym_off = 0;
    for (const char *pos : {"U2 D2 R2 L2 F2 B2", "U D' R L' F B' U D'", "U2 R2 U2 R2 U2 R2", "R L U2 R' L' F2 B2 U2 D2",
                            "R U R' U' F2 D", "F2 B2 U D' R2 L2 U D'", "U D R2 L2 U D F2 B2", "R2 L2 U2 D2 F B' U2 D2 F B'",
                            "U R2 U' D L2 D' F2 B2 R L", "R L' U D' F B' R L'", "U2 F2 U2 F2 R2 U2 R2 F2 U2", "R U D' F B' R' L U D'"}) {
        CAPTURE(pos);
        const CubieCube c = position(pos);
        const OptimalResult on = solve_optimal(c, small, &ts.sv, true);
        const OptimalResult off = solve_optimal(c, small, &ts.sv, false);
        REQUIRE(on.status == SOLVER_OK);
        REQUIRE(off.status == SOLVER_OK);
        CHECK(on.moves.size() == off.moves.size());
        CHECK(apply_moves(c, on.moves).is_solved());
        MESSAGE(std::string(pos) << ": " << on.moves.size() << " moves, |G| " << start_symmetry(c).order() << ", nodes on " << on.nodes
                    << " off " << off.nodes);
        // The tasks run in generation order here, symred's a subset of the others: never more
        // nodes (with these positions), and the same nodes without symmetry.
        if (start_symmetry(c).order() > 1) {
            CHECK(on.nodes <= off.nodes);
            sym_on += on.nodes, sym_off += off.nodes;
        } else {
            CHECK(on.nodes == off.nodes);
        }
    }
    CHECK(sym_on < sym_off);
}

TEST_CASE("CubeSymred.FstSearchSameLengthFewerNodes") {
    // The search the plugin runs by default (solve_optimal_fst), only when a flip-slice-twist
    // table is already cached (it is never built by the tests): symmetric positions keep their
    // optimal length (checked against the small tables' search) with fewer nodes in all.
    const std::string dir = cube_test::user_cache_dir();
    const unsigned bits = std::filesystem::exists(dir + "/" + fst_file(4)) ? 4 : 2;
    if (!std::filesystem::exists(dir + "/" + fst_file(bits))) {
        MESSAGE("skipped: no cached flip-slice-twist table in " << dir);
        return;
    }
    FstTable fst;
    std::string why;
    REQUIRE_MESSAGE(load_fst(dir + "/" + fst_file(bits), fst, why, bits, false, false), why);
    cube_test::TestServices ts{cube_test::cache_dir()};
    std::vector<std::shared_ptr<const Pdb>> small;
    solver_error err{};
    REQUIRE(get_tables("small", &ts.sv, small, &err) == SOLVER_OK);
    uint64_t sym_on = 0, sym_off = 0;
    for (const char *pos : {"U2 D2 R2 L2 F2 B2", "L R F B U' D' L' R'", "R L U2 R' L' F2 B2 U2 D2", "F2 B2 U D' R2 L2 U D'",
                            "U D R2 L2 U D F2 B2", "R2 L2 U2 D2 F B' U2 D2 F B'", "R U R' U' F2 D"}) {
        CAPTURE(pos);
        const CubieCube c = position(pos);
        const OptimalResult ref = solve_optimal(c, small, &ts.sv, false);
        REQUIRE(ref.status == SOLVER_OK);
        for (int batch : {0, 16}) {
            FstSearchOptions opt;
            opt.batch = batch;
            opt.order_tasks = TaskOrder::off;
            opt.symred = true;
            const OptimalResult on = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
            opt.symred = false;
            const OptimalResult off = solve_optimal_fst(c, nullptr, fst, &ts.sv, opt);
            REQUIRE(on.status == SOLVER_OK);
            REQUIRE(off.status == SOLVER_OK);
            CHECK(on.moves.size() == ref.moves.size());
            CHECK(off.moves.size() == ref.moves.size());
            CHECK(apply_moves(c, on.moves).is_solved());
            if (start_symmetry(c).order() > 1) sym_on += on.nodes, sym_off += off.nodes;
            else CHECK(on.nodes == off.nodes);
        }
    }
    MESSAGE("fst search, symmetric positions: nodes with symred " << sym_on << ", without " << sym_off);
    CHECK(sym_on < sym_off);
}
