#include "cli/options.h"

#include "engines/engine.h"

#include <boost/program_options.hpp>

#include <cmath>
#include <sstream>
#include <unistd.h>

namespace po = boost::program_options;

namespace solver {

static po::options_description describe() {
    std::string engines;
    for (const auto& d : engine_descriptions()) engines += std::string("\n  ") + d.name + ": " + d.help;
    engines += "\n  solve: the plugin's own search, for an instance that has one (then the default)";
    po::options_description o("Options");
    // clang-format off
    o.add_options()
        ("plugin,p", po::value<std::string>(), "domain plugin: a bare name (sokoban, libsokoban.so) looked up in "
            "the plugins folder beside this program, then $SOLVER_PLUGIN_PATH, then lib/solver/plugins of the installed "
            "tree (beside bin/, then the install prefix); or a path")
        ("input,i", po::value<std::string>(), "the puzzle: a file, '-' for standard input, or the text itself "
            "(e.g. a cube scramble)")
        ("threads,t", po::value<unsigned>(), "worker threads (default: the CPUs this process may use; at least 4 with --check-plugin)")
        ("pool", po::value<std::string>(), "thread pool: ws (the work-stealing pthread pool, default), omp (OpenMP; "
            "only in a make OMP=1 build, where it is the default) or sequential")
        ("pin", "pin worker k to the k-th CPU (ws pool)")
        ("engine,e", po::value<std::string>(), ("search engine (default: the plugin's choice for the instance):" + engines).c_str())
        ("weight,w", po::value<double>(), "weight W >= 1 for astar and hda, f = g + W*h (default: the plugin's choice, usually 1)")
        ("visited", po::value<std::string>(), "visited set of astar/greedy: exact (default) or bloom (a bloom "
            "filter: fewer bytes per state, but it may prune unseen states; only for any-solution "
            "searches, --engine greedy or --weight > 1, and an exhausted search then proves nothing: exit 3)")
        ("time-limit", po::value<double>(), "stop after S seconds (per level with --level all); exit code 3")
        ("memory-limit", po::value<std::string>(), "memory budget of the search, e.g. 512M, 4G (default: 3/4 of "
            "physical memory); exit code 3 when reached")
        ("option,o", po::value<std::vector<std::string>>()->composing(), "plugin option key=value (repeatable); "
            "see solver --plugin NAME --help")
        ("level,l", po::value<std::string>(), "which level of a multi-level file: K (1-based) or all")
        ("verify", po::value<std::string>()->implicit_value("yes"), "replay the solution with the plugin's verifier "
            "before printing it: yes (default) or no")
        ("stats", po::value<std::string>()->implicit_value("text"), "statistics on stderr: text or json "
            "(one JSON object per level)")
        ("quiet,q", "no progress or summary on stderr (errors still)")
        ("list-plugins", "list the plugins found and exit")
        ("check-plugin", po::value<std::string>(), "NAME|PATH: run the plugin conformance checks (ABI, determinism, "
            "canonical states, hashes, heuristic, thread safety, engines and verifier, bad input) and print a "
            "PASS/FAIL list; instance checks use --input FILE (--level, --option, --threads, --time-limit per "
            "engine run apply); exit code 0 when all pass, 1 when one fails (a plugin path that cannot be loaded fails "
            "'load'), 2 when a bare name is not found or the --input file cannot be read")
        ("version", "print the version and the plugin ABI version")
        ("help,h", "this help; with --plugin, the plugin's input format and options");
    // clang-format on
    return o;
}

std::string general_help() {
    std::ostringstream s;
    s << "solver: parallel state-space search; puzzle domains are plugins.\n\n"
         "Usage:\n"
         "  solver --plugin NAME|PATH --input FILE|-|TEXT [options]\n"
         "  solver --plugin NAME --help        the plugin's input format and options\n"
         "  solver --list-plugins\n"
         "  solver --check-plugin NAME|PATH [--input FILE]   conformance checks for plugin authors\n\n"
      << describe()
      << "\nOutput: the solution on stdout in the domain's own format; progress and statistics on stderr\n"
         "(a live line on a terminal, nothing on a pipe unless --stats is given).\n\n"
         "Exit codes: 0 solved, 1 proven unsolvable, 2 bad input or usage, 3 time or memory limit\n"
         "reached (statistics so far are printed), 4 internal error (e.g. a solution failed verification).\n";
    return s.str();
}

std::uint64_t physical_memory_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || size <= 0) return std::uint64_t(4) << 30;
    return std::uint64_t(pages) * std::uint64_t(size);
}

