// backward.cc -- see backward.h.
#include "backward.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace sokoban {

std::vector<uint16_t> push_distances(const Board &board, int start) {
    std::vector<uint16_t> dist(board.n, UINT16_MAX);
    if (start < 0 || !board.boxable[start]) return dist;
    std::vector<int> queue;
    queue.reserve(board.n);
    dist[start] = 0;
    queue.push_back(start);
    for (size_t head = 0; head < queue.size(); ++head) {
        const int box = queue[head];
        for (int d = 0; d < 4; ++d) {
            // Push the box in direction d: it moves to `to`, the player stands behind it.
            const int to = board.nb[box][d], behind = board.nb[box][opposite(d)];
            if (to < 0 || behind < 0 || !board.boxable[to] || dist[to] != UINT16_MAX) continue;
            dist[to] = static_cast<uint16_t>(dist[box] + 1);
            queue.push_back(to);
        }
    }
    return dist;
}

std::vector<uint8_t> backward_dead_cells(const Board &board) {
    std::vector<uint8_t> dead(board.n, 1);
    for (int s : board.start_boxes) {
        const std::vector<uint16_t> d = push_distances(board, s);
        for (int c = 0; c < board.n; ++c)
            if (d[c] != UINT16_MAX) dead[c] = 0;
    }
    return dead;
}

bool pull_move(const Board &board, const uint8_t *occ, int box, int dir, int &box_to, int &player_to) {
    const int p = board.nb[box][dir];
    if (p < 0 || occ[p] || !board.boxable[p]) return false;
    const int q = board.nb[p][dir];
    if (q < 0 || occ[q]) return false;
    box_to = p;
    player_to = q;
    return true;
}

std::vector<int> backward_fill_layers(const Board &board, int &layers) {
    const int n = board.n;
    std::vector<int> layer(n, -1);
    std::vector<uint8_t> occ(n, 0), reach(n, 0);
    std::vector<int> left(board.start_boxes), now, stack;
    for (int c : left) occ[c] = 1;
    int depth = 0;
    while (!left.empty()) {
        // The player's area with the boxes left.
        std::fill(reach.begin(), reach.end(), 0);
        stack.assign(1, board.start_player);
        reach[board.start_player] = 1;
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int x = board.nb[c][d];
                if (x < 0 || reach[x] || occ[x]) continue;
                reach[x] = 1;
                stack.push_back(x);
            }
        }
        now.clear();
        for (int c : left)
            for (int d = 0; d < 4; ++d) {
                const int to = board.nb[c][d], from = board.nb[c][opposite(d)];
                if (to >= 0 && from >= 0 && reach[from] && !occ[to] && board.boxable[to]) {
                    now.push_back(c);
                    break;
                }
            }
        if (now.empty()) now = left; // none pushable: the rest is the last layer
        for (int c : now) {
            layer[c] = depth;
            occ[c] = 0;
        }
        std::vector<int> rest;
        for (int c : left)
            if (occ[c]) rest.push_back(c);
        left.swap(rest);
        ++depth;
    }
    // Backward the deepest layer is filled first: number the layers from it.
    for (int &l : layer)
        if (l >= 0) l = depth - 1 - l;
    layers = depth;
    return layer;
}

