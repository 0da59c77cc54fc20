// format_test.cc -- 128-bit decimal printing, input and option errors, and the plugin table
// end to end on the sequential services (open, solve, verify says unsupported).
#include <doctest/doctest.h>

#include <cstring>

#include "test_util.h"

using namespace matchsticks;
using namespace matchsticks_test;

TEST_CASE("Matchsticks.DecimalPrinting128") {
    CHECK(to_decimal(0) == "0");
    CHECK(to_decimal(7) == "7");
    CHECK(to_decimal(u128(UINT64_MAX)) == "18446744073709551615");
    CHECK(to_decimal(u128(UINT64_MAX) + 1) == "18446744073709551616");
    CHECK(to_decimal(u128(10000000000000000000ull) * 10000000000000000000ull) == "100000000000000000000000000000000000000");
    CHECK(to_decimal(OVERFLOW - 1) == "340282366920938463463374607431768211454");
    CHECK(to_decimal(OVERFLOW) == "overflow");
    CHECK(sat_add(OVERFLOW - 5, 4) == OVERFLOW - 1);
    CHECK(sat_add(OVERFLOW - 5, 5) == OVERFLOW);
    CHECK(sat_add(OVERFLOW - 5, 6) == OVERFLOW);
    CHECK(sat_add(OVERFLOW, 0) == OVERFLOW);
}

TEST_CASE("Matchsticks.NoDanglingBeyond64BitsAndOverflow") {
    SeqServices s;
    std::vector<u128> c;
    REQUIRE(nodangling_counts(10, 10, 220, s.get(), c) == SOLVER_OK);
    CHECK(to_decimal(c[13]) == "135871476036610693224");  // > 2^64
    CHECK(c[12] < (u128(1) << 64));
    CHECK(c[13] > (u128(1) << 64));
    CHECK(c[110] == OVERFLOW);                             // ~2^220 / sqrt: far beyond 2^128
    CHECK(to_decimal(c[220]) == "1");                      // every stick removed
    CHECK(c[219] == 0);                                    // one stick left has two ends of degree 1
}

namespace {
struct Parsed {
    bool ok;
    Query q;
    Failure f;
};
Parsed parse(const std::string &text, std::vector<std::pair<std::string, std::string>> opts = {}) {
    std::vector<solver_option> o;
    for (auto &kv : opts) o.push_back({kv.first.c_str(), kv.second.c_str()});
    Parsed p;
    p.ok = parse_query(text.data(), text.size(), o.data(), o.size(), p.q, p.f);
    return p;
}
}  // namespace

TEST_CASE("Matchsticks.ParseForms") {
    auto p = parse("4 4");
    REQUIRE(p.ok);
    CHECK(p.q.given == 2);
    CHECK(p.q.s_lo == 0);
    CHECK(p.q.s_hi == 14);
    p = parse("2 2");
    CHECK(p.q.s_hi == 5);  // the default range stops at the board's squares
    p = parse(" 6\n6\t8 ");
    REQUIRE(p.ok);
    CHECK(p.q.given == 3);
    CHECK(p.q.s == 8);
    p = parse("6 6 8 12");
    REQUIRE(p.ok);
    CHECK(p.q.r == 12);
    p = parse("4 4", {{"s", "3..30"}});
    REQUIRE(p.ok);
    CHECK(p.q.s_lo == 3);
    CHECK(p.q.s_hi == 30);
    p = parse("10 10", {{"mode", "nodangling"}, {"r", "0..16"}});
    REQUIRE(p.ok);
    CHECK(p.q.mode == Mode::nodangling);
    CHECK(p.q.r_hi == 16);
}

