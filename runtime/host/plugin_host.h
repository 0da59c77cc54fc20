// plugin_host: finds, loads and checks a domain plugin (Boost.DLL), then exposes its table.
//
// Contract:
//  - load() resolves a bare name ("sokoban" or "libsokoban.so") in, in order: the folder
//    "plugins" beside the running executable (build/plugins for build/solver), each folder of
//    $SOLVER_PLUGIN_PATH (colon-separated), <exe>/../lib/solver/plugins (an installed tree)
//    and <install prefix>/lib/solver/plugins. Anything containing '/' is a path used as given.
//  - It refuses, with one clear line (plugin_error::what()), a missing file, a file that is not
//    a loadable shared library, a library without the entry symbol, a NULL table, a table of
//    another major ABI version, a table whose struct_size is smaller than ABI 1.0's required
//    part, and a table with a required function missing.
//  - The loaded_plugin keeps the library mapped for its lifetime. Not thread-safe to load;
//    the table may be used from any thread per the thread contracts in plugin.h.
#pragma once

#include <solver/plugin.h>

#include <boost/dll/shared_library.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace solver {

class plugin_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class loaded_plugin {
public:
    // Throws plugin_error on any refusal.
    static loaded_plugin load(const std::string& name_or_path);

    const solver_plugin& table() const { return *table_; }
    const std::string& path() const { return path_; }
    // True when the plugin's table is large enough to contain `field` (byte offset end).
    bool has_bytes(std::size_t end_offset) const { return table_->struct_size >= end_offset; }
    bool has_solve() const;

private:
    boost::dll::shared_library library_;
    const solver_plugin* table_ = nullptr;
    std::string path_;
};

// The folders searched for bare names, in order (existing or not).
std::vector<std::string> plugin_search_path();
// Where a bare name resolves to, or "" when no folder holds it.
std::string resolve_plugin(const std::string& name_or_path);

struct plugin_listing {
    std::string path;
    std::string name, version, summary;  // empty when refused
    std::string error;                   // why it was refused, or empty
};
// Every lib*.so in the search path, loaded and described (the first of each name wins).
std::vector<plugin_listing> list_plugins();

// The smallest struct_size an ABI-1 table may have: everything through verify_solution.
std::size_t minimum_plugin_table_size();

}  // namespace solver