BackwardSearch::BackwardSearch(const Instance &inst, uint64_t memory_budget, uint32_t g_weight, uint32_t h_weight,
                               int fess)
    : inst_(inst), budget_(memory_budget), gw_(g_weight), hw_(h_weight), store_(inst.state_size), fess_(fess) {
    const Board &b = inst.board;
    const int n = b.n;
    const int k = static_cast<int>(b.start_boxes.size());
    // The matching to the start cells: heuristic.h's tables without player sides, one "goal"
    // per start cell, the distance from a cell to it the pushes from it to the cell.
    h_.kind = HeuristicKind::matching;
    h_.n = n;
    h_.k = k;
    h_.sides = false;
    h_.dist.assign(static_cast<size_t>(k) * n, UINT16_MAX);
    h_.nearest.assign(n, UINT16_MAX);
    for (int g = 0; g < k; ++g) {
        const std::vector<uint16_t> d = push_distances(b, b.start_boxes[g]);
        for (int c = 0; c < n; ++c) {
            h_.dist[static_cast<size_t>(g) * n + c] = d[c];
            h_.nearest[c] = std::min(h_.nearest[c], d[c]);
        }
    }
    h_.side_rows.assign(static_cast<size_t>(n) * 4 * k, UINT16_MAX);
    for (int c = 0; c < n; ++c)
        for (int g = 0; g < k; ++g) h_.side_rows[static_cast<size_t>(c) * 4 * k + g] = h_.dist[static_cast<size_t>(g) * n + c];
    h_.make_cost_rows();
    hs_.init(k);
    dead_ = backward_dead_cells(b);
    occ_.assign(n, 0);
    mark_.assign(n, 0);
    area_.assign(n, 0);
    tree_.init(n);
    other_.assign(n, 0);
    other_min_.assign(n, 0);
    other_cells_.reserve(n);
    stack_.assign(n + 1, 0);
    cur_.assign(inst.state_size, 0);
    child_.assign(inst.state_size, 0);
    target_.assign(inst.state_size, 0);
    Scratch s;
    init_scratch(inst, s);
    initial_state(inst, s, target_.data());
    target_hash_ = state_hash(inst, target_.data());
    start_cell_.assign(n, 0);
    goal_only_.assign(n, 0);
    for (int c : b.start_boxes) start_cell_[c] = 1;
    for (int g : b.goals)
        if (!start_cell_[g]) goal_only_[g] = 1;
    region_mark_.assign(n, 0);
    if (fess_ == BACK_FESS_ORDER) {
        int layers = 0;
        fill_layer_ = backward_fill_layers(b, layers);
        layer_size_.assign(layers, 0);
        for (int c : b.start_boxes) ++layer_size_[fill_layer_[c]];
        fill_count_.assign(layers, 0);
        child_count_.assign(layers, 0);
    }
}

uint32_t BackwardSearch::ordered_starts(const uint32_t *per_layer) const {
    uint32_t count = 0;
    for (size_t l = 0; l < layer_size_.size(); ++l) {
        count += per_layer[l];
        if (per_layer[l] < layer_size_[l]) break;
    }
    return count;
}

uint32_t BackwardSearch::count_regions(const uint8_t *occ) {
    const uint32_t stamp = next_stamp(region_mark_, region_stamp_);
    uint32_t regions = 0;
    for (int c = 0; c < inst_.board.n; ++c) {
        if (occ[c] || region_mark_[c] == stamp) continue;
        ++regions;
        flood(occ, region_mark_.data(), stamp, c);
    }
    return regions;
}

BackFeatures BackwardSearch::features_of(const std::vector<int> &boxes, const uint8_t *occ,
                                         std::vector<uint32_t> &per_layer) {
    BackFeatures f;
    for (int c : boxes) {
        f.starts += start_cell_[c];
        f.goals += fess_ == BACK_FESS_SR ? 0 : goal_only_[c];
    }
    f.regions = count_regions(occ);
    if (fess_ == BACK_FESS_ORDER) {
        per_layer.assign(layer_size_.size(), 0);
        for (int c : boxes)
            if (fill_layer_[c] >= 0) ++per_layer[fill_layer_[c]];
        f.starts = ordered_starts(per_layer.data());
    }
    return f;
}

BackFeatures BackwardSearch::features(const uint8_t *state) {
    const int n = inst_.board.n;
    std::vector<uint8_t> occ(n, 0);
    std::vector<int> boxes;
    for (int c = 0; c < n; ++c)
        if (test_bit(state + 2, c)) {
            occ[c] = 1;
            boxes.push_back(c);
        }
    std::vector<uint32_t> per;
    return features_of(boxes, occ.data(), per);
}

