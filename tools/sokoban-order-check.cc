// sokoban-order-check: is FESS's packing order followable? For each level of a file, the
// packing order by each rule (packing.h: packorder=floor, the pull out to any cell off the
// goals; packorder=start, the pull out to a box's start cell) and packing.h's check
// unfollowable_layer(): the first layer whose goals cannot all be filled, the earlier layers
// full, by boxes pushed in from the start cells (-1: every layer can be). With a level number
// it also draws the board with each goal's layer (0-9, then a-z) by each rule. Session 13:
// packorder=match (one box per start cell) and the check by both rules (one box per start
// cell, the default, and the session-12 relaxation where a start cell may serve many goals).
// Session 14: packorder=park (match with parking, packing.h PACK_OUT_PARK), its check (parks
// included) and, with a level number, its parks (goal, park cell, layer the box is parked in).
//   make -j2 all   (the plugin's objects), then
//   g++ -std=c++17 -O2 -Iinclude tools/sokoban-order-check.cc build/obj/plugins/sokoban/*.o -o build/bench/sokoban-order-check
// Session 17: packorder=parkN (packing.h, N parks in a row and a deeper search where park2's
// order falls back), N = 3 or as given (LEVEL 0: every level).
//   build/bench/sokoban-order-check FILE [LEVEL [N]]
// Session 21 (seal.h): with a level number, for park3's order (FESS's, packorder0|1 default),
// per layer L the seal deficit of the start position (the goals left unmatched at L, the goals
// of layers after L reached with the player's side kept, the layers up to L as walls), and the
// same for a nearest-box fill: each layer's goals filled in turn by the box nearest in pull
// distance (as FESS's packing macro tends to), the seal count of the state after each layer.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../plugins/sokoban/board.h"
#include "../plugins/sokoban/deadsquares.h"
#include "../plugins/sokoban/packing.h"
#include "../plugins/sokoban/parse.h"
#include "../plugins/sokoban/seal.h"

