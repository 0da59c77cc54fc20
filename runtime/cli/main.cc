// solver: the host program. Parses the command line, loads the plugin, opens each requested
// level, runs an engine (or the plugin's own solve) and prints the solution and statistics.
//
// Exit codes: 0 solved, 1 proven unsolvable, 2 bad input or usage (including a refused
// plugin), 3 time or memory limit reached, 4 internal error (e.g. verification failed).
#include "cli/check_plugin.h"
#include "cli/options.h"
#include "cli/report.h"
#include "engines/engine.h"
#include "engines/problem.h"
#include "engines/search_control.h"
#include "host/plugin_host.h"
#include "host/services.h"
#include "sched/executor.h"
#include "sched/make_executor.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <new>
#include <sstream>
#include <unistd.h>

#ifndef SOLVER_VERSION
#define SOLVER_VERSION "0.1.0"
#endif

namespace solver {
namespace {

constexpr int exit_solved = 0, exit_unsolvable = 1, exit_usage = 2, exit_limit = 3, exit_internal = 4;

struct input_text {
    std::string text, source;
};

bool looks_like_path(const std::string& s) {
    if (s.find('\n') != std::string::npos) return false;
    if (s.find('/') != std::string::npos) return true;
    for (const char* ext : {".txt", ".xsb", ".sok", ".in", ".lvl"}) {
        std::string e(ext);
        if (s.size() > e.size() && s.compare(s.size() - e.size(), e.size(), e) == 0) return true;
    }
    return false;
}

input_text read_input(const std::string& arg) {
    if (arg == "-") {
        std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
        return {text, "<stdin>"};
    }
    std::ifstream f(arg, std::ios::binary);
    if (f) {
        std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        if (f.bad()) throw usage_error("cannot read input file '" + arg + "'");
        return {text, arg};
    }
    if (looks_like_path(arg)) throw usage_error("cannot open input file '" + arg + "'");
    return {arg, "<input>"};
}

void print_plugin_help(const loaded_plugin& p) {
    const solver_plugin& t = p.table();
    // A plugin's texts may end without a newline; the shell prompt must not run into them.
    auto as_lines = [](const char* text, const char* none) {
        std::string s = text && *text ? text : none;
        if (s.back() != '\n') s += '\n';
        return s;
    };
    std::cout << t.name << " " << (t.version ? t.version : "") << ": " << (t.summary ? t.summary : "") << "\n"
              << "(" << p.path() << ", plugin ABI " << SOLVER_ABI_MAJOR_OF(t.abi_version) << "."
              << SOLVER_ABI_MINOR_OF(t.abi_version) << ")\n\nInput:\n"
              << as_lines(t.input_help, "(not documented)") << "\nOptions (--option key=value):\n"
              << as_lines(t.options_help, "  (none)");
}

// The live progress line: only on a terminal, never with --quiet.
struct progress_line {
    bool enabled = false;
    bool dirty = false;
    void show(const std::string& s) {
        if (!enabled) return;
        std::fprintf(stderr, "\r\033[K%s", s.c_str());
        std::fflush(stderr);
        dirty = true;
    }
    void clear() {
        if (dirty) std::fprintf(stderr, "\r\033[K");
        dirty = false;
    }
};

class command {
public:
    command(const cli_options& o, loaded_plugin& p, const input_text& in)
        : opts_(o), plugin_(p), input_(in),
          control_(o.time_limit, o.memory_limit ? o.memory_limit : physical_memory_bytes() / 4 * 3) {
        progress_.enabled = !o.quiet && isatty(STDERR_FILENO);
        show_summary_ = o.stats == "text" || (o.stats.empty() && progress_.enabled);
        executor_options eo;
        eo.threads = o.threads;
        eo.kind = o.pool;
        eo.pin = o.pin;
        exec_ = make_executor(eo);  // std::invalid_argument for omp in a non-OpenMP build
        services_ = std::make_unique<runtime_services>(*exec_, control_, default_cache_dir(), o.quiet);
        services_->on_progress = [this](const char* what, double fraction) {
            char buf[128];
            if (fraction >= 0) std::snprintf(buf, sizeof buf, "%s %.0f%%", what, fraction * 100);
            else std::snprintf(buf, sizeof buf, "%s", what);
            progress_.show(buf);
        };
        search_control::install_signal_handlers(&control_);
    }

