// test_util.h -- helpers shared by the Sokoban domain tests (no test cases here).
#ifndef SOKOBAN_TEST_UTIL_H
#define SOKOBAN_TEST_UTIL_H

#include <atomic>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <queue>
#include <set>
#include <sstream>
#include <thread>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <unordered_map>
#include <vector>

#include <solver/plugin.h>

#include "../../plugins/sokoban/parse.h"
#include "../../plugins/sokoban/search.h"

extern "C" const solver_plugin *solver_plugin_entry(void);

namespace sokoban_test {

inline std::string read_text(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline sokoban::Level parse_ok(const std::string &text, uint32_t level = 1) {
    sokoban::Level lv;
    sokoban::Failure f;
    const bool ok = sokoban::parse_level(text.data(), text.size(), level, lv, f);
    if (!ok) throw std::runtime_error("parse failed: " + f.message);
    return lv;
}

// An instance plus a scratch, built straight from map text.
struct Fixture {
    sokoban::Instance inst;
    sokoban::Scratch scratch;
    explicit Fixture(const std::string &text, sokoban::Options options = {}) {
        sokoban::init_instance(inst, parse_ok(text), options);
        sokoban::init_scratch(inst, scratch);
    }
    int cell(int row, int column) const {
        return inst.board.index_of[row * inst.board.level.width + column];
    }
    std::vector<uint8_t> initial() {
        std::vector<uint8_t> s(inst.state_size);
        sokoban::initial_state(inst, scratch, s.data());
        return s;
    }
    // A deadlock test on the box at (row, column) of the map's initial position, unpacked into
    // scratch: test(cell) is called, and the occupancy must be the same afterwards.
    template <class Test>
    bool on_initial_box(int row, int column, Test test) {
        std::vector<uint8_t> state = initial();
        sokoban::unpack_state(inst, scratch, state.data());
        const int c = cell(row, column);
        REQUIRE(c >= 0);
        REQUIRE(scratch.occ[c] == 1);
        const std::vector<uint8_t> before = scratch.occ;
        const bool result = test(c);
        CHECK(scratch.occ == before); // the test leaves the occupancy as it found it
        return result;
    }
};

struct Child {
    std::vector<uint8_t> state;
    uint32_t move;
    uint32_t h;
    uint64_t hash;
    uint32_t cost = 1;
};

inline std::vector<Child> children(const sokoban::Instance &inst, sokoban::Scratch &s,
                                   const std::vector<uint8_t> &state) {
    struct Ctx {
        std::vector<Child> out;
        size_t size;
    } ctx{{}, inst.state_size};
    solver_sink sink{&ctx, [](void *c, const void *st, uint32_t move, uint32_t cost, uint32_t h, uint64_t hash) {
                         auto *x = static_cast<Ctx *>(c);
                         const auto *b = static_cast<const uint8_t *>(st);
                         x->out.push_back(Child{std::vector<uint8_t>(b, b + x->size), move, h, hash, cost});
                         return 0;
                     }};
    sokoban::expand_state(inst, s, state.data(), sink);
    return ctx.out;
}

// A small best-first search over the plugin's table functions only, then format_solution.
// Priority g_weight * g + h_weight * h, ties to the smaller g: (0, 1) is greedy, (1, 1) A*,
// (2, 3) weighted A* with w = 1.5. ok = false when not solved within max_expansions.
struct Solved {
    bool ok = false;
    std::string text;
    size_t pushes = 0;   // the cost: pushes, macros counted push by push
    size_t steps = 0;    // search steps (a macro is one)
    size_t expanded = 0;
};

inline Solved table_solve(const std::string &input, uint32_t level, std::vector<solver_option> options,
                          size_t max_expansions, uint64_t g_weight = 0, uint64_t h_weight = 1) {
    const solver_plugin *P = solver_plugin_entry();
    Solved result;
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    solver_instance *inst = nullptr;
    if (P->open(input.data(), input.size(), "test", level, options.data(), options.size(), nullptr, &inst,
                &err) != SOLVER_OK)
        throw std::runtime_error(std::string("open failed: ") + msg);
    const solver_instance_info *info = P->info(inst);
    const size_t n = info->state_size;
    solver_scratch *scratch = P->scratch_create(inst);
    struct Node {
        std::string state;
        int64_t parent;
        uint32_t move;
        uint32_t g;
    };
    std::vector<Node> nodes;
    std::unordered_map<std::string, size_t> seen;
    using Entry = std::tuple<uint64_t, uint32_t, size_t>; // (priority, g, node)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    std::string start(n, '\0');
    P->initial(inst, scratch, &start[0]);
    const uint32_t h0 = P->heuristic(inst, scratch, start.data());
    nodes.push_back(Node{start, -1, 0, 0});
    seen.emplace(start, 0);
    open.emplace(h0, 0, 0);
    struct Ctx {
        std::vector<std::tuple<std::string, uint32_t, uint32_t, uint32_t>> kids; // state, move, h, cost
        size_t n;
    } ctx{{}, n};
    solver_sink sink{&ctx, [](void *c, const void *st, uint32_t move, uint32_t cost, uint32_t h, uint64_t) {
                         auto *x = static_cast<Ctx *>(c);
                         x->kids.emplace_back(std::string(static_cast<const char *>(st), x->n), move, h, cost);
                         return 0;
                     }};
    int64_t goal = -1;
    if (P->is_goal(inst, start.data())) goal = 0;
    while (goal < 0 && !open.empty() && result.expanded < max_expansions) {
        const size_t id = std::get<2>(open.top());
        open.pop();
        ++result.expanded;
        ctx.kids.clear();
        const std::string parent_state = nodes[id].state;
        const uint32_t g = nodes[id].g;
        P->expand(inst, scratch, parent_state.data(), &sink);
        for (auto &k : ctx.kids) {
            if (std::get<2>(k) == SOLVER_H_DEAD) continue;
            if (!seen.emplace(std::get<0>(k), nodes.size()).second) continue;
            const uint32_t g2 = g + std::get<3>(k); // a macro move costs its pushes
            nodes.push_back(Node{std::get<0>(k), static_cast<int64_t>(id), std::get<1>(k), g2});
            if (P->is_goal(inst, std::get<0>(k).data())) {
                goal = static_cast<int64_t>(nodes.size() - 1);
                break;
            }
            const uint64_t h = std::get<2>(k);
            open.emplace(g_weight * g2 + h_weight * h, g2, nodes.size() - 1);
        }
    }
    if (goal >= 0) {
        std::vector<uint32_t> moves;
        std::string states;
        std::vector<size_t> path;
        for (int64_t x = goal; x >= 0; x = nodes[x].parent) path.push_back(static_cast<size_t>(x));
        for (size_t i = path.size(); i-- > 0;) {
            states += nodes[path[i]].state;
            if (i + 1 < path.size()) moves.push_back(nodes[path[i]].move);
        }
        size_t needed = 0;
        std::string out(16, '\0');
        solver_status st = P->format_solution(inst, states.data(), moves.data(), moves.size(), &out[0],
                                              out.size(), &needed, &err);
        if (st == SOLVER_ERR_BUFFER) {
            out.assign(needed, '\0');
            st = P->format_solution(inst, states.data(), moves.data(), moves.size(), &out[0], out.size(),
                                    &needed, &err);
        }
        if (st != SOLVER_OK) throw std::runtime_error(std::string("format failed: ") + msg);
        result.ok = true;
        result.text = out.c_str();
        result.pushes = nodes[static_cast<size_t>(goal)].g;
        result.steps = moves.size();
    }
    P->scratch_free(scratch);
    P->close(inst);
    return result;
}

// The plugin's own verifier replays a solution of level `level` of `input` at its cost.
inline void check_replays(const std::string &input, uint32_t level, const Solved &s) {
    const solver_plugin *P = solver_plugin_entry();
    solver_instance *inst = nullptr;
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    REQUIRE(P->open(input.data(), input.size(), "m", level, nullptr, 0, nullptr, &inst, &err) == SOLVER_OK);
    uint64_t cost = 0;
    CHECK_MESSAGE(P->verify_solution(inst, s.text.data(), s.text.size(), &cost, &err) == SOLVER_OK, msg);
    CHECK(cost == s.pushes);
    P->close(inst);
}


// The fewest search steps from the initial position to a goal, breadth-first over
// expand_state with `s` (dead children skipped); -1 when none within max_depth.
inline int bfs_depth(const sokoban::Instance &inst, sokoban::Scratch &s, int max_depth = 200) {
    std::vector<uint8_t> start(inst.state_size);
    sokoban::initial_state(inst, s, start.data());
    std::vector<std::vector<uint8_t>> layer{start};
    std::set<std::vector<uint8_t>> seen{start};
    for (int depth = 0; depth < max_depth && !layer.empty(); ++depth) {
        std::vector<std::vector<uint8_t>> next;
        for (const auto &st : layer) {
            if (sokoban::state_is_goal(inst, st.data())) return depth;
            for (const auto &kid : children(inst, s, st))
                if (kid.h != sokoban::H_DEAD && seen.insert(kid.state).second) next.push_back(kid.state);
        }
        layer.swap(next);
    }
    return -1;
}

// A level set up for tests of the matching on random positions (matching_test.cc,
// speed34_test.cc): the instance with the default options, a scratch sized for its k boxes, and
// the cells a box may stand on (some goal reachable by pushes), more than k of them so that one
// is left for the player.
struct MatchingLevel {
    sokoban::Instance inst;
    sokoban::HeuristicScratch hs;
    std::vector<int> live;
    MatchingLevel(const std::string &text, uint32_t level) {
        sokoban::init_instance(inst, parse_ok(text, level), sokoban::Options{});
        hs.init(inst.heuristic.k);
        for (int c = 0; c < inst.board.n; ++c)
            if (inst.heuristic.nearest[c] != UINT16_MAX) live.push_back(c);
        REQUIRE(static_cast<int>(live.size()) > inst.heuristic.k);
    }
};

// Soundness of a deadlock test: breadth-first over each level of `text` with `options` (the
// test itself off there); every child that test(to, player) calls dead (to: the pushed box's
// cell, the child unpacked into fx.scratch; a test taking a third int gets the cell the box
// left) is searched exhaustively, and no goal may be reachable from it. make_test(fx) returns
// the test for a level's fixture. Returns how many pruned children were proven dead (up to
// per_level per level, each within 200000 states, among the first max_parents parents).
template <class MakeTest>
size_t pruned_states_proven_dead(const std::string &text, const std::vector<uint32_t> &levels,
                                 const sokoban::Options &options, MakeTest make_test, size_t per_level = 10,
                                 size_t max_parents = 3000) {
    size_t proven = 0;
    for (uint32_t level : levels) {
        INFO("level " << level);
        Fixture fx(text, options);
        sokoban::init_instance(fx.inst, parse_ok(text, level), options);
        sokoban::init_scratch(fx.inst, fx.scratch);
        const sokoban::Board &b = fx.inst.board;
        auto test = make_test(fx);
        std::vector<std::vector<uint8_t>> queue{fx.initial()};
        std::set<std::vector<uint8_t>> seen{queue[0]};
        size_t checked = 0;
        for (size_t head = 0; head < queue.size() && head < max_parents && checked < per_level; ++head) {
            const std::vector<uint8_t> parent = queue[head];
            for (const auto &kid : children(fx.inst, fx.scratch, parent)) {
                if (kid.h == sokoban::H_DEAD) continue;
                const int player = sokoban::unpack_state(fx.inst, fx.scratch, kid.state.data());
                int to = -1, from = -1; // the pushed box's new cell, and the one it left
                for (int c = 0; c < b.n; ++c) {
                    const bool before = (parent[2 + c / 8] >> (c & 7)) & 1;
                    if (fx.scratch.occ[c] && !before) to = c;
                    if (!fx.scratch.occ[c] && before) from = c;
                }
                REQUIRE(to >= 0);
                REQUIRE(from >= 0);
                bool pruned;
                if constexpr (std::is_invocable_v<decltype(test), int, int, int>) pruned = test(to, player, from);
                else pruned = test(to, player);
                if (pruned && checked < per_level) {
                    // Exhaust the states reachable from the pruned child: no goal among them.
                    std::vector<std::vector<uint8_t>> q{kid.state};
                    std::set<std::vector<uint8_t>> s2{kid.state};
                    bool goal = false;
                    for (size_t h2 = 0; h2 < q.size() && q.size() < 200000 && !goal; ++h2) {
                        goal = sokoban::state_is_goal(fx.inst, q[h2].data());
                        const std::vector<uint8_t> cur = q[h2];
                        for (const auto &k2 : children(fx.inst, fx.scratch, cur))
                            if (k2.h != sokoban::H_DEAD && s2.insert(k2.state).second) q.push_back(k2.state);
                    }
                    CHECK_FALSE(goal);
                    if (q.size() < 200000) ++checked;
                }
                if (seen.insert(kid.state).second) queue.push_back(kid.state);
            }
        }
        proven += checked;
    }
    return proven;
}

// A* (g + h, the admissible matching) with the macros off and `options`, on level `level` of
// `text`, within 300000 expansions.
inline Solved astar_no_macros(const std::string &text, uint32_t level, std::vector<solver_option> options) {
    options.push_back({"tunnels", "off"});
    options.push_back({"goalroom", "off"});
    return table_solve(text, level, options, 300000, 1, 1);
}

// A technique keeps the fewest pushes: astar_no_macros with `on` and with `off` both solve the
// level with the same pushes, and the verifier replays `on`'s solution. Their expansions are
// added to on_total and off_total; returns `on`'s result.
inline Solved same_fewest_pushes(const std::string &text, uint32_t level, const std::vector<solver_option> &on,
                                 const std::vector<solver_option> &off, size_t &on_total, size_t &off_total) {
    const Solved a = astar_no_macros(text, level, on);
    const Solved b = astar_no_macros(text, level, off);
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    CHECK(a.pushes == b.pushes);
    on_total += a.expanded;
    off_total += b.expanded;
    check_replays(text, level, a);
    return a;
}

// The options with key=value alone, over the defaults; it must parse.
inline sokoban::Options parsed(const char *key, const char *value) {
    sokoban::Options o;
    std::string error;
    const solver_option opt{key, value};
    REQUIRE_MESSAGE(sokoban::parse_options(&opt, 1, o, error), error);
    return o;
}

// The error for key=value, which must be refused.
inline std::string refused(const char *key, const char *value) {
    sokoban::Options o;
    std::string error;
    const solver_option opt{key, value};
    CHECK_FALSE(sokoban::parse_options(&opt, 1, o, error));
    return error;
}

// An option whose values are words: each of `good` parses, over the defaults, to its number in
// the Options field `field`, and each of `bad` is refused with an error that names the key.
inline void check_choices(const char *key, int sokoban::Options::*field,
                          std::initializer_list<std::pair<const char *, int>> good,
                          std::initializer_list<const char *> bad) {
    for (const auto &[value, want] : good) {
        CAPTURE(value);
        CHECK(parsed(key, value).*field == want);
    }
    for (const char *value : bad) {
        CAPTURE(value);
        CHECK(refused(key, value).find(key) != std::string::npos);
    }
}

// Stand-in runtime services for the plugin's own solve (the portfolio): the output and the log
// are kept, should_stop answers `stop`, and parallel_for runs each iteration on a thread of its
// own (the searches really run at the same time) or, `sequential`, one after the other from the
// last down (thread 1 before thread 0, so thread 1's search always finishes first).
struct StubRuntime {
    std::string output, log;
    uint64_t expanded = 0; // the plugin's last report_counts figure
    std::atomic<bool> stop{false};
    solver_services services{};
    explicit StubRuntime(uint32_t threads = 2, bool sequential = false) {
        services.abi_version = SOLVER_ABI_VERSION;
        services.struct_size = sizeof(solver_services);
        services.ctx = this;
        services.threads = threads;
        services.memory_budget_bytes = 256u << 20;
        services.should_stop = [](void *ctx) { return static_cast<StubRuntime *>(ctx)->stop.load() ? 1 : 0; };
        services.write_output = [](void *ctx, const char *text, size_t length) {
            static_cast<StubRuntime *>(ctx)->output.append(text, length);
        };
        services.log = [](void *ctx, solver_log_level, const char *message) {
            static_cast<StubRuntime *>(ctx)->log += message;
        };
        services.report_counts = [](void *ctx, uint64_t count, uint64_t) { static_cast<StubRuntime *>(ctx)->expanded = count; };
        if (sequential)
            services.parallel_for = [](void *, uint64_t begin, uint64_t end, uint64_t, solver_range_fn body, void *arg) {
                for (uint64_t i = end; i-- > begin;) body(arg, i, i + 1, 0);
            };
        else
            services.parallel_for = [](void *, uint64_t begin, uint64_t end, uint64_t, solver_range_fn body, void *arg) {
                std::vector<std::thread> workers;
                for (uint64_t i = begin; i < end; ++i)
                    workers.emplace_back([=] { body(arg, i, i + 1, static_cast<uint32_t>(i - begin)); });
                for (auto &t : workers) t.join();
            };
    }
};

// Opens level `level` of `input` with `options`, runs the plugin's own solve on `rt` (the
// portfolio), and checks that the plugin's verifier replays the printed line at the cost solve
// reported; the log stays in rt.log for the caller's checks.
inline void portfolio_solves_and_replays(const std::string &input, uint32_t level,
                                         const std::vector<solver_option> &options, StubRuntime &rt) {
    const solver_plugin *P = solver_plugin_entry();
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    solver_instance *inst = nullptr;
    REQUIRE_MESSAGE(P->open(input.data(), input.size(), "t", level, options.data(), options.size(), &rt.services, &inst,
                            &err) == SOLVER_OK,
                    msg);
    uint64_t cost = 0;
    REQUIRE_MESSAGE(P->solve(inst, &rt.services, &cost, &err) == SOLVER_OK, msg);
    REQUIRE(!rt.output.empty());
    const std::string text = rt.output.substr(0, rt.output.size() - 1);
    uint64_t replayed = 0;
    CHECK_MESSAGE(P->verify_solution(inst, text.data(), text.size(), &replayed, &err) == SOLVER_OK, msg);
    CHECK(replayed == cost);
    P->close(inst);
}

} // namespace sokoban_test

#endif
