// packing.cc -- see packing.h.
#include "packing.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>

#include "cutcells.h"

namespace sokoban {

namespace {

struct PullSearch {
    const Board &b;
    std::vector<uint8_t> seen;   // per (box cell, side): 1 once queued
    std::vector<uint32_t> reach; // flood stamps
    uint32_t stamp = 0;
    std::vector<int> stack, todo;
    // The cut cells of the free floor (session 34; cutcells.h): one depth-first tree over the
    // cells free in occ (g off), from g. With it, which of a box's neighbours the player reaches
    // from one side of it (the others standing still) is a question of cut_part instead of a
    // flood per (box cell, side) taken off the search (the flood made a long pull search
    // quadratic in the cells: seconds per packing order on Sasquatch's large levels).
    std::vector<int> disc, low, last, parent, cut_stack;
    std::vector<uint8_t> cut_next;
    std::vector<uint32_t> hit_mark; // per cell: hit_stamp once listed in hits
    uint32_t hit_stamp = 0;

    explicit PullSearch(const Board &board)
        : b(board), seen(static_cast<size_t>(board.n) * 4), reach(board.n, 0), disc(board.n, 0), low(board.n, 0),
          last(board.n, 0), parent(board.n, -1), cut_stack(board.n + 1, 0), cut_next(board.n, 0), hit_mark(board.n, 0) {}

    void flood(const std::vector<uint8_t> &occ, int from) {
        ++stamp;
        stack.clear();
        stack.push_back(from);
        reach[from] = stamp;
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0 || occ[x] || reach[x] == stamp) continue;
                reach[x] = stamp;
                stack.push_back(x);
            }
        }
    }

    // Can the box on goal g be pulled onto a cell with out[c] != 0 (null: any cell off the
    // goals), the boxes of occ (g's own excluded) standing still? occ is restored. With `hits`
    // (needs out): the search runs to its end and lists every cell with out[c] != 0 the box
    // reaches (each once, not g itself); returns whether there is one.
    // The first (box cell, side) taken off the search floods the player's area; from the
    // second on the cut structure answers (built once per call: the same cells reached).
    bool retrievable(std::vector<uint8_t> &occ, int g, const uint8_t *out = nullptr, std::vector<int> *hits = nullptr) {
        std::fill(seen.begin(), seen.end(), 0);
        todo.clear();
        if (hits) {
            hits->clear();
            if (++hit_stamp == 0) {
                std::fill(hit_mark.begin(), hit_mark.end(), 0);
                hit_stamp = 1;
            }
        }
        occ[g] = 0;
        for (int d = 0; d < 4; ++d) {
            const int p = b.nb[g][d];
            if (p >= 0 && !occ[p]) {
                seen[static_cast<size_t>(g) * 4 + d] = 1;
                todo.push_back(g * 4 + d);
            }
        }
        bool found = false, cuts = false, first = true;
        while (!todo.empty() && (hits || !found)) {
            const int box = todo.back() / 4, side = todo.back() % 4;
            todo.pop_back();
            bool near[4];
            if (first) {
                occ[box] = 1;
                flood(occ, b.nb[box][side]);
                occ[box] = 0;
                for (int e = 0; e < 4; ++e) {
                    const int q = b.nb[box][e];
                    near[e] = q >= 0 && reach[q] == stamp;
                }
                first = false;
            } else {
                const CutArrays a{disc.data(), low.data(), last.data(), parent.data()};
                if (!cuts) {
                    std::fill(disc.begin(), disc.end(), 0);
                    cut_tree(b, occ.data(), g, 0, a, cut_stack.data(), cut_next.data());
                    cuts = true;
                }
                const int from = b.nb[box][side];
                const int part = cut_part(b, a, box, from);
                for (int e = 0; e < 4; ++e) {
                    const int q = b.nb[box][e];
                    near[e] = q >= 0 && !occ[q] && (q == from || cut_part(b, a, box, q) == part);
                }
            }
            for (int e = 0; e < 4 && (hits || !found); ++e) {
                if (!near[e]) continue;
                const int q = b.nb[box][e];
                seen[static_cast<size_t>(box) * 4 + e] = 1; // the same player area
                const int beyond = b.nb[q][e];
                if (beyond < 0 || occ[beyond] || !b.boxable[q]) continue;
                // Pull: the box goes to q, the player on to `beyond`.
                const bool at = out ? out[q] != 0 : !b.goal[q];
                if (at && hits && q != g && hit_mark[q] != hit_stamp) {
                    hit_mark[q] = hit_stamp;
                    hits->push_back(q);
                }
                if (at) found = true;
                if ((!at || hits) && !seen[static_cast<size_t>(q) * 4 + e]) {
                    seen[static_cast<size_t>(q) * 4 + e] = 1;
                    todo.push_back(q * 4 + e);
                }
            }
        }
        occ[g] = 1;
        return found;
    }
};

// One box per start cell (PACK_OUT_MATCH and the strict check): a bipartite matching of the
// goals freed (or filled) so far to the start cells of the boxes. A goal's edges are the start
// cells its box could be pulled out to when it was freed (the occupancy of its round); a new
// goal joins when an augmenting path (Kuhn's) finds it a cell, so an earlier goal may move to
// another of its own cells to make room, and no greedy choice blocks a later goal.
struct SourceMatching {
    std::vector<int> goal_of;             // per cell: the goal a start cell serves, -1 none
    std::vector<std::vector<int>> cells;  // per goal cell: its start cells
    std::vector<uint32_t> visit;          // per cell: stamp of the current augmentation
    uint32_t stamp = 0;

    explicit SourceMatching(int n) : goal_of(n, -1), cells(n), visit(n, 0) {}

