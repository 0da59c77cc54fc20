// counts_test.cc -- the matchsticks counts against the reference files in puzzles/matchsticks/
// and against an independent brute force over every subset of sticks (both modes, square and
// non-square boards).
#include <doctest/doctest.h>

#include "test_util.h"

using namespace matchsticks;
using namespace matchsticks_test;

namespace {

// Compares squares_table(M, N, 0..all) with a reference file that lists the reachable S only.
void check_table_file(int m, int n) {
    const std::string path = "puzzles/matchsticks/squares-" + std::to_string(m) + "x" + std::to_string(n) + ".txt";
    auto rows = data_lines(path);
    REQUIRE(!rows.empty());
    Query q;
    q.m = m, q.n = n;
    SeqServices s;
    std::vector<SquaresLine> lines;
    REQUIRE(squares_table(m, n, 0, q.total_squares(), s.get(), lines) == SOLVER_OK);
    REQUIRE(int(lines.size()) == q.total_squares() + 1);
    size_t next = 0;
    for (const auto &l : lines) {
        CAPTURE(l.s);
        if (l.r < 0) {
            CHECK(l.count == 0);
            continue;
        }
        REQUIRE(next < rows.size());
        const auto &row = rows[next++];
        REQUIRE(row.size() == 5);
        CHECK(row[0] == std::to_string(m));
        CHECK(row[1] == std::to_string(n));
        CHECK(row[2] == std::to_string(l.s));
        CHECK(row[3] == std::to_string(l.r));
        CHECK(row[4] == to_decimal(l.count));
    }
    CHECK(next == rows.size());  // every reference line was matched, in order
}

}  // namespace

TEST_CASE("Matchsticks.Table2x2MatchesReference") { check_table_file(2, 2); }
TEST_CASE("Matchsticks.Table3x3MatchesReference") { check_table_file(3, 3); }
TEST_CASE("Matchsticks.Table4x4MatchesReference") { check_table_file(4, 4); }

TEST_CASE("Matchsticks.NoDanglingMatchesReference") {
    auto rows = data_lines("puzzles/matchsticks/no-dangling.txt");
    REQUIRE(rows.size() >= 6);
    for (const auto &row : rows) {
        REQUIRE(row.size() == 4);
        CAPTURE(row[0] + " " + row[1] + " " + row[2]);
        const int m = std::stoi(row[0]), n = std::stoi(row[1]), r = std::stoi(row[2]);
        SeqServices s;
        std::vector<u128> c;
        REQUIRE(nodangling_counts(m, n, r, s.get(), c) == SOLVER_OK);
        REQUIRE(int(c.size()) == r + 1);
        CHECK(to_decimal(c[r]) == row[3]);
    }
}

TEST_CASE("Matchsticks.BruteForceEveryBoardUpTo3x3") {
    const int boards[][2] = {{1, 1}, {1, 2}, {2, 1}, {1, 3}, {1, 4}, {4, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}};
    for (const auto &b : boards) {
        const int m = b[0], n = b[1];
        CAPTURE(m);
        CAPTURE(n);
        Brute bf(m, n);
        SeqServices s;
        // no-dangling, all R
        std::vector<u128> nd;
        REQUIRE(nodangling_counts(m, n, bf.sticks, s.get(), nd) == SOLVER_OK);
        for (int r = 0; r <= bf.sticks; ++r) {
            CAPTURE(r);
            CHECK(to_decimal(nd[r]) == std::to_string(bf.nodangling[r]));
        }
        // every (S, R) exactly
        for (int r = 0; r <= bf.sticks; ++r)
            for (int sq = 0; sq <= bf.squares; ++sq) {
                u128 c = 0;
                REQUIRE(count_squares(m, n, sq, r, s.get(), c) == SOLVER_OK);
                if (c != bf.by_rs[r][sq]) {
                    CAPTURE(r);
                    CAPTURE(sq);
                    CHECK(to_decimal(c) == std::to_string(bf.by_rs[r][sq]));
                }
            }
        // the table: smallest R per S, or none
        std::vector<SquaresLine> lines;
        REQUIRE(squares_table(m, n, 0, bf.squares, s.get(), lines) == SOLVER_OK);
        REQUIRE(int(lines.size()) == bf.squares + 1);
        for (int sq = 0; sq <= bf.squares; ++sq) {
            CAPTURE(sq);
            int best = -1;
            for (int r = 0; r <= bf.sticks && best < 0; ++r)
                if (bf.by_rs[r][sq]) best = r;
            CHECK(lines[sq].s == sq);
            CHECK(lines[sq].r == best);
            CHECK(to_decimal(lines[sq].count) == std::to_string(best < 0 ? 0 : bf.by_rs[best][sq]));
        }
    }
}

