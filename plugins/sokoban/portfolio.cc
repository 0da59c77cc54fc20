// portfolio.cc -- see portfolio.h.
#include "portfolio.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <new>
#include <queue>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "backward.h"
#include "fess.h"
#include "huge_alloc.h"
#include "kids.h"
#include "ordering.h"
#include "solution.h"
#include "state_store.h"

namespace sokoban {

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

namespace {

// What a thread's second FESS member is, for the trace and the winner's log line: thread 1's
// twin with the box-move advisor (fess1with=box) or a plan mate (fess1with=plan, fess0with=plan).
const char *mate_name(const Options &options, unsigned k) { return k == 1 && options.fess1with == 3 ? "box" : "plan"; }

struct Config {
    uint32_t g_weight, h_weight; // priority = g_weight * g + h_weight * h (scaled by 2)
    bool reverse;                // children in reversed order
    const char *name;
};

Config config_of(unsigned k) {
    static const Config base[4] = {{2, 3, false, "weighted A* w=1.5"},
                                   {0, 1, false, "greedy"},
                                   {1, 3, false, "weighted A* w=3"},
                                   {1, 1, false, "A*"}};
    Config c = base[k % 4];
    c.reverse = (k / 4) % 2 == 1;
    return c;
}

struct Shared {
    const Instance &inst;
    const solver_services *services;
    uint64_t budget_per_search;
    bool no_tunnels = false; // the second round after an exhaustion with the tunnel macro on
    // 0 while nobody has won; the winner's index + 1 once one has. acq_rel on the CAS so the
    // winner's path (written before the CAS by the winner only) is visible to the main thread,
    // which reads it after parallel_for returns (the pool's join orders it anyway).
    std::atomic<unsigned> winner{0};
    std::vector<std::vector<uint32_t>> moves;  // per search: the winning path's moves
    std::vector<std::vector<uint8_t>> states;  // per search: its states
    std::vector<uint64_t> costs, expanded;
    std::vector<int> outcome;                  // 0 stopped, 1 solved, 2 exhausted, 3 memory
    std::vector<std::string> shares;           // per search: its CPU shares' account (backcpu, packall), for the log
    std::vector<std::array<uint64_t, 4>> learn; // per thread (learn=on): probes, proven dead, patterns added, children pruned
    bool fess_won = false;                     // the winner's path came from its FESS search
    bool back_won = false;                     // ... or from its backward search (back=, backward.h)
    bool packall_won = false;                  // ... or from its packall guest (packall=t0|t1)
    bool tie_won = false;                      // ... or from its tie guest (tieguest=t0|t1)
    bool mate_won = false;                     // ... or from its FESS mate (fess0with=plan, fess1with=plan|box)
    double trace = 0;                          // SOKOBAN_PORTFOLIO_TRACE=S (run_search's trace; 0 off)
    // The packing orders the FESS members use (packing.h PACK_OUT_*: floor, start, match,
    // park, park2, park3..park8), each computed once per level before the threads start
    // (portfolio_solve) and only read by them; nullptr for one no member uses.
    std::unique_ptr<PackingOrder> orders[PACK_OUT_PARK_LAST + 1];
};

// One best-first search over the forward expansion (search.h), the portfolio's own kind: priority
// g_weight * g + h_weight * h (h_weight scaled by 2: weighted A* w=1.5 is 2, 3; greedy 0, 1),
// ties to the smaller h (greedy: the deeper), then the move ordering's rank (ordering.h; 0 for
// all with ordering=off), then the tie order's key (tieorder0|1, tieguestorder); each state
// stored once (any-solution search: no reopening), a goal recognised when generated. Thread k's
// own search (run_search) and the tie guest (TieGuest below) are both this class, so they expand
// the same nodes in the same order for the same settings. One thread only: it expands with the
// caller's Scratch, between the caller's other work (nothing is kept across calls but the
// open list, the store and the nodes); the caller decides when to stop, when memory is up
// (memory()) and when another search has its turn.
class BestFirst {
public:
    struct Order {
        uint32_t g_weight, h_weight;
        bool reverse;       // the children in reversed order (threads 4 and up)
        TieOrder tie_order; // the order among equal (priority, tie)
        uint64_t seed;      // tie_last_key's seed
    };
    BestFirst(const Instance &inst, Scratch &scratch, Order order)
        : inst_(inst), scratch_(scratch), order_(order), sort_kids_(order.tie_order == TIE_REV || order.tie_order == TIE_TRANSPOSE),
          store_(inst.state_size), kids_(inst.state_size), current_(inst.state_size) {}
    // The initial state stored and queued: true when it is a goal (goal() is then set); a dead
    // root is stored but not queued, so the search is exhausted at once (empty()).
    bool start() {
        std::vector<uint8_t> root(inst_.state_size);
        initial_state(inst_, scratch_, root.data());
        bool inserted = false;
        const uint32_t r = lookup(root.data(), state_hash(inst_, root.data()), inserted);
        if (state_is_goal(inst_, root.data())) {
            goal_ = r;
            return true;
        }
        const uint32_t h0 = state_heuristic(inst_, scratch_, root.data());
        if (h0 != H_DEAD) open_.emplace(static_cast<uint64_t>(order_.h_weight) * h0, 0, 0, r);
        return false;
    }
    bool empty() const { return open_.empty(); }
    // Expands the best open state (the caller has checked !empty()); true when one of its
    // children is a goal (goal() is then that child; the rest of the children are not stored).
    bool expand_one() {
        const uint32_t n = inst_.state_size;
        const uint32_t id = std::get<3>(open_.top());
        const uint64_t popped = std::get<0>(open_.top()); // its priority (SOKOBAN_BEST_DUMP's h)
        open_.pop();
        ++expanded_;
        std::memcpy(current_.data(), store_.state(id), n); // the store may grow while the children go in
        const uint32_t g = nodes_[id].g;
        const int last = nodes_[id].last;
        const bool ordering = inst_.options.ordering;
        kids_.clear();
        if (inst_.options.dupskip) scratch_.known = &store_; // the children stored already: not emitted
        scratch_.learn_use = learn_;
        expand_state(inst_, scratch_, current_.data(), kids_.sink());
        scratch_.known = nullptr; // the scratch serves the thread's other members too
        scratch_.learn_use = false;
        if (learn_ && probe_learn()) kids_.clear(); // a dead state's children are dead
        if (dump_ && order_.h_weight > 0) { // h back from the priority g_weight * g + h_weight * h
            const uint32_t h = static_cast<uint32_t>((popped - static_cast<uint64_t>(order_.g_weight) * g) / order_.h_weight);
            // With dupskip, kids_ holds only the pushes to states not stored yet: "live" then means
            // a state that made a new one.
            if (kids_.size() > 0) live_.note(current_.data(), n, h, g, expanded_, dump_keep_);
            note_sample(current_.data(), h, g);
        }
        if (sort_kids_) {
            kid_order_.clear();
            for (size_t q = 0; q < kids_.size(); ++q)
                kid_order_.emplace_back(child_sort_key(inst_.board, order_.tie_order, kids_[q].move), static_cast<uint32_t>(q));
            std::sort(kid_order_.begin(), kid_order_.end()); // the keys are distinct moves: no ties
        }
        for (size_t q = 0; q < kids_.size(); ++q) {
            const size_t at = order_.reverse ? kids_.size() - 1 - q : q;
            const Kid &kd = kids_[sort_kids_ ? kid_order_[at].second : at];
            bool inserted = false;
            const uint32_t c = lookup(kd.state.data(), kd.hash, inserted);
            if (!inserted) continue; // any-solution search: no reopening
            if (dump_) made_.note(kd.state.data(), n, kd.h, g + kd.cost, expanded_, dump_keep_);
            best_h_ = std::min(best_h_, kd.h); // the trace's progress figure, and backshare's
            const int to = ordering ? pushed_to(current_.data() + 2, kd.state.data() + 2, static_cast<int>(n - 2)) : NO_CELL;
            nodes_[c] = Node{id, kd.move, g + kd.cost, to};
            if (state_is_goal(inst_, kd.state.data())) {
                goal_ = c;
                return true;
            }
            const uint64_t gg = g + kd.cost;
            const uint64_t pri = order_.g_weight * gg + static_cast<uint64_t>(order_.h_weight) * kd.h;
            // Ties: smaller h first for A*-like orders, deeper first for greedy; then the move
            // ordering's rank (ordering.h; 0 for all with ordering=off).
            const uint64_t rank = ordering ? push_rank(inst_.board, last, static_cast<int>(kd.move / 4), to) : 0;
            const uint64_t tie = ((order_.g_weight == 0 ? UINT32_MAX - gg : kd.h) << 2) | rank;
            open_.emplace(pri, tie, tie_last_key(order_.tie_order, c, kd.hash, order_.seed), c);
        }
        return false;
    }
    // SOKOBAN_BEST_DUMP=PREFIX (session 40; a diagnostic, environment only, nothing kept when
    // unset): the search keeps, of the states it makes and (apart) of the states it expands
    // that emit a push, the first state of every new least h (the falls), the first `keep` at
    // the least h and the last `keep` at it (the plateau's middle and end), and a uniform
    // sample of 4 * keep expanded states; it writes them when it is destroyed (solved,
    // exhausted, stopped by the time limit; not when the process is killed) to `path` as XSB,
    // one level per state, a comment line before each: member, kind, h, g, the expansion it was
    // made (or expanded) at, boxes on goals.
    void enable_dump(std::string path, std::string name, size_t keep) {
        dump_ = true;
        dump_path_ = std::move(path);
        dump_name_ = std::move(name);
        dump_keep_ = keep == 0 ? 1 : keep;
    }
    // learn=on|t0|t1 (learn.h): this search probes and prunes with the instance's patterns.
    void set_learn(bool on) { learn_ = on && inst_.learned != nullptr; }
    // The sub-states its probes have searched (learncharge).
    uint64_t learn_spent() const { return learn_spent_; }
    ~BestFirst() {
        if (dump_) write_dump();
    }
    uint64_t expanded() const { return expanded_; }
    // The same counter by reference (run_search's lambdas read it as `expanded`).
    const uint64_t &expanded_ref() const { return expanded_; }
    // The least h of any state stored after the root (UINT32_MAX before the first).
    uint32_t best_h() const { return best_h_; }
    uint32_t goal() const { return goal_; }
    // Bytes held (the caller compares them with its memory share).
    uint64_t memory() const { return store_.memory() + nodes_.capacity() * sizeof(Node) + open_.size() * sizeof(Entry) * 2; }
    const StateStore &store() const { return store_; }
    // The path to goal(): its states, its moves and its pushes.
    void solution(std::vector<uint8_t> &states, std::vector<uint32_t> &moves, uint64_t &cost) const {
        store_.append_path(nodes_, goal_, states, moves, cost);
    }

private:
    // learn=on (learn.h): each expansion earns learnrate sub-states of credit; when it covers a
    // whole probe (the first proof and a shrinking step per box), the state just expanded is
    // probed and the sub-states spent are paid. True when that state is dead.
    bool probe_learn() {
        const Options &o = inst_.options;
        learn_credit_ += static_cast<uint64_t>(o.learnrate);
        const uint64_t boxes = inst_.board.start_boxes.size();
        const uint64_t cost = static_cast<uint64_t>(o.learnbudget) + boxes * static_cast<uint64_t>(o.learnshrink);
        if (learn_credit_ < cost) return false;
        LearnScratch &ls = scratch_.learn;
        const uint64_t before = ls.expanded;
        const int player = unpack_state(inst_, scratch_, current_.data());
        const uint8_t *dead = o.deadsquares ? inst_.dead.data() : nullptr;
        const bool dead_state = learn_probe(inst_.board, dead, scratch_.boxes.data(), static_cast<int>(scratch_.boxes.size()),
                                            player, o.learnbudget, o.learnshrink, ls, *inst_.learned);
        const uint64_t spent = ls.expanded - before;
        learn_credit_ = learn_credit_ > spent ? learn_credit_ - spent : 0;
        learn_spent_ += spent;
        return dead_state;
    }
    uint64_t learn_credit_ = 0;
    uint64_t learn_spent_ = 0; // sub-states of this search's probes (learncharge)
    bool learn_ = false; // set_learn

