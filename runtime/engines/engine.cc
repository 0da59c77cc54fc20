#include "engines/engine.h"

#include <stdexcept>

namespace solver {

std::unique_ptr<engine> make_astar_engine();
std::unique_ptr<engine> make_greedy_engine();
std::unique_ptr<engine> make_parallel_astar_engine();
std::unique_ptr<engine> make_parallel_greedy_engine();

const std::vector<engine_description>& engine_descriptions() {
    static const std::vector<engine_description> list = {
        {"astar", "parallel best-first on f = g + weight*h over a relaxed shared queue and the lock-free "
                  "visited table; --weight 1 is optimal with an admissible heuristic, > 1 weighted A*"},
        {"greedy", "parallel best-first on h alone (fast, any solution)"},
        {"astar-seq", "the sequential reference A* (one thread, exact queue), for comparisons"},
        {"greedy-seq", "the sequential reference greedy best-first"},
    };
    return list;
}

std::unique_ptr<engine> make_engine(const std::string& name) {
    if (name == "astar") return make_parallel_astar_engine();
    if (name == "greedy") return make_parallel_greedy_engine();
    if (name == "astar-seq") return make_astar_engine();
    if (name == "greedy-seq") return make_greedy_engine();
    std::string known;
    for (const auto& d : engine_descriptions()) known += (known.empty() ? "" : ", ") + std::string(d.name);
    throw std::invalid_argument("unknown engine '" + name + "'; known engines: " + known);
}

}  // namespace solver
