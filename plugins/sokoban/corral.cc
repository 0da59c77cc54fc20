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
    pushes.reserve(4 * static_cast<size_t>(n));
    best.reserve(4 * static_cast<size_t>(n));
    first_box.reserve(n + 1);
    comp_boxes.reserve(4 * static_cast<size_t>(n));
    comp_goal.reserve(n);
    comp_min.reserve(n);
    in_set.reserve(n);
    set_list.reserve(n);
}

namespace {
constexpr int MAX_COMPONENTS = 64; // beyond this many corrals, only single ones are tried
constexpr int MAX_MERGES = 8;      // components merged into one candidate at most
} // namespace

CorralVerdict find_pi_corral(const Board &b, const uint8_t *dead, const uint8_t *occ,
                             const uint32_t *reach, uint32_t reach_stamp, CorralScratch &s,
                             std::vector<int> &allowed, bool rescan) {
    // Stamps: every component and every candidate set gets fresh ones; reset on wrap-around.
    if (s.stamp > UINT32_MAX - 4u * static_cast<uint32_t>(b.n) - 16u) {
        std::fill(s.comp.begin(), s.comp.end(), 0);
        std::fill(s.boxmark.begin(), s.boxmark.end(), 0);
        s.stamp = 0;
    }
    // 1. Label the corrals: s.comp[c] = base + index + 1 for empty unreachable cells.
    const uint32_t base = s.stamp;
    int m = 0;
    s.first_box.clear();
    s.comp_boxes.clear();
    s.comp_goal.clear();
    s.comp_min.clear();
    for (int start = 0; start < b.n; ++start) {
        if (occ[start] || reach[start] == reach_stamp || s.comp[start] > base) continue;
        const uint32_t id = base + static_cast<uint32_t>(m) + 1;
        ++m;
        s.first_box.push_back(static_cast<int>(s.comp_boxes.size()));
        // The corral's smallest cell: a smaller one would have started it (cells ascend).
        s.comp_min.push_back(start);
        bool goal = false;
        s.stack.clear();
        s.stack.push_back(start);
        s.comp[start] = id;
        while (!s.stack.empty()) {
            const int c = s.stack.back();
            s.stack.pop_back();
            if (b.goal[c]) goal = true;
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0) continue;
                if (occ[x]) {
                    // Each box once per corral, in the order first met: the lists below are
                    // scanned once per merge attempt and seed (XSokoban 29's goal room, one
                    // corral with most boxes around it: half the A*'s CPU in here).
                    if (s.boxmark[x] != id) {
                        s.boxmark[x] = id;
                        s.comp_boxes.push_back(x);
                    }
                } else if (s.comp[x] != id) {
                    s.comp[x] = id; // touches an unreachable empty cell, so unreachable too
                    s.stack.push_back(x);
                }
            }
        }
        // "Unsolved on its own": an empty goal inside or an adjacent box off a goal.
        for (size_t k = static_cast<size_t>(s.first_box.back()); k < s.comp_boxes.size() && !goal; ++k)
            if (!b.goal[s.comp_boxes[k]]) goal = true;
        s.comp_goal.push_back(goal ? 1 : 0);
    }
    s.first_box.push_back(static_cast<int>(s.comp_boxes.size()));
    s.stamp = base + static_cast<uint32_t>(m) + 1;
    s.label_base = base;
    s.label_count = static_cast<uint32_t>(m);
    if (m == 0) return CorralVerdict::none;
    auto comp_index = [&](int cell) -> int { // -1 unless an empty unreachable cell
        if (occ[cell] || s.comp[cell] <= base || s.comp[cell] > base + static_cast<uint32_t>(m)) return -1;
        return static_cast<int>(s.comp[cell] - base - 1);
    };

    // 2. Try each corral as a seed; merge in the corrals a push would reach from or into.
    bool have_best = false;
    const int seeds = m;
    s.in_set.assign(m, 0);
    s.set_list.clear();
    for (int seed = 0; seed < seeds; ++seed) {
        // Seeds are corrals unsolved on their own (a solved one could only matter merged with
        // an unsolved one, which is a seed itself): fewer candidates, still sound.
        if (!s.comp_goal[seed]) continue;
        for (int c : s.set_list) s.in_set[c] = 0;
        s.set_list.clear();
        s.in_set[seed] = 1;
        s.set_list.push_back(seed);
        // The set's adjacent boxes, marked with one stamp per seed; a merged corral's new boxes
        // are appended (the list of the merged set, in the same order, as a fresh collection
        // would give). A merge does not restart the scan of the pushes: every (box, direction)
        // before the one that asked for the merge gave "stays" or "a push into the set", and a
        // larger set gives each of them the same answer (the checks that say "stays" only grow
        // with the set; a push into the set stays one), so the scan resumes at that pair with
        // the pushes found so far (corralmerge=rescan: from the start, as before; the same
        // verdict and pushes in the same order either way, tested).
        const uint32_t mark = ++s.stamp;
        s.boxes.clear();
        s.pushes.clear();
        bool pi = false, unsolved = false;
        auto add_boxes = [&](int c) {
            if (s.comp_goal[c]) unsolved = true;
            for (int k = s.first_box[c]; k < s.first_box[c + 1]; ++k) {
                const int x = s.comp_boxes[k];
                if (s.boxmark[x] == mark) continue;
                s.boxmark[x] = mark;
                s.boxes.push_back(x);
                if (!b.goal[x]) unsolved = true;
            }
        };
        add_boxes(seed);
        size_t k = 0; // the scan's resume point: box k, direction d0
        int d0 = 0;
        for (int attempt = 0; attempt <= MAX_MERGES; ++attempt) {
            if (!unsolved) break;
            if (rescan) {
                k = 0;
                d0 = 0;
                s.pushes.clear();
            }
            int merge = -1;
            bool fail = false;
            for (; k < s.boxes.size() && !fail && merge < 0; ++k, d0 = 0) {
                const int box = s.boxes[k];
                int d = d0;
                for (; d < 4; ++d) {
                    const int pos = b.nb[box][opposite(d)];
                    const int dest = b.nb[box][d];
                    if (pos < 0) continue;                           // wall behind: never
                    if (occ[pos] && s.boxmark[pos] == mark) continue; // an adjacent box: stays
                    const int pc = comp_index(pos);
                    if (pc >= 0 && s.in_set[pc]) continue;           // behind is inside
                    if (dest < 0 || !b.boxable[dest] || (dead && dead[dest])) continue; // never useful
                    if (occ[dest] && s.boxmark[dest] == mark) continue;              // stays
                    if (pc >= 0) {
                        merge = pc; // the player could stand there once that corral opens
                        break;
                    }
                    if (occ[dest]) {
                        fail = true; // that box may move away, and the push becomes possible
                        break;
                    }
                    const int dc = comp_index(dest);
                    if (dc >= 0 && s.in_set[dc]) {
                        // Into the set: must be possible right now (P).
                        if (occ[pos] || reach[pos] != reach_stamp) {
                            fail = true;
                            break;
                        }
                        s.pushes.push_back(box * 4 + d);
                    } else if (dc >= 0) {
                        merge = dc; // into another corral: take it in
                        break;
                    } else {
                        fail = true; // out into the player's area (I fails)
                        break;
                    }
                }
                if (fail || merge >= 0) {
                    d0 = d; // resume here after the merge (k stays: the loop's step is skipped)
                    break;
                }
            }
            if (fail) break;
            if (merge < 0) {
                pi = true;
                break;
            }
            if (static_cast<int>(s.set_list.size()) >= MAX_MERGES + 1 || m > MAX_COMPONENTS) break;
            ++s.merges;
            s.in_set[merge] = 1;
            s.set_list.push_back(merge);
            add_boxes(merge);
        }
        if (!pi || !unsolved) continue;
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
