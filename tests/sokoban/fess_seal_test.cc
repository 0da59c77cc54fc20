// fess_seal_test.cc -- the seal count (seal.h, session 21) and FESS's option for it
// (fessseal=off|on|t0|t1, fess.h): the option, the count on positions of XSokoban 16 and 41
// where the next packing layers seal a way that boxes still need (and on variants where they
// do not), and FESS's solutions with it on replayed by the checker.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fess_test_util.h"
#include "test_util.h"

#include "../../plugins/sokoban/fess.h"
#include "../../plugins/sokoban/packing.h"
#include "../../plugins/sokoban/seal.h"

namespace {

// A level's map with some cells changed: (row, column, character) each.
struct Edit {
    int row, column;
    char ch;
};
std::string edited(const std::string &map, const std::vector<Edit> &edits) {
    std::vector<std::string> rows;
    size_t from = 0;
    for (size_t at = map.find('\n'); at != std::string::npos; from = at + 1, at = map.find('\n', from))
        rows.push_back(map.substr(from, at - from));
    for (const Edit &e : edits) {
        std::string &r = rows[static_cast<size_t>(e.row)];
        if (r.size() <= static_cast<size_t>(e.column)) r.resize(static_cast<size_t>(e.column) + 1, ' ');
        r[static_cast<size_t>(e.column)] = e.ch;
    }
    std::string out;
    for (const std::string &r : rows) out += r + "\n";
    return out;
}

struct Count {
    int count, layer;
};

// The seal count of `position` (the same walls and goals as `level`) under the order FESS's
// members use on `level` (packing.h, park3), the first layer not full taken from the position.
Count seal_of(const std::string &level, const std::string &position) {
    sokoban_test::Fixture lv(level), pos(position);
    const sokoban::Board &b = lv.inst.board, &p = pos.inst.board;
    REQUIRE(b.n == p.n);
    REQUIRE(b.goals == p.goals);
    const sokoban::PackingOrder order = sokoban::compute_packing_order(b, sokoban::pack_out_park(3));
    const sokoban::SealMap m = sokoban::compute_seal(b, order);
    REQUIRE_FALSE(m.empty());
    std::vector<uint8_t> occ(b.n, 0);
    for (int c : p.start_boxes) occ[c] = 1;
    std::vector<uint32_t> per_layer;
    sokoban::packed_in_order(order, b, occ.data(), per_layer);
    int next = 0;
    while (next < order.layers && per_layer[next] == order.layer_size[next]) ++next;
    sokoban::SealScratch s;
    Count c{0, -1};
    c.count = sokoban::seal_count(m, b, occ.data(), p.start_boxes.data(), static_cast<int>(p.start_boxes.size()),
                                  p.start_player, next, s, &c.layer);
    return c;
}

std::string xsokoban(int level) {
    return solver_test::xsb_level(sokoban_test::read_text("puzzles/sokoban/xsokoban_90.xsb"), level);
}

} // namespace

TEST_CASE("Sokoban.FessSeal.OptionParses") {
    CHECK(sokoban::Options{}.fessseal == 4); // fess0 by default (session 22)
    sokoban_test::check_choices("fessseal", &sokoban::Options::fessseal, {{"off", 0}, {"on", 1}, {"t0", 2}, {"t1", 3}, {"fess0", 4}},
                                {"1", "t2", ""});
}

TEST_CASE("Sokoban.FessSeal.TheFirstLayerSealsThePocketOfXSokoban16") {
    // The order's first goal, (7,12), is the only way the player has to (6,11), from where the
    // box of (6,10) (and the one of (4,10), which can only come down to (6,10)) is pushed left:
    // filling it first leaves a box without a goal.
    const std::string level = xsokoban(16);
    const Count start = seal_of(level, level);
    CHECK(start.count == 1);
    CHECK(start.layer == 0);
    // Both boxes of column 10 pushed left out of the way first, the player at (6,11): no seal.
    const std::string moved = edited(level, {{4, 10, ' '}, {6, 10, ' '}, {5, 3, ' '}, {5, 8, '$'}, {6, 9, '$'}, {6, 11, '@'}});
    CHECK(seal_of(level, moved).count == 0);
}

