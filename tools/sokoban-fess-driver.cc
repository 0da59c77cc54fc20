// sokoban-fess-driver: one FESS search (fess.h) alone, as one of the portfolio's members, for a
// fixed number of expansions or to its end; prints the outcome, the CPU seconds (clock()) and
// where the expansions went: per packed count, the cells and the states expanded there. The
// counts are deterministic, so they compare under any load.
//   make -j2 all   (the plugin's objects), then
//   g++ -std=c++17 -O2 -Iinclude tools/sokoban-fess-driver.cc build/obj/plugins/sokoban/*.o -o build/bench/sokoban-fess-driver
//   build/bench/sokoban-fess-driver FILE LEVEL EXPANSIONS MEMBER [key=value ...]
// MEMBER: 1 thread 1's member (the options as given), 0 thread 0's (fess0=on: the toward advisor
// on every push), p thread 0's plan member (out-of-plan feature, chain advisor). The key=value
// pairs are the plugin's options (--option), e.g. fessturns=packed. The member gets the packing
// order and corral deadlock mode portfolio.cc's fess_member gives it (since session 19).
// SOKOBAN_FESS_FIRST=1 prints per packed count the first state made with it (the plateaus' ends).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "../plugins/sokoban/fess.h"
#include "../plugins/sokoban/localdead.h"
#include "../plugins/sokoban/search.h"
#include "sokoban-driver.h"