uint32_t BackwardSearch::pop_fess() {
    for (;;) {
        if (turn_ >= ring_.size()) turn_ = 0;
        const uint32_t c = ring_[turn_];
        auto &q = cells_[c];
        if (q.empty()) { // emptied: leaves the ring (the others keep their order)
            in_ring_[c] = 0;
            ring_.erase(ring_.begin() + static_cast<std::ptrdiff_t>(turn_));
            continue;
        }
        const uint32_t id = std::get<2>(q.top());
        q.pop();
        --fess_open_;
        ++turn_;
        return id;
    }
}

uint32_t BackwardSearch::next_stamp(std::vector<uint32_t> &marks, uint32_t &stamp) {
    if (++stamp == 0) { // wrapped: clear once every 4 billion floods
        std::fill(marks.begin(), marks.end(), 0);
        stamp = 1;
    }
    return stamp;
}

int BackwardSearch::flood(const uint8_t *occ, uint32_t *marks, uint32_t stamp, int from, std::vector<int> *cells) {
    // Two copies from one body: the expansion's own flood (no cells) keeps its loop free of the test.
    return cells ? flood_cells<true>(occ, marks, stamp, from, cells) : flood_cells<false>(occ, marks, stamp, from, nullptr);
}

template <bool Collect>
int BackwardSearch::flood_cells(const uint8_t *occ, uint32_t *marks, uint32_t stamp, int from, std::vector<int> *cells) {
    const Board &b = inst_.board;
    int top = 0, best = from;
    stack_[top++] = from;
    marks[from] = stamp;
    while (top > 0) {
        const int c = stack_[--top];
        if (Collect) cells->push_back(c);
        if (c < best) best = c;
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || marks[x] == stamp || occ[x]) continue;
            marks[x] = stamp;
            stack_[top++] = x;
        }
    }
    return best;
}

int BackwardSearch::other_min(int x) {
    if (other_[x] == other_stamp_) return other_min_[x];
    other_cells_.clear();
    const int best = flood(occ_.data(), other_.data(), other_stamp_, x, &other_cells_);
    for (int c : other_cells_) other_min_[c] = best;
    return best;
}

int BackwardSearch::child_player(int player, int box, int to, int q, uint32_t area) {
    const Board &b = inst_.board;
    // The child's empty cells: the parent's without `to`, plus `box`. search.h's local test for
    // a push from `box` onto `to` reads the same cells (occ_ differs from the child's only on
    // `box` and `to`, which it does not read): when it passes, q, `box` and every open neighbour
    // of `to` lie in one area, R without `to` plus `box` (no other area opens onto `box`), and
    // it gives that area's smallest cell.
    const int local = local_child_player(b, occ_.data(), area_.data(), area, player, box, to);
    last_local_ = local >= 0;
    if (local >= 0) return local;
    // Else R's cut cells (areatree.h): R without `to` falls into parts; the other empty areas
    // stay as they were. q's area is its part alone, unless `box` touches that part: then `box`
    // joins it with every part and other area beside `box`.
    if (!tree_.ready(area)) tree_.build(b, area_.data(), area, player);
    const int mine = tree_.part_of(b, to, q);
    bool joined = false;
    for (int d = 0; d < 4 && !joined; ++d) {
        const int y = b.nb[box][d];
        joined = y >= 0 && y != to && area_[y] == area && tree_.part_of(b, to, y) == mine;
    }
    if (!joined) return tree_.part_min(mine);
    int best = box;
    for (int d = 0; d < 4; ++d) {
        const int y = b.nb[box][d];
        if (y < 0 || y == to || occ_[y]) continue;
        best = std::min(best, area_[y] == area ? tree_.part_min(tree_.part_of(b, to, y)) : other_min(y));
    }
    return best;
}

uint32_t BackwardSearch::estimate(const uint8_t *state) {
    boxes_.clear();
    for (int c = 0; c < inst_.board.n; ++c)
        if (test_bit(state + 2, c)) {
            if (dead_[c]) return H_DEAD;
            boxes_.push_back(c);
        }
    return evaluate(h_, boxes_.data(), static_cast<int>(boxes_.size()), state_player(state), hs_);
}

