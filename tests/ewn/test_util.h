// test_util.h -- helpers shared by the EWN domain tests (no test cases here): reading files,
// an A* over the plugin's C table (the domain tests do not link the runtime), the reachable
// graph of small instances, and a deterministic random instance generator.
#ifndef EWN_TEST_UTIL_H
#define EWN_TEST_UTIL_H

#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <queue>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <solver/plugin.h>

#include "../ewn_checker.h"

extern "C" const solver_plugin *solver_plugin_entry(void);

namespace ewn_test {

inline std::string read_text(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// puzzles/ewn/OPTIMAL.txt as (file, fewest plies).
inline std::vector<std::pair<std::string, int>> optimal_table() {
    return solver_test::ewn_optimal_table(read_text("puzzles/ewn/OPTIMAL.txt"));
}

struct Err {
    char msg[512] = {0};
    solver_error e{msg, sizeof msg, 0, 0};
};

// An opened instance with one scratch; throws when open fails.
struct Opened {
    const solver_plugin *P = solver_plugin_entry();
    solver_instance *inst = nullptr;
    solver_scratch *scratch = nullptr;
    size_t n = 0;
    explicit Opened(const std::string &text, std::vector<solver_option> options = {}) {
        Err err;
        if (P->open(text.data(), text.size(), "test", 1, options.data(), options.size(), nullptr, &inst, &err.e) !=
            SOLVER_OK)
            throw std::runtime_error(std::string("open failed: ") + err.msg);
        scratch = P->scratch_create(inst);
        n = P->info(inst)->state_size;
    }
    ~Opened() {
        P->scratch_free(scratch);
        P->close(inst);
    }
    Opened(const Opened &) = delete;
    Opened &operator=(const Opened &) = delete;
    std::string initial() const {
        std::string s(n, '\0');
        P->initial(inst, scratch, &s[0]);
        return s;
    }
    uint32_t h(const std::string &s) const { return P->heuristic(inst, scratch, s.data()); }
    bool goal(const std::string &s) const { return P->is_goal(inst, s.data()) != 0; }
    struct Child {
        std::string state;
        uint32_t move, h;
        uint64_t hash;
    };
    std::vector<Child> children(const std::string &s) const {
        struct Ctx {
            std::vector<Child> out;
            size_t n;
        } ctx{{}, n};
        solver_sink sink{&ctx, [](void *c, const void *st, uint32_t move, uint32_t, uint32_t hv, uint64_t hash) {
                             auto *x = static_cast<Ctx *>(c);
                             x->out.push_back(Child{std::string(static_cast<const char *>(st), x->n), move, hv, hash});
                             return 0;
                         }};
        if (P->expand(inst, scratch, s.data(), &sink) != SOLVER_OK) throw std::runtime_error("expand failed");
        return ctx.out;
    }
    std::string format(const std::vector<uint32_t> &moves, const std::string &states) const {
        Err err;
        size_t needed = 0;
        std::string out(8, '\0');
        solver_status st =
            P->format_solution(inst, states.data(), moves.data(), moves.size(), &out[0], out.size(), &needed, &err.e);
        if (st == SOLVER_ERR_BUFFER) {
            out.assign(needed, '\0');
            st = P->format_solution(inst, states.data(), moves.data(), moves.size(), &out[0], out.size(), &needed,
                                    &err.e);
        }
        if (st != SOLVER_OK) throw std::runtime_error(std::string("format failed: ") + err.msg);
        return out.c_str();
    }
    solver_status verify(const std::string &answer, uint64_t &cost, Err &err) const {
        return P->verify_solution(inst, answer.data(), answer.size(), &cost, &err.e);
    }
};

// A* (f = g + h, ties to the larger g) over the table functions, g capped at max_cost like the
// runtime's engines. plies = -1 when the space is exhausted.
struct Solved {
    int plies = -1;
    std::string text;
    size_t expanded = 0;
};

inline Solved table_astar(const std::string &input, std::vector<solver_option> options = {}) {
    Opened o(input, options);
    const uint64_t max_cost = o.P->info(o.inst)->max_cost;
    struct Node {
        std::string state;
        int64_t parent;
        uint32_t move, g;
        bool expanded;
    };
    std::vector<Node> nodes;
    std::unordered_map<std::string, size_t> index; // state -> node (best g so far)
    using Entry = std::tuple<uint64_t, int64_t, size_t>; // (f, -g, node)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    Solved res;
    const std::string start = o.initial();
    const uint32_t h0 = o.h(start);
    if (h0 == SOLVER_H_DEAD) return res;
    nodes.push_back(Node{start, -1, 0, 0, false});
    index.emplace(start, 0);
    open.emplace(h0, 0, 0);
    int64_t goal = -1;
    while (!open.empty()) {
        const size_t id = std::get<2>(open.top());
        open.pop();
        if (index[nodes[id].state] != id) continue; // a cheaper copy of this state was queued
        if (nodes[id].expanded) continue;
        nodes[id].expanded = true;
        if (o.goal(nodes[id].state)) {
            goal = static_cast<int64_t>(id);
            break;
        }
        ++res.expanded;
        const uint32_t g = nodes[id].g;
        const std::string parent_state = nodes[id].state;
        for (auto &k : o.children(parent_state)) {
            if (k.h == SOLVER_H_DEAD || g + 1 > max_cost) continue;
            auto it = index.find(k.state);
            if (it != index.end() && nodes[it->second].g <= g + 1) continue;
            nodes.push_back(Node{k.state, static_cast<int64_t>(id), k.move, g + 1, false});
            index[k.state] = nodes.size() - 1;
            open.emplace(g + 1 + k.h, -static_cast<int64_t>(g + 1), nodes.size() - 1);
        }
    }
    if (goal < 0) return res;
    std::vector<size_t> path;
    for (int64_t x = goal; x >= 0; x = nodes[x].parent) path.push_back(static_cast<size_t>(x));
    std::vector<uint32_t> moves;
    std::string states;
    for (size_t i = path.size(); i-- > 0;) {
        states += nodes[path[i]].state;
        if (i + 1 < path.size()) moves.push_back(nodes[path[i]].move);
    }
    res.plies = static_cast<int>(moves.size());
    res.text = o.format(moves, states);
    return res;
}

// Every state reachable from the start through the plugin's expansion (goal states are not
// expanded: the game ends there; dead children are kept as states with no children), with the
// exact number of plies to a goal by backward BFS (-1 = none), ignoring the 100-ply cap.
struct Graph {
    std::vector<std::string> states;
    std::vector<std::vector<uint32_t>> succ;
    std::vector<int> dist;
    bool complete = true;
};

inline Graph reachable_graph(const Opened &o, size_t max_states) {
    Graph gr;
    std::unordered_map<std::string, uint32_t> id;
    auto add = [&](const std::string &s) {
        auto it = id.find(s);
        if (it != id.end()) return it->second;
        const uint32_t k = static_cast<uint32_t>(gr.states.size());
        id.emplace(s, k);
        gr.states.push_back(s);
        gr.succ.emplace_back();
        return k;
    };
    add(o.initial());
    for (size_t i = 0; i < gr.states.size(); ++i) {
        if (gr.states.size() > max_states) {
            gr.complete = false;
            return gr;
        }
        const std::string s = gr.states[i];
        if (o.goal(s)) continue;
        for (auto &c : o.children(s)) {
            const uint32_t k = add(c.state);
            gr.succ[i].push_back(k);
        }
    }
    std::vector<std::vector<uint32_t>> pred(gr.states.size());
    for (uint32_t u = 0; u < gr.states.size(); ++u)
        for (uint32_t v : gr.succ[u]) pred[v].push_back(u);
    gr.dist.assign(gr.states.size(), -1);
    std::vector<uint32_t> q;
    for (uint32_t u = 0; u < gr.states.size(); ++u)
        if (o.goal(gr.states[u])) {
            gr.dist[u] = 0;
            q.push_back(u);
        }
    for (size_t head = 0; head < q.size(); ++head)
        for (uint32_t u : pred[q[head]])
            if (gr.dist[u] < 0) {
                gr.dist[u] = gr.dist[q[head]] + 1;
                q.push_back(u);
            }
    return gr;
}

// Deterministic small random instances (64-bit LCG).
struct Rng {
    uint64_t x;
    explicit Rng(uint64_t seed) : x(seed) {}
    uint32_t next() {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<uint32_t>(x >> 33);
    }
    int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<uint32_t>(hi - lo + 1)); }
};

