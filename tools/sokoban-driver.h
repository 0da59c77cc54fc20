// sokoban-driver.h -- the set-up the Sokoban drivers share (tools/sokoban-fess-driver.cc,
// tools/sokoban-backward-driver.cc): level LEVEL of FILE and the plugin's key=value options
// (as --option takes them) made into an Instance, the way the plugin makes one; and a known
// solution replayed push by push (SolutionReplay: tools/sokoban-fess-trace.cc, sokoban-sound.cc).
#ifndef SOKOBAN_DRIVER_H
#define SOKOBAN_DRIVER_H

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <solver/plugin.h>

#include "../plugins/sokoban/options.h"
#include "../plugins/sokoban/parse.h"
#include "../plugins/sokoban/search.h"

// false, after a message on stderr, when an option or the level is bad (an unreadable file
// reads as empty and fails as a level).
inline bool load_driver_instance(const char *file, uint32_t level, char *const *opt_begin, char *const *opt_end,
                                 sokoban::Instance &inst) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    std::vector<std::string> keys, values;
    for (char *const *a = opt_begin; a != opt_end; ++a) {
        const std::string kv = *a;
        const size_t eq = kv.find('=');
        if (eq == std::string::npos) {
            std::fprintf(stderr, "bad option '%s'\n", *a);
            return false;
        }
        keys.push_back(kv.substr(0, eq));
        values.push_back(kv.substr(eq + 1));
    }
    std::vector<solver_option> opts;
    for (size_t i = 0; i < keys.size(); ++i) opts.push_back(solver_option{keys[i].c_str(), values[i].c_str()});
    sokoban::Options options;
    std::string error;
    if (!sokoban::parse_options(opts.data(), opts.size(), options, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return false;
    }
    sokoban::Level lv;
    sokoban::Failure f;
    if (!sokoban::parse_level(text.data(), text.size(), level, lv, f)) {
        std::fprintf(stderr, "parse: %s\n", f.message.c_str());
        return false;
    }
    sokoban::init_instance(inst, lv, options);
    return true;
}

// A known solution (LURD letters, case ignored, anything else skipped) replayed push by push
// over `inst` (tools/sokoban-fess-trace.cc, tools/sokoban-sound.cc). Each next() applies the
// moves up to and including the next push and returns true with: prev, the state before it;
// state, the state after it (the player normalized, as the search stores it); occ, one byte per
// cell with a box; player, the cell the player stands on; from and dest, the cells the box left
// and reached; pushes, the pushes so far. false at the end of the moves, or on a move into a wall
// or a blocked push (error then says which).
struct SolutionReplay {
    const sokoban::Instance &inst;
    sokoban::Scratch &s;
    std::string moves;
    size_t pos = 0;
    std::vector<uint8_t> state, prev, occ;
    int player, from = -1, dest = -1, normalized = -1;
    uint32_t pushes = 0;
    std::string error;

    SolutionReplay(const sokoban::Instance &in, sokoban::Scratch &scratch, std::string m)
        : inst(in), s(scratch), moves(std::move(m)), state(in.state_size), prev(in.state_size),
          occ(in.board.n, 0), player(in.board.start_player) {
        sokoban::initial_state(inst, s, state.data());
        for (int x : inst.board.start_boxes) occ[x] = 1;
    }

    bool next() {
        const sokoban::Board &b = inst.board;
        while (pos < moves.size()) {
            const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(moves[pos++])));
            const int d = c == 'u' ? 0 : c == 'l' ? 1 : c == 'd' ? 2 : c == 'r' ? 3 : -1;
            if (d < 0) continue;
            const int to = b.nb[player][d];
            if (to < 0) {
                error = "the solution walks into a wall after " + std::to_string(pushes) + " pushes";
                return false;
            }
            if (!occ[to]) {
                player = to;
                continue;
            }
            const int beyond = b.nb[to][d];
            if (beyond < 0 || occ[beyond]) {
                error = "the solution pushes into a wall or a box after " + std::to_string(pushes) + " pushes";
                return false;
            }
            prev = state;
            occ[to] = 0;
            occ[beyond] = 1;
            player = from = to;
            dest = beyond;
            ++pushes;
            s.occ = occ;
            normalized = sokoban::normalize_player(inst, s, player);
            state[0] = static_cast<uint8_t>(normalized & 0xff);
            state[1] = static_cast<uint8_t>(normalized >> 8);
            for (size_t i = 2; i < state.size(); ++i) state[i] = 0;
            for (int x = 0; x < b.n; ++x)
                if (occ[x]) sokoban::set_bit(state.data() + 2, x);
            return true;
        }
        return false;
    }
};

#endif
