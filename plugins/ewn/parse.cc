// parse.cc -- the EWN input text: whitespace-separated decimal numbers
//   n m            rows and columns, 1..9 each
//   n*m cells      row by row, 0 (empty) or a piece 1..6, each piece at most once
//   p              dice period, 1..18
//   p dice values  1..6 each
//   s              goal piece, 0 (any piece) or 1..6
// and nothing else (a missing final newline is fine). Every error names the 1-based line and
// column of the offending token (or of the end of the input) and what was expected there.
#include <cctype>
#include <cstdio>
#include <string>

#include "puzzle.h"

namespace ewn {
namespace {

struct Token {
    bool present = false;
    std::string text;
    uint32_t line = 1, column = 1;
};

class Reader {
public:
    Reader(const char *text, size_t length) : s_(text), n_(length) {}

    // The next whitespace-separated token, or present = false at the end (position = end).
    Token next() {
        while (i_ < n_ && std::isspace(static_cast<unsigned char>(s_[i_]))) advance();
        Token t;
        t.line = line_;
        t.column = column_;
        while (i_ < n_ && !std::isspace(static_cast<unsigned char>(s_[i_]))) {
            t.text += s_[i_];
            advance();
        }
        t.present = !t.text.empty();
        return t;
    }

    // Read a number in [lo, hi]; `what` names it for the message.
    bool number(const std::string &what, int lo, int hi, int &value, Token &tok, Failure &f) {
        tok = next();
        if (!tok.present)
            return fail(f, tok, "unexpected end of input; expected " + what + " (" + range(lo, hi) + ")");
        if (!all_digits(tok.text))
            return fail(f, tok, "expected " + what + " (" + range(lo, hi) + "), found '" + shown(tok.text) + "'");
        // More than 9 digits cannot be in range; do not let stol overflow.
        const long v = tok.text.size() <= 9 ? std::stol(tok.text) : hi + 1L;
        if (v < lo || v > hi)
            return fail(f, tok, what + " must be " + range(lo, hi) + ", found " + shown(tok.text));
        value = static_cast<int>(v);
        return true;
    }

    static bool fail(Failure &f, const Token &t, const std::string &message) {
        f.line = t.line;
        f.column = t.column;
        f.message = message;
        return false;
    }

private:
    void advance() {
        if (s_[i_] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        ++i_;
    }
    static bool all_digits(const std::string &t) {
        for (char c : t)
            if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        return true;
    }
    static std::string range(int lo, int hi) { return std::to_string(lo) + ".." + std::to_string(hi); }
    static std::string shown(const std::string &t) { return t.size() > 20 ? t.substr(0, 20) + "..." : t; }

    const char *s_;
    size_t n_, i_ = 0;
    uint32_t line_ = 1, column_ = 1;
};

} // namespace

bool parse_puzzle(const char *text, size_t length, Puzzle &out, Failure &f) {
    Reader in(text, length);
    Puzzle pz;
    Token tok;
    if (!in.number("the number of rows n", 1, MAX_SIDE, pz.rows, tok, f)) return false;
    if (!in.number("the number of columns m", 1, MAX_SIDE, pz.cols, tok, f)) return false;
    Token where[PIECES];
    for (int cell = 0; cell < pz.rows * pz.cols; ++cell) {
        const int r = cell / pz.cols, c = cell % pz.cols;
        const std::string what = "the cell at row " + std::to_string(r) + ", column " + std::to_string(c) +
                                 " (0 empty or a piece)";
        int v = 0;
        if (!in.number(what, 0, PIECES, v, tok, f)) {
            if (f.message.rfind("unexpected end", 0) == 0)
                f.message += "; the board needs " + std::to_string(pz.rows * pz.cols) + " cells (" +
                             std::to_string(pz.rows) + " rows of " + std::to_string(pz.cols) + "), found " +
                             std::to_string(cell);
            return false;
        }
        if (v == 0) continue;
        if (pz.start[v - 1] != NONE) {
            const int first = pz.start[v - 1];
            return Reader::fail(f, tok,
                                "piece " + std::to_string(v) + " appears twice (first at row " +
                                    std::to_string(first / pz.cols) + ", column " + std::to_string(first % pz.cols) +
                                    ", line " + std::to_string(where[v - 1].line) + ", column " +
                                    std::to_string(where[v - 1].column) + " of the input)");
        }
        pz.start[v - 1] = static_cast<uint8_t>(cell);
        where[v - 1] = tok;
    }
    if (!in.number("the dice period p", 1, MAX_PERIOD, pz.period, tok, f)) return false;
    for (int i = 0; i < pz.period; ++i) {
        int v = 0;
        if (!in.number("dice value " + std::to_string(i + 1) + " of " + std::to_string(pz.period), 1, PIECES, v, tok,
                       f))
            return false;
        pz.dice[i] = static_cast<uint8_t>(v);
    }
    if (!in.number("the goal piece s (0 = any piece)", 0, PIECES, pz.goal_piece, tok, f)) return false;
    tok = in.next();
    if (tok.present)
        return Reader::fail(f, tok, "unexpected '" + (tok.text.size() > 20 ? tok.text.substr(0, 20) + "..." : tok.text) +
                                        "' after the goal piece; expected the end of the input");
    out = pz;
    return true;
}

} // namespace ewn
