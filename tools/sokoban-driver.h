// sokoban-driver.h -- the set-up the Sokoban drivers share (tools/sokoban-fess-driver.cc,
// tools/sokoban-backward-driver.cc): level LEVEL of FILE and the plugin's key=value options
// (as --option takes them) made into an Instance, the way the plugin makes one.
#ifndef SOKOBAN_DRIVER_H
#define SOKOBAN_DRIVER_H

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "../plugins/sokoban/options.h"
#include "../plugins/sokoban/parse.h"
#include "../plugins/sokoban/search.h"

// false, after a message on stderr, when an option or the level is bad (an unreadable file
// reads as empty and fails as a level).
inline bool load_driver_instance(const char *file, uint32_t level, char *const *opt_begin, char *const *opt_end,
                                 sokoban::Instance &inst) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    std::vector<std::string> keys, values;
    for (char *const *a = opt_begin; a != opt_end; ++a) {
        const std::string kv = *a;
        const size_t eq = kv.find('=');
        if (eq == std::string::npos) {
            std::fprintf(stderr, "bad option '%s'\n", *a);
            return false;
        }
        keys.push_back(kv.substr(0, eq));
        values.push_back(kv.substr(eq + 1));
    }
    std::vector<solver_option> opts;
    for (size_t i = 0; i < keys.size(); ++i) opts.push_back(solver_option{keys[i].c_str(), values[i].c_str()});
    sokoban::Options options;
    std::string error;
    if (!sokoban::parse_options(opts.data(), opts.size(), options, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return false;
    }
    sokoban::Level lv;
    sokoban::Failure f;
    if (!sokoban::parse_level(text.data(), text.size(), level, lv, f)) {
        std::fprintf(stderr, "parse: %s\n", f.message.c_str());
        return false;
    }
    sokoban::init_instance(inst, lv, options);
    return true;
}

#endif