int main(int argc, char **argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s FILE LEVEL EXPANSIONS MEMBER(1|0|p) [key=value ...]\n", argv[0]);
        return 2;
    }
    const uint32_t level = static_cast<uint32_t>(std::atoi(argv[2]));
    const uint64_t budget = std::strtoull(argv[3], nullptr, 10);
    const char member = argv[4][0];
    sokoban::Instance inst;
    if (!load_driver_instance(argv[1], level, argv + 5, argv + argc, inst)) return 2;
    const std::clock_t t0 = std::clock();
    sokoban::FessSearch search(inst, 4ull << 30); // about a member's share of the default budget (3/4 of 24 GiB, 2 threads)
    if (inst.options.ldmixed) search.scratch().localdead.radius = member == '1' ? 2 : 1; // as portfolio.cc
    // The member's packing order and corral deadlock mode, as portfolio.cc's fess_member gives
    // them (session 19: before, the driver's members took packorder's rule, match, where the
    // portfolio's take packorder0|1, park, and the corral test as corraldead= said for an engine).
    search.set_order(sokoban::pack_out_of(inst.options, member == '1' ? sokoban::PACK_FOR_FESS1 : sokoban::PACK_FOR_FESS0));
    const uint32_t cd = member == '1' ? sokoban::CD_FESS1 : member == 'p' ? sokoban::CD_PLAN0 : sokoban::CD_FESS0;
    sokoban::configure_fess_member(search, inst.options, cd, member == '1' ? sokoban::PACK_FOR_FESS1 : sokoban::PACK_FOR_FESS0);
    if (member == '0') search.set_chain(inst.options.fess0 == 2);
    if (member == 'p') {
        search.set_plan(std::max(1, inst.options.fessplan));
        search.set_chain(true);
    }
    const sokoban::FessSearch::Status st = search.run(budget, {});
    const double cpu = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    const char *names[] = {"running", "solved", "exhausted", "memory"};
    std::printf("level %u member %c: %s, %llu expanded, %zu states, %zu cells, max packed %u, %.2f s CPU\n", level,
                member, names[static_cast<int>(st)], static_cast<unsigned long long>(search.expanded()),
                search.states(), search.cells(), search.max_packed(), cpu);
    const std::vector<uint64_t> &by = search.expanded_by_packed();
    const std::vector<uint32_t> cells = search.cells_by_packed();
    if (search.scratch().localdead.left)
        std::printf("ldleft: %llu clumps beside the left cell tested, %llu dead\n",
                    static_cast<unsigned long long>(search.scratch().localdead.left_tests),
                    static_cast<unsigned long long>(search.scratch().localdead.left_deadlocks));
    if (inst.options.fesswalls)
        std::printf("fesswalls: %llu children pruned of %llu tested\n", static_cast<unsigned long long>(search.walls_dead()),
                    static_cast<unsigned long long>(search.walls_tests()));
    if (inst.options.fessgoals) std::printf("fessgoals: %llu children pruned\n", static_cast<unsigned long long>(search.side_dead()));
    if (search.seal()) std::printf("fessseal: %llu macro boxes passed over, the root's seal count %u, counts from the parent %llu, in full %llu\n",
                                   static_cast<unsigned long long>(search.seal_skips()), search.root_seal(),
                                   static_cast<unsigned long long>(search.seal_quick()), static_cast<unsigned long long>(search.seal_full()));
    if (search.strand()) // fessstrand=on (session 26)
        std::printf("fessstrand: %llu macro boxes passed over, the root's stranded count %u, reaches made %llu times\n",
                    static_cast<unsigned long long>(search.strand_skips()), search.root_strand(),
                    static_cast<unsigned long long>(search.strand_builds()));
    if (search.owe()) // fessowe=on (session 33)
        std::printf("fessowe: %llu macro packings refused of %llu tested, %llu plain passes, wall sets' reaches made %llu times\n",
                    static_cast<unsigned long long>(search.owe_skips()), static_cast<unsigned long long>(search.owe_tests()),
                    static_cast<unsigned long long>(search.owe_fallbacks()), static_cast<unsigned long long>(search.owe_builds()));
    if (search.seal()) { // fessseal=on (session 21): the states made per seal count
        sokoban::FessScratch fs;
        fs.init(inst.board);
        std::vector<size_t> per;
        for (size_t i = 0; i < search.states(); ++i) {
            const uint32_t v = sokoban::fess_features(inst, fs, search.state(static_cast<uint32_t>(i)), search.order(), nullptr,
                                                      nullptr, 0, false, search.seal()).seal;
            if (per.size() <= v) per.resize(v + 1, 0);
            ++per[v];
        }
        std::printf("states per seal count:");
        for (size_t v = 0; v < per.size(); ++v) std::printf(" %zu:%zu", v, per[v]);
        std::printf("\n");
    }
    std::printf("packed:");
    for (size_t p = 0; p < cells.size(); ++p) std::printf(" %zu:%u/%llu", p, cells[p],
                                                         static_cast<unsigned long long>(p < by.size() ? by[p] : 0));
    std::printf("   (count:cells/expanded)\n");
    // SOKOBAN_FESS_FIRST=1: per packed count (the member's packing order), the first state made
    // with it, numbered in the order the search made its states (where the plateaus end).
    if (std::getenv("SOKOBAN_FESS_FIRST")) {
        sokoban::FessScratch fs;
        fs.init(inst.board);
        std::vector<size_t> first;
        for (size_t i = 0; i < search.states(); ++i) {
            const uint32_t p = sokoban::fess_features(inst, fs, search.state(static_cast<uint32_t>(i)), search.order()).packed;
            if (first.size() <= p) first.resize(p + 1, SIZE_MAX);
            if (first[p] == SIZE_MAX) first[p] = i;
        }
        std::printf("first state made per packed count (of %zu):", search.states());
        for (size_t p = 0; p < first.size(); ++p)
            if (first[p] != SIZE_MAX) std::printf(" %zu:%zu", p, first[p]);
        std::printf("\n");
    }
    // SOKOBAN_FESS_BEST=N (session 20): up to N states of the highest packed count (the member's
    // packing order), the first made first, as XSB (the player on its normalized cell), each with
    // its boxes on goals in any order and the layer of every empty goal.
    if (const char *bv = std::getenv("SOKOBAN_FESS_BEST")) {
        const int want = std::atoi(bv);
        sokoban::FessScratch fs;
        fs.init(inst.board);
        const sokoban::Board &b = inst.board;
        // SOKOBAN_FESS_BELOW=K (session 21): the states of packed count max - K instead (a
        // sample of late states below the most-packed).
        const char *below = std::getenv("SOKOBAN_FESS_BELOW");
        const uint32_t drop = below ? static_cast<uint32_t>(std::atoi(below)) : 0;
        const uint32_t top = search.max_packed() >= drop ? search.max_packed() - drop : 0;
        int shown = 0;
        for (size_t i = 0; i < search.states() && shown < want; ++i) {
            const uint8_t *state = search.state(static_cast<uint32_t>(i));
            if (sokoban::fess_features(inst, fs, state, search.order()).packed != top) continue;
            ++shown;
            const int player = state[0] | (state[1] << 8);
            int on = 0;
            for (int c = 0; c < b.n; ++c) on += fs.occ[c] && b.goal[c];
            std::printf("state %zu: packed %u, on goals %d; empty goals' layers:", i, top, on);
            for (int c = 0; c < b.n; ++c)
                if (b.goal[c] && !fs.occ[c] && search.order())
                    std::printf(" (%d,%d):%d", b.grid_of[c] / b.level.width, b.grid_of[c] % b.level.width, search.order()->layer[c]);
            std::printf("\n");
            for (int r = 0; r < b.level.height; ++r) {
                std::string line;
                for (int col = 0; col < b.level.width; ++col) {
                    const int g = r * b.level.width + col;
                    const uint8_t fl = b.level.grid[g];
                    const int c = b.index_of[g];
                    if (fl & sokoban::CELL_WALL) line += '#';
                    else if (c < 0) line += ' ';
                    else {
                        const bool box = fs.occ[c], goal = b.goal[c];
                        line += c == player ? (goal ? '+' : '@') : box ? (goal ? '*' : '$') : goal ? '.' : ' ';
                    }
                }
                while (!line.empty() && line.back() == ' ') line.pop_back();
                std::printf("%s\n", line.c_str());
            }
        }
    }
    // SOKOBAN_FESS_TRACE=I (session 23): the ancestry of state I, root first: per state the
    // move that made it (box cell, first direction, whether a single push) and the boxes whose
    // plain local test (localdead.h, the member's radius) proves the state dead; the first dead
    // state and its parent drawn as XSB. Where a state is dead and its parent is not, the move
    // between them made the deadlock, and the line says which test ran on it.
    if (const char *tv = std::getenv("SOKOBAN_FESS_TRACE")) {
        const sokoban::Board &b = inst.board;
        const int w = b.level.width;
        // SOKOBAN_FESS_TRACE=-1: every state of the highest packed count, one line each (its
        // last move, dead by the plain test, caught on arrival), no ancestry.
        std::vector<uint32_t> targets;
        const long long tid = std::atoll(tv);
        if (tid >= 0) targets.push_back(static_cast<uint32_t>(tid));
        else {
            sokoban::FessScratch fs;
            fs.init(b);
            for (size_t i = 0; i < search.states(); ++i)
                if (sokoban::fess_features(inst, fs, search.state(static_cast<uint32_t>(i)), search.order()).packed == search.max_packed())
                    targets.push_back(static_cast<uint32_t>(i));
        }
        for (const uint32_t target : targets) {
        std::vector<uint32_t> chain;
        for (uint32_t x = target; x != UINT32_MAX && x < search.states(); x = search.parent_of(x))
            chain.push_back(x);
        std::reverse(chain.begin(), chain.end());
        if (tid < 0) chain.erase(chain.begin(), chain.end() - std::min<size_t>(chain.size(), 2));
        sokoban::Scratch sc;
        sokoban::init_scratch(inst, sc);
        sc.localdead.radius = search.scratch().localdead.radius;
        auto draw_state = [&](const uint8_t *state) {
            const int player = sokoban::unpack_state(inst, sc, state);
            for (int r = 0; r < b.level.height; ++r) {
                std::string line;
                for (int col = 0; col < w; ++col) {
                    const int g = r * w + col;
                    const int c = b.index_of[g];
                    if (b.level.grid[g] & sokoban::CELL_WALL) line += '#';
                    else if (c < 0) line += ' ';
                    else line += c == player ? (b.goal[c] ? '+' : '@') : sc.occ[c] ? (b.goal[c] ? '*' : '$') : b.goal[c] ? '.' : ' ';
                }
                while (!line.empty() && line.back() == ' ') line.pop_back();
                std::printf("%s\n", line.c_str());
            }
        };
        bool shown = false;
        for (size_t k = 0; k < chain.size(); ++k) {
            const uint8_t *state = search.state(chain[k]);
            const int player = sokoban::unpack_state(inst, sc, state);
            std::string dead;
            for (int c : sc.boxes)
                if (sokoban::local_deadlock(b, inst.dead.data(), sc.occ.data(), c, player, sc.localdead))
                    dead += " (" + std::to_string(b.grid_of[c] / w) + "," + std::to_string(b.grid_of[c] % w) + ")";
            const uint32_t mv = search.move_of(chain[k]);
            std::printf("trace %zu state %u move %s%d,%d dir %u; dead by:%s\n", k, chain[k], k == 0 ? "root " : "",
                        k == 0 ? -1 : b.grid_of[mv / 4] / w, k == 0 ? -1 : b.grid_of[mv / 4] % w, mv % 4,
                        dead.empty() ? " none" : dead.c_str());
            if (k > 0 && !dead.empty()) {
                // The cell the move left (its box) and the one it filled, from the two states;
                // would the pushed box's and the left cell's clumps (ldleft) have caught it?
                const uint8_t *pstate = search.state(chain[k - 1]);
                int from = -1, to = -1;
                for (int c = 0; c < b.n; ++c) {
                    const bool was = (pstate[2 + c / 8] >> (c % 8)) & 1, is = (state[2 + c / 8] >> (c % 8)) & 1;
                    if (was && !is) from = c;
                    if (is && !was) to = c;
                }
                sc.localdead.left = true;
                const bool caught = from >= 0 && to >= 0 && sokoban::macro_child_local_dead(inst, sc, state, from, to);
                std::printf("  the move (%d,%d) -> (%d,%d): pushed box's or left clumps %s\n", from < 0 ? -1 : b.grid_of[from] / w,
                            from < 0 ? -1 : b.grid_of[from] % w, to < 0 ? -1 : b.grid_of[to] / w, to < 0 ? -1 : b.grid_of[to] % w,
                            caught ? "dead" : "live");
            }
            if (!dead.empty() && !shown && tid >= 0) {
                shown = true;
                if (k > 0) {
                    std::printf("parent:\n");
                    draw_state(search.state(chain[k - 1]));
                }
                std::printf("first dead:\n");
                draw_state(state);
            }
        }
        if (tid >= 0 && !chain.empty()) {
            std::printf("state %u:\n", chain.back());
            draw_state(search.state(chain.back()));
        }
        }
    }
    // SOKOBAN_FESS_LINKS=1: per room link (rooms.h, rooms numbered in row-major order of their
    // first cell), the states generated with it blocked, of all.
    const sokoban::RoomMap *rooms = search.rooms();
    if (std::getenv("SOKOBAN_FESS_LINKS") && rooms) {
        sokoban::FessScratch fs;
        fs.init(inst.board);
        std::vector<uint64_t> blocked(rooms->links.size(), 0);
        for (size_t i = 0; i < search.states(); ++i) {
            sokoban::fess_features(inst, fs, search.state(static_cast<uint32_t>(i)), nullptr, rooms);
            for (size_t l = 0; l < rooms->links.size(); ++l)
                blocked[l] += (fs.roommask[rooms->links[l].first] & fs.roommask[rooms->links[l].second]) == 0;
        }
        std::printf("links blocked (of %zu states):", search.states());
        for (size_t l = 0; l < rooms->links.size(); ++l)
            std::printf(" %d-%d:%llu", rooms->links[l].first, rooms->links[l].second, static_cast<unsigned long long>(blocked[l]));
        std::printf("\n");
    }
    return 0;
}