    bool augment(int g) {
        for (int c : cells[g]) {
            if (visit[c] == stamp) continue;
            visit[c] = stamp;
            if (goal_of[c] < 0 || augment(goal_of[c])) {
                goal_of[c] = g;
                return true;
            }
        }
        return false;
    }
    // Match goal g with the start cells `with`; false (and g left out) when no augmenting path.
    bool add(int g, const std::vector<int> &with) {
        cells[g] = with;
        ++stamp;
        if (augment(g)) return true;
        cells[g].clear();
        return false;
    }
};

// packside=on|own|reach (packing.h compute_packing_order's side): of a round's goals, those that keep
// the player's side best. need: per cell, 1 on a goal or a box's start cell (the cells that need
// the player once they are off the walls: goals to fill, boxes to bring in).
struct SideKeep {
    const Board &b;
    int mode = PACK_SIDE_ON;
    std::vector<uint8_t> need;
    std::vector<int> part, stack;
    std::vector<int> part_need; // shut(): per part of the floor, the need in it
    int main_part = -1;         // shut(): the part holding the most need (the first of equals)
    int main_cell = -1;         // shut(): main_part's first cell (its smallest)
    std::vector<int> keep, shut_of, opened;
    std::vector<int> all_part; // reach: the parts with the round's candidates and the next round's goals off the walls (filter)
    PullSearch pull;           // reach: the look one round ahead

    explicit SideKeep(const Board &board) : b(board), need(board.n, 0), part(board.n, -1), pull(board) {
        for (int g : b.goals) need[g] = 1;
        for (int c : b.start_boxes) need[c] = 1;
    }

    // The cells with need off the walls of occ that lie outside the floor's part holding the
    // most of them (shut out from the player, who must be in that part to fill the goals left).
    // Leaves the parts in part / part_need / main_part.
    int shut(const std::vector<uint8_t> &occ) {
        std::fill(part.begin(), part.end(), -1);
        part_need.clear();
        main_part = -1;
        main_cell = -1;
        int total = 0, most = 0;
        for (int c0 = 0; c0 < b.n; ++c0) {
            if (occ[c0] || part[c0] >= 0) continue;
            const int id = static_cast<int>(part_need.size());
            int n = 0;
            part[c0] = id;
            stack.assign(1, c0);
            while (!stack.empty()) {
                const int c = stack.back();
                stack.pop_back();
                n += need[c];
                for (int d = 0; d < 4; ++d) {
                    const int x = b.nb[c][d];
                    if (x < 0 || occ[x] || part[x] >= 0) continue;
                    part[x] = id;
                    stack.push_back(x);
                }
            }
            part_need.push_back(n);
            total += n;
            if (n > most) {
                most = n;
                main_part = id;
                main_cell = c0;
            }
        }
        return total - most;
    }

    // Goal g's score: shut() with g (and the walls of occ as they are) off the walls.
    // own (packside=own, session 28): less g itself when g lands outside the main part in a part
    // that holds other need too -- g joins a part shut out already, so filling it (reversed) loses
    // no side that is not lost anyway; a goal alone in a pocket of its own still counts. Without
    // it, where the start cells are split from the start (S1 12, G 1), each goal beside a shut
    // part scored one more than the rest and was freed in a round of its own.
    int score(std::vector<uint8_t> &occ, int g) {
        occ[g] = 0;
        int s = shut(occ);
        occ[g] = 1;
        if (mode == PACK_SIDE_OWN && part[g] != main_part && part_need[part[g]] > need[g]) s -= need[g];
        // reach (packside=reach, session 29): own's discount, but only where g's part stays apart
        // from the main part even with every candidate of the round off the walls (all_part): no
        // goal of this round reopens it, so putting g off keeps no side -- a part shut since an
        // earlier round is not this round's fault. Where a candidate would reopen it (kTwoRooms'
        // door, Microban 62), g counts, as with on, and the goals beyond the door come first.
        if (mode == PACK_SIDE_REACH && part[g] != main_part && part_need[part[g]] > need[g] && main_cell >= 0 &&
            all_part[main_cell] != all_part[g])
            s -= need[g];
        return s;
    }

    // freed: the goals the rule frees this round (their cells set in occ, as every goal still
    // standing and parked box); `also`: cells that leave the walls this round whatever is kept
    // (parked boxes pulled out). Reversed, freeing goal g is filling it with the goals still
    // standing filled before it. Each goal is scored by score() with it (and `also`) alone off
    // the walls; kept are the goals that score the least (all of them when that is none:
    // every goal left to fill and every box to come on the player's side). occ is restored.
    // (Tried and dropped, session 27: also keeping every goal that shuts out no more than the
    // walls did before the round; where the start cells are split already, it kept a goal row
    // together with the goals beyond it. Session 28: weighing the start cells by the goals
    // still to fill, a joint tie rule, a count of start cells against the boxes to come, and
    // freeing everything where no goal keeps the side as it was: NOTES.md.)
    void filter(std::vector<uint8_t> &occ, std::vector<int> &freed, const std::vector<int> &also = {}) {
        if (freed.empty()) return;
        for (int c : also) occ[c] = 0;
        if (mode == PACK_SIDE_REACH) {
            // The parts with the whole round off the walls, and then every goal still standing
            // whose box could be pulled off the goals in the next round (floor rule, the player
            // anywhere: a look one round ahead, so a door that comes free right after the goals
            // of this round still counts as reopening the part behind it).
            for (int g : freed) occ[g] = 0;
            opened.clear();
            for (int c : b.goals)
                if (occ[c] && pull.retrievable(occ, c)) opened.push_back(c);
            for (int c : opened) occ[c] = 0;
            shut(occ);
            all_part = part;
            for (int c : opened) occ[c] = 1;
            for (int g : freed) occ[g] = 1;
        }
        shut_of.clear();
        int low = INT32_MAX;
        for (int g : freed) {
            shut_of.push_back(score(occ, g));
            low = std::min(low, shut_of.back());
        }
        for (int c : also) occ[c] = 1;
        keep.clear();
        for (size_t i = 0; i < freed.size(); ++i)
            if (shut_of[i] == low) keep.push_back(freed[i]);
        freed.swap(keep);
    }
};

