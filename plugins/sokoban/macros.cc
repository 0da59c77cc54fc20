// macros.cc -- see macros.h.
#include "macros.h"

#include <algorithm>

namespace sokoban {

void PathScratch::init(int n) {
    occ.assign(n, 0);
    prev.assign(static_cast<size_t>(n) * 4, -1);
    mark.assign(n, 0);
    stamp = 0;
    queue.reserve(static_cast<size_t>(n) * 4);
    stack.reserve(n + 1);
    dirs.reserve(n);
}

namespace {

// Flood the player's area from `from` over cells free in `occ` (the box at `box` blocks too;
// the cell `also_free`, if any, counts as free whatever occ says); marks reached cells with a
// fresh stamp in s.mark; returns the smallest cell reached.
int flood_around(const Board &b, PathScratch &s, const uint8_t *occ, int box, int from, int also_free = -1) {
    if (++s.stamp == 0) {
        std::fill(s.mark.begin(), s.mark.end(), 0);
        s.stamp = 1;
    }
    const uint32_t st = s.stamp;
    int best = from;
    s.stack.clear();
    s.stack.push_back(from);
    s.mark[from] = st;
    while (!s.stack.empty()) {
        const int c = s.stack.back();
        s.stack.pop_back();
        if (c < best) best = c;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || x == box || (occ[x] && x != also_free) || s.mark[x] == st) continue;
            s.mark[x] = st;
            s.stack.push_back(x);
        }
    }
    return best;
}

// Fewest pulls that take the box at `goal` out of the room (room[c] != 0), the other filled
// cells fixed and the player starting anywhere outside; -1 when impossible.
int pull_out_distance(const Board &b, const std::vector<uint8_t> &room, std::vector<uint8_t> &filled,
                      int goal, PathScratch &s) {
    const int n = b.n;
    std::vector<int> dist(static_cast<size_t>(n) * 4, -1);
    // The player's start area: everything reachable from outside the room.
    if (++s.stamp == 0) {
        std::fill(s.mark.begin(), s.mark.end(), 0);
        s.stamp = 1;
    }
    const uint32_t outside = s.stamp;
    s.stack.clear();
    for (int c = 0; c < n; ++c)
        if (!room[c] && !filled[c]) {
            s.mark[c] = outside;
            s.stack.push_back(c);
        }
    while (!s.stack.empty()) {
        const int c = s.stack.back();
        s.stack.pop_back();
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || filled[x] || s.mark[x] == outside) continue;
            s.mark[x] = outside;
            s.stack.push_back(x);
        }
    }
    s.queue.clear();
    for (int d = 0; d < 4; ++d) {
        const int x = b.nb[goal][d];
        if (x >= 0 && s.mark[x] == outside) {
            dist[goal * 4 + d] = 0;
            s.queue.push_back(goal * 4 + d);
        }
    }
    filled[goal] = 0; // the moving box is tracked by its cell below; restored on return
    int result = -1;
    for (size_t head = 0; head < s.queue.size(); ++head) {
        const int st = s.queue[head];
        const int box = st / 4, side = st % 4;
        if (!room[box]) {
            result = dist[st];
            break;
        }
        flood_around(b, s, filled.data(), box, b.nb[box][side]);
        const uint32_t here = s.stamp;
        for (int d = 0; d < 4; ++d) {
            const int p = b.nb[box][d]; // the player stands here and pulls the box onto it
            if (p < 0 || s.mark[p] != here || !b.boxable[p]) continue;
            const int q = b.nb[p][d]; // and steps back to here
            if (q < 0 || filled[q] || q == box) continue;
            const int ns = p * 4 + d;
            if (dist[ns] >= 0) continue;
            dist[ns] = dist[st] + 1;
            s.queue.push_back(ns);
        }
    }
    filled[goal] = 1;
    return result;
}

} // namespace

