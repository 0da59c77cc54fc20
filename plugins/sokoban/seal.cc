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
        s.free_stride = static_cast<size_t>(std::max(count, 1));
        if (s.free_masks.size() < kSealAhead * s.free_stride) s.free_masks.resize(kSealAhead * s.free_stride);
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
            uint64_t *free_masks = &s.free_masks[static_cast<size_t>(q) * s.free_stride];
            s.unmatched[q] = s.matched[q] = 0;
            s.deficit[q] = d;
            s.free_count[q] = 0;
            for (int i = 0; i < out; ++i) goal_of[s.cell_of[static_cast<size_t>(i)]] = -1;
            for (size_t k = 0; k < b.goals.size(); ++k) {
                const int i = s.goal_match[k];
                if (i < 0) continue;
                owner[k] = s.masks[static_cast<size_t>(i)];
                s.matched[q] |= uint64_t{1} << k;
                goal_of[s.cell_of[static_cast<size_t>(i)]] = static_cast<int8_t>(k);
            }
            for (int i = 0; i < out; ++i)
                if (goal_of[s.cell_of[static_cast<size_t>(i)]] < 0) {
                    s.unmatched[q] |= s.masks[static_cast<size_t>(i)];
                    free_masks[s.free_count[q]++] = s.masks[static_cast<size_t>(i)];
                }
        }
        if (d > best) {
            best = d;
            if (first) *first = L;
        }
    }
    return best;
}

// An augmenting path's search in goal space (seal_parent's repair): from the goals `from` (the
// goals of boxes without one), through the goals their holders may take (owner: the holder's
// goals, per goal), to a goal of `target` (the free goals). Returns the goal reached or -1;
// pred[k] is, for each goal reached, the goal whose holder took it next, or -1 for a goal of
// `from` (the path back from the goal returned).
int find_path(uint64_t from, uint64_t target, const uint64_t *owner, int8_t *pred) {
    uint64_t frontier = from, seen = from;
    for (uint64_t rest = frontier; rest; rest &= rest - 1) pred[__builtin_ctzll(rest)] = -1;
    while (frontier) {
        if (const uint64_t hit = frontier & target) return __builtin_ctzll(hit);
        uint64_t grown = 0;
        for (uint64_t rest = frontier; rest; rest &= rest - 1) {
            const int k = __builtin_ctzll(rest);
            const uint64_t fresh = owner[k] & ~seen & ~grown;
            for (uint64_t f = fresh; f; f &= f - 1) pred[__builtin_ctzll(f)] = static_cast<int8_t>(k);
            grown |= fresh;
        }
        seen |= grown;
        frontier = grown;
    }
    return -1;
}

// seal_parent's case: true with the count in *count_out when state (occ, boxes, player, next)
// is a child of s's snapshot as seal.h says. Per layer, with M the parent's maximum matching
// (m goals matched, d = open - m left) and the moved box's own goals as the child's graph
// reads them (its other boxes and open goals are the parent's: the same walls, player and
// goals filled):
// - the box held no goal: M is a maximum matching without it, and only the box at its new cell
//   may start an augmenting path (any other would have been one for M): d or d - 1;
// - it held goal g: M without it is one goal short. A path from a box without a goal can only
//   end at g (one ending at another free goal would avoid g and the box, and augment M), and
//   if one exists it is applied (the matching updated: the holders along it move on by one
//   goal); then, as above, only the moved box may augment: d + 1 down to d - 1.
// The count is the most over the layers, *first the first layer with it, as worst() gives.
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
    const size_t n = static_cast<size_t>(b.n), goals = b.goals.size();
    int best = 0;
    if (first) *first = -1;
    int8_t pred[64];
    uint64_t own[64]; // a layer's holders after the update (case g with a path)
    for (int q = 0; q < s.parent_layers; ++q) {
        const Problem &p = s.problems[q];
        const int g = s.goal_of[static_cast<size_t>(q) * n + static_cast<size_t>(from)];
        const uint64_t *owner = &s.owner_mask[static_cast<size_t>(q) * 64];
        uint64_t mine = 0; // the moved box's goals at this layer
        for (int j = 0; j < p.tables; ++j) mine |= reach[p.slot[j]] & p.of_table[j];
        uint64_t free_goals = p.open & ~s.matched[q];
        int d = s.deficit[q];
        if (g >= 0) {
            const uint64_t gbit = uint64_t{1} << g;
            if (free_goals == 0) {
                // The parent's count 0 here (session 22's case): one search from the boxes
                // without a goal and the moved box together; no update needed, the child
                // then has every goal matched or g alone free.
                d = find_path(s.unmatched[q] | mine, gbit, owner, pred) < 0 ? 1 : 0;
            } else {
                // Which box without a goal starts the path (the goals reached first are
                // credited to the first such box holding them, pred -1).
                const uint64_t *fm = &s.free_masks[static_cast<size_t>(q) * s.free_stride];
                const int end = find_path(s.unmatched[q], gbit, owner, pred);
                if (end < 0) {
                    ++d; // M without the box is a maximum one: g free too
                    free_goals |= gbit;
                } else {
                    std::copy(owner, owner + goals, own);
                    int k = end;
                    while (pred[k] >= 0) {
                        own[k] = own[pred[k]];
                        k = pred[k];
                    }
                    int i = 0;
                    while (!(fm[i] >> k & 1)) ++i; // a box without a goal that may take k
                    own[k] = fm[i];
                    owner = own;
                }
                if (find_path(mine, free_goals, owner, pred) >= 0) --d;
            }
        } else if (free_goals != 0 && find_path(mine, free_goals, owner, pred) >= 0) {
            --d;
        }
        if (d > best) {
            best = d;
            if (first) *first = s.parent_next + q;
        }
    }
    *count_out = best;
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
    s.parent = true; // (session 31: whatever its count; before, only at 0)
    s.parent_next = next;
    s.parent_player = player;
    s.parent_layers = std::max(0, std::min(hi - lo, kSealAhead));
    s.parent_occ.assign(occ, occ + b.n);
    s.parent_boxes.assign(boxes, boxes + count);
    return count0;
}

} // namespace sokoban
