// speed34_test.cc -- session 34's same-search speed-ups on large levels: the packing orders'
// pull search answers the player's reach around the box from one cut-cell tree per search
// (packing.cc PullSearch), and the Hungarian's augmentation updates its potentials lazily
// (heuristic.cc). Both must give exactly what the plain forms gave: the same cells reached in
// the same order, the same potentials and assignment.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "../../plugins/sokoban/heuristic.h"
#include "../../plugins/sokoban/packing.h"
#include "test_util.h"

using namespace sokoban;

namespace {

// The plain pull search, written here: a flood of the player's area for every (box cell, side)
// taken off the stack, otherwise the search packing.h's pull_out describes.
bool plain_pull(const Board &b, std::vector<uint8_t> &occ, int g, const uint8_t *out, std::vector<int> *hits) {
    std::vector<uint8_t> seen(static_cast<size_t>(b.n) * 4, 0);
    std::vector<int> todo;
    if (hits) hits->clear();
    occ[g] = 0;
    for (int d = 0; d < 4; ++d) {
        const int p = b.nb[g][d];
        if (p >= 0 && !occ[p]) {
            seen[static_cast<size_t>(g) * 4 + d] = 1;
            todo.push_back(g * 4 + d);
        }
    }
    bool found = false;
    while (!todo.empty() && (hits || !found)) {
        const int box = todo.back() / 4, side = todo.back() % 4;
        todo.pop_back();
        std::vector<uint8_t> reach(b.n, 0);
        std::vector<int> stack{b.nb[box][side]};
        reach[stack[0]] = 1;
        occ[box] = 1;
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || occ[x] || reach[x]) continue;
                reach[x] = 1;
                stack.push_back(x);
            }
        }
        occ[box] = 0;
        for (int e = 0; e < 4 && (hits || !found); ++e) {
            const int q = b.nb[box][e];
            if (q < 0 || !reach[q]) continue;
            seen[static_cast<size_t>(box) * 4 + e] = 1;
            const int beyond = b.nb[q][e];
            if (beyond < 0 || occ[beyond] || !b.boxable[q]) continue;
            const bool at = out ? out[q] != 0 : !b.goal[q];
            if (at && hits && q != g && std::find(hits->begin(), hits->end(), q) == hits->end()) hits->push_back(q);
            if (at) found = true;
            if ((!at || hits) && !seen[static_cast<size_t>(q) * 4 + e]) {
                seen[static_cast<size_t>(q) * 4 + e] = 1;
                todo.push_back(q * 4 + e);
            }
        }
    }
    occ[g] = 1;
    return found;
}

int cell_at(const Board &b, const Level &level, int row, int col) {
    return b.index_of[static_cast<size_t>(row) * level.width + col];
}

} // namespace

TEST_CASE("Sokoban.Speed34.PullOutOfACorridor") {
    // The box on the goal at the corridor's left end: the player beside it on the right pulls it
    // right twice (to columns 2 and 3); a third pull would need the player inside the wall.
    const std::string text = "######\n#*  @#\n######\n";
    const Level level = sokoban_test::parse_ok(text);
    const Board b = build_board(level);
    const int g = cell_at(b, level, 1, 1), c2 = cell_at(b, level, 1, 2), c3 = cell_at(b, level, 1, 3);
    REQUIRE(g >= 0);
    std::vector<uint8_t> occ(b.n, 0);
    occ[g] = 1;
    std::vector<uint8_t> any(b.n, 1);
    std::vector<int> hits;
    CHECK(pull_out(b, occ, g, any.data(), &hits));
    CHECK(hits == std::vector<int>{c2, c3});
    CHECK(occ[g] == 1);
    CHECK(pull_out(b, occ, g)); // column 2 is off the goals
    // A box standing on column 3: the player cannot get beside the goal's box at all.
    occ[c3] = 1;
    CHECK_FALSE(pull_out(b, occ, g, any.data(), &hits));
    CHECK(hits.empty());
    CHECK_FALSE(pull_out(b, occ, g));
}

TEST_CASE("Sokoban.Speed34.PullOutAsThePlainFloodSearch") {
    // Random boxes (10-40 % of the floor) on XSokoban 1, 32, 44 and Microban 144, every box
    // on a goal asked both ways (null out, and out = every cell with hits): the same answer and
    // the same cells in the same order as a flood per (box cell, side). Most searches take more
    // than one (box cell, side), so the cut tree answers most of the reach.
    const std::string xsok = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::pair<const std::string *, uint32_t> levels[] = {{&xsok, 1}, {&xsok, 32}, {&xsok, 44}, {&micro, 144}};
    int searches = 0, long_ones = 0, found = 0;
    for (const auto &lv : levels) {
        const Board b = build_board(sokoban_test::parse_ok(*lv.first, lv.second));
        std::mt19937 rng(lv.second * 7919u);
        std::vector<uint8_t> any(b.n, 1);
        for (int round = 0; round < 40; ++round) {
            std::vector<uint8_t> occ(b.n, 0);
            const int percent = 10 + static_cast<int>(rng() % 31);
            for (int c = 0; c < b.n; ++c) occ[c] = static_cast<int>(rng() % 100) < percent;
            for (int g : b.goals) occ[g] = occ[g] || rng() % 2 == 0;
            for (int g : b.goals) {
                if (!occ[g]) continue;
                const std::vector<uint8_t> before = occ;
                std::vector<int> hits, plain_hits;
                const bool a = pull_out(b, occ, g, any.data(), &hits);
                const bool p = plain_pull(b, occ, g, any.data(), &plain_hits);
                CHECK(a == p);
                CHECK(hits == plain_hits);
                CHECK(pull_out(b, occ, g) == plain_pull(b, occ, g, nullptr, nullptr));
                CHECK(occ == before);
                ++searches;
                long_ones += hits.size() >= 3;
                found += a;
            }
        }
    }
    CHECK(searches > 400);
    CHECK(long_ones > 100);
    CHECK(found < searches); // some boxes are stuck
}

