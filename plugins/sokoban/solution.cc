// solution.cc -- see solution.h.
#include "solution.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace sokoban {

bool format_solution(const Instance &inst, const uint8_t *states, const uint32_t *moves, size_t count,
                     std::string &out, std::string &error) {
    const Board &b = inst.board;
    const Format format = b.level.format;
    std::vector<uint8_t> occ(b.n, 0);
    for (int box : b.start_boxes) occ[box] = 1;
    int player = b.start_player;
    std::vector<int> from_dir(b.n, -1), queue;
    queue.reserve(b.n);
    std::string text, walk;
    // One push of the box at `box` in direction d: the walk to the cell behind it, then the push.
    auto apply_push = [&](size_t m, int box, int d) -> bool {
        if (box < 0 || box >= b.n || !occ[box]) {
            error = "move " + std::to_string(m + 1) + " pushes a box that is not there";
            return false;
        }
        const int to = b.nb[box][d], behind = b.nb[box][opposite(d)];
        if (to < 0 || occ[to] || !b.boxable[to] || behind < 0 || occ[behind]) {
            error = "move " + std::to_string(m + 1) + " is not a legal push";
            return false;
        }
        // BFS from the player to `behind` around the boxes.
        std::fill(from_dir.begin(), from_dir.end(), -1);
        queue.clear();
        queue.push_back(player);
        from_dir[player] = 4;
        for (size_t head = 0; head < queue.size() && from_dir[behind] < 0; ++head) {
            const int c = queue[head];
            for (int dd = 0; dd < 4; ++dd) {
                const int x = b.nb[c][dd];
                if (x < 0 || occ[x] || from_dir[x] >= 0) continue;
                from_dir[x] = dd;
                queue.push_back(x);
            }
        }
        if (from_dir[behind] < 0) {
            error = "move " + std::to_string(m + 1) + ": the player cannot reach the pushing position";
            return false;
        }
        walk.clear();
        for (int c = behind; c != player;) {
            const int dd = from_dir[c];
            walk.push_back(direction_letter(format, dd, false));
            c = b.nb[c][opposite(dd)];
        }
        text.append(walk.rbegin(), walk.rend());
        text.push_back(direction_letter(format, d, true));
        occ[box] = 0;
        occ[to] = 1;
        player = box;
        return true;
    };
    PathScratch ps;
    std::vector<int> dirs;
    const size_t bits = inst.state_size - 2;
    auto has_box = [](const uint8_t *st, int c) { return (st[2 + c / 8] >> (c % 8)) & 1; };
    for (size_t m = 0; m < count; ++m) {
        const int box = static_cast<int>(moves[m] / 4), d = static_cast<int>(moves[m] % 4);
        if (!apply_push(m, box, d)) return false;
        if (states == nullptr) continue;
        // A macro move: the next state has the box further on; find the same pushes again.
        const uint8_t *next = states + (m + 1) * inst.state_size;
        const int at = b.nb[box][d];
        if (has_box(next, at)) continue;
        int dest = -1;
        for (size_t byte = 0; byte < bits && dest < 0; ++byte)
            for (int k = 0; k < 8; ++k) {
                const int c = static_cast<int>(byte * 8) + k;
                if (c < b.n && has_box(next, c) && !occ[c]) {
                    dest = c;
                    break;
                }
            }
        if (ps.occ.empty()) ps.init(b.n);
        int end_player = -1;
        if (dest < 0 || !push_path(b, occ.data(), nullptr, at, player, dest, state_player(next), ps, dirs, end_player)) {
            error = "move " + std::to_string(m + 1) + ": no push sequence leads to the next state";
            return false;
        }
        int cur = at;
        for (int dd : dirs) {
            if (!apply_push(m, cur, dd)) return false;
            cur = b.nb[cur][dd];
        }
    }
    out = std::move(text);
    return true;
}

bool verify_solution(const Level &level, const char *text, size_t length, uint64_t &pushes,
                     uint32_t &column, std::string &error) {
    const int w = level.width, h = level.height;
    std::vector<uint8_t> grid = level.grid;
    int player = level.player;
    pushes = 0;
    auto blocked = [&](int r, int c) {
        return r < 0 || c < 0 || r >= h || c >= w || (grid[r * w + c] & (CELL_WALL | CELL_VOID));
    };
    for (size_t i = 0; i < length; ++i) {
        const char ch = text[i];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;
        const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        int d = -1;
        if (level.format == Format::course) {
            const char *letters = "WASD";
            for (int k = 0; k < 4; ++k)
                if (letters[k] == up) d = k;
        } else {
            const char *letters = "ULDR";
            for (int k = 0; k < 4; ++k)
                if (letters[k] == up) d = k;
        }
        const std::string where = "move " + std::to_string(i + 1) + " '" + std::string(1, ch) + "'";
        column = static_cast<uint32_t>(i + 1);
        if (d < 0) {
            error = where + " is not a move; expected one of " +
                    (level.format == Format::course ? "W A S D" : "u l d r (walk) U L D R (push)") +
                    " (either case)";
            return false;
        }
        const int r = player / w + DR[d], c = player % w + DC[d];
        if (blocked(r, c)) {
            error = where + " walks into a wall";
            return false;
        }
        const int next = r * w + c;
        if (grid[next] & CELL_BOX) {
            const int r2 = r + DR[d], c2 = c + DC[d];
            if (blocked(r2, c2)) {
                error = where + " pushes a box into a wall";
                return false;
            }
            const int beyond = r2 * w + c2;
            if (grid[beyond] & CELL_BOX) {
                error = where + " pushes two boxes";
                return false;
            }
            if (grid[beyond] & CELL_FRAGILE) {
                error = where + " pushes a box onto a fragile tile";
                return false;
            }
            grid[next] = static_cast<uint8_t>(grid[next] & ~CELL_BOX);
            grid[beyond] = static_cast<uint8_t>(grid[beyond] | CELL_BOX);
            ++pushes;
        }
        player = next;
    }
    int off = 0;
    for (uint8_t f : grid)
        if ((f & CELL_BOX) && !(f & CELL_GOAL)) ++off;
    if (off > 0) {
        column = 0;
        error = "the solution ends with " + std::to_string(off) + (off == 1 ? " box" : " boxes") +
                " off the goals";
        return false;
    }
    return true;
}

} // namespace sokoban
