// corral.cc -- see corral.h.
#include "corral.h"

#include <algorithm>

namespace sokoban {

void CorralScratch::init(int n) {
    comp.assign(n, 0);
    boxmark.assign(n, 0);
    stamp = 0;
    stack.reserve(n);
    cells.reserve(n);
    boxes.reserve(n);
    pushes.reserve(4 * n);
    best.reserve(4 * n);
}

CorralVerdict find_pi_corral(const Board &b, const uint8_t *dead, const uint8_t *occ,
                             const uint32_t *reach, uint32_t reach_stamp, CorralScratch &s,
                             std::vector<int> &allowed) {
    // Stamps: each component gets its own; reset everything once on wrap-around.
    if (s.stamp > UINT32_MAX - static_cast<uint32_t>(b.n) - 2) {
        std::fill(s.comp.begin(), s.comp.end(), 0);
        std::fill(s.boxmark.begin(), s.boxmark.end(), 0);
        s.stamp = 0;
    }
    const uint32_t first = s.stamp + 1;
    bool have_best = false;
    for (int start = 0; start < b.n; ++start) {
        if (occ[start] || reach[start] == reach_stamp || s.comp[start] >= first) continue;
        const uint32_t id = ++s.stamp;
        // Flood the corral through empty unreachable cells; collect its adjacent boxes.
        s.cells.clear();
        s.boxes.clear();
        s.stack.clear();
        s.stack.push_back(start);
        s.comp[start] = id;
        bool unsolved = false;
        while (!s.stack.empty()) {
            const int c = s.stack.back();
            s.stack.pop_back();
            s.cells.push_back(c);
            if (b.goal[c]) unsolved = true; // an empty goal
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0) continue;
                if (occ[x]) {
                    if (s.boxmark[x] != id) {
                        s.boxmark[x] = id;
                        s.boxes.push_back(x);
                        if (!b.goal[x]) unsolved = true;
                    }
                } else if (s.comp[x] != id) {
                    s.comp[x] = id; // cannot be reachable: it touches an unreachable empty cell
                    s.stack.push_back(x);
                }
            }
        }
        if (!unsolved) continue;
        // Check I and P over every push of every adjacent box.
        s.pushes.clear();
        bool pi = true;
        for (size_t k = 0; k < s.boxes.size() && pi; ++k) {
            const int box = s.boxes[k];
            for (int d = 0; d < 4 && pi; ++d) {
                const int pos = b.nb[box][opposite(d)];
                const int dest = b.nb[box][d];
                if (pos < 0) continue;                                 // wall behind: never
                if (!occ[pos] && s.comp[pos] == id) continue;          // behind is inside C
                if (occ[pos] && s.boxmark[pos] == id) continue;        // an adjacent box: stays
                if (dest < 0 || !b.boxable[dest] || (dead && dead[dest])) continue; // never useful
                if (occ[dest]) {
                    if (s.boxmark[dest] == id) continue;               // an adjacent box: stays
                    pi = false;                                        // may move away later
                } else if (s.comp[dest] == id) {
                    // Into C: must be possible right now.
                    if (occ[pos] || reach[pos] != reach_stamp) pi = false;
                    else s.pushes.push_back(box * 4 + d);
                } else {
                    pi = false; // out of C
                }
            }
        }
        if (!pi) continue;
        if (s.pushes.empty()) return CorralVerdict::dead;
        if (!have_best || s.pushes.size() < s.best.size()) {
            s.best.swap(s.pushes);
            have_best = true;
        }
    }
    if (!have_best) return CorralVerdict::none;
    allowed.assign(s.best.begin(), s.best.end());
    return CorralVerdict::restrict;
}

} // namespace sokoban
