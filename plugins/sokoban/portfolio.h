// portfolio.h -- the parallel portfolio: different searches on different threads, the first
// solution wins (portfolio=on|off; used as the default engine "solve" from 2 threads on).
//
// Weighted A* and greedy best-first fail on different levels: a level whose difficulty is
// reaching the boxes (the matching bound says little) falls to greedy in a few thousand nodes
// and takes weighted A* hundreds of thousands, while a level with a long packing order is the
// other way round. So with T threads, thread k runs its own sequential best-first search over
// the same expansion (search.h) with the k-th configuration:
//   0: weighted A*, f = g + 1.5 h     1: greedy on h (ties: larger g)
//   2: weighted A*, f = g + 3 h       3: A*, f = g + h (fewest pushes within the macros)
//   4+: the same four again with the children in reversed order (different tie-breaking).
// Remaining ties go by the move ordering's rank (ordering.h; ordering=off leaves them to the
// order of generation).
// fess=share (the default): thread 1 runs greedy alone for its first fessearly (2^16 since
// session 44) expansions, then greedy and the feature-space search (fess.h) in turn, 1024
// expansions each, half the memory share each, until greedy's fess1after (2^18), then what
// fess1with says (box, the default since session 48: FESS and its box-move twin); fess=on runs FESS instead of greedy there;
// fess=off greedy only. FESS has its own tree and visited table; it shares the local deadlock
// table like any search.
// fess0=on|chain (default on): thread 0 likewise alternates its weighted A* with a FESS member
// of its own after fess0after expansions (2^16 by default since session 44; 2^18 before),
// with the toward advisor on every push (on, the form XSokoban 56 needs) or in the chain form.
// fess1with=greedy|plan|none|box: what thread 1's FESS member alternates with once greedy has
// had its first fess1after (2^18) expansions: greedy (the share above), a second FESS member
// with the out-of-plan feature (plan: 1024 expansions to the member's 4096, greedy stops),
// nothing (none: the member alone), or (box, session 46) a twin of the member with the
// box-move advisor (fessbox), sharing the thread as plan does but evenly, 4096 expansions each
// (twinslice, session 50; 1024 for the twin before) (the default since session 48). fess0with=astar|plan|none: the same for thread 0's member
// and its weighted A* (its plan member too has the toward advisor in the chain form).
// cdmembers=all|LIST (options.h): with corraldead=on|pi, which of these searches run the corral
// deadlock test: astar (thread 0's weighted A*), greedy (thread 1's), fess0 and plan0 (thread
// 0's FESS and plan members), fess1 and plan1 (thread 1's), rest (threads 2 and up).
// Each search has its own visited table (open addressing on the Zobrist hash, states in one
// arena) within its share of the memory budget; they share nothing but the stop flag, so no
// locks. A goal is recognised when generated; the first search to find one publishes its path
// (compare-and-swap on `winner`), every search polls the flag and the runtime's should_stop.
#ifndef SOKOBAN_PORTFOLIO_H
#define SOKOBAN_PORTFOLIO_H

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "search.h"