TEST_CASE("Matchsticks.ParseErrorsHaveLineAndColumn") {
    struct Case {
        const char *text;
        uint32_t line, column;
        const char *says;
    } cases[] = {
        {"", 1, 1, "expected M"},
        {"3", 1, 2, "expected N"},
        {"3 x", 1, 3, "whole number"},
        {"3\n  4q", 2, 3, "whole number"},
        {"-3 3", 1, 1, "whole number"},
        {"0 3", 1, 1, "out of range 1..8"},
        {"3 9", 1, 3, "out of range 1..8"},
        {"3 3 15", 1, 5, "out of range 0..14"},
        {"3 3 2 25", 1, 7, "out of range 0..24"},
        {"3 3 2 2 1", 1, 9, "unexpected"},
    };
    for (const auto &c : cases) {
        CAPTURE(c.text);
        auto p = parse(c.text);
        CHECK(!p.ok);
        CHECK(p.f.status == SOLVER_ERR_PARSE);
        CHECK(p.f.line == c.line);
        CHECK(p.f.column == c.column);
        CHECK(p.f.message.find(c.says) != std::string::npos);
    }
    auto p = parse("3 3 4", {{"mode", "nodangling"}});
    CHECK(p.f.status == SOLVER_ERR_PARSE);
    CHECK(p.f.column == 5);
    p = parse("13 3", {{"mode", "nodangling"}});
    CHECK(p.f.status == SOLVER_ERR_PARSE);
    CHECK(parse("12 12", {{"mode", "nodangling"}}).ok);
}

TEST_CASE("Matchsticks.OptionErrors") {
    const std::vector<std::vector<std::pair<std::string, std::string>>> bad = {
        {{"mode", "cubes"}},  {{"colour", "red"}},          {{"s", "5..3"}},          {{"s", "0..31"}},
        {{"s", "a..b"}},      {{"r", "0..3"}},              {{"mode", "nodangling"}, {"r", "0..41"}},
        {{"mode", "nodangling"}, {"s", "1..2"}},
    };
    for (const auto &o : bad) {
        CAPTURE(o[0].first + "=" + o[0].second);
        auto p = parse("4 4", o);
        CHECK(!p.ok);
        CHECK(p.f.status == SOLVER_ERR_OPTION);
    }
    auto p = parse("4 4 3", {{"s", "1..2"}});  // s= is for the table only
    CHECK(p.f.status == SOLVER_ERR_OPTION);
}

namespace {
std::string solve_text(const std::string &input, std::vector<solver_option> opts, solver_status *st = nullptr) {
    const solver_plugin *t = solver_plugin_entry();
    SeqServices s;
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    solver_instance *inst = nullptr;
    REQUIRE(t->open(input.data(), input.size(), "<test>", 1, opts.data(), opts.size(), s.get(), &inst, &err) == SOLVER_OK);
    const solver_instance_info *info = t->info(inst);
    CHECK((info->flags & SOLVER_HAS_SOLVE) != 0);
    CHECK(std::string(info->default_engine) == "solve");
    CHECK(info->state_size == 1);
    uint64_t cost = 0;
    solver_status r = t->solve(inst, s.get(), &cost, &err);
    if (st) *st = r;
    else CHECK(r == SOLVER_OK);
    uint64_t vc = 0;
    CHECK(t->verify_solution(inst, s.out.data(), s.out.size(), &vc, &err) == SOLVER_ERR_UNSUPPORTED);
    t->close(inst);
    return s.out;
}
}  // namespace

TEST_CASE("Matchsticks.PluginTableSolves") {
    const solver_plugin *t = solver_plugin_entry();
    CHECK(std::string(t->name) == "matchsticks");
    CHECK(bool(t->solve != nullptr));
    CHECK(solve_text("3 3 12", {}) == "3 3 12 - 0\n");
    CHECK(solve_text("3 3 5", {}) == "3 3 5 3 156\n");
    CHECK(solve_text("3 3 5 3", {}) == "3 3 5 3 156\n");
    CHECK(solve_text("3 3 5 4", {}) == "3 3 5 4 " + std::to_string(Brute(3, 3).by_rs[4][5]) + "\n");
    CHECK(solve_text("2 2", {}) == "2 2 0 4 4\n2 2 1 2 2\n2 2 2 2 4\n2 2 3 1 4\n2 2 4 - 0\n2 2 5 0 1\n");
    CHECK(solve_text("3 3", {{"mode", "nodangling"}, {"r", "4..6"}}) == "3 3 4 1262\n3 3 5 2160\n3 3 6 2650\n");
    // open refuses with line and column
    SeqServices s;
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    solver_instance *inst = nullptr;
    CHECK(t->open("3 z", 3, "<test>", 1, nullptr, 0, s.get(), &inst, &err) == SOLVER_ERR_PARSE);
    CHECK(err.line == 1);
    CHECK(err.column == 3);
    solver_option bad{"mode", "x"};
    CHECK(t->open("3 3", 3, "<test>", 1, &bad, 1, s.get(), &inst, &err) == SOLVER_ERR_OPTION);
}
