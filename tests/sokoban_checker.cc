#include "sokoban_checker.h"

#include <cctype>
#include <sstream>
#include <vector>

namespace solver_test {

sokoban_check check_sokoban_solution(const std::string& map, const std::string& moves, bool any_case) {
    sokoban_check res;
    std::vector<std::string> rows;
    std::stringstream ss(map);
    std::string line;
    while (std::getline(ss, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == ';') continue;
        rows.push_back(line);
    }
    const bool course = map.find_first_of("oOxX!") != std::string::npos;
    int pr = -1, pc = -1, boxes = 0;
    // Cell grid: wall, goal, fragile (box forbidden), box.
    struct cell {
        bool wall = false, goal = false, fragile = false, box = false;
    };
    std::size_t width = 0;
    for (auto& r : rows) width = std::max(width, r.size());
    std::vector<std::vector<cell>> g(rows.size(), std::vector<cell>(width));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t c = 0; c < rows[r].size(); ++c) {
            char ch = rows[r][c];
            cell& x = g[r][c];
            bool player = false;
            if (course) {
                switch (ch) {
                    case '#': x.wall = true; break;
                    case 'o': player = true; break;
                    case 'O': player = true, x.goal = true; break;
                    case 'x': x.box = true; break;
                    case 'X': x.box = true, x.goal = true; break;
                    case '.': x.goal = true; break;
                    case '@': x.fragile = true; break;
                    case '!': player = true, x.fragile = true; break;
                    case ' ': break;
                    default: res.reason = "checker: unknown map character"; return res;
                }
            } else {
                switch (ch) {
                    case '#': x.wall = true; break;
                    case '@': player = true; break;
                    case '+': player = true, x.goal = true; break;
                    case '$': x.box = true; break;
                    case '*': x.box = true, x.goal = true; break;
                    case '.': x.goal = true; break;
                    case ' ': case '-': case '_': break;
                    default: res.reason = "checker: unknown map character"; return res;
                }
            }
            if (player) pr = int(r), pc = int(c);
            if (x.box) ++boxes;
        }
    }
    if (pr < 0) {
        res.reason = "checker: no player";
        return res;
    }
    auto inside = [&](int r, int c) { return r >= 0 && c >= 0 && r < int(g.size()) && c < int(width); };
    for (std::size_t i = 0; i < moves.size(); ++i) {
        char m = moves[i];
        if (m == '\n' || m == '\r') continue;
        int dr = 0, dc = 0;
        char u = char(std::toupper(static_cast<unsigned char>(m)));
        if (course) {
            if (u == 'W') dr = -1; else if (u == 'S') dr = 1; else if (u == 'A') dc = -1; else if (u == 'D') dc = 1;
            else { res.reason = "move " + std::to_string(i + 1) + ": '" + m + "' is not W, A, S or D"; return res; }
        } else {
            if (u == 'U') dr = -1; else if (u == 'D') dr = 1; else if (u == 'L') dc = -1; else if (u == 'R') dc = 1;
            else { res.reason = "move " + std::to_string(i + 1) + ": '" + m + "' is not one of LURD"; return res; }
        }
        int r = pr + dr, c = pc + dc;
        if (!inside(r, c) || g[r][c].wall) { res.reason = "move " + std::to_string(i + 1) + " walks into a wall"; return res; }
        bool push = g[r][c].box;
        if (!course && !any_case && push != bool(std::isupper(static_cast<unsigned char>(m)))) {
            res.reason = "move " + std::to_string(i + 1) + ": letter case does not match push/walk";
            return res;
        }
        if (push) {
            int br = r + dr, bc = c + dc;
            if (!inside(br, bc) || g[br][bc].wall || g[br][bc].box || g[br][bc].fragile) {
                res.reason = "move " + std::to_string(i + 1) + " pushes a box into a wall, a box or a fragile tile";
                return res;
            }
            g[r][c].box = false;
            g[br][bc].box = true;
            ++res.pushes;
        }
        pr = r, pc = c;
        ++res.moves;
    }
    int on_goal = 0, goals = 0;
    for (auto& row : g)
        for (auto& x : row) on_goal += x.box && x.goal, goals += x.goal;
    if (on_goal != boxes || goals != boxes) {
        res.reason = "after the last move " + std::to_string(on_goal) + " of " + std::to_string(boxes) + " boxes are on goals";
        return res;
    }
    res.ok = true;
    return res;
}

std::string xsb_level(const std::string& collection, int k) {
    std::stringstream ss(collection);
    std::string line, cur;
    int count = 0;
    auto is_map_line = [](const std::string& l) {
        return !l.empty() && l[0] != ';' && l.find('#') != std::string::npos;
    };
    std::vector<std::string> levels;
    while (std::getline(ss, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (is_map_line(line)) {
            cur += line + "\n";
        } else if (!cur.empty()) {
            levels.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) levels.push_back(cur);
    count = int(levels.size());
    return k >= 1 && k <= count ? levels[k - 1] : "";
}

}  // namespace solver_test