// match's step of a round (compute_packing_order's out=match and ParkRun's rounds): the goals of
// `left` whose box gets out to start cells (pulled(g, hits): the cells it reaches, into
// hits_of[g]), then the matching takes them in order. With the side (keeper not null) it takes
// only the goals that keep the player's side (SideKeep::filter, the cells `also` off the walls
// too), or all of them when none of those can be matched. The pulls do not depend on the
// matching, so they all run first; without the side this is the plain pull-and-match loop.
template <class Pulled>
void match_step(const std::vector<int> &left, Pulled &&pulled, SourceMatching &match, SideKeep *keeper,
                std::vector<uint8_t> &occ, const std::vector<int> &also, std::vector<std::vector<int>> &hits_of,
                std::vector<int> &freed) {
    std::vector<int> cand;
    for (int g : left)
        if (pulled(g, hits_of[g])) cand.push_back(g);
    std::vector<int> kept = cand;
    if (keeper) keeper->filter(occ, kept, also);
    for (int g : kept)
        if (match.add(g, hits_of[g])) freed.push_back(g);
    if (freed.empty() && kept.size() < cand.size())
        for (int g : cand)
            if (match.add(g, hits_of[g])) freed.push_back(g);
}

// packorder=park (PACK_OUT_PARK): match's rounds, with a depth-first search over parks where
// match would fall back. See packing.h.
struct ParkRun {
    static constexpr size_t kMaxParks = 8;   // parks in one order at most
    static constexpr size_t kCandidates = 6; // parks tried per stuck state at most (best first)
    const Board &b;
    int max_chain = 1; // parks in a row before a box must get out (packorder=park 1, park2 2, parkN N)
    int side = PACK_SIDE_OFF; // packside=on: every round's goals filtered by keeper (SideKeep)
    PullSearch pull;
    SideKeep keeper;
    std::vector<std::vector<int>> hits_of; // match_step: per goal, its start cells this round
    std::vector<uint8_t> all_src, start_box, park_mask;
    std::vector<int> hits, cells;
    static constexpr int64_t kBudget = 20000; // pull searches for the choices of one search (park, park2)
    int64_t budget = kBudget; // pull searches left for the choices (the rounds themselves always run)

    struct Parked {
        int goal, cell, park_round, out_round;
    };
    struct State {
        std::vector<uint8_t> occ;
        std::vector<int> left, round_of;
        std::vector<Parked> parks;
        SourceMatching match;
        int round = 0, shared = 0, floor = 0;
        int side_missed = 0; // side: rounds after which goals or start cells are shut out (packing.h side_rounds)
        int chain = 0; // parks placed since a box last got out (a round of round_step or a fall-back)
        explicit State(int n) : match(n) {}
        int fallbacks() const { return shared + floor; }
        bool pending() const {
            for (const Parked &q : parks)
                if (q.out_round < 0) return true;
            return false;
        }
    };
    bool have = false;
    State best;

    explicit ParkRun(const Board &board) : b(board), pull(board), keeper(board), hits_of(board.n), best(board.n) {
        start_box.assign(b.n, 0);
        for (int c : b.start_boxes) start_box[c] = 1;
        all_src = start_box;
        park_mask.assign(b.n, 0);
        for (int c = 0; c < b.n; ++c) park_mask[c] = !start_box[c];
    }

    bool retr(std::vector<uint8_t> &occ, int g, const uint8_t *out, std::vector<int> *h = nullptr) {
        --budget;
        return pull.retrievable(occ, g, out, h);
    }

    void apply(State &s, const std::vector<int> &freed, const std::vector<size_t> &unparked) {
        for (int g : freed) {
            s.round_of[g] = s.round;
            s.occ[g] = 0;
        }
        for (size_t i : unparked) {
            s.parks[i].out_round = s.round;
            s.occ[s.parks[i].cell] = 0;
        }
        s.left.erase(std::remove_if(s.left.begin(), s.left.end(), [&](int g) { return s.round_of[g] >= 0; }), s.left.end());
        ++s.round;
        if (side && keeper.shut(s.occ) > 0) ++s.side_missed;
    }

    // match's round, the parked boxes pulled out to start cells too (each matched as its goal's box).
    bool round_step(State &s) {
        std::vector<int> freed;
        std::vector<size_t> unparked;
        for (size_t i = 0; i < s.parks.size(); ++i)
            if (s.parks[i].out_round < 0 && retr(s.occ, s.parks[i].cell, all_src.data(), &hits) &&
                s.match.add(s.parks[i].goal, hits))
                unparked.push_back(i);
        // With the side, the parked boxes pulled out this round are off the walls too.
        std::vector<int> also;
        if (side)
            for (size_t i : unparked) also.push_back(s.parks[i].cell);
        match_step(s.left, [&](int g, std::vector<int> &h) { return retr(s.occ, g, all_src.data(), &h); }, s.match,
                   side ? &keeper : nullptr, s.occ, also, hits_of, freed);
        if (freed.empty() && unparked.empty())
            for (int g : s.left)
                if (start_box[g]) {
                    retr(s.occ, g, all_src.data(), &hits);
                    hits.push_back(g);
                    if (s.match.add(g, hits)) freed.push_back(g);
                }
        if (freed.empty() && unparked.empty()) return false;
        apply(s, freed, unparked);
        s.chain = 0;
        return true;
    }

