// query.cc -- the input "M N [S [R]]", the options, decimal printing, and running a query.
#include "matchsticks.h"

#include <algorithm>
#include <cstring>

namespace matchsticks {

int Query::total_squares() const {
    int t = 0;
    for (int u = 1; u <= std::min(m, n); ++u) t += (m - u + 1) * (n - u + 1);
    return t;
}

std::string to_decimal(u128 v) {
    if (v == OVERFLOW) return "overflow";
    if (v == 0) return "0";
    char buf[48];
    int p = sizeof buf;
    buf[--p] = 0;
    while (v) {
        buf[--p] = char('0' + int(v % 10));
        v /= 10;
    }
    return std::string(buf + p);
}

namespace {

struct Token {
    std::string text;
    uint32_t line, column;
};

bool fail(Failure &f, solver_status st, uint32_t line, uint32_t col, const std::string &msg) {
    f.status = st;
    f.line = line;
    f.column = col;
    f.message = msg;
    return false;
}

// "A..B" or "A" with 0 <= A <= B <= hi.
bool parse_range(const std::string &v, int hi, int &lo_out, int &hi_out) {
    size_t dots = v.find("..");
    std::string a = v.substr(0, dots), b = dots == std::string::npos ? a : v.substr(dots + 2);
    auto num = [](const std::string &s, int &x) {
        if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return false;
        x = std::stoi(s);
        return true;
    };
    int x, y;
    if (!num(a, x) || !num(b, y) || x > y || y > hi) return false;
    lo_out = x, hi_out = y;
    return true;
}

}  // namespace

bool parse_query(const char *text, size_t length, const solver_option *options, size_t count, Query &q,
                 Failure &f) {
    q = Query();
    std::vector<Token> tokens;
    uint32_t line = 1, col = 1;
    for (size_t k = 0; k < length;) {
        char c = text[k];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (c == '\n') ++line, col = 1;
            else ++col;
            ++k;
            continue;
        }
        Token t{std::string(), line, col};
        while (k < length && !(text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\n')) {
            t.text += text[k++];
            ++col;
        }
        tokens.push_back(t);
    }
    // Options first, so that mode decides what the input may hold.
    const char *mode = nullptr, *srange = nullptr, *rrange = nullptr;
    for (size_t k = 0; k < count; ++k) {
        std::string key = options[k].key ? options[k].key : "", val = options[k].value ? options[k].value : "";
        if (key == "mode") {
            if (val == "squares") q.mode = Mode::squares;
            else if (val == "nodangling") q.mode = Mode::nodangling;
            else return fail(f, SOLVER_ERR_OPTION, 0, 0, "option mode: '" + val + "' is neither squares nor nodangling");
            mode = options[k].value;
        } else if (key == "s") {
            srange = options[k].value ? options[k].value : "";
        } else if (key == "r") {
            rrange = options[k].value ? options[k].value : "";
        } else {
            return fail(f, SOLVER_ERR_OPTION, 0, 0, "unknown option '" + key + "' (known: mode, s, r)");
        }
    }
    (void)mode;
    const char *names[4] = {"M (rows of squares)", "N (columns of squares)", "S (squares to keep)",
                            "R (sticks to remove)"};
    const size_t most = q.mode == Mode::nodangling ? 2 : 4;
    if (tokens.size() < 2) {
        return fail(f, SOLVER_ERR_PARSE, line, col,
                    std::string("expected ") + names[tokens.size()] +
                        (q.mode == Mode::nodangling ? "; the input is 'M N'" : "; the input is 'M N [S [R]]'"));
    }
    if (tokens.size() > most) {
        const Token &t = tokens[most];
        return fail(f, SOLVER_ERR_PARSE, t.line, t.column,
                    q.mode == Mode::nodangling
                        ? "unexpected '" + t.text + "': mode=nodangling takes 'M N' (choose R with --option r=A..B)"
                        : "unexpected '" + t.text + "': the input is 'M N [S [R]]'");
    }
    int val[4] = {0, 0, 0, 0};
    for (size_t k = 0; k < tokens.size(); ++k) {
        const Token &t = tokens[k];
        if (t.text.find_first_not_of("0123456789") != std::string::npos || t.text.size() > 6)
            return fail(f, SOLVER_ERR_PARSE, t.line, t.column,
                        "expected " + std::string(names[k]) + " as a whole number, found '" + t.text + "'");
        val[k] = std::stoi(t.text);
        if (k == 1) {
            const int side = q.mode == Mode::nodangling ? MAX_SIDE_NODANGLING : MAX_SIDE_SQUARES;
            for (int z = 0; z < 2; ++z)
                if (val[z] < 1 || val[z] > side)
                    return fail(f, SOLVER_ERR_PARSE, tokens[z].line, tokens[z].column,
                                std::string(names[z]) + " = " + std::to_string(val[z]) + " is out of range 1.." +
                                    std::to_string(side) +
                                    (q.mode == Mode::nodangling ? " (mode=nodangling)" : " (squares mode)"));
            q.m = val[0], q.n = val[1];
        }
        if (k == 2 && val[2] > q.total_squares())
            return fail(f, SOLVER_ERR_PARSE, t.line, t.column,
                        "S = " + std::to_string(val[2]) + " is out of range 0.." + std::to_string(q.total_squares()) +
                            " (a " + std::to_string(q.m) + " x " + std::to_string(q.n) + " board has " +
                            std::to_string(q.total_squares()) + " squares)");
        if (k == 3 && val[3] > q.total_sticks())
            return fail(f, SOLVER_ERR_PARSE, t.line, t.column,
                        "R = " + std::to_string(val[3]) + " is out of range 0.." + std::to_string(q.total_sticks()) +
                            " (a " + std::to_string(q.m) + " x " + std::to_string(q.n) + " board has " +
                            std::to_string(q.total_sticks()) + " sticks)");
    }
    q.given = int(tokens.size());
    if (q.given >= 3) q.s = val[2];
    if (q.given >= 4) q.r = val[3];
    q.s_lo = 0;
    q.s_hi = std::min(14, q.total_squares());
    q.r_lo = 0;
    q.r_hi = q.total_sticks();
    if (srange) {
        if (q.mode != Mode::squares || q.given != 2)
            return fail(f, SOLVER_ERR_OPTION, 0, 0, "option s applies to the squares table only (input 'M N')");
        if (!parse_range(srange, q.total_squares(), q.s_lo, q.s_hi))
            return fail(f, SOLVER_ERR_OPTION, 0, 0,
                        std::string("option s: '") + srange + "' is not A..B with 0 <= A <= B <= " +
                            std::to_string(q.total_squares()));
    }
    if (rrange) {
        if (q.mode != Mode::nodangling)
            return fail(f, SOLVER_ERR_OPTION, 0, 0, "option r applies to mode=nodangling only");
        if (!parse_range(rrange, q.total_sticks(), q.r_lo, q.r_hi))
            return fail(f, SOLVER_ERR_OPTION, 0, 0,
                        std::string("option r: '") + rrange + "' is not A..B with 0 <= A <= B <= " +
                            std::to_string(q.total_sticks()));
    }
    return true;
}

solver_status run_query(const Query &q, const solver_services *sv, std::string &text, uint64_t &cost, Failure &f) {
    text.clear();
    cost = 0;
    const std::string mn = std::to_string(q.m) + " " + std::to_string(q.n) + " ";
    solver_status st = SOLVER_OK;
    if (q.mode == Mode::nodangling) {
        std::vector<u128> c;
        st = nodangling_counts(q.m, q.n, q.r_hi, sv, c);
        if (st != SOLVER_OK) return st;
        bool over = false;
        for (int r = q.r_lo; r <= q.r_hi; ++r) {
            text += mn + std::to_string(r) + " " + to_decimal(c[r]) + "\n";
            over = over || c[r] == OVERFLOW;
        }
        if (over && sv && sv->log)
            sv->log(sv->ctx, SOLVER_LOG_WARN, "matchsticks: some counts reach 2^128 - 1 or more: printed as 'overflow'");
        return SOLVER_OK;
    }
    if (q.given == 4) {
        u128 c = 0;
        st = count_squares(q.m, q.n, q.s, q.r, sv, c);
        if (st != SOLVER_OK) return st;
        text = mn + std::to_string(q.s) + " " + std::to_string(q.r) + " " + to_decimal(c) + "\n";
        cost = uint64_t(q.r);
        return SOLVER_OK;
    }
    std::vector<SquaresLine> lines;
    const int lo = q.given == 3 ? q.s : q.s_lo, hi = q.given == 3 ? q.s : q.s_hi;
    st = squares_table(q.m, q.n, lo, hi, sv, lines);
    if (st != SOLVER_OK) return st;
    for (const auto &l : lines)
        text += mn + std::to_string(l.s) + " " + (l.r < 0 ? std::string("-") : std::to_string(l.r)) + " " +
                to_decimal(l.count) + "\n";
    if (q.given == 3 && !lines.empty() && lines[0].r >= 0) cost = uint64_t(lines[0].r);
    (void)f;
    return SOLVER_OK;
}

}  // namespace matchsticks