    struct Node {
        uint32_t parent, move, g;
        int32_t last; // the cell the push into this state left its box on (ordering.h)
    };
    using Entry = std::tuple<uint64_t, uint64_t, uint32_t, uint32_t>; // (priority, tie, last key, node)
    // Find or insert; a new node starts without a parent.
    uint32_t lookup(const uint8_t *st, uint64_t h, bool &inserted) {
        const uint32_t id = store_.find_or_insert(st, h, inserted);
        if (inserted) nodes_.push_back(Node{UINT32_MAX, 0, 0, NO_CELL});
        return id;
    }

    // SOKOBAN_BEST_DUMP: the states at the least h of one kind (made, or expanded with a push
    // emitted): the first of every new least (the falls), the first `keep` at the least and the
    // last `keep` (a ring).
    struct Noted {
        uint32_t h, g;
        uint64_t at; // expanded_ when it was made (or expanded)
        std::vector<uint8_t> state;
    };
    struct Plateau {
        uint32_t least = UINT32_MAX;
        uint64_t at_least = 0; // states noted at the least h
        size_t next = 0;       // last's ring position
        std::vector<Noted> falls, first, last;
        void note(const uint8_t *st, size_t n, uint32_t h, uint32_t g, uint64_t at, size_t keep) {
            if (h > least) return;
            Noted e{h, g, at, std::vector<uint8_t>(st, st + n)};
            if (h < least) {
                least = h;
                falls.push_back(e);
                first.assign(1, std::move(e));
                last.clear();
                next = 0;
                at_least = 1;
                return;
            }
            ++at_least;
            if (first.size() < keep) first.push_back(std::move(e));
            else if (last.size() < keep) last.push_back(std::move(e));
            else last[next++ % keep] = std::move(e);
        }
    };
    // A uniform sample of the expanded states (reservoir sampling, a fixed-seed generator: the
    // same run gives the same sample), 4 * keep of them: where the search spends its expansions.
    void note_sample(const uint8_t *st, uint32_t h, uint32_t g) {
        const size_t cap = 4 * dump_keep_;
        if (sample_.size() < cap) {
            sample_.push_back(Noted{h, g, expanded_, std::vector<uint8_t>(st, st + inst_.state_size)});
            return;
        }
        sample_rng_ = sample_rng_ * 6364136223846793005ULL + 1442695040888963407ULL;
        const uint64_t j = (sample_rng_ >> 11) % expanded_;
        if (j < cap) sample_[j] = Noted{h, g, expanded_, std::vector<uint8_t>(st, st + inst_.state_size)};
    }
    void write_dump() const {
        std::FILE *f = std::fopen(dump_path_.c_str(), "w");
        if (!f) return;
        const Board &b = inst_.board;
        std::fprintf(f, "; SOKOBAN_BEST_DUMP: %s, %llu expansions; least h of a state made %d (%llu made at it), of a state expanded with a push emitted %d (%llu)\n",
                     dump_name_.c_str(), static_cast<unsigned long long>(expanded_),
                     made_.least == UINT32_MAX ? -1 : static_cast<int>(made_.least), static_cast<unsigned long long>(made_.at_least),
                     live_.least == UINT32_MAX ? -1 : static_cast<int>(live_.least), static_cast<unsigned long long>(live_.at_least));
        int level = 0;
        auto put = [&](const Noted &e, const char *kind) {
            int on = 0, boxes = 0;
            for (int c = 0; c < b.n; ++c)
                if (test_bit(e.state.data() + 2, c)) {
                    ++boxes;
                    on += b.goal[c] != 0;
                }
            std::fprintf(f, "\n; level %d: %s %s, h %u, g %u, at expansion %llu, boxes on goals %d/%d\n", ++level,
                         dump_name_.c_str(), kind, e.h, e.g, static_cast<unsigned long long>(e.at), on, boxes);
            std::fputs(state_xsb(b, e.state.data()).c_str(), f);
        };
        auto put_all = [&](const Plateau &p, const char *fall, const char *first, const char *last) {
            for (size_t i = 0; i + 1 < p.falls.size(); ++i) put(p.falls[i], fall);
            for (const Noted &e : p.first) put(e, first);
            const size_t m = p.last.size();
            for (size_t i = 0; i < m; ++i) put(p.last[(p.next + i) % m], last);
        };
        put_all(made_, "fall", "least-first", "least-last");
        put_all(live_, "live-fall", "live-first", "live-last");
        std::vector<const Noted *> by_time;
        for (const Noted &e : sample_) by_time.push_back(&e);
        std::sort(by_time.begin(), by_time.end(), [](const Noted *x, const Noted *y) { return x->at < y->at; });
        for (const Noted *e : by_time) put(*e, "sample");
        std::fclose(f);
    }

