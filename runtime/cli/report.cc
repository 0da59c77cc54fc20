#include "cli/report.h"

#include <cstdio>
#include <iomanip>
#include <sstream>
#include <sys/resource.h>

namespace solver {

std::uint64_t peak_rss_bytes() {
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<std::uint64_t>(ru.ru_maxrss) * 1024;  // Linux reports kilobytes
}

std::string human_count(std::uint64_t n) {
    char buf[32];
    if (n < 10000) std::snprintf(buf, sizeof buf, "%llu", (unsigned long long)n);
    else if (n < 10000000) std::snprintf(buf, sizeof buf, "%.1fk", n / 1e3);
    else if (n < 10000000000ull) std::snprintf(buf, sizeof buf, "%.1fM", n / 1e6);
    else std::snprintf(buf, sizeof buf, "%.1fG", n / 1e9);
    return buf;
}

static std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

namespace {
// A counter in JSON: the number, or null when nobody counted it (a plugin's own solve counts
// only what it reports).
std::string count_or_null(std::uint64_t n, bool counted) { return counted ? std::to_string(n) : "null"; }
}  // namespace

std::string to_json(const solve_report& r) {
    const bool own = r.engine == "solve";
    std::ostringstream o;
    o.precision(6);
    o << "{\"plugin\":" << json_string(r.plugin) << ",\"source\":" << json_string(r.source) << ",\"level\":" << r.level
      << ",\"engine\":" << json_string(r.engine) << ",\"weight\":" << r.weight << ",\"threads\":" << r.threads
      << ",\"executor\":" << json_string(r.executor) << ",\"result\":" << json_string(r.result)
      << ",\"stop_reason\":" << json_string(r.stop_reason) << ",\"solution_cost\":";
    if (r.solved) o << r.solution_cost;
    else o << "null";
    o << ",\"cost_unit\":" << json_string(r.cost_unit) << ",\"verified\":" << (r.verified ? "true" : "false")
      << ",\"expanded\":" << count_or_null(r.stats.expanded, !own || r.own_expanded)
      << ",\"generated\":" << count_or_null(r.stats.generated, !own || r.own_generated)
      << ",\"duplicates\":" << count_or_null(r.stats.duplicates, !own)
      << ",\"pruned\":" << count_or_null(r.stats.pruned, !own)
      << ",\"reopened\":" << count_or_null(r.stats.reopened, !own)
      << ",\"stored\":" << count_or_null(r.stats.stored, !own) << ",\"seconds\":" << r.seconds
      << ",\"search_memory_bytes\":" << count_or_null(r.stats.search_memory_bytes, !own) << ",\"peak_memory_bytes\":" << peak_rss_bytes();
    if (!r.count.empty()) o << ",\"count\":" << json_string(r.count);  // a string: it may exceed 2^64
    if (r.visited != "exact") {
        o << ",\"visited\":" << json_string(r.visited);
        if (r.stats.visited_false_positive_rate >= 0)
            o << ",\"visited_false_positive_rate\":" << r.stats.visited_false_positive_rate;
    }
    if (!r.stats.layers.empty()) {
        o << ",\"layers\":[";
        for (std::size_t i = 0; i < r.stats.layers.size(); ++i) o << (i ? "," : "") << r.stats.layers[i];
        o << "]";
    }
    if (r.stats.rank_samples)
        o << ",\"rank_error\":{\"samples\":" << r.stats.rank_samples << ",\"mean\":" << r.stats.rank_error_mean
          << ",\"max\":" << r.stats.rank_error_max << "}";
    o << ",\"per_thread\":[";
    for (std::size_t i = 0; i < r.stats.threads.size(); ++i) {
        o << (i ? "," : "") << "{\"expanded\":" << r.stats.threads[i].expanded
          << ",\"idle_seconds\":" << r.stats.threads[i].idle_seconds << "}";
    }
    o << "]}";
    return o.str();
}

std::int64_t answer_steps(const std::string& answer) {
    std::size_t end = answer.size();
    while (end > 0 && (answer[end - 1] == '\n' || answer[end - 1] == '\r')) --end;
    if (end == 0) return 0;
    for (std::size_t i = 0; i < end; ++i) {
        const char c = answer[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return -1;
    }
    return static_cast<std::int64_t>(end);
}

level_row make_level_row(const solve_report& r, const std::string& answer) {
    level_row row;
    row.level = r.level;
    row.result = r.result;
    row.solved = r.solved;
    row.cost = r.solution_cost;
    row.steps = r.solved ? answer_steps(answer) : -1;
    row.seconds = r.seconds;
    row.has_nodes = r.engine != "solve" || r.own_expanded;
    row.expanded = r.stats.expanded;
    return row;
}

std::string summary_table(const std::vector<level_row>& rows, const std::string& cost_unit) {
    std::ostringstream o;
    const std::string unit = cost_unit.empty() ? "cost" : cost_unit;
    char line[160];
    std::snprintf(line, sizeof line, "%6s  %-11s %9s %9s %9s %12s\n", "level", "result", unit.substr(0, 9).c_str(),
                  "moves", "seconds", "nodes");
    o << line;
    unsigned solved = 0;
    double seconds = 0;
    std::uint64_t nodes = 0;
    bool counted = false;  // some level ran on a runtime engine (a plugin's own solve counts none)
    for (const level_row& r : rows) {
        const std::string cost = r.solved ? std::to_string(r.cost) : "-";
        const std::string steps = r.solved && r.steps >= 0 ? std::to_string(r.steps) : "-";
        const std::string expanded = r.has_nodes ? std::to_string(r.expanded) : "-";
        std::snprintf(line, sizeof line, "%6u  %-11s %9s %9s %9.3f %12s\n", r.level, r.result.c_str(), cost.c_str(),
                      steps.c_str(), r.seconds, expanded.c_str());
        o << line;
        solved += r.solved ? 1 : 0;
        seconds += r.seconds;
        if (r.has_nodes) {
            nodes += r.expanded;
            counted = true;
        }
    }
    if (counted)
        std::snprintf(line, sizeof line, "solved %u of %zu levels in %.3f s, %llu nodes expanded\n", solved,
                      rows.size(), seconds, (unsigned long long)nodes);
    else
        std::snprintf(line, sizeof line, "solved %u of %zu levels in %.3f s\n", solved, rows.size(), seconds);
    o << line;
    return o.str();
}

std::string collection_progress(std::uint32_t level, std::uint32_t levels, unsigned solved, double seconds) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "level %u/%u  solved %u  %.1f s", level, levels, solved, seconds);
    return buf;
}

