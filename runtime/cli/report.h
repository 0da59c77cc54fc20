// report: statistics of one solve, as text or one JSON object, and the live progress line.
#pragma once

#include "engines/engine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace solver {

struct solve_report {
    std::string plugin, source, engine, executor, result, stop_reason, cost_unit;
    std::uint32_t level = 1;
    unsigned threads = 1;
    double weight = 1, seconds = 0;
    bool solved = false, verified = false;
    std::uint64_t solution_cost = 0;
    search_stats stats;
    // A plugin's own solve (engine "solve"): the runtime counted nothing itself, so
    // stats.expanded and stats.generated hold what the plugin reported through report_counts
    // (ABI 1.2), and these say which of the two it reported; no figure is printed for the others.
    bool own_expanded = false, own_generated = false;
    std::string visited = "exact";  // --visited
    std::string count;  // count engine: the decimal count (JSON "count":"..."); empty otherwise
};

// One row of the summary table that `--level all` prints at the end.
struct level_row {
    std::uint32_t level = 0;
    std::string result;           // "solved", "unsolvable", "time_limit", ...
    bool solved = false;
    std::uint64_t cost = 0;       // in the instance's cost unit (pushes for Sokoban)
    std::int64_t steps = -1;      // the answer's length in steps when it is one word, else -1
    double seconds = 0;
    std::uint64_t expanded = 0;
    bool has_nodes = false;       // false for a plugin's own solve that reported no count
};

// The answer's length in steps when it is a single word of letters (Sokoban's LURD / WASD
// line: moves including pushes), else -1.
std::int64_t answer_steps(const std::string& answer);
level_row make_level_row(const solve_report& r, const std::string& answer);
// The table: level, result, cost (column named after the unit), moves, seconds, nodes, and a
// total line (solved of levels, summed time and nodes over all levels).
std::string summary_table(const std::vector<level_row>& rows, const std::string& cost_unit);
// The live line while a collection is being solved: "level 12/155  solved 11  3.2 s".
std::string collection_progress(std::uint32_t level, std::uint32_t levels, unsigned solved, double seconds);

std::string to_json(const solve_report& r);
std::string to_text(const solve_report& r);
// Peak resident set size of this process (getrusage), in bytes.
std::uint64_t peak_rss_bytes();
// "1.23M" style figures for the progress line.
std::string human_count(std::uint64_t n);

}  // namespace solver
