// frozengoals.h -- frozen-goal deadlocks: boxes frozen on goals that shut other goals off.
//
// A box frozen on a goal (freeze.h: it can never move again, alone or with its frozen group)
// is a wall for the rest of the level. Such walls can seal goals that are still empty: the
// classic case is a dead-end goal corridor filled at its mouth first (Microban 153: the two
// goals at the foot of the goal column, once both hold boxes, freeze each other and close the
// six goals above). The freeze test does not see this (every frozen box is on a goal) and
// neither does the matching bound (its push distances ignore boxes).
//
// Test, after a push that leaves its box frozen on a goal with group F: every goal not in F
// must get its own box from outside F (a perfect bipartite matching), where box b may take goal
// g only when b's cell is reachable by pulling a box from g with the cells of F as walls (the
// player's side is relaxed, so this over-approximates what pushes can do: no false deadlock).
// The reach sets depend on F only, so they are kept per F in a small per-thread cache keyed by
// F's Zobrist hash (the cells are compared too); the matching itself is a few augmenting
// paths. Pushes whose box does not freeze never add walls, so only they are tested.
// Option frozengoals=on|off.
#ifndef SOKOBAN_FROZENGOALS_H
#define SOKOBAN_FROZENGOALS_H

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "board.h"
#include "freeze.h"