// Board rows x cols in [lo_side, hi_side], 1..max_pieces distinct pieces on distinct cells,
// period 1..max_period, goal piece 0 (a quarter of the time) or any 1..6 (maybe absent).
inline std::string random_instance(Rng &rng, int lo_side, int hi_side, int max_pieces, int max_period) {
    const int n = rng.range(lo_side, hi_side), m = rng.range(lo_side, hi_side);
    std::vector<int> grid(n * m, 0);
    int pieces = rng.range(1, std::min(max_pieces, n * m));
    std::vector<int> numbers = {1, 2, 3, 4, 5, 6};
    for (int i = 0; i < pieces; ++i) {
        std::swap(numbers[i], numbers[rng.range(i, 5)]);
        int cell;
        do cell = rng.range(0, n * m - 1);
        while (grid[cell] != 0);
        grid[cell] = numbers[i];
    }
    const int p = rng.range(1, max_period);
    std::ostringstream out;
    out << n << ' ' << m << '\n';
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < m; ++c) out << grid[r * m + c] << (c + 1 < m ? " " : "\n");
    }
    out << p << '\n';
    for (int i = 0; i < p; ++i) out << rng.range(1, 6) << (i + 1 < p ? " " : "\n");
    out << (rng.range(0, 3) == 0 ? 0 : rng.range(1, 6)) << '\n';
    return out.str();
}

} // namespace ewn_test

#endif
