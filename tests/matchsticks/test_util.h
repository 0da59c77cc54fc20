// test_util.h -- helpers for the matchsticks domain tests: a sequential services table (the
// plugin's objects are linked without the runtime), reading the reference files, and an
// independent brute force over every subset of sticks.
#pragma once

#include <solver/plugin.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../plugins/matchsticks/matchsticks.h"

extern "C" const solver_plugin *solver_plugin_entry(void);

namespace matchsticks_test {

// parallel_for runs inline on worker 0; output is collected in `out`; `stop_after` polls
// of should_stop say "stop" (negative: never).
struct SeqServices {
    solver_services sv{};
    std::string out;
    long stop_after = -1;
    long polls = 0;
    SeqServices() {
        sv.abi_version = SOLVER_ABI_VERSION;
        sv.struct_size = sizeof(solver_services);
        sv.ctx = this;
        sv.threads = 1;
        sv.memory_budget_bytes = uint64_t(1) << 30;
        sv.cache_dir = "/tmp";
        sv.should_stop = [](void *c) {
            auto *s = static_cast<SeqServices *>(c);
            ++s->polls;
            return s->stop_after >= 0 && s->polls > s->stop_after ? 1 : 0;
        };
        sv.log = [](void *, solver_log_level, const char *) {};
        sv.progress = [](void *, const char *, double) {};
        sv.write_output = [](void *c, const char *t, size_t n) { static_cast<SeqServices *>(c)->out.append(t, n); };
        sv.parallel_for = [](void *, uint64_t b, uint64_t e, uint64_t, solver_range_fn body, void *arg) {
            if (b < e) body(arg, b, e, 0);
        };
    }
    const solver_services *get() const { return &sv; }
};

inline std::string read_text(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The data lines (not starting with '#') of a reference file, each split into numbers.
inline std::vector<std::vector<std::string>> data_lines(const std::string &path) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(read_text(path));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ls(line);
        std::vector<std::string> row;
        std::string w;
        while (ls >> w) row.push_back(w);
        rows.push_back(row);
    }
    return rows;
}

// Brute force: every subset of the sticks of an M x N board (M rows of squares, N columns),
// written straight from the definition, sharing nothing with the plugin.
// by_rs[R][S]: arrangements with R removed, S squares, no point of degree 1.
// nodangling[R]: removals of R sticks with no point of degree 1.
struct Brute {
    int m, n, sticks, squares;
    std::vector<std::vector<uint64_t>> by_rs;
    std::vector<uint64_t> nodangling;
    Brute(int m_, int n_) : m(m_), n(n_) {
        // horizontal stick (line i, column j) = i*n + j; vertical (row i, line j) = H + i*(n+1) + j
        const int H = (m + 1) * n;
        sticks = H + m * (n + 1);
        auto hs = [&](int i, int j) { return i * n + j; };
        auto vs = [&](int i, int j) { return H + i * (n + 1) + j; };
        std::vector<uint64_t> sq;  // border masks of every square
        for (int u = 1; u <= std::min(m, n); ++u)
            for (int t = 0; t + u <= m; ++t)
                for (int l = 0; l + u <= n; ++l) {
                    uint64_t b = 0;
                    for (int k = 0; k < u; ++k) {
                        b |= 1ull << hs(t, l + k);
                        b |= 1ull << hs(t + u, l + k);
                        b |= 1ull << vs(t + k, l);
                        b |= 1ull << vs(t + k, l + u);
                    }
                    sq.push_back(b);
                }
        squares = int(sq.size());
        std::vector<std::vector<int>> at((m + 1) * (n + 1));  // sticks touching each point
        for (int i = 0; i <= m; ++i)
            for (int j = 0; j < n; ++j) {
                at[i * (n + 1) + j].push_back(hs(i, j));
                at[i * (n + 1) + j + 1].push_back(hs(i, j));
            }
        for (int i = 0; i < m; ++i)
            for (int j = 0; j <= n; ++j) {
                at[i * (n + 1) + j].push_back(vs(i, j));
                at[(i + 1) * (n + 1) + j].push_back(vs(i, j));
            }
        by_rs.assign(sticks + 1, std::vector<uint64_t>(squares + 1, 0));
        nodangling.assign(sticks + 1, 0);
        const uint64_t all = (uint64_t(1) << sticks) - 1;
        for (uint64_t kept = 0; kept <= all; ++kept) {
            bool ok = true;
            for (const auto &p : at) {
                int d = 0;
                for (int s : p) d += int((kept >> s) & 1);
                if (d == 1) {
                    ok = false;
                    break;
                }
            }
            if (!ok) continue;
            int s = 0;
            for (uint64_t b : sq) s += (kept & b) == b;
            const int r = sticks - __builtin_popcountll(kept);
            ++by_rs[r][s];
            ++nodangling[r];
        }
    }
};

}  // namespace matchsticks_test