namespace {

void draw(const sokoban::Board &b, const sokoban::PackingOrder &p) {
    const sokoban::Level &lv = b.level;
    for (int r = 0; r < lv.height; ++r) {
        std::string line;
        for (int c = 0; c < lv.width; ++c) {
            const int gi = r * lv.width + c;
            const int i = b.index_of[gi];
            char ch = ' ';
            if (lv.grid[gi] & sokoban::CELL_WALL) ch = '#';
            else if (i >= 0 && p.layer[i] >= 0) ch = p.layer[i] < 10 ? static_cast<char>('0' + p.layer[i]) : static_cast<char>('a' + p.layer[i] - 10);
            else if (i >= 0 && i == b.start_player) ch = '@';
            else if (i >= 0 && std::find(b.start_boxes.begin(), b.start_boxes.end(), i) != b.start_boxes.end()) ch = '$';
            line += ch;
        }
        std::printf("  %s\n", line.c_str());
    }
}

// The report line of a parked order (packorder=park|park2): its layers, fall-backs, parks and
// the check's first unfollowable layer u, with `note` when it differs from the order before it.
void report_parked(const char *name, const sokoban::PackingOrder &p, int u, const char *note) {
    std::printf("  %s: %d layers (%d by the floor rule, %d shared), %zu parks, unfollowable layer %d%s\n", name, p.layers,
                p.floor_rounds, p.shared_rounds, p.parks.size(), u, note);
}

// A parked order's parks: goal (row, column) and its layer, the park cell and its place layer.
void list_parks(const char *name, const sokoban::Board &b, const sokoban::PackingOrder &p) {
    const int w = b.level.width;
    for (const sokoban::PackingOrder::Park &q : p.parks) {
        int gg = -1, gc = -1;
        for (int i = 0; i < w * b.level.height; ++i) {
            if (b.index_of[i] == q.goal) gg = i;
            if (b.index_of[i] == q.cell) gc = i;
        }
        std::printf("  %s: goal (%d,%d) layer %d, parked on (%d,%d) in layer %d\n", name, gg / w, gg % w, p.layer[q.goal], gc / w,
                    gc % w, q.place_layer);
    }
}

std::string cell_name(const sokoban::Board &b, int cell) {
    const int w = b.level.width;
    for (int i = 0; i < w * b.level.height; ++i)
        if (b.index_of[i] == cell) return "(" + std::to_string(i / w) + "," + std::to_string(i % w) + ")";
    return "?";
}

// seal.h's figures for `p` (see the top).
void report_seal(const sokoban::Board &b, const sokoban::PackingOrder &p) {
    const sokoban::SealMap m = sokoban::compute_seal(b, p);
    if (m.empty()) {
        std::printf("  seal: no map (no order or more than 64 goals)\n");
        return;
    }
    sokoban::SealScratch s;
    std::vector<uint8_t> occ(b.n, 0);
    std::vector<int> boxes = b.start_boxes;
    for (int c : boxes) occ[c] = 1;
    std::printf("  seal, start position, deficit per layer:");
    for (int L = 0; L < m.layers; ++L)
        std::printf(" %d", sokoban::seal_deficit(m, b, occ.data(), boxes.data(), static_cast<int>(boxes.size()), b.start_player, 0, L, s));
    std::printf("\n  seal, nearest-box fill (layer: goal <- box, then the seal count and its layer):\n");
    std::vector<uint8_t> used(boxes.size(), 0);
    for (int L = 0; L < m.layers; ++L) {
        std::printf("   %d:", L);
        for (int g : b.goals) {
            if (p.layer[g] != L) continue;
            const std::vector<uint16_t> d = sokoban::pull_distances(b, g);
            size_t best = boxes.size();
            for (size_t i = 0; i < boxes.size(); ++i)
                if (!used[i] && d[boxes[i]] != UINT16_MAX && (best == boxes.size() || d[boxes[i]] < d[boxes[best]])) best = i;
            if (best == boxes.size()) {
                std::printf(" %s <- none", cell_name(b, g).c_str());
                continue;
            }
            std::printf(" %s <- %s", cell_name(b, g).c_str(), cell_name(b, boxes[best]).c_str());
            occ[boxes[best]] = 0;
            boxes[best] = g;
            occ[g] = 1;
            used[best] = 1;
        }
        int first = -1;
        const int count = sokoban::seal_count(m, b, occ.data(), boxes.data(), static_cast<int>(boxes.size()), b.start_player, L + 1, s, &first);
        std::printf("; seal %d (layer %d)\n", count, first);
    }
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [LEVEL [N]]\n", argv[0]);
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const int only = argc > 2 ? std::atoi(argv[2]) : 0;
    const int chain = argc > 3 ? std::atoi(argv[3]) : 3;
    if (chain < 3 || chain > sokoban::park_chain_of(sokoban::PACK_OUT_PARK_LAST)) {
        std::fprintf(stderr, "N: 3 to %d\n", sokoban::park_chain_of(sokoban::PACK_OUT_PARK_LAST));
        return 2;
    }
    const std::string name = "park" + std::to_string(chain);
    int bad_deep = 0, differ_deep = 0, seal_start = 0;
    int bad_floor = 0, bad_start = 0, bad_match = 0, bad_park = 0, with_parks = 0, bad_park2 = 0, with_parks2 = 0, differ2 = 0, loose_start = 0, loose_match = 0, levels = 0, differ = 0;
    for (uint32_t level = only > 0 ? only : 1;; ++level) {
        sokoban::Level lv;
        sokoban::Failure f;
        if (!sokoban::parse_level(text.data(), text.size(), level, lv, f)) break;
        const sokoban::Board b = sokoban::build_board(lv);
        ++levels;
        int g0 = -1, g1 = -1, g2 = -1;
        const sokoban::PackingOrder floor = sokoban::compute_packing_order(b, sokoban::PACK_OUT_FLOOR);
        const sokoban::PackingOrder start = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
        const sokoban::PackingOrder match = sokoban::compute_packing_order(b, sokoban::PACK_OUT_MATCH);
        const sokoban::PackingOrder park = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK);
        const sokoban::PackingOrder park2 = sokoban::compute_packing_order(b, sokoban::PACK_OUT_PARK2);
        const sokoban::PackingOrder deep = sokoban::compute_packing_order(b, sokoban::pack_out_park(chain));
        // The check with one box per start cell (packing.h's default), and the session-12 relaxation.
        const int u0 = sokoban::unfollowable_layer(b, floor, &g0);
        const int u1 = sokoban::unfollowable_layer(b, start, &g1);
        const int u2 = sokoban::unfollowable_layer(b, match, &g2);
        int g3 = -1;
        const int u3 = sokoban::unfollowable_layer(b, park, &g3);
        bad_park += u3 >= 0;
        with_parks += !park.parks.empty();
        int g4 = -1;
        const int u4 = sokoban::unfollowable_layer(b, park2, &g4);
        bad_park2 += u4 >= 0;
        with_parks2 += !park2.parks.empty();
        const bool park2_differs = park2.layer != park.layer || park2.parks.size() != park.parks.size();
        differ2 += park2_differs;
        const int u5 = sokoban::unfollowable_layer(b, deep);
        bad_deep += u5 >= 0;
        const bool deep_differs = deep.layer != park2.layer || deep.parks.size() != park2.parks.size();
        differ_deep += deep_differs;
        const int r1 = sokoban::unfollowable_layer(b, start, nullptr, false);
        const int r2 = sokoban::unfollowable_layer(b, match, nullptr, false);
        bad_floor += u0 >= 0;
        bad_start += u1 >= 0;
        bad_match += u2 >= 0;
        loose_start += r1 >= 0;
        loose_match += r2 >= 0;
        const bool same = match.layer == start.layer;
        differ += !same;
        std::printf("level %u: %zu goals; floor: %d layers, unfollowable layer %d; start: %d layers (%d by the floor rule), unfollowable layer %d (relaxed %d); match: %d layers (%d by the floor rule, %d shared), unfollowable layer %d (relaxed %d)%s\n",
                    level, b.goals.size(), floor.layers, u0, start.layers, start.floor_rounds, u1, r1, match.layers,
                    match.floor_rounds, match.shared_rounds, u2, r2, same ? "" : " [match order differs]");
        report_parked("park", park, u3, park.layer == match.layer && park.parks.empty() ? "" : " [park order differs]");
        report_parked("park2", park2, u4, park2_differs ? " [park2 order differs from park]" : "");
        report_parked(name.c_str(), deep, u5, deep_differs ? " [order differs from park2]" : "");
        { // seal.h: the start position's deficit at any layer of park3's order
            const sokoban::SealMap m = sokoban::compute_seal(b, deep);
            sokoban::SealScratch s;
            std::vector<uint8_t> occ(b.n, 0);
            for (int c : b.start_boxes) occ[c] = 1;
            int first = -1;
            const int d = m.empty() ? -1 : sokoban::seal_count(m, b, occ.data(), b.start_boxes.data(), static_cast<int>(b.start_boxes.size()), b.start_player, 0, s, &first);
            std::printf("  %s seal count of the start: %d (layer %d)%s\n", name.c_str(), d, first, m.empty() ? " [no map]" : "");
            seal_start += d > 0;
        }
        if (only > 0) {
            std::printf(" floor:\n");
            draw(b, floor);
            std::printf(" start:\n");
            draw(b, start);
            std::printf(" match:\n");
            draw(b, match);
            std::printf(" park:\n");
            draw(b, park);
            std::printf(" park2:\n");
            draw(b, park2);
            std::printf(" %s:\n", name.c_str());
            draw(b, deep);
            list_parks("park", b, park);
            list_parks("park2", b, park2);
            list_parks(name.c_str(), b, deep);
            report_seal(b, deep);
            break;
        }
    }
    std::printf("%d levels: not followable with one box per start cell: floor %d, start %d, match %d, park %d (%d "
                "orders with parks), park2 %d (%d orders with parks, %d differ from park's); with the relaxed check: start %d, "
                "match %d; match order differs from start on %d; %s %d (%d differ from park2's)\n",
                levels, bad_floor, bad_start, bad_match, bad_park, with_parks, bad_park2, with_parks2, differ2, loose_start,
                loose_match, differ, name.c_str(), bad_deep, differ_deep);
    std::printf("%s: a seal count above 0 at the start on %d levels\n", name.c_str(), seal_start);
    return 0;
}