    int run() {
        std::uint32_t levels = 1;
        const solver_plugin& t = plugin_.table();
        if (t.count_levels) {
            char msg[512] = {0};
            solver_error err{msg, sizeof msg, 0, 0};
            if (t.count_levels(input_.text.data(), input_.text.size(), &levels, &err) != SOLVER_OK)
                return parse_error(err);
        }
        if (opts_.level > levels) {
            std::cerr << input_.source << ": error: level " << opts_.level << " is out of range; the input holds "
                      << levels << " level" << (levels == 1 ? "" : "s") << " (1.." << levels << ")\n";
            return exit_usage;
        }
        if (!opts_.all_levels) {
            std::uint32_t level = opts_.level ? opts_.level : 1;
            if (!opts_.level && levels > 1 && !opts_.quiet)
                std::cerr << "note: " << input_.source << " holds " << levels
                          << " levels; solving level 1 (use --level K or --level all)\n";
            return solve_level(level, false);
        }
        int worst = exit_solved, solved = 0;
        std::vector<level_row> rows;  // the summary table (report.h), printed at the end
        double total_seconds = 0;
        for (std::uint32_t level = 1; level <= levels; ++level) {
            control_.restart();
            progress_prefix_ = collection_progress(level, levels, solved, total_seconds) + " | ";
            progress_.show(progress_prefix_);
            last_row_ = level_row{};
            int code = solve_level(level, true);
            if (last_row_.level != level) {  // stopped before a search ran (e.g. unsolvable at open)
                last_row_.level = level;
                last_row_.result = code == exit_unsolvable ? "unsolvable" : "error";
                last_row_.seconds = control_.elapsed_seconds();
            }
            total_seconds += last_row_.seconds;
            rows.push_back(last_row_);
            if (code == exit_solved) ++solved;
            if (code == exit_usage || code == exit_internal) return code;
            if (code == exit_limit || (code == exit_unsolvable && worst == exit_solved)) worst = code;
            if (control_.reason() == stop_reason::interrupted) break;
        }
        progress_prefix_.clear();
        progress_.clear();
        if (!opts_.quiet) std::cerr << summary_table(rows, cost_unit_);
        return worst;
    }

private:
    int parse_error(const solver_error& err) {
        std::cerr << input_.source;
        if (err.line) std::cerr << ":" << err.line;
        if (err.line && err.column) std::cerr << ":" << err.column;
        std::cerr << ": error: " << err.message << "\n";
        return exit_usage;
    }

    int solve_level(std::uint32_t level, bool listing) {
        const solver_plugin& t = plugin_.table();
        std::vector<solver_option> options;
        for (const auto& kv : opts_.plugin_options) options.push_back({kv.first.c_str(), kv.second.c_str()});
        char msg[1024] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        solver_instance* inst = nullptr;
        solver_status s = t.open(input_.text.data(), input_.text.size(), input_.source.c_str(), level,
                                 options.data(), options.size(), services_->table(), &inst, &err);
        if (s == SOLVER_ERR_PARSE) return parse_error(err);
        if (s == SOLVER_ERR_OPTION) {
            std::cerr << "error: " << msg << "\n";
            return exit_usage;
        }
        if (s == SOLVER_ERR_UNSOLVABLE) {
            if (listing) std::cout << "; level " << level << ": no solution\n";
            if (!opts_.quiet) std::cerr << "no solution: " << msg << "\n";
            return exit_unsolvable;
        }
        if (s == SOLVER_ERR_STOPPED) {
            std::cerr << "stopped while opening the instance (" << to_string(control_.reason()) << ")\n";
            return exit_limit;
        }
        if (s != SOLVER_OK || !inst) {
            std::cerr << "error: the plugin could not open the instance: " << msg << "\n";
            return s == SOLVER_ERR_NO_MEMORY ? exit_limit : exit_internal;
        }
        try {
            problem prob(t, inst);
            return search(prob, level, listing);
        } catch (const plugin_call_error& e) {
            progress_.clear();
            std::cerr << "error: " << e.what() << "\n";
            return exit_internal;
        } catch (const std::invalid_argument& e) {
            progress_.clear();
            std::cerr << "error: " << e.what() << "\n";
            return exit_usage;
        }
    }

