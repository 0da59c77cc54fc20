// roomfill.cc -- see roomfill.h.
#include "roomfill.h"

#include <algorithm>

namespace sokoban {

namespace {

// Smallest cell of the area reached from `from` over cells with blocked[c] == 0.
int flood_min(const Board &b, const std::vector<uint8_t> &blocked, int from, std::vector<uint32_t> &mark,
              uint32_t &stamp, std::vector<int> &stack) {
    if (++stamp == 0) {
        std::fill(mark.begin(), mark.end(), 0);
        stamp = 1;
    }
    int best = from;
    stack.clear();
    stack.push_back(from);
    mark[from] = stamp;
    while (!stack.empty()) {
        const int c = stack.back();
        stack.pop_back();
        best = std::min(best, c);
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || blocked[x] || mark[x] == stamp) continue;
            mark[x] = stamp;
            stack.push_back(x);
        }
    }
    return best;
}

} // namespace

void RoomFill::init(const Board &b, bool on) {
    const int n = b.n;
    groups.clear();
    group_of.assign(n, -1);
    bit_of.assign(n, -1);
    if (!on) return;
    // Pieces: the 4-connected groups of goals, a larger group cut into pieces of at most
    // MAX_CELLS in breadth-first order. A piece is as sound as a whole group: the goals beside it
    // simply count as outside cells, where boxes never block and may come and go.
    std::vector<int> comp(n, -1), stack;
    std::vector<std::vector<int>> pieces;
    for (int g0 : b.goals) {
        if (comp[g0] >= 0 || !b.boxable[g0]) continue;
        std::vector<int> order;
        comp[g0] = 0;
        order.push_back(g0);
        for (size_t head = 0; head < order.size(); ++head) {
            const int c = order[head];
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || comp[x] >= 0 || !b.goal[x] || !b.boxable[x]) continue;
                comp[x] = 0;
                order.push_back(x);
            }
        }
        for (size_t from = 0; from < order.size(); from += MAX_CELLS) {
            const size_t to = std::min(order.size(), from + MAX_CELLS);
            if (to - from >= 2) pieces.emplace_back(order.begin() + static_cast<long>(from), order.begin() + static_cast<long>(to));
        }
    }
    for (std::vector<int> &cells : pieces) {
        const int k = static_cast<int>(cells.size());
        std::sort(cells.begin(), cells.end());
        Group gr;
        gr.cells = cells;
        gr.fillable.assign(size_t{1} << k, 0);
        std::vector<int> bit(n, -1);
        for (int i = 0; i < k; ++i) bit[cells[i]] = i;
        // Backward search over (filling, smallest cell of the player's area).
        std::vector<uint8_t> blocked(n, 0), seen((size_t{1} << k) * static_cast<size_t>(n), 0);
        std::vector<uint32_t> mark(n, 0);
        uint32_t stamp = 0;
        std::vector<std::pair<uint32_t, int>> queue;
        const uint32_t full = (1u << k) - 1;
        auto set_blocked = [&](uint32_t mask) {
            for (int i = 0; i < k; ++i) blocked[cells[i]] = (mask >> i) & 1;
        };
        set_blocked(full);
        for (int c = 0; c < n; ++c) {
            if (blocked[c]) continue;
            const int a = flood_min(b, blocked, c, mark, stamp, stack);
            uint8_t &s = seen[static_cast<size_t>(full) * n + a];
            if (!s) {
                s = 1;
                queue.emplace_back(full, a);
            }
        }
        std::vector<uint32_t> area(n, 0);
        uint32_t area_stamp = 0;
        for (size_t head = 0; head < queue.size(); ++head) {
            const uint32_t mask = queue[head].first;
            const int start = queue[head].second;
            gr.fillable[mask] = 1;
            set_blocked(mask);
            flood_min(b, blocked, start, area, area_stamp, stack); // the player's area
            const uint32_t here = area_stamp;
            auto visit = [&](uint32_t next, int player) {
                set_blocked(next);
                const int a = flood_min(b, blocked, player, mark, stamp, stack);
                set_blocked(mask);
                uint8_t &s = seen[static_cast<size_t>(next) * n + a];
                if (!s) {
                    s = 1;
                    queue.emplace_back(next, a);
                }
            };
            for (int i = 0; i < k; ++i) {
                const int g = cells[i];
                if ((mask >> i) & 1) continue;
                // The reverse of a push out of the group: a box outside, beside the empty goal
                // g, is pulled onto g by the player standing on g, who steps back.
                if (area[g] != here) continue;
                for (int d = 0; d < 4; ++d) {
                    const int o = b.nb[g][d];
                    if (o < 0 || bit[o] >= 0 || !b.boxable[o]) continue;
                    const int q = b.nb[g][opposite(d)];
                    if (q < 0 || area[q] != here) continue;
                    visit(mask | (1u << i), q);
                }
            }
            for (int i = 0; i < k; ++i) {
                if (!((mask >> i) & 1)) continue;
                const int box = cells[i];
                for (int d = 0; d < 4; ++d) {
                    const int p = b.nb[box][d]; // the player stands here, pulls the box onto it
                    if (p < 0 || area[p] != here) continue;
                    const int q = b.nb[p][d]; // and steps back to here
                    if (q < 0 || area[q] != here) continue;
                    uint32_t next = mask & ~(1u << i);
                    if (bit[p] >= 0) next |= 1u << bit[p];
                    else if (!b.boxable[p]) continue;
                    visit(next, q);
                }
            }
        }
        // Per filling: completable from all of its player areas, none, or some.
        for (uint32_t mask = 0; mask <= full; ++mask) {
            if (!gr.fillable[mask]) continue;
            set_blocked(mask);
            bool all = true;
            std::fill(area.begin(), area.end(), 0);
            area_stamp = 0;
            for (int c = 0; c < n && all; ++c) {
                if (blocked[c] || area[c] != 0) continue;
                const int a = flood_min(b, blocked, c, area, area_stamp, stack);
                if (!seen[static_cast<size_t>(mask) * n + a]) all = false;
            }
            if (!all) gr.fillable[mask] = 2;
        }
        set_blocked(0);
        gr.seen = std::move(seen);
        const int id = static_cast<int>(groups.size());
        for (int i = 0; i < k; ++i) {
            group_of[cells[i]] = static_cast<int16_t>(id);
            bit_of[cells[i]] = static_cast<int8_t>(i);
        }
        groups.push_back(std::move(gr));
    }
}

