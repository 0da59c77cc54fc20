// load_or_build: the shape the big tables' getters share (get_third, get_nx), on LoadOnce's "one
// table a process" rule: load the cached file and verify it; if that fails, either leave the
// table out (build = false: a warning when a file was there but did not load) or log the rebuild,
// build it on the pool, save it, free the build buffer and map the saved file back; then one log
// line that says what was loaded or built, from where, in how long. The per-table parts (file
// format, BFS, size line) come in a TableIo; the log lines are "cube: table NAME: ...".
#pragma once

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include <solver/plugin.h>

#include "load_once.h"
#include "pdb.h"  // cache_folder

namespace cube {

// T has: HugeBuffer data; double build_seconds; bool checksum_skipped; and is default-constructible.
template <class T>
struct TableIo {
    const char *name = "";      // in the log lines: "cube: table NAME: ..."
    std::string file;           // in the cache folder
    // Reads path into t. verify: the first load (checksum, or the verified marker with
    // verify_once); false: the file just saved, read back without a pass. False with why when the
    // file is missing, does not match, or fails its checksum.
    std::function<bool(const std::string &path, T &t, std::string &why, bool verify)> load;
    std::function<solver_status(T &t)> build;  // on sv's pool; sets t.build_seconds
    std::function<bool(const T &t, const std::string &path, std::string &why)> save;
    std::function<std::string(const T &t)> size_text;  // "N rows, X MiB": after "cube: table NAME: "
    std::string building;  // logged (info) before a build; empty: nothing
};

// Into out: the table, loaded or (with build) built; with build false, a table that is not cached
// or does not load leaves out empty (and is remembered as missing, so a damaged file warns once a
// process). Errors only from a build (stopped, failed) or a saved file that does not read back.
template <class T>
solver_status load_or_build(LoadOnce<T> &once, const TableIo<T> &io, const solver_services *sv,
                            std::shared_ptr<const T> &out, solver_error *err, bool build) {
    using clock_type = std::chrono::steady_clock;
    const std::string dir = cache_folder(sv);
    const std::string path = dir + "/" + io.file;
    auto log = [sv](solver_log_level level, const std::string &s) {
        if (sv && sv->log) sv->log(sv->ctx, level, s.c_str());
    };
    return once.get(path, !build, out, [&](std::shared_ptr<const T> &got) {
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        auto t = std::make_shared<T>();
        std::string why;
        char line[512];
        const auto t0 = clock_type::now();
        if (io.load(path, *t, why, true)) {
            t->build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
            std::snprintf(line, sizeof line, "cube: table %s: %s, %s %s in %.2f s%s", io.name, io.size_text(*t).c_str(),
                          t->data.shared() ? "mapped (pages=shared) from" : "loaded from", path.c_str(), t->build_seconds,
                          t->checksum_skipped ? "; checksum verified before" : "");
        } else {
            const bool exists = std::filesystem::exists(path, ec);
            if (!build) {
                if (exists) log(SOLVER_LOG_WARN, std::string("cube: table ") + io.name + " not used: " + why);
                return SOLVER_OK;
            }
            if (exists) log(SOLVER_LOG_WARN, std::string("cube: table ") + io.name + " rebuilt: " + why);
            if (!io.building.empty()) log(SOLVER_LOG_INFO, io.building);
            *t = T();
            const solver_status s = io.build(*t);
            if (s == SOLVER_ERR_STOPPED) return solver_error_set(err, s, 0, 0, "stopped while building table %s", io.name);
            if (s != SOLVER_OK) return solver_error_set(err, s, 0, 0, "building table %s failed", io.name);
            std::string wwhy;
            const bool saved = io.save(*t, path, wwhy);
            const double secs = t->build_seconds;
            if (saved) {
                // Map the saved file instead of keeping the build buffer, freed first (so the peak
                // stays the build's).
                t->data = decltype(t->data)();
                if (!io.load(path, *t, wwhy, false))
                    return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "table %s saved but not read back: %s", io.name,
                                            wwhy.c_str());
                t->build_seconds = secs;
            }
            std::snprintf(line, sizeof line, "cube: table %s: %s, built in %.1f s%s%s", io.name, io.size_text(*t).c_str(),
                          secs, saved ? ", saved to " : " (not cached: ", saved ? path.c_str() : (wwhy + ")").c_str());
        }
        log(SOLVER_LOG_INFO, line);
        got = t;
        return SOLVER_OK;
    });
}

}  // namespace cube