    int search(problem& prob, std::uint32_t level, bool listing) {
        const solver_plugin& t = plugin_.table();
        solve_report rep;
        rep.plugin = t.name;
        rep.source = input_.source;
        rep.level = level;
        rep.cost_unit = prob.cost_unit();
        rep.executor = exec_->name();
        rep.threads = 1;
        const bool own_solve = plugin_.has_solve() && (prob.flags() & SOLVER_HAS_SOLVE) &&
                               (opts_.engine.empty() || opts_.engine == "solve");
        std::string solution;
        // A stop that is not a time/memory limit or Ctrl-C: a plugin's own limit (e.g. the cube's
        // max_length, reason "plugin_limit") or an exhausted approximate search ("incomplete"),
        // with its explanation.
        std::string solve_limit, limit_code;
        search_outcome outcome = search_outcome::error;
        if (own_solve) {
            rep.engine = "solve";
            rep.threads = exec_->concurrency();
            rep.weight = 0;  // no A* weight plays a part
            char msg[1024] = {0};
            solver_error err{msg, sizeof msg, 0, 0};
            std::uint64_t cost = 0;
            services_->reset_counts();
            solver_status s = t.solve(prob.instance(), services_->table(), &cost, &err);
            solution = services_->take_output();
            const runtime_services::counts counted = services_->reported_counts();
            rep.own_expanded = counted.reported && counted.expanded != SOLVER_COUNT_UNKNOWN;
            rep.own_generated = counted.reported && counted.generated != SOLVER_COUNT_UNKNOWN;
            if (rep.own_expanded) rep.stats.expanded = counted.expanded;
            if (rep.own_generated) rep.stats.generated = counted.generated;
            while (!solution.empty() && solution.back() == '\n') solution.pop_back();
            if (s == SOLVER_OK) {
                outcome = search_outcome::solved;
                rep.solution_cost = cost;
            } else if (s == SOLVER_ERR_UNSOLVABLE) {
                outcome = search_outcome::unsolvable;
            } else if (s == SOLVER_ERR_STOPPED || s == SOLVER_ERR_NO_MEMORY) {
                outcome = search_outcome::limit;
                if (s == SOLVER_ERR_NO_MEMORY) control_.request_stop(stop_reason::memory_limit);
                // Stopped by a limit of the plugin's own (no time/memory/Ctrl-C stop): say which.
                if (control_.reason() == stop_reason::none) {
                    solve_limit = msg[0] ? msg : "the plugin's own limit";
                    limit_code = "plugin_limit";
                }
            } else {
                std::cerr << "error: " << msg << "\n";
                return exit_internal;
            }
        } else {
            rep.engine = !opts_.engine.empty() ? opts_.engine : !prob.default_engine().empty() ? prob.default_engine() : "astar";
            if (rep.engine == "solve") throw std::invalid_argument("this plugin has no solve of its own for this instance");
            if (prob.flags() & SOLVER_SOLVE_ONLY)
                throw std::invalid_argument("plugin '" + std::string(t.name) + "' answers this instance only with its own "
                                            "search (--engine solve, the default), not with --engine " + rep.engine);
            auto eng = make_engine(rep.engine);
            engine_options eo;
            eo.weight = opts_.weight ? *opts_.weight : prob.default_weight();
            // Only the A* family reads --weight; report 0 where it plays no part.
            rep.weight = (rep.engine == "astar" || rep.engine == "hda" || rep.engine == "astar-seq") ? eo.weight : 0;
            eo.exec = exec_.get();
            eo.control = &control_;
            if (opts_.visited == "bloom") {
                if (rep.engine != "astar" && rep.engine != "greedy")
                    throw engine_unsuitable("--visited bloom works with --engine greedy or astar (with --weight > 1), "
                                            "not with " + rep.engine);
                eo.visited = visited_kind::bloom;
                rep.visited = "bloom";
            }
            // Rank-error sampling only when statistics are asked for in JSON (it costs a scan of
            // the queue per sample; one pop in 4096 keeps that to a few percent).
            if (opts_.stats == "json") eo.rank_sample_interval = 4096;
            if (progress_.enabled) {
                eo.progress = [this](const progress_info& pi) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf, "expanded %s  stored %s  open %s  f %.1f  %.1f s",
                                  human_count(pi.expanded).c_str(), human_count(pi.stored).c_str(),
                                  human_count(pi.open).c_str(), pi.best_f, pi.seconds);
                    progress_.show(progress_prefix_ + buf);
                };
            }
            search_result res;
            try {
                res = eng->run(prob, eo);
            } catch (const std::bad_alloc&) {
                control_.request_stop(stop_reason::memory_limit);
                res.outcome = search_outcome::limit;
            }
            outcome = res.outcome;
            rep.stats = res.stats;
            if (res.incomplete) {
                solve_limit = "the search space is exhausted, but --visited bloom may have pruned unseen states: "
                              "no solution found and nothing proven (--visited exact decides)";
                limit_code = "incomplete";
            }
            rep.threads = static_cast<unsigned>(std::max<std::size_t>(1, res.stats.threads.size()));
            // ---- count engine (engines/count_engine.cc): the answer is a number, not a path ----
            // Complete: the decimal count on stdout, result "counted", exit 0. Stopped: nothing on
            // stdout, the count so far in the statistics, exit 3.
            if (res.has_count && outcome != search_outcome::error) {
                progress_.clear();
                rep.count = to_decimal(res.count);
                rep.seconds = control_.elapsed_seconds();
                rep.stop_reason = to_string(control_.reason());
                const bool complete = outcome == search_outcome::solved;
                rep.result = complete ? "counted" : rep.stop_reason;
                if (listing) {
                    last_row_ = make_level_row(rep, rep.count);
                    cost_unit_ = rep.cost_unit;
                    std::cout << "; level " << level << ": " << (complete ? rep.count : rep.result) << "\n";
                }
                if (complete) std::cout << rep.count << "\n" << std::flush;
                if (opts_.stats == "json") std::cerr << to_json(rep) << "\n";
                else if (show_summary_ && !opts_.quiet) std::cerr << to_text(rep) << "\n";
                else if (!complete && !opts_.quiet) std::cerr << "stopped: " << rep.stop_reason << ", counted " << rep.count << " so far\n";
                return complete ? exit_solved : exit_limit;
            }
            // ---- end count engine ----
            if (outcome == search_outcome::solved) {
                rep.solution_cost = res.cost;
                solution = prob.format_solution(res.path_states, res.moves);
            } else if (outcome == search_outcome::error) {
                progress_.clear();
                std::cerr << "error: " << res.message << "\n";
                return exit_internal;
            }
        }
        progress_.clear();
        rep.seconds = control_.elapsed_seconds();
        rep.solved = outcome == search_outcome::solved;
        rep.stop_reason = limit_code.empty() ? to_string(control_.reason()) : limit_code;
        rep.result = rep.solved ? "solved" : outcome == search_outcome::unsolvable ? "unsolvable" : rep.stop_reason;
        if (rep.solved && opts_.verify) {
            std::uint64_t cost = 0;
            bool replayable = true;
            std::string why = prob.verify(solution, cost, &replayable);
            if (!why.empty()) {
                std::cerr << "internal error: the plugin's verifier rejected the solution found (" << why
                          << "); solution was:\n"
                          << solution << "\n";
                return exit_internal;
            }
            if (replayable && !own_solve && cost != rep.solution_cost) {
                std::cerr << "internal error: the verifier counts " << cost << " " << rep.cost_unit
                          << " but the search found cost " << rep.solution_cost << "\n";
                return exit_internal;
            }
            rep.verified = replayable;
        }
        if (listing) {
            last_row_ = make_level_row(rep, solution);
            cost_unit_ = rep.cost_unit;
            std::cout << "; level " << level << ": "
                      << (rep.solved ? std::to_string(rep.solution_cost) + " " + rep.cost_unit : rep.result) << "\n";
        }
        if (rep.solved) std::cout << solution << "\n" << std::flush;
        if (opts_.stats == "json") std::cerr << to_json(rep) << "\n";
        else if (show_summary_ && !opts_.quiet) std::cerr << (listing ? "level " + std::to_string(level) + ": " : "") << to_text(rep) << "\n";
        if (rep.solved) return exit_solved;
        if (outcome == search_outcome::unsolvable) {
            if (!opts_.quiet && !listing) std::cerr << "no solution: the search space is exhausted\n";
            return exit_unsolvable;
        }
        if (!solve_limit.empty() && !opts_.quiet) std::cerr << "stopped: " << solve_limit << "\n";
        else if (!opts_.quiet && opts_.stats.empty() && !show_summary_) {
            std::cerr << "stopped: " << rep.stop_reason;
            if (!own_solve) std::cerr << " after " << rep.stats.expanded << " expansions,";  // a plugin's solve counts none
            std::cerr << " " << rep.seconds << " s\n";
        }
        return exit_limit;
    }