    // match's fall-backs: the start rule (shared), else the floor rule (every parked box leaves
    // too), else the rest together, last. Returns false once nothing is left.
    void fallback_step(State &s) {
        std::vector<int> freed;
        std::vector<size_t> unparked;
        for (size_t i = 0; i < s.parks.size(); ++i)
            if (s.parks[i].out_round < 0 && retr(s.occ, s.parks[i].cell, all_src.data())) unparked.push_back(i);
        for (int g : s.left)
            if (retr(s.occ, g, all_src.data())) freed.push_back(g);
        if (side) keeper.filter(s.occ, freed);
        if (!freed.empty() || !unparked.empty()) {
            ++s.shared;
            apply(s, freed, unparked);
            s.chain = 0;
            return;
        }
        for (int g : s.left)
            if (retr(s.occ, g, nullptr)) freed.push_back(g);
        if (side) keeper.filter(s.occ, freed);
        for (size_t i = 0; i < s.parks.size(); ++i)
            if (s.parks[i].out_round < 0) unparked.push_back(i);
        if (freed.empty()) freed = s.left; // stuck: the rest come free together
        ++s.floor;
        apply(s, freed, unparked);
        s.chain = 0;
    }

    struct Candidate {
        int goal, cell, score;
    };

    // The parks worth trying in a stuck state: goal g's box pulled onto a free cell c (not a start
    // cell) such that, with g's box on c, some other goal's box (or a parked box) gets out to a
    // start cell. Goals whose leaving alone frees nothing are skipped first (a box on c is one
    // wall more than an empty goal, never fewer).
    std::vector<Candidate> candidates(State &s) {
        std::vector<Candidate> out;
        std::vector<int> enabled;
        std::vector<int> others;
        for (int g : s.left) {
            if (budget <= 0) break;
            s.occ[g] = 0;
            enabled.clear();
            for (int h : s.left)
                if (h != g && retr(s.occ, h, all_src.data())) enabled.push_back(h);
            for (const Parked &q : s.parks)
                if (q.out_round < 0 && retr(s.occ, q.cell, all_src.data())) enabled.push_back(q.cell);
            s.occ[g] = 1;
            if (enabled.empty()) continue;
            try_parks(s, g, out, [&](int c) {
                int score = 0;
                for (int h : enabled) score += retr(s.occ, h, all_src.data());
                return score + retr(s.occ, c, all_src.data()); // the parked box itself could leave next round
            });
        }
        return best_candidates(out);
    }

    // Each free cell c (not a start cell) goal g's box can be pulled onto, scored with g's box
    // on c by score(c) (s.occ changed for it, then restored); those above 0 join out.
    template <class Score>
    void try_parks(State &s, int g, std::vector<Candidate> &out, Score score) {
        retr(s.occ, g, park_mask.data(), &cells);
        const std::vector<int> at = cells;
        for (int c : at) {
            if (budget <= 0) break;
            s.occ[g] = 0;
            s.occ[c] = 1;
            const int v = score(c);
            s.occ[c] = 0;
            s.occ[g] = 1;
            if (v > 0) out.push_back({g, c, v});
        }
    }

    // The best kCandidates, best first (ties in the order found).
    static std::vector<Candidate> best_candidates(std::vector<Candidate> &out) {
        std::stable_sort(out.begin(), out.end(), [](const Candidate &x, const Candidate &y) { return x.score > y.score; });
        if (out.size() > kCandidates) out.resize(kCandidates);
        return std::move(out);
    }

    // The search on from s with goal c.goal's box parked on c.cell (a round of its own).
    void park(const State &s, const Candidate &c) {
        State child = s;
        child.parks.push_back({c.goal, c.cell, child.round, -1});
        child.round_of[c.goal] = child.round;
        child.occ[c.goal] = 0;
        child.occ[c.cell] = 1;
        child.left.erase(std::find(child.left.begin(), child.left.end(), c.goal));
        ++child.round;
        ++child.chain;
        go(child);
    }

    // The first park of a chain (packorder=park2): goal g's box on a free cell c (not a start
    // cell) after which no box gets out yet, ranked by a look one park ahead: with g's box on c,
    // over the other goals h left, how many boxes (the other goals', the parked ones', g's on c)
    // get out to a start cell once h's goal is emptied too (h's box parked somewhere then; the
    // child's candidates() picks where). Only those with a count above 0, best kCandidates.
    std::vector<Candidate> chain_candidates(State &s) {
        std::vector<Candidate> out;
        for (int g : s.left) {
            if (budget <= 0) break;
            try_parks(s, g, out, [&](int c) {
                int score = 0;
                for (int h : s.left) {
                    if (h == g) continue;
                    s.occ[h] = 0;
                    for (int k : s.left)
                        if (k != g && k != h) score += retr(s.occ, k, all_src.data());
                    for (const Parked &q : s.parks)
                        if (q.out_round < 0) score += retr(s.occ, q.cell, all_src.data());
                    score += retr(s.occ, c, all_src.data());
                    s.occ[h] = 1;
                }
                return score;
            });
        }
        return best_candidates(out);
    }

    bool worse_than_best(const State &s) const {
        return have && (s.fallbacks() > best.fallbacks() ||
                        (s.fallbacks() == best.fallbacks() && s.parks.size() >= best.parks.size()));
    }

    void go(State s) {
        for (;;) {
            if (worse_than_best(s)) return;
            if (s.left.empty() && !s.pending()) {
                best = s;
                have = true;
                return;
            }
            if (round_step(s)) continue;
            if (s.parks.size() < kMaxParks && budget > 0 && !s.left.empty()) {
                for (const Candidate &c : candidates(s)) {
                    park(s, c);
                    if (have && best.fallbacks() == 0) return;
                    if (budget <= 0) break;
                }
                // packorder=park2 (parkN): where no single park lets a box out (or none of those
                // led to an order without fall-backs), a park that lets none out by itself,
                // another one (up to max_chain in a row) to follow in the child's stuck state.
                if (s.chain + 1 < max_chain && budget > 0 && s.parks.size() + 1 < kMaxParks)
                    for (const Candidate &c : chain_candidates(s)) {
                        park(s, c);
                        if (have && best.fallbacks() == 0) return;
                        if (budget <= 0) break;
                    }
            }
            fallback_step(s);
        }
    }
};

} // namespace

