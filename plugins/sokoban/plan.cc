// plan.cc -- see plan.h.
#include "plan.h"

#include <algorithm>

namespace sokoban {

namespace {

// Floor areas of the cells with wall[c] == 0: area[c] its number (0 on walls); returns the
// number of areas, with size[a] the cells of area a.
int areas(const Board &b, const std::vector<uint8_t> &wall, std::vector<int> &area, std::vector<int> &size,
          std::vector<int> &stack) {
    std::fill(area.begin(), area.end(), 0);
    size.assign(1, 0);
    int count = 0;
    for (int c0 = 0; c0 < b.n; ++c0) {
        if (wall[c0] || area[c0]) continue;
        ++count;
        size.push_back(0);
        stack.clear();
        stack.push_back(c0);
        area[c0] = count;
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            ++size[count];
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || wall[x] || area[x]) continue;
                area[x] = count;
                stack.push_back(x);
            }
        }
    }
    return count;
}

} // namespace

PlanMap compute_plan(const Board &b, const PackingOrder &order) {
    PlanMap p;
    p.layers = order.layers;
    p.out.assign(static_cast<size_t>(order.layers) * b.n, 0);
    if (order.layers == 0 || order.layer.size() != static_cast<size_t>(b.n)) return p;
    std::vector<uint8_t> wall(b.n);
    std::vector<int> area(b.n), size, stack;
    std::vector<uint8_t> seen;
    for (int L = 0; L < order.layers; ++L) {
        uint8_t *out = &p.out[static_cast<size_t>(L) * b.n];
        // In the way: the goals below L are walls, and one more wall on c.
        for (int c = 0; c < b.n; ++c) wall[c] = b.goal[c] && order.layer[c] >= 0 && order.layer[c] < L;
        for (int c = 0; c < b.n; ++c) {
            if (wall[c] || !b.boxable[c] || (b.goal[c] && order.layer[c] == L)) continue;
            wall[c] = 1;
            const int count = areas(b, wall, area, size, stack);
            wall[c] = 0;
            if (count <= 1) continue;
            int big = 1;
            for (int a = 2; a <= count; ++a)
                if (size[a] > size[big]) big = a;
            for (int g : b.goals)
                if (g != c && order.layer[g] >= L && area[g] != big) {
                    out[c] |= b.goal[c] ? IN_WAY_GOAL : IN_WAY_FLOOR;
                    break;
                }
        }
        // To be shut in: the goals up to L are walls; the areas that hold a later layer's goal.
        if (L + 1 >= order.layers) continue;
        for (int c = 0; c < b.n; ++c) wall[c] = b.goal[c] && order.layer[c] >= 0 && order.layer[c] <= L;
        const int count = areas(b, wall, area, size, stack);
        seen.assign(static_cast<size_t>(count) + 1, 0);
        for (int g : b.goals)
            if (order.layer[g] > L) seen[area[g]] = 1;
        for (int c = 0; c < b.n; ++c)
            if (!wall[c] && b.boxable[c] && !seen[area[c]]) out[c] |= IN_SHUT;
    }
    return p;
}

uint32_t out_of_plan(const PlanMap &p, const Board &b, const uint8_t *occ, uint32_t next, uint8_t mask) {
    if (next >= static_cast<uint32_t>(p.layers)) return 0;
    const uint8_t *out = &p.out[static_cast<size_t>(next) * b.n];
    uint32_t count = 0;
    for (int c = 0; c < b.n; ++c) count += occ[c] && (out[c] & mask);
    return count;
}

} // namespace sokoban
