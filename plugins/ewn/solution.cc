// solution.cc -- formatting and replaying EWN answers.
#include "solution.h"

#include <cctype>
#include <vector>

namespace ewn {

bool format_solution(const uint32_t *moves, size_t count, std::string &out, std::string &error) {
    out = std::to_string(count);
    for (size_t i = 0; i < count; ++i) {
        const int piece = move_piece(moves[i]), dir = move_dir(moves[i]);
        if (piece < 1 || piece > PIECES) {
            error = "move id " + std::to_string(moves[i]) + " names no piece";
            return false;
        }
        out += '\n' + std::to_string(piece) + ' ' + std::to_string(dir);
    }
    return true;
}

namespace {

struct Tok {
    std::string text;
    size_t index; // character index in the whole text
};

// Split into lines of whitespace-separated tokens; `starts` holds each line's first index.
std::vector<std::vector<Tok>> split_lines(const char *s, size_t n, std::vector<size_t> &starts) {
    std::vector<std::vector<Tok>> lines(1);
    starts.assign(1, 0);
    for (size_t i = 0; i < n;) {
        if (s[i] == '\n') {
            lines.emplace_back();
            starts.push_back(++i);
        } else if (std::isspace(static_cast<unsigned char>(s[i]))) {
            ++i;
        } else {
            Tok t{"", i};
            while (i < n && !std::isspace(static_cast<unsigned char>(s[i]))) t.text += s[i++];
            lines.back().push_back(t);
        }
    }
    return lines;
}

bool number(const Tok &t, int &v) {
    if (t.text.empty() || t.text.size() > 6) return false;
    for (char c : t.text)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    v = std::stoi(t.text);
    return true;
}

bool fail(VerifyFailure &f, uint32_t line, size_t index, const std::string &message) {
    f.line = line;
    f.column = static_cast<uint32_t>(index + 1);
    f.message = "line " + std::to_string(line) + ": " + message;
    return false;
}

std::string cell_name(const Puzzle &pz, int cell) {
    return "row " + std::to_string(cell / pz.cols) + ", column " + std::to_string(cell % pz.cols);
}

} // namespace

bool verify_solution(const Puzzle &pz, const char *text, size_t length, uint64_t &plies, VerifyFailure &f) {
    std::vector<size_t> starts;
    const auto lines = split_lines(text, length, starts);
    if (lines[0].empty()) return fail(f, 1, 0, "expected the number of plies k on the first line");
    int k = 0;
    if (lines[0].size() != 1 || !number(lines[0][0], k))
        return fail(f, 1, lines[0][lines[0].size() > 1 && number(lines[0][0], k) ? 1 : 0].index,
                    "expected only the number of plies k on the first line");
    if (static_cast<uint64_t>(k) > MAX_PLIES)
        return fail(f, 1, lines[0][0].index,
                    "k = " + std::to_string(k) + " plies exceeds the limit of " + std::to_string(MAX_PLIES));
    uint8_t state[STATE_SIZE];
    initial_state(pz, state);
    int ply = 0;
    size_t li = 1;
    for (; li < lines.size(); ++li) {
        const auto &line = lines[li];
        const uint32_t ln = static_cast<uint32_t>(li + 1);
        if (line.empty()) continue; // blank lines are allowed anywhere after the first
        if (ply == k)
            return fail(f, ln, line[0].index,
                        "more move lines than the " + std::to_string(k) + " plies announced on line 1");
        int piece = 0, dir = 0;
        if (line.size() != 2 || !number(line[0], piece) || !number(line[1], dir)) {
            const size_t bad = line.size() >= 2 && number(line[0], piece) ? (line.size() > 2 && number(line[1], dir) ? 2 : 1) : 0;
            return fail(f, ln, line[bad].index, "expected 'piece direction' (two numbers) for ply " + std::to_string(ply));
        }
        if (piece < 1 || piece > PIECES)
            return fail(f, ln, line[0].index, "piece " + std::to_string(piece) + " is not a piece number 1..6");
        if (dir > 7) return fail(f, ln, line[1].index, "direction " + std::to_string(dir) + " is not 0..7");
        if (is_goal(pz, state))
            return fail(f, ln, line[0].index,
                        "the goal is already reached after ply " + std::to_string(ply) + "; the game ends there");
        const int dice = pz.dice[ply % pz.period];
        if (state[piece - 1] == NONE)
            return fail(f, ln, line[0].index, "piece " + std::to_string(piece) + " is not on the board at ply " +
                                                  std::to_string(ply));
        int mv[2];
        const int nm = movers(present_mask(state), dice, mv);
        bool ok = false;
        for (int i = 0; i < nm; ++i) ok = ok || mv[i] == piece;
        if (!ok) {
            std::string who = std::to_string(mv[0]);
            if (nm == 2) who += " or " + std::to_string(mv[1]);
            return fail(f, ln, line[0].index,
                        "piece " + std::to_string(piece) + " may not move at ply " + std::to_string(ply) + " (dice " +
                            std::to_string(dice) + ": only " + who + " may)");
        }
        const int to = step(pz, state[piece - 1], dir);
        if (to < 0)
            return fail(f, ln, line[1].index,
                        "direction " + std::to_string(dir) + " moves piece " + std::to_string(piece) +
                            " off the board from " + cell_name(pz, state[piece - 1]));
        apply(pz, state, piece, to);
        ++ply;
    }
    if (ply < k)
        return fail(f, static_cast<uint32_t>(lines.size()), length,
                    "line 1 announces " + std::to_string(k) + " plies but only " + std::to_string(ply) +
                        " move lines follow");
    if (!is_goal(pz, state)) {
        std::string why = pz.goal_piece > 0 ? (state[pz.goal_piece - 1] == NONE
                                                   ? "piece " + std::to_string(pz.goal_piece) + " was captured"
                                                   : "piece " + std::to_string(pz.goal_piece) + " stands at " +
                                                         cell_name(pz, state[pz.goal_piece - 1]))
                                            : "no piece stands there";
        return fail(f, static_cast<uint32_t>(lines.size()), length,
                    "after " + std::to_string(ply) + " plies the bottom-right cell (" + cell_name(pz, pz.corner()) +
                        ") is not reached: " + why);
    }
    plies = static_cast<uint64_t>(ply);
    return true;
}

} // namespace ewn
