// sokoban-deadprobe.cc -- is a position dead, and which few boxes make it so? (learn.h)
//
//   build/bench/sokoban-deadprobe FILE BUDGET SHRINK LEVEL...
//
// For each level of FILE (an XSB file; SOKOBAN_BEST_DUMP's dumps are such files, one position a
// level): the bounded proof of learn.h on all its boxes with BUDGET sub-states (dead, alive, or
// unknown over the budget); when dead, the shrinking of learn_probe (each step SHRINK
// sub-states) and the pattern it leaves drawn as a level (its boxes alone, the player where it
// stood). A diagnostic for the learned deadlocks' notes (NOTES.md, session 41).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../plugins/sokoban/learn.h"
#include "sokoban-driver.h"

int main(int argc, char **argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s FILE BUDGET SHRINK LEVEL...\n", argv[0]);
        return 2;
    }
    const int budget = std::atoi(argv[2]), shrink = std::atoi(argv[3]);
    if (budget < 1 || shrink < 1) {
        std::fprintf(stderr, "BUDGET and SHRINK: numbers of sub-states, at least 1\n");
        return 2;
    }
    int status = 0;
    for (int a = 4; a < argc; ++a) {
        const uint32_t level = static_cast<uint32_t>(std::atol(argv[a]));
        sokoban::Instance inst;
        char *none[1] = {nullptr};
        if (!load_driver_instance(argv[1], level, none, none, inst)) {
            status = 2;
            continue;
        }
        const sokoban::Board &b = inst.board;
        sokoban::Scratch s;
        sokoban::init_scratch(inst, s);
        std::vector<uint8_t> st(inst.state_size);
        sokoban::initial_state(inst, s, st.data());
        const int player = sokoban::unpack_state(inst, s, st.data());
        const std::vector<int> boxes = s.boxes;
        int off = 0;
        for (int c : boxes) off += !b.goal[static_cast<size_t>(c)];
        sokoban::LearnScratch ls;
        ls.init(b);
        // The full set's own proof (for the record), then the probe as the searches run it.
        const int verdict = sokoban::learn_prove(b, inst.dead.data(), boxes.data(), static_cast<int>(boxes.size()), player,
                                                 budget, ls);
        std::printf("level %u: %zu boxes, %d off goals; all boxes: %s after %llu sub-states", level, boxes.size(), off,
                    verdict == 1 ? "dead" : verdict == 0 ? "alive" : boxes.size() > sokoban::LEARN_MAX_BOXES ? "too many boxes" : "unknown",
                    static_cast<unsigned long long>(ls.expanded));
        sokoban::LearnedTable table(b.n, 1);
        const uint64_t before = ls.expanded;
        const auto t0 = std::chrono::steady_clock::now();
        sokoban::learn_probe(b, inst.dead.data(), boxes.data(), static_cast<int>(boxes.size()), player, budget, shrink, ls,
                             table);
        const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (table.size() == 0) {
            std::printf("; the probe: no pattern (%llu sub-states, %.2f s)\n", static_cast<unsigned long long>(ls.expanded - before), sec);
            continue;
        }
        // The pattern: the boxes whose cells it holds (the probe adds exactly one here).
        std::vector<uint8_t> pat(inst.state_size, 0);
        pat[0] = static_cast<uint8_t>(player & 0xff);
        pat[1] = static_cast<uint8_t>(player >> 8);
        int kept = 0, kept_off = 0;
        std::vector<uint8_t> occ(static_cast<size_t>(b.n), 1);
        for (int c : boxes) {
            occ[static_cast<size_t>(c)] = 0; // is c needed? the table no longer matches without it
            const bool needed = !table.dead_any(occ.data(), boxes.data(), static_cast<int>(boxes.size()), player);
            occ[static_cast<size_t>(c)] = 1;
            if (!needed) continue;
            ++kept;
            kept_off += !b.goal[static_cast<size_t>(c)];
            pat[2 + static_cast<size_t>(c) / 8] |= static_cast<uint8_t>(1u << (c & 7));
        }
        std::printf("; the probe: a pattern of %d boxes (%d off goals), %llu sub-states, %.2f s\n%s", kept, kept_off,
                    static_cast<unsigned long long>(ls.expanded - before), sec, sokoban::state_xsb(b, pat.data()).c_str());
    }
    return status;
}
