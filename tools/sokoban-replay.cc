// sokoban-replay: replay known solutions against an XSB collection, to check a collection's
// conversion, our two replayers and the solution files against each other before the solver is
// measured on the collection (session 25, issue 7). For each FILE.xsb given, its solutions are
// read from FILE.sol (or the file after --sol): one line "K MOVES" per level K, MOVES in LURD
// with any case (cavepacker writes every move in lower case) and run lengths either as a count
// before a move ("3u") or before a parenthesized group ("3(dr)", nested groups allowed). Each
// solution is replayed twice:
//   checker   tests/sokoban_checker.{h,cc}, the end-to-end tests' independent replayer (its own
//             map reader and move rules, push or walk decided by the board when the case does not
//             say), on the level as tests/sokoban_checker.cc's xsb_level() cuts it out;
//   plugin    the plugin's parse_level() and verify_solution() (parse.h, solution.h), the reader
//             and verifier `solver` itself uses.
// A level where either one fails is listed with both answers; the totals line per file says how
// many replay. Exit status 0 when every solution given replays in both, 1 otherwise.
//   make tools, then
//   build/bench/sokoban-replay [--sol FILE.sol] FILE.xsb [FILE2.xsb ...]
//   e.g. build/bench/sokoban-replay ~/.cache/solver/sokoban/*.xsb
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../plugins/sokoban/parse.h"
#include "../plugins/sokoban/solution.h"
#include "sokoban_checker.h"

namespace {

std::string read_file(const std::string &path, bool &ok) {
    std::ifstream in(path, std::ios::binary);
    ok = bool(in);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Expand run lengths from `i` until the end or a ')' (consumed by the caller). false with `err`
// on an unbalanced parenthesis or a character that is not a move, a digit or a blank.
bool expand_runs(const std::string &s, size_t &i, std::string &out, int depth, std::string &err) {
    while (i < s.size()) {
        const char c = s[i];
        if (c == ')') {
            if (depth == 0) {
                err = "unmatched ')' at " + std::to_string(i + 1);
                return false;
            }
            return true;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        long count = 1;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            count = 0;
            while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) count = count * 10 + (s[i++] - '0');
            if (i == s.size()) {
                err = "a count at the end";
                return false;
            }
        }
        std::string unit;
        if (s[i] == '(') {
            ++i;
            if (!expand_runs(s, i, unit, depth + 1, err)) return false;
            if (i == s.size()) {
                err = "unclosed '('";
                return false;
            }
            ++i;  // the ')'
        } else if (std::string("lurdLURD").find(s[i]) != std::string::npos) {
            unit = s[i++];
        } else {
            err = std::string("'") + s[i] + "' at " + std::to_string(i + 1) + " is not a move";
            return false;
        }
        for (long k = 0; k < count; ++k) out += unit;
    }
    if (depth > 0) err = "unclosed '('";
    return depth == 0;
}

struct totals {
    int levels = 0, solutions = 0, checker_ok = 0, plugin_ok = 0, both_ok = 0;
};

bool replay_file(const std::string &xsb, const std::string &sol_path, totals &t) {
    bool ok = false;
    const std::string text = read_file(xsb, ok);
    if (!ok) {
        std::printf("%s: cannot read\n", xsb.c_str());
        return false;
    }
    const std::string sols = read_file(sol_path, ok);
    if (!ok) {
        std::printf("%s: cannot read %s\n", xsb.c_str(), sol_path.c_str());
        return false;
    }
    uint32_t count = 0;
    sokoban::Failure f{};
    if (!sokoban::count_levels(text.data(), text.size(), count, f)) {
        std::printf("%s: the plugin finds no level\n", xsb.c_str());
        return false;
    }
    int checker_count = 0;
    while (!solver_test::xsb_level(text, checker_count + 1).empty()) ++checker_count;
    if (checker_count != int(count))
        std::printf("%s: the plugin reads %u levels, the checker %d\n", xsb.c_str(), count, checker_count);
    t.levels += int(count);
    std::stringstream lines(sols);
    std::string line;
    bool all = true;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == ';') continue;
        char *end = nullptr;
        const long k = std::strtol(line.c_str(), &end, 10);
        if (end == line.c_str()) {
            std::printf("%s: a line without a level number: %.40s\n", sol_path.c_str(), line.c_str());
            all = false;
            continue;
        }
        ++t.solutions;
        std::string moves, err;
        size_t i = size_t(end - line.c_str());
        if (!expand_runs(line, i, moves, 0, err)) {
            std::printf("%s level %ld: bad solution text: %s\n", xsb.c_str(), k, err.c_str());
            all = false;
            continue;
        }
        const std::string map = solver_test::xsb_level(text, int(k));
        const solver_test::sokoban_check chk = map.empty()
            ? solver_test::sokoban_check{false, "no such level", 0, 0}
            : solver_test::check_sokoban_solution(map, moves, true);
        std::string perr = "no such level";
        bool pok = false;
        uint64_t pushes = 0;
        sokoban::Level level;
        if (k >= 1 && k <= long(count) && sokoban::parse_level(text.data(), text.size(), uint32_t(k), level, f)) {
            uint32_t column = 0;
            perr.clear();
            pok = sokoban::verify_solution(level, moves.data(), moves.size(), pushes, column, perr);
            if (!pok) perr = "at move " + std::to_string(column) + ": " + perr;
        } else if (k >= 1 && k <= long(count)) {
            perr = "parse error at line " + std::to_string(f.line) + ": " + f.message;
        }
        t.checker_ok += chk.ok;
        t.plugin_ok += pok;
        t.both_ok += chk.ok && pok;
        if (!chk.ok || !pok || uint64_t(chk.pushes) != pushes) {
            all = false;
            std::printf("%s level %ld (%zu moves): checker %s%s, plugin %s%s", xsb.c_str(), k, moves.size(),
                        chk.ok ? "ok" : "FAILS: ", chk.reason.c_str(), pok ? "ok" : "FAILS: ", perr.c_str());
            if (chk.ok && pok) std::printf(" (pushes differ: checker %d, plugin %llu)", chk.pushes, (unsigned long long)pushes);
            std::printf("\n");
        }
    }
    return all;
}

}  // namespace

