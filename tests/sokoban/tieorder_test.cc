// tieorder_test.cc -- the order among equal children (ordering.h TieOrder, tieorder0|1) and the
// tie guest (tieguest=t0|t1, portfolio.cc TieGuest): the transposed order is the transposed
// map's own generation order, every order exhausts the same states of an unsolvable level, and
// each order's answers replay.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../../plugins/sokoban/ordering.h"
#include "test_util.h"

using namespace sokoban;

namespace {

// The map text with rows and columns swapped (lines padded with spaces first).
std::string transposed(const std::string &text) {
    std::vector<std::string> rows;
    size_t at = 0;
    while (at <= text.size()) {
        const size_t end = std::min(text.find('\n', at), text.size());
        rows.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    size_t width = 0;
    for (const auto &r : rows) width = std::max(width, r.size());
    std::string out;
    for (size_t c = 0; c < width; ++c) {
        std::string line;
        for (const auto &r : rows) line.push_back(c < r.size() ? r[c] : ' ');
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + (c + 1 < width ? "\n" : "");
    }
    return out;
}

// A push as (box row, box column, row step, column step) of the map it was made on.
struct Push {
    int row, column, dr, dc;
    bool operator==(const Push &o) const { return row == o.row && column == o.column && dr == o.dr && dc == o.dc; }
};

Push push_of(const Board &b, uint32_t move, bool swap) {
    const int g = b.grid_of[move / 4], w = b.level.width, d = static_cast<int>(move % 4);
    Push p{g / w, g % w, DR[d], DC[d]};
    if (swap) p = Push{p.column, p.row, p.dc, p.dr};
    return p;
}

} // namespace

TEST_CASE("Sokoban.TieOrder.TransposeIsTheTransposedMapsGenerationOrder") {
    // Four boxes in the open, each pushable several ways: the initial state's children, sorted
    // by child_sort_key(transpose), are the transposed map's children in its generation order.
    const std::string map = "########\n"
                            "#@     #\n"
                            "# $  $ #\n"
                            "#  ..  #\n"
                            "# $ .$.#\n"
                            "#      #\n"
                            "########";
    Options off;
    off.corral = false; // the PI-corral rule picks a corral by cell order: not the point here
    sokoban_test::Fixture fx(map, off), ft(transposed(map), off);
    const auto kids = sokoban_test::children(fx.inst, fx.scratch, fx.initial());
    const auto tkids = sokoban_test::children(ft.inst, ft.scratch, ft.initial());
    REQUIRE(kids.size() >= 8);
    REQUIRE(kids.size() == tkids.size());
    std::vector<std::pair<uint32_t, uint32_t>> keyed;
    for (const auto &k : kids) keyed.emplace_back(child_sort_key(fx.inst.board, TIE_TRANSPOSE, k.move), k.move);
    std::sort(keyed.begin(), keyed.end());
    bool generation_differs = false;
    for (size_t i = 0; i < kids.size(); ++i) {
        CAPTURE(i);
        CHECK(push_of(fx.inst.board, keyed[i].second, true) == push_of(ft.inst.board, tkids[i].move, false));
        generation_differs |= keyed[i].second != kids[i].move;
    }
    CHECK(generation_differs); // the map is not symmetric: the orders do differ
    // rev: exactly the reversed generation order.
    std::vector<std::pair<uint32_t, uint32_t>> rev;
    for (const auto &k : kids) rev.emplace_back(child_sort_key(fx.inst.board, TIE_REV, k.move), k.move);
    std::sort(rev.begin(), rev.end());
    for (size_t i = 0; i < kids.size(); ++i) CHECK(rev[i].second == kids[kids.size() - 1 - i].move);
}

TEST_CASE("Sokoban.TieOrder.LastKeys") {
    CHECK(tie_last_key(TIE_FIFO, 7, 123, 1) < tie_last_key(TIE_FIFO, 8, 1, 1));
    CHECK(tie_last_key(TIE_LIFO, 7, 123, 1) > tie_last_key(TIE_LIFO, 8, 1, 1));
    // hash: a function of the hash and the seed, not of the node; two seeds, two orders.
    CHECK(tie_last_key(TIE_HASH, 7, 123, 1) == tie_last_key(TIE_HASH, 9, 123, 1));
    int inversions = 0;
    for (uint64_t h = 0; h < 64; ++h)
        inversions += (tie_last_key(TIE_HASH, 0, h, 1) < tie_last_key(TIE_HASH, 0, h + 1, 1)) !=
                      (tie_last_key(TIE_HASH, 0, h, 2) < tie_last_key(TIE_HASH, 0, h + 1, 2));
    CHECK(inversions > 8);
}

TEST_CASE("Sokoban.TieOrder.EveryOrderExhaustsTheSameStates") {
    // Unsolvable: the 2x2 block of boxes can never move, while the two free boxes can go
    // almost anywhere (the matching bound and the root's tests see nothing wrong). So every
    // order expands every state it can reach before it gives up; the order among equals
    // cannot change which states those are, only the order they come in.
    const std::string map = "##########\n"
                            "#        #\n"
                            "# $$  $  #\n"
                            "# $$   $ #\n"
                            "#   @    #\n"
                            "#......  #\n"
                            "##########";
    const std::vector<std::string> orders = {"fifo", "lifo", "hash", "rev", "transpose"};
    uint64_t first = 0;
    for (const auto &order : orders) {
        CAPTURE(order);
        sokoban_test::StubRuntime rt(1); // thread 0 alone: its weighted A*, no FESS before fess0after
        const std::vector<solver_option> options = {{"tieorder0", order.c_str()}, {"tunnels", "off"}, {"goalroom", "off"},
                                                    {"back", "off"}, {"packall", "off"}};
        const solver_plugin *P = solver_plugin_entry();
        char msg[512] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        solver_instance *inst = nullptr;
        REQUIRE(P->open(map.data(), map.size(), "t", 1, options.data(), options.size(), &rt.services, &inst, &err) == SOLVER_OK);
        uint64_t cost = 0;
        CHECK(P->solve(inst, &rt.services, &cost, &err) == SOLVER_ERR_UNSOLVABLE);
        P->close(inst);
        CHECK(rt.expanded > 50);
        if (first == 0) first = rt.expanded;
        CHECK(rt.expanded == first);
    }
}

TEST_CASE("Sokoban.TieOrder.EachOrderAndTheGuestSolveAndReplay") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    for (uint32_t level : {7u}) {
        CAPTURE(level);
        for (const char *order : {"fifo", "lifo", "hash", "rev", "transpose"}) {
            CAPTURE(order);
            sokoban_test::StubRuntime rt(2);
            sokoban_test::portfolio_solves_and_replays(micro, level, {{"tieorder0", order}, {"tieorder1", order}}, rt);
        }
        // The guest alone on thread 0 with most of its CPU: it runs (its account in the log),
        // and whoever wins, the answer replays; likewise with each of its orders.
        for (const char *order : {"fifo", "lifo", "hash", "rev", "transpose"}) {
            CAPTURE(order);
            sokoban_test::StubRuntime rt(1);
            sokoban_test::portfolio_solves_and_replays(
                micro, level, {{"tieguest", "t0"}, {"tieguestorder", order}, {"tieguestcpu", "90"}, {"back", "off"}, {"packall", "off"}}, rt);
            CHECK(rt.log.find("tie guest") != std::string::npos);
        }
    }
}

