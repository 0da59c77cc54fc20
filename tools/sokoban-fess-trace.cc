// sokoban-fess-trace: a known solution (moves as LURD letters, case ignored) replayed push by
// push against what FESS sees (fess.h): for each push the state's features under a member's
// packing order (packed, regions, rooms, the first layer not full), its matching bound (DEAD
// when state_heuristic() says so) and whether expand_state() of the state before emits it (a
// push the search prunes: "PRUNED") and, since session 26, the stranded count (strand.h). The counts say where a FESS search must go to follow the
// solution, and whether any deadlock test cuts it off.
//   make -j2 all   (the plugin's objects), then
//   g++ -std=c++17 -O2 -Iinclude tools/sokoban-fess-trace.cc build/obj/plugins/sokoban/*.o -o build/bench/sokoban-fess-trace
//   build/bench/sokoban-fess-trace FILE LEVEL SOLUTION_FILE MEMBER(0|1|a) [key=value ...]
// MEMBER picks the packing order: 0 thread 0's FESS members, 1 thread 1's, a the packall guest.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../plugins/sokoban/fess.h"
#include "../plugins/sokoban/kids.h"
#include "../plugins/sokoban/search.h"
#include "../plugins/sokoban/strand.h"
#include "sokoban-driver.h"

int main(int argc, char **argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s FILE LEVEL SOLUTION_FILE MEMBER(0|1|a) [key=value ...]\n", argv[0]);
        return 2;
    }
    const uint32_t level = static_cast<uint32_t>(std::atoi(argv[2]));
    std::ifstream sf(argv[3]);
    std::stringstream ss;
    ss << sf.rdbuf();
    const std::string moves = ss.str();
    const char m = argv[4][0];
    sokoban::Instance inst;
    if (!load_driver_instance(argv[1], level, argv + 5, argv + argc, inst)) return 2;
    const sokoban::Board &b = inst.board;
    const int member = m == '0' ? sokoban::PACK_FOR_FESS0 : m == '1' ? sokoban::PACK_FOR_FESS1 : sokoban::PACK_FOR_PACKALL;
    const sokoban::PackingOrder order = sokoban::compute_packing_order(b, sokoban::pack_out_of(inst.options, member), sokoban::pack_side_of(inst.options, member));
    const sokoban::RoomMap rooms = sokoban::compute_rooms(b);
    sokoban::Scratch s;
    sokoban::init_scratch(inst, s);
    sokoban::FessScratch fs;
    fs.init(b);
    SolutionReplay r(inst, s, moves);
    const std::vector<uint8_t> &state = r.state, &prev = r.prev, &occ = r.occ;
    sokoban::KidCollector kids(inst.state_size);
    sokoban::StrandScratch strand, strand_layers; // session 26: the stranded counts (strand.h) per push
    uint32_t pruned = 0;
    std::vector<uint32_t> filled_at(b.n, 0); // per goal: the push that last filled it (0: a box from the start)
    for (int g : b.goals)
        if (!occ[g]) filled_at[g] = UINT32_MAX;
    uint32_t best = 0;
    while (r.next()) {
        const uint32_t pushes = r.pushes;
        const int dest = r.dest, np = r.normalized;
        if (b.goal[r.from]) filled_at[r.from] = UINT32_MAX; // left: filled again later
        if (b.goal[dest]) filled_at[dest] = pushes;
        kids.clear();
        sokoban::expand_state(inst, s, prev.data(), kids.sink());
        bool found = false;
        for (size_t k = 0; k < kids.size() && !found; ++k) found = kids[k].state == state;
        const uint32_t h = sokoban::state_heuristic(inst, s, state.data());
        const sokoban::FessFeatures f = sokoban::fess_features(inst, fs, state.data(), &order, rooms.links.empty() ? nullptr : &rooms);
        const uint32_t st = sokoban::strand_count(b, inst.dead.data(), occ.data(), nullptr, np, strand);
        std::vector<uint8_t> fixed(b.n, 0); // the goals of the full layers (fessstrand=layers)
        for (int g : b.goals) fixed[g] = order.layer[g] >= 0 && static_cast<uint32_t>(order.layer[g]) < f.next;
        const uint32_t stl = sokoban::strand_count(b, inst.dead.data(), occ.data(), fixed.data(), np, strand_layers);
        if (!found) ++pruned;
        const int row = b.grid_of[dest] / b.level.width, col = b.grid_of[dest] % b.level.width;
        const bool mark = !found || h == sokoban::H_DEAD || f.packed > best;
        if (f.packed > best) best = f.packed;
        std::printf("%4u box->(%d,%d) packed %u next %u regions %u rooms %u strand %u/%u h %s%s%s\n", pushes, row, col, f.packed,
                    f.next, f.regions, f.rooms, st, stl, h == sokoban::H_DEAD ? "DEAD" : std::to_string(h).c_str(),
                    found ? "" : " PRUNED", mark && found && h != sokoban::H_DEAD ? " *" : "");
    }
    if (!r.error.empty()) {
        std::fprintf(stderr, "%s\n", r.error.c_str());
        return 1;
    }
    // Session 27: the goals in the order the solution fills them for good (the push after which
    // a box stays on it), and the pairs of them filled against the order's layers (an earlier
    // fill in a later layer), of all pairs.
    {
        std::vector<std::pair<uint32_t, int>> fills;
        for (int g : b.goals) fills.push_back({filled_at[g], g});
        std::sort(fills.begin(), fills.end());
        uint32_t against = 0, pairs = 0;
        for (size_t i = 0; i < fills.size(); ++i)
            for (size_t j = i + 1; j < fills.size(); ++j) {
                ++pairs;
                if (order.layer[fills[i].second] > order.layer[fills[j].second]) ++against;
            }
        std::printf("fills by layer:");
        for (const auto &f : fills) std::printf(" %d", order.layer[f.second]);
        std::printf("\npairs out of layer order %u/%u, layers %d, side rounds %d\n", against, pairs, order.layers, order.side_rounds);
    }
    std::printf("%u pushes, %u not emitted by expand_state, solved %d\n", r.pushes, pruned,
                sokoban::state_is_goal(inst, state.data()) ? 1 : 0);
    return 0;
}