TEST_CASE("Sokoban.FessSeal.TheBottomRowOfXSokoban41SealsTheColumn") {
    // The start can follow the order (lower boxes may fill the first goals by way of the upper
    // room); once the first goal, (11,2), holds the nearest box, from the upper room, the lower
    // room keeps one box too many for the goals it can still reach.
    const std::string level = xsokoban(41);
    CHECK(seal_of(level, level).count == 0);
    const std::string filled = edited(level, {{8, 17, ' '}, {6, 11, ' '}, {11, 2, '*'}, {10, 12, '@'}});
    const Count c = seal_of(level, filled);
    CHECK(c.count == 1);
    CHECK(c.layer == 1);
}

TEST_CASE("Sokoban.FessSeal.SolvesAndReplaysWithTheCountOn") {
    // FESS with fessseal=on (the count made: the member has a packing order) solves three
    // Microban levels, the checker replaying each answer.
    sokoban::Options o;
    o.fessseal = 1;
    sokoban_test::fess_solves_microban_7_42_83(o, [](const sokoban::FessSearch &search) { CHECK(search.seal() != nullptr); });
}

namespace {

// The seal count as seal.h defines it, the slow way (session 22: the check of seal.cc's faster
// count): per layer L from next, the open goals and the table each is read from; a box (not a
// wall of L) may take an open goal when goal_mask says it reaches it from a side the player can
// get to -- by a flood of table t's floor without its walls and the box's cell from the player
// (any side when he stands on a wall of t or on the box's cell); Kuhn's paths alone.
int seal_by_flood(const sokoban::SealMap &m, const sokoban::Board &b, const std::vector<uint8_t> &occ,
                  const std::vector<int> &boxes, int player, int next) {
    const size_t n = static_cast<size_t>(b.n), goals = b.goals.size();
    std::vector<uint8_t> wall(n), seen(n);
    std::vector<int> queue;
    int best = 0;
    for (int L = next; L < m.layers && L < next + sokoban::kSealAhead; ++L) {
        std::vector<int> table(goals, -1);
        uint64_t open = 0;
        int open_count = 0;
        for (size_t k = 0; k < goals; ++k) {
            const int l = m.goal_layer[k];
            if (l > L) table[k] = L + 1;
            else if (l >= next && !occ[static_cast<size_t>(b.goals[k])]) table[k] = l;
            if (table[k] < 0) continue;
            table[k] = std::min(table[k], m.park_layer[k]);
            open |= uint64_t{1} << k;
            ++open_count;
        }
        std::vector<uint64_t> masks;
        for (const int c : boxes) {
            uint64_t mask = 0;
            if (b.goal[c]) {
                const int k = m.goal_index[static_cast<size_t>(c)];
                if (m.goal_layer[static_cast<size_t>(k)] <= L) continue;
                mask |= open & (uint64_t{1} << k);
            }
            for (int t = 0; t <= m.layers; ++t) { // each table some open goal is read from
                bool read = false;
                for (size_t k = 0; k < goals; ++k) read = read || ((open >> k & 1) && table[k] == t);
                if (!read) continue;
                for (size_t x = 0; x < goals; ++x) wall[static_cast<size_t>(b.goals[x])] = m.goal_layer[x] < t;
                if (wall[static_cast<size_t>(c)]) continue;
                const bool anywhere = wall[static_cast<size_t>(player)] || player == c;
                std::fill(seen.begin(), seen.end(), 0);
                if (!anywhere) { // the player's part of the floor without the walls and c
                    queue.assign(1, player);
                    seen[static_cast<size_t>(player)] = 1;
                    for (size_t q = 0; q < queue.size(); ++q)
                        for (int d = 0; d < 4; ++d) {
                            const int y = b.nb[queue[q]][d];
                            if (y < 0 || y == c || wall[static_cast<size_t>(y)] || seen[static_cast<size_t>(y)]) continue;
                            seen[static_cast<size_t>(y)] = 1;
                            queue.push_back(y);
                        }
                }
                for (int d = 0; d < 4; ++d) {
                    const int y = b.nb[c][d];
                    if (y < 0 || wall[static_cast<size_t>(y)] || !(anywhere || seen[static_cast<size_t>(y)])) continue;
                    const uint64_t reach = m.goal_mask[((static_cast<size_t>(t) * n + static_cast<size_t>(c)) * 4) + static_cast<size_t>(d)];
                    for (size_t k = 0; k < goals; ++k)
                        if ((open >> k & 1) && table[k] == t && (reach >> k & 1)) mask |= uint64_t{1} << k;
                }
            }
            masks.push_back(mask);
        }
        std::vector<int> goal_match(goals, -1);
        int matched = 0;
        for (size_t i = 0; i < masks.size(); ++i) {
            uint64_t visited = 0;
            matched += sokoban::augment_on_masks(masks.data(), static_cast<int>(i), visited, goal_match);
        }
        best = std::max(best, open_count - matched);
    }
    return best;
}

} // namespace

