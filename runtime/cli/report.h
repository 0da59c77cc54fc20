// report: statistics of one solve, as text or one JSON object, and the live progress line.
#pragma once

#include "engines/engine.h"

#include <cstdint>
#include <string>

namespace solver {

struct solve_report {
    std::string plugin, source, engine, executor, result, stop_reason, cost_unit;
    std::uint32_t level = 1;
    unsigned threads = 1;
    double weight = 1, seconds = 0;
    bool solved = false, verified = false;
    std::uint64_t solution_cost = 0;
    search_stats stats;
    std::string visited = "exact";  // --visited
    std::string count;  // count engine: the decimal count (JSON "count":"..."); empty otherwise
};

std::string to_json(const solve_report& r);
std::string to_text(const solve_report& r);
// Peak resident set size of this process (getrusage), in bytes.
std::uint64_t peak_rss_bytes();
// "1.23M" style figures for the progress line.
std::string human_count(std::uint64_t n);

}  // namespace solver
