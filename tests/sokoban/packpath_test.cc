// packpath_test.cc -- session 13: the packing macro's path search (packing.h, pack_path) with its
// exact shortcuts (the relaxed box-only search that answers most failing calls, the stamps, the
// player's area from labels given with the call, the ring test before the depth-first search)
// and session 12's search (relax=false, ring=false)
// against the plain version (relax=false, a flood of the player's area per state), over every
// state a short breadth-first search meets on three XSokoban levels and a Microban level, to
// the goals the FESS macro aims at (the empty goals of the first packing layer not full), to
// every empty goal and to every goal (a box on a goal may come back to it).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "sokoban_checker.h" // xsb_level (checker_link.cc)
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/packing.h"

namespace {

using sokoban_test::Fixture;

struct Counts {
    size_t compared = 0, found = 0, back = 0;
    uint64_t relaxed = 0;
};

// The states of a breadth-first search from the start, up to max_states.
std::vector<std::vector<uint8_t>> bfs_states(Fixture &fx, size_t max_states) {
    std::vector<std::vector<uint8_t>> states{fx.initial()};
    std::set<std::vector<uint8_t>> seen{states[0]};
    for (size_t i = 0; i < states.size() && states.size() < max_states; ++i)
        for (const auto &k : sokoban_test::children(fx.inst, fx.scratch, states[i]))
            if (states.size() < max_states && seen.insert(k.state).second) states.push_back(k.state);
    return states;
}

void compare_level(const std::string &text, uint32_t level, size_t max_states, Counts &counts) {
    CAPTURE(level);
    Fixture fx(solver_test::xsb_level(text, level));
    const sokoban::Board &b = fx.inst.board;
    const sokoban::PackingOrder order = sokoban::compute_packing_order(b, sokoban::PACK_OUT_START);
    sokoban::PackPathScratch fast, plain, labelled, eager;
    eager.relax = false; // session 12's search: the depth-first search before every search
    eager.ring = false;
    plain.flood = true;
    plain.relax = false;
    const std::vector<std::vector<uint8_t>> states = bfs_states(fx, max_states);
    std::vector<uint8_t> layer_target(b.n), all_target(b.n), goals(b.goal.begin(), b.goal.end());
    std::vector<uint32_t> count;
    for (const auto &st : states) {
        const int player = sokoban::unpack_state(fx.inst, fx.scratch, st.data());
        std::vector<uint8_t> occ = fx.scratch.occ;
        sokoban::packed_in_order(order, b, occ.data(), count);
        int next = 0;
        while (next < order.layers && count[next] == order.layer_size[next]) ++next;
        for (int c = 0; c < b.n; ++c) {
            all_target[c] = b.goal[c] && !occ[c];
            layer_target[c] = all_target[c] && order.layer[c] == next;
        }
        // The floor areas with the boxes as walls, labelled in an order of its own (the player's
        // area is not the first), for the calls given them.
        std::vector<uint32_t> area(b.n, 0);
        uint32_t areas = 0;
        for (int c0 = b.n - 1; c0 >= 0; --c0) {
            if (occ[c0] || area[c0]) continue;
            area[c0] = ++areas;
            std::vector<int> stack{c0};
            while (!stack.empty()) {
                const int c = stack.back();
                stack.pop_back();
                for (int e = 0; e < 4; ++e) {
                    const int y = b.nb[c][e];
                    if (y < 0 || occ[y] || area[y]) continue;
                    area[y] = areas;
                    stack.push_back(y);
                }
            }
        }
        for (const std::vector<uint8_t> *target : {&layer_target, &all_target, &goals})
            for (int x : fx.scratch.boxes) {
                sokoban::PackPath a, p, l;
                const bool ra = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target->data(), x, player, fast, a);
                const bool rp = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target->data(), x, player, plain, p);
                const bool rl = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target->data(), x, player, labelled, l,
                                                   area.data(), area[player]);
                sokoban::PackPath e;
                const bool re = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target->data(), x, player, eager, e);
                REQUIRE(ra == rp);
                REQUIRE(rl == rp);
                REQUIRE(re == rp);
                if (re) {
                    CHECK(e.dest == p.dest);
                    CHECK(e.first_dir == p.first_dir);
                    CHECK(e.pushes == p.pushes);
                    CHECK(e.end_player == p.end_player);
                }
                if (rl) {
                    CHECK(l.dest == p.dest);
                    CHECK(l.first_dir == p.first_dir);
                    CHECK(l.pushes == p.pushes);
                    CHECK(l.end_player == p.end_player);
                }
                ++counts.compared;
                if (!ra) continue;
                ++counts.found;
                CHECK(a.dest == p.dest);
                CHECK(a.first_dir == p.first_dir);
                CHECK(a.pushes == p.pushes);
                CHECK(a.end_player == p.end_player);
            }
        // A box on a goal, to that goal alone: out and back again.
        std::vector<uint8_t> own(b.n, 0);
        for (int x : fx.scratch.boxes) {
            if (!b.goal[x]) continue;
            own[x] = 1;
            sokoban::PackPath a, p;
            const bool ra = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), own.data(), x, player, fast, a);
            const bool rp = sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), own.data(), x, player, plain, p);
            own[x] = 0;
            REQUIRE(ra == rp);
            ++counts.compared;
            if (!ra) continue;
            ++counts.found;
            ++counts.back;
            CHECK(a.pushes == p.pushes);
            CHECK(a.end_player == p.end_player);
        }
        CHECK(occ == fx.scratch.occ);
    }
    CHECK(plain.relaxed_out == 0);
    CHECK(plain.cut_searches == 0);
    CHECK(fast.cut_searches < eager.cut_searches); // the ring and the relaxed search spare some
    CHECK(labelled.relaxed_out > 0);
    counts.relaxed += fast.relaxed_out;
}

} // namespace