bool pull_out(const Board &b, std::vector<uint8_t> &occ, int g, const uint8_t *out, std::vector<int> *hits) {
    PullSearch pull(b);
    return pull.retrievable(occ, g, out, hits);
}

std::vector<uint8_t> packing_sources(const Board &b) {
    std::vector<uint8_t> src(b.n, 0);
    for (int c : b.start_boxes)
        if (!b.goal[c]) src[c] = 1;
    return src;
}

namespace {

// The parked order with up to max_chain parks in a row, within `budget` pull searches for the
// choices (on return, what is left of it; below 0 once spent: the rounds themselves always run).
PackingOrder compute_park_order(const Board &b, int max_chain, int64_t &budget, int side) {
    PackingOrder p;
    p.layer.assign(b.n, -1);
    ParkRun run(b);
    run.max_chain = max_chain;
    run.side = side;
    run.keeper.mode = side;
    run.budget = budget;
    ParkRun::State s(b.n);
    s.occ.assign(b.n, 0);
    for (int g : b.goals) s.occ[g] = 1;
    s.left = b.goals;
    s.round_of.assign(b.n, -1);
    run.go(s);
    budget = run.budget;
    const ParkRun::State &r = run.best;
    int last = 0;
    for (int g : b.goals) last = std::max(last, r.round_of[g]);
    for (const ParkRun::Parked &q : r.parks) last = std::max(last, q.out_round);
    p.layers = last + 1;
    p.layer_size.assign(p.layers, 0);
    for (int g : b.goals) {
        p.layer[g] = last - r.round_of[g];
        ++p.layer_size[p.layer[g]];
    }
    for (const ParkRun::Parked &q : r.parks) {
        p.parks.push_back({q.goal, q.cell, last - q.out_round});
        ++p.layer_size[last - q.out_round];
    }
    p.floor_rounds = r.floor;
    p.shared_rounds = r.shared;
    p.side_rounds = r.side_missed;
    return p;
}

// packorder=park3..park8 (packing.h PACK_OUT_PARK2 + 1 ..): park2's order; where it falls
// back and the check (unfollowable_layer) rejects it, the searches with 1, 2, .. chain parks in
// a row again, sharing kDeepBudget pull searches (each gets what the ones before left), until
// one ends without a fall-back; the first with the fewest fall-backs is kept (park2's on a tie).
PackingOrder compute_deep_park_order(const Board &b, int chain, int side) {
    constexpr int64_t kDeepBudget = 10 * ParkRun::kBudget;
    int64_t budget = ParkRun::kBudget;
    PackingOrder p = compute_park_order(b, std::min(chain, 2), budget, side);
    const auto fallbacks = [](const PackingOrder &x) { return x.floor_rounds + x.shared_rounds; };
    if (chain <= 2 || fallbacks(p) == 0 || unfollowable_layer(b, p) < 0) return p;
    int64_t deep = kDeepBudget;
    for (int k = 1; k <= chain && fallbacks(p) > 0 && deep > 0; ++k) {
        PackingOrder q = compute_park_order(b, k, deep, side);
        if (fallbacks(q) < fallbacks(p)) p = std::move(q);
    }
    return p;
}

} // namespace

PackingOrder compute_packing_order(const Board &b, int out, int side) {
    PackingOrder p;
    p.layer.assign(b.n, -1);
    p.rule = out;
    p.side = side;
    if (b.goals.empty()) return p;
    const bool parked = out >= PACK_OUT_PARK && out <= PACK_OUT_PARK_LAST;
    if (parked && !b.start_boxes.empty()) {
        p = compute_deep_park_order(b, park_chain_of(out), side);
        p.rule = out;
        p.side = side;
        return p;
    }
    if (parked) out = PACK_OUT_MATCH;
    std::vector<uint8_t> occ(b.n, 0);
    for (int g : b.goals) occ[g] = 1;
    std::vector<int> left = b.goals, freed, round_of(b.n, -1);
    PullSearch pull(b);
    SideKeep keeper(b);
    keeper.mode = side;
    // side: of the goals a rule's step would free, those that keep the player's side (false and
    // the goals untouched when none does; side_rounds counts the rounds where that happened).
    auto keep_side = [&](std::vector<int> &goals) {
        if (side) keeper.filter(occ, goals);
    };
    std::vector<uint8_t> src;
    if (out == PACK_OUT_START) {
        src = packing_sources(b);
        if (std::find(src.begin(), src.end(), 1) == src.end()) src.clear(); // no box off the goals
    }
    // out=match: every start cell of a box (on a goal too) serves one goal at most.
    std::vector<uint8_t> all_src;
    std::vector<uint8_t> start_box(b.n, 0);
    for (int c : b.start_boxes) start_box[c] = 1;
    SourceMatching match(out == PACK_OUT_MATCH ? b.n : 0);
    std::vector<int> hits, cand;
    std::vector<std::vector<int>> hits_of(out == PACK_OUT_MATCH ? b.n : 0);
    if (out == PACK_OUT_MATCH && !b.start_boxes.empty()) all_src = start_box;
    int round = 0;
    while (!left.empty()) {
        freed.clear();
        if (!src.empty()) { // out=start: out to a box's start cell; a round where none gets there, as floor
            for (int g : left)
                if (pull.retrievable(occ, g, src.data())) freed.push_back(g);
            keep_side(freed);
        }
        if (!all_src.empty()) {
            // out=match: free g when its box can be pulled out to a start cell that the goals
            // freed so far (with this round's) can leave to it. A goal whose own box starts on
            // it is matched to itself only in a round where no other goal comes free: that box
            // stays, its goal among the first filled. (side: match_step's matching takes the
            // goals that keep the player's side first.)
            match_step(left, [&](int g, std::vector<int> &h) { return pull.retrievable(occ, g, all_src.data(), &h); },
                       match, side ? &keeper : nullptr, occ, {}, hits_of, freed);
            if (freed.empty()) {
                cand.clear();
                for (int g : left)
                    if (start_box[g]) cand.push_back(g);
                keep_side(cand);
                for (int g : cand) {
                    pull.retrievable(occ, g, all_src.data(), &hits);
                    hits.push_back(g);
                    if (match.add(g, hits)) freed.push_back(g);
                }
            }
            // No start cell left for any goal that gets out to one: as start for this round
            // (a start cell serves a second goal), before the floor rule.
            if (freed.empty()) {
                for (int g : left)
                    if (pull.retrievable(occ, g, all_src.data())) freed.push_back(g);
                keep_side(freed);
                if (!freed.empty()) ++p.shared_rounds;
            }
        }
        if (freed.empty()) {
            for (int g : left)
                if (pull.retrievable(occ, g)) freed.push_back(g);
            keep_side(freed);
            if (!freed.empty() && (!src.empty() || !all_src.empty())) ++p.floor_rounds;
        }
        if (freed.empty()) { // stuck: the rest come free together, last
            for (int g : left) round_of[g] = round;
            break;
        }
        for (int g : freed) {
            round_of[g] = round;
            occ[g] = 0;
        }
        left.erase(std::remove_if(left.begin(), left.end(), [&](int g) { return round_of[g] >= 0; }), left.end());
        ++round;
        if (side && keeper.shut(occ) > 0) ++p.side_rounds;
    }
    int last = 0;
    for (int g : b.goals) last = std::max(last, round_of[g]);
    p.layers = last + 1;
    p.layer_size.assign(p.layers, 0);
    for (int g : b.goals) {
        p.layer[g] = last - round_of[g];
        ++p.layer_size[p.layer[g]];
    }
    return p;
}