std::uint64_t parse_size(const std::string& text) {
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(text, &used);
    } catch (...) {
        throw usage_error("--memory-limit: '" + text + "' is not a size (expected e.g. 512M, 4G or a byte count)");
    }
    std::string unit = text.substr(used);
    double mult = 1;
    if (unit == "" || unit == "B") mult = 1;
    else if (unit == "K" || unit == "k" || unit == "KiB") mult = 1024.0;
    else if (unit == "M" || unit == "MiB") mult = 1024.0 * 1024;
    else if (unit == "G" || unit == "GiB") mult = 1024.0 * 1024 * 1024;
    else if (unit == "T" || unit == "TiB") mult = 1024.0 * 1024 * 1024 * 1024;
    else throw usage_error("--memory-limit: unknown unit '" + unit + "' (expected K, M, G or T)");
    if (!(v > 0) || !std::isfinite(v)) throw usage_error("--memory-limit must be positive");
    return static_cast<std::uint64_t>(v * mult);
}

cli_options parse_command_line(int argc, char** argv) {
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(describe()).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw usage_error(e.what());
    }
    cli_options o;
    o.help = vm.count("help");
    o.version = vm.count("version");
    o.list_plugins = vm.count("list-plugins");
    o.quiet = vm.count("quiet");
    if (vm.count("plugin")) o.plugin = vm["plugin"].as<std::string>();
    if (vm.count("check-plugin")) o.check_plugin = vm["check-plugin"].as<std::string>();
    if (vm.count("input")) o.input = vm["input"].as<std::string>();
    if (vm.count("pool")) {
        o.pool = vm["pool"].as<std::string>();
        if (o.pool != "ws" && o.pool != "omp" && o.pool != "sequential")
            throw usage_error("--pool: expected ws, omp or sequential, got '" + o.pool + "'");
    }
    o.pin = vm.count("pin");
    if (vm.count("engine")) o.engine = vm["engine"].as<std::string>();
    if (vm.count("threads")) {
        o.threads = vm["threads"].as<unsigned>();
        if (o.threads == 0 || o.threads > 1024) throw usage_error("--threads must be between 1 and 1024");
    }
    if (vm.count("weight")) {
        o.weight = vm["weight"].as<double>();
        if (!(*o.weight >= 1.0) || !std::isfinite(*o.weight)) throw usage_error("--weight must be a number >= 1");
    }
    if (vm.count("visited")) {
        o.visited = vm["visited"].as<std::string>();
        if (o.visited != "exact" && o.visited != "bloom")
            throw usage_error("--visited: expected exact or bloom, got '" + o.visited + "'");
    }
    if (vm.count("time-limit")) {
        o.time_limit = vm["time-limit"].as<double>();
        if (!(o.time_limit > 0) || !std::isfinite(o.time_limit)) throw usage_error("--time-limit must be a positive number of seconds");
    }
    if (vm.count("memory-limit")) o.memory_limit = parse_size(vm["memory-limit"].as<std::string>());
    if (vm.count("option")) {
        for (const auto& kv : vm["option"].as<std::vector<std::string>>()) {
            auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0) throw usage_error("--option '" + kv + "': expected key=value");
            o.plugin_options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        }
    }
    if (vm.count("level")) {
        std::string l = vm["level"].as<std::string>();
        if (l == "all") {
            o.all_levels = true;
        } else {
            std::size_t used = 0;
            unsigned long v = 0;
            try {
                v = std::stoul(l, &used);
            } catch (...) {
                used = 0;
            }
            if (used != l.size() || v == 0 || v > 0xffffffffu)
                throw usage_error("--level: expected a level number (1, 2, ...) or 'all', got '" + l + "'");
            o.level = static_cast<std::uint32_t>(v);
        }
    }
    if (vm.count("verify")) {
        std::string v = vm["verify"].as<std::string>();
        if (v == "yes" || v == "1" || v == "true" || v == "on") o.verify = true;
        else if (v == "no" || v == "0" || v == "false" || v == "off") o.verify = false;
        else throw usage_error("--verify: expected yes or no, got '" + v + "'");
    }
    if (vm.count("stats")) {
        o.stats = vm["stats"].as<std::string>();
        if (o.stats != "json" && o.stats != "text") throw usage_error("--stats: expected text or json, got '" + o.stats + "'");
    }
    return o;
}

}  // namespace solver
