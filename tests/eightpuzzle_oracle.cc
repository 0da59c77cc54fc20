#include "eightpuzzle_oracle.h"

#include <algorithm>
#include <queue>
#include <random>

namespace solver_test {

const std::map<board, int>& eightpuzzle_distances() {
    static const std::map<board, int> dist = [] {
        std::map<board, int> d;
        board goal{1, 2, 3, 4, 5, 6, 7, 8, 0};
        std::queue<board> q;
        d[goal] = 0;
        q.push(goal);
        while (!q.empty()) {
            board b = q.front();
            q.pop();
            int z = int(std::find(b.begin(), b.end(), 0) - b.begin());
            const int nbr[4] = {z - 3, z + 3, z % 3 ? z - 1 : -1, z % 3 != 2 ? z + 1 : -1};
            for (int t : nbr) {
                if (t < 0 || t > 8) continue;
                board c = b;
                std::swap(c[z], c[t]);
                if (d.emplace(c, d[b] + 1).second) q.push(c);
            }
        }
        return d;
    }();
    return dist;
}

std::string eightpuzzle_text(const board& b) {
    std::string s;
    for (auto v : b) s += char('0' + v), s += ' ';
    return s;
}

std::vector<board> eightpuzzle_positions(int count, unsigned seed, int max_distance) {
    std::mt19937 rng(seed);
    std::vector<board> out;
    const auto& dist = eightpuzzle_distances();
    while (int(out.size()) < count) {
        board b{0, 1, 2, 3, 4, 5, 6, 7, 8};
        std::shuffle(b.begin(), b.end(), rng);
        auto it = dist.find(b);
        if (it != dist.end() && it->second <= max_distance) out.push_back(b);
    }
    return out;
}

}  // namespace solver_test
