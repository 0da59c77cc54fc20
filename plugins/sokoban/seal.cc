// seal.cc -- see seal.h.
#include "seal.h"

#include <algorithm>

#include "sidegoals.h"

namespace sokoban {

namespace {

// The depth-first forest of the cells with wall[c] == 0 into the table's arrays (one
// recursion-free search per tree; low links over back edges, as packing.cc's cut search).
void forest(const Board &b, const std::vector<uint8_t> &wall, int *disc, int *low, int *last, int *parent, int *root) {
    std::fill(disc, disc + b.n, 0);
    std::vector<int> stack;
    std::vector<uint8_t> next(b.n, 0);
    int t = 0;
    for (int r = 0; r < b.n; ++r) {
        if (wall[r] || disc[r]) continue;
        disc[r] = low[r] = ++t;
        parent[r] = -1;
        root[r] = r;
        stack.assign(1, r);
        while (!stack.empty()) {
            const int c = stack.back();
            bool down = false;
            while (next[c] < 4) {
                const int x = b.nb[c][next[c]++];
                if (x < 0 || wall[x]) continue;
                if (disc[x] == 0) {
                    parent[x] = c;
                    root[x] = r;
                    disc[x] = low[x] = ++t;
                    stack.push_back(x);
                    down = true;
                    break;
                }
                if (x != parent[c]) low[c] = std::min(low[c], disc[x]);
            }
            if (down) continue;
            stack.pop_back();
            last[c] = t;
            if (parent[c] >= 0) low[parent[c]] = std::min(low[parent[c]], low[c]);
        }
    }
}

// The part of table t's floor without cell x that cell u (free, not x) lies in: -2 in another
// tree, the child of x whose subtree holds u when x cuts it off, else -1.
int part(const SealMap &m, const Board &b, size_t t, int x, int u) {
    const size_t o = t * static_cast<size_t>(b.n);
    const int *disc = &m.disc[o], *low = &m.low[o], *last = &m.last[o], *parent = &m.parent[o];
    if (m.root[o + u] != m.root[o + x]) return -2;
    if (disc[u] <= disc[x] || disc[u] > last[x]) return -1;
    for (int e = 0; e < 4; ++e) {
        const int v = b.nb[x][e];
        if (v < 0 || disc[v] == 0 || parent[v] != x) continue;
        if (disc[v] <= disc[u] && disc[u] <= last[v]) return low[v] >= disc[x] ? v : -1;
    }
    return -1;
}

} // namespace

SealMap compute_seal(const Board &b, const PackingOrder &order) {
    SealMap m;
    const size_t goals = b.goals.size();
    if (order.layers == 0 || goals == 0 || goals > 64 || order.layer.size() != static_cast<size_t>(b.n)) return m;
    m.layers = order.layers;
    m.goal_layer.resize(goals);
    m.park_layer.assign(goals, m.layers);
    m.goal_index.assign(b.n, -1);
    for (size_t k = 0; k < goals; ++k) m.goal_index[b.goals[k]] = static_cast<int>(k);
    for (size_t k = 0; k < goals; ++k) {
        m.goal_layer[k] = order.layer[b.goals[k]];
        for (const PackingOrder::Park &q : order.parks)
            if (q.goal == b.goals[k] && q.place_layer >= 0) m.park_layer[k] = std::min(m.park_layer[k], q.place_layer);
    }
    SideGoalScratch s;
    s.init(b);
    m.stride = s.stride;
    m.stride4 = (static_cast<size_t>(b.n) * 4 + 63) / 64;
    const size_t n = static_cast<size_t>(b.n), tables = static_cast<size_t>(m.layers);
    std::vector<uint64_t> cells(goals * m.stride); // side_reach_sets' per-cell sets (not kept)
    m.reach.assign(tables * goals * m.stride4, 0);
    for (std::vector<int> *v : {&m.disc, &m.low, &m.last, &m.parent, &m.root}) v->assign(tables * n, 0);
    std::vector<uint8_t> wall(b.n, 0);
    std::vector<int> targets;
    for (size_t t = 0; t < tables; ++t) {
        // Walls: the goals of the layers before t; targets: the goals of layer t and later (a
        // goal of an earlier layer is a wall, which side_reach_sets skips).
        targets.clear();
        for (size_t k = 0; k < goals; ++k) {
            wall[b.goals[k]] = m.goal_layer[k] < static_cast<int>(t);
            targets.push_back(b.goals[k]);
        }
        std::fill(cells.begin(), cells.end(), 0);
        side_reach_sets(b, wall, targets, s, cells.data(), &m.reach[t * goals * m.stride4], m.stride4);
        forest(b, wall, &m.disc[t * n], &m.low[t * n], &m.last[t * n], &m.parent[t * n], &m.root[t * n]);
    }
    m.goal_mask.assign(tables * n * 4, 0);
    for (size_t t = 0; t < tables; ++t)
        for (size_t k = 0; k < goals; ++k) {
            const uint64_t *r = &m.reach[(t * goals + k) * m.stride4];
            for (size_t bit = 0; bit < n * 4; ++bit)
                if ((r[bit >> 6] >> (bit & 63)) & 1) m.goal_mask[t * n * 4 + bit] |= uint64_t{1} << k;
        }
    m.side_part.assign(tables * n * 4, -3);
    m.side_mask.assign(tables * n * 4, 0);
    for (size_t t = 0; t < tables; ++t)
        for (int c = 0; c < b.n; ++c) {
            const size_t at = (t * n + static_cast<size_t>(c)) * 4;
            if (m.disc[t * n + static_cast<size_t>(c)] == 0) continue; // a wall of this table
            for (int d = 0; d < 4; ++d) {
                const int y = b.nb[c][d];
                if (y >= 0 && m.disc[t * n + static_cast<size_t>(y)] != 0) m.side_part[at + d] = part(m, b, t, c, y);
            }
            for (int d = 0; d < 4; ++d)
                for (int e = 0; e < 4; ++e)
                    if (m.side_part[at + d] != -3 && m.side_part[at + e] == m.side_part[at + d])
                        m.side_mask[at + d] |= m.goal_mask[at + e];
        }
    return m;
}

namespace {

// A new stamp for s's per-(table, cell) reach (sized for m on first use).
void new_call(const SealMap &m, const Board &b, SealScratch &s) {
    const size_t size = static_cast<size_t>(m.layers) * static_cast<size_t>(b.n);
    if (s.stamp.size() != size) {
        s.stamp.assign(size, 0);
        s.reach.assign(size, 0);
        s.now = 0;
    }
    if (++s.now == 0) {
        std::fill(s.stamp.begin(), s.stamp.end(), 0);
        s.now = 1;
    }
}

// The goals (any layer's) a box on c reaches with table t's walls from the sides of c the
// player can get to, kept per (t, c) for the call.
uint64_t box_reach(const SealMap &m, const Board &b, size_t t, int c, int player, SealScratch &s) {
    const size_t n = static_cast<size_t>(b.n), at = t * n + static_cast<size_t>(c);
    if (s.stamp[at] == s.now) return s.reach[at];
    const int *disc = &m.disc[t * n];
    uint64_t reach = 0;
    if (disc[c] != 0) { // c a wall of this table cannot be: such boxes are skipped
        const uint64_t *gm = &m.goal_mask[at * 4];
        if (disc[player] == 0 || player == c) { // the player on a cell to be filled: any side
            for (int d = 0; d < 4; ++d)
                if (m.side_part[at * 4 + d] != -3) reach |= gm[d];
        } else {
            // The sides in the player's part (side_part, side_mask: compute_seal); none when he
            // is in another tree (-2).
            const int mine = part(m, b, t, c, player);
            for (int d = 0; d < 4; ++d)
                if (m.side_part[at * 4 + d] == mine) {
                    reach = m.side_mask[at * 4 + d];
                    break;
                }
        }
    }
    s.stamp[at] = s.now;
    s.reach[at] = reach;
    return reach;
}

int deficit(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player, int next,
            int L, SealScratch &s);

} // namespace

int seal_deficit(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
                 int next, int L, SealScratch &s) {
    new_call(m, b, s);
    return deficit(m, b, occ, boxes, count, player, next, L, s);
}

namespace {

int deficit(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player, int next,
            int L, SealScratch &s) {
    const size_t goals = b.goals.size();
    // The goals still to fill: the empty ones of layers next..L (their own layer's walls), every
    // one of a later layer (L's walls, L + 1); per goal the table it is read from, -1 if none.
    // A parked goal reads the walls of its park's place layer when that is earlier.
    uint64_t open = 0;
    int open_count = 0;
    int table[64];
    for (size_t k = 0; k < goals; ++k) {
        const int l = m.goal_layer[k];
        table[k] = -1;
        if (l > L) table[k] = L + 1;
        else if (l >= next && !occ[b.goals[k]]) table[k] = l;
        if (table[k] >= 0) {
            table[k] = std::min(table[k], m.park_layer[k]);
            open |= uint64_t{1} << k;
            ++open_count;
        }
    }
    if (open_count == 0) return 0;
    // The open goals per table read (at most a few tables: next..L + 1 and parks' place layers).
    int used[66];
    uint64_t of_table[66];
    int tables = 0;
    for (uint64_t rest = open; rest; rest &= rest - 1) {
        const int k = __builtin_ctzll(rest);
        int j = 0;
        while (j < tables && used[j] != table[k]) ++j;
        if (j == tables) {
            used[tables] = table[k];
            of_table[tables++] = 0;
        }
        of_table[j] |= uint64_t{1} << k;
    }
    if (s.masks.size() < static_cast<size_t>(count)) s.masks.resize(count);
    int out = 0;
    for (int i = 0; i < count; ++i) {
        const int c = boxes[i];
        uint64_t mask = 0;
        if (b.goal[c]) { // a box on a goal of a layer <= L is a wall; one on an open goal may stay
            const int k = m.goal_index[c];
            if (m.goal_layer[static_cast<size_t>(k)] <= L) continue;
            mask |= open & (uint64_t{1} << k);
        }
        for (int j = 0; j < tables; ++j)
            mask |= box_reach(m, b, static_cast<size_t>(used[j]), c, player, s) & of_table[j];
        s.masks[static_cast<size_t>(out++)] = mask;
    }
    // Kuhn's augmenting paths on the goal masks, after a greedy pass (session 22: each box takes
    // a goal no box holds yet if it has one; any matching to start from leaves Kuhn's result a
    // maximum one, as each box without a goal is then tried once; the same count, fewer paths).
    s.goal_match.assign(goals, -1);
    if (s.pending.size() < static_cast<size_t>(out)) s.pending.resize(out);
    int matched = 0, pending = 0;
    uint64_t taken = 0;
    for (int i = 0; i < out; ++i) {
        const uint64_t avail = s.masks[static_cast<size_t>(i)] & ~taken;
        if (avail == 0) {
            s.pending[static_cast<size_t>(pending++)] = i;
            continue;
        }
        const int k = __builtin_ctzll(avail);
        taken |= uint64_t{1} << k;
        s.goal_match[static_cast<size_t>(k)] = i;
        ++matched;
    }
    for (int j = 0; j < pending && matched < open_count; ++j) {
        uint64_t visited = 0;
        matched += augment_on_masks(s.masks.data(), s.pending[static_cast<size_t>(j)], visited, s.goal_match);
    }
    return open_count - matched;
}

} // namespace

int seal_count(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
               int next, SealScratch &s, int *first) {
    if (first) *first = -1;
    if (m.empty()) return 0;
    new_call(m, b, s);
    int best = 0;
    for (int L = std::max(next, 0); L < m.layers && L < next + kSealAhead; ++L) {
        const int d = deficit(m, b, occ, boxes, count, player, next, L, s);
        if (d > best) {
            best = d;
            if (first) *first = L;
        }
    }
    return best;
}

} // namespace sokoban
