// learn.cc -- learned deadlock patterns (learn.h: the soundness argument).
#include "learn.h"

#include <algorithm>

#include "freeze.h"
#include "search.h"
#include "subsearch.h"

namespace sokoban {

LearnedTable::LearnedTable(int cells, size_t max_patterns)
    : head_(new std::atomic<const Node *>[static_cast<size_t>(cells)]), max_(max_patterns) {
    for (int c = 0; c < cells; ++c) head_[static_cast<size_t>(c)].store(nullptr, std::memory_order_relaxed);
}

LearnedTable::~LearnedTable() = default;

bool LearnedTable::dead(const uint8_t *occ, int to, int player) const {
    // acquire: pairs with add()'s release store of the head; the node, the nodes after it and
    // their patterns were all written before that store and are never written again.
    for (const Node *n = head_[static_cast<size_t>(to)].load(std::memory_order_acquire); n; n = n->next) {
        const LearnedPattern &p = *n->pattern;
        if (!p.has_player(player)) continue;
        bool all = true;
        for (uint16_t c : p.cells)
            if (!occ[c]) {
                all = false;
                break;
            }
        if (all) return true;
    }
    return false;
}

bool LearnedTable::dead_any(const uint8_t *occ, const int *boxes, int count, int player) const {
    for (int i = 0; i < count; ++i)
        if (dead(occ, boxes[i], player)) return true;
    return false;
}

bool LearnedTable::add(LearnedPattern p) {
    std::lock_guard<std::mutex> lock(write_);
    if (size_.load(std::memory_order_relaxed) >= max_) return false;
    owned_.push_back(std::make_unique<LearnedPattern>(std::move(p)));
    const LearnedPattern *q = owned_.back().get();
    for (uint16_t c : q->cells) {
        // relaxed load: the writers are serialized by write_, so this is the newest head.
        const Node *old = head_[c].load(std::memory_order_relaxed);
        nodes_.push_back(std::make_unique<Node>(Node{q, old}));
        // release: publishes the node and the pattern (both complete) to dead()'s acquire.
        head_[c].store(nodes_.back().get(), std::memory_order_release);
    }
    // relaxed: size() is a statistic; the bound is read under write_.
    size_.fetch_add(1, std::memory_order_relaxed);
    return true;
}

void LearnScratch::init(const Board &b) {
    occ.assign(static_cast<size_t>(b.n), 0);
    marks.assign(static_cast<size_t>(b.n), 0);
    child_marks.assign(static_cast<size_t>(b.n), 0);
    stamp = child_stamp = 0;
    stack.assign(static_cast<size_t>(b.n) + 1, 0);
    dist.assign(static_cast<size_t>(b.n), 0);
    queue.assign(static_cast<size_t>(b.n), 0);
}

namespace {

constexpr int MAXB = LEARN_MAX_BOXES;

// What bounded_sub_search (subsearch.h) reads and counts, for keys of up to N boxes: the
// arena's buckets and set, the shared occupancy and counters.
template <int N>
struct SearchView {
    std::vector<uint8_t> &occ;
    std::vector<std::vector<SubKey<N>>> &buckets;
    FlatKeySet<SubKey<N>, SubKeyHash<N, false>> &seen;
    int budget;
    uint64_t &unknown, &expanded;
};

// The sub-search's rules (subsearch.h): no box is dropped; a push that freezes the pushed box
// off a goal among the sub-position's boxes is a dead child; the child's player from the look
// round the pushed box (local_child_player, exact where it answers) or by a flood from the pushed
// box's old cell (on marks of its own: the parent's area marks stay valid).
struct Rules {
    const Board &b;
    const uint8_t *dead;
    LearnScratch &s;
    uint32_t area = 0;
    int root = 0; // the expanded key's player: the smallest cell of its area
    void expand(int player) {
        root = player;
        area = sub_bump(s);
        sub_flood(b, s.occ.data(), s.marks.data(), s.stack.data(), area, player);
    }
    bool reached(int c) const { return s.marks[static_cast<size_t>(c)] == area; }
    bool relax(const int *cells, int count, int i, int to, int *child, int &m) {
        if (freeze_deadlock(b, dead, s.occ.data(), to)) return false;
        m = 0;
        for (int j = 0; j < count; ++j) child[m++] = j == i ? to : cells[j];
        return true;
    }
    int player(const int *cells, int, int i, int to, const int *, int) {
        // The look round the pushed box (search.h) when it settles the child's area; else a flood.
        const int local = local_child_player(b, s.occ.data(), s.marks.data(), area, root, cells[i], to);
        if (local >= 0) return local;
        if (++s.child_stamp == 0) {
            std::fill(s.child_marks.begin(), s.child_marks.end(), 0);
            s.child_stamp = 1;
        }
        return sub_flood(b, s.occ.data(), s.child_marks.data(), s.stack.data(), s.child_stamp, cells[i]);
    }
};

// The smallest cell of the player's area among boxes[0, count) alone; marks it with the
// returned stamp in s.marks.
int sub_area(const Board &b, LearnScratch &s, const int *boxes, int count, int player, uint32_t &stamp) {
    for (int i = 0; i < count; ++i) s.occ[static_cast<size_t>(boxes[i])] = 1;
    stamp = sub_bump(s);
    const int p = sub_flood(b, s.occ.data(), s.marks.data(), s.stack.data(), stamp, player);
    for (int i = 0; i < count; ++i) s.occ[static_cast<size_t>(boxes[i])] = 0;
    return p;
}

// The bounded search on keys of up to N boxes.
template <int N, class R>
bool prove_on(const Board &b, const uint8_t *dead, int *cells, int count, int player, int budget, LearnArena<N> &a,
              LearnScratch &s, R &rules) {
    const SubKey<N> start = make_sub_key<SubKey<N>, N>(player, cells, count);
    SearchView<N> view{s.occ, a.buckets, a.seen, budget, s.unknown, s.expanded};
    return bounded_sub_search<SubKey<N>, N>(b, dead, start, view, rules);
}

} // namespace

int learn_prove(const Board &b, const uint8_t *dead, const int *boxes, int count, int player, int budget,
                LearnScratch &s) {
    if (count <= 0 || count > MAXB) return -1;
    if (sub_all_on_goals(b, boxes, count)) return 0;
    int cells[MAXB];
    std::copy(boxes, boxes + count, cells);
    uint32_t stamp = 0;
    const int p = sub_area(b, s, cells, count, player, stamp);
    Rules rules{b, dead, s};
    const uint64_t unknown = s.unknown;
    bool dead_start = false;
    if (count <= 8) dead_start = prove_on<8>(b, dead, cells, count, p, budget, s.a8, s, rules);
    else if (count <= 16) dead_start = prove_on<16>(b, dead, cells, count, p, budget, s.a16, s, rules);
    else if (count <= 32) dead_start = prove_on<32>(b, dead, cells, count, p, budget, s.a32, s, rules);
    else dead_start = prove_on<MAXB>(b, dead, cells, count, p, budget, s.a64, s, rules);
    if (dead_start) return 1;
    return s.unknown > unknown ? -1 : 0;
}

bool learn_probe(const Board &b, const uint8_t *dead, const int *boxes, int count, int player, int budget,
                 int shrink, LearnScratch &s, LearnedTable &table) {
    if (count <= 0 || count > MAXB) return false;
    for (int i = 0; i < count; ++i) s.occ[static_cast<size_t>(boxes[i])] = 1;
    const bool known = table.dead_any(s.occ.data(), boxes, count, player);
    for (int i = 0; i < count; ++i) s.occ[static_cast<size_t>(boxes[i])] = 0;
    if (known) return true;
    ++s.probes;
    // Growing: the boxes within r steps (over the floor, boxes ignored) of one box off a goal,
    // r = 1, 2, 3, 5, each such box in turn: the first of these clusters dead by itself is kept
    // (few boxes: a small sub-search, where the boxes that merely wander about multiply the
    // states of a larger one; and a cluster may be proven dead where the whole set is over any
    // budget). At most `budget` sub-states go to it; then the whole set is searched.
    std::vector<int> keep(boxes, boxes + count), trial, seeds;
    constexpr int RMAX = 5;
    const uint64_t grow_start = s.expanded;
    int seed_of_keep = -1;
    for (int i = 0; i < count; ++i)
        if (!b.goal[static_cast<size_t>(boxes[i])]) seeds.push_back(i);
    // near[o * count + j]: steps from seed o's box to box j (RMAX + 1 when farther).
    std::vector<uint8_t> near(seeds.size() * static_cast<size_t>(count), RMAX + 1);
    for (size_t o = 0; o < seeds.size(); ++o) {
        std::fill(s.dist.begin(), s.dist.end(), -1);
        int head = 0, tail = 0;
        const int from = boxes[seeds[o]];
        s.dist[static_cast<size_t>(from)] = 0;
        s.queue[static_cast<size_t>(tail++)] = from;
        while (head < tail) {
            const int c = s.queue[static_cast<size_t>(head++)];
            if (s.dist[static_cast<size_t>(c)] == RMAX) continue;
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[static_cast<size_t>(c)][d];
                if (x < 0 || s.dist[static_cast<size_t>(x)] >= 0) continue;
                s.dist[static_cast<size_t>(x)] = s.dist[static_cast<size_t>(c)] + 1;
                s.queue[static_cast<size_t>(tail++)] = x;
            }
        }
        for (int j = 0; j < count; ++j) {
            const int dj = s.dist[static_cast<size_t>(boxes[j])];
            if (dj >= 0) near[o * static_cast<size_t>(count) + static_cast<size_t>(j)] = static_cast<uint8_t>(dj);
        }
    }
    bool grown = false;
    // (previous radius, radius): a cluster with no box beyond the previous radius is the one
    // already tried.
    constexpr int RADII[][2] = {{-1, 1}, {1, 2}, {2, 3}, {3, RMAX}};
    for (const auto &radii : RADII) {
        const int prev = radii[0], r = radii[1];
        for (size_t o = 0; o < seeds.size() && !grown; ++o) {
            if (s.expanded - grow_start > static_cast<uint64_t>(budget)) break;
            const uint8_t *row = near.data() + o * static_cast<size_t>(count);
            trial.clear();
            bool grew = false;
            for (int j = 0; j < count; ++j)
                if (row[j] <= r) {
                    trial.push_back(boxes[j]);
                    grew |= row[j] > prev;
                }
            if (!grew || trial.size() == static_cast<size_t>(count)) continue;
            if (learn_prove(b, dead, trial.data(), static_cast<int>(trial.size()), player, shrink, s) == 1) {
                keep = trial;
                seed_of_keep = static_cast<int>(o);
                grown = true;
            }
        }
        if (grown) break;
    }
    if (!grown && learn_prove(b, dead, boxes, count, player, budget, s) != 1) return false;
    ++s.proven;
    // Shrinking: each box left out in turn while the rest stays dead, the farthest from the
    // cluster's seed first (from any box off a goal when nothing was grown).
    // keep is a subsequence of boxes (in their order), so one walk pairs each kept box with its
    // index j and its distance, computed once.
    std::vector<std::pair<int, int>> order; // (distance, cell)
    for (int j = 0, k = 0; j < count && k < static_cast<int>(keep.size()); ++j) {
        if (boxes[j] != keep[static_cast<size_t>(k)]) continue;
        ++k;
        int best = RMAX + 1;
        for (size_t o = 0; o < seeds.size(); ++o)
            if (seed_of_keep < 0 || static_cast<int>(o) == seed_of_keep)
                best = std::min<int>(best, near[o * static_cast<size_t>(count) + static_cast<size_t>(j)]);
        order.emplace_back(best, boxes[j]);
    }
    std::stable_sort(order.begin(), order.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
    for (const auto &entry : order) {
        const int c = entry.second;
        if (keep.size() == 1) break;
        trial.clear();
        for (int x : keep)
            if (x != c) trial.push_back(x);
        if (learn_prove(b, dead, trial.data(), static_cast<int>(trial.size()), player, shrink, s) == 1) keep.swap(trial);
    }
    LearnedPattern pat;
    std::sort(keep.begin(), keep.end());
    for (int c : keep) pat.cells.push_back(static_cast<uint16_t>(c));
    pat.region.assign((static_cast<size_t>(b.n) + 63) / 64, 0);
    uint32_t stamp = 0;
    sub_area(b, s, keep.data(), static_cast<int>(keep.size()), player, stamp);
    for (int c = 0; c < b.n; ++c)
        if (s.marks[static_cast<size_t>(c)] == stamp) pat.region[static_cast<size_t>(c) >> 6] |= uint64_t{1} << (c & 63);
    if (table.add(std::move(pat))) ++s.learned;
    return true;
}

} // namespace sokoban