TEST_CASE("Sokoban.FessSeal.TheCountFromTheParentIsTheFullCount") {
    // Session 22's faster count (seal_parent's snapshot: a child's count from its parent's
    // matching; the per-side parts made once) against the flood-and-Kuhn count above, on every
    // child of states FESS makes with the count on (XSokoban 41 and 16: counts 0 to 3; Microban
    // 42): the same count everywhere, the parent's way answering many children.
    sokoban::Options o;
    o.fessseal = 1;
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    struct Case {
        std::string text;
        uint64_t expansions;
        size_t parents;
    };
    for (const Case &cs : {Case{xsokoban(41), 300, 100}, Case{xsokoban(16), 400, 100},
                           Case{solver_test::xsb_level(micro, 42), 200, 200}}) {
        sokoban_test::Fixture fx(cs.text, o);
        sokoban::FessSearch search(fx.inst, 64u << 20);
        REQUIRE(search.seal() != nullptr);
        search.run(cs.expansions, {});
        const sokoban::SealMap &m = *search.seal();
        const sokoban::Board &b = fx.inst.board;
        sokoban::FessScratch with_parent, alone;
        with_parent.init(b);
        alone.init(b);
        size_t children = 0, above0 = 0;
        // Every (states / parents)-th state as a parent, so the late states are among them.
        const size_t step = std::max<size_t>(1, search.states() / cs.parents);
        for (size_t i = 0; i < search.states(); i += step) {
            const uint8_t *st = search.state(static_cast<uint32_t>(i));
            with_parent.seal_parent = true;
            sokoban::fess_features(fx.inst, with_parent, st, search.order(), nullptr, nullptr, 0, false, &m);
            const std::vector<uint8_t> parent(st, st + fx.inst.state_size);
            for (const sokoban_test::Child &kid : sokoban_test::children(fx.inst, fx.scratch, parent)) {
                const sokoban::FessFeatures quick = sokoban::fess_features(fx.inst, with_parent, kid.state.data(), search.order(),
                                                                           nullptr, nullptr, 0, false, &m);
                const sokoban::FessFeatures full = sokoban::fess_features(fx.inst, alone, kid.state.data(), search.order(),
                                                                          nullptr, nullptr, 0, false, &m);
                const int flood = seal_by_flood(m, b, alone.occ, alone.boxes, kid.state[0] | (kid.state[1] << 8),
                                                static_cast<int>(full.next));
                CHECK(quick.seal == full.seal);
                CHECK(full.seal == static_cast<uint32_t>(flood));
                ++children;
                above0 += full.seal > 0;
            }
        }
        CAPTURE(children);
        CHECK(children > 100);
        CHECK(with_parent.seal.quick > children / 8); // the parent's way is taken (not a vacuous check)
        if (cs.text == xsokoban(41) || cs.text == xsokoban(16)) CHECK(above0 > 0);
    }
}