namespace sokoban {

// The matching both frozen-goal tests end with (this one and sidegoals.h): the boxes outside
// the frozen group against the goals outside it, by Kuhn's augmenting paths.
struct GoalMatching {
    std::vector<int> goal_match;  // per goal index: matched box index or -1
    std::vector<uint32_t> visit;  // per goal index: augmenting-path stamp
    uint32_t visit_stamp = 0;
    void init(size_t goals) {
        goal_match.assign(goals, -1);
        visit.assign(goals, 0);
        visit_stamp = 0;
    }
};

// True when every goal k < goals with !in_group(goal cell) -- `open_goals` of them -- gets a
// distinct box boxes[i] with !in_group(boxes[i]) and reaches(k, boxes[i]).
template <class InGroup, class Reaches>
bool match_open_goals(size_t goals, size_t open_goals, const int *boxes, int count, InGroup in_group,
                      Reaches reaches, GoalMatching &m) {
    std::fill(m.goal_match.begin(), m.goal_match.end(), -1);
    auto augment = [&](auto &self, int box) -> bool {
        for (size_t k = 0; k < goals; ++k) {
            if (m.visit[k] == m.visit_stamp || !reaches(k, boxes[box])) continue;
            m.visit[k] = m.visit_stamp;
            if (m.goal_match[k] < 0 || self(self, m.goal_match[k])) {
                m.goal_match[k] = box;
                return true;
            }
        }
        return false;
    };
    size_t matched = 0;
    for (int i = 0; i < count; ++i) {
        if (in_group(boxes[i])) continue;
        if (++m.visit_stamp == 0) {
            std::fill(m.visit.begin(), m.visit.end(), 0);
            m.visit_stamp = 1;
        }
        if (augment(augment, i)) ++matched;
    }
    return matched >= open_goals;
}

// One augmenting path of Kuhn's matching on 64-bit goal masks (box i may take goal k when bit k
// of masks[i] is set), for fgfast and the seal count (seal.h): true when `box` got a goal, with
// goal_match updated along the path; `visited` holds the goals this search has seen (clear it
// before each box).
inline bool augment_on_masks(const uint64_t *masks, int box, uint64_t &visited, std::vector<int> &goal_match) {
    uint64_t avail = masks[box] & ~visited;
    while (avail) {
        const int k = __builtin_ctzll(avail);
        avail &= avail - 1;
        if (visited >> k & 1) continue; // visited deeper in this search
        visited |= uint64_t{1} << k;
        if (goal_match[static_cast<size_t>(k)] < 0 || augment_on_masks(masks, goal_match[static_cast<size_t>(k)], visited, goal_match)) {
            goal_match[static_cast<size_t>(k)] = box;
            return true;
        }
    }
    return false;
}

// Kuhn's matching on goal masks of any width, for fgfast on levels of any goal count: box i may
// take goal k when bit k % 64 of word k / 64 of rows[i] is set (`words` words a row). Each box
// first takes the lowest free goal it reaches (a greedy start: augmenting paths may start from any
// matching), then each box left free gets one augmenting path, which takes a free goal of the box's
// own when it has one before it walks through matched goals. covers() is true when at least `need`
// goals get a box. With no more boxes than `need`, the first box without an augmenting path
// answers false at once: a free vertex with no augmenting path now has none after later
// augmentations either (the argument behind Kuhn's algorithm), so it stays free in the maximum
// matching, which then covers fewer than `need` goals. Same verdict as match_open_goals (tested).
struct WideMatching {
    std::vector<int> goal_match;   // per goal: the box holding it, or -1
    std::vector<int> pending;      // the boxes the greedy start left free
    std::vector<uint64_t> taken;   // goals held (words)
    std::vector<uint64_t> visited; // goals seen by the current augmenting search (words)
    bool covers(const uint64_t *const *rows, size_t boxes, size_t goals, size_t need, size_t words);

private:
    bool augment(const uint64_t *const *rows, size_t words, int box);
};

// What both frozen-goal tests (this one and sidegoals.h) keep per frozen group F: F's cells and,
// per goal, the cells a box can be taken to from it with F as walls (their own reach rule).
struct FrozenGroupEntry {
    std::vector<int> cells;      // F, sorted and unique
    std::vector<uint64_t> reach; // per goal: bitset over cells (stride words each)
    std::vector<uint64_t> masks; // frozengoals.cc with fgfast: the transpose, per cell the goals
                                 // whose reach holds it ((goals + 63) / 64 words each)
    std::vector<int32_t> region; // frozengoals.cc with fgplayer: per cell its component of the map
                                 // with F as walls (the other boxes as floor); -1 on F
};

// The start both tests share, after a push left a box on goal `cell`: the box's frozen group
// (freeze.h) into s.group, sorted, and its cache entry, made by fill(entry) with F's cells set in
// s.wall when F is new (the cache is emptied when it holds 4096 groups). Null when the box is not
// frozen; then *frozen_off_goal tells a group with a box off a goal (a deadlock whatever the
// reach: freeze.h's case when freeze=off).
template <class Scratch, class Fill>
const FrozenGroupEntry *frozen_group_entry(const Board &b, const uint8_t *dead, uint8_t *occ, int cell, Scratch &s,
                                           bool &frozen_off_goal, Fill fill) {
    frozen_off_goal = false;
    if (!b.goal[cell] || !frozen_group(b, dead, occ, cell, s.group)) return nullptr;
    std::sort(s.group.begin(), s.group.end());
    s.group.erase(std::unique(s.group.begin(), s.group.end()), s.group.end());
    uint64_t key = 0;
    for (int c : s.group) {
        if (!b.goal[c]) {
            frozen_off_goal = true;
            return nullptr;
        }
        key ^= b.zobrist_box[c];
    }
    auto it = s.cache.find(key);
    if (it == s.cache.end() || it->second.cells != s.group) {
        if (s.cache.size() >= 4096) s.cache.clear();
        FrozenGroupEntry e;
        e.cells = s.group;
        e.reach.assign(b.goals.size() * s.stride, 0);
        for (int c : s.group) s.wall[c] = 1;
        fill(e);
        for (int c : s.group) s.wall[c] = 0;
        it = s.cache.insert_or_assign(key, std::move(e)).first;
    }
    ++s.tests;
    return &it->second;
}

struct FrozenGoalScratch {
    std::vector<int> group;          // the frozen group of the pushed box (may repeat cells)
    std::vector<uint8_t> wall;       // per cell: 1 inside the group being tested
    std::vector<int> queue;          // BFS
    std::vector<uint8_t> seen;       // BFS marks
    GoalMatching match;              // the matching's scratch (goal_match also serves fgfast)
    std::unordered_map<uint64_t, FrozenGroupEntry> cache;
    size_t stride = 0;
    uint64_t tests = 0, deadlocks = 0; // counters for measurements
    bool fast = true;                  // fgfast=on|off: the matching on goal masks, stopped at the first unmatched box (frozengoals.cc)
    WideMatching wide;                 // fgfast: the matching
    std::vector<const uint64_t *> rows; // fgfast: per box outside the group, its goal mask (the entry's)
    bool player = false;               // fgplayer=on|off: the player's region test (frozengoals.cc)
    uint64_t player_deadlocks = 0;     // fgplayer: deadlocks found by the region test (tests, measurements)
    void init(const Board &board);
};

// After a push brought a box onto goal cell `cell` (occupancy holds 1 per box, the push
// applied; `boxes` lists every box cell, in any order): true when that box is frozen and the
// other boxes cannot fill the goals outside its frozen group. `dead` may be null. occupancy is
// used as scratch and restored.
//
// With `player` (a cell of the player's area after the push; -1: not known) and fgplayer=on,
// also the player's region (session 40): F never moves again, so the player walks for good in
// the component R of `player` in the map with F as walls (the other boxes taken as floor: they
// may move). A push moves a box from a cell beside the player onto the cell beyond, both then
// in R; so a box outside R never moves, and a goal outside R never gets a box it lacks now.
// Dead when a box outside R (not in F) is off a goal, or a goal outside R (not in F) is empty:
// the player sealed in a room by boxes on goals with work left outside, or a ring of boxes on
// goals round boxes off goals (Sasquatch III 44; NOTES.md, session 40). The components are
// labelled once per F, in its cache entry.
bool frozen_goal_deadlock(const Board &board, const uint8_t *dead, uint8_t *occupancy, const int *boxes,
                          int count, int cell, FrozenGoalScratch &s, int player = -1);

} // namespace sokoban

#endif
