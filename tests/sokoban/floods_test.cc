// floods_test.cc -- the floods made cheaper in session 30 (issue 7) against the plain
// computation on real levels: fess_features' regions, area labels and packed count against a
// breadth-first labelling written here, and the local test's sub-position player (a flood that
// stops at the board's smallest free cell) against a full flood.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/localdead.h"
#include "../../plugins/sokoban/search.h"
#include "../sokoban_checker.h"
#include "test_util.h"

namespace {

std::string level_of(const char *path, int level) {
    return solver_test::xsb_level(sokoban_test::read_text(path), level);
}

// Random positions of `boxes` boxes on boxable cells, the player on a free cell.
struct Position {
    std::vector<uint8_t> occ;
    std::vector<int> cells;
    int player = -1;
};

Position random_position(const sokoban::Board &b, std::mt19937 &rng, int boxes) {
    Position p;
    p.occ.assign(b.n, 0);
    std::vector<int> free_cells;
    for (int c = 0; c < b.n; ++c)
        if (b.boxable[c]) free_cells.push_back(c);
    for (int k = 0; k < boxes && !free_cells.empty(); ++k) {
        const size_t i = rng() % free_cells.size();
        p.occ[free_cells[i]] = 1;
        p.cells.push_back(free_cells[i]);
        free_cells[i] = free_cells.back();
        free_cells.pop_back();
    }
    do p.player = static_cast<int>(rng() % static_cast<uint32_t>(b.n));
    while (p.occ[p.player]);
    return p;
}

} // namespace

TEST_CASE("Sokoban.Floods.FessFeaturesMatchAPlainLabelling") {
    std::mt19937 rng(30);
    for (const int level : {1, 32, 44}) {
        CAPTURE(level);
        sokoban_test::Fixture fx(level_of("puzzles/sokoban/xsokoban_90.xsb", level));
        const sokoban::Board &b = fx.inst.board;
        sokoban::FessScratch fs; // not initialised: fess_features sizes it itself
        for (int round = 0; round < 60; ++round) {
            const int boxes = 1 + static_cast<int>(rng() % b.start_boxes.size());
            const Position p = random_position(b, rng, boxes);
            std::vector<uint8_t> state(fx.inst.state_size, 0);
            state[0] = static_cast<uint8_t>(p.player & 0xff);
            state[1] = static_cast<uint8_t>(p.player >> 8);
            for (const int c : p.cells) sokoban::set_bit(state.data() + 2, c);
            const sokoban::FessFeatures f = sokoban::fess_features(fx.inst, fs, state.data(), nullptr, nullptr, nullptr, 0, true);
            // The plain labelling: areas numbered from 1 in the order of their smallest cells.
            std::vector<uint32_t> area(b.n, 0);
            uint32_t regions = 0;
            for (int c0 = 0; c0 < b.n; ++c0) {
                if (p.occ[c0] || area[c0]) continue;
                area[c0] = ++regions;
                std::vector<int> queue{c0};
                for (size_t q = 0; q < queue.size(); ++q)
                    for (int d = 0; d < 4; ++d) {
                        const int x = b.nb[queue[q]][d];
                        if (x < 0 || p.occ[x] || area[x]) continue;
                        area[x] = regions;
                        queue.push_back(x);
                    }
            }
            uint32_t packed = 0;
            for (const int c : p.cells) packed += b.goal[c];
            CHECK(f.packed == packed);
            CHECK(f.regions == regions);
            std::vector<int> boxes_seen(fs.boxes.begin(), fs.boxes.end()), sorted = p.cells;
            std::sort(sorted.begin(), sorted.end());
            CHECK(boxes_seen == sorted);
            std::vector<uint32_t> got(fs.area.begin(), fs.area.end());
            for (int c = 0; c < b.n; ++c)
                if (p.occ[c]) got[c] = 0; // a cell under a box keeps a stale number (fess.h)
            CHECK(got == area);
        }
    }
}

TEST_CASE("Sokoban.Floods.SubPlayerStopsAtTheSameCell") {
    std::mt19937 rng(7);
    for (const int level : {1, 32, 44}) {
        CAPTURE(level);
        sokoban_test::Fixture fx(level_of("puzzles/sokoban/xsokoban_90.xsb", level));
        const sokoban::Board &b = fx.inst.board;
        sokoban::LocalDeadScratch s;
        s.init(b);
        int stopped_early = 0, split = 0, wrong = 0;
        for (int round = 0; round < 40; ++round) {
            // Half the rounds a clump as the local test makes them: each box beside an earlier one.
            Position p = random_position(b, rng, 2 + static_cast<int>(rng() % 4));
            if (round & 1) {
                for (const int c : p.cells) p.occ[c] = 0;
                p.cells.resize(1);
                p.occ[p.cells[0]] = 1;
                for (int tries = 0; tries < 40 && p.cells.size() < 5; ++tries) {
                    int ring[8];
                    sokoban::ring_cells(b, p.cells[rng() % p.cells.size()], ring);
                    const int y = ring[rng() % 8];
                    if (y < 0 || p.occ[y] || !b.boxable[y]) continue;
                    p.occ[y] = 1;
                    p.cells.push_back(y);
                }
            }
            int c0 = 0;
            while (p.occ[c0]) ++c0;
            for (int from = 0; from < b.n; ++from) {
                if (p.occ[from]) continue;
                const int count = static_cast<int>(p.cells.size());
                const int plain = sokoban::local_sub_player(b, s, p.cells.data(), count, from, true);
                if (sokoban::local_sub_player(b, s, p.cells.data(), count, from, false) != plain) ++wrong;
                stopped_early += plain == c0;
                split += plain != c0;
            }
            for (int c = 0; c < b.n; ++c) wrong += s.occ[c] != 0; // left as found
        }
        CHECK(wrong == 0);
        CHECK(stopped_early > 0); // both answers met: the area of the smallest free cell
        CHECK(split > 0);         // and a smaller one, split off by the boxes
    }
}