    const cli_options& opts_;
    loaded_plugin& plugin_;
    const input_text& input_;
    search_control control_;
    std::unique_ptr<executor> exec_;
    std::unique_ptr<runtime_services> services_;
    progress_line progress_;
    bool show_summary_ = false;
    // --level all: the live line's prefix, the current level's row and the cost unit.
    std::string progress_prefix_;
    level_row last_row_;
    std::string cost_unit_;
};

int main_impl(int argc, char** argv) {
    cli_options o;
    try {
        o = parse_command_line(argc, argv);
    } catch (const usage_error& e) {
        std::cerr << "solver: error: " << e.what() << "\n(see solver --help)\n";
        return exit_usage;
    }
    if (o.version) {
        std::cout << "solver " << SOLVER_VERSION << " (plugin ABI " << SOLVER_ABI_MAJOR << "." << SOLVER_ABI_MINOR
                  << ")\n";
        return 0;
    }
    if (o.list_plugins) {
        auto list = list_plugins();
        if (list.empty()) std::cout << "no plugins found\n";
        for (const auto& l : list) {
            if (l.error.empty()) std::cout << l.name << " " << l.version << "  " << l.summary << "  (" << l.path << ")\n";
            else std::cout << "refused: " << l.error << "\n";
        }
        return 0;
    }
    if (!o.check_plugin.empty()) return run_check_plugin(o);
    if (o.help && o.plugin.empty()) {
        std::cout << general_help();
        return 0;
    }
    if (o.plugin.empty()) {
        std::cerr << "solver: error: --plugin is required (see solver --help, solver --list-plugins)\n";
        return exit_usage;
    }
    loaded_plugin plugin;
    try {
        plugin = loaded_plugin::load(o.plugin);
    } catch (const plugin_error& e) {
        std::cerr << "solver: error: " << e.what() << "\n";
        return exit_usage;
    }
    if (o.help) {
        print_plugin_help(plugin);
        return 0;
    }
    if (o.input.empty()) {
        std::cerr << "solver: error: --input is required (a file, - for standard input, or the puzzle text)\n";
        return exit_usage;
    }
    input_text in;
    try {
        in = read_input(o.input);
    } catch (const usage_error& e) {
        std::cerr << "solver: error: " << e.what() << "\n";
        return exit_usage;
    }
    try {
        command cmd(o, plugin, in);
        return cmd.run();
    } catch (const std::invalid_argument& e) {
        std::cerr << "solver: error: " << e.what() << "\n";
        return exit_usage;
    }
}

}  // namespace
}  // namespace solver

int main(int argc, char** argv) {
    try {
        return solver::main_impl(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "solver: internal error: " << e.what() << "\n";
        return 4;
    }
}
