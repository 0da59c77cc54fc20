// matching_test.cc -- the matching bound's incremental and cached modes give exactly the
// from-scratch value: on every child of many states of real levels, and for a kept solution
// looked up for the wrong position (a hash collision or a stale entry).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <unordered_set>

#include "../../plugins/sokoban/heuristic.h"
#include "test_util.h"

using namespace sokoban;

namespace {

struct Setup {
    Instance inst;
    Scratch scratch;
    Setup(const std::string &text, uint32_t level, MatchingMode mode) {
        Options o;
        o.matching = mode;
        init_instance(inst, sokoban_test::parse_ok(text, level), o);
        init_scratch(inst, scratch);
    }
    std::vector<uint8_t> initial() {
        std::vector<uint8_t> s(inst.state_size);
        initial_state(inst, scratch, s.data());
        return s;
    }
};

struct Counts {
    size_t expanded = 0, children = 0;
    uint64_t hits = 0, misses = 0;
};

bool same(const std::vector<sokoban_test::Child> &a, const std::vector<sokoban_test::Child> &b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].state != b[i].state || a[i].move != b[i].move || a[i].cost != b[i].cost || a[i].h != b[i].h ||
            a[i].hash != b[i].hash)
            return false;
    return true;
}

// Expands up to `limit` states of the level, taking a random state of the frontier each time
// (so a child is expanded soon after it was generated or much later), in every mode; the
// children must be the same (state, move, cost, h, hash) and each child's h the from-scratch
// value of state_heuristic().
Counts compare_modes(const std::string &text, uint32_t level, size_t limit, size_t cache_bytes, uint32_t seed) {
    Setup full(text, level, MatchingMode::full), inc(text, level, MatchingMode::incremental),
        cached(text, level, MatchingMode::cached), plain(text, level, MatchingMode::full);
    if (cache_bytes != MATCHING_CACHE_BYTES)
        matching_cache_init(cached.scratch.hs, cached.inst.board.n, cached.inst.heuristic.k, cache_bytes);
    std::mt19937 rng(seed);
    Counts c;
    std::vector<std::vector<uint8_t>> frontier{full.initial()};
    std::unordered_set<std::string> seen{std::string(frontier[0].begin(), frontier[0].end())};
    while (!frontier.empty() && c.expanded < limit) {
        const size_t pick = rng() % frontier.size();
        std::swap(frontier[pick], frontier.back());
        const std::vector<uint8_t> state = std::move(frontier.back());
        frontier.pop_back();
        ++c.expanded;
        const auto a = sokoban_test::children(full.inst, full.scratch, state);
        const auto b = sokoban_test::children(inc.inst, inc.scratch, state);
        const auto d = sokoban_test::children(cached.inst, cached.scratch, state);
        REQUIRE(same(a, b));
        REQUIRE(same(a, d));
        for (const auto &ch : a) {
            ++c.children;
            REQUIRE(ch.h == state_heuristic(plain.inst, plain.scratch, ch.state.data()));
            if (seen.insert(std::string(ch.state.begin(), ch.state.end())).second) frontier.push_back(ch.state);
        }
    }
    c.hits = cached.scratch.hs.cache_hits;
    c.misses = cached.scratch.hs.cache_misses;
    return c;
}

} // namespace

TEST_CASE("Sokoban.Matching.ModesGiveTheSameChildren") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::string xsok = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    struct Case {
        const std::string *text;
        uint32_t level;
        size_t limit;
    };
    const Case cases[] = {{&micro, 1, 3000},   {&micro, 42, 3000},  {&micro, 93, 3000}, {&micro, 120, 3000},
                          {&micro, 144, 3000}, {&micro, 153, 3000}, {&xsok, 1, 1500},   {&xsok, 4, 1500},
                          {&xsok, 43, 1500}};
    for (const Case &cs : cases) {
        CAPTURE(cs.level);
        const Counts c = compare_modes(*cs.text, cs.level, cs.limit, MATCHING_CACHE_BYTES, cs.level);
        CHECK(c.expanded > 10);
        CHECK(c.children > c.expanded);
        // The table is used: most expanded states were kept as children of an earlier one.
        CHECK(c.hits * 2 > c.expanded);
        // The smallest table (1024 entries): evictions and slot collisions, same children.
        const Counts t = compare_modes(*cs.text, cs.level, cs.limit, 1, cs.level + 1000);
        CHECK(t.misses > 0);
    }
}

