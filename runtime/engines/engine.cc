#include "engines/engine.h"

#include <stdexcept>

namespace solver {

std::unique_ptr<engine> make_astar_engine();
std::unique_ptr<engine> make_greedy_engine();
std::unique_ptr<engine> make_parallel_astar_engine();
std::unique_ptr<engine> make_parallel_greedy_engine();
std::unique_ptr<engine> make_hda_engine();
std::unique_ptr<engine> make_ida_engine();
std::unique_ptr<engine> make_bfs_engine();
std::unique_ptr<engine> make_count_engine();

std::string to_decimal(unsigned __int128 v) {
    std::string digits;
    do {
        digits.push_back(char('0' + int(v % 10)));
        v /= 10;
    } while (v != 0);
    return std::string(digits.rbegin(), digits.rend());
}

const std::vector<engine_description>& engine_descriptions() {
    static const std::vector<engine_description> list = {
        {"astar", "parallel best-first on f = g + weight*h over a relaxed shared queue and the lock-free "
                  "visited table; --weight 1 is optimal with an admissible heuristic, > 1 weighted A*"},
        {"greedy", "parallel best-first on h alone (fast, any solution)"},
        {"astar-seq", "the sequential reference A* (one thread, exact queue), for comparisons"},
        {"greedy-seq", "the sequential reference greedy best-first"},
        {"hda", "hash-distributed A*: each thread owns the states whose hash maps to it, with its own open list, "
                "children sent to their owner in batches; --weight 1 is optimal with an admissible heuristic, "
                "> 1 weighted"},
        {"ida", "parallel IDA*: iterative deepening on f = g + h, each iteration split into depth-first tasks on "
                "the work-stealing pool; memory O(depth), optimal with an admissible heuristic (ignores --weight; "
                "cannot prove unsolvability on a cyclic space)"},
        {"bfs", "parallel layered breadth-first search with the visited table; shortest in moves, unit-cost "
                "instances only; proves unsolvability by exhaustion"},
        {"count", "exhaustive enumeration of every path from the initial state (no duplicate detection): prints "
                  "the number of goals reached, weighted by the plugin's goal weight, exact in 128 bits"},
    };
    return list;
}

std::unique_ptr<engine> make_engine(const std::string& name) {
    if (name == "astar") return make_parallel_astar_engine();
    if (name == "greedy") return make_parallel_greedy_engine();
    if (name == "astar-seq") return make_astar_engine();
    if (name == "greedy-seq") return make_greedy_engine();
    if (name == "hda") return make_hda_engine();
    if (name == "ida") return make_ida_engine();
    if (name == "bfs") return make_bfs_engine();
    if (name == "count") return make_count_engine();
    std::string known;
    for (const auto& d : engine_descriptions()) known += (known.empty() ? "" : ", ") + std::string(d.name);
    throw std::invalid_argument("unknown engine '" + name + "'; known engines: " + known);
}

}  // namespace solver