TEST_CASE("Sokoban.TieOrder.Options") {
    CHECK(sokoban_test::parsed("tieorder0", "lifo").tieorder0 == TIE_LIFO);
    CHECK(sokoban_test::parsed("tieorder1", "transpose").tieorder1 == TIE_TRANSPOSE);
    CHECK(sokoban_test::parsed("tieguest", "t1").tieguest == 2);
    CHECK(sokoban_test::parsed("tieguestorder", "rev").tieguestorder == TIE_REV);
    CHECK(sokoban_test::parsed("tieguestcpu", "25").tieguestcpu == 25);
    CHECK(sokoban_test::parsed("tieguestcap", "0").tieguestcap == 0);
    CHECK(sokoban_test::parsed("tieguestseed", "9").tieguestseed == 9);
    const Options o;
    CHECK(o.tieorder0 == TIE_FIFO);
    CHECK(o.tieorder1 == TIE_FIFO);
    CHECK(o.tieguest == 2);
    CHECK(o.tieguestcpu == 2);
    CHECK(sokoban_test::refused("tieorder0", "random").find("tieorder0") != std::string::npos);
    CHECK(sokoban_test::refused("tieguest", "t2").find("tieguest") != std::string::npos);
    CHECK(sokoban_test::refused("tieguestcpu", "95").find("tieguestcpu") != std::string::npos);
}