uint32_t packed_in_order(const PackingOrder &p, const Board &b, const uint8_t *occ, std::vector<uint32_t> &count) {
    count.assign(p.layers, 0);
    for (int g : b.goals)
        if (occ[g]) ++count[p.layer[g]];
    // packorder=park: a park counts in the layer it is placed in once a box stands on its park
    // cell or on its goal (layer_size counts it there too).
    for (const PackingOrder::Park &q : p.parks)
        if (occ[q.cell] || occ[q.goal]) ++count[q.place_layer];
    uint32_t packed = 0;
    for (int l = 0; l < p.layers; ++l) {
        packed += count[l];
        if (count[l] < p.layer_size[l]) break;
    }
    return packed;
}

int unfollowable_layer(const Board &b, const PackingOrder &p, int *goal_out, bool one_per_start) {
    if (goal_out) *goal_out = -1;
    if (p.layers == 0) return -1;
    std::vector<uint8_t> src = packing_sources(b);
    std::vector<uint8_t> start_box(b.n, 0);
    for (int c : b.start_boxes) start_box[c] = 1;
    if (one_per_start) src = start_box; // every box a source, those on goals too
    if (std::find(src.begin(), src.end(), 1) == src.end()) return -1; // nothing to bring in
    // Parks (packorder=park): per goal its park (-1 none). A park that is not placed before its
    // goal's layer, or a second park of one goal, makes the order unfollowable at once.
    std::vector<int> park_of(b.n, -1);
    for (size_t i = 0; i < p.parks.size(); ++i) {
        const PackingOrder::Park &q = p.parks[i];
        const bool bad = q.goal < 0 || q.goal >= b.n || q.cell < 0 || q.cell >= b.n || p.layer[q.goal] < 0 ||
                         q.place_layer < 0 || q.place_layer >= p.layer[q.goal] || park_of[q.goal] >= 0;
        if (bad) {
            if (goal_out && q.goal >= 0 && q.goal < b.n) *goal_out = q.goal;
            return q.goal >= 0 && q.goal < b.n && p.layer[q.goal] >= 0 ? std::max(0, std::min(q.place_layer, p.layer[q.goal])) : 0;
        }
        park_of[q.goal] = static_cast<int>(i);
    }
    std::vector<uint8_t> occ(b.n, 0);  // the boxes in place: goals filled and boxes parked so far, and the layer's fills
    std::vector<uint8_t> base(b.n, 0); // the same before the layer
    std::vector<uint8_t> one(b.n, 0);  // the park cell a parked goal is filled from
    PullSearch pull(b);
    SourceMatching match(one_per_start ? b.n : 0);
    std::vector<int> hits;
    // A fill of the layer: a box onto `target`, from a start cell (from < 0; the matching's key
    // is `key`, the goal the box serves) or from the park cell `from`.
    struct Fill {
        int target, key, from;
    };
    std::vector<Fill> layer;
    std::vector<uint8_t> failed; // per subset of the layer (small layers): no way on from it
    // occ for the layer's fills in the subset `mask` made: the cells as before the layer, the park
    // cells left by the parked goals filled, then the targets filled (a box may be placed on a
    // park cell its parked box has left).
    auto set_state = [&](uint32_t mask) {
        occ = base;
        for (size_t j = 0; j < layer.size(); ++j)
            if ((mask >> j & 1) && layer[j].from >= 0) occ[layer[j].from] = 0;
        for (size_t j = 0; j < layer.size(); ++j)
            if (mask >> j & 1) occ[layer[j].target] = 1;
    };
    for (int l = 0; l < p.layers; ++l) {
        layer.clear();
        for (int g : b.goals)
            if (p.layer[g] == l) layer.push_back({g, g, park_of[g] >= 0 ? p.parks[park_of[g]].cell : -1});
        for (const PackingOrder::Park &q : p.parks)
            if (q.place_layer == l) layer.push_back({q.cell, q.goal, -1});
        const size_t k = layer.size();
        base = occ;
        // Can fill i be made now (the boxes of occ standing still)? A pull from the target to a
        // start cell (or to the park cell) is, reversed, a push from there onto it. The target
        // must be empty, and a parked goal's box must stand on its park cell. The start cells
        // under a box in place do not count. one_per_start: by a box whose start cell no fill so
        // far needs (the matching takes the goal on; a box that starts on its goal may stay).
        auto fillable = [&](size_t i) {
            const Fill &f = layer[i];
            if (occ[f.target]) return false;
            if (f.from >= 0) {
                if (!occ[f.from]) return false;
                occ[f.from] = 0;
                occ[f.target] = 1;
                one[f.from] = 1;
                const bool ok = pull.retrievable(occ, f.target, one.data());
                one[f.from] = 0;
                occ[f.target] = 0;
                occ[f.from] = 1;
                return ok;
            }
            occ[f.target] = 1;
            bool ok;
            if (!one_per_start) ok = pull.retrievable(occ, f.target, src.data());
            else {
                pull.retrievable(occ, f.target, src.data(), &hits);
                if (start_box[f.target] && f.target == f.key) hits.push_back(f.target);
                ok = !hits.empty() && match.add(f.key, hits);
            }
            occ[f.target] = 0;
            return ok;
        };
        bool ok = true;
        int stuck = -1;
        if (k <= 12) {
            // A depth-first search over the subsets filled so far for a fill order that
            // completes the layer (failed subsets remembered; with one_per_start the matching
            // of the first order that reached a subset is the one remembered, so an order that
            // would leave other start cells free may be missed).
            failed.assign(static_cast<size_t>(1) << k, 0);
            const uint32_t full = (1u << k) - 1;
            std::function<bool(uint32_t)> fill = [&](uint32_t mask) {
                if (mask == full) return true;
                if (failed[mask]) return false;
                for (size_t i = 0; i < k; ++i) {
                    if (mask >> i & 1) continue;
                    set_state(mask);
                    if (!one_per_start) {
                        if (fillable(i) && fill(mask | (1u << i))) return true;
                        continue;
                    }
                    const SourceMatching before = match;
                    if (fillable(i) && fill(mask | (1u << i))) return true;
                    match = before;
                }
                failed[mask] = 1;
                return false;
            };
            ok = fill(0);
            occ = base;
            if (!ok) {
                for (size_t i = 0; i < k && stuck < 0; ++i) {
                    const SourceMatching before = match;
                    if (!fillable(i)) stuck = layer[i].key;
                    if (one_per_start) match = before;
                }
                if (stuck < 0) stuck = layer[0].key;
            }
        } else {
            // A big layer: make any fill that can be made, until none can.
            std::vector<uint8_t> done(k, 0);
            occ = base;
            for (size_t filled = 0; filled < k && ok;) {
                bool any = false;
                for (size_t i = 0; i < k; ++i)
                    if (!done[i] && fillable(i)) {
                        done[i] = 1;
                        if (layer[i].from >= 0) occ[layer[i].from] = 0;
                        occ[layer[i].target] = 1;
                        ++filled;
                        any = true;
                    }
                if (!any) {
                    ok = false;
                    for (size_t i = 0; i < k && stuck < 0; ++i)
                        if (!done[i]) stuck = layer[i].key;
                }
            }
            occ = base;
        }
        if (!ok) {
            if (goal_out) *goal_out = stuck;
            return l;
        }
        { // every fill made: the parked boxes moved on, the targets taken
            for (size_t j = 0; j < k; ++j)
                if (layer[j].from >= 0) occ[layer[j].from] = 0;
            for (size_t j = 0; j < k; ++j) occ[layer[j].target] = 1;
        }
    }
    return -1;
}

