#include "host/plugin_host.h"

#include <boost/dll/runtime_symbol_info.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#ifndef SOLVER_INSTALL_PREFIX
#define SOLVER_INSTALL_PREFIX "/usr/local"
#endif

namespace fs = std::filesystem;

namespace solver {

std::size_t minimum_plugin_table_size() {
    return offsetof(solver_plugin, verify_solution) + sizeof(((solver_plugin*)nullptr)->verify_solution);
}

bool loaded_plugin::has_solve() const {
    return SOLVER_HAS_FIELD(table_, solver_plugin, solve) && table_->solve != nullptr;
}

std::vector<std::string> plugin_search_path() {
    std::vector<std::string> dirs;
    std::error_code ec;
    fs::path exe = boost::dll::program_location(ec).string();
    if (!ec && !exe.empty()) {
        dirs.push_back((exe.parent_path() / "plugins").string());
    }
    if (const char* env = std::getenv("SOLVER_PLUGIN_PATH")) {
        std::stringstream ss(env);
        std::string dir;
        while (std::getline(ss, dir, ':'))
            if (!dir.empty()) dirs.push_back(dir);
    }
    if (!ec && !exe.empty()) dirs.push_back((exe.parent_path().parent_path() / "lib/solver/plugins").string());
    dirs.push_back(std::string(SOLVER_INSTALL_PREFIX) + "/lib/solver/plugins");
    // Drop repeated folders, keep the first occurrence.
    std::vector<std::string> unique;
    std::set<std::string> seen;
    for (auto& d : dirs) {
        std::string key = fs::weakly_canonical(d, ec).string();
        if (ec) key = d;
        if (seen.insert(key).second) unique.push_back(d);
    }
    return unique;
}

static bool is_path(const std::string& s) { return s.find('/') != std::string::npos; }

static std::string library_file_name(const std::string& name) {
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) return name;
    return "lib" + name + ".so";
}

std::string resolve_plugin(const std::string& name_or_path) {
    if (is_path(name_or_path)) return name_or_path;
    const std::string file = library_file_name(name_or_path);
    for (const auto& dir : plugin_search_path()) {
        fs::path candidate = fs::path(dir) / file;
        std::error_code ec;
        if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
    return "";
}

static const char* first_missing_function(const solver_plugin& t) {
    if (!t.name) return "name";
    if (!t.open) return "open";
    if (!t.close) return "close";
    if (!t.info) return "info";
    if (!t.scratch_create) return "scratch_create";
    if (!t.scratch_free) return "scratch_free";
    if (!t.initial) return "initial";
    if (!t.heuristic) return "heuristic";
    if (!t.is_goal) return "is_goal";
    if (!t.expand) return "expand";
    if (!t.format_solution) return "format_solution";
    if (!t.verify_solution) return "verify_solution";
    return nullptr;
}

loaded_plugin loaded_plugin::load(const std::string& name_or_path) {
    loaded_plugin p;
    std::string path = resolve_plugin(name_or_path);
    if (path.empty()) {
        std::string where;
        for (const auto& d : plugin_search_path()) where += (where.empty() ? "" : ", ") + d;
        throw plugin_error("plugin '" + name_or_path + "' not found (looked for " +
                           library_file_name(name_or_path) + " in: " + where + ")");
    }
    std::error_code fec;
    if (!fs::exists(path, fec)) throw plugin_error("plugin file '" + path + "' does not exist");
    if (!fs::is_regular_file(path, fec)) throw plugin_error("plugin '" + path + "' is not a regular file");
    p.path_ = path;

    std::error_code ec;
    // rtld_local keeps each plugin's symbols to itself; rtld_now reports unresolved symbols here.
    p.library_.load(boost::dll::fs::path(path), ec,
                    boost::dll::load_mode::rtld_local | boost::dll::load_mode::rtld_now);
    if (ec) {
        // Boost.DLL keeps only an error code ("Bad file descriptor" for every dlopen failure);
        // the loader's own reason (an invalid ELF header, a missing symbol or library, the wrong
        // class) comes from dlerror after one more attempt.
        std::string why = ec.message();
        dlerror();  // clear any earlier message
        if (void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            dlclose(h);
        } else if (const char* e = dlerror()) {
            why = e;
        }
        throw plugin_error("plugin '" + path + "' is not a loadable shared library (" + why + ")");
    }
    if (!p.library_.has(SOLVER_PLUGIN_ENTRY_NAME)) {
        throw plugin_error("'" + path + "' is not a solver plugin: it does not export " SOLVER_PLUGIN_ENTRY_NAME);
    }
    auto entry = p.library_.get<const solver_plugin*()>(SOLVER_PLUGIN_ENTRY_NAME);
    const solver_plugin* t = entry();
    if (!t) throw plugin_error("plugin '" + path + "': " SOLVER_PLUGIN_ENTRY_NAME " returned no table");
    const unsigned major = SOLVER_ABI_MAJOR_OF(t->abi_version), minor = SOLVER_ABI_MINOR_OF(t->abi_version);
    if (major != SOLVER_ABI_MAJOR) {
        throw plugin_error("plugin '" + path + "' speaks plugin ABI " + std::to_string(major) + "." +
                           std::to_string(minor) + "; this solver speaks ABI " +
                           std::to_string(SOLVER_ABI_MAJOR) + "." + std::to_string(SOLVER_ABI_MINOR) +
                           " (rebuild the plugin against this solver's plugin.h)");
    }
    if (t->struct_size < minimum_plugin_table_size()) {
        throw plugin_error("plugin '" + path + "' has a plugin table of " + std::to_string(t->struct_size) +
                           " bytes; ABI " + std::to_string(SOLVER_ABI_MAJOR) + " needs at least " +
                           std::to_string(minimum_plugin_table_size()) + " bytes");
    }
    if (const char* missing = first_missing_function(*t)) {
        throw plugin_error("plugin '" + path + "' leaves the required field '" + missing + "' empty");
    }
    p.table_ = t;
    return p;
}

std::vector<plugin_listing> list_plugins() {
    std::vector<plugin_listing> out;
    std::set<std::string> names;
    for (const auto& dir : plugin_search_path()) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) continue;
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(dir, ec)) {
            const std::string f = e.path().filename().string();
            if (f.rfind("lib", 0) == 0 && f.size() > 6 && f.compare(f.size() - 3, 3, ".so") == 0)
                files.push_back(e.path());
        }
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            const std::string stem = f.filename().string();
            const std::string name = stem.substr(3, stem.size() - 6);
            if (!names.insert(name).second) continue;
            plugin_listing l;
            l.path = f.string();
            try {
                loaded_plugin p = loaded_plugin::load(f.string());
                l.name = p.table().name ? p.table().name : name;
                l.version = p.table().version ? p.table().version : "";
                l.summary = p.table().summary ? p.table().summary : "";
            } catch (const plugin_error& e) {
                l.error = e.what();
            }
            out.push_back(l);
        }
    }
    return out;
}

}  // namespace solver