std::string to_text(const solve_report& r) {
    std::ostringstream o;
    o.precision(3);
    o << r.result;
    // A plugin's own solve reports a cost only for replayable answers (a count has none) and
    // only the counters it reported (the runtime did not run the search).
    const bool own = r.engine == "solve";
    if (r.solved && (!own || r.verified))
        o << ": " << r.solution_cost << " " << r.cost_unit << (r.verified ? " (verified)" : "");
    if (!r.count.empty()) o << ": count " << r.count;
    o << " | " << (own ? "the plugin's own solve" : r.engine);
    if (r.weight > 0) o << " w=" << r.weight;
    o << ", " << r.threads << " thread" << (r.threads == 1 ? "" : "s");
    if (!own)
        o << " | expanded " << human_count(r.stats.expanded) << ", generated " << human_count(r.stats.generated)
          << ", stored " << human_count(r.stats.stored);
    else if (r.own_expanded || r.own_generated) {
        o << " |";
        if (r.own_expanded) o << " expanded " << human_count(r.stats.expanded) << (r.own_generated ? "," : "");
        if (r.own_generated) o << " generated " << human_count(r.stats.generated);
    }
    if (r.visited != "exact") {
        o << " (" << r.visited;
        if (r.stats.visited_false_positive_rate >= 0)
            o << ", false positives ~" << std::setprecision(2) << 100 * r.stats.visited_false_positive_rate << "%";
        o << ")";
        o.precision(3);
    }
    o << " | " << std::fixed << r.seconds << " s, peak " << (peak_rss_bytes() >> 20) << " MiB";
    return o.str();
}

}  // namespace solver