void PackPathScratch::init(int n) {
    prev.assign(static_cast<size_t>(n) * 4, -1);
    seen.assign(static_cast<size_t>(n) * 4, 0);
    sstamp = 0;
    mark.assign(n, 0);
    stamp = 0;
    queue.reserve(static_cast<size_t>(n) * 4);
    stack.reserve(n + 1);
    disc.assign(n, 0);
    low.assign(n, 0);
    last.assign(n, 0);
    parent.assign(n, -1);
    next.assign(n, 0);
    dfs.assign(static_cast<size_t>(n) + 1, 0);
}

namespace {

// A new stamp for mark (mark cleared when the stamps wrap).
uint32_t new_mark(PackPathScratch &s) {
    if (++s.stamp == 0) {
        std::fill(s.mark.begin(), s.mark.end(), 0);
        s.stamp = 1;
    }
    return s.stamp;
}

// Mark the player's area from `from` (occ blocks) with a new stamp; returns the stamp.
uint32_t flood_area(const Board &b, const uint8_t *occ, int from, PackPathScratch &s) {
    const uint32_t m = new_mark(s);
    s.stack.clear();
    s.stack.push_back(from);
    s.mark[from] = m;
    while (!s.stack.empty()) {
        const int c = s.stack.back();
        s.stack.pop_back();
        for (int d = 0; d < 4; ++d) {
            const int x = b.nb[c][d];
            if (x < 0 || occ[x] || s.mark[x] == m) continue;
            s.mark[x] = m;
            s.stack.push_back(x);
        }
    }
    return m;
}

CutArrays cut_arrays(PackPathScratch &s) { return {s.disc.data(), s.low.data(), s.last.data(), s.parent.data()}; }

// Depth-first search over the free cells of occ from root (cutcells.h): discovery order (from
// 1; 0 for the cells it does not reach), low links, the last order number in each subtree,
// parents.
void cut_search(const Board &b, const uint8_t *occ, int root, PackPathScratch &s) {
    std::fill(s.disc.begin(), s.disc.begin() + b.n, 0);
    cut_tree(b, occ, root, 0, cut_arrays(s), s.dfs.data(), s.next.data());
}

// Are the free sides d1 and d2 of cell c joined by free cells around c (the four sides and
// four corners, one way round or the other)? A yes means joined without c; a no decides nothing.
bool ring_joined(const Board &b, const uint8_t *occ, int c, int d1, int d2) {
    for (int turn = 1; turn <= 3; turn += 2) {
        bool ok = true;
        for (int d = d1; d != d2 && ok;) {
            const int nd = (d + turn) & 3;
            const int corner = b.nb[b.nb[c][d]][nd]; // the side b.nb[c][d] is free
            const int side = b.nb[c][nd];
            ok = corner >= 0 && !occ[corner] && side >= 0 && !occ[side];
            d = nd;
        }
        if (ok) return true;
    }
    return false;
}

// The relaxed search (relax=true): the cells the box at `from` reaches by pushes when the
// player may stand on any free cell (occ without `from`), each push's rules otherwise pack_path's.
// False when no target is among them: then pack_path has no path either, its pushes being a
// subset of these. Uses mark (a new stamp) and queue.
bool relaxed_reach(const Board &b, const uint8_t *occ, const uint8_t *dead, const uint8_t *target, int from,
                   PackPathScratch &s) {
    const uint32_t m = new_mark(s);
    s.queue.clear();
    s.queue.push_back(from);
    s.mark[from] = m;
    for (size_t head = 0; head < s.queue.size(); ++head) {
        const int box = s.queue[head];
        for (int s2 = 0; s2 < 4; ++s2) {
            const int q = b.nb[box][s2];
            if (q < 0 || occ[q]) continue;
            const int dest = b.nb[box][s2 ^ 2];
            if (dest < 0 || occ[dest] || !b.boxable[dest] || (dead && dead[dest] && !b.goal[dest])) continue;
            if (target[dest]) return true; // before the mark: `from` itself may be a target to come back to
            if (s.mark[dest] == m) continue;
            s.mark[dest] = m;
            s.queue.push_back(dest);
        }
    }
    return false;
}

} // namespace

