#include "ewn_checker.h"

#include <sstream>

namespace solver_test {

namespace {
const int kDr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
const int kDc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

bool goal_reached(const ewn_puzzle& p, const std::vector<int>& grid) {
    int corner = grid[p.n * p.m - 1];
    return p.s == 0 ? corner != 0 : corner == p.s;
}

// A line of exactly `count` plain decimal numbers (no signs), else false.
bool numbers(const std::string& line, std::size_t count, int* out) {
    std::istringstream in(line);
    std::string tok;
    std::size_t n = 0;
    while (in >> tok) {
        if (n == count || tok.size() > 6 || tok.find_first_not_of("0123456789") != std::string::npos) return false;
        out[n++] = std::stoi(tok);
    }
    return n == count;
}

int find_piece(const std::vector<int>& grid, int piece) {
    for (std::size_t i = 0; i < grid.size(); ++i)
        if (grid[i] == piece) return int(i);
    return -1;
}
}  // namespace

ewn_puzzle read_ewn(const std::string& text) {
    ewn_puzzle p;
    std::istringstream in(text);
    auto bad = [&p](const std::string& why) {
        p.error = why;
        return p;
    };
    if (!(in >> p.n >> p.m) || p.n < 1 || p.m < 1 || p.n > 9 || p.m > 9) return bad("bad n m");
    p.grid.resize(p.n * p.m);
    for (int& c : p.grid)
        if (!(in >> c) || c < 0 || c > 6) return bad("bad cell");
    int period = 0;
    if (!(in >> period) || period < 1 || period > 18) return bad("bad period");
    p.dice.resize(period);
    for (int& d : p.dice)
        if (!(in >> d) || d < 1 || d > 6) return bad("bad dice");
    if (!(in >> p.s) || p.s < 0 || p.s > 6) return bad("bad goal piece");
    p.ok = true;
    return p;
}

std::vector<int> ewn_movers(const std::vector<int>& grid, int dice) {
    bool on[8] = {false};
    for (int c : grid) on[c] = true;
    if (on[dice]) return {dice};
    std::vector<int> out;
    for (int k = dice - 1; k >= 1; --k)
        if (on[k]) {
            out.push_back(k);
            break;
        }
    for (int k = dice + 1; k <= 6; ++k)
        if (on[k]) {
            out.push_back(k);
            break;
        }
    return out;
}

ewn_check check_ewn_solution(const std::string& input, const std::string& answer) {
    ewn_check res;
    ewn_puzzle p = read_ewn(input);
    if (!p.ok) {
        res.reason = "checker: cannot read the puzzle: " + p.error;
        return res;
    }
    std::vector<std::string> lines;
    std::istringstream as(answer);
    for (std::string line; std::getline(as, line);) lines.push_back(line);
    while (!lines.empty() && lines.back().find_first_not_of(" \t\r") == std::string::npos) lines.pop_back();
    if (lines.empty()) {
        res.reason = "empty answer";
        return res;
    }
    int k = -1;
    if (!numbers(lines[0], 1, &k)) {
        res.reason = "first line is not a ply count";
        return res;
    }
    if (k > 100) {
        res.reason = "more than 100 plies";
        return res;
    }
    if (int(lines.size()) - 1 != k) {
        res.reason = "k = " + std::to_string(k) + " but " + std::to_string(lines.size() - 1) + " move lines";
        return res;
    }
    std::vector<int> grid = p.grid;
    for (int i = 0; i < k; ++i) {
        const std::string where = "ply " + std::to_string(i) + ": ";
        if (goal_reached(p, grid)) {
            res.reason = where + "moves after the goal was reached";
            return res;
        }
        int pd[2] = {-1, -1};
        if (!numbers(lines[i + 1], 2, pd)) {
            res.reason = where + "not 'piece direction'";
            return res;
        }
        const int piece = pd[0], dir = pd[1];
        if (dir < 0 || dir > 7) {
            res.reason = where + "direction out of range";
            return res;
        }
        std::vector<int> allowed = ewn_movers(grid, p.dice[i % p.dice.size()]);
        bool ok = false;
        for (int a : allowed) ok = ok || a == piece;
        if (!ok) {
            res.reason = where + "piece " + std::to_string(piece) + " may not move";
            return res;
        }
        int at = find_piece(grid, piece);
        int r = at / p.m + kDr[dir], c = at % p.m + kDc[dir];
        if (r < 0 || r >= p.n || c < 0 || c >= p.m) {
            res.reason = where + "off the board";
            return res;
        }
        grid[at] = 0;
        grid[r * p.m + c] = piece;  // captures whatever stood there
    }
    if (!goal_reached(p, grid)) {
        res.reason = "the goal is not reached at the end";
        return res;
    }
    res.ok = true;
    res.plies = k;
    return res;
}

ewn_bfs_result ewn_brute_force(const ewn_puzzle& p, uint64_t max_states) {
    ewn_bfs_result res;
    const int cells = p.n * p.m, period = int(p.dice.size());
    // A state is a key: the cell of each piece 1..6 (7 bits each, 127 = absent) and the ply
    // index mod p above them. Layers hold keys; grids are rebuilt to apply the rules.
    auto key = [&](const std::vector<int>& grid, int t) {
        uint64_t pos[7];
        for (auto& x : pos) x = 127;
        for (int i = 0; i < cells; ++i)
            if (grid[i]) pos[grid[i]] = uint64_t(i);
        uint64_t k = uint64_t(t);
        for (int piece = 1; piece <= 6; ++piece) k = (k << 7) | pos[piece];
        return k;
    };
    auto grid_of = [&](uint64_t k, std::vector<int>& grid) {
        grid.assign(cells, 0);
        for (int piece = 6; piece >= 1; --piece, k >>= 7)
            if ((k & 127) != 127) grid[k & 127] = piece;
    };
    if (goal_reached(p, p.grid)) {
        res.plies = 0;
        return res;
    }
    if (p.s != 0 && find_piece(p.grid, p.s) < 0) return res;  // the goal piece is not there
    // Open addressing on key + 1 (0 = empty slot), at most half full.
    uint64_t slots = 16;
    while (slots < 2 * max_states + 2) slots *= 2;
    std::vector<uint64_t> table(slots, 0);
    uint64_t stored = 0;
    auto insert = [&](uint64_t k) {
        uint64_t h = (k + 1) * 0x9E3779B97F4A7C15ull;
        for (uint64_t i = h >> 20;; ++i) {
            uint64_t& slot = table[i & (slots - 1)];
            if (slot == k + 1) return false;
            if (slot == 0) {
                slot = k + 1;
                ++stored;
                return true;
            }
        }
    };
    std::vector<uint64_t> layer{key(p.grid, 0)}, next;
    insert(layer[0]);
    std::vector<int> grid;
    for (int ply = 0; ply < 100 && !layer.empty(); ++ply) {
        next.clear();
        const int t = ply % period, t2 = (ply + 1) % period;
        for (uint64_t k : layer) {
            grid_of(k, grid);
            if (p.s != 0 && find_piece(grid, p.s) < 0) continue;  // the goal piece is gone
            for (int piece : ewn_movers(grid, p.dice[t])) {
                int at = find_piece(grid, piece);
                for (int dir = 0; dir < 8; ++dir) {
                    int r = at / p.m + kDr[dir], c = at % p.m + kDc[dir];
                    if (r < 0 || r >= p.n || c < 0 || c >= p.m) continue;
                    std::vector<int> g = grid;
                    g[at] = 0;
                    g[r * p.m + c] = piece;  // captures whatever stood there
                    const uint64_t gk = key(g, t2);
                    if (!insert(gk)) continue;
                    if (goal_reached(p, g)) {
                        res.plies = ply + 1;
                        res.states = stored;
                        return res;
                    }
                    if (stored > max_states) {
                        res.complete = false;
                        res.states = stored;
                        return res;
                    }
                    next.push_back(gk);
                }
            }
        }
        layer.swap(next);
    }
    res.states = stored;
    return res;
}

std::vector<std::pair<std::string, int>> ewn_optimal_table(const std::string& text) {
    std::vector<std::pair<std::string, int>> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ls(line);
        std::string file;
        int plies = -1;
        if (ls >> file >> plies) out.emplace_back(file, plies);
    }
    return out;
}

}  // namespace solver_test
