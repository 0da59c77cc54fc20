// seal.cc -- see seal.h.
#include "seal.h"

#include <algorithm>

#include "cutcells.h"
#include "sidegoals.h"

namespace sokoban {

namespace {

CutArrays table_arrays(SealMap &m, size_t t, size_t n) {
    return {&m.disc[t * n], &m.low[t * n], &m.last[t * n], &m.parent[t * n]};
}

// The depth-first forest (cutcells.h) of the cells with wall[c] == 0 into table t's arrays, and
// each cell's tree root.
void forest(SealMap &m, const Board &b, size_t t, const std::vector<uint8_t> &wall) {
    const size_t n = static_cast<size_t>(b.n);
    const CutArrays a = table_arrays(m, t, n);
    int *root = &m.root[t * n];
    std::fill(a.disc, a.disc + b.n, 0);
    std::vector<int> stack(n + 1), by_disc(n + 1, -1);
    std::vector<uint8_t> next(n, 0);
    int last = 0;
    for (int r = 0; r < b.n; ++r)
        if (!wall[r] && a.disc[r] == 0) last = cut_tree(b, wall.data(), r, last, a, stack.data(), next.data());
    // Roots in discovery order: a parent is numbered before its children.
    for (int c = 0; c < b.n; ++c)
        if (a.disc[c]) by_disc[a.disc[c]] = c;
    for (int k = 1; k <= last; ++k) {
        const int c = by_disc[k];
        root[c] = a.parent[c] < 0 ? c : root[a.parent[c]];
    }
}

// The part of table t's floor without cell x that cell u (free, not x) lies in: -2 in another
// tree, else cut_part's answer (the child of x whose subtree x cuts off and holds u, or -1).
int part(const SealMap &m, const Board &b, size_t t, int x, int u) {
    const size_t o = t * static_cast<size_t>(b.n);
    if (m.root[o + u] != m.root[o + x]) return -2;
    return cut_part(b, CutView{&m.disc[o], &m.low[o], &m.last[o], &m.parent[o]}, x, u);
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
        forest(m, b, t, wall);
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

// The goals (any layer's) a box on c reaches with table t's walls from the sides of c the
// player can get to (0 when c is a wall of the table: such boxes are walls, never matched).
uint64_t box_reach(const SealMap &m, const Board &b, size_t t, int c, int player) {
    const size_t n = static_cast<size_t>(b.n), at = t * n + static_cast<size_t>(c);
    const int *disc = &m.disc[t * n];
    uint64_t reach = 0;
    if (disc[c] == 0) return 0;
    if (disc[player] == 0 || player == c) { // the player on a cell to be filled: any side
        const uint64_t *gm = &m.goal_mask[at * 4];
        for (int d = 0; d < 4; ++d)
            if (m.side_part[at * 4 + d] != -3) reach |= gm[d];
        return reach;
    }
    // The sides in the player's part (side_part, side_mask: compute_seal); none when he is in
    // another tree (-2).
    const int mine = part(m, b, t, c, player);
    for (int d = 0; d < 4; ++d)
        if (m.side_part[at * 4 + d] == mine) return m.side_mask[at * 4 + d];
    return 0;
}

// Layer L's matching problem (SealScratch::Problem): the goals still to fill -- the empty ones
// of layers next..L (their own layer's walls), every one of a later layer (L's walls, L + 1) --
// grouped by the table each is read from (a parked goal reads the walls of its park's place
// layer when that is earlier).
using Problem = SealScratch::Problem;

void pose(const SealMap &m, const Board &b, const uint8_t *occ, int next, int L, Problem &p) {
    const size_t goals = b.goals.size();
    for (size_t k = 0; k < goals; ++k) {
        const int l = m.goal_layer[k];
        int table = -1;
        if (l > L) table = L + 1;
        else if (l >= next && !occ[b.goals[k]]) table = l;
        if (table < 0) continue;
        table = std::min(table, m.park_layer[k]);
        p.open |= uint64_t{1} << k;
        ++p.open_count;
        int j = 0;
        while (j < p.tables && p.used[j] != table) ++j;
        if (j == p.tables) {
            p.used[p.tables] = table;
            p.of_table[p.tables++] = 0;
        }
        p.of_table[j] |= uint64_t{1} << k;
    }
}

// The most boxes of masks[0..count) matched to distinct goals (bits): Kuhn's augmenting paths
// after a greedy pass (session 22: each box takes a goal no box holds yet if it has one; from
// any matching, one try per box still without a goal leaves a maximum one: the same count as
// Kuhn's alone, fewer paths). Stops at `enough`.
int max_matching(const uint64_t *masks, int count, int enough, size_t goals, SealScratch &s) {
    s.goal_match.assign(goals, -1);
    if (s.pending.size() < static_cast<size_t>(count)) s.pending.resize(count);
    int matched = 0, pending = 0;
    uint64_t taken = 0;
    for (int i = 0; i < count; ++i) {
        const uint64_t avail = masks[i] & ~taken;
        if (avail == 0) {
            s.pending[static_cast<size_t>(pending++)] = i;
            continue;
        }
        const int k = __builtin_ctzll(avail);
        taken |= uint64_t{1} << k;
        s.goal_match[static_cast<size_t>(k)] = i;
        ++matched;
    }
    for (int j = 0; j < pending && matched < enough; ++j) {
        uint64_t visited = 0;
        matched += augment_on_masks(masks, s.pending[static_cast<size_t>(j)], visited, s.goal_match);
    }
    return matched;
}

// The most goals left unmatched at any L in [lo, hi) (first: the first such L, -1 when 0). Each
// box's reach is read once per table any of the layers reads (session 22: before, per layer
// through a per-(table, cell) cache). snapshot: the problems and matchings kept in s for
// seal_parent (every layer matched then).
int worst(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player, int next,
          int lo, int hi, SealScratch &s, int *first, bool snapshot = false) {
    if (first) *first = -1;
    Problem local[kSealAhead];
    int local_tables[65 + kSealAhead];
    Problem *problems = snapshot ? s.problems : local;
    int *tables = snapshot ? s.tables : local_tables; // the tables any of the layers reads
    const int layers = std::max(0, std::min(hi - lo, kSealAhead));
    int nt = 0;
    for (int q = 0; q < layers; ++q) {
        Problem &p = problems[q];
        p.open = 0; // (not p = Problem{}: its arrays are written before they are read)
        p.open_count = p.tables = 0;
        pose(m, b, occ, next, lo + q, p);
        for (int j = 0; j < p.tables; ++j) {
            int u = 0;
            while (u < nt && tables[u] != p.used[j]) ++u;
            if (u == nt) tables[nt++] = p.used[j];
            p.slot[j] = u;
        }
    }
    const size_t per = static_cast<size_t>(nt), n = static_cast<size_t>(b.n);
    if (s.reach.size() < per * static_cast<size_t>(count)) s.reach.resize(per * static_cast<size_t>(count));
    for (int i = 0; i < count; ++i)
        for (int u = 0; u < nt; ++u)
            s.reach[static_cast<size_t>(i) * per + static_cast<size_t>(u)] =
                box_reach(m, b, static_cast<size_t>(tables[u]), boxes[i], player);
    if (s.masks.size() < static_cast<size_t>(count)) s.masks.resize(count);
    if (snapshot) {
        s.parent_tables = nt;
        s.owner_mask.assign(static_cast<size_t>(kSealAhead) * 64, 0);
        if (s.goal_of.size() != kSealAhead * n) s.goal_of.assign(kSealAhead * n, -1);
        if (s.cell_of.size() < static_cast<size_t>(count)) s.cell_of.resize(count);
    }
    int best = 0;
    for (int q = 0; q < layers; ++q) {
        const Problem &p = problems[q];
        const int L = lo + q;
        if (p.open_count <= best && !snapshot) continue; // cannot leave more unmatched
        int out = 0;
        for (int i = 0; i < count; ++i) {
            const int c = boxes[i];
            uint64_t mask = 0;
            if (b.goal[c]) { // a box on a goal of a layer <= L is a wall; one on an open goal may stay
                const int k = m.goal_index[c];
                if (m.goal_layer[static_cast<size_t>(k)] <= L) continue;
                mask |= p.open & (uint64_t{1} << k);
            }
            const uint64_t *r = &s.reach[static_cast<size_t>(i) * per];
            for (int j = 0; j < p.tables; ++j) mask |= r[p.slot[j]] & p.of_table[j];
            if (snapshot) s.cell_of[static_cast<size_t>(out)] = c;
            s.masks[static_cast<size_t>(out++)] = mask;
        }
        const int d = p.open_count - max_matching(s.masks.data(), out, p.open_count, b.goals.size(), s);
        if (snapshot) { // the matching as seal_parent keeps it
            int8_t *goal_of = &s.goal_of[static_cast<size_t>(q) * n];
            uint64_t *owner = &s.owner_mask[static_cast<size_t>(q) * 64];
            s.unmatched[q] = 0;
            for (int i = 0; i < out; ++i) goal_of[s.cell_of[static_cast<size_t>(i)]] = -1;
            for (size_t k = 0; k < b.goals.size(); ++k) {
                const int i = s.goal_match[k];
                if (i < 0) continue;
                owner[k] = s.masks[static_cast<size_t>(i)];
                goal_of[s.cell_of[static_cast<size_t>(i)]] = static_cast<int8_t>(k);
            }
            for (int i = 0; i < out; ++i)
                if (goal_of[s.cell_of[static_cast<size_t>(i)]] < 0) s.unmatched[q] |= s.masks[static_cast<size_t>(i)];
        }
        if (d > best) {
            best = d;
            if (first) *first = L;
        }
    }
    return best;
}

// seal_parent's case: true with the count in *count_out when state (occ, boxes, player, next)
// is a child of s's snapshot as seal.h says.
bool repaired(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player, int next,
              const SealScratch &s, int *count_out, int *first) {
    if (!s.parent || next != s.parent_next || player != s.parent_player ||
        count != static_cast<int>(s.parent_boxes.size()))
        return false;
    int to = -1, from = -1;
    for (int i = 0; i < count; ++i)
        if (!s.parent_occ[static_cast<size_t>(boxes[i])]) {
            if (to >= 0) return false; // more than one box moved
            to = boxes[i];
        }
    for (const int c : s.parent_boxes)
        if (!occ[c]) {
            from = c;
            break;
        }
    if (to < 0 || from < 0 || b.goal[to] || b.goal[from]) return false;
    uint64_t reach[68]; // the moved box's goals per table read
    for (int u = 0; u < s.parent_tables; ++u) reach[u] = box_reach(m, b, static_cast<size_t>(s.tables[u]), to, player);
    const size_t n = static_cast<size_t>(b.n);
    *count_out = 0;
    for (int q = 0; q < s.parent_layers; ++q) {
        const int g = s.goal_of[static_cast<size_t>(q) * n + static_cast<size_t>(from)];
        if (g < 0) continue; // the moved box had no goal: the parent's matching is the child's
        // An augmenting path to g, the goal the moved box gave up: from the goals of the box
        // where it is now or of a box without a goal, through the goals their holders may take.
        const Problem &p = s.problems[q];
        uint64_t frontier = s.unmatched[q], seen = 0;
        for (int j = 0; j < p.tables; ++j) frontier |= reach[p.slot[j]] & p.of_table[j];
        const uint64_t *owner = &s.owner_mask[static_cast<size_t>(q) * 64];
        while (frontier && !(frontier >> g & 1)) {
            seen |= frontier;
            uint64_t grown = 0;
            for (uint64_t rest = frontier; rest; rest &= rest - 1) grown |= owner[__builtin_ctzll(rest)];
            frontier = grown & ~seen;
        }
        if (!(frontier >> g & 1)) { // no path: one goal short at this layer
            *count_out = 1;
            if (first) *first = s.parent_next + q;
            break;
        }
    }
    return true;
}

} // namespace

int seal_deficit(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
                 int next, int L, SealScratch &s) {
    if (m.empty()) return 0;
    return worst(m, b, occ, boxes, count, player, next, L, L + 1, s, nullptr);
}

int seal_count(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
               int next, SealScratch &s, int *first) {
    if (first) *first = -1;
    if (m.empty()) return 0;
    int quick = 0;
    if (repaired(m, b, occ, boxes, count, player, next, s, &quick, first)) {
        ++s.quick;
        return quick;
    }
    ++s.full;
    const int lo = std::max(next, 0);
    return worst(m, b, occ, boxes, count, player, next, lo, std::min(m.layers, next + kSealAhead), s, first);
}

int seal_parent(const SealMap &m, const Board &b, const uint8_t *occ, const int *boxes, int count, int player,
                int next, SealScratch &s) {
    s.parent = false;
    if (m.empty()) return 0;
    const int lo = std::max(next, 0), hi = std::min(m.layers, next + kSealAhead);
    const int count0 = worst(m, b, occ, boxes, count, player, next, lo, hi, s, nullptr, true);
    if (count0 > 0) return count0;
    s.parent = true;
    s.parent_next = next;
    s.parent_player = player;
    s.parent_layers = std::max(0, std::min(hi - lo, kSealAhead));
    s.parent_occ.assign(occ, occ + b.n);
    s.parent_boxes.assign(boxes, boxes + count);
    return 0;
}

} // namespace sokoban
