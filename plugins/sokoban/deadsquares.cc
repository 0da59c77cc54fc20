// deadsquares.cc -- see deadsquares.h.
#include "deadsquares.h"

namespace sokoban {

std::vector<uint16_t> pull_distances(const Board &board, int goal) {
    std::vector<uint16_t> dist(board.n, UINT16_MAX);
    if (!board.boxable[goal]) return dist;
    std::vector<int> queue;
    queue.reserve(board.n);
    dist[goal] = 0;
    queue.push_back(goal);
    for (size_t head = 0; head < queue.size(); ++head) {
        const int box = queue[head];
        for (int d = 0; d < 4; ++d) {
            // Pull the box one cell in direction d: it moves to `to`, the player to `beyond`.
            const int to = board.nb[box][d];
            if (to < 0 || !board.boxable[to] || dist[to] != UINT16_MAX) continue;
            const int beyond = board.nb[to][d];
            if (beyond < 0) continue;
            dist[to] = static_cast<uint16_t>(dist[box] + 1);
            queue.push_back(to);
        }
    }
    return dist;
}

std::vector<uint8_t> compute_dead_squares(const Board &board) {
    std::vector<uint8_t> dead(board.n, 1);
    for (int g : board.goals) {
        const std::vector<uint16_t> dist = pull_distances(board, g);
        for (int c = 0; c < board.n; ++c)
            if (dist[c] != UINT16_MAX) dead[c] = 0;
    }
    return dead;
}

} // namespace sokoban