    const Instance &inst_;
    Scratch &scratch_;
    const Order order_;
    const bool sort_kids_;
    StateStore store_;
    HugeVec<Node> nodes_; // per state number of the store (huge_alloc.h, as the store)
    std::priority_queue<Entry, HugeVec<Entry>, std::greater<Entry>> open_;
    KidCollector kids_;
    std::vector<uint8_t> current_;
    std::vector<std::pair<uint32_t, uint32_t>> kid_order_; // (child_sort_key, index) with sort_kids_
    uint32_t goal_ = UINT32_MAX, best_h_ = UINT32_MAX;
    uint64_t expanded_ = 0;
    // SOKOBAN_BEST_DUMP (enable_dump): off unless asked.
    bool dump_ = false;
    std::string dump_path_, dump_name_;
    size_t dump_keep_ = 8;
    Plateau made_, live_; // the states made; the states expanded that emitted a push
    std::vector<Noted> sample_; // note_sample
    uint64_t sample_rng_ = 0x9e3779b97f4a7c15ULL;
};

// tieguest=t0|t1 (options.h, session 24): a second weighted A* w=1.5 as a CPU-share guest, the
// same search as thread 0's (BestFirst, the same class) but for the order among equal (priority,
// tie) (tieguestorder, ordering.h TieOrder) and its seed (tieguestseed). On XSokoban 72 the order
// decides whether weighted A* wins in about 1,500 states or not in 300,000, and which order wins
// changes with the map's orientation (NOTES.md sessions 23, 24): with a guest the portfolio holds
// two orders, not one. It runs in slices between the host's expansions on the host's thread and
// with the host's Scratch (no expansion is in progress then; expand_state keeps nothing between
// calls but caches), with a store of its own within `budget` bytes.
class TieGuest {
public:
    enum class Status { running, solved, exhausted, memory };
    TieGuest(const Instance &inst, Scratch &scratch, uint64_t budget, TieOrder order, uint64_t seed)
        : budget_(budget), search_(inst, scratch, BestFirst::Order{2, 3, false, order, seed}) {
        solved_ = search_.start();
    }
    // SOKOBAN_BEST_DUMP (BestFirst::enable_dump).
    void enable_dump(std::string path, std::string name, size_t keep) { search_.enable_dump(std::move(path), std::move(name), keep); }
    // Up to `count` expansions, or until solved, exhausted or out of memory.
    template <class Stop> Status run(uint64_t count, Stop stop) {
        if (solved_) return Status::solved;
        for (uint64_t i = 0; i < count; ++i) {
            if (search_.empty()) return Status::exhausted;
            if ((search_.expanded() & 255) == 0 && stop()) return Status::running;
            if ((search_.expanded() & 1023) == 0 && search_.memory() > budget_) return Status::memory;
            if (search_.expand_one()) {
                solved_ = true;
                return Status::solved;
            }
        }
        return Status::running;
    }
    // The winning path (after Status::solved): its states, its moves and its pushes.
    void solution(std::vector<uint8_t> &states, std::vector<uint32_t> &moves, uint64_t &cost) const { search_.solution(states, moves, cost); }
    uint64_t expanded() const { return search_.expanded(); }

private:
    const uint64_t budget_;
    BestFirst search_;
    bool solved_ = false;
};

bool stop_requested(const Shared &sh) {
    if (sh.winner.load(std::memory_order_relaxed) != 0) return true; // relaxed: only a hint to stop
    return sh.services->should_stop && sh.services->should_stop(sh.services->ctx);
}

// A FESS member of the portfolio with the thread's scratch settings (no_tunnels, room_shortcut,
// the local deadlock radius), the packing order of `pack_member` (fess.h PACK_FOR_*), computed
// once in sh.orders, and what configure_fess_member (fess.h) sets for `cd_member` (a CD_* bit).
std::unique_ptr<FessSearch> fess_member(const Shared &sh, const Scratch &scratch, uint64_t budget, uint32_t cd_member, int pack_member) {
    const int out = pack_out_of(sh.inst.options, pack_member);
    std::unique_ptr<FessSearch> f(new FessSearch(sh.inst, budget, sh.orders[out].get()));
    if (!sh.orders[out]) f->set_order(out); // not computed beforehand (a member portfolio_solve did not foresee)
    f->scratch().no_tunnels = scratch.no_tunnels;
    f->scratch().room_shortcut = scratch.room_shortcut;
    f->scratch().localdead.radius = scratch.localdead.radius;
    configure_fess_member(*f, sh.inst.options, cd_member, pack_member);
    return f;
}

void run_search(Shared &sh, unsigned k) {
    // The thread's CPU clock at its start: the log's `thread N CPU` line is the time since then
    // (Account below), not only what the CPU shares charged while guests were live.
    const double cpu_start = thread_cpu_seconds();
    const Instance &inst = sh.inst;
    const Config cfg = config_of(k);
    Scratch scratch;
    init_scratch(inst, scratch);
    // learn=on: the thread's probe counts for the log, whichever way the search ends.
    struct LearnCounts {
        const LearnScratch &ls;
        std::array<uint64_t, 4> &out;
        ~LearnCounts() { out = {ls.probes, ls.proven, ls.learned, ls.pruned}; }
    } learn_counts{scratch.learn, sh.learn[k]};
    scratch.no_tunnels = sh.no_tunnels;
    scratch.room_shortcut = sh.no_tunnels; // the second round cuts nothing (macros.h)
    // ldradius=mixed: the greedy searches (odd k) test wider clumps, the others touching ones.
    if (inst.options.ldmixed) scratch.localdead.radius = k % 2 == 1 ? 2 : 1;
    // cdmembers (options.h): this thread's best-first search, FESS member and plan member each
    // run the corral deadlock test or not.
    scratch.corraldead.mode = corraldead_mode(inst.options, k == 0 ? CD_ASTAR : k == 1 ? CD_GREEDY : CD_REST);
    scratch.localdead.left = ldleft_on(inst.options, k == 0 ? CD_ASTAR : k == 1 ? CD_GREEDY : CD_REST);
    scratch.corraldead.extend = cdextend_of(inst.options, k == 0 ? CD_ASTAR : k == 1 ? CD_GREEDY : CD_REST);
    // fess=share|on (fess.h): thread 1 runs the feature-space search beside greedy, in slices
    // of 1024 expansions each (after greedy's first fess1after, 2^18; from its fessearly-th, 2^16,
    // by default, in turn with it) and half the memory each, or instead
    // of it. fess0=on|chain: thread 0 likewise beside its weighted A*, after fess0after
    // expansions, with the toward advisor on every push (on) or in its chain form.
    // fess1with=plan|none|box (fess0with=plan|none likewise on thread 0): from then on thread 1
    // gives greedy's slices to a second FESS member with the out-of-plan feature and the chain
    // advisor (plan), to its FESS member (none), or to a twin of it with the box-move advisor
    // (box).
    uint64_t budget = sh.budget_per_search;
    // back=t0|t1|only (backward.h): the backward (pull) search on thread 0 or 1 beside the
    // thread's own searches, a quarter of its memory share, 1024 expansions after every 4096 of
    // the thread's own (back_turn below); only: alone on every thread, greedy on even threads,
    // weighted A* w=1.5 on odd ones. With t0|t1: greedy. (w=3 on the odd threads, tried: the
    // member alone, tools/sokoban-backward-driver.cc, solves XSokoban 7 and 9 at 500k
    // expansions, which w=1.5 does not, but back=only then loses 87, which w=1.5 solves in
    // 2427157 expansions, 10.4 CPU s: 87 is one the forward portfolio does not solve.)
    // backcpu=P (portfolio.h CpuShares): with t0|t1, weighted A* w=1.5 with P% of the thread's
    // CPU time instead, until it has used backcap CPU s (0: no cap). backorder=greedy|weighted
    // sets the order with t0|t1 (greedy solves XSokoban 15 in 40k expansions, which w=1.5 does
    // not in 3M; w=1.5 solves 87); backorder=fess and backfess (back=only's even threads): the
    // feature-space order over pulls (backward.h).
    std::unique_ptr<BackwardSearch> back;
    const bool back_only = inst.options.back == 3;
    const bool back_cpu = !back_only && inst.options.backcpu > 0;
    if (back_only || (inst.options.back == 1 && k == 0) || (inst.options.back == 2 && k == 1)) {
        // A capped guest (backcap) keeps a sixteenth, as packall's: the others keep theirs for after it.
        // With a second stage (backcap2), a quarter: weighted A* keeps more states.
        const bool capped = back_cpu && inst.options.backcap > 0 && inst.options.backcap2 == 0;
        const uint64_t share = back_only ? budget : capped ? budget / 16 : budget / 4;
        const bool weighted = back_only ? k % 2 == 1 : inst.options.backorder == 0 ? back_cpu : inst.options.backorder == 2;
        // The feature-space order (backward.h, session 32): backfess with back=only on the even
        // threads, backorder=fess for the guest.
        const int fess_order = back_only ? (k % 2 == 0 ? inst.options.backfess : BACK_FESS_OFF)
                                         : inst.options.backorder == 3 ? BACK_FESS_ALL : BACK_FESS_OFF;
        back.reset(new BackwardSearch(inst, share, weighted ? 2 : 0, weighted ? 3 : 1, fess_order));
        if (!back_only) budget -= share;
    }
    uint64_t back_expanded = 0, back_mark = 0; // its expansions; the thread's own at its last slice
    uint64_t back_meets = 0;                   // its children found in this thread's forward store (the log)
    // packall=t0|t1 (default t1): a guest FESS member with the packing macro on every box, a
    // quarter of the memory share left (a sixteenth with packallcap: the others keep their
    // memory for after its slot), packallcpu% (10) of the thread's CPU time (CpuShares)
    // from the thread's start until it has used packallcap (1) CPU seconds: XSokoban 14 in
    // about 3300 of its expansions, 0.2-0.3 CPU s (the same member as the thread's own FESS
    // member lost 15 42 74 at 30 s, README). None with fesspack=off, nor on a thread without its
    // FESS member (fess=off on thread 1, fess0=off on thread 0: that thread runs what it says).
    std::unique_ptr<FessSearch> packer;
    const bool thread_fess = (k == 1 && inst.options.fess != 0) || (k == 0 && inst.options.fess0 != 0);
    if (!back_only && thread_fess && inst.options.fesspack != 0 && ((inst.options.packall == 1 && k == 0) || (inst.options.packall == 2 && k == 1))) {
        const uint64_t share = inst.options.packallcap > 0 ? budget / 16 : budget / 4;
        budget -= share;
        packer = fess_member(sh, scratch, share, k == 0 ? CD_FESS0 : CD_FESS1, PACK_FOR_PACKALL);
        packer->set_pack_all(true);
    }
    // tieguest=t0|t1 (TieGuest above): a second weighted A* w=1.5 with the tie order
    // tieguestorder, tieguestcpu% (10) of the thread's CPU time from its start until it has used
    // tieguestcap (1) CPU seconds; a sixteenth of the memory share with a cap (a quarter without).
    std::unique_ptr<TieGuest> tie_guest;
    uint64_t tie_expanded = 0; // its expansions, kept when it is dropped
    if (!back_only && ((inst.options.tieguest == 1 && k == 0) || (inst.options.tieguest == 2 && k == 1))) {
        const uint64_t share = inst.options.tieguestcap > 0 ? budget / 16 : budget / 4;
        budget -= share;
        tie_guest.reset(new TieGuest(inst, scratch, share, static_cast<TieOrder>(inst.options.tieguestorder), static_cast<uint64_t>(inst.options.tieguestseed)));
    }
    // packall=fess0|fess1: the thread's own FESS members with the macro on every box instead.
    const bool own_pack_all = (inst.options.packall == 3 && k == 0) || (inst.options.packall == 4 && k == 1);
    std::unique_ptr<FessSearch> fess, mate; // mate: the second member (fess1with=plan, fess0with=plan)
    const bool fess_only = k == 1 && inst.options.fess == 2;
    const uint64_t fess_after = k == 0 ? inst.options.fess0after : inst.options.fess1after;
    if ((k == 1 && inst.options.fess != 0) || (k == 0 && inst.options.fess0 != 0)) {
        if (!fess_only) budget /= 2;
        // packorder=t0|t1 (the start cells' order on one thread's members only), packorder0|1:
        // the members' order (fess.h pack_out_of).
        const int pack_for = k == 0 ? PACK_FOR_FESS0 : PACK_FOR_FESS1;
        fess = fess_member(sh, scratch, budget, k == 0 ? CD_FESS0 : CD_FESS1, pack_for);
        if (k == 0) fess->set_chain(inst.options.fess0 == 2);
        if (inst.options.fessturns == 2) fess->set_turns(k == 0); // fessturns=mixed: packed turns on thread 0 only
        if (own_pack_all) fess->set_pack_all(true);
        if (k == 1 && !fess_only && inst.options.fess1with == 3) {
            // fess1with=box (session 46): the mate is the member's twin with the box-move
            // advisor (fessbox), sharing the thread as a plan mate does.
            mate = fess_member(sh, scratch, budget, CD_FESS1, pack_for);
            mate->set_box_run(true);
            if (inst.options.fessturns == 2) mate->set_turns(false);
            if (own_pack_all) mate->set_pack_all(true);
        } else if ((k == 1 && !fess_only && inst.options.fess1with == 1) || (k == 0 && inst.options.fess0with == 1)) {
            mate = fess_member(sh, scratch, budget, k == 0 ? CD_PLAN0 : CD_PLAN1, pack_for);
            mate->set_plan(std::max(1, inst.options.fessplan));
            mate->set_chain(true); // thread 0's member has the toward advisor on every push
            if (inst.options.fessturns == 2) mate->set_turns(k == 0);
            if (own_pack_all) mate->set_pack_all(true);
        }
    }
    // fess1with=plan|none, fess0with=none: the best-first search stops once FESS has started.
    const bool search_after = !((k == 1 && !fess_only && inst.options.fess1with != 0) || (k == 0 && inst.options.fess0with != 0));
    // The thread's own best-first search (BestFirst above, the tie guest's class too), with
    // tieorder0|1 (ordering.h): the order among equal (priority, tie) on threads 0 and 1.
    const TieOrder tie_order = static_cast<TieOrder>(k == 0 ? inst.options.tieorder0 : k == 1 ? inst.options.tieorder1 : TIE_FIFO);
    BestFirst own_search(inst, scratch, BestFirst::Order{cfg.g_weight, cfg.h_weight, cfg.reverse, tie_order, k + 1});
    own_search.set_learn(inst.options.learn == 1 || (inst.options.learn == 2 && k == 0) || (inst.options.learn == 3 && k == 1));
    if (back && !back_only && inst.options.backmeet) back->set_forward(&own_search.store()); // the meet count (backward.h)
    // SOKOBAN_BEST_DUMP=PREFIX (session 40): the thread's best-first search writes its least-h
    // states to PREFIX.tK.xsb when it ends, the tie guest to PREFIX.tieK.xsb; SOKOBAN_BEST_KEEP=N
    // (8) states from the start and from the end of the least h's plateau (BestFirst::enable_dump).
    if (const char *dump = std::getenv("SOKOBAN_BEST_DUMP")) {
        const char *keep = std::getenv("SOKOBAN_BEST_KEEP");
        const size_t n = keep ? static_cast<size_t>(std::atoi(keep)) : 8;
        const std::string name = k == 0 ? "weighted A* (t0)" : k == 1 ? "greedy (t1)" : "best-first (t" + std::to_string(k) + ")";
        own_search.enable_dump(std::string(dump) + ".t" + std::to_string(k) + ".xsb", name, n);
        if (tie_guest) tie_guest->enable_dump(std::string(dump) + ".tie" + std::to_string(k) + ".xsb", "tie guest (t" + std::to_string(k) + ")", n);
    }
    const uint64_t &expanded = own_search.expanded_ref();
    uint64_t early_slices = 0; // fessearly: the FESS slices run before fess_after
    double early_cpu[2] = {0, 0}; // fessearly with mateslice=cpu: the member's and the mate's CPU seconds in them
    uint64_t packer_expanded = 0; // the packall guest's, kept when it is dropped
    auto fess_expanded = [&]() {
        return (fess ? fess->expanded() : 0) + (mate ? mate->expanded() : 0) + back_expanded + (packer ? packer->expanded() : packer_expanded) +
               (tie_guest ? tie_guest->expanded() : tie_expanded);
    };
    // SOKOBAN_PORTFOLIO_TRACE=S (a measurement, README session 19): per member its CPU seconds
    // (read around its slices; the best-first search's own is the rest of the thread's), its
    // expansions and its progress (the best h of the best-first and backward searches, FESS's
    // highest packed count and its cells), one line on stderr every S CPU seconds of the thread
    // and when it leaves. Off (0), nothing is read.
    enum { M_OWN, M_FESS, M_MATE, M_BACK, M_PACK, M_COUNT };
    double member_cpu[M_COUNT] = {};
    const double trace_start = sh.trace > 0 ? thread_cpu_seconds() : 0;
    double trace_next = sh.trace;
    uint32_t best_packed[M_COUNT] = {}, back_h = UINT32_MAX; // at the last tick
    uint64_t back_at = 0;   // the guest's states queued at its best h (BackwardSearch::at_best), at the last tick
    size_t back_open = 0;   // its open list's size, at the last tick
    uint32_t back_root = UINT32_MAX; // its roots' least estimate (BackwardSearch::root_h)
    uint64_t back_falls = 0;         // how often its best estimate fell (BackwardSearch::falls)
    size_t cells[M_COUNT] = {};
    uint64_t fess_seen = 0, mate_seen = 0; // their expansions at the last tick (kept once one is dropped)
    auto trace_tick = [&](bool last) {
        const double now = thread_cpu_seconds() - trace_start;
        if (!last && now < trace_next) return;
        trace_next = now + sh.trace;
        char line[240];
        double others = 0;
        for (int m = M_FESS; m < M_COUNT; ++m) others += member_cpu[m];
        std::snprintf(line, sizeof line, "portfolio trace: thread %u cpu %.2f | own %.2f s %llu e h %d", k, now, now - others,
                      static_cast<unsigned long long>(expanded), own_search.best_h() == UINT32_MAX ? -1 : static_cast<int>(own_search.best_h()));
        std::string out = line;
        // A dropped member (its cap, its memory) keeps the figures of the last tick it was there.
        auto fess_figures = [&](const char *name, const FessSearch *f, int m, uint64_t e) {
            if (f) best_packed[m] = f->max_packed(), cells[m] = f->cells();
            std::snprintf(line, sizeof line, " | %s %.2f s %llu e packed %u cells %zu%s", name, member_cpu[m], static_cast<unsigned long long>(e),
                          best_packed[m], cells[m], f ? "" : " (dropped)");
            out += line;
        };
        if (fess || fess_seen > 0) fess_figures("fess", fess.get(), M_FESS, fess_seen = fess ? fess->expanded() : fess_seen);
        if (mate || mate_seen > 0) fess_figures(mate_name(inst.options, k), mate.get(), M_MATE, mate_seen = mate ? mate->expanded() : mate_seen);
        if (back || member_cpu[M_BACK] > 0) {
            if (back) back_h = back->best_h();
            if (back) back_at = back->at_best(), back_open = back->open_size();
            if (back) back_root = back->root_h(), back_falls = back->falls();
            std::snprintf(line, sizeof line, " | back %.2f s %llu e h %d at %llu open %zu root %d falls %llu%s", member_cpu[M_BACK],
                          static_cast<unsigned long long>(back_expanded), back_h == UINT32_MAX ? -1 : static_cast<int>(back_h),
                          static_cast<unsigned long long>(back_at), back_open, back_root == UINT32_MAX ? -1 : static_cast<int>(back_root),
                          static_cast<unsigned long long>(back_falls), back ? "" : " (dropped)");
            out += line;
        }
        if (packer || member_cpu[M_PACK] > 0) fess_figures("packall", packer.get(), M_PACK, packer ? packer->expanded() : packer_expanded);
        std::fprintf(stderr, "%s\n", out.c_str());
    };
    // The first search to solve claims the win (acq_rel: see Shared::winner) and writes its path
    // into sh.states[k], sh.moves[k], sh.costs[k] through `fill`; false when another search has
    // won already.
    auto claim_win = [&](auto &&fill) -> bool {
        unsigned expected = 0;
        if (!sh.winner.compare_exchange_strong(expected, k + 1, std::memory_order_acq_rel)) return false;
        fill(sh.states[k], sh.moves[k], sh.costs[k]);
        sh.outcome[k] = 1;
        return true;
    };
    // One slice of a FESS search (fess or mate); true when this thread is done (solved, or exhausted: a
    // proof as good as the best-first search's). Out of memory drops it and greedy goes on.
    auto fess_slice = [&](std::unique_ptr<FessSearch> &f, uint64_t count) -> bool {
        const double t0 = sh.trace > 0 ? thread_cpu_seconds() : 0;
        const FessSearch::Status st = f->run(count, [&] { return stop_requested(sh); });
        if (sh.trace > 0) {
            member_cpu[&f == &fess ? M_FESS : &f == &mate ? M_MATE : M_PACK] += thread_cpu_seconds() - t0;
            trace_tick(false);
        }
        if (st == FessSearch::Status::solved) {
            sh.expanded[k] = expanded + fess_expanded();
            if (claim_win([&](auto &states, auto &moves, auto &cost) { f->solution(states, moves, cost); })) {
                sh.fess_won = true;
                sh.packall_won = &f == &packer;
                sh.mate_won = &f == &mate;
            }
            return true;
        }
        if (st == FessSearch::Status::exhausted) {
            sh.expanded[k] = expanded + fess_expanded();
            sh.outcome[k] = 2;
            return true;
        }
        if (st == FessSearch::Status::memory) {
            if (fess_only) sh.outcome[k] = 3;
            f.reset();
        }
        return false;
    };
    // A backward search (the guest, or backstart2's kept first stage) solved: its solution is
    // offered as this thread's win.
    auto back_solved = [&](BackwardSearch &b) {
        sh.expanded[k] = expanded + fess_expanded();
        if (claim_win([&](auto &states, auto &moves, auto &cost) { b.solution(states, moves, cost); })) sh.back_won = true;
    };
    // One slice of the backward search; true when this thread is done (solved; back=only: also
    // exhausted or out of memory). Otherwise an exhausted or out-of-memory member is dropped.
    auto back_slice = [&](uint64_t count) -> bool {
        const uint64_t before = back->expanded(), meets_before = back->meets();
        const double t0 = sh.trace > 0 ? thread_cpu_seconds() : 0;
        const BackwardSearch::Status st = back->run(count, [&] { return stop_requested(sh); });
        if (sh.trace > 0) {
            member_cpu[M_BACK] += thread_cpu_seconds() - t0;
            trace_tick(false);
        }
        back_expanded += back->expanded() - before;
        back_meets += back->meets() - meets_before;
        if (st == BackwardSearch::Status::solved) {
            back_solved(*back);
            return true;
        }
        if (st == BackwardSearch::Status::running) return false;
        if (back_only) {
            sh.outcome[k] = st == BackwardSearch::Status::exhausted ? 2 : 3;
            return true;
        }
        back.reset();
        return false;
    };
    // The backward member's turn: 1024 expansions after every 4096 of the thread's own.
    auto back_turn = [&]() -> bool {
        if (!back || back_cpu) return false;
        const uint64_t own = expanded + fess_expanded() - back_expanded;
        if (own < back_mark + 4096) return false;
        back_mark = own;
        return back_slice(1024);
    };
    // The guests' turns by CPU time (backcpu, packall; CpuShares in portfolio.h): `host_slice`
    // when called after a slice of the thread's own (a FESS phase), else every 64th call (once
    // per best-first expansion). true when the thread is done.
    CpuShares shares;
    int back_guest = -1, pack_guest = -1;
    int back_first = -1; // with backcap2: the first stage's share (back_guest is then the second's)
    if (packer) pack_guest = shares.add(inst.options.packallcpu / 100.0, inst.options.packallcap);
    int tie_share = -1; // tieguest's account in shares
    if (tie_guest) tie_share = shares.add(inst.options.tieguestcpu / 100.0, inst.options.tieguestcap);
    // One slice of the tie guest; true when this thread is done (it solved). Exhausted or out of
    // memory, it is dropped and the thread's own searches go on.
    auto tie_slice = [&](uint64_t count) -> bool {
        const TieGuest::Status st = tie_guest->run(count, [&] { return stop_requested(sh); });
        tie_expanded = tie_guest->expanded();
        if (st == TieGuest::Status::solved) {
            sh.expanded[k] = expanded + fess_expanded();
            if (claim_win([&](auto &states, auto &moves, auto &cost) { tie_guest->solution(states, moves, cost); }))
                sh.tie_won = true;
            return true;
        }
        if (st != TieGuest::Status::running) tie_guest.reset();
        return false;
    };
    double cpu_mark = 0;
    uint32_t tick = 0;
    // backshare=progress|host|guest (portfolio.h BackShare): the backward guest's fraction set
    // after every reading of the clock from its progress and the host's. The host's figure
    // grows exactly when its best-first search's least h falls or a FESS member's highest
    // packed count rises (a dropped member keeps its last count).
    // Called before the guest's slice is charged (`pending`: its seconds), so that a fall in
    // that slice raises the cap before the charge can drop it.
    BackShare back_share(inst.options.backshare, inst.options.backcpu / 100.0, inst.options.backhigh / 100.0,
                         static_cast<double>(inst.options.backstall), static_cast<double>(inst.options.backcap),
                         inst.options.backahead / 10.0, static_cast<uint32_t>(inst.options.backroot));
    uint32_t host_packed[2] = {0, 0};
    // backstage2=stall (portfolio.h StageGate): whether the second stage starts at the first
    // stage's cap; fed at the same readings as back_share, whatever backshare says.
    // backstart2 (StageGate::early): it may also start before the cap, once both have stood
    // still for backstart2/10 of the guest's CPU seconds (fed at the same readings).
    // backguard2 (StageGate::guard_passes): the early start only while the best-first search's
    // least h is at most backguard2% of the guest's roots' estimate.
    StageGate stage_gate(inst.options.backstage2, inst.options.backstill2 / 100.0, inst.options.backstart2 / 10.0,
                         inst.options.backguard2 / 100.0);
    const bool gate_on = inst.options.backcap2 > 0 && (inst.options.backstage2 != StageGate::ALWAYS || inst.options.backstart2 > 0);
    bool stage2_skipped = false; // the log: the first stage was not followed by a second
    bool stage2_early = false;   // the log: the second stage started before the first's cap (backstart2)
    bool guard_told = false;     // the trace: backguard2 held an early start (told once)
    // The host's progress figure, read by back_share and stage_gate alike: it grows exactly when
    // the best-first search's least h falls or a FESS member's highest packed count rises.
    auto host_figure = [&]() -> uint64_t {
        if (fess) host_packed[0] = fess->max_packed(); // a dropped member keeps its last count
        if (mate) host_packed[1] = mate->max_packed();
        return static_cast<uint64_t>(UINT32_MAX - own_search.best_h()) + host_packed[0] + host_packed[1];
    };
    auto watch_stage = [&](double pending) {
        if (!gate_on || back_guest < 0 || back_first >= 0 || !back) return;
        stage_gate.update(shares.total() + pending, shares.used(back_guest) + pending, back->best_h(), host_figure());
    };
    auto share_back = [&](double pending) {
        if (inst.options.backshare == BackShare::FIXED || back_guest < 0 || back_first >= 0 || !back || !shares.live(back_guest)) return;
        const uint64_t figure = host_figure();
        shares.set_fraction(back_guest, back_share.update(shares.total() + pending, shares.used(back_guest) + pending, back->best_h(), figure, back->root_h()));
        if (back_share.bounded()) shares.set_due(back_guest, back_share.due()); // the fixed line, plus `ahead` while up
        shares.set_cap(back_guest, back_share.cap());
    };
    // backstart2: the first stage is kept beside the early second stage, with its own share and
    // cap, until that cap (`first_kept`, its share `kept_guest`): dropped at the early start, a
    // greedy first stage that had stood still for 0.5 s lost its later fall and the level with it
    // (GRIGoRusha 54 and 100, Sasquatch I 18 and 33 at 30 CPU s; NOTES.md session 36).
    std::unique_ptr<BackwardSearch> first_kept;
    int kept_guest = -1;
    auto kept_slice = [&](uint64_t count) -> bool {
        const uint64_t before = first_kept->expanded();
        const BackwardSearch::Status st = first_kept->run(count, [&] { return stop_requested(sh); });
        back_expanded += first_kept->expanded() - before;
        if (st == BackwardSearch::Status::solved) {
            back_solved(*first_kept);
            return true;
        }
        if (st != BackwardSearch::Status::running) first_kept.reset(); // exhausted or out of memory: dropped
        return false;
    };
    auto guest_turn = [&](bool host_slice) -> bool {
        if (back_cpu && back && back_guest < 0 && (host_slice || expanded >= inst.options.backafter))
            back_guest = shares.add(inst.options.backcpu / 100.0, inst.options.backcap);
        if (!shares.any() || (!host_slice && (tick++ & 63) != 0)) return false;
        double now = thread_cpu_seconds();
        if (cpu_mark == 0) cpu_mark = now; // the first reading: nothing to charge yet
        shares.charge(CpuShares::HOST, now - cpu_mark);
        cpu_mark = now;
        share_back(0);
        watch_stage(0);
        for (int g; (g = shares.next()) != CpuShares::HOST && !stop_requested(sh);) {
            bool done = false;
            if (packer) packer_expanded = packer->expanded();
            if (g == kept_guest) {
                done = kept_slice(256);
                if (!first_kept) shares.drop(g);
            } else if (g == back_guest) {
                done = back_slice(256);
                if (!back) shares.drop(g);
            } else if (g == tie_share) {
                done = tie_slice(64);
                if (!tie_guest) shares.drop(g);
            } else {
                done = fess_slice(packer, 64);
                if (packer) packer_expanded = packer->expanded();
                if (!packer) shares.drop(g);
            }
            if (done) return true;
            now = thread_cpu_seconds();
            if (g == back_guest) share_back(now - cpu_mark), watch_stage(now - cpu_mark);
            shares.charge(g, now - cpu_mark);
            cpu_mark = now;
            // backstart2: when the first stage and the host have both stood still for
            // backstart2/10 of its CPU seconds, the second stage starts at once, a new search
            // with its own share and cap, and the first goes on beside it until its own cap.
            if (g == back_guest && back && shares.live(g) && back_first < 0 && inst.options.backcap2 > 0 &&
                stage_gate.start_early(shares.used(back_guest), own_search.best_h(), back->root_h())) {
                if (sh.trace > 0)
                    std::fprintf(stderr, "portfolio trace: thread %u second stage starts early at cpu %.2f: both still %.2f of the guest's %.2f s, host h %d, roots' %d\n", k,
                                 shares.total(), stage_gate.both_still(shares.used(back_guest)), shares.used(back_guest),
                                 own_search.best_h() == UINT32_MAX ? -1 : static_cast<int>(own_search.best_h()),
                                 back->root_h() == UINT32_MAX ? -1 : static_cast<int>(back->root_h()));
                first_kept = std::move(back);
                back = backward_stage_search(inst, first_kept->memory_budget(), first_kept->forward(), inst.options.backorder2);
                kept_guest = back_first = back_guest; // the first stage's share goes on, as its cap says
                back_guest = shares.add(inst.options.backcpu2 / 100.0, inst.options.backcap2);
                stage2_early = true;
            }
            // The trace: once, when the stretch alone would have started it early but backguard2 held it.
            if (sh.trace > 0 && !guard_told && g == back_guest && back && back_first < 0 && inst.options.backcap2 > 0 &&
                inst.options.backguard2 > 0 && stage_gate.start_early(shares.used(back_guest), 0, 0) &&
                !stage_gate.guard_passes(own_search.best_h(), back->root_h())) {
                guard_told = true;
                std::fprintf(stderr, "portfolio trace: thread %u early start held by backguard2 at cpu %.2f: host h %d, roots' %d (guest %.2f s)\n", k,
                             shares.total(), own_search.best_h() == UINT32_MAX ? -1 : static_cast<int>(own_search.best_h()),
                             back->root_h() == UINT32_MAX ? -1 : static_cast<int>(back->root_h()), shares.used(back_guest));
            }
            if (g == kept_guest && first_kept && !shares.live(g)) first_kept.reset(); // its cap: dropped, its memory freed
            if (g == back_guest && back && !shares.live(g)) { // its cap reached
                const bool second = back_first < 0 && inst.options.backcap2 > 0 &&
                                    (!gate_on || stage_gate.start(shares.total(), shares.used(back_guest)));
                if (gate_on && back_first < 0 && sh.trace > 0)
                    std::fprintf(stderr, "portfolio trace: thread %u second stage %s at cpu %.2f: guest still %.0f%% of %.2f s, host still %.0f%%\n", k,
                                 second ? "starts" : "skipped", shares.total(), 100 * stage_gate.guest_still(shares.used(back_guest)),
                                 shares.used(back_guest), 100 * stage_gate.host_still(shares.total()));
                if (gate_on && back_first < 0 && !second) stage2_skipped = true;
                if (second) {
                    // backcap2: the second stage in backorder2's order (weighted A* w=1.5 by default;
                    // backward.h), its own share and cap.
                    back = backward_second_stage(std::move(back), inst, inst.options.backorder2);
                    back_first = back_guest;
                    back_guest = shares.add(inst.options.backcpu2 / 100.0, inst.options.backcap2);
                } else {
                    if (sh.trace > 0) trace_tick(true); // its last figures
                    back.reset(); // dropped, memory freed
                }
            }
            if (g == tie_share && tie_guest && !shares.live(g)) tie_guest.reset(); // its cap: dropped, its memory freed
            if (g == pack_guest && packer && !shares.live(g)) { // its cap: dropped, its memory freed
                packer_expanded = packer->expanded();
                if (sh.trace > 0) trace_tick(true);
                packer.reset();
            }
        }
        return false;
    };
    // The account for the log (portfolio_solve), whenever the thread leaves: the thread's CPU
    // since run_search began, each guest's charged share, and the rest as its own searches
    // (portfolio.h thread_account; before session 45 the line gave the shares' total, which stops
    // at the last guest's cap: XSokoban 29 at 120 s printed "thread 0 CPU 12.88 s" for about
    // 90 s of the thread's CPU).
    struct Account {
        const CpuShares &shares;
        const double cpu_start;
        std::string &out;
        const int &back_guest, &back_first, &pack_guest, &tie_share;
        const uint64_t &back_expanded, &back_meets, &packer_expanded, &tie_expanded;
        const bool meet;
        const bool &stage2_skipped, &stage2_early;
        ~Account() {
            if (!shares.any() && back_guest < 0 && pack_guest < 0 && tie_share < 0) return;
            char line[200];
            const ThreadAccount a = thread_account(thread_cpu_seconds() - cpu_start, shares);
            std::snprintf(line, sizeof line, "CPU %.2f s: own searches %.2f s", a.cpu, a.own);
            out = line;
            if (back_guest >= 0) {
                const double first = back_first >= 0 ? shares.used(back_first) : 0;
                std::snprintf(line, sizeof line, ", backward %.2f s (%llu expansions", first + shares.used(back_guest), static_cast<unsigned long long>(back_expanded));
                out += line;
                if (meet) {
                    std::snprintf(line, sizeof line, ", %llu meets", static_cast<unsigned long long>(back_meets));
                    out += line;
                }
                out += ")";
                if (back_first >= 0) {
                    std::snprintf(line, sizeof line, ", its second stage %.2f s%s", shares.used(back_guest), stage2_early ? " (started early: backstart2)" : "");
                    out += line;
                }
                if (stage2_skipped) out += ", no second stage (backstage2: not stalled)";
            }
            if (pack_guest >= 0) {
                std::snprintf(line, sizeof line, ", packall %.2f s (%llu expansions)", shares.used(pack_guest), static_cast<unsigned long long>(packer_expanded));
                out += line;
            }
            if (tie_share >= 0) {
                std::snprintf(line, sizeof line, ", tie guest %.2f s (%llu expansions)", shares.used(tie_share), static_cast<unsigned long long>(tie_expanded));
                out += line;
            }
        }
    } account{shares, cpu_start, sh.shares[k], back_guest, back_first, pack_guest, tie_share, back_expanded, back_meets, packer_expanded, tie_expanded, inst.options.backmeet, stage2_skipped, stage2_early};
    struct TraceEnd { // the trace's last line, whenever the thread leaves
        const std::function<void(bool)> tick;
        const bool on;
        ~TraceEnd() { if (on) tick(true); }
    } trace_end{trace_tick, sh.trace > 0};
    if (back_only) {
        while (back && !back_slice(UINT64_MAX) && !stop_requested(sh)) {
        }
        sh.expanded[k] = back_expanded;
        return;
    }
    if (fess && fess_only) {
        if (!fess_slice(fess, UINT64_MAX) && fess) sh.expanded[k] = fess->expanded(); // stopped
        return;
    }
    auto publish = [&]() {
        claim_win([&](auto &states, auto &moves, auto &cost) { own_search.solution(states, moves, cost); });
    };

    // One round of the thread's FESS member and its mate; true when the thread is done.
    // mateshare=fixed: 4096 expansions to the member, 1024 to the mate (1024 to a member
    // alone); progress (portfolio.h MateLead): the 4096 to the one whose highest packed count
    // rose last, read after each round (max_packed goes over the cells: a few thousand at most
    // per 5120 expansions); lease: to the mate for matelease times the expansions its last rise
    // took.
    MateLead mate_lead(inst.options.mateshare == 2 ? static_cast<uint64_t>(inst.options.matelease) : 0);
    // mateslice=cpu|atleast (portfolio.h MateSlices): the short slice a quarter of the long
    // one's CPU time, not 1024 expansions (atleast: never fewer for the mate, never more for
    // the member); the long one stays 4096 expansions, and who has it is mateshare's choice as
    // before.
    MateSlices mate_slices(0.25, inst.options.mateslice == 2);
    auto timed_slice = [&](std::unique_ptr<FessSearch> &f, uint64_t count, uint64_t &done, double &seconds) -> bool {
        const uint64_t before = f->expanded();
        const double t0 = thread_cpu_seconds();
        const bool over = fess_slice(f, count);
        seconds = thread_cpu_seconds() - t0;
        done = f ? f->expanded() - before : 0;
        return over;
    };
    auto pair_round = [&]() -> bool {
        const int lead = inst.options.mateshare != 0 && fess && mate && mate_lead.lead() == 1 ? 1 : 0;
        if (inst.options.mateslice != 0 && fess && mate) {
            std::unique_ptr<FessSearch> &first = lead == 1 ? mate : fess, &second = lead == 1 ? fess : mate;
            uint64_t done = 0;
            double seconds = 0;
            if (timed_slice(first, 4096, done, seconds)) return true;
            mate_slices.ran(lead, done, seconds);
            if (second && !first) { // first ran out of memory: second goes on alone from the next round
                if (fess_slice(second, MateSlices::FIRST)) return true;
            } else if (second) {
                const uint64_t count = mate_slices.short_slice(1 - lead, seconds);
                if (timed_slice(second, count, done, seconds)) return true;
                mate_slices.short_ran(done, seconds);
            }
        } else {
            // twinslice=N: the short slice of thread 1's member and its box twin.
            const uint64_t short_slice = k == 1 && inst.options.fess1with == 3 ? static_cast<uint64_t>(inst.options.twinslice) : 1024;
            uint64_t member_slice = mate ? 4096 : 1024, mate_slice = short_slice;
            if (lead == 1) std::swap(member_slice, mate_slice);
            if (fess && fess_slice(fess, member_slice)) return true;
            if (mate && fess_slice(mate, mate_slice)) return true;
        }
        if (inst.options.mateshare != 0 && fess && mate) mate_lead.update(fess->max_packed(), mate->max_packed(), mate->expanded());
        return false;
    };

    // fesscpu=T (options.h, session 39): the FESS members also start once the thread has used
    // T/10 CPU s (read at the same 1024-expansion marks as the count), and stay started.
    const bool fess_by_cpu = inst.options.fesscpu >= 0;
    const double fess_cpu = fess_by_cpu ? inst.options.fesscpu / 10.0 : 0;
    const double thread_start = fess_by_cpu ? thread_cpu_seconds() : 0;
    bool fess_due = fess_after == 0;
    if (own_search.start()) { // the initial state is solved
        publish();
        return;
    }
    while (!own_search.empty()) { // a dead root is not queued: exhausted at once
        if (stop_requested(sh)) break; // cheap: the runtime reads its clock every 256 calls
        if (back_turn() || guest_turn(false)) return;
        // share: greedy alone for its first fess1after expansions (the levels it solves quickly
        // keep their time: Microban 93 took 5.9 s instead of 1.0 s with the slices from the
        // start), then 1024 expansions of each in turn or what fess1with says (thread 0: after
        // fess0after).
        // fessearly=N: before that, from the best-first search's Nth expansion on, its FESS
        // members share the thread with it, 1024 expansions each in turn: a level FESS solves in
        // a few thousand expansions need not wait for fess0after/fess1after, and the best-first
        // search still makes its first fess_after expansions (its quick wins stay, later). The
        // default since session 44 is 2^16 with fess0after 2^16 and fess1after 2^18: so thread
        // 1 alone shares, from greedy's 2^16th expansion to its 2^18th.
        // With a mate (fess0with=plan), every fifth such slice is the mate's, as below.
        if (!fess_due && (expanded & 1023) == 0 && (fess || mate)) {
            // learncharge=N: the probes' sub-states count too, N to an expansion.
            const uint64_t charged = inst.options.learncharge > 0 ? own_search.learn_spent() / static_cast<uint64_t>(inst.options.learncharge) : 0;
            if (expanded + charged >= fess_after || (fess_by_cpu && thread_cpu_seconds() - thread_start >= fess_cpu)) fess_due = true;
        }
        if ((fess || mate) && expanded >= inst.options.fessearly && !fess_due && (expanded & 1023) == 0 &&
            expanded > 0) {
            // mateslice=cpu: the mate's turn whenever its CPU time is below a quarter of the
            // member's (both counted over these early slices), not every fifth slice.
            // atleast: also every fifth turn when that comes first.
            const bool by_cpu = inst.options.mateslice != 0 && fess;
            const bool fifth = early_slices++ % 5 == 4;
            const bool mates_turn = mate && (by_cpu ? early_cpu[1] * 4 < early_cpu[0] || (inst.options.mateslice == 2 && fifth) : fifth);
            const double t0 = by_cpu ? thread_cpu_seconds() : 0;
            if (mates_turn ? fess_slice(mate, 1024) : fess && fess_slice(fess, 1024)) return;
            if (by_cpu) early_cpu[mates_turn ? 1 : 0] += thread_cpu_seconds() - t0;
        }
        if ((fess || mate) && fess_due && (expanded & 1023) == 0) {
            // With a mate (fess1with=plan, fess0with=plan) the member keeps most of the thread:
            // 4096 expansions to the mate's 1024 (with 2048 the member on thread 0 was slower
            // than beside the weighted A*, whose 1024 expansions cost less than FESS's: XSokoban
            // 47 26.2 s against 18.2 s wall under load).
            if (pair_round()) return;
            // fess1with=plan|none, fess0with=none: the FESS members in turn from here on, until
            // one ends the search or the stop; the best-first search resumes only when both have
            // run out of memory.
            while (!search_after && (fess || mate) && !stop_requested(sh)) {
                if (back_turn() || guest_turn(true)) return;
                if (pair_round()) return;
            }
            if (!search_after && (fess || mate)) break; // stopped
        }
        if (sh.trace > 0 && (expanded & 4095) == 0) trace_tick(false);
        if ((expanded & 4095) == 0 && own_search.memory() > budget) {
            sh.outcome[k] = 3;
            break;
        }
        if (own_search.expand_one()) { // a child is a goal
            sh.expanded[k] = expanded;
            publish();
            return;
        }
    }
    sh.expanded[k] = expanded + fess_expanded();
    if (own_search.empty() && sh.outcome[k] == 0) sh.outcome[k] = 2;
}

struct Task {
    Shared *sh;
};

} // namespace

solver_status portfolio_solve(const Instance &inst, const solver_services *services, uint64_t *cost,
                              std::string &message) {
    const unsigned T = std::max<uint32_t>(1, services->threads);
    Shared sh{inst, services, 0};
    const uint64_t budget = services->memory_budget_bytes ? services->memory_budget_bytes : (1ull << 30);
    sh.budget_per_search = budget / T;
    sh.moves.resize(T);
    sh.states.resize(T);
    sh.costs.assign(T, 0);
    sh.expanded.assign(T, 0);
    sh.outcome.assign(T, 0);
    sh.shares.assign(T, std::string());
    sh.learn.assign(T, {});
    if (const char *e = std::getenv("SOKOBAN_PORTFOLIO_TRACE"); e && *e) sh.trace = std::max(0.0, std::atof(e));
    // The packing orders of the FESS members run_search will build (thread 0's and 1's, the
    // packall guest), each distinct one computed once here instead of once per member.
    const Options &opt = inst.options;
    if (opt.fessorder && opt.back != 3) {
        const bool fess0 = opt.fess0 != 0, fess1 = T >= 2 && opt.fess != 0;
        const bool guest = opt.fesspack != 0 && ((opt.packall == 1 && fess0) || (opt.packall == 2 && fess1));
        const bool used[3] = {fess0, fess1, guest};
        const int member[3] = {PACK_FOR_FESS0, PACK_FOR_FESS1, PACK_FOR_PACKALL};
        for (int i = 0; i < 3; ++i) {
            const int out = pack_out_of(opt, member[i]);
            if (used[i] && !sh.orders[out]) sh.orders[out].reset(new PackingOrder(compute_packing_order(inst.board, out)));
        }
    }
    Task task{&sh};
    auto body = [](void *arg, uint64_t begin, uint64_t end, uint32_t) {
        Task *t = static_cast<Task *>(arg);
        for (uint64_t k = begin; k < end; ++k) {
            try {
                run_search(*t->sh, static_cast<unsigned>(k));
            } catch (const std::bad_alloc &) {
                t->sh->outcome[k] = 3;
            }
        }
    };
    // The macros that can cut solutions: the strict tunnel and goal-room macros.
    bool tunnels = inst.options.goalroom_strict && !inst.macros.rooms.empty();
    if (inst.options.tunnels_strict)
        for (uint8_t t : inst.macros.tunnel) tunnels |= t != 0;
    for (int round = 0; round < 2; ++round) {
        if (T == 1 || services->parallel_for == nullptr) body(&task, 0, T, 0);
        else services->parallel_for(services->ctx, 0, T, 1, body, &task);
        bool exhausted = true;
        for (int o : sh.outcome) exhausted &= o == 2;
        // Exhausted with those on proves nothing (macros.h): search once more without them.
        if (sh.winner.load(std::memory_order_acquire) != 0 || !exhausted || !tunnels || sh.no_tunnels) break;
        sh.no_tunnels = true;
        std::fill(sh.outcome.begin(), sh.outcome.end(), 0);
    }

    const unsigned w = sh.winner.load(std::memory_order_acquire);
    if (services->log)
        for (unsigned k = 0; k < T; ++k)
            if (!sh.shares[k].empty()) services->log(services->ctx, SOLVER_LOG_INFO, ("portfolio: thread " + std::to_string(k) + " " + sh.shares[k]).c_str());
    if (services->log && inst.learned) {
        std::array<uint64_t, 4> sum{};
        for (const auto &l : sh.learn)
            for (size_t j = 0; j < sum.size(); ++j) sum[j] += l[j];
        const std::string line = "portfolio: learn: " + std::to_string(sum[0]) + " probes, " + std::to_string(sum[1]) +
                                 " proven dead, " + std::to_string(inst.learned->size()) + " patterns, " +
                                 std::to_string(sum[3]) + " children pruned by them";
        services->log(services->ctx, SOLVER_LOG_INFO, line.c_str());
    }
    uint64_t total = 0;
    for (uint64_t e : sh.expanded) total += e;
    // The runtime's report and --level all table show this total (ABI 1.2); generated children
    // are not counted here.
    if (SOLVER_HAS_FIELD(services, solver_services, report_counts) && services->report_counts)
        services->report_counts(services->ctx, total, SOLVER_COUNT_UNKNOWN);
    if (w != 0) {
        const unsigned k = w - 1;
        std::string text, error;
        if (!format_solution(inst, sh.states[k].data(), sh.moves[k].data(), sh.moves[k].size(), text, error)) {
            message = "portfolio: " + error;
            return SOLVER_ERR_INTERNAL;
        }
        text.push_back('\n');
        services->write_output(services->ctx, text.data(), text.size());
        *cost = sh.costs[k];
        if (services->log) {
            const std::string line = std::string("portfolio: ") + (sh.tie_won ? "weighted A* tie guest" : sh.packall_won ? "fess packall" : sh.mate_won ? std::string("fess ") + mate_name(inst.options, k) : sh.fess_won ? "fess" : sh.back_won ? "backward" : config_of(k).name) + " (thread " +
                                     std::to_string(k) + ") won; " + std::to_string(total) +
                                     " states expanded over " + std::to_string(T) + " searches";
            services->log(services->ctx, SOLVER_LOG_INFO, line.c_str());
        }
        return SOLVER_OK;
    }
    if (services->log) {
        const std::string line = "portfolio: no solution; " + std::to_string(total) + " states expanded over " +
                                 std::to_string(T) + " searches";
        services->log(services->ctx, SOLVER_LOG_INFO, line.c_str());
    }
    bool all_exhausted = true, memory = false;
    for (int o : sh.outcome) {
        all_exhausted &= o == 2;
        memory |= o == 3;
    }
    if (all_exhausted) return SOLVER_ERR_UNSOLVABLE; // without those macros: a proof
    if (memory) {
        message = "the portfolio's searches ran out of their memory share";
        return SOLVER_ERR_NO_MEMORY;
    }
    message = "stopped";
    return SOLVER_ERR_STOPPED;
}

} // namespace sokoban