bool pack_path(const Board &b, uint8_t *occ, const uint8_t *dead, const uint8_t *target, int from, int player,
               PackPathScratch &s, PackPath &out, const uint32_t *area, uint32_t player_area) {
    if (s.mark.size() != static_cast<size_t>(b.n)) s.init(b.n);
    if (s.relax) {
        occ[from] = 0;
        const bool maybe = relaxed_reach(b, occ, dead, target, from, s);
        occ[from] = 1;
        if (!maybe) {
            ++s.relaxed_out;
            return false;
        }
    }
    if (++s.sstamp == 0) {
        std::fill(s.seen.begin(), s.seen.end(), 0);
        s.sstamp = 1;
    }
    const uint32_t sst = s.sstamp;
    s.queue.clear();
    const uint32_t start = area ? 0 : flood_area(b, occ, player, s);
    for (int d = 0; d < 4; ++d) {
        const int x = b.nb[from][d];
        if (x >= 0 && (area ? !occ[x] && area[x] == player_area : s.mark[x] == start)) {
            s.prev[static_cast<size_t>(from) * 4 + d] = -2;
            s.seen[static_cast<size_t>(from) * 4 + d] = sst;
            s.queue.push_back(from * 4 + d);
        }
    }
    occ[from] = 0; // the box moves: its start cell is free once it has left
    bool cut = false; // cut_search has run (on occ as it stays through the search)
    if (!s.flood && !s.ring) {
        cut_search(b, occ, from, s);
        ++s.cut_searches;
        cut = true;
    }
    bool found = false;
    for (size_t head = 0; head < s.queue.size() && !found; ++head) {
        const int st = s.queue[head];
        const int box = st / 4, side = st % 4;
        const int at = b.nb[box][side]; // the player
        uint32_t m = 0;
        constexpr int UNKNOWN = -3;
        int part = UNKNOWN; // part_without(box, at), when needed
        if (s.flood) {
            occ[box] = 1;
            m = flood_area(b, occ, at, s);
            occ[box] = 0;
        }
        for (int s2 = 0; s2 < 4; ++s2) {
            const int q = b.nb[box][s2];
            if (q < 0) continue;
            // The push's own conditions first, then whether the player gets to q (no side effects).
            const int d = s2 ^ 2; // push away from the player
            const int dest = b.nb[box][d];
            if (dest < 0 || occ[dest] || !b.boxable[dest] || (dead && dead[dest] && !b.goal[dest])) continue;
            const int ns = dest * 4 + s2; // the player now stands on `box`, on side s2 of dest
            if (s.seen[static_cast<size_t>(ns)] == sst) continue;
            if (s.flood) {
                if (s.mark[q] != m) continue;
            } else if (occ[q]) {
                continue;
            } else if (q != at && !(s.ring && ring_joined(b, occ, box, side, s2))) {
                if (!cut) {
                    cut_search(b, occ, from, s);
                    ++s.cut_searches;
                    cut = true;
                }
                if (part == UNKNOWN) part = cut_part(b, cut_arrays(s), box, at);
                if (cut_part(b, cut_arrays(s), box, q) != part) continue;
            }
            s.seen[static_cast<size_t>(ns)] = sst;
            s.prev[static_cast<size_t>(ns)] = st;
            s.queue.push_back(ns);
            if (target[dest]) {
                out.dest = dest;
                out.end_player = box;
                out.pushes = 0;
                int cur = ns;
                for (; s.prev[static_cast<size_t>(cur)] != -2; cur = s.prev[static_cast<size_t>(cur)]) {
                    ++out.pushes;
                    out.first_dir = (cur % 4) ^ 2;
                }
                found = true;
                break;
            }
        }
    }
    occ[from] = 1;
    return found;
}

} // namespace sokoban