uint64_t BackwardSearch::memory() const {
    return store_.memory() + nodes_.capacity() * sizeof(Node) + open_.size() * sizeof(Entry) * 2 +
           weight_.capacity() * sizeof(uint32_t) + fess_open_ * sizeof(Entry) * 2 +
           cells_.size() * (sizeof(cells_[0]) + 64);
}

uint32_t BackwardSearch::push_node(const uint8_t *st, uint64_t hash, uint64_t slot, uint32_t parent, uint32_t move,
                                   uint32_t g, uint32_t h, const BackFeatures *f, uint32_t weight) {
    const uint32_t id = store_.insert_at(slot, st, hash);
    nodes_.push_back(Node{parent, move, g});
    if (fess_) weight_.push_back(weight);
    if (hash == target_hash_ && std::memcmp(st, target_.data(), inst_.state_size) == 0) {
        goal_ = id;
        return id;
    }
    if (h < best_h_) falls_ += best_h_ != UINT32_MAX && parent != UINT32_MAX, best_h_ = h, at_best_ = 0;
    if (parent == UINT32_MAX) root_h_ = std::min(root_h_, h);
    if (h == best_h_) ++at_best_;
    const uint64_t pri = static_cast<uint64_t>(gw_) * g + static_cast<uint64_t>(hw_) * h;
    const uint64_t tie = gw_ == 0 ? (static_cast<uint64_t>(UINT32_MAX - g) << 32) | h : (static_cast<uint64_t>(h) << 32) | (UINT32_MAX - g);
    if (fess_) {
        // The feature-space order: filed under its cell, least h, then weight, then the deeper.
        const BackFeatures own = f ? *f : features(st);
        const uint64_t key = cell_key(own);
        auto it = cell_of_.find(key);
        uint32_t c;
        if (it == cell_of_.end()) {
            c = static_cast<uint32_t>(cells_.size());
            cell_of_.emplace(key, c);
            cells_.emplace_back();
            in_ring_.push_back(0);
        } else {
            c = it->second;
        }
        cells_[c].emplace((static_cast<uint64_t>(h) << 32) | weight, UINT32_MAX - g, id);
        ++fess_open_;
        if (!in_ring_[c]) {
            in_ring_[c] = 1;
            ring_.push_back(c);
        }
        return id;
    }
    open_.emplace(pri, tie, id);
    return id;
}

bool BackwardSearch::start() {
    started_ = true;
    const Board &b = inst_.board;
    if (b.unsolvable || b.start_boxes.size() != b.goals.size()) return false;
    // The solved position: every box on a goal; one root per free area.
    std::fill(occ_.begin(), occ_.end(), 0);
    std::memset(cur_.data(), 0, inst_.state_size);
    for (int g : b.goals) {
        occ_[g] = 1;
        set_bit(cur_.data() + 2, g);
    }
    const uint32_t stamp = next_stamp(mark_, stamp_);
    for (int c = 0; c < b.n; ++c) {
        if (occ_[c] || mark_[c] == stamp) continue;
        const int p = flood(occ_.data(), mark_.data(), stamp, c); // == c: cells are visited in index order
        cur_[0] = static_cast<uint8_t>(p & 0xff);
        cur_[1] = static_cast<uint8_t>(p >> 8);
        const uint32_t h = estimate(cur_.data());
        if (h == H_DEAD) continue;
        const uint64_t hash = state_hash(inst_, cur_.data());
        uint64_t slot = 0;
        if (store_.find(cur_.data(), hash, &slot) != StateStore::NONE) continue;
        push_node(cur_.data(), hash, slot, UINT32_MAX, 0, 0, h);
        ++roots_;
        if (goal_ != UINT32_MAX) return true;
    }
    return true;
}