int main(int argc, char **argv) {
    std::string sol;
    std::vector<std::string> files;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        if (arg == "--sol" && a + 1 < argc) sol = argv[++a];
        else if (arg == "-h" || arg == "--help" || arg[0] == '-') {
            std::fprintf(stderr, "usage: %s [--sol FILE.sol] FILE.xsb [FILE2.xsb ...]\n", argv[0]);
            return 2;
        } else files.push_back(arg);
    }
    if (files.empty() || (!sol.empty() && files.size() > 1)) {
        std::fprintf(stderr, "usage: %s [--sol FILE.sol] FILE.xsb [FILE2.xsb ...] (--sol with one file only)\n", argv[0]);
        return 2;
    }
    bool all = true;
    totals sum;
    for (const std::string &xsb : files) {
        std::string sp = sol;
        if (sp.empty()) sp = (xsb.size() > 4 && xsb.compare(xsb.size() - 4, 4, ".xsb") == 0 ? xsb.substr(0, xsb.size() - 4) : xsb) + ".sol";
        totals t;
        all = replay_file(xsb, sp, t) && all;
        std::printf("%-40s levels %4d  solutions %4d  replay: checker %4d  plugin %4d  both %4d\n", xsb.c_str(), t.levels,
                    t.solutions, t.checker_ok, t.plugin_ok, t.both_ok);
        sum.levels += t.levels, sum.solutions += t.solutions, sum.checker_ok += t.checker_ok;
        sum.plugin_ok += t.plugin_ok, sum.both_ok += t.both_ok;
    }
    if (files.size() > 1)
        std::printf("%-40s levels %4d  solutions %4d  replay: checker %4d  plugin %4d  both %4d\n", "all", sum.levels,
                    sum.solutions, sum.checker_ok, sum.plugin_ok, sum.both_ok);
    return all ? 0 : 1;
}
