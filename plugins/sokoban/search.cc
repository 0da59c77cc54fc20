// search.cc -- see search.h.
#include "search.h"

#include <algorithm>
#include <cstring>

#include "deadsquares.h"
#include "freeze.h"
#include "state_store.h"

namespace sokoban {

void init_instance(Instance &inst, Level level, const Options &options) {
    inst.options = options;
    inst.board = build_board(std::move(level));
    const Board &b = inst.board;
    inst.dead.assign(b.n, 0);
    if (options.deadsquares) inst.dead = compute_dead_squares(b);
    inst.heuristic.init(b, options.heuristic, options.sides);
    inst.macros.init(b, inst.dead.data(), options.tunnels, options.goalroom);
    inst.roomfill.init(b, options.roomfill);
    inst.localdead_cache.reset();
    if (options.localdead && options.ldshared) inst.localdead_cache.reset(new LocalDeadCache());
    inst.corraldead_cache.reset();
    if (options.corraldead != 0) inst.corraldead_cache.reset(new CorralDeadCache());
    inst.learned.reset();
    if (options.learn != 0 && !b.start_boxes.empty() && b.start_boxes.size() <= static_cast<size_t>(LEARN_MAX_BOXES))
        inst.learned.reset(new LearnedTable(b.n, static_cast<size_t>(options.learnmax)));
    inst.room_mask.clear();
    for (const GoalRoom &r : inst.macros.rooms) {
        std::vector<uint8_t> mask(b.n, 0);
        for (int c : r.cells) mask[c] = 1;
        inst.room_mask.push_back(std::move(mask));
    }
    inst.state_size = 2 + static_cast<uint32_t>((b.n + 7) / 8);
    inst.goal_bits.assign(inst.state_size - 2, 0);
    for (int g : b.goals) set_bit(inst.goal_bits.data(), g);

    const Level &lv = b.level;
    inst.description = std::to_string(lv.width) + "x" + std::to_string(lv.height) + " map, " +
                       std::to_string(lv.box_count) + (lv.box_count == 1 ? " box, " : " boxes, ") +
                       (lv.format == Format::course ? "course format" : "XSB format");
    inst.info.abi_version = SOLVER_ABI_VERSION;
    inst.info.struct_size = sizeof(solver_instance_info);
    inst.info.state_size = inst.state_size;
    inst.info.flags = SOLVER_UNIT_COST | SOLVER_HAS_HASH | SOLVER_ANY_SOLUTION;
    // A macro move costs its pushes: the costs are unit only when no macro can occur here.
    bool macro = !inst.macros.rooms.empty();
    for (uint8_t t : inst.macros.tunnel) macro |= t != 0;
    if (macro) inst.info.flags &= ~SOLVER_UNIT_COST;
    // Matching and none are admissible and consistent: one push changes one box's distance to
    // each goal by at most 1, so the minimum matching changes by at most 1.
    if (options.heuristic != HeuristicKind::greedy)
        inst.info.flags |= SOLVER_H_ADMISSIBLE | SOLVER_H_CONSISTENT;
    // Default: weighted A*, w = 1.5. Measured with build/solver, 1 thread, 10 s per level,
    // --memory-limit 1G, all techniques on:
    //   course 01..25   astar w=1.5: 25/25, about 5 s in all (slowest: 25 1.8 s, 22 1.3 s);
    //                   astar w=1: 25/25 in 11.7 s; greedy: 24/25 (map 24 took 7.8 s in one
    //                   run and timed out in another: the runtime's greedy order varies).
    //   Microban 155    astar w=1.5: 152 (93, 144, 153 unsolved), 10.5 s over the solved;
    //                   greedy: 153 (146, 153), 15.2 s; astar w=1 and w=1.2: 152; w=2: 151.
    //                   Pushes over the solved levels: w=1 4822 (optimal), w=1.5 ~4900,
    //                   greedy ~5400-5900.
    // w=1.5 is the fastest on the course maps and within one level of greedy on Microban, with
    // solutions within a few percent of optimal. (heuristic=greedy with w=1.5: also 152.)
    // With 2+ threads plugin.cc makes the portfolio (portfolio.h) the default instead: w=1.5 and
    // greedy side by side solve Microban 154/155 at 10 s (only 153 left) and course 25 at once.
    inst.info.default_engine = "astar";
    inst.info.default_weight = 1.5;
    inst.info.cost_unit = "pushes";
    inst.info.description = inst.description.c_str();
}

void init_scratch(const Instance &inst, Scratch &s) {
    const int n = inst.board.n;
    s.occ.assign(n, 0);
    s.reach.assign(n, 0);
    s.seen.assign(n, 0);
    s.reach_stamp = s.seen_stamp = 0;
    s.stack.assign(n + 1, 0);
    s.boxes.reserve(inst.board.goals.size() + inst.board.start_boxes.size() + 1);
    s.child.assign(inst.state_size, 0);
    s.goal_of.assign(inst.board.goals.size() + 1, 0);
    s.box_index.assign(n, 0);
    s.allowed.reserve(4 * static_cast<size_t>(n));
    s.corral.init(n);
    s.hs.init(static_cast<int>(inst.board.goals.size()));
    const bool cache = inst.options.heuristic == HeuristicKind::matching && inst.options.matching == MatchingMode::cached;
    matching_cache_init(s.hs, n, static_cast<int>(inst.board.goals.size()), cache ? MATCHING_CACHE_BYTES : 0);
    s.path.init(n);
    s.frozen.init(inst.board);
    s.frozen.fast = inst.options.fgfast;
    s.frozen.player = inst.options.fgplayer;
    s.localdead.init(inst.board);
    s.localdead.radius = inst.options.ldradius;
    s.localdead.budget = inst.options.ldbudget;
    s.localdead.local_player = inst.options.ldlocal;
    s.corraldead.init(inst.board);
    s.corraldead.budget = inst.options.cdbudget;
    s.corraldead.mode = corraldead_mode(inst.options, CD_ENGINE); // the portfolio sets its members' own
    s.localdead.left = ldleft_on(inst.options, CD_ENGINE); // likewise
    s.localdead.core = inst.options.ldcore; // acts only where the radius is 2 (localdead.h)
    s.corraldead.cut_trigger = inst.options.areatree;
    if (inst.learned) s.learn.init(inst.board);
    s.corraldead.extend = cdextend_of(inst.options, CD_ENGINE); // the portfolio sets its members' own
    s.corraldead.extend_after_search = inst.options.cdextendall;
    s.tree.init(n);
    s.dirs.reserve(n);
}

namespace {

uint32_t next_stamp(std::vector<uint32_t> &marks, uint32_t &stamp) {
    if (++stamp == 0) { // wrapped: clear once every 4 billion floods
        std::fill(marks.begin(), marks.end(), 0);
        stamp = 1;
    }
    return stamp;
}

// Flood from `from` over cells without boxes into `marks` with `stamp`; returns the smallest
// cell reached, or -1 as soon as a cell for which `stop(cell)` holds is reached (flood_until).
template <class Stop>
int flood_stopping(const Board &b, Scratch &s, std::vector<uint32_t> &marks, uint32_t stamp, int from,
                   Stop stop) {
    int top = 0, best = from;
    s.stack[top++] = from;
    marks[from] = stamp;
    while (top > 0) {
        const int c = s.stack[--top];
        if (c < best) best = c;
        const auto &nbs = b.nb[c];
        for (int d = 0; d < 4; ++d) {
            const int x = nbs[d];
            if (x < 0 || marks[x] == stamp || s.occ[x]) continue;
            if (stop(x)) return -1;
            marks[x] = stamp;
            s.stack[top++] = x;
        }
    }
    return best;
}

int flood(const Board &b, Scratch &s, std::vector<uint32_t> &marks, uint32_t stamp, int from) {
    return flood_stopping(b, s, marks, stamp, from, [](int) { return false; });
}

// As flood, into s.seen with a fresh stamp, but -1 as soon as `target` is reached.
int flood_until(const Board &b, Scratch &s, int from, int target) {
    const uint32_t stamp = next_stamp(s.seen, s.seen_stamp);
    if (from == target) return -1;
    return flood_stopping(b, s, s.seen, stamp, from, [target](int x) { return x == target; });
}

} // namespace

int normalize_player(const Instance &inst, Scratch &s, int from) {
    const uint32_t stamp = next_stamp(s.seen, s.seen_stamp);
    return flood(inst.board, s, s.seen, stamp, from);
}

namespace {

// The ring test of local_child_player: after the push from `box` to `to` (to in the parent's
// area R, reach == rstamp, smallest cell `player`), does R without `to`, with `box`, stay one
// area? Then its smallest cell is min(player, box); else -2 (it may split, or `to` was R's
// smallest cell).
int ring_child_player(const Board &b, const uint32_t *reach, uint32_t rstamp, int player, int box, int to) {
    if (to == player) return -2; // R's smallest cell is gone
    // Does removing `to` split R? Walk the 8 cells around `to` in circular order; each pair of
    // neighbours in the ring is side by side. The orthogonal open neighbours stay connected
    // when they all lie in one run of consecutive open ring cells (a sufficient condition).
    auto open = [&](int x) { return x >= 0 && (x == box || (reach[x] == rstamp && x != to)); };
    int ring[8];
    ring_cells(b, to, ring);
    bool o[8];
    for (int k = 0; k < 8; ++k) o[k] = open(ring[k]);
    if (open_ring_runs(o) > 1) return -2;
    return box < player ? box : player;
}

} // namespace

int local_child_player(const Board &b, const uint8_t *occ, const uint32_t *reach, uint32_t rstamp, int player, int box,
                       int to) {
    // After a single push from `box` to `to` (occ holds it), the child's area is the parent's
    // area R (reach == rstamp) without `to`, plus `box`, plus any empty area beside `box` that R
    // did not reach. Without such an area, and when taking `to` out of R cannot split it, the
    // child's smallest cell is min(parent's smallest, box): no flood needed.
    const auto &bn = b.nb[box];
    for (int d = 0; d < 4; ++d) {
        const int x = bn[d];
        if (x >= 0 && x != to && !occ[x] && reach[x] != rstamp) return -1;
    }
    return ring_child_player(b, reach, rstamp, player, box, to);
}

int child_player(const Instance &inst, Scratch &s, int player, int box, int to, uint32_t rstamp) {
    const Board &b = inst.board;
    int local = local_child_player(b, s.occ.data(), s.reach.data(), rstamp, player, box, to);
    if (local >= 0) return local;
    int best = box; // the least of box and the corrals beside it found so far
    bool labelled = false; // the corrals beside `box` are in `best`
    if (local == -1 && s.corral_stamp == rstamp && s.reach[to] == rstamp) {
        // corralplayer=on: empty areas R did not reach open onto `box`. The parent's free cells
        // are R and its corrals (find_pi_corral labelled each with its smallest cell), and no
        // corral touches R; `to` lies in R, so the push leaves every corral whole, and the child's
        // area is `box`, the corrals beside it and the parts of R without `to` beside it.
        const CorralScratch &cs = s.corral;
        const auto &bn = b.nb[box];
        for (int d = 0; d < 4 && local == -1; ++d) {
            const int y = bn[d];
            if (y < 0 || y == to || s.occ[y] || s.reach[y] == rstamp) continue;
            const uint32_t id = cs.comp[y];
            if (id <= cs.label_base || id > cs.label_base + cs.label_count) local = -3; // not labelled: flood
            else best = std::min(best, cs.comp_min[id - cs.label_base - 1]);
        }
        if (local == -1) {
            // The parts of R: `behind` (the player's cell for the push) is one of them, beside `box`.
            const int r = ring_child_player(b, s.reach.data(), rstamp, player, box, to);
            if (r >= 0) {
                ++s.corral_players;
                return std::min(best, r);
            }
            local = -2; // the corrals are counted in `best`; R's parts from the tree or the flood
            labelled = true;
        } else {
            best = box;
            local = -1;
        }
    }
    // areatree=on: R without `to` falls into parts (areatree.h); the child's area is `box` and
    // the parts beside it, with the corrals beside it already in `best` (local == -2: none
    // opens, or corralplayer counted them), so its smallest cell is the least of those.
    // Only with corraldead=on, whose test builds the tree anyway: for child_player alone one
    // build per expansion costs about what the floods it saves do (XSokoban 54, perf).
    // With the corrals from the labels, only a tree built already: a build here would replace
    // one (stopped) flood.
    const bool tree = local == -2 && inst.options.areatree && s.reach[to] == rstamp &&
                      ((s.corraldead.mode == 1 && !labelled) || s.tree.ready(rstamp));
    if (!tree) {
        if (local != -2 || to == player || !inst.options.playerstop) return normalize_player(inst, s, box);
        // playerstop=on: the child's area is `box`, the corrals in `best` and parts of R
        // without `to`, whose cells are all above R's smallest cell `player` (still free): a
        // flood from `box` that meets `player` can stop, the answer is min(best, player).
        const int p = flood_until(b, s, box, player);
        if (p >= 0) return p;
        ++s.stopped_floods;
        return std::min(best, player);
    }
    if (!s.tree.ready(rstamp)) s.tree.build(b, s.reach.data(), rstamp, player);
    const auto &bn = b.nb[box];
    for (int d = 0; d < 4; ++d) {
        const int y = bn[d];
        if (y < 0 || y == to || s.reach[y] != rstamp) continue;
        best = std::min(best, s.tree.part_min(s.tree.part_of(b, to, y)));
    }
    return best;
}

void initial_state(const Instance &inst, Scratch &s, uint8_t *out) {
    std::memset(out, 0, inst.state_size);
    std::fill(s.occ.begin(), s.occ.end(), 0);
    for (int box : inst.board.start_boxes) {
        s.occ[box] = 1;
        set_bit(out + 2, box);
    }
    const int p = normalize_player(inst, s, inst.board.start_player);
    out[0] = static_cast<uint8_t>(p & 0xff);
    out[1] = static_cast<uint8_t>(p >> 8);
}

std::string state_xsb(const Board &b, const uint8_t *state) {
    const int player = state_player(state);
    std::string out;
    for (int r = 0; r < b.level.height; ++r) {
        std::string line;
        for (int col = 0; col < b.level.width; ++col) {
            const int g = r * b.level.width + col;
            const int c = b.index_of[g];
            const uint8_t fl = b.level.grid[g];
            if (fl & CELL_WALL) line += '#';
            else if (c < 0) // outside the player's area: as the level has it (a box there is on a goal)
                line += (fl & CELL_BOX) ? ((fl & CELL_GOAL) ? '*' : '$') : (fl & CELL_GOAL) ? '.' : ' ';
            else {
                const bool box = test_bit(state + 2, c), goal = b.goal[c];
                line += c == player ? (goal ? '+' : '@') : box ? (goal ? '*' : '$') : goal ? '.' : ' ';
            }
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line;
        out += '\n';
    }
    return out;
}

int unpack_state(const Instance &inst, Scratch &s, const uint8_t *state) {
    std::fill(s.occ.begin(), s.occ.end(), 0);
    s.boxes.clear();
    const uint8_t *bits = state + 2;
    const int bytes = static_cast<int>(inst.state_size - 2);
    for (int i = 0; i < bytes; ++i) {
        unsigned byte = bits[i];
        while (byte != 0) { // unused high bits are zero, so every set bit is a cell
            const int c = i * 8 + __builtin_ctz(byte);
            byte &= byte - 1;
            s.occ[c] = 1;
            s.boxes.push_back(c);
        }
    }
    return state_player(state);
}

uint64_t state_hash(const Instance &inst, const uint8_t *state) {
    const Board &b = inst.board;
    uint64_t h = b.zobrist_player[state_player(state)];
    for (int c = 0; c < b.n; ++c)
        if (test_bit(state + 2, c)) h ^= b.zobrist_box[c];
    return h;
}

bool state_is_goal(const Instance &inst, const uint8_t *state) {
    return !inst.board.unsolvable && std::memcmp(state + 2, inst.goal_bits.data(), inst.goal_bits.size()) == 0;
}

uint32_t state_heuristic(const Instance &inst, Scratch &s, const uint8_t *state) {
    if (inst.board.unsolvable) return H_DEAD;
    const int player = unpack_state(inst, s, state);
    for (int box : s.boxes)
        if (inst.dead[box] && !inst.board.goal[box]) return H_DEAD;
    return evaluate(inst.heuristic, s.boxes.data(), static_cast<int>(s.boxes.size()), player, s.hs);
}

bool macro_child_local_dead(const Instance &inst, Scratch &s, const uint8_t *child, int from, int to) {
    if (!inst.options.localdead) return false;
    const Board &b = inst.board;
    const int player = unpack_state(inst, s, child);
    const uint8_t *dead = inst.options.deadsquares ? inst.dead.data() : nullptr;
    return local_deadlock(b, dead, s.occ.data(), to, player, s.localdead, inst.localdead_cache.get(), inst.options.ldprobe) ||
           local_deadlock_left(b, dead, s.occ.data(), from, to, player, s.localdead, inst.localdead_cache.get(),
                               inst.options.ldprobe);
}

int expand_state(const Instance &inst, Scratch &s, const uint8_t *state, const solver_sink &sink) {
    const Board &b = inst.board;
    if (b.unsolvable) return 0;
    const int player = unpack_state(inst, s, state);
    uint64_t parent_hash = b.zobrist_player[player]; // = state_hash(), from the unpacked boxes
    for (int box : s.boxes) parent_hash ^= b.zobrist_box[box];
    const bool cached = inst.options.heuristic == HeuristicKind::matching && inst.options.matching == MatchingMode::cached;
    if (cached) matching_cache_prefetch(s.hs, parent_hash); // its lookup comes after the flood
    const uint32_t rstamp = next_stamp(s.reach, s.reach_stamp);
    flood(b, s, s.reach, rstamp, player);
    s.corral_stamp = 0; // s.corral's labels are of another area until find_pi_corral below
    s.tree.valid = false; // the tree of the parent's area (areatree.h) is built again on demand
    const uint8_t *dead = inst.options.deadsquares ? inst.dead.data() : nullptr;
    const int count = static_cast<int>(s.boxes.size());
    // matching=full: every child from scratch; otherwise from the parent's solution.
    const bool matching = inst.options.heuristic == HeuristicKind::matching && inst.options.matching != MatchingMode::full;
    uint32_t parent_h = H_DEAD;
    if (matching) {
        parent_h = cached ? evaluate_cached(inst.heuristic, s.boxes.data(), count, player, s.hs, s.goal_of.data(), parent_hash)
                          : evaluate_assigned(inst.heuristic, s.boxes.data(), count, player, s.hs, s.goal_of.data());
        if (parent_h != H_DEAD) matching_keep_parent(s.hs);
    }
    // One push: box i in direction d. Returns the sink's stop request.
    const Macros &mac = inst.macros;
    // Emit the child where box i went from `box` to `to` in `pushes` pushes (first push along
    // d), the player somewhere in the area of `end_player`. s.occ already holds the move.
    auto emit_child = [&](int i, int box, int d, int to, uint32_t pushes, int end_player) -> int {
        bool pruned = inst.options.freeze && freeze_deadlock(b, dead, s.occ.data(), to);
        if (!pruned && inst.roomfill.enabled())
            pruned = !inst.roomfill.fillable(b, s.occ.data(), to, end_player, s.roomfill) ||
                     !inst.roomfill.fillable(b, s.occ.data(), box, end_player, s.roomfill);
        if (!pruned && inst.options.frozengoals && b.goal[to]) {
            s.boxes[i] = to;
            pruned = frozen_goal_deadlock(b, dead, s.occ.data(), s.boxes.data(), count, to, s.frozen, end_player);
            s.boxes[i] = box;
        }
        // learn=on: a learned pattern holding the pushed box (learn.h).
        if (!pruned && s.learn_use && inst.learned && inst.learned->dead(s.occ.data(), to, end_player)) {
            pruned = true;
            ++s.learn.pruned;
        }
        // The child's player, hash and bytes: made here for dupskip, else after the bound.
        int np = -1;
        uint64_t hash = 0;
        uint8_t *child = s.child.data();
        auto place_child = [&] {
            np = pushes == 1 ? child_player(inst, s, player, box, to, rstamp) : normalize_player(inst, s, end_player);
            hash = parent_hash ^ b.zobrist_player[player] ^ b.zobrist_player[np] ^ b.zobrist_box[box] ^
                   b.zobrist_box[to];
            std::memcpy(child, state, inst.state_size);
            child[0] = static_cast<uint8_t>(np & 0xff);
            child[1] = static_cast<uint8_t>(np >> 8);
            clear_bit(child + 2, box);
            set_bit(child + 2, to);
        };
        if (!pruned && s.known) {
            place_child();
            if (s.known->find(child, hash) != StateStore::NONE) {
                ++s.known_skipped;
                return 0; // stored: the search would drop it
            }
        }
        if (!pruned && s.corraldead.mode == 1) {
            // Before the bound: a pruned child then costs no matching. A single push: the
            // parent's area lets the test find the corral without a flood.
            ParentArea area{s.reach.data(), rstamp, player, box, &s.tree, inst.options.corral ? &s.corral : nullptr};
            pruned = corral_deadlock(b, dead, s.occ.data(), to, end_player, s.corraldead, inst.corraldead_cache.get(),
                                     pushes == 1 ? &area : nullptr);
        }
        uint32_t h = 0;
        int solution = 0; // the child's optimal matching: 1 left in s.hs, 2 the parent's shifted
        if (!pruned) {
            if (pushes == 1 && matching && parent_h != H_DEAD && parent_h > 0 &&
                matching_step_closer(inst.heuristic, s.goal_of[i], box, player, to)) {
                h = parent_h - 1;
                solution = 2;
            } else {
                s.boxes[i] = to; // box order does not matter to the heuristic
                if (matching && parent_h != H_DEAD) {
                    h = matching_child(inst.heuristic, s.boxes.data(), count, i, end_player, s.hs);
                    solution = 1;
                } else
                    h = evaluate(inst.heuristic, s.boxes.data(), count, end_player, s.hs);
                s.boxes[i] = box;
            }
            pruned = h == H_DEAD;
        }
        if (pruned) return 0;
        if (np < 0) place_child();
        if (solution != 0) matching_cache_prefetch(s.hs, hash); // stored after the local test
        // Last: the costliest test, on children every cheaper test let through.
        if (inst.options.localdead && local_deadlock(b, dead, s.occ.data(), to, np, s.localdead,
                                                      inst.localdead_cache.get(), inst.options.ldprobe))
            return 0;
        if (inst.options.localdead && s.localdead.left &&
            local_deadlock_left(b, dead, s.occ.data(), box, to, np, s.localdead, inst.localdead_cache.get(),
                                inst.options.ldprobe))
            return 0;
        if (cached && solution != 0) {
            s.boxes[i] = to;
            matching_cache_store(s.hs, hash, s.boxes.data(), count, solution == 2);
            s.boxes[i] = box;
        }
        return sink.emit(sink.ctx, child, static_cast<uint32_t>(box * 4 + d), pushes, h, hash);
    };
    // One push: box i in direction d, extended by the macros. Returns the sink's stop request.
    auto push = [&](int i, int d) -> int {
        const int box = s.boxes[i];
        int to = b.nb[box][d];
        if (to < 0 || s.occ[to] || !b.boxable[to]) return 0;
        if (dead && dead[to]) return 0;
        const int behind = b.nb[box][opposite(d)];
        if (behind < 0 || s.reach[behind] != rstamp) return 0;
        // Apply the push in the scratch occupancy; undone below.
        s.occ[box] = 0;
        s.occ[to] = 1;
        uint32_t pushes = 1;
        int end_player = box; // a cell of the child's player area
        if (mac.tunnels && !s.no_tunnels) {
            // tunnels=on keeps the single push beside the macro (so it cuts no solution and an
            // exhausted search is still a proof); tunnels=strict replaces it.
            if (!inst.options.tunnels_strict && mac.tunnel[static_cast<size_t>(to) * 4 + d]) {
                const int next = b.nb[to][d];
                if (next >= 0 && !s.occ[next] && b.boxable[next] && !(dead && dead[next])) {
                    const int single = emit_child(i, box, d, to, 1, box);
                    if (single) {
                        s.occ[to] = 0;
                        s.occ[box] = 1;
                        return single;
                    }
                }
            }
            while (mac.tunnel[static_cast<size_t>(to) * 4 + d]) {
                const int next = b.nb[to][d];
                if (next < 0 || s.occ[next] || !b.boxable[next] || (dead && dead[next])) break;
                s.occ[to] = 0;
                s.occ[next] = 1;
                end_player = to;
                to = next;
                ++pushes;
            }
        }
        int stop = 0;
        bool plain = true;
        if (!mac.rooms.empty()) {
            const int r = mac.room_of[to];
            if (r >= 0 && mac.room_of[end_player] != r) {
                // Entered room r: are its filled goals (the new box aside) the order's first j?
                const GoalRoom &room = mac.rooms[static_cast<size_t>(r)];
                size_t j = 0;
                for (int c : room.cells)
                    if (s.occ[c] && c != to) ++j;
                bool prefix = j < room.order.size();
                for (size_t k = 0; k < j && prefix; ++k) prefix = room.order[k] != to && s.occ[room.order[k]];
                int p_end = -1;
                if (prefix && room.order[j] != to &&
                    push_path(b, s.occ.data(), inst.room_mask[static_cast<size_t>(r)].data(), to, end_player,
                              room.order[j], -1, s.path, s.dirs, p_end)) {
                    const int goal = room.order[j];
                    s.occ[to] = 0;
                    s.occ[goal] = 1;
                    stop = emit_child(i, box, d, goal, pushes + static_cast<uint32_t>(s.dirs.size()), p_end);
                    s.occ[goal] = 0;
                    s.occ[to] = 1;
                    plain = !inst.options.goalroom_strict || s.room_shortcut;
                }
            }
        }
        // goalroom=shortcut keeps the plain push as well: a fixed packing order can be wrong for
        // the rest of the map (Microban 125), so the shortcut cuts no solution.
        if (!stop && plain) stop = emit_child(i, box, d, to, pushes, end_player);
        s.occ[to] = 0;
        s.occ[box] = 1;
        return stop;
    };
    if (inst.options.corral) {
        const CorralVerdict v = find_pi_corral(b, dead, s.occ.data(), s.reach.data(), rstamp, s.corral, s.allowed,
                                               inst.options.pirescan);
        if (v == CorralVerdict::dead) return 0;
        if (inst.options.corralplayer) s.corral_stamp = rstamp;
        if (v == CorralVerdict::restrict) {
            // corraldead=pi: the corral deadlock search on the PI-corral's side of its first
            // pushable box, once per expansion (instead of once per child).
            if (s.corraldead.mode == 2 && corral_deadlock(b, dead, s.occ.data(), s.allowed[0] / 4, player,
                                                          s.corraldead, inst.corraldead_cache.get()))
                return 0;
            for (int i = 0; i < count; ++i) s.box_index[s.boxes[i]] = i;
            for (int m : s.allowed)
                if (push(s.box_index[m / 4], m % 4)) return 1;
            return 0;
        }
    }
    for (int i = 0; i < count; ++i)
        for (int d = 0; d < 4; ++d)
            if (push(i, d)) return 1;
    return 0;
}

} // namespace sokoban