BackwardSearch::Status BackwardSearch::run(uint64_t max_expansions, const std::function<bool()> &stop) {
    if (status_ != Status::running) return status_;
    if (!started_ && !start()) return status_ = Status::exhausted;
    if (goal_ != UINT32_MAX) return status_ = Status::solved;
    const Board &b = inst_.board;
    const uint32_t size = inst_.state_size;
    for (uint64_t done = 0; done < max_expansions; ++done) {
        if (stop && stop()) return status_;
        if (fess_ ? fess_open_ == 0 : open_.empty()) return status_ = Status::exhausted;
        if ((expanded_ & 1023) == 0 && memory() > budget_) return status_ = Status::memory;
        uint32_t id;
        if (fess_) {
            id = pop_fess();
        } else {
            id = std::get<2>(open_.top());
            open_.pop();
        }
        ++expanded_;
        std::memcpy(cur_.data(), store_.state(id), size);
        const uint32_t g = nodes_[id].g;
        const int player = state_player(cur_.data());
        // Unpack the boxes (set bits, in cell order) and the hash (= state_hash()) in one pass.
        uint64_t hash = b.zobrist_player[player];
        boxes_.clear();
        std::fill(occ_.begin(), occ_.end(), 0);
        for (uint32_t i = 2; i < size; ++i) {
            unsigned byte = cur_[i];
            while (byte != 0) { // unused high bits are zero, so every set bit is a cell
                const int c = static_cast<int>(i - 2) * 8 + __builtin_ctz(byte);
                byte &= byte - 1;
                occ_[c] = 1;
                boxes_.push_back(c);
                hash ^= b.zobrist_box[c];
            }
        }
        parent_boxes_ = boxes_;
        const int count = static_cast<int>(parent_boxes_.size());
        // The parent's matching, kept: each child re-inserts its one moved box's row (heuristic.h).
        if (evaluate_assigned(h_, parent_boxes_.data(), count, player, hs_, nullptr) == H_DEAD) continue;
        matching_keep_parent(hs_);
        // The player's area R; `player` is its smallest cell (states are normalized).
        const uint32_t area = next_stamp(area_, area_stamp_);
        flood(occ_.data(), area_.data(), area, player);
        tree_.valid = false;
        next_stamp(other_, other_stamp_);
        // The feature-space order: the parent's features, each child's from them (starts and
        // goals by the one moved box, regions by a flood of the child's free cells).
        BackFeatures pf;
        uint32_t pw = 0;
        if (fess_) {
            pf = features_of(parent_boxes_, occ_.data(), fill_count_);
            pw = weight_[id];
        }
        for (int row = 0; row < count; ++row) {
            const int box = parent_boxes_[row];
            for (int d = 0; d < 4; ++d) {
                int to = -1, q = -1;
                const int p = b.nb[box][d];
                if (p < 0 || area_[p] != area) continue;
                if (!pull_move(b, occ_.data(), box, d, to, q)) continue;
                if (dead_[to]) continue;
                const int np = child_player(player, box, to, q, area); // = the flood from q in the child
                std::memcpy(child_.data(), cur_.data(), size);
                clear_bit(child_.data() + 2, box);
                set_bit(child_.data() + 2, to);
                child_[0] = static_cast<uint8_t>(np & 0xff);
                child_[1] = static_cast<uint8_t>(np >> 8);
                const uint64_t ch = hash ^ b.zobrist_box[box] ^ b.zobrist_box[to] ^ b.zobrist_player[player] ^
                                    b.zobrist_player[np];
                // A state already stored is dropped before its matching (a state's matching depends on
                // its boxes only, so a stored one is never dead); else push_node stores it in the slot
                // this probe stopped at (nothing is stored in between).
                uint64_t slot = 0;
                if (store_.find(child_.data(), ch, &slot) != StateStore::NONE) continue;
                parent_boxes_[row] = to;
                const uint32_t h = matching_child(h_, parent_boxes_.data(), count, row, q, hs_);
                parent_boxes_[row] = box;
                if (h == H_DEAD) continue;
                if (forward_ && forward_->find(child_.data(), ch) != StateStore::NONE) ++meets_;
                // Forward, the box on `to` is pushed back onto `box`: direction opposite(d).
                BackFeatures cf;
                uint32_t cw = 0;
                if (fess_) {
                    if (fess_ == BACK_FESS_ORDER) {
                        child_count_ = fill_count_;
                        if (fill_layer_[box] >= 0) --child_count_[fill_layer_[box]];
                        if (fill_layer_[to] >= 0) ++child_count_[fill_layer_[to]];
                        cf.starts = ordered_starts(child_count_.data());
                    } else {
                        cf.starts = pf.starts - start_cell_[box] + start_cell_[to];
                    }
                    cf.goals = fess_ == BACK_FESS_SR ? 0 : pf.goals - goal_only_[box] + goal_only_[to];
                    if (last_local_) {
                        // child_player's local test passed: R without `to`, plus `box`, is one
                        // area, and every other area beside `box` joins it; the rest stay.
                        int joined[4], count_joined = 0;
                        for (int e = 0; e < 4; ++e) {
                            const int y = b.nb[box][e];
                            if (y < 0 || y == to || occ_[y] || area_[y] == area) continue;
                            const int m = other_min(y);
                            if (std::find(joined, joined + count_joined, m) == joined + count_joined) joined[count_joined++] = m;
                        }
                        cf.regions = pf.regions - static_cast<uint32_t>(count_joined);
                    } else { // R may fall apart: count the child's areas
                        occ_[box] = 0;
                        occ_[to] = 1;
                        cf.regions = count_regions(occ_.data());
                        occ_[to] = 0;
                        occ_[box] = 1;
                    }
#ifdef BACKFESS_CHECK
                    occ_[box] = 0;
                    occ_[to] = 1;
                    if (cf.regions != count_regions(occ_.data())) std::abort();
                    occ_[to] = 0;
                    occ_[box] = 1;
#endif
                    // The advisors: a pull onto a start cell, or one that joins areas, is free.
                    cw = pw + (cf.starts > pf.starts || cf.regions < pf.regions ? 0 : 1);
                }
                push_node(child_.data(), ch, slot, id, static_cast<uint32_t>(to) * 4 + static_cast<uint32_t>(opposite(d)),
                          g + 1, h, fess_ ? &cf : nullptr, cw);
                if (goal_ != UINT32_MAX) return status_ = Status::solved;
            }
        }
    }
    return status_;
}