TEST_CASE("Matchsticks.TableRangeAndSingleS") {
    SeqServices s;
    std::vector<SquaresLine> lines;
    REQUIRE(squares_table(3, 3, 10, 12, s.get(), lines) == SOLVER_OK);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].s == 10);
    CHECK(lines[0].r == 1);
    CHECK(lines[0].count == 8);
    CHECK(lines[2].s == 12);
    CHECK(lines[2].r == -1);
    REQUIRE(squares_table(3, 3, 12, 12, s.get(), lines) == SOLVER_OK);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].r == -1);
    CHECK(lines[0].count == 0);
}

TEST_CASE("Matchsticks.TransposedBoardsCountTheSame") {
    SeqServices s;
    std::vector<SquaresLine> a, b;
    REQUIRE(squares_table(2, 4, 0, 11, s.get(), a) == SOLVER_OK);
    REQUIRE(squares_table(4, 2, 0, 11, s.get(), b) == SOLVER_OK);
    REQUIRE(a.size() == b.size());
    for (size_t k = 0; k < a.size(); ++k) {
        CHECK(a[k].r == b[k].r);
        CHECK(a[k].count == b[k].count);
    }
}

TEST_CASE("Matchsticks.StopIsHonoured") {
    SeqServices s;
    s.stop_after = 0;
    std::vector<SquaresLine> lines;
    CHECK(squares_table(5, 5, 0, 14, s.get(), lines) == SOLVER_ERR_STOPPED);
    SeqServices s2;
    s2.stop_after = 0;
    std::vector<u128> c;
    CHECK(nodangling_counts(10, 10, 16, s2.get(), c) == SOLVER_ERR_STOPPED);
}

// The layered DP keeps one key per left-right mirror pair and counts in 64 bits first; on the
// boards with an even number of rows (4x4, 2x6 and 4x6 here; 3x5 always runs the DP over every
// line) it stops at the middle line and joins the top half with itself turned upside down,
// splitting the merged mirror pairs again. The same counts must come out for every S <= 14 at
// each R checked: joined (the default), over every line with every key kept
// (DP_FULL | DP_PLAIN), over every line with 128-bit counts from the start (DP_FULL | DP_WIDE),
// and joined with every key kept and 128-bit counts (DP_PLAIN | DP_WIDE).
TEST_CASE("Matchsticks.MirrorReductionAndCountWidthChangeNoCount") {
    struct Restore {
        ~Restore() { dp_test_flags = 0; }
    } restore;
    // M, N, the R checked (where most arrangements with S <= 14 are), kept small for the TSan run
    const int boards[][4] = {{4, 4, 3, 8}, {3, 5, 3, 8}, {2, 6, 2, 8}, {4, 6, 6, 9}};
    for (const auto &b : boards) {
        const int m = b[0], n = b[1];
        SeqServices s;
        u128 nonzero = 0;
        for (int r = b[2]; r <= b[3]; ++r) {
            std::vector<u128> c[4];
            const int flags[4] = {0, DP_FULL | DP_PLAIN, DP_FULL | DP_WIDE, DP_PLAIN | DP_WIDE};
            for (int k = 0; k < 4; ++k) {
                dp_test_flags = flags[k];
                REQUIRE(count_squares_upto(m, n, 14, r, s.get(), c[k]) == SOLVER_OK);
            }
            dp_test_flags = 0;
            for (int k = 1; k < 4; ++k) REQUIRE(c[k].size() == c[0].size());
            for (size_t sq = 0; sq < c[0].size(); ++sq) {
                if (c[0][sq] != c[1][sq] || c[0][sq] != c[2][sq] || c[0][sq] != c[3][sq]) {
                    CAPTURE(m);
                    CAPTURE(n);
                    CAPTURE(r);
                    CAPTURE(sq);
                    CHECK(to_decimal(c[0][sq]) == to_decimal(c[1][sq]));
                    CHECK(to_decimal(c[0][sq]) == to_decimal(c[2][sq]));
                    CHECK(to_decimal(c[0][sq]) == to_decimal(c[3][sq]));
                }
                nonzero += c[0][sq] != 0;
            }
        }
        CHECK(nonzero > 10);  // the comparison covered real arrangements, not only zeros
    }
}