namespace sokoban {

// CPU-time shares (backcpu=P with back=t0|t1, packall=t0|t1 with packallcpu=P; options.h): a
// thread's own searches (the host: its best-first search, its FESS and plan members) and up to
// two guests (the backward member, a FESS member with the packing macro on every box). Each
// guest i is owed the fraction f_i of the thread's CPU time so far; the thread reads its CPU
// clock (CLOCK_THREAD_CPUTIME_ID) every 64 of its own best-first expansions, after each FESS
// slice and after each guest slice, and charges the time since the last reading to whoever
// ran. A guest whose used time falls below f_i * total gets the thread, slice after slice,
// until it is `quantum` seconds above its share (so the turns are not a few microseconds
// each); the guest furthest below its share first. A guest with a cap is dropped once it has
// used `cap` seconds (a short slot). Expansion counts are no measure here: a backward
// expansion costs a fraction of a forward one with every deadlock test.
class CpuShares {
public:
    static constexpr int HOST = 0;
    explicit CpuShares(double quantum = 0.02) : quantum_(quantum) { add(0); }
    // A guest owed `fraction` (0 < fraction < 1) of the CPU time from now on (the time charged
    // before it came counts for nobody's share), dropped after `cap` seconds (0: never).
    int add(double fraction, double cap = 0) {
        used_.push_back(0);
        fraction_.push_back(fraction);
        cap_.push_back(cap);
        due_.push_back(0);
        live_.push_back(true);
        return static_cast<int>(used_.size()) - 1;
    }
    // The guest's fraction from now on (backshare=progress, BackShare below): the time charged
    // so far keeps the fraction it was charged under. A lower fraction also forgets what the
    // guest was still owed (it does not go on running a debt run up at the higher one).
    void set_fraction(int who, double fraction) {
        if (fraction < fraction_[who]) due_[who] = std::min(due_[who], used_[who]);
        fraction_[who] = fraction;
    }
    double fraction(int who) const { return fraction_[who]; }
    // What the guest is owed in all from its start (backahead, BackShare::due): set outright.
    void set_due(int who, double due) { due_[who] = due; }
    // The guest's cap from now on (0: none); checked at its next charge.
    void set_cap(int who, double cap) { cap_[who] = cap; }
    bool any() const {
        for (size_t i = 1; i < live_.size(); ++i)
            if (live_[i]) return true;
        return false;
    }
    void charge(int who, double seconds) {
        used_[who] += seconds;
        total_ += seconds;
        for (size_t i = 1; i < due_.size(); ++i)
            if (live_[i]) due_[i] += fraction_[i] * seconds; // each live guest's entitlement grows at its fraction
        if (who != HOST && cap_[who] > 0 && used_[who] >= cap_[who]) drop(who);
    }
    void drop(int who) {
        live_[who] = false;
        if (current_ == who) current_ = HOST;
    }
    // Who runs next: the guest whose turn it is (it stays until `quantum` above its share) or
    // the guest furthest below its share, else the host.
    int next() {
        if (current_ != HOST && live_[current_] && owed(current_) + quantum_ > 0) return current_;
        current_ = HOST;
        double worst = 0;
        for (size_t i = 1; i < used_.size(); ++i) {
            if (!live_[i]) continue;
            const double owed = this->owed(static_cast<int>(i));
            if (owed > worst) worst = owed, current_ = static_cast<int>(i);
        }
        return current_;
    }
    // Seconds the guest is below its share (negative: above it).
    double owed(int who) const { return due_[who] - used_[who]; }
    double used(int who) const { return used_[who]; }
    double total() const { return total_; }
    bool live(int who) const { return live_[who]; }

private:
    double quantum_, total_ = 0;
    int current_ = HOST;
    std::vector<double> used_, fraction_, cap_, due_; // due_: the guest's fraction of each second charged since it came
    std::vector<bool> live_;
};

// The log's account of a thread (portfolio.cc run_search): `thread_cpu` is the thread's CPU
// clock since its start. The shares are charged only while a guest is live, so once the last
// guest has reached its cap their total stops while the thread goes on: the thread's CPU is
// its own clock (never less than what was charged, which the clock's granularity could make
// it), its own searches that minus what the guests were charged.
struct ThreadAccount {
    double cpu, own;
};
inline ThreadAccount thread_account(double thread_cpu, const CpuShares &shares) {
    const double cpu = std::max(thread_cpu, shares.total());
    return {cpu, cpu - (shares.total() - shares.used(CpuShares::HOST))};
}

// backshare=fixed|progress|host|guest (options.h, session 26): the backward guest's fraction of
// its thread (backcpu) by progress. The guest (backward.h) reports its least estimate so far;
// the host (the thread's own searches: its best-first search's least h, its FESS member's and
// plan mate's highest packed counts) a figure that changes exactly when one of those improves.
// Both are read on the thread's CPU clock (CpuShares::total). The guest gets `high` instead of
// `low` while
//   guest: its estimate fell more recently than the host's figure moved (it is the one going
//          forward: on GRIGoRusha 40 it stands at 15 for 2 CPU s, then falls to 0 and wins);
//   host:  the host's figure has not moved for `stall` seconds of the thread (the host lends
//          its time when it stalls; XSokoban 16's FESS stands at packed 0 for 5 s and then
//          climbs, so this one is not free);
//   progress: either of the two;
//   fixed: never (backcpu as before).
// The cap (backcap) bounds what any level can pay; what changes is how soon the guest gets
// there, and (any mode but fixed) a guest whose estimate falls after u CPU seconds of its own
// is kept to at least u + cap/3: one still falling near its cap is not dropped then
// (GRIGoRusha 40: from 15 to 1 at 2.94 s of 3, dropped 12k expansions before the start).
// root > 0 (backroot, session 27): a guest whose roots' least estimate (the matching of the
// solved position's boxes to the start cells, BackwardSearch::root_h: about the pushes a
// solution needs at least) is above `root` is on a long level, where the forward FESS members
// win and the guest's plateaus do not end (XSokoban 16, 24, 44, 75: root 160-442); there it
// is `fixed` (low, no later cap). At or below it (GRIGoRusha 40, 54, 100, special 24, 26,
// Sasquatch I 18, 33: root 12-150) the mode as set. Neither the guest's estimate, nor the
// width of its best plateau, nor its open list told the two apart (NOTES.md session 27).
// Pure arithmetic on what it is told (no clock): the tests feed it.
class BackShare {
public:
    enum Mode { FIXED = 0, PROGRESS = 1, HOST = 2, GUEST = 3 };
    // ahead > 0 (backahead): instead of the high fraction, the guest is owed the fixed line
    // (low x the thread's seconds since the first report) plus `ahead` seconds while up, the
    // line alone otherwise: it may run at most `ahead` seconds in front of backcpu's schedule
    // and pays that back once the host moves (due() after each update).
    BackShare(int mode, double low, double high, double stall, double cap = 0, double ahead = 0, uint32_t root = 0)
        : mode_(mode), low_(low), high_(high), stall_(stall), cap_(cap), kept_(cap), ahead_(ahead), root_(root) {}
    // The thread's CPU seconds so far, the guest's own CPU seconds, its least estimate
    // (UINT32_MAX: none yet), the host's figure and the guest's roots' least estimate
    // (UINT32_MAX: not started yet); returns the guest's fraction from now on.
    double update(double total, double guest_used, uint32_t guest_h, uint64_t host_figure, uint32_t guest_root = UINT32_MAX) {
        const bool long_level = root_ > 0 && guest_root != UINT32_MAX && guest_root > root_; // backroot: fixed
        if (first_) {
            first_ = false, guest_h_ = guest_h, host_ = host_figure, guest_mark_ = host_mark_ = start_ = total;
        } else {
            if (guest_h < guest_h_) {
                guest_h_ = guest_h, guest_mark_ = total;
                if (mode_ != FIXED && cap_ > 0 && !long_level) kept_ = std::max(kept_, guest_used + cap_ / 3);
            }
            if (host_figure != host_) host_ = host_figure, host_mark_ = total;
        }
        const bool ahead = guest_mark_ > host_mark_, stalled = total - host_mark_ >= stall_;
        const bool up = !long_level && (mode_ == PROGRESS ? ahead || stalled : mode_ == HOST ? stalled : mode_ == GUEST ? ahead : false);
        due_ = low_ * (total - start_) + (up ? ahead_ : 0);
        return up && ahead_ <= 0 ? high_ : low_;
    }
    // With ahead > 0: what the guest is owed in all after the last update (CpuShares::set_due).
    bool bounded() const { return ahead_ > 0 && mode_ != FIXED; }
    double due() const { return due_; }
    // The guest's cap now (0: none): the cap, or more after a late fall.
    double cap() const { return kept_; }

private:
    int mode_;
    double low_, high_, stall_, cap_, kept_, ahead_, guest_mark_ = 0, host_mark_ = 0, start_ = 0, due_ = 0;
    uint32_t root_;
    uint32_t guest_h_ = UINT32_MAX;
    uint64_t host_ = 0;
    bool first_ = true;
};

// backstage2=always|stall (options.h, session 35): whether the backward guest's second stage
// (backcap2) starts when its first stage has used its cap. always: it does (as before). stall:
// only when both the first stage and the host stand still -- the guest's least estimate has
// not fallen for the last `still` of its own CPU seconds and the host's figure (BackShare's:
// its best-first search's least h, its FESS member's and plan mate's highest packed counts)
// has not moved for the last `still` of the thread's CPU seconds. Made for Sasquatch I 12,
// which the FESS-ordered second stage wins: its greedy first stage stands at estimate 28 from
// 0.07 of its 3 s on and FESS at packed 3 from 2 s of the thread on; on the long XSokoban
// levels, where the stage only costs, one of the two moves late: 16's guest falls at 1.6 s of
// 3, 44's FESS member and mate climb until 4 s before the cap, 32's until 7.6 s before
// (NOTES.md session 35). Pure arithmetic on what it is told (no clock): the tests feed it.
// early (backstart2, session 36; 0: off): the stage may also start before the cap, once the
// guest's estimate has not fallen and the host's figure has not moved for the last `early` of
// the guest's own CPU seconds -- both still over one stretch, measured on the guest's clock
// (the host's last move is stamped with the guest's seconds at that reading). Made for the
// Sasquatch III-IX survey's 10-30 CPU s, where thread 0 has 5-15 s and the guest never
// reaches its 3-s cap. The first stage goes on beside it (portfolio.cc) until its own cap: a
// greedy first stage that stands still and then falls (GRIGoRusha 40 at 15 for 2 s, session
// 26; 54, 100, Sasquatch I 18, 33 in session 36) is not cut short.
// guard (backguard2, session 37; 0: off): the early start also needs the host's best-first
// search's least h to be at most `guard` times the guest's roots' estimate (root_h): the forward
// side has come close to the goal in estimate and stuck, the kind of level a search from the goal
// helps. At the early starts of session 36 the least h was 4-29 % of the roots' estimate on the
// Sasquatch levels the stage wins (S5 19 3/70, S5 23 4/103, S3 6 14/76, S7 24 6/21, S1 12 15/58)
// and 75-80 % on the long XSokoban levels thread 0's FESS member wins, where the early stage only
// costs (32 83/111, 16 123/160, 75 209/261; NOTES.md session 37).
class StageGate {
public:
    enum Mode { ALWAYS = 0, STALL = 1 };
    StageGate(int mode, double still, double early = 0, double guard = 0) : mode_(mode), still_(still), early_(early), guard_(guard) {}
    // A reading: the thread's CPU seconds so far, the guest's own, its least estimate
    // (UINT32_MAX: none yet) and the host's figure.
    void update(double total, double guest_used, uint32_t guest_h, uint64_t host_figure) {
        if (first_) {
            first_ = false, start_ = total, host_ = host_figure, host_mark_ = total, guest_h_ = guest_h, guest_mark_ = guest_used;
            host_guest_mark_ = guest_used;
            return;
        }
        if (guest_h < guest_h_) guest_h_ = guest_h, guest_mark_ = guest_used;
        if (host_figure != host_) host_ = host_figure, host_mark_ = total, host_guest_mark_ = guest_used;
    }
    // The share of the guest's CPU seconds (its `used` now) since its estimate last fell, and
    // of the thread's (total now, since the first reading) since the host last moved.
    double guest_still(double guest_used) const { return guest_used > 0 ? (guest_used - guest_mark_) / guest_used : 0; }
    double host_still(double total) const { return total > start_ ? (total - host_mark_) / (total - start_) : 0; }
    // At the first stage's cap: does the second stage start?
    bool start(double total, double guest_used) const {
        if (mode_ == ALWAYS) return true;
        return !first_ && guest_still(guest_used) >= still_ && host_still(total) >= still_;
    }
    // The guest's CPU seconds (its `used` now) over which both have stood still: since the later
    // of its estimate's last fall and the host's last move, on the guest's clock.
    double both_still(double guest_used) const { return first_ ? 0 : guest_used - std::max(guest_mark_, host_guest_mark_); }
    // backguard2: may the early stage start, the host's least h and the guest's roots' estimate
    // being these (UINT32_MAX: none yet)? Always with the guard off; else only with both known
    // and host_h <= guard x root_h.
    bool guard_passes(uint32_t host_h, uint32_t root_h) const {
        if (guard_ <= 0) return true;
        if (host_h == UINT32_MAX || root_h == UINT32_MAX) return false;
        return static_cast<double>(host_h) <= guard_ * static_cast<double>(root_h);
    }
    // Before the first stage's cap (backstart2): does the second stage start now? host_h and
    // root_h as guard_passes (not needed with the guard off).
    bool start_early(double guest_used, uint32_t host_h = UINT32_MAX, uint32_t root_h = UINT32_MAX) const {
        return early_ > 0 && !first_ && both_still(guest_used) >= early_ && guard_passes(host_h, root_h);
    }

private:
    int mode_;
    double still_, early_, guard_, start_ = 0, host_mark_ = 0, guest_mark_ = 0, host_guest_mark_ = 0;
    uint32_t guest_h_ = UINT32_MAX;
    uint64_t host_ = 0;
    bool first_ = true;
};

// mateshare=progress|lease (options.h): which of a FESS member (0) and its plan mate (1) takes
// the long slice (4096 expansions; the other 1024) in the next round. progress: the one whose
// highest packed count rose last; before either has risen above its first figure, or when both
// rose in the same round, the member. lease (matelease=N): as progress, but a rise of the mate's
// count that took it G expansions (since its previous rise, or its first figure) buys it the
// long slice for its next N * G expansions only: at the rate it has shown, one more rise is due
// by then; if none comes, the member has the slice back. So the mate leads for at most N times
// the expansions it spent before (the member keeps at least about half of the pair), where
// progress gave it the slice for good after one early rise (XSokoban 44, 40 and 16 in NOTES.md
// session 20: the mate's count rose once or twice early, then stood still while the member went
// on to win; on 24, 39 and 75 the mate won with its count rising every few rounds). The rounds
// and expansions, not time, decide, so the schedule is deterministic. lease N = 0 is progress.
class MateLead {
public:
    explicit MateLead(uint64_t lease = 0) : lease_(lease) {}
    // The two figures after a round and the mate's expansions so far; returns who leads the
    // next round.
    int update(uint32_t member, uint32_t mate, uint64_t mate_expanded = 0) {
        ++round_;
        const uint32_t now[2] = {member, mate};
        for (int i = 0; i < 2; ++i) {
            if (round_ == 1) best_[i] = now[i], since_ = mate_expanded; // the first figures: no rise yet
            else if (now[i] > best_[i]) best_[i] = now[i], rose_[i] = round_;
        }
        if (round_ > 1 && rose_[1] == round_) { // the mate rose: its lease from here
            const uint64_t gap = mate_expanded - since_;
            until_ = gap > (UINT64_MAX - mate_expanded) / std::max<uint64_t>(1, lease_) ? UINT64_MAX : mate_expanded + lease_ * gap;
            since_ = mate_expanded;
        }
        lead_ = rose_[1] > rose_[0] && (lease_ == 0 || mate_expanded < until_) ? 1 : 0;
        return lead_;
    }
    int lead() const { return lead_; }

private:
    uint64_t lease_, round_ = 0, rose_[2] = {0, 0}, since_ = 0, until_ = 0;
    uint32_t best_[2] = {0, 0};
    int lead_ = 0;
};

// mateslice=count|cpu (options.h, session 23): how long the short slice of a FESS member and
// its plan mate's round is. count: 1024 expansions (the long one 4096). cpu: a quarter of the
// CPU time the long slice (still 4096 expansions) has just taken, turned into expansions at
// the short one's own cost per expansion, measured on its previous slice (long or short);
// what a slice over- or under-ran is carried into the next round's target while the same one
// has the short slice. So the pair's CPU stays 4:1 whatever each expansion costs: with the
// seal count and the corral ring on thread 0's FESS member (fessseal=fess0, cdextend=fess0),
// its expansions cost more than the mate's, and 4096:1024 expansions gave the mate less than
// a fifth of the thread. The slices then depend on the clock: a run is not repeatable
// expansion for expansion (the guests' CpuShares are not either). Pure arithmetic on the
// seconds it is told (no clock), so the tests feed it their own.
// atleast: as cpu, but the mate's short slice never below count's 1024 expansions and the
// member's never above them: the CPU measure only ever gives the mate more than count does.
// On XSokoban 39 the mate's expansions cost more than the member's (49 against 39 us,
// NOTES.md session 23), so cpu's 4:1 gave it less than count's 1024 there.
class MateSlices {
public:
    static constexpr uint64_t FIRST = 1024, LEAST = 64, MOST = 1u << 16;
    explicit MateSlices(double ratio = 0.25, bool at_least = false) : ratio_(ratio), at_least_(at_least) {}
    // Either one (0 the member, 1 the mate) ran a slice of `expansions` in `seconds`.
    void ran(int who, uint64_t expansions, double seconds) {
        if (expansions > 0 && seconds > 0) cost_[who] = seconds / static_cast<double>(expansions);
    }
    // The long slice just took `long_seconds`: the short one's (`who`) expansions this round.
    uint64_t short_slice(int who, double long_seconds) {
        if (who != short_) short_ = who, owed_ = 0; // the lead changed: start a new account
        const double target = ratio_ * long_seconds;
        owed_ += target;
        // Carry at most one round's target either way: a slice far off (a cell swept cheap,
        // a stall) does not starve or flood the next rounds.
        owed_ = std::max(-target, std::min(2 * target, owed_));
        if (cost_[who] <= 0) return FIRST; // nothing measured yet
        const double n = owed_ / cost_[who];
        const uint64_t count = n <= static_cast<double>(LEAST) ? LEAST : n >= static_cast<double>(MOST) ? MOST : static_cast<uint64_t>(n);
        if (!at_least_) return count;
        return who == 1 ? std::max(count, FIRST) : std::min(count, FIRST);
    }
    // The short slice ran (after short_slice): `expansions` in `seconds`.
    void short_ran(uint64_t expansions, double seconds) {
        owed_ -= seconds;
        ran(short_, expansions, seconds);
    }
    double cost(int who) const { return cost_[who]; }
    double owed() const { return owed_; }

private:
    double ratio_, owed_ = 0, cost_[2] = {0, 0};
    bool at_least_;
    int short_ = 1;
};

// This thread's CPU time in seconds (CLOCK_THREAD_CPUTIME_ID).
double thread_cpu_seconds();

// Solve with services->threads searches; on success writes the solution text through
// services->write_output and sets *cost (pushes). Returns SOLVER_OK, SOLVER_ERR_UNSOLVABLE
// (every search exhausted its space without the tunnel macro: after an exhaustion with it the
// searches run once more without it), SOLVER_ERR_STOPPED or SOLVER_ERR_NO_MEMORY.
solver_status portfolio_solve(const Instance &inst, const solver_services *services, uint64_t *cost,
                              std::string &message);

} // namespace sokoban

#endif
