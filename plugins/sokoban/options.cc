// options.cc -- see options.h.
#include "options.h"

#include <cstring>

namespace sokoban {

const char *const OPTIONS_HELP =
    "deadsquares=on|off          (on) never push a box onto a dead square: a cell from which no\n"
    "                            goal can be reached by pushes (found by pulling from every goal)\n"
    "freeze=on|off               (on) prune pushes that freeze a box off a goal: blocked on both\n"
    "                            axes by walls, dead squares or other frozen boxes (chains, 2x2)\n"
    "corral=on|off               (on) PI-corral pruning: when an area the player cannot reach\n"
    "                            must be entered first, expand only the pushes into it (and a\n"
    "                            corral that can never be entered, unsolved, is a deadlock)\n"
    "heuristic=matching|greedy|none\n"
    "                            (matching) lower bound on the pushes left: matching = minimum-cost\n"
    "                            perfect matching of boxes to goals by push distance (Hungarian;\n"
    "                            admissible, so --engine astar --weight 1 gives fewest pushes);\n"
    "                            greedy = each box takes the nearest free goal (cheaper, not\n"
    "                            admissible); none = 0\n"
    "sides=on|off                (on) the heuristic's push distances respect which side of a box\n"
    "                            the player can reach (a box cannot turn around in a corridor);\n"
    "                            maps up to 2048 interior cells; still admissible\n"
    "Default engine: astar --weight 1.5 (measured fastest on the course maps and Microban);\n"
    "--engine astar --weight 1 gives the fewest pushes, --engine greedy is sometimes faster.\n";

namespace {

const char *const ACCEPTED =
    "accepted keys: deadsquares=on|off, freeze=on|off, corral=on|off, heuristic=matching|greedy|none, "
    "sides=on|off";

bool on_off(const char *key, const char *value, bool &out, std::string &error) {
    if (std::strcmp(value, "on") == 0 || std::strcmp(value, "1") == 0 || std::strcmp(value, "true") == 0) {
        out = true;
        return true;
    }
    if (std::strcmp(value, "off") == 0 || std::strcmp(value, "0") == 0 || std::strcmp(value, "false") == 0) {
        out = false;
        return true;
    }
    error = std::string("option ") + key + ": bad value '" + value + "'; expected on or off";
    return false;
}

} // namespace

bool parse_options(const solver_option *options, size_t count, Options &out, std::string &error) {
    Options o;
    for (size_t i = 0; i < count; ++i) {
        const char *key = options[i].key ? options[i].key : "";
        const char *value = options[i].value ? options[i].value : "";
        if (std::strcmp(key, "deadsquares") == 0) {
            if (!on_off(key, value, o.deadsquares, error)) return false;
        } else if (std::strcmp(key, "freeze") == 0) {
            if (!on_off(key, value, o.freeze, error)) return false;
        } else if (std::strcmp(key, "sides") == 0) {
            if (!on_off(key, value, o.sides, error)) return false;
        } else if (std::strcmp(key, "corral") == 0) {
            if (!on_off(key, value, o.corral, error)) return false;
        } else if (std::strcmp(key, "heuristic") == 0) {
            if (std::strcmp(value, "matching") == 0) o.heuristic = HeuristicKind::matching;
            else if (std::strcmp(value, "greedy") == 0) o.heuristic = HeuristicKind::greedy;
            else if (std::strcmp(value, "none") == 0) o.heuristic = HeuristicKind::none;
            else {
                error = std::string("option heuristic: bad value '") + value +
                        "'; expected matching, greedy or none";
                return false;
            }
        } else {
            error = std::string("unknown option '") + key + "'; " + ACCEPTED;
            return false;
        }
    }
    out = o;
    return true;
}

} // namespace sokoban
