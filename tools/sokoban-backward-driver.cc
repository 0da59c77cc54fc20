// sokoban-backward-driver: one backward (pull) search (backward.h) alone, as the portfolio's
// back=only member runs it, for a fixed number of expansions or to its end; prints the outcome,
// the expansions, the states, the pushes of the
// forward solution and the CPU seconds (clock()). The counts are deterministic, so they compare
// under any load.
//   make -j2 all   (the plugin's objects), then
//   g++ -std=c++17 -O2 -Iinclude tools/sokoban-backward-driver.cc build/obj/plugins/sokoban/*.o -o build/bench/sokoban-backward-driver
//   build/bench/sokoban-backward-driver FILE LEVEL EXPANSIONS ORDER [key=value ...]
// ORDER: g greedy (back=only's even threads), w weighted A* w=1.5 (odd threads), 3 weighted A*
// w=3, f the feature-space order (backfess=on), s its starts-and-regions form (backfess=sr),
// o its fill-order form (backfess=order),
// which also prints the feature cells made. The key=value
// pairs are the plugin's options (--option).
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "../plugins/sokoban/backward.h"
#include "../plugins/sokoban/search.h"
#include "sokoban-driver.h"
#include "../plugins/sokoban/solution.h"

int main(int argc, char **argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s FILE LEVEL EXPANSIONS ORDER(g|w|3|f|s|o) [key=value ...]\n", argv[0]);
        return 2;
    }
    const uint32_t level = static_cast<uint32_t>(std::atoi(argv[2]));
    const uint64_t budget = std::strtoull(argv[3], nullptr, 10);
    const char order = argv[4][0];
    const bool greedy = order == 'g';
    const uint32_t gw = greedy ? 0 : order == '3' ? 1 : 2, hw = greedy ? 1 : 3;
    sokoban::Instance inst;
    if (!load_driver_instance(argv[1], level, argv + 5, argv + argc, inst)) return 2;
    const std::clock_t t0 = std::clock();
    const int fess = order == 'f'   ? sokoban::BACK_FESS_ALL
                     : order == 's' ? sokoban::BACK_FESS_SR
                     : order == 'o' ? sokoban::BACK_FESS_ORDER
                                    : sokoban::BACK_FESS_OFF;
    sokoban::BackwardSearch search(inst, 4ull << 30, gw, hw, fess);
    const sokoban::BackwardSearch::Status st = search.run(budget, {});
    const double cpu = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    const char *names[] = {"running", "solved", "exhausted", "memory"};
    std::string verdict = "-";
    uint64_t cost = 0;
    if (st == sokoban::BackwardSearch::Status::solved) {
        std::vector<uint8_t> states;
        std::vector<uint32_t> moves;
        search.solution(states, moves, cost);
        std::string out, error;
        uint64_t pushes = 0;
        uint32_t column = 0;
        verdict = sokoban::format_solution(inst, states.data(), moves.data(), moves.size(), out, error) &&
                          sokoban::verify_solution(inst.board.level, out.data(), out.size(), pushes, column, error) &&
                          pushes == cost
                      ? "verified"
                      : "NOT VERIFIED: " + error;
    }
    std::printf("level %u order %c: %s, %llu expanded, %zu states, %llu pushes (%s), %.2f s CPU\n", level,
                order, names[static_cast<int>(st)], static_cast<unsigned long long>(search.expanded()),
                search.states(), static_cast<unsigned long long>(cost),
                verdict.c_str(), cpu);
    if (fess) std::printf("  feature cells %zu, least estimate %u\n", search.cells(), search.best_h());
    else std::printf("  least estimate %u\n", search.best_h());
    return 0;
}
