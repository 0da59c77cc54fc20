// options: the command line of `solver` (Boost.Program_options), parsed into plain values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace solver {

struct cli_options {
    bool help = false, version = false, list_plugins = false, quiet = false, verify = true;
    std::string plugin, input, engine, stats;  // stats: "", "json" or "text"
    std::string visited = "exact";  // "exact" or "bloom"
    std::string check_plugin;  // --check-plugin NAME|PATH: run the conformance checks instead
    std::string pool;  // executor kind: "" (build default), "ws", "omp", "sequential"
    bool pin = false;
    std::optional<double> weight;
    unsigned threads = 0;          // 0 = online CPUs
    double time_limit = 0;         // seconds; 0 = none
    std::uint64_t memory_limit = 0;  // bytes; 0 = default
    std::vector<std::pair<std::string, std::string>> plugin_options;
    bool all_levels = false;
    std::uint32_t level = 0;  // 0 = not given
};

class usage_error : public std::exception {
public:
    explicit usage_error(std::string m) : msg_(std::move(m)) {}
    const char* what() const noexcept override { return msg_.c_str(); }

private:
    std::string msg_;
};

// Throws usage_error with a one-line reason.
cli_options parse_command_line(int argc, char** argv);
std::string general_help();
// "512M", "4G", "1.5G", "1000000" -> bytes; throws usage_error.
std::uint64_t parse_size(const std::string& text);
std::uint64_t physical_memory_bytes();

}  // namespace solver
