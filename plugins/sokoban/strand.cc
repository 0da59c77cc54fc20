// strand.cc -- see strand.h.
#include "strand.h"

#include <algorithm>

namespace sokoban {

namespace {

// The reach of every empty goal with the boxes on goals as walls: a backward search per goal.
// A box on cell p is pushed in direction d onto c = nb[p][d] with the player on nb[p][d ^ 2]
// (opposite directions differ in bit 1), so from a cell c in the reach, p = nb[c][d ^ 2] joins
// it when p and the player's cell nb[p][d ^ 2] are floor without a wall.
void build_reaches(const Board &b, const uint8_t *dead, StrandScratch &s) {
    ++s.reach_builds;
    s.words = (static_cast<size_t>(b.n) + 63) / 64;
    s.reach.assign(s.empty.size() * s.words, 0);
    s.queue.resize(b.n);
    for (size_t k = 0; k < s.empty.size(); ++k) {
        uint64_t *r = &s.reach[k * s.words];
        const int g = s.empty[k];
        int head = 0, tail = 0;
        r[g >> 6] |= 1ull << (g & 63);
        s.queue[tail++] = g;
        while (head < tail) {
            const int c = s.queue[head++];
            for (int d = 0; d < 4; ++d) {
                const int p = b.nb[c][d ^ 2];
                if (p < 0 || s.blocked[p] || (r[p >> 6] >> (p & 63)) & 1) continue;
                if (!b.boxable[p] || (dead && dead[p] && !b.goal[p])) continue;
                const int q = b.nb[p][d ^ 2];
                if (q < 0 || s.blocked[q]) continue;
                r[p >> 6] |= 1ull << (p & 63);
                s.queue[tail++] = p;
            }
        }
    }
}

// The floor's parts with the walls (the boxes on them too): the player's part says which boxes he
// can get beside at all.
void label_parts(const Board &b, StrandScratch &s) {
    s.part.assign(b.n, -1);
    int parts = 0;
    for (int c0 = 0; c0 < b.n; ++c0) {
        if (s.blocked[c0] || s.part[c0] >= 0) continue;
        int tail = 0;
        s.part[c0] = parts;
        s.queue[tail++] = c0;
        while (tail > 0) {
            const int c = s.queue[--tail];
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || s.blocked[x] || s.part[x] >= 0) continue;
                s.part[x] = parts;
                s.queue[tail++] = x;
            }
        }
        ++parts;
    }
}

bool reaches(const StrandScratch &s, size_t k, int cell) {
    return (s.reach[k * s.words + (cell >> 6)] >> (cell & 63)) & 1;
}

// May box i take open goal k: it stands on it, or the goal's reach holds its cell and the
// player can get beside it (a neighbour in his part; the player < 0: anywhere).
bool may_take(const StrandScratch &s, size_t k, int i) {
    const int x = s.boxes[i];
    if (x == s.empty[k]) return true;
    if (!reaches(s, k, x)) return false;
    return s.beside[i];
}

// Kuhn's augmenting path from box i (depth-first; the stamp marks goals tried this round).
bool augment(StrandScratch &s, int i) {
    for (size_t k = 0; k < s.empty.size(); ++k) {
        if (s.seen[k] == s.stamp || !may_take(s, k, i)) continue;
        s.seen[k] = s.stamp;
        if (s.match_box[k] < 0 || augment(s, s.match_box[k])) {
            s.match_box[k] = i;
            s.match_goal[i] = static_cast<int>(k);
            return true;
        }
    }
    return false;
}

} // namespace

uint32_t strand_count(const Board &b, const uint8_t *dead, const uint8_t *occ, const uint8_t *fixed, int player,
                      StrandScratch &s) {
    s.board = &b;
    const size_t goals = b.goals.size();
    if (s.walls.size() != goals) {
        s.walls.assign(goals, 0);
        s.blocked.assign(b.n, 0);
        s.valid = false;
    }
    bool same = s.valid;
    for (size_t k = 0; k < goals; ++k) {
        const uint8_t on = occ[b.goals[k]] && (!fixed || fixed[b.goals[k]]) ? 1 : 0;
        if (s.walls[k] != on) {
            s.walls[k] = on;
            same = false;
        }
    }
    if (!same) {
        s.empty.clear();
        for (size_t k = 0; k < goals; ++k) {
            s.blocked[b.goals[k]] = s.walls[k];
            if (!s.walls[k]) s.empty.push_back(b.goals[k]);
        }
        build_reaches(b, dead, s);
        label_parts(b, s);
        s.valid = true;
    }
    s.boxes.clear();
    for (int c = 0; c < b.n; ++c)
        if (occ[c] && !s.blocked[c]) s.boxes.push_back(c);
    const size_t m = s.boxes.size();
    const int mine = player >= 0 && player < b.n ? s.part[player] : -1;
    s.beside.assign(m, 1);
    if (mine >= 0)
        for (size_t i = 0; i < m; ++i) {
            bool near = false;
            for (int d = 0; d < 4 && !near; ++d) {
                const int y = b.nb[s.boxes[i]][d];
                near = y >= 0 && s.part[y] == mine;
            }
            s.beside[i] = near;
        }
    s.match_goal.assign(m, -1);
    s.match_box.assign(s.empty.size(), -1);
    // A greedy start: each box takes the first free goal it reaches.
    size_t matched = 0;
    for (size_t i = 0; i < m; ++i)
        for (size_t k = 0; k < s.empty.size(); ++k)
            if (s.match_box[k] < 0 && may_take(s, k, static_cast<int>(i))) {
                s.match_box[k] = static_cast<int>(i);
                s.match_goal[i] = static_cast<int>(k);
                ++matched;
                break;
            }
    if (s.seen.size() < s.empty.size()) s.seen.assign(s.empty.size(), 0);
    for (size_t i = 0; i < m; ++i) {
        if (s.match_goal[i] >= 0) continue;
        if (++s.stamp == 0) {
            std::fill(s.seen.begin(), s.seen.end(), 0);
            s.stamp = 1;
        }
        if (augment(s, static_cast<int>(i))) ++matched;
    }
    return static_cast<uint32_t>(m - matched);
}

} // namespace sokoban
