// load_once: the "one table a process" rule that the cube's table getters share (get_fst,
// get_third, get_phase1_table, get_phase2_table): under one mutex, the table already loaded
// for this cache path is handed out again; otherwise `make` loads or builds it and it is kept
// for the next caller. With `remember_missing`, a table that `make` left empty (not cached, and
// not to be built) is remembered too, so a damaged cache file is looked at (and warned about)
// once a process rather than once a position. load_or_build.h puts the big tables' load, verify,
// build, save and log steps (get_third, get_nx) on top of it.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include <solver/plugin.h>

namespace cube {

template <class T>
struct LoadOnce {
    std::mutex mu;
    std::shared_ptr<const T> loaded;
    std::string loaded_path, missing_path;

    // make(std::shared_ptr<const T> &t) -> solver_status, called with the mutex held (so two
    // threads never build the same table); t left empty means "not available".
    template <class Make>
    solver_status get(const std::string &path, bool remember_missing, std::shared_ptr<const T> &out, Make &&make) {
        std::lock_guard<std::mutex> lock(mu);
        if (loaded && loaded_path == path) {
            out = loaded;
            return SOLVER_OK;
        }
        if (remember_missing && missing_path == path) {
            out.reset();
            return SOLVER_OK;
        }
        std::shared_ptr<const T> t;
        const solver_status s = make(t);
        if (s != SOLVER_OK) return s;
        if (t) {
            loaded = t;
            loaded_path = path;
        } else if (remember_missing) {
            missing_path = path;
        }
        out = t;
        return SOLVER_OK;
    }
};

}  // namespace cube
