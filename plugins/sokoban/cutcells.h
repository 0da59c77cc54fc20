// cutcells.h -- a depth-first search with low links over a board's free cells (Tarjan's cut
// cells), and the part of the floor a cell lies in once another cell is taken away.
//
// Two users: the packing macro's box paths (packing.cc: one tree from the box's start, on the
// board as the path leaves it) and the seal count's tables (seal.cc: a forest over every free
// cell of each table, made once per level). AreaTree (areatree.h) is the per-expansion kind
// over a stamped area, which also keeps each part's cells as a range of the visit order.
//
// Numbering: disc[c] is c's discovery number from 1 (0: not reached, which the caller sets
// before the first tree), low[c] the smallest number reached from c's subtree by one back edge,
// last[c] the largest number in c's subtree (so the subtree is disc[c]..last[c]), parent[c] the
// tree parent (-1 at a root).
#ifndef SOKOBAN_CUTCELLS_H
#define SOKOBAN_CUTCELLS_H

#include <algorithm>
#include <cstdint>

#include "board.h"

namespace sokoban {

struct CutView { // read-only, for cut_part
    const int *disc, *low, *last, *parent;
};

struct CutArrays {
    int *disc, *low, *last, *parent;
    operator CutView() const { return {disc, low, last, parent}; }
};

// Grows one tree from root (free, disc[root] == 0) over the cells with blocked[c] == 0, numbering
// from t + 1; returns the last number used. stack (n + 1 ints) and next (n bytes) are scratch.
// Recursion-free, the same order of visits as a plain recursion over the directions 0..3.
inline int cut_tree(const Board &b, const uint8_t *blocked, int root, int t, const CutArrays &a, int *stack,
                    uint8_t *next) {
    int *disc = a.disc, *low = a.low, *last = a.last, *parent = a.parent;
    const std::array<int32_t, 4> *nb = b.nb.data();
    int top = 0;
    disc[root] = low[root] = ++t;
    parent[root] = -1;
    next[root] = 0;
    stack[top++] = root;
    while (top > 0) {
        const int c = stack[top - 1];
        int d = next[c];
        bool down = false;
        while (d < 4) {
            const int x = nb[c][d++];
            if (x < 0 || blocked[x]) continue;
            if (disc[x] == 0) {
                next[c] = static_cast<uint8_t>(d);
                parent[x] = c;
                disc[x] = low[x] = ++t;
                next[x] = 0;
                stack[top++] = x;
                down = true;
                break;
            }
            if (x != parent[c]) low[c] = std::min(low[c], disc[x]);
        }
        if (down) continue;
        --top;
        last[c] = t;
        const int p = parent[c];
        if (p >= 0) low[p] = std::min(low[p], low[c]);
    }
    return t;
}

// The part of x's tree without x that u (a cell of the same tree, not x) lies in: the tree child
// of x whose subtree holds u when no back edge leads from that subtree above x (x cuts it off),
// else -1 (the part with x's parent, or all of the tree but x when x is its root).
inline int cut_part(const Board &b, const CutView &a, int x, int u) {
    if (a.disc[u] <= a.disc[x] || a.disc[u] > a.last[x]) return -1; // not below x
    for (int e = 0; e < 4; ++e) {
        const int v = b.nb[x][e];
        if (v < 0 || a.disc[v] == 0 || a.parent[v] != x) continue;
        if (a.disc[v] <= a.disc[u] && a.disc[u] <= a.last[v]) return a.low[v] >= a.disc[x] ? v : -1;
    }
    return -1;
}

} // namespace sokoban

#endif