bool RoomFill::fillable(const Board &b, const uint8_t *occ, int cell, int player, Scratch &s) const {
    const int g = group_of[cell];
    if (g < 0) return true;
    const Group &gr = groups[static_cast<size_t>(g)];
    uint32_t mask = 0;
    for (size_t i = 0; i < gr.cells.size(); ++i)
        if (occ[gr.cells[i]]) mask |= 1u << i;
    const uint8_t f = gr.fillable[mask];
    if (f != 2) return f != 0;
    // Flood the player's area with only the group's boxes as obstacles.
    if (s.mark.size() != static_cast<size_t>(b.n)) {
        s.mark.assign(b.n, 0);
        s.stamp = 0;
    }
    if (++s.stamp == 0) {
        std::fill(s.mark.begin(), s.mark.end(), 0);
        s.stamp = 1;
    }
    auto blocked = [&](int c) { return group_of[c] == g && occ[c]; };
    int best = player;
    s.stack.clear();
    s.stack.push_back(player);
    s.mark[player] = s.stamp;
    while (!s.stack.empty()) {
        const int c = s.stack.back();
        s.stack.pop_back();
        best = std::min(best, c);
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || blocked(x) || s.mark[x] == s.stamp) continue;
            s.mark[x] = s.stamp;
            s.stack.push_back(x);
        }
    }
    return gr.seen[static_cast<size_t>(mask) * static_cast<size_t>(b.n) + static_cast<size_t>(best)] != 0;
}

} // namespace sokoban
