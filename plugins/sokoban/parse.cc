// parse.cc -- see parse.h.
#include "parse.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace sokoban {
namespace {

struct Line {
    size_t offset;
    size_t length; // without the line break (and without a trailing '\r')
    uint32_t number;
};

std::vector<Line> split_lines(const char *text, size_t length) {
    std::vector<Line> lines;
    size_t start = 0;
    uint32_t number = 1;
    for (size_t i = 0; i <= length; ++i) {
        if (i == length || text[i] == '\n') {
            if (i == length && start == length) break; // no empty line after a final '\n'
            size_t len = i - start;
            if (len > 0 && text[start + len - 1] == '\r') --len;
            lines.push_back(Line{start, len, number++});
            start = i + 1;
        }
    }
    return lines;
}

// A map row: its first character other than blanks, floor ('-', '_') and run-length digits is a
// wall. Every row of a map closed by walls starts so (the player's area cannot reach the row's
// left end), and the lines collections put between maps do not: blank lines, comments (';'),
// titles ('The Dungeon', "Title: ...", "Author: ...", "Level 12", a bare "12").
bool is_map_line(const char *text, const Line &line) {
    for (size_t i = 0; i < line.length; ++i) {
        const char c = text[line.offset + i];
        if (c == ' ' || c == '\t' || c == '-' || c == '_' || (c >= '0' && c <= '9')) continue;
        return c == '#';
    }
    return false; // blank
}

// One row of a map: its cells' characters, the line they come from and each cell's 1-based
// column there. A line is one row, or several in run-length encoding: a count before a
// character repeats it ("4#" is "####") and '|' ends a row.
struct Row {
    uint32_t line;
    std::string cells;
    std::vector<uint32_t> column;
    uint32_t column_of(size_t cell) const { // past the end: the columns after the last character
        return column.empty() ? static_cast<uint32_t>(cell + 1)
                              : column.back() + 1 + static_cast<uint32_t>(cell - column.size());
    }
};

constexpr uint32_t MAX_RUN = 4096; // longer runs are refused (no level is that wide)

bool expand_line(const char *text, const Line &line, std::vector<Row> &rows, Failure &f) {
    rows.push_back(Row{line.number, {}, {}});
    uint32_t count = 0, count_column = 0;
    for (size_t i = 0; i < line.length; ++i) {
        const char c = text[line.offset + i];
        const uint32_t column = static_cast<uint32_t>(i + 1);
        if (c >= '0' && c <= '9') {
            if (count == 0) count_column = column;
            count = count * 10 + static_cast<uint32_t>(c - '0');
            if (count > MAX_RUN) {
                f = Failure{line.number, count_column, "a run length over " + std::to_string(MAX_RUN) +
                                                           "; expected a count of at most that before a map character"};
                return false;
            }
            continue;
        }
        if (c == '|') {
            if (count != 0) break; // reported below
            rows.push_back(Row{line.number, {}, {}});
            continue;
        }
        if (count_column != 0 && count == 0) {
            f = Failure{line.number, count_column, "a run length of 0; expected a count of 1 or more"};
            return false;
        }
        const uint32_t n = count_column != 0 ? count : 1;
        rows.back().cells.append(n, c);
        rows.back().column.insert(rows.back().column.end(), n, column);
        count = 0;
        count_column = 0;
    }
    if (count_column != 0) {
        f = Failure{line.number, count_column, "a run length at the end of a row; expected a map character after it"};
        return false;
    }
    return true;
}

struct Run {
    size_t first; // index into lines
    size_t count;
};

std::vector<Run> find_levels(const char *text, const std::vector<Line> &lines) {
    std::vector<Run> runs;
    for (size_t i = 0; i < lines.size();) {
        if (!is_map_line(text, lines[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < lines.size() && is_map_line(text, lines[j])) ++j;
        runs.push_back(Run{i, j - i});
        i = j;
    }
    return runs;
}

const char *const XSB_EXPECTED = "# @ + $ * . space - _ (or p P b B for @ + $ *)";
const char *const COURSE_EXPECTED = "# o O x X . @ ! space";

} // namespace

bool count_levels(const char *text, size_t length, uint32_t &count, Failure &f) {
    std::vector<Line> lines = split_lines(text, length);
    std::vector<Run> runs = find_levels(text, lines);
    if (runs.empty()) {
        f = Failure{1, 1, length == 0 ? "empty input; expected a Sokoban map (XSB or course format)"
                                      : "no level found; expected a Sokoban map (XSB or course "
                                        "format) besides blank and comment lines"};
        return false;
    }
    count = static_cast<uint32_t>(runs.size());
    return true;
}

bool parse_level(const char *text, size_t length, uint32_t level, Level &out, Failure &f) {
    std::vector<Line> lines = split_lines(text, length);
    std::vector<Run> runs = find_levels(text, lines);
    if (runs.empty()) {
        uint32_t n = 0;
        count_levels(text, length, n, f);
        return false;
    }
    if (level < 1 || level > runs.size()) {
        f = Failure{0, 0,
                    "level " + std::to_string(level) + " is out of range; the input holds " +
                        (runs.size() == 1 ? std::string("only level 1")
                                          : "levels 1.." + std::to_string(runs.size()))};
        return false;
    }
    const Run run = runs[level - 1];
    std::vector<Row> rows;
    for (size_t k = 0; k < run.count; ++k)
        if (!expand_line(text, lines[run.first + k], rows, f)) return false;
    Level lv;
    lv.first_line = lines[run.first].number;
    lv.height = static_cast<int>(rows.size());
    bool course = false;
    std::string why_course; // the first course-only character, for an error's hint
    for (const Row &row : rows) {
        lv.width = std::max(lv.width, static_cast<int>(row.cells.size()));
        for (size_t i = 0; i < row.cells.size(); ++i)
            if (row.cells[i] != '\0' && std::strchr("oOxX!", row.cells[i]) != nullptr && !course) {
                course = true;
                why_course = std::string("; the map is read in the course format because of '") + row.cells[i] +
                             "' at line " + std::to_string(row.line) + " column " +
                             std::to_string(i < row.column.size() ? row.column[i] : row.column_of(i));
            }
    }
    lv.format = course ? Format::course : Format::xsb;
    lv.grid.assign(static_cast<size_t>(lv.width) * lv.height, CELL_VOID);

    uint32_t player_line = 0, player_column = 0;
    for (size_t k = 0; k < rows.size(); ++k) {
        const Row &line = rows[k];
        for (size_t i = 0; i < line.cells.size(); ++i) {
            const char c = line.cells[i];
            const int cell = static_cast<int>(k) * lv.width + static_cast<int>(i);
            uint8_t flags = 0;
            bool player = false;
            bool known = true;
            if (c == '#') flags = CELL_WALL;
            else if (c == '.') flags = CELL_GOAL;
            else if (c == ' ') flags = 0;
            else if (!course) {
                switch (c) {
                case '@': case 'p': player = true; break;
                case '+': case 'P': player = true; flags = CELL_GOAL; break;
                case '$': case 'b': flags = CELL_BOX; break;
                case '*': case 'B': flags = CELL_BOX | CELL_GOAL; break;
                case '-': case '_': break;
                default: known = false;
                }
            } else {
                switch (c) {
                case 'o': player = true; break;
                case 'O': player = true; flags = CELL_GOAL; break;
                case '!': player = true; flags = CELL_FRAGILE; break;
                case 'x': flags = CELL_BOX; break;
                case 'X': flags = CELL_BOX | CELL_GOAL; break;
                case '@': flags = CELL_FRAGILE; break;
                default: known = false;
                }
            }
            if (!known) {
                std::string shown = (c >= 32 && c < 127) ? std::string(1, c)
                                                         : "\\x" + std::string(1, "0123456789abcdef"[(c >> 4) & 15]) +
                                                               std::string(1, "0123456789abcdef"[c & 15]);
                if (c == '\t') shown = "\\t";
                f = Failure{line.line, line.column[i],
                            "unknown character '" + shown + "'; expected one of " +
                                (course ? COURSE_EXPECTED : XSB_EXPECTED) +
                                (course && c != '\0' && std::strchr("$*+pPbB-_", c) != nullptr ? why_course : std::string())};
                return false;
            }
            if (player) {
                if (lv.player >= 0) {
                    f = Failure{line.line, line.column[i],
                                "a second player; the first is at line " + std::to_string(player_line) +
                                    " column " + std::to_string(player_column) + ", expected exactly one"};
                    return false;
                }
                lv.player = cell;
                player_line = line.line;
                player_column = line.column[i];
            }
            if (flags & CELL_BOX) ++lv.box_count;
            if (flags & CELL_GOAL) ++lv.goal_count;
            lv.grid[cell] = flags;
        }
    }
    if (lv.player < 0) {
        f = Failure{lv.first_line, 1,
                    std::string("missing player; expected one ") +
                        (course ? "'o', 'O' or '!'" : "'@' or '+'") + " in the map"};
        return false;
    }
    if (lv.box_count != lv.goal_count || lv.box_count == 0) {
        f = Failure{lv.first_line, 1,
                    std::to_string(lv.box_count) + (lv.box_count == 1 ? " box" : " boxes") + " but " +
                        std::to_string(lv.goal_count) + (lv.goal_count == 1 ? " goal" : " goals") +
                        "; expected as many goals as boxes (at least one)"};
        return false;
    }
    // Closed by walls: the player's area (through every non-wall cell) must not reach the
    // border of the grid or a cell outside the lines.
    std::vector<uint8_t> seen(lv.grid.size(), 0);
    std::vector<int> stack{lv.player};
    seen[lv.player] = 1;
    while (!stack.empty()) {
        const int cell = stack.back();
        stack.pop_back();
        const int r = cell / lv.width, c = cell % lv.width;
        if ((lv.grid[cell] & CELL_VOID) || r == 0 || c == 0 || r == lv.height - 1 || c == lv.width - 1) {
            f = Failure{rows[static_cast<size_t>(r)].line, rows[static_cast<size_t>(r)].column_of(static_cast<size_t>(c)),
                        "the map is not closed by walls: the player can reach this cell at its edge; "
                        "expected walls '#' all around the player's area"};
            return false;
        }
        for (int d = 0; d < 4; ++d) {
            const int n = (r + DR[d]) * lv.width + (c + DC[d]);
            if (seen[n] || (lv.grid[n] & CELL_WALL)) continue;
            seen[n] = 1;
            stack.push_back(n);
        }
    }
    out = std::move(lv);
    return true;
}

} // namespace sokoban