TEST_CASE("Sokoban.Matching.KeptSolutionOnlyWhenOptimal") {
    // A kept solution looked up for another position (as after a hash collision): accepted only
    // when it is optimal there, so the value is always the from-scratch one; some are rejected.
    const std::string text = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    Instance inst;
    Options o;
    init_instance(inst, sokoban_test::parse_ok(text, 4), o);
    const int k = inst.heuristic.k;
    HeuristicScratch hs, ref;
    hs.init(k);
    ref.init(k);
    matching_cache_init(hs, inst.board.n, k, MATCHING_CACHE_BYTES);
    std::vector<int> live;
    for (int c = 0; c < inst.board.n; ++c)
        if (inst.heuristic.nearest[c] != UINT16_MAX) live.push_back(c);
    REQUIRE(static_cast<int>(live.size()) > k + 2);
    std::mt19937 rng(11);
    uint64_t rejected = 0, accepted_other = 0;
    for (int round = 0; round < 400; ++round) {
        std::shuffle(live.begin(), live.end(), rng);
        std::vector<int> a(live.begin(), live.begin() + k);
        const int pa = live[k];
        const uint64_t key = 1000 + round;
        const uint32_t ha = evaluate_assigned(inst.heuristic, a.data(), k, pa, hs, nullptr);
        if (ha == H_DEAD) continue;
        matching_cache_store(hs, key, a.data(), k, false);
        // The same position: accepted, same value, in another row order too.
        const uint64_t hits = hs.cache_hits;
        std::reverse(a.begin(), a.end());
        std::vector<int> goal_of(k);
        CHECK(evaluate_cached(inst.heuristic, a.data(), k, pa, hs, goal_of.data(), key) == ha);
        CHECK(hs.cache_hits == hits + 1);
        uint32_t sum = 0;
        for (int i = 0; i < k; ++i) sum += inst.heuristic.box_cost(goal_of[i], a[i], pa);
        CHECK(sum == ha); // goal_of is an optimal assignment
        // Another position: the player elsewhere (often still optimal), the kept assignment
        // changed (as a corrupt entry), one box moved or all new (cells differ).
        std::vector<int> b = a;
        int pb = pa;
        const int variant = round % 4;
        if (variant == 0) {
            pb = live[k + 1];
        } else if (variant == 1) {
            // Two goals' boxes swapped: mostly not optimal, caught by the dual check.
            uint16_t *cells = hs.cache_cells(static_cast<size_t>(key & hs.cache_mask));
            std::swap(cells[round % k], cells[(round + 1) % k]);
        } else if (variant == 2) {
            b[round % k] = live[k + 1];
        } else {
            std::shuffle(live.begin(), live.end(), rng);
            b.assign(live.begin(), live.begin() + k);
            pb = live[k];
        }
        const uint64_t before = hs.cache_misses;
        const uint32_t hb = evaluate_cached(inst.heuristic, b.data(), k, pb, hs, nullptr, key);
        CHECK(hb == evaluate(inst.heuristic, b.data(), k, pb, ref));
        if (hs.cache_misses > before) ++rejected;
        else ++accepted_other;
    }
    CHECK(rejected > 0);
    CHECK(accepted_other > 0);
}

TEST_CASE("Sokoban.Matching.Option") {
    CHECK(Options{}.matching == MatchingMode::cached);
    CHECK(sokoban_test::parsed("matching", "incremental").matching == MatchingMode::incremental);
    CHECK(sokoban_test::parsed("matching", "full").matching == MatchingMode::full);
    CHECK(sokoban_test::parsed("matching", "cached").matching == MatchingMode::cached);
    CHECK(sokoban_test::refused("matching", "fast").find("cached, incremental or full") != std::string::npos);
}