TEST_CASE("Sokoban.PackPath.ShortcutsMatchThePlainSearchOverSearchStates") {
    Counts counts;
    const std::string xsb = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    for (uint32_t level : {11u, 29u, 48u}) compare_level(xsb, level, 1500, counts);
    compare_level(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 93, 1500, counts);
    MESSAGE("pack paths compared: " << counts.compared << ", found: " << counts.found
                                    << ", answered by the relaxed search: " << counts.relaxed
                                    << ", back onto the goal the box left: " << counts.back);
    CHECK(counts.back > 0);
    CHECK(counts.found > 1000);
    CHECK(counts.relaxed > 1000); // the shortcut is taken (and the answers above still agree)
    CHECK(counts.compared - counts.found > counts.relaxed); // and some failing calls need the full search
}

namespace {

// FessSearch::pack_move (its candidate filter, the floods it shares between the tries) against the
// macro written out plainly: every box not packed and not in the layer being filled, nearest
// first (push distance to a goal of that layer, then cell), the plain pack_path to that layer's
// empty goals, the first that has a path.
void compare_macro(const std::string &text, uint32_t level, size_t max_states, size_t &states_seen, size_t &moves) {
    CAPTURE(level);
    Fixture fx(solver_test::xsb_level(text, level));
    const sokoban::Board &b = fx.inst.board;
    sokoban::FessSearch search(fx.inst, 1ull << 30);
    REQUIRE(search.order() != nullptr);
    const sokoban::PackingOrder &order = *search.order();
    const std::vector<uint16_t> &dist = fx.inst.heuristic.dist;
    REQUIRE(dist.size() == b.goals.size() * static_cast<size_t>(b.n));
    sokoban::PackPathScratch plain;
    plain.flood = true;
    plain.relax = false;
    std::vector<uint32_t> count;
    std::vector<uint8_t> child, target(b.n);
    for (const auto &st : bfs_states(fx, max_states)) {
        ++states_seen;
        int box = -1;
        sokoban::PackPath path;
        const bool got = search.pack_move(st.data(), child, box, path);
        const int player = sokoban::unpack_state(fx.inst, fx.scratch, st.data());
        std::vector<uint8_t> occ = fx.scratch.occ;
        sokoban::packed_in_order(order, b, occ.data(), count);
        int next = 0;
        while (next < order.layers && count[next] == order.layer_size[next]) ++next;
        bool want = false;
        int want_box = -1;
        sokoban::PackPath want_path;
        if (next < order.layers) {
            std::vector<std::pair<uint16_t, int>> cand;
            for (int x : fx.scratch.boxes) {
                if (b.goal[x] && order.layer[x] <= next) continue;
                uint16_t d = UINT16_MAX;
                for (size_t g = 0; g < b.goals.size(); ++g)
                    if (order.layer[b.goals[g]] == next) d = std::min(d, dist[g * b.n + x]);
                if (d != UINT16_MAX) cand.emplace_back(d, x);
            }
            std::sort(cand.begin(), cand.end());
            for (int c = 0; c < b.n; ++c) target[c] = b.goal[c] && !occ[c] && order.layer[c] == next;
            for (const auto &c : cand)
                if (sokoban::pack_path(b, occ.data(), fx.inst.dead.data(), target.data(), c.second, player, plain, want_path)) {
                    want = true;
                    want_box = c.second;
                    break;
                }
        }
        REQUIRE(got == want);
        if (!got) continue;
        ++moves;
        CHECK(box == want_box);
        CHECK(path.dest == want_path.dest);
        CHECK(path.first_dir == want_path.first_dir);
        CHECK(path.pushes == want_path.pushes);
        CHECK(path.end_player == want_path.end_player);
    }
}

} // namespace

TEST_CASE("Sokoban.PackPath.MacroCandidatesMatchThePlainMacroOverSearchStates") {
    size_t states = 0, moves = 0;
    const std::string xsb = sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb");
    for (uint32_t level : {11u, 29u, 48u}) compare_macro(xsb, level, 1500, states, moves);
    compare_macro(sokoban_test::read_text("puzzles/sokoban/microban_155.xsb"), 93, 1500, states, moves);
    MESSAGE("states: " << states << ", with a packing move: " << moves);
    CHECK(moves > 200);
    CHECK(states - moves > 200);
}