TEST_CASE("Sokoban.Speed34.HungarianAsThePerRoundForm") {
    // evaluate_assigned's potentials and assignment on random positions against the textbook
    // per-round Hungarian (every round adds its delta to the settled columns' potentials and
    // takes it off the others' distances), written here and started the same way (row minima,
    // column reduction, the first tight free column per row, then an augmentation per row left):
    // the same integers, so the same u, v and assignment.
    const std::string xsok = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::pair<const std::string *, uint32_t> levels[] = {{&micro, 144}, {&xsok, 1}, {&xsok, 12}, {&xsok, 32}};
    int compared = 0;
    for (const auto &lv : levels) {
        sokoban_test::MatchingLevel ml(*lv.first, lv.second);
        const Instance &inst = ml.inst;
        const Heuristic &h = inst.heuristic;
        const int k = h.k;
        HeuristicScratch &hs = ml.hs;
        std::vector<int> &live = ml.live;
        std::mt19937 rng(lv.second + 34);
        const int64_t big = static_cast<int64_t>(k) * (h.n + 1) + 1;
        for (int round = 0; round < 100; ++round) {
            std::shuffle(live.begin(), live.end(), rng);
            const std::vector<int> boxes(live.begin(), live.begin() + k);
            const int player = live[k];
            std::vector<int> goal_of(k, -1);
            const uint32_t m = evaluate_assigned(h, boxes.data(), k, player, hs, goal_of.data());
            if (m == H_DEAD) continue;
            // The matrix as fill_row gives it: box_cost, unreachable = big.
            std::vector<int64_t> cost(static_cast<size_t>(k) * k);
            for (int i = 0; i < k; ++i)
                for (int g = 0; g < k; ++g) {
                    const uint16_t d = h.box_cost(g, boxes[i], player);
                    cost[static_cast<size_t>(i) * k + g] = d == UINT16_MAX ? big : d;
                }
            const auto c = [&](int i, int j) { return cost[static_cast<size_t>(i - 1) * k + (j - 1)]; };
            std::vector<int64_t> u(k + 1, 0), v(k + 1, 0), minv(k + 1);
            std::vector<int> p(k + 1, 0), way(k + 1, 0);
            std::vector<uint8_t> used(k + 1);
            for (int i = 1; i <= k; ++i) {
                u[i] = c(i, 1);
                for (int j = 2; j <= k; ++j) u[i] = std::min(u[i], c(i, j));
            }
            for (int j = 1; j <= k; ++j) {
                v[j] = std::numeric_limits<int64_t>::max();
                for (int i = 1; i <= k; ++i) v[j] = std::min(v[j], c(i, j) - u[i]);
            }
            for (int i = 1; i <= k; ++i)
                for (int j = 1; j <= k; ++j)
                    if (p[j] == 0 && c(i, j) - u[i] - v[j] == 0) {
                        p[j] = i;
                        break;
                    }
            std::vector<uint8_t> matched(k + 1, 0);
            for (int j = 1; j <= k; ++j)
                if (p[j]) matched[p[j]] = 1;
            for (int i = 1; i <= k; ++i) {
                if (matched[i]) continue;
                const int64_t INF = std::numeric_limits<int64_t>::max() / 4;
                p[0] = i;
                int j0 = 0;
                std::fill(minv.begin(), minv.end(), INF);
                std::fill(used.begin(), used.end(), 0);
                do {
                    used[j0] = 1;
                    const int i0 = p[j0];
                    int64_t delta = INF;
                    int j1 = 0;
                    for (int j = 1; j <= k; ++j) {
                        if (used[j]) continue;
                        const int64_t cur = c(i0, j) - u[i0] - v[j];
                        if (cur < minv[j]) {
                            minv[j] = cur;
                            way[j] = j0;
                        }
                        if (minv[j] < delta) {
                            delta = minv[j];
                            j1 = j;
                        }
                    }
                    for (int j = 0; j <= k; ++j) {
                        if (used[j]) {
                            u[p[j]] += delta;
                            v[j] -= delta;
                        } else {
                            minv[j] -= delta;
                        }
                    }
                    j0 = j1;
                } while (p[j0] != 0);
                do {
                    const int j1 = way[j0];
                    p[j0] = p[j1];
                    j0 = j1;
                } while (j0 != 0);
            }
            bool same = true;
            for (int j = 1; j <= k; ++j) same = same && p[j] == hs.p[j] && v[j] == hs.v[j] && u[j] == hs.u[j];
            CHECK(same);
            int64_t total = 0;
            for (int j = 1; j <= k; ++j) {
                total += c(p[j], j);
                CHECK(goal_of[p[j] - 1] == j - 1);
            }
            CHECK(total == m);
            ++compared;
        }
    }
    CHECK(compared > 100);
}