void BackwardSearch::solution(std::vector<uint8_t> &states, std::vector<uint32_t> &moves, uint64_t &cost) const {
    states.clear();
    moves.clear();
    cost = 0;
    if (goal_ == UINT32_MAX) return;
    // goal_ is the forward start; following the parents walks forward to the solved position.
    for (uint32_t x = goal_; x != UINT32_MAX; x = nodes_[x].parent) {
        const uint8_t *st = store_.state(x);
        states.insert(states.end(), st, st + inst_.state_size);
        if (nodes_[x].parent != UINT32_MAX) moves.push_back(nodes_[x].move);
    }
    cost = nodes_[goal_].g;
}

namespace {
int stage2_fess(int order2) {
    return order2 == BACK_STAGE2_FESS ? BACK_FESS_ALL : order2 == BACK_STAGE2_ORDER ? BACK_FESS_ORDER : BACK_FESS_OFF;
}
} // namespace

std::unique_ptr<BackwardSearch> backward_stage_search(const Instance &inst, uint64_t budget, const StateStore *forward,
                                                      int order2) {
    const int fess = stage2_fess(order2);
    std::unique_ptr<BackwardSearch> second(fess == BACK_FESS_OFF ? new BackwardSearch(inst, budget, 2, 3)
                                                                 : new BackwardSearch(inst, budget, 0, 1, fess));
    second->set_forward(forward);
    return second;
}

std::unique_ptr<BackwardSearch> backward_second_stage(std::unique_ptr<BackwardSearch> first, const Instance &inst,
                                                      int order2) {
    const int fess = stage2_fess(order2);
    if (fess == BACK_FESS_OFF ? first->weighted() : first->fess() == fess) return first; // that order already: it goes on
    const uint64_t budget = first->memory_budget();
    const StateStore *forward = first->forward();
    first.reset();
    return backward_stage_search(inst, budget, forward, order2);
}

} // namespace sokoban
