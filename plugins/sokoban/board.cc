// board.cc -- see board.h.
#include "board.h"

namespace sokoban {

Board build_board(Level level) {
    Board b;
    const int w = level.width;
    const int size = w * level.height;
    b.index_of.assign(size, -1);
    // Flood the player's area through non-wall cells.
    std::vector<uint8_t> in(size, 0);
    std::vector<int> stack{level.player};
    in[level.player] = 1;
    while (!stack.empty()) {
        const int cell = stack.back();
        stack.pop_back();
        const int r = cell / w, c = cell % w;
        for (int d = 0; d < 4; ++d) {
            const int rr = r + DR[d], cc = c + DC[d];
            if (rr < 0 || cc < 0 || rr >= level.height || cc >= w) continue;
            const int nc = rr * w + cc;
            if (in[nc] || (level.grid[nc] & (CELL_WALL | CELL_VOID))) continue;
            in[nc] = 1;
            stack.push_back(nc);
        }
    }
    for (int cell = 0; cell < size; ++cell) {
        if (!in[cell]) {
            const uint8_t f = level.grid[cell];
            const bool box = f & CELL_BOX, goal = f & CELL_GOAL;
            if (box != goal) b.unsolvable = true;
            continue;
        }
        b.index_of[cell] = b.n++;
        b.grid_of.push_back(cell);
    }
    b.nb.resize(b.n);
    b.goal.assign(b.n, 0);
    b.boxable.assign(b.n, 0);
    for (int i = 0; i < b.n; ++i) {
        const int cell = b.grid_of[i];
        const int r = cell / w, c = cell % w;
        for (int d = 0; d < 4; ++d) {
            const int rr = r + DR[d], cc = c + DC[d];
            int idx = -1;
            if (rr >= 0 && cc >= 0 && rr < level.height && cc < w) idx = b.index_of[rr * w + cc];
            b.nb[i][d] = idx;
        }
        const uint8_t f = level.grid[cell];
        b.goal[i] = (f & CELL_GOAL) ? 1 : 0;
        b.boxable[i] = (f & CELL_FRAGILE) ? 0 : 1;
        if (f & CELL_GOAL) b.goals.push_back(i);
        if (f & CELL_BOX) b.start_boxes.push_back(i);
    }
    b.start_player = b.index_of[level.player];
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ static_cast<uint64_t>(b.n);
    auto next = [&seed]() {
        uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    b.zobrist_box.resize(b.n);
    b.zobrist_player.resize(b.n);
    for (int i = 0; i < b.n; ++i) {
        b.zobrist_box[i] = next();
        b.zobrist_player[i] = next();
    }
    b.level = std::move(level);
    return b;
}

char direction_letter(Format format, int dir, bool push) {
    static const char course[4] = {'W', 'A', 'S', 'D'};
    static const char xsb[4] = {'u', 'l', 'd', 'r'};
    if (format == Format::course) return course[dir];
    const char c = xsb[dir];
    return push ? static_cast<char>(c - 'a' + 'A') : c;
}

} // namespace sokoban
