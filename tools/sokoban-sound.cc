// sokoban-sound: a soundness audit of the Sokoban plugin's pruning against known solutions.
//
// Every position on a known solution's path is alive (the rest of the solution solves it), so no
// deadlock test may call it dead and no search may drop the push that makes it. For each level
// of a collection with a solution (a NAME.sol file as tools/sokoban-collections.py writes them:
// lines "K MOVES", MOVES in LURD letters, upper case pushes), the solution is replayed push by
// push and each new position is checked by:
//   emit    expand_state() of the position before emits it (with the options given; run with
//           corral=off, since PI-corral pruning drops pushes outside a corral on purpose: the
//           solution may make them in another order), so no deadlock test of the push
//           generation (dead squares, freeze, frozen goals, room fill, local deadlocks, corral
//           deadlocks with corraldead=on) cut it;
//   h       state_heuristic() is not H_DEAD (the matching finds a perfect assignment);
//   side    the FESS members' side-kept frozen-goal test (fessgoals, sidegoals.h) on the pushed
//           box and the boxes on goals round it, as fess.cc's side_dead_child asks it;
//   walls   the FESS members' frozen-walls test (fesswalls, frozenwalls.h) on the position.
// A claim of any of them on such a position is a bug: the test is unsound there.
//   make -j2 all   (the plugin's objects), then `make tools` (or:)
//   g++ -std=c++17 -O2 -Iinclude tools/sokoban-sound.cc build/obj/plugins/sokoban/*.o -o build/bench/sokoban-sound
//   build/bench/sokoban-sound FILE.xsb FILE.sol [key=value ...]
// prints one line per level with a claim (the push, the test, the position) and a summary line;
// exit 1 when any test made a claim, 0 when none did, 2 on bad arguments.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../plugins/sokoban/frozenwalls.h"
#include "../plugins/sokoban/kids.h"
#include "../plugins/sokoban/sidegoals.h"
#include "sokoban-driver.h"

namespace {

struct Counts {
    uint64_t levels = 0, positions = 0, emit = 0, h = 0, side = 0, walls = 0, bad_solutions = 0;
};

// The side-kept frozen-goal test on the pushed box (at `to`) and the boxes on goals in the eight
// cells round it, as FessSearch::side_dead_child asks it. occ is scratch, restored.
bool side_claims(const sokoban::Board &b, const uint8_t *dead, uint8_t *occ, const std::vector<int> &boxes, int to,
                 sokoban::SideGoalScratch &s) {
    int cand[9];
    const int nc = sokoban::side_goal_candidates(b, to, [&](int c) { return occ[c] != 0; }, cand);
    for (int i = 0; i < nc; ++i)
        if (sokoban::side_goal_deadlock(b, dead, occ, boxes.data(), static_cast<int>(boxes.size()), cand[i], s)) return true;
    return false;
}

// One level: its solution replayed, each position checked; the claims printed.
void audit_level(const char *file, uint32_t level, const std::string &moves, char *const *ob, char *const *oe, Counts &n) {
    sokoban::Instance inst;
    if (!load_driver_instance(file, level, ob, oe, inst)) {
        std::printf("level %u: not loaded\n", level);
        ++n.bad_solutions;
        return;
    }
    const sokoban::Board &b = inst.board;
    const uint8_t *dead = inst.options.deadsquares ? inst.dead.data() : nullptr;
    sokoban::Scratch s;
    sokoban::init_scratch(inst, s);
    sokoban::SideGoalScratch side;
    side.init(b);
    sokoban::FrozenWallScratch walls;
    walls.init(b);
    SolutionReplay r(inst, s, moves);
    const std::vector<uint8_t> &state = r.state, &prev = r.prev, &occ = r.occ;
    sokoban::KidCollector kids(inst.state_size);
    bool first = true;
    auto claim = [&](const char *test, int dest) {
        const int row = b.grid_of[dest] / b.level.width, col = b.grid_of[dest] % b.level.width;
        std::printf("level %u push %u box->(%d,%d): %s claims a live position dead\n", level, r.pushes, row, col, test);
        if (first) {
            std::printf("%s\n", sokoban::state_xsb(b, state.data()).c_str());
            first = false;
        }
    };
    ++n.levels;
    while (r.next()) {
        const int dest = r.dest, np = r.normalized;
        ++n.positions;
        kids.clear();
        sokoban::expand_state(inst, s, prev.data(), kids.sink());
        bool found = false;
        for (size_t k = 0; k < kids.size() && !found; ++k) found = kids[k].state == state;
        if (!found) {
            ++n.emit;
            claim("emit (expand_state drops the push)", dest);
        }
        if (sokoban::state_heuristic(inst, s, state.data()) == sokoban::H_DEAD) {
            ++n.h;
            claim("h (no perfect matching)", dest);
        }
        if (sokoban::state_is_goal(inst, state.data())) continue; // FESS files a solved child first
        std::vector<uint8_t> scratch_occ = occ; // both tests use it as scratch and restore it
        std::vector<int> boxes;
        for (int x = 0; x < b.n; ++x)
            if (occ[x]) boxes.push_back(x);
        if (side_claims(b, dead, scratch_occ.data(), boxes, dest, side)) {
            ++n.side;
            claim("side (fessgoals)", dest);
        }
        if (sokoban::frozen_wall_deadlock(b, dead, scratch_occ.data(), boxes.data(), static_cast<int>(boxes.size()), np, walls)) {
            ++n.walls;
            claim("walls (fesswalls)", dest);
        }
    }
    if (!r.error.empty()) {
        std::printf("level %u: %s\n", level, r.error.c_str());
        ++n.bad_solutions;
        return;
    }
    if (!sokoban::state_is_goal(inst, state.data())) {
        std::printf("level %u: the solution does not solve it (%u pushes)\n", level, r.pushes);
        ++n.bad_solutions;
    }
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s FILE.xsb FILE.sol [key=value ...]\n", argv[0]);
        return 2;
    }
    std::ifstream sf(argv[2]);
    if (!sf) {
        std::fprintf(stderr, "%s: cannot read\n", argv[2]);
        return 2;
    }
    Counts n;
    std::string line;
    while (std::getline(sf, line)) {
        std::istringstream ls(line);
        uint32_t level = 0;
        std::string moves;
        if (!(ls >> level >> moves)) continue;
        audit_level(argv[1], level, moves, argv + 3, argv + argc, n);
        std::fflush(stdout);
    }
    std::printf("%s: %llu levels, %llu positions on their solutions; claims: emit %llu, h %llu, side %llu, walls %llu; "
                "solutions that do not replay %llu\n",
                argv[2], static_cast<unsigned long long>(n.levels), static_cast<unsigned long long>(n.positions),
                static_cast<unsigned long long>(n.emit), static_cast<unsigned long long>(n.h),
                static_cast<unsigned long long>(n.side), static_cast<unsigned long long>(n.walls),
                static_cast<unsigned long long>(n.bad_solutions));
    return n.emit + n.h + n.side + n.walls + n.bad_solutions ? 1 : 0;
}