void Macros::init(const Board &b, const uint8_t *dead, bool tunnels_on, bool goalrooms_on) {
    tunnels = tunnels_on;
    goalrooms = goalrooms_on;
    const int n = b.n;
    tunnel.assign(static_cast<size_t>(n) * 4, 0);
    for (int t = 0; t < n && tunnels; ++t) {
        if (b.goal[t]) continue;
        for (int d = 0; d < 4; ++d) {
            const int c = b.nb[t][opposite(d)];
            if (c < 0) continue;
            const int p1 = (d + 1) % 4, p2 = (d + 3) % 4;
            if (b.nb[t][p1] < 0 && b.nb[t][p2] < 0 && b.nb[c][p1] < 0 && b.nb[c][p2] < 0)
                tunnel[t * 4 + d] = 1;
        }
    }
    room_of.assign(n, -1);
    rooms.clear();
    if (!goalrooms) return;
    // Rooms: 4-connected groups of boxable goal cells.
    std::vector<int> comp(n, -1), stack;
    std::vector<std::vector<int>> groups;
    for (int g : b.goals) {
        if (comp[g] >= 0 || !b.boxable[g]) continue;
        const int id = static_cast<int>(groups.size());
        groups.emplace_back();
        comp[g] = id;
        stack.push_back(g);
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            groups[id].push_back(c);
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || comp[x] >= 0 || !b.goal[x] || !b.boxable[x]) continue;
                comp[x] = id;
                stack.push_back(x);
            }
        }
    }
    std::vector<uint8_t> at_start(n, 0);
    for (int box : b.start_boxes) at_start[box] = 1;
    PathScratch ps;
    ps.init(n);
    for (auto &cells : groups) {
        if (cells.size() < 2) continue;
        std::sort(cells.begin(), cells.end());
        std::vector<uint8_t> room(n, 0), filled(n, 0);
        for (int c : cells) room[c] = filled[c] = 1;
        // One entrance: the cells outside the room next to it form one 4-connected doorway.
        std::vector<uint8_t> door(n, 0);
        std::vector<int> doors;
        for (int c : cells)
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x >= 0 && !room[x] && !door[x]) {
                    door[x] = 1;
                    doors.push_back(x);
                }
            }
        if (doors.empty()) continue;
        size_t reached = 1;
        door[doors[0]] = 2;
        stack.assign(1, doors[0]);
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || door[x] != 1) continue;
                door[x] = 2;
                ++reached;
                stack.push_back(x);
            }
        }
        if (reached != doors.size()) continue;
        std::vector<int> removed;
        for (size_t left = cells.size(); left > 0; --left) {
            int best = -1, best_key = 0;
            for (int c : cells) {
                if (!filled[c]) continue;
                const int dist = pull_out_distance(b, room, filled, c, ps);
                if (dist < 0) continue;
                // Empty at the start first (filled last), then the nearest to leaving.
                const int key = (at_start[c] ? 1 << 20 : 0) + dist;
                if (best < 0 || key < best_key) {
                    best = c;
                    best_key = key;
                }
            }
            if (best < 0) break;
            filled[best] = 0;
            removed.push_back(best);
        }
        if (removed.size() != cells.size()) continue; // no packing order found: no macro
        GoalRoom r;
        r.cells = cells;
        r.order.assign(removed.rbegin(), removed.rend());
        const int id = static_cast<int>(rooms.size());
        for (int c : cells) room_of[c] = id;
        rooms.push_back(std::move(r));
    }
    (void)dead;
}

bool push_path(const Board &b, const uint8_t *occ, const uint8_t *allowed, int from, int player, int target,
               int want_player, PathScratch &s, std::vector<int> &dirs, int &end_player) {
    dirs.clear();
    std::fill(s.prev.begin(), s.prev.end(), -1);
    s.queue.clear();
    flood_around(b, s, occ, from, player);
    const uint32_t start = s.stamp;
    for (int d = 0; d < 4; ++d) {
        const int x = b.nb[from][d];
        if (x >= 0 && x != from && s.mark[x] == start) {
            s.prev[from * 4 + d] = -2;
            s.queue.push_back(from * 4 + d);
        }
    }
    for (size_t head = 0; head < s.queue.size(); ++head) {
        const int st = s.queue[head];
        const int box = st / 4, side = st % 4;
        const int p = b.nb[box][side];
        // The box's own start cell is free once it has moved.
        auto blocked = [&](int c) { return c != from && occ[c]; };
        if (box == target) {
            bool ok = want_player < 0;
            if (!ok) {
                // Area of the player with the box at target (the start cell counts as free).
                ok = flood_around(b, s, occ, box, p, from) == want_player;
            }
            if (ok) {
                end_player = p;
                for (int cur = st; s.prev[cur] != -2; cur = s.prev[cur]) dirs.push_back(opposite(cur % 4));
                std::reverse(dirs.begin(), dirs.end());
                return true;
            }
        }
        // Player's area around the box at `box` (its start cell is free once it has moved).
        flood_around(b, s, occ, box, p, from);
        const uint32_t m = s.stamp;
        for (int s2 = 0; s2 < 4; ++s2) {
            const int q = b.nb[box][s2];
            if (q < 0 || s.mark[q] != m) continue;
            const int d = opposite(s2); // push away from the player
            const int dest = b.nb[box][d];
            if (dest < 0 || blocked(dest) || !b.boxable[dest]) continue;
            if (allowed && !allowed[dest]) continue;
            const int ns = dest * 4 + s2; // the player now stands on `box`, on side s2 of dest
            if (s.prev[ns] != -1) continue;
            s.prev[ns] = st;
            s.queue.push_back(ns);
        }
    }
    return false;
}

} // namespace sokoban
