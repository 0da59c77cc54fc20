// areatree.cc -- see areatree.h.
#include "areatree.h"

#include <algorithm>

namespace sokoban {

void AreaTree::init(int n) {
    valid = false;
    stamp = 0;
    visit.assign(n, 0);
    disc.assign(n, 0);
    low.assign(n, 0);
    end.assign(n, 0);
    tparent.assign(n, -1);
    iter.assign(n, 0);
    submin.assign(n, 0);
    order.clear();
    order.reserve(n);
    stack.assign(n + 1, 0);
}

void AreaTree::build(const Board &b, const uint32_t *reach, uint32_t reach_stamp, int root) {
    ++builds;
    if (++stamp == 0) { // wrapped: clear once every 4 billion builds
        std::fill(visit.begin(), visit.end(), 0);
        stamp = 1;
    }
    order.clear();
    int top = 0, t = 0;
    // Iterative: the area can be as large as the board.
    auto enter = [&](int c, int parent) {
        visit[c] = stamp;
        disc[c] = low[c] = t++;
        tparent[c] = parent;
        iter[c] = 0;
        submin[c] = c;
        order.push_back(c);
        stack[top++] = c;
    };
    enter(root, -1);
    while (top > 0) {
        const int c = stack[top - 1];
        if (iter[c] < 4) {
            const int x = b.nb[c][iter[c]++];
            if (x < 0 || reach[x] != reach_stamp) continue;
            if (visit[x] != stamp)
                enter(x, c);
            else if (x != tparent[c] && disc[x] < low[c])
                low[c] = disc[x]; // a back edge (the grid has no parallel edges)
        } else {
            --top;
            end[c] = t; // the subtree of c is order[disc[c], end[c])
            const int p = tparent[c];
            if (p >= 0) {
                low[p] = std::min(low[p], low[c]);
                submin[p] = std::min(submin[p], submin[c]);
            }
        }
    }
    valid = true;
    built_for = reach_stamp;
}

int AreaTree::part_of(const Board &b, int to, int x) const {
    for (int d = 0; d < 4; ++d) {
        const int y = b.nb[to][d];
        if (y < 0 || visit[y] != stamp || tparent[y] != to) continue;
        if (disc[y] <= disc[x] && disc[x] < end[y]) return low[y] >= disc[to] ? y : -1;
    }
    return -1; // outside the subtree of `to`: the root's side
}

void AreaTree::append_part(const Board &b, int to, int part, std::vector<int> &out) const {
    if (part >= 0) {
        out.insert(out.end(), order.begin() + disc[part], order.begin() + end[part]);
        return;
    }
    // The root's part: the area but `to` and the separate subtrees of its tree children.
    out.insert(out.end(), order.begin(), order.begin() + disc[to]);
    for (int d = 0; d < 4; ++d) {
        const int y = b.nb[to][d];
        if (y < 0 || visit[y] != stamp || tparent[y] != to || low[y] >= disc[to]) continue;
        out.insert(out.end(), order.begin() + disc[y], order.begin() + end[y]);
    }
    out.insert(out.end(), order.begin() + end[to], order.end());
}

} // namespace sokoban