TEST_CASE("Sokoban.Matching.SolveLeavesAnOptimalityCertificate") {
    // The from-scratch Hungarian (row and column reduction, then augmentations) on random
    // positions of levels with 6-20 boxes: its potentials are feasible for the box_cost matrix
    // and its assignment uses only tight edges, which proves the value minimal (LP duality),
    // independently of how the algorithm got there.
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const std::string xsok = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    const std::pair<const std::string *, uint32_t> levels[] = {{&micro, 144}, {&xsok, 1}, {&xsok, 4}, {&xsok, 12}};
    for (const auto &lv : levels) {
        sokoban_test::MatchingLevel ml(*lv.first, lv.second);
        const Instance &inst = ml.inst;
        const Heuristic &h = inst.heuristic;
        const int k = h.k;
        HeuristicScratch &hs = ml.hs;
        std::vector<int> &live = ml.live;
        std::mt19937 rng(lv.second);
        int checked = 0;
        for (int round = 0; round < 300; ++round) {
            std::shuffle(live.begin(), live.end(), rng);
            const std::vector<int> boxes(live.begin(), live.begin() + k);
            const int player = live[k];
            std::vector<int> goal_of(k);
            const uint32_t m = evaluate_assigned(h, boxes.data(), k, player, hs, goal_of.data());
            if (m == H_DEAD) continue;
            ++checked;
            uint32_t sum = 0;
            std::vector<int> used(k, 0);
            for (int i = 0; i < k; ++i) {
                const int g = goal_of[i];
                REQUIRE(g >= 0);
                REQUIRE(g < k);
                CHECK(used[g]++ == 0);
                const uint16_t d = h.box_cost(g, boxes[i], player);
                REQUIRE(d != UINT16_MAX);
                sum += d;
                CHECK(d == hs.u[i + 1] + hs.v[g + 1]); // tight
            }
            CHECK(sum == m);
            for (int i = 0; i < k; ++i)
                for (int g = 0; g < k; ++g) {
                    const uint16_t d = h.box_cost(g, boxes[i], player);
                    if (d != UINT16_MAX) CHECK(d >= hs.u[i + 1] + hs.v[g + 1]); // feasible
                }
        }
        CHECK(checked > 20);
    }
}

TEST_CASE("Sokoban.Matching.TablePausesWhenItMisses") {
    // Lookups of states never stored (as when another thread expands this one's children):
    // after the warm-up window and one judged window the table pauses (stores skipped), the
    // values stay the from-scratch ones, and after the pause it is used again.
    const std::string text = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    Instance inst;
    init_instance(inst, sokoban_test::parse_ok(text, 1), Options{});
    const Heuristic &h = inst.heuristic;
    const int k = h.k;
    HeuristicScratch hs, ref;
    hs.init(k);
    ref.init(k);
    matching_cache_init(hs, inst.board.n, k, MATCHING_CACHE_BYTES);
    std::vector<int> boxes = inst.board.start_boxes;
    REQUIRE(static_cast<int>(boxes.size()) == k);
    const int player = inst.board.start_player;
    const uint32_t want = evaluate(h, boxes.data(), k, player, ref);
    REQUIRE(want != H_DEAD);
    uint64_t key = 1;
    for (uint64_t i = 0; i < 2 * HeuristicScratch::CACHE_WINDOW; ++i)
        REQUIRE(evaluate_cached(h, boxes.data(), k, player, hs, nullptr, key++) == want);
    CHECK_FALSE(hs.cache_storing);
    CHECK(hs.cache_pauses == 1);
    const uint64_t stores = hs.cache_stores;
    matching_cache_store(hs, key, boxes.data(), k, false);
    CHECK(hs.cache_stores == stores); // paused: not kept
    for (uint64_t i = 0; i < HeuristicScratch::CACHE_PAUSE; ++i)
        REQUIRE(evaluate_cached(h, boxes.data(), k, player, hs, nullptr, key++) == want);
    CHECK(hs.cache_storing);
    // Used again: a stored solution is found.
    REQUIRE(evaluate_cached(h, boxes.data(), k, player, hs, nullptr, key) == want);
    matching_cache_store(hs, key + 1, boxes.data(), k, false);
    CHECK(hs.cache_stores == stores + 1);
    const uint64_t hits = hs.cache_hits;
    CHECK(evaluate_cached(h, boxes.data(), k, player, hs, nullptr, key + 1) == want);
    CHECK(hs.cache_hits == hits + 1);
}
