#include "table_choice.h"

#include <cstdio>

namespace cube {

namespace {
std::string gib(uint64_t bytes) {
    char s[32];
    std::snprintf(s, sizeof s, "%.2f GiB", double(bytes) / double(uint64_t(1) << 30));
    return s;
}
}  // namespace

TableChoice choose_tables(const AutoTables &a) {
    if (!a.needs_fstp2.empty()) return {"fstp2", a.needs_fstp2 + " needs the fstp2 search"};
    if (!a.nx_cached)
        return {"fstp2",
                "cube-nx.pdb not cached; `--option tables=nx` or `build/bench/cube-nx build` makes it, about 4 min on 2 idle cores"};
    if (a.budget && a.nx_need > a.budget)
        return {"fstp2", "cube-nx.pdb cached, but the nx tables' " + gib(a.nx_need) + " are over the memory budget of " +
                             gib(a.budget)};
    return {"nx", "cube-nx.pdb cached, " + gib(NX_TABLE_BYTES) +
                      (a.budget ? " within the budget of " + gib(a.budget) : std::string(", no memory budget"))};
}

std::string table_choice_line(const TableChoice &c) { return "cube: tables=auto chose " + c.tables + " (" + c.why + ")"; }

}  // namespace cube
