// fess.cc -- see fess.h.
#include "fess.h"

#include <algorithm>
#include <cstring>

#include "deadsquares.h"
#include "kids.h"
#include "ordering.h"

namespace sokoban {

void FessScratch::init(const Board &b) {
    occ.assign(b.n, 0);
    boxes.reserve(b.n);
    mark.assign(b.n + 1, 0);
    stack.assign(b.n + 1, 0);
    stamp = 0;
    // The flood's neighbour table: b.nb with a wall as the sentinel cell n, which the flood
    // marks first (one test per neighbour instead of three: wall, box, seen).
    adj.resize(static_cast<size_t>(b.n) * 4);
    for (int c = 0; c < b.n; ++c)
        for (int d = 0; d < 4; ++d) adj[static_cast<size_t>(c) * 4 + d] = b.nb[c][d] < 0 ? b.n : b.nb[c][d];
}

FessFeatures fess_features(const Instance &inst, FessScratch &fs, const uint8_t *state, const PackingOrder *order,
                           const RoomMap *rooms, const PlanMap *plan, uint8_t plan_mask, bool areas,
                           const SealMap *seal) {
    const Board &b = inst.board;
    FessFeatures f;
    const uint8_t *bits = state + 2;
    if (fs.adj.size() != static_cast<size_t>(b.n) * 4 || fs.mark.size() != static_cast<size_t>(b.n) + 1) fs.init(b);
    fs.boxes.clear();
    // The boxes from the state's bit set a byte at a time (most bytes hold no box), in cell
    // order as before; cells past n in the last byte are never set (the state's packing).
    std::fill(fs.occ.begin(), fs.occ.end(), 0);
    const int bytes = (b.n + 7) >> 3;
    for (int k = 0; k < bytes; ++k) {
        for (unsigned v = bits[k]; v; v &= v - 1) {
            const int c = (k << 3) + __builtin_ctz(v);
            if (c >= b.n) break;
            fs.occ[c] = 1;
            fs.boxes.push_back(c);
            if (b.goal[c]) ++f.packed;
        }
    }
    if (order) {
        f.packed = packed_in_order(*order, b, fs.occ.data(), fs.count);
        while (f.next < static_cast<uint32_t>(order->layers) && fs.count[f.next] == order->layer_size[f.next]) ++f.next;
        if (plan) f.plan = out_of_plan(*plan, b, fs.occ.data(), f.next, plan_mask);
        if (seal) {
            const int player = state[0] | (state[1] << 8), count = static_cast<int>(fs.boxes.size());
            f.seal = static_cast<uint32_t>(
                fs.seal_parent ? seal_parent(*seal, b, fs.occ.data(), fs.boxes.data(), count, player, static_cast<int>(f.next), fs.seal)
                               : seal_count(*seal, b, fs.occ.data(), fs.boxes.data(), count, player, static_cast<int>(f.next), fs.seal));
        }
        if (fs.seal_parent) { // the snapshot alone: its caller reads no feature (fess.h)
            fs.seal_parent = false;
            return f;
        }
    }
    if (++fs.stamp == 0) {
        std::fill(fs.mark.begin(), fs.mark.end(), 0);
        fs.stamp = 1;
    }
    const uint32_t stamp = fs.stamp;
    const bool label = rooms || areas; // fs.area wanted
    if (label && fs.area.size() != static_cast<size_t>(b.n)) fs.area.assign(b.n, 0);
    // The boxes and the wall sentinel (cell n of fs.adj) count as seen: one test per neighbour.
    uint32_t *mark = fs.mark.data();
    const int32_t *adj = fs.adj.data();
    int *stack = fs.stack.data();
    mark[b.n] = stamp;
    for (const int c : fs.boxes) mark[c] = stamp;
    for (int c0 = 0; c0 < b.n; ++c0) {
        if (mark[c0] == stamp) continue;
        ++f.regions;
        if (label) fs.area[c0] = f.regions;
        int top = 0;
        stack[top++] = c0;
        mark[c0] = stamp;
        while (top > 0) {
            const int32_t *nx = adj + static_cast<size_t>(stack[--top]) * 4;
            for (int d = 0; d < 4; ++d) {
                const int x = nx[d];
                if (mark[x] == stamp) continue;
                mark[x] = stamp;
                if (label) fs.area[x] = f.regions;
                stack[top++] = x;
            }
        }
    }
    if (rooms) f.rooms = blocked_links(*rooms, fs.occ.data(), fs.area.data(), fs.roommask);
    return f;
}

FessSearch::FessSearch(const Instance &inst, uint64_t memory_budget, const PackingOrder *order)
    : inst_(inst), budget_(memory_budget), advisors_(inst.options.fessadvice), store_(inst.state_size) {
    turns_packed_ = inst.options.fessturns == 1;
    set_side_goals(inst.options.fessgoals != 0);
    set_frozen_walls(inst.options.fesswalls != 0);
    init_scratch(inst, scratch_);
    fs_.init(inst.board);
    use_order_ = inst.options.fessorder;
    pack_side_ = pack_side_of(inst.options, PACK_FOR_DEFAULT);
    if (use_order_) order_ = order ? *order : compute_packing_order(inst.board, pack_out_of(inst.options, PACK_FOR_DEFAULT), pack_side_);
    // packside=on: the shared order (portfolio.cc, computed once per rule without the side) is
    // computed again here with it, by the same rule (an option off by default: the portfolio's
    // sharing is left as it is).
    // (packside=t0|t1: off here, set_side gives the member its side.)
    if (use_order_ && order && order->side != pack_side_) order_ = compute_packing_order(inst.board, order->rule, pack_side_);
    if (inst.options.fessrooms) {
        rooms_ = compute_rooms(inst.board);
        use_rooms_ = !rooms_.links.empty();
    }
    if (use_order_ && inst.options.fessplan != 0) {
        plan_ = compute_plan(inst.board, order_);
        plan_mask_ = inst.options.fessplan == 2 ? IN_SHUT | IN_WAY_GOAL | IN_WAY_FLOOR : IN_SHUT | IN_WAY_GOAL;
    }
    const Board &b = inst.board;
    const std::vector<uint16_t> &dist = inst.heuristic.dist;
    const bool tables = dist.size() == b.goals.size() * static_cast<size_t>(b.n);
    hot_ = inst.options.fesshot != 0 && advisors_ && tables;
    if (hot_) {
        hot_min_ = inst.options.fesshot;
        hot_occ_.assign(b.n, 0);
        min_dist_.assign(b.n, UINT16_MAX);
        for (size_t g = 0; g < b.goals.size(); ++g)
            for (int c = 0; c < b.n; ++c) min_dist_[c] = std::min(min_dist_[c], dist[g * b.n + c]);
    }
    set_open(inst.options.fessopen == 1);
    set_box_run(inst.options.fessbox == 1);
    set_seal(inst.options.fessseal == 1);
    set_strand(inst.options.fessstrand);
    pack_ = inst.options.fesspack != 0 && use_order_ && tables;
    pack_all_ = inst.options.fesspack == 2;
    owe_ = inst.options.fessowe == 1; // t0|t1: set_owe (portfolio.cc)
    if ((inst.options.fesstoward != 0 && advisors_ && tables) || pack_) {
        toward_ = inst.options.fesstoward != 0 && advisors_;
        chain_ = inst.options.fesstoward == 2;
        layer_tables();
    }
}

void FessSearch::layer_tables() {
    const Board &b = inst_.board;
    const std::vector<uint16_t> &dist = inst_.heuristic.dist;
    const int layers = use_order_ ? std::max(order_.layers, 1) : 1;
    layer_dist_.assign(static_cast<size_t>(layers) * b.n, UINT16_MAX);
    for (size_t g = 0; g < b.goals.size(); ++g) {
        const int l = use_order_ ? std::max(order_.layer[b.goals[g]], 0) : 0;
        for (int c = 0; c < b.n; ++c) {
            uint16_t &d = layer_dist_[static_cast<size_t>(l) * b.n + c];
            d = std::min(d, dist[g * b.n + c]);
        }
    }
    // packorder=park: a park is one of its place layer's fills, so the layer's table holds the
    // pushes to its cell too (the packing macro and the toward advisor aim at it; without it a
    // layer that only places a park had no finite entry, and the macro did nothing there).
    if (!use_order_) return;
    for (const PackingOrder::Park &p : order_.parks) {
        if (p.place_layer < 0 || p.place_layer >= layers || p.cell < 0) continue;
        const std::vector<uint16_t> to = pull_distances(b, p.cell);
        uint16_t *row = &layer_dist_[static_cast<size_t>(p.place_layer) * b.n];
        for (int c = 0; c < b.n; ++c) row[c] = std::min(row[c], to[c]);
    }
}

void FessSearch::set_order(int out) {
    if (!use_order_ || started_) return;
    order_ = compute_packing_order(inst_.board, out, pack_side_);
    if (plan_mask_) plan_ = compute_plan(inst_.board, order_);
    else plan_ = PlanMap{};
    if (use_seal_) seal_ = compute_seal(inst_.board, order_);
    if (!layer_dist_.empty()) layer_tables();
}

void FessSearch::set_side(int side) {
    if (started_ || side == pack_side_) return;
    pack_side_ = side;
    if (use_order_ && order_.side != side) set_order(order_.rule);
}

void FessSearch::set_rooms(bool on) {
    if (started_) return;
    if (on && rooms_.room_of.empty()) rooms_ = compute_rooms(inst_.board);
    use_rooms_ = on && !rooms_.links.empty();
}

void FessSearch::set_seal(bool on) {
    if (started_) return;
    use_seal_ = on && use_order_;
    if (use_seal_ && seal_.empty()) seal_ = compute_seal(inst_.board, order_);
}

void FessSearch::add_strand(FessFeatures &f, int player) {
    if (!strand_) return;
    const Board &b = inst_.board;
    if (strand_fixed_.size() != static_cast<size_t>(b.n)) strand_fixed_.assign(b.n, 0);
    for (int g : b.goals) strand_fixed_[g] = order_.layer[g] >= 0 && static_cast<uint32_t>(order_.layer[g]) < f.next;
    f.strand = strand_count(b, inst_.options.deadsquares ? inst_.dead.data() : nullptr, fs_.occ.data(), strand_fixed_.data(),
                            player, strand_s_);
}

void FessSearch::set_open(bool on) {
    if (started_) return;
    open_ = on && advisors_;
    if (!open_ || !open_occ_.empty()) return;
    const int n = inst_.board.n;
    open_occ_.assign(n, 0);
    open_mark_.assign(n, 0);
    open_box_.assign(n, 0);
    open_stack_.reserve(n);
}

void FessSearch::set_plan(int mode) {
    if (!use_order_ || mode == 0) {
        plan_mask_ = 0;
        return;
    }
    if (plan_.out.empty()) plan_ = compute_plan(inst_.board, order_);
    plan_mask_ = mode == 2 ? IN_SHUT | IN_WAY_GOAL | IN_WAY_FLOOR : IN_SHUT | IN_WAY_GOAL;
}

bool FessSearch::nearer(uint32_t next, int from, int to) const {
    if (!toward_ || from < 0 || to < 0) return false;
    const int n = inst_.board.n;
    if (static_cast<size_t>(next + 1) * n > layer_dist_.size()) return false; // every layer full
    const uint16_t *d = &layer_dist_[static_cast<size_t>(next) * n];
    return d[to] < d[from];
}

// Marks with `stamp` in `mark` the cells reached from `from` over the cells free in `occ`
// (pack_flood's and open_flood's area; `stack` is scratch).
static void flood_marks(const Board &b, const uint8_t *occ, std::vector<uint32_t> &mark, uint32_t stamp,
                        std::vector<int> &stack, int from) {
    mark[from] = stamp;
    stack.assign(1, from);
    while (!stack.empty()) {
        const int c = stack.back();
        stack.pop_back();
        for (int e = 0; e < 4; ++e) {
            const int x = b.nb[c][e];
            if (x < 0 || occ[x] || mark[x] == stamp) continue;
            mark[x] = stamp;
            stack.push_back(x);
        }
    }
}

void FessSearch::pack_flood(int from, uint32_t stamp) {
    flood_marks(inst_.board, pack_occ_.data(), pack_area_, stamp, pack_stack_, from);
}

size_t FessSearch::pack_prepare(const uint8_t *state) {
    cand_.clear();
    if (!pack_) return 0;
    const Board &b = inst_.board;
    pack_player_ = unpack_state(inst_, scratch_, state);
    pack_occ_ = scratch_.occ; // a copy: state_heuristic() reuses scratch_ between the tries
    const uint8_t *occ = pack_occ_.data();
    std::vector<uint32_t> &count = fs_.count;
    packed_in_order(order_, b, occ, count);
    int next = 0;
    while (next < order_.layers && count[next] == order_.layer_size[next]) ++next;
    owe_next_ = next; // fessowe: the layer being filled
    if (next >= order_.layers) return 0;
    // A box can reach an empty goal of the layer, the other boxes fixed, only if it has a first
    // push (from the player's area onto a free live cell) and a floor area (the boxes as walls)
    // that holds such a goal is beside it (a necessary test that skips pack_path's search for
    // boxes that have no path; the same macros). First the boxes with any push onto a free live
    // cell: none (often), and the floods are not needed.
    const uint16_t *d = &layer_dist_[static_cast<size_t>(next) * b.n];
    auto live = [&](int to) { return to >= 0 && !occ[to] && b.boxable[to] && !(inst_.dead[to] && !b.goal[to]); };
    // A box on a park cell placed before the next layer whose goal comes later stays parked.
    auto parked = [&](int x) {
        for (const PackingOrder::Park &p : order_.parks)
            if (p.cell == x && p.place_layer <= next && order_.layer[p.goal] > next) return true;
        return false;
    };
    for (int x : scratch_.boxes) {
        if (b.goal[x] && order_.layer[x] <= next) continue; // packed, or in the layer being filled
        if (!order_.parks.empty() && parked(x)) continue;
        if (d[x] == UINT16_MAX) continue;
        bool push = false;
        for (int e = 0; e < 4 && !push; ++e) {
            const int y = b.nb[x][e];
            push = y >= 0 && !occ[y] && live(b.nb[x][e ^ 2]);
        }
        if (push) cand_.emplace_back(d[x], x);
    }
    if (cand_.empty()) return 0;
    target_.assign(b.n, 0);
    targets_.clear();
    for (int g : b.goals)
        if (order_.layer[g] == next && !occ[g]) targets_.push_back(g);
    // The next layer's parks not taken yet (packed_in_order counts a park once a box stands on
    // its cell or on its goal): their cells are targets too.
    for (const PackingOrder::Park &p : order_.parks)
        if (p.place_layer == next && !occ[p.cell] && !occ[p.goal]) targets_.push_back(p.cell);
    for (int t : targets_) target_[t] = 1;
    // The player's area (stamp P), then the other areas that hold a target (P + 1).
    if (pack_area_.size() != static_cast<size_t>(b.n) || pack_mark_ >= UINT32_MAX - 2) {
        pack_area_.assign(b.n, 0);
        pack_mark_ = 0;
    }
    pack_mark_ += 2;
    const uint32_t P = pack_mark_, G = pack_mark_ + 1;
    pack_flood(pack_player_, P);
    pack_player_goal_ = false;
    for (int g : targets_) {
        if (pack_area_[g] == P) pack_player_goal_ = true;
        else if (pack_area_[g] != G) pack_flood(g, G);
    }
    cand_.erase(std::remove_if(cand_.begin(), cand_.end(),
                               [&](const std::pair<uint16_t, int> &c) {
                                   const int x = c.second;
                                   bool push = false, goal = false; // a first push (pack_path's first step), a goal area beside
                                   for (int e = 0; e < 4; ++e) {
                                       const int y = b.nb[x][e];
                                       if (y < 0 || occ[y]) continue;
                                       const bool mine = pack_area_[y] == P;
                                       goal = goal || (mine ? pack_player_goal_ : pack_area_[y] == G);
                                       push = push || (mine && live(b.nb[x][e ^ 2]));
                                   }
                                   return !(push && goal);
                               }),
                cand_.end());
    std::sort(cand_.begin(), cand_.end());
    return cand_.size();
}

bool FessSearch::pack_try(size_t i, const uint8_t *state, std::vector<uint8_t> &child, int &box, PackPath &path) {
    const Board &b = inst_.board;
    const int x = cand_[i].second;
    if (!pack_path(b, pack_occ_.data(), inst_.dead.data(), target_.data(), x, pack_player_, pps_, path,
                   pack_area_.data(), pack_mark_))
        return false;
    box = x;
    scratch_.occ = pack_occ_;
    scratch_.occ[box] = 0;
    scratch_.occ[path.dest] = 1;
    const int np = normalize_player(inst_, scratch_, path.end_player);
    child.assign(state, state + inst_.state_size);
    child[0] = static_cast<uint8_t>(np & 0xff);
    child[1] = static_cast<uint8_t>(np >> 8);
    child[2 + box / 8] &= static_cast<uint8_t>(~(1u << (box % 8)));
    child[2 + path.dest / 8] |= static_cast<uint8_t>(1u << (path.dest % 8));
    return true;
}

uint32_t FessSearch::owe_count(const uint8_t *occ, int player) {
    const Board &b = inst_.board;
    // The wall set's key: one byte per goal (a box on it and the goal in owe_fixed_).
    owe_key_.resize(b.goals.size());
    for (size_t k = 0; k < b.goals.size(); ++k) {
        const int g = b.goals[k];
        owe_key_[k] = static_cast<char>(occ[g] && owe_fixed_[g] ? 1 : 0);
    }
    std::unique_ptr<StrandScratch> &slot = owe_cache_[owe_key_];
    if (!slot) {
        if (owe_cache_.size() > 4096) { // dropped whole (a few MB at most); the slot made again
            owe_cache_.clear();
            return owe_count(occ, player);
        }
        slot.reset(new StrandScratch);
    }
    if (!slot->valid) ++owe_builds_;
    return strand_count(b, inst_.options.deadsquares ? inst_.dead.data() : nullptr, occ, owe_fixed_.data(), player, *slot);
}

bool FessSearch::owe_ok(int box, int dest, int player) {
    const Board &b = inst_.board;
    if (!b.goal[dest] || owe_next_ < 0) return true; // a park cell: not judged
    ++owe_tests_;
    // The walls' goals: the layers up to the one being filled (where a box stands; the others'
    // boxes are matched). They depend on owe_next_ only.
    if (owe_fixed_.size() != static_cast<size_t>(b.n)) owe_fixed_.assign(b.n, 0);
    for (int g : b.goals) owe_fixed_[g] = order_.layer[g] >= 0 && order_.layer[g] <= owe_next_;
    owe_occ_ = pack_occ_;
    owe_occ_[box] = 0;
    owe_occ_[dest] = 1;
    const uint32_t child = owe_count(owe_occ_.data(), player);
    if (child == 0) return true;
    // The parent's boxes under the same walls (dest empty there, so not a wall).
    return child <= owe_count(pack_occ_.data(), pack_player_);
}

bool FessSearch::owe_other(size_t i, const uint8_t *state, int refused, std::vector<uint8_t> &child, int &box, PackPath &path) {
    const Board &b = inst_.board;
    const int x = cand_[i].second;
    const std::vector<uint16_t> &dist = inst_.heuristic.dist;
    // The layer's other empty goals (not its parks), nearest to the box first.
    owe_goals_.clear();
    for (size_t k = 0; k < b.goals.size(); ++k) {
        const int g = b.goals[k];
        if (g != refused && target_[g] && dist[k * b.n + x] != UINT16_MAX) owe_goals_.emplace_back(dist[k * b.n + x], g);
    }
    std::sort(owe_goals_.begin(), owe_goals_.end());
    bool found = false;
    for (int t : targets_) target_[t] = 0;
    for (const std::pair<uint16_t, int> &gk : owe_goals_) {
        target_[gk.second] = 1; // pack_path aims at this goal alone
        const bool made = pack_try(i, state, child, box, path);
        target_[gk.second] = 0;
        if (!made) continue;
        if (owe_ok(box, path.dest, child[0] | (child[1] << 8))) {
            found = true;
            break;
        }
        ++owe_skips_;
    }
    for (int t : targets_) target_[t] = 1;
    return found;
}

bool FessSearch::pack_move(const uint8_t *state, std::vector<uint8_t> &child, int &box, PackPath &path) {
    const size_t n = pack_prepare(state);
    for (size_t i = 0; i < n; ++i)
        if (pack_try(i, state, child, box, path)) return true;
    return false;
}

int FessSearch::blocks(const uint8_t *occ, int c) const {
    // Boxes beside c (off goals) with a push that brings them nearer a goal and that the box on
    // c stops: c is the cell the box would go to or the cell the player would push from.
    const Board &b = inst_.board;
    int count = 0;
    for (int d = 0; d < 4; ++d) {
        const int x = b.nb[c][d];
        if (x < 0 || !occ[x] || b.goal[x]) continue;
        bool stopped = false;
        for (int e = 0; e < 4 && !stopped; ++e) {
            const int to = b.nb[x][e], behind = b.nb[x][e ^ 2];
            if (to < 0 || behind < 0 || min_dist_[to] >= min_dist_[x]) continue;
            stopped = to == c || behind == c;
        }
        count += stopped;
    }
    return count;
}

int FessSearch::hotspot(const uint8_t *occ, int &score) const {
    int best = -1;
    score = 0;
    for (int c = 0; c < inst_.board.n; ++c) {
        if (!occ[c]) continue;
        const int k = blocks(occ, c);
        if (k > score) {
            score = k;
            best = c;
        }
    }
    return score >= hot_min_ ? best : -1;
}

void FessSearch::open_flood(const uint8_t *state) {
    const Board &b = inst_.board;
    for (int x = 0; x < b.n; ++x) open_occ_[x] = static_cast<uint8_t>((state[2 + x / 8] >> (x % 8)) & 1);
    if (++open_stamp_ == 0) {
        std::fill(open_mark_.begin(), open_mark_.end(), 0);
        open_stamp_ = 1;
    }
    const int player = state[0] | (state[1] << 8);
    flood_marks(b, open_occ_.data(), open_mark_, open_stamp_, open_stack_, player);
}

// The opener's count: the live pushes of the boxes in `occ` off goals but the one on `except`,
// the player's side a cell `mine` says is in the player's area (free cells only).
// The box cells come from `boxes` (count of them) when given, else from a scan of occ.
template <class Mine>
static uint32_t count_live_pushes(const Instance &inst, const uint8_t *occ, int except, uint32_t *per_box, Mine mine,
                                  const int *boxes = nullptr, size_t count_boxes = 0) {
    const Board &b = inst.board;
    uint32_t count = 0;
    const int n = boxes ? static_cast<int>(count_boxes) : b.n;
    for (int i = 0; i < n; ++i) {
        const int x = boxes ? boxes[i] : i;
        if (!occ[x]) continue;
        uint32_t k = 0;
        if (b.goal[x] || x == except) {
            if (per_box) per_box[x] = 0;
            continue;
        }
        for (int d = 0; d < 4; ++d) {
            const int to = b.nb[x][d], from = b.nb[x][opposite(d)];
            if (to < 0 || from < 0 || occ[to] || !mine(from)) continue;
            if (!b.boxable[to] || (inst.dead[to] && !b.goal[to])) continue;
            ++k;
        }
        if (per_box) per_box[x] = k;
        count += k;
    }
    return count;
}

uint32_t FessSearch::open_count(int except, uint32_t *per_box) const {
    return count_live_pushes(inst_, open_occ_.data(), except, per_box,
                             [&](int c) { return open_mark_[c] == open_stamp_; });
}

uint32_t FessSearch::open_count_regions(int player, int except) const {
    // A box's cell keeps the number of the region it had in an earlier state: occ first.
    const uint8_t *occ = fs_.occ.data();
    const uint32_t *area = fs_.area.data();
    const uint32_t mine = area[player];
    return count_live_pushes(inst_, occ, except, nullptr, [&](int c) { return !occ[c] && area[c] == mine; },
                             fs_.boxes.data(), fs_.boxes.size());
}

uint64_t FessSearch::memory() const {
    return store_.memory() + nodes_.capacity() * sizeof(Node) + features_.capacity() * sizeof(FessFeatures) +
           queued_ * sizeof(Entry) * 2 + cells_.size() * 64;
}

uint32_t FessSearch::lookup(const uint8_t *st, uint64_t h, bool &inserted) {
    const uint32_t id = store_.find_or_insert(st, h, inserted);
    if (inserted) {
        nodes_.push_back(Node{UINT32_MAX, 0, 0, 0});
        features_.push_back(FessFeatures{});
    }
    return id;
}

void FessSearch::file(uint32_t node, const FessFeatures &f, uint32_t h) {
    // plan and seal: 8 bits each (counts of boxes; a larger count only shares a cell with another)
    uint64_t key = (static_cast<uint64_t>(f.packed) << 48) | (static_cast<uint64_t>(f.plan & 0xff) << 40) |
                         (static_cast<uint64_t>(f.seal & 0xff) << 32) | (static_cast<uint64_t>(f.rooms) << 16) | f.regions;
    if (strand_mode_ == 2) key ^= static_cast<uint64_t>(f.strand & 0xff) << 24; // fessstrand: beside rooms (rooms above 255 share cells)
    auto it = cell_of_.find(key);
    uint32_t c;
    if (it == cell_of_.end()) {
        c = static_cast<uint32_t>(cells_.size());
        cells_.emplace_back();
        cells_.back().f = f;
        cell_of_.emplace(key, c);
    } else {
        c = it->second;
    }
    Cell &cell = cells_[c];
    if (cell.open.empty()) {
        const uint32_t g = group_of(f);
        if (groups_.size() <= g) groups_.resize(g + 1);
        if (groups_[g].ring.empty()) outer_.push_back(g);
        groups_[g].ring.push_back(c);
    }
    cell.open.emplace(nodes_[node].weight, h, UINT32_MAX - nodes_[node].g, node);
    ++queued_;
}

uint32_t FessSearch::pop_turn() {
    // The outer ring over the groups, then the group's own ring over its cells; a ring loses
    // its entry when that becomes empty (the cursor then stays, on the entry after it).
    if (outer_cursor_ >= outer_.size()) outer_cursor_ = 0;
    const uint32_t g = outer_[outer_cursor_];
    Group &group = groups_[g];
    if (group.cursor >= group.ring.size()) group.cursor = 0;
    const uint32_t c = group.ring[group.cursor];
    Cell &cell = cells_[c];
    const uint32_t id = std::get<3>(cell.open.top());
    cell.open.pop();
    --queued_;
    if (cell.open.empty()) group.ring.erase(group.ring.begin() + static_cast<std::ptrdiff_t>(group.cursor));
    else ++group.cursor;
    if (group.ring.empty()) outer_.erase(outer_.begin() + static_cast<std::ptrdiff_t>(outer_cursor_));
    else ++outer_cursor_;
    return id;
}

std::vector<uint32_t> FessSearch::cells_by_packed() const {
    std::vector<uint32_t> out;
    for (const Cell &cell : cells_) {
        if (out.size() <= cell.f.packed) out.resize(cell.f.packed + 1, 0);
        ++out[cell.f.packed];
    }
    return out;
}

uint32_t FessSearch::max_packed() const {
    uint32_t m = 0;
    for (const Cell &cell : cells_) m = std::max(m, cell.f.packed);
    return m;
}

bool FessSearch::start() {
    started_ = true;
    std::vector<uint8_t> root(inst_.state_size);
    initial_state(inst_, scratch_, root.data());
    bool ins = false;
    const uint32_t r = lookup(root.data(), state_hash(inst_, root.data()), ins);
    features_[r] = fess_features(inst_, fs_, root.data(), order(), rooms(), plan(), plan_mask_, false, seal());
    add_strand(features_[r], root[0] | (root[1] << 8));
    if (state_is_goal(inst_, root.data())) {
        goal_ = r;
        status_ = Status::solved;
        return false;
    }
    const uint32_t h0 = state_heuristic(inst_, scratch_, root.data());
    if (h0 == H_DEAD) {
        status_ = Status::exhausted;
        return false;
    }
    file(r, features_[r], h0);
    return true;
}

void FessSearch::set_side_goals(bool on) {
    side_goals_ = on;
    if (on && side_occ_.empty()) {
        side_.init(inst_.board);
        side_occ_.assign(inst_.board.n, 0);
    }
}

void FessSearch::set_frozen_walls(bool on) {
    frozen_walls_ = on;
    if (on && side_occ_.empty()) side_occ_.assign(inst_.board.n, 0);
    if (on && walls_.mark.empty()) walls_.init(inst_.board);
}

bool FessSearch::walls_dead_child(const uint8_t *parent, const uint8_t *child, int to) {
    const Board &b = inst_.board;
    const uint8_t *dead = inst_.options.deadsquares ? inst_.dead.data() : nullptr;
    auto unpack = [&](const uint8_t *state) {
        side_boxes_.clear();
        for (int c = 0; c < b.n; ++c) {
            side_occ_[c] = static_cast<uint8_t>((state[2 + (c >> 3)] >> (c & 7)) & 1);
            if (side_occ_[c]) side_boxes_.push_back(c);
        }
    };
    if (parent && to >= 0 && walls_parent_ != parent) {
        // The parent's frozen boxes once per expansion; its children add only the clump at `to`.
        unpack(parent);
        walls_parent_ok_ = frozen_on_goals(b, dead, side_occ_.data(), side_boxes_.data(), static_cast<int>(side_boxes_.size()),
                                           walls_base_, walls_);
        walls_parent_ = parent;
    }
    const bool incremental = parent && to >= 0 && walls_parent_ == parent;
    if (incremental && !walls_parent_ok_) return true; // a box frozen off a goal in the parent: it stays
    unpack(child);
    const int player = child[0] | (child[1] << 8);
    return frozen_wall_deadlock(b, dead, side_occ_.data(), side_boxes_.data(), static_cast<int>(side_boxes_.size()), player,
                                walls_, incremental ? &walls_base_ : nullptr, to);
}

bool FessSearch::side_dead_child(const uint8_t *parent, const uint8_t *child) {
    const Board &b = inst_.board;
    const int bytes = static_cast<int>(inst_.state_size - 2);
    const int to = pushed_to(parent + 2, child + 2, bytes);
    if (to < 0) return false;
    auto has_box = [&](int c) { return ((child[2 + (c >> 3)] >> (c & 7)) & 1) != 0; };
    // The pushed box and the boxes on goals in the 8 cells round it (sidegoals.h).
    int cand[9];
    const int nc = side_goal_candidates(b, to, has_box, cand);
    if (nc == 0) return false;
    side_boxes_.clear();
    for (int c = 0; c < b.n; ++c) {
        side_occ_[c] = static_cast<uint8_t>(has_box(c));
        if (side_occ_[c]) side_boxes_.push_back(c);
    }
    const uint8_t *dead = inst_.options.deadsquares ? inst_.dead.data() : nullptr;
    for (int i = 0; i < nc; ++i)
        if (side_goal_deadlock(b, dead, side_occ_.data(), side_boxes_.data(), static_cast<int>(side_boxes_.size()), cand[i], side_))
            return true;
    return false;
}

FessSearch::Status FessSearch::run(uint64_t max_expansions, const std::function<bool()> &stop) {
    if (status_ != Status::running) return status_;
    if (!started_ && !start()) return status_;
    const uint32_t n = inst_.state_size;
    KidCollector kids(n);
    std::vector<uint8_t> current(n);
    for (uint64_t step = 0; step < max_expansions; ++step) {
        if (outer_.empty()) return status_ = Status::exhausted;
        if (stop && stop()) return status_;
        if ((expanded_ & 4095) == 0 && memory() > budget_) return status_ = Status::memory;
        // The next non-empty cell in turn, and its least-weight state.
        const uint32_t id = pop_turn();
        ++expanded_;
        std::memcpy(current.data(), store_.state(id), n);
        const Node parent = nodes_[id];
        const FessFeatures pf = features_[id];
        // The parent's snapshot for its children's seal counts (seal_parent, seal.h), taken
        // before the first child's count (none when no child is new) and when its count is 0.
        bool snapshot = use_seal_ && pf.seal == 0;
        fs_.seal.parent = false;
        auto take_snapshot = [&]() {
            if (!snapshot) return;
            snapshot = false;
            fs_.seal_parent = true;
            fess_features(inst_, fs_, current.data(), order(), nullptr, nullptr, 0, false, seal());
        };
        if (expanded_by_packed_.size() <= pf.packed) expanded_by_packed_.resize(pf.packed + 1, 0);
        ++expanded_by_packed_[pf.packed];
        kids.clear();
        expand_state(inst_, scratch_, current.data(), kids.sink());
        walls_parent_ = nullptr; // fesswalls: the parent's frozen boxes not yet known
        int hot = -1, hot_score = 0; // the hotspot advisor's box (fesshot=on)
        if (hot_) {
            for (int x = 0; x < inst_.board.n; ++x) hot_occ_[x] = static_cast<uint8_t>((current[2 + x / 8] >> (x % 8)) & 1);
            hot = hotspot(hot_occ_.data(), hot_score);
        }
        // The opener's live pushes of the parent (per box in open_box_), counted when a child
        // first needs them (open_parent: not yet).
        uint32_t open_total = 0;
        bool open_parent = false;
        for (size_t q = 0; q < kids.size(); ++q) {
            const Kid &kd = kids[q];
            bool inserted = false;
            const uint32_t k = lookup(kd.state.data(), kd.hash, inserted);
            if (!inserted) continue; // any-solution search: the first path found stays
            if (side_goals_ && !state_is_goal(inst_, kd.state.data()) && side_dead_child(current.data(), kd.state.data()))
                continue; // fessgoals=on: dead, stays visited, filed nowhere
            if (frozen_walls_ && !state_is_goal(inst_, kd.state.data()) &&
                walls_dead_child(current.data(), kd.state.data(), pushed_to(current.data() + 2, kd.state.data() + 2, static_cast<int>(n - 2))))
                continue; // fesswalls=on: likewise
            take_snapshot();
            FessFeatures f = fess_features(inst_, fs_, kd.state.data(), order(), rooms(), plan(), plan_mask_, open_, seal());
            add_strand(f, kd.state[0] | (kd.state[1] << 8)); // fs_.occ is the child's (the opener below reads fs_ too; strand leaves it)
            features_[k] = f;
            // The advisors: a move that packs a box or joins floor areas costs nothing.
            bool advised = advisors_ && (f.packed > pf.packed || f.regions < pf.regions || f.rooms < pf.rooms ||
                                         f.plan < pf.plan || f.seal < pf.seal || f.strand < pf.strand);
            int to = NO_CELL;
            if (toward_) { // the box's new cell
                to = pushed_to(current.data() + 2, kd.state.data() + 2, static_cast<int>(n - 2));
                if (!advised) {
                    const int from = static_cast<int>(kd.move >> 2);
                    advised = nearer(pf.next, from, to) && (!chain_ || parent.last == from);
                }
            }
            if (box_run_) { // fessbox=on: the same box's next push is free, whichever way
                if (to == NO_CELL) to = pushed_to(current.data() + 2, kd.state.data() + 2, static_cast<int>(n - 2));
                if (parent.last >= 0 && parent.last == static_cast<int>(kd.move >> 2)) advised = true;
            }
            if (!advised && hot >= 0 && static_cast<int>(kd.move >> 2) == hot) {
                // A push of the hotspot box that leaves it in fewer boxes' way.
                const int dest = pushed_to(current.data() + 2, kd.state.data() + 2, static_cast<int>(n - 2));
                if (dest >= 0) {
                    hot_occ_[hot] = 0;
                    hot_occ_[dest] = 1;
                    advised = blocks(hot_occ_.data(), dest) < hot_score;
                    hot_occ_[dest] = 0;
                    hot_occ_[hot] = 1;
                }
            }
            if (!advised && open_) {
                // The opener: the other boxes have more live pushes after the push than before.
                // The child's count from its regions, which fess_features has just labelled
                // (fs_ is the child's until the next child).
                if (!open_parent) {
                    open_flood(current.data());
                    open_total = open_count(NO_CELL, open_box_.data());
                    open_parent = true;
                }
                const int from = static_cast<int>(kd.move >> 2);
                const int dest = to != NO_CELL ? to : pushed_to(current.data() + 2, kd.state.data() + 2, static_cast<int>(n - 2));
                const int player = kd.state[0] | (kd.state[1] << 8);
                advised = open_count_regions(player, dest) > open_total - open_box_[from];
            }
            if (f.seal > pf.seal) advised = false; // fessseal=on: a move that raises the seal count is never free
            if (f.strand > pf.strand) advised = false; // fessstrand=on: likewise the stranded count
            nodes_[k] = Node{id, kd.move, parent.g + kd.cost, parent.weight + (advised ? 0u : 1u), to};
            if (state_is_goal(inst_, kd.state.data())) {
                goal_ = k;
                return status_ = Status::solved;
            }
            file(k, f, kd.h);
        }
        // The packing macro: one more child (fesspack=all: one per box that has one), the pushes
        // of one box onto a goal of the next layer.
        // fessowe=on: a first pass judges each packing (owe_ok); when it refused some and took
        // none, a second pass without the test takes the plain macro's (the order's own boundary
        // fails there: every packing of the layer's goals leaves a box without one).
        const size_t tries = pack_ ? pack_prepare(current.data()) : 0;
        bool took = false, refused = false;
        for (int pass = 0; pass < (owe_ ? 2 : 1) && !took; ++pass) {
            if (pass == 1 && !refused) break;
            const bool judge = owe_ && pass == 0;
            if (pass == 1) ++owe_fallbacks_;
            for (size_t i = 0; i < tries; ++i) {
                int box = -1;
                PackPath pp;
                if (!pack_try(i, current.data(), macro_, box, pp)) continue;
                if (judge && !state_is_goal(inst_, macro_.data()) && !owe_ok(box, pp.dest, macro_[0] | (macro_[1] << 8))) {
                    // fessowe=on: this packing leaves another box without its goal; the box's other
                    // goals of the layer, else the next box.
                    ++owe_skips_;
                    refused = true;
                    if (!owe_other(i, current.data(), pp.dest, macro_, box, pp)) continue;
                }
                FessFeatures mf;
                if (use_seal_ || strand_) {
                    take_snapshot();
                    mf = fess_features(inst_, fs_, macro_.data(), order(), rooms(), plan(), plan_mask_, false, seal());
                    add_strand(mf, macro_[0] | (macro_[1] << 8));
                    if (mf.seal > pf.seal && !state_is_goal(inst_, macro_.data())) {
                        ++seal_skips_; // fessseal=on: this box would seal the way of others; the next box
                        continue;
                    }
                    if (mf.strand > pf.strand && !state_is_goal(inst_, macro_.data())) {
                        ++strand_skips_; // fessstrand=on: this box would strand another; the next box
                        continue;
                    }
                }
                took = true;
                bool inserted = false;
                const uint32_t k = lookup(macro_.data(), state_hash(inst_, macro_.data()), inserted);
                if (inserted) {
                    const uint32_t h = state_heuristic(inst_, scratch_, macro_.data());
                    features_[k] = use_seal_ || strand_ ? mf : fess_features(inst_, fs_, macro_.data(), order(), rooms(), plan(), plan_mask_);
                    nodes_[k] = Node{id, static_cast<uint32_t>(box * 4 + pp.first_dir), parent.g + pp.pushes, parent.weight,
                                     pp.dest};
                    if (state_is_goal(inst_, macro_.data())) {
                        goal_ = k;
                        ++macros_;
                        return status_ = Status::solved;
                    }
                    // ldleft (localdead.h): the clumps the box left behind, and its own at the goal.
                    if (h != H_DEAD && !(side_goals_ && side_dead_child(current.data(), macro_.data())) &&
                        !(frozen_walls_ && walls_dead_child(current.data(), macro_.data(), pp.dest)) &&
                        !(scratch_.localdead.left && macro_child_local_dead(inst_, scratch_, macro_.data(), box, pp.dest))) {
                        ++macros_;
                        file(k, features_[k], h);
                    }
                }
                if (!pack_all_) break;
            }
        }
    }
    return status_;
}

void FessSearch::solution(std::vector<uint8_t> &states, std::vector<uint32_t> &moves, uint64_t &cost) const {
    states.clear();
    moves.clear();
    cost = 0;
    if (goal_ == UINT32_MAX) return;
    store_.append_path(nodes_, goal_, states, moves, cost);
}

void configure_fess_member(FessSearch &f, const Options &o, uint32_t cd_member, int pack_member) {
    f.set_side(pack_side_of(o, pack_member)); // packside=t0|t1: the side on one thread's members
    f.scratch().corraldead.mode = corraldead_mode(o, cd_member);
    f.scratch().localdead.left = ldleft_on(o, cd_member);
    f.scratch().corraldead.extend = cdextend_of(o, cd_member);
    // fessrooms=t0|t1: the room feature on one thread's members (and its packall guest) only.
    const bool thread0 = (cd_member & (CD_FESS0 | CD_PLAN0)) != 0;
    const bool guest = pack_member == PACK_FOR_PACKALL;
    if (o.fessrooms >= 2) f.set_rooms(fess_rooms_on(o, thread0));
    // fessbox=t0|t1 (session 46): the box-move advisor likewise, but not on the packall guest
    // (with it the guest lost XSokoban 14, its win in 2.6 s without).
    if (o.fessbox >= 2 && !guest) f.set_box_run(fess_on_thread(o.fessbox, thread0));
    // fessopen=t0|t1: the opener advisor likewise, but not on the packall guest (its extra
    // flood per child slowed the guest's wins on XSokoban 14, 27 and 42; README, session 18).
    if (o.fessopen >= 2 && !guest) f.set_open(fess_on_thread(o.fessopen, thread0));
    // fessgoals=t0|t1: the side-kept frozen-goal test on one thread's members (and its guest).
    if (o.fessgoals >= 2) f.set_side_goals(fess_on_thread(o.fessgoals, thread0));
    // fesswalls=t0|t1 (session 24): frozenwalls.h's test likewise.
    if (o.fesswalls >= 2) f.set_frozen_walls(fess_on_thread(o.fesswalls, thread0));
    // fessseal=t0|t1 (session 21): the seal count on one thread's members (and its guest);
    // fess0: on thread 0's FESS member alone.
    if (o.fessseal >= 2) f.set_seal(o.fessseal == 4 ? cd_member == CD_FESS0 && !guest : fess_on_thread(o.fessseal, thread0));
    if (o.fessowe != 0) f.set_owe(!guest && fess_on_thread(o.fessowe, thread0)); // fessowe (session 33): not the packall guest (XSokoban 14)
}

} // namespace sokoban
