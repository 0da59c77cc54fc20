// table_choice: tables=auto (the default since session 38), which optimal table set a solve
// uses. Decided at solve time, where the cache folder and the memory budget are known: nx (the N
// table, nx_search.h) when cube-nx.pdb is already cached and the memory budget holds the nx set,
// else fstp2 (built if missing, as before). auto never builds the N table: `--option tables=nx`
// or `build/bench/cube-nx build` does. An option only the fstp2 search has (third=t, edges=e7|e8)
// makes auto choose fstp2. A cached file that then does not load (get_nx without build) falls
// back to fstp2 too; plugin.cc says so in the same log line.
#pragma once

#include <cstdint>
#include <string>

#include "nx.h"

namespace cube {

// The nx set's memory: the N table, the corner table (88,179,840 entries at 4 bits) and 64 MiB of
// slack (tables=nx refuses, and auto passes it over, when this exceeds the memory budget).
constexpr uint64_t NX_SET_BYTES = NX_TABLE_BYTES + (88179840ull + 1) / 2 + (uint64_t(64) << 20);

struct AutoTables {
    bool nx_cached = false;       // cube-nx.pdb is in the cache folder
    uint64_t nx_need = NX_SET_BYTES;
    uint64_t budget = 0;          // the memory budget in bytes (0: none given)
    std::string needs_fstp2;      // an option only the fstp2 search has ("third=t"); empty: none
};

struct TableChoice {
    std::string tables;  // "nx" or "fstp2"
    std::string why;     // the reason, for the log line (table_choice_line)
};

// The rule, in this order: an option that needs fstp2 -> fstp2; cube-nx.pdb not cached -> fstp2;
// the nx set over the budget -> fstp2; else nx.
TableChoice choose_tables(const AutoTables &a);
// "cube: tables=auto chose nx (cube-nx.pdb cached, 2.42 GiB within the budget)".
std::string table_choice_line(const TableChoice &c);

}  // namespace cube
