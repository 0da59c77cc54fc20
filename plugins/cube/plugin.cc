// The cube plugin's table: input (facelets or a scramble, one position a line), options, the
// generic state model (20-byte cubie locations, 18 face turns) and the plugin's own solve:
// optimal IDA* with pattern databases, or Kociemba's two-phase algorithm for fast solutions.
#include <solver/plugin.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "cube.h"
#include "nx.h"
#include "nx_search.h"
#include "optimal.h"
#include "pdb.h"
#include "table_choice.h"
#include "third.h"
#include "twophase.h"

namespace cube {
namespace {

const char *const INPUT_HELP =
    "One cube position a line, either\n"
    "  a 54-letter facelet string in Kociemba's order U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9\n"
    "  (letters U R F D L B; solved = UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB), or\n"
    "  a scramble in Singmaster notation (U D L R F B, each optionally followed by ' or 2;\n"
    "  U1/U2/U3 also work) applied to the solved cube.\n"
    "Text after ';' on a line and lines starting with '#' are comments; blank lines are skipped.\n"
    "A file may hold many positions (--level K or --level all).\n"
    "Output: the solving moves, space-separated, in the half-turn metric (U2 counts 1).";
const char *const OPTIONS_HELP =
    "mode=optimal|fast   optimal (default): IDA* with pattern databases, a shortest solution;\n"
    "                    fast: Kociemba's two-phase algorithm, the first solution within max_length\n"
    "max_length=L        fast mode: longest solution accepted (default 20, 1..30)\n"
    "phase1=auto|table|small  fast mode's phase-1 bound: table, the exact phase-1 distance\n"
    "                    (64,430 flip-slice classes x 2,187 twists at 4 bits, 67 MiB,\n"
    "                    cube-phase1.pdb; built once with the pool and cached, about a minute\n"
    "                    of CPU); small, three small tables max'ed (6 MB, built in well under a\n"
    "                    second); auto (default): the table when it is cached, else small. The same\n"
    "                    answers either way (both bounds are admissible), fewer nodes with the table.\n"
    "phase2=auto|table|small  fast mode's phase-2 bound: table adds the exact distance of the\n"
    "                    corner and U/D-edge permutations together (2,768 corner classes x 40,320\n"
    "                    at 4 bits, 53 MiB, cube-phase2.pdb; built once with the pool and cached,\n"
    "                    a few seconds of CPU) to the two small tables; small, those two alone;\n"
    "                    auto (default): the table when it is cached, else small. The same answers\n"
    "                    either way, fewer phase-2 nodes with the table.\n"
    "fast_ahead=on|off   fast mode: on (default) makes a node's children first and prefetches their\n"
    "                    table entries before testing them, tests the last move's children against\n"
    "                    the goal instead of the tables, tries phase 2's small bounds before its\n"
    "                    table at a phase-1 leaf and keeps the cubes along the phase-1 path (a\n"
    "                    leaf replays only the moves that changed); off does none of that. The\n"
    "                    same nodes and answers either way, about 0.75 of the CPU with on.\n"
    "tables=auto|fstp2|nx|fstp|fst4|fst|large|medium|corners|small   optimal mode's lower bounds.\n"
    "                    auto (default, session 38): nx (below) when cube-nx.pdb is already cached\n"
    "                    (and loads) and the memory budget holds the nx set (2.53 GiB), else fstp2\n"
    "                    (built when missing, as before); decided at each solve, the log says which\n"
    "                    and why (\"cube: tables=auto chose ...\"). auto never builds the N table:\n"
    "                    tables=nx or build/bench/cube-nx build does, once. third=t and edges=e7|e8\n"
    "                    make auto choose fstp2; third, bondt and nextmove's auto follow the set\n"
    "                    chosen; the fst search's options (batch, lazy_axes, ...) apply when fstp2 is\n"
    "                    chosen, and under auto are checked as for fstp2.\n"
    "                    fst4: the corner table and Kociemba's flip-slice-twist table at 4 bits an entry,\n"
    "                    looked up along three axes for the cube and its inverse, 1.7 GiB on disk and\n"
    "                    in memory; fst: the same table mod 3 at 2 bits, no inverse lookups, 795 MiB\n"
    "                    (about twice the nodes); fstp: fst4 with each entry split by the corner\n"
    "                    permutation's parity, 3178 MiB, about 3.5 GiB in memory (1.4-1.75 times\n"
    "                    fewer nodes than fst4, see README); fstp2 (auto's fallback): the fstp distances at\n"
    "                    2 bits (9, 10, 11 in the entry, the rest in a 75 MiB side table; the same\n"
    "                    nodes as fstp), 1664 MiB, about 1.9 GiB in memory, see fstp2_build; large:\n"
    "                    corners + two 7-edge tables, 552 MiB; medium: corners + two 6-edge, 83 MiB;\n"
    "                    corners: 42 MiB; small: 5-cubie tables, 4 MiB, for tests). Built once with\n"
    "                    the pool and cached in $SOLVER_CACHE_DIR (default ~/.cache/solver).\n"
    "                    nx (session 37; auto's choice where cached): the N table (which corners are in the\n"
    "                    U layer x twist x flip x E-slice places, 16 symmetries; 2.42 GiB,\n"
    "                    cube-nx.pdb) along the six views, per side the max of three with\n"
    "                    de Bondt's rule, and the corner table; its own depth-first worker (not\n"
    "                    batch=N but nx_batch=K; no third table: third=auto is off with it,\n"
    "                    third=t refused); the first tables=nx solve without a cached file builds it\n"
    "                    (about 4 minutes on 2 idle cores, 2.6 GiB peak; or beforehand:\n"
    "                    build/bench/cube-nx build)\n"
    "pages=shared|huge|mapped  how the fst tables are loaded from the cache: shared (default)\n"
    "                    maps the cached file advised for huge pages, so the page cache's own 2 MiB\n"
    "                    pages serve the search (no copy; a second process shares them; used when\n"
    "                    90% of it gets 2 MiB pages, else huge); huge copies it into transparent\n"
    "                    huge pages (fresh memory, slower to load); mapped maps the file without\n"
    "                    the advice (mostly 4 KiB pages, about 20% slower search). The first\n"
    "                    optimal solve of a process decides.\n"
    "verify=once|always  the cache files (fst tables, their class and class move files, the corner\n"
    "                    table): once (default) checksums each whole file until a pass\n"
    "                    succeeds, then trusts it while the marker written beside it (.verified:\n"
    "                    size, time, inode, header checksum) still matches the file; always: the\n"
    "                    full pass at every load (about 0.3 s of CPU for fst4). The first optimal\n"
    "                    solve of a process decides.\n"
    "class_moves=on|off  fst/fst4 search: follow each position's flip-slice symmetry class along\n"
    "                    moves with a class move table (on, default; 105 MiB more, built at the\n"
    "                    first solve) or look every child's class up in the 93 MiB class table\n"
    "                    (off: one more cache miss per child and axis; for comparison)\n"
    "lazy_axes=on|off    fst/fst4 search: look the three axes up one after another, the other two\n"
    "                    only for the children the first passes, and with fst4 skip an axis whose\n"
    "                    parent distance is 2 or more below the bound (on, default); off: all\n"
    "                    three for every child\n"
    "batch=N             fst/fst4 search with class_moves and lazy_axes on: expand up to N nodes of\n"
    "                    a level together, stage by stage, so their memory misses overlap\n"
    "                    (default 16; 0: one node at a time, depth first)\n"
    "order_tasks=score|prev|mix|deep|off  fst/fst4 search: the order of each bound's 3-move prefixes, so\n"
    "                    the last bound tends to reach a solution sooner. score (default; on is the\n"
    "                    same): ascending table distances, max then sum; prev: descending size of\n"
    "                    the prefix's subtree at the previous bound (ties and the first bound by\n"
    "                    score); mix: ascending max distance, then descending previous size; deep:\n"
    "                    descending count of the nodes the prefix expanded within 8 moves of the\n"
    "                    previous bound (ties by score); off: the order they are generated in.\n"
    "                    prev, mix and deep were measured and lose to score (README)\n"
    "edges=off|e7|e8     fst/fst4/fstp search: also bound by an edge pattern database looked up\n"
    "                    along the three axes, maxed with the others: e7 = 7 of the 8 U/D-layer\n"
    "                    edges (245 MiB), e8 = all 8 (2436 MiB); off (default; e7 was measured to\n"
    "                    remove almost no nodes, README). Built once like the others\n"
    "window_parent=on|off  fstp2 search: take an entry outside 9..11 from the parent's distance\n"
    "                    where that tells it (an exact 11 makes it 12, an exact 9 makes it 8) instead\n"
    "                    of the side table (on, default; off: always the side table; same nodes)\n"
    "lazy_inverse=on|off fst4/fstp/fstp2 search with batch: look the three inverse axes up one\n"
    "                    after another, the next only for the children the previous passes (on,\n"
    "                    default); off: all three for every child that reaches them (same nodes)\n"
    "rows_first=on|off   search with batch: read the class move table rows of all the nodes of a\n"
    "                    batch before expanding them (on, default); off: each child's rows\n"
    "                    prefetched when it passes the forward lookups (same nodes)\n"
    "fstp2_build=auto|direct|convert  how a missing fstp2 table is made: direct: its own 2-bit BFS\n"
    "                    (distances mod 3 up to 11, the few below 9 listed aside; 324 s wall,\n"
    "                    248 s CPU, 2.0 GiB peak on 2 shared cores, never the 4-bit table);\n"
    "                    convert: from the cached fstp file read in chunks (about 20 s, 1.9 GiB\n"
    "                    peak; fstp is built first when missing, then 4.9 GiB peak);\n"
    "                    auto (default): convert when the fstp file is cached, else direct\n"
    "symred=on|off       optimal search (every table set): when some of the 48 cube symmetries fix\n"
    "                    the start (the superflip: all 48), run only one task prefix per orbit of\n"
    "                    that group (on, default; exact: the same optimal length); off: all\n"
    "inverse_classes=cache|table  fst4/fstp/fstp2 search: the inverse lookups' flip-slice classes\n"
    "                    through their slice's symmetry class (cache, default: computed for 95% of\n"
    "                    the values, a 656 KiB table for the rest), or read from the 93 MiB class\n"
    "                    table (table: a cache miss per lookup); the same classes, so the same nodes\n"
    "lazy_corners=on|off search with batch: read a child's corner table entry only when its parent's\n"
    "                    corner distance is within one of the bound (on, default; a move changes it\n"
    "                    by at most one, so the others pass anyway); off: every child's (same nodes)\n"
    "first_axis=max|exact  search with batch: which of the forward axes at the largest parent\n"
    "                    distance a node's children look up first: max (default) the lowest-numbered;\n"
    "                    exact one whose distance is exact, not an upper bound (its children fail\n"
    "                    more often: 8% fewer reads of the other axes, no CPU gain measured; same nodes)\n"
    "third=auto|off|t    tables=fstp2 with batch: also bound the children that pass every other\n"
    "                    lookup, within 11 moves of the bound, by a third table along the six views\n"
    "                    (corners x E-slice positions x which slice edges are opposite; one bit:\n"
    "                    10 or less / 11 or more, 1072 MiB, cube-third-t.pdb): about 0.9 of the CPU\n"
    "                    at distances 17 and 18, about 3.1 GB peak RSS instead of 2.0 GB. auto\n"
    "                    (default): used when cube-third-t.pdb is cached and the memory budget\n"
    "                    holds it too, else off (never built; make it once with third=t); t: used,\n"
    "                    built once when missing (about 6 minutes, 3.1 GB peak); off: never\n"
    "third_gather=K      third table: read it once for K sibling batches (1..64), their children\n"
    "                    that passed every other lookup gathered, so more of its misses are in\n"
    "                    flight; the same nodes (default 16; 1: each batch alone)\n"
    "third_reuse=on|off  third table: the inverse views' twist and slice part taken from the\n"
    "                    inverse lookups' own coordinates instead of recomputed from the cubies;\n"
    "                    the same nodes; on (default)\n"
    "third_wave=W        third table: read each view's bytes in a pipeline W prefetches deep (1..256),\n"
    "                    the view's entries computed first; 0 (default): all prefetched at once,\n"
    "                    the next view's computed meanwhile; the same nodes\n"
    "bondt=auto|off|on   tables=fst4|fstp|fstp2 with batch, or tables=nx: M. de Bondt's rule on\n"
    "                    the flip-slice-twist values (with fstp/fstp2 each view's smaller parity\n"
    "                    entry; with nx the N table's values): a child whose three forward views,\n"
    "                    or three inverse views, all equal its moves left needs one move more, so\n"
    "                    it is cut (about 0.89 of the nodes, the same optimal length); auto\n"
    "                    (default): on with tables=fstp2 and batch, and with nx; off elsewhere\n"
    "                    (with fstp and fst4 it is neither tested nor measured: on asks for it)\n"
    "nextmove=auto|off|on  tables=fst4|fstp|fstp2 with batch, or tables=nx: the next-move rule:\n"
    "                    a node's inverse view at its moves left skips the next move's turns of\n"
    "                    that view's axis (with nx all six)\n"
    "                    (with fstp/fstp2 the half turns; the quarter turns when the other parity's\n"
    "                    entry is that far too), children that would fail that lookup: the same\n"
    "                    nodes, about half the children looked up; auto (default) as bondt's.\n"
    "                    Both: about 0.7 of the search's CPU at distances 16-18 (README)\n"
    "nx_batch=K          tables=nx: expand up to K sibling nodes together, stage by stage, so one\n"
    "                    round of table misses serves K nodes (0..16; 0 and 1: one node at a\n"
    "                    time); the same nodes for every K (default 8, README session 37 nxb37)";

struct Options {
    bool fast = false;
    int max_length = 20;
    // auto (the default): nx or fstp2, chosen at solve time (table_choice.h, solve_fn).
    std::string tables = "auto";
    unsigned pages = PAGES_SHARED;
    bool verify_once = true;
    FstSearchOptions search;
    std::string edges = "off";  // edges=off|e7|e8 (the table set of FstSearchOptions::edges)
    std::string fstp2_build = "auto";  // fstp2_build=auto|direct|convert
    std::string third = "auto";        // third=auto|off|t (FstSearchOptions::third; see solve_fn)
    // bondt=auto|off|on, nextmove=auto|off|on (FstSearchOptions::bondt, nextmove): auto is on
    // where they were tested and measured (tables=fstp2 in the batched search, README session 35,
    // and tables=nx), off elsewhere; resolved by resolve_rules for the table set used (at the end
    // of parse_options, and again in solve_fn once tables=auto has chosen).
    std::string bondt = "auto", nextmove = "auto";
    int nx_batch = NxSearchOptions().batch;  // nx_batch=0..16 (NxSearchOptions::batch, tables=nx)
    std::string phase1 = "auto";       // phase1=auto|table|small (fast mode)
    std::string phase2 = "auto";       // phase2=auto|table|small (fast mode)
    bool fast_ahead = true;            // fast_ahead=on|off (fast mode, solve_two_phase's ahead)
    // Where the third table is used, read it gathered and with the inverse stage's coordinates
    // (session 29: both keep the nodes; with them third=t took 0.90-0.92 of the CPU).
    Options() {
        search.third_gather = 16;
        search.third_reuse = true;
    }
};

struct Instance {
    CubieCube cube;
    Options opts;
    std::string description;
    solver_instance_info info;
};

const Instance &I(const solver_instance *i) { return *reinterpret_cast<const Instance *>(i); }

// One position: its text (trimmed, comment removed) and where it starts in the input.
struct Line {
    std::string text;
    uint32_t line = 0, column = 0;  // 1-based, of text[0]
};

std::vector<Line> positions(const char *input, size_t length) {
    std::vector<Line> out;
    size_t i = 0;
    uint32_t lineno = 0;
    while (i <= length && !(i == length && length > 0 && input[length - 1] == '\n')) {
        size_t e = i;
        while (e < length && input[e] != '\n') ++e;
        ++lineno;
        std::string s(input + i, e - i);
        size_t semi = s.find(';');
        if (semi != std::string::npos) s.resize(semi);
        size_t b = 0;
        while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
        size_t t = s.size();
        while (t > b && std::isspace(static_cast<unsigned char>(s[t - 1]))) --t;
        if (t > b && s[b] != '#') out.push_back(Line{s.substr(b, t - b), lineno, uint32_t(b + 1)});
        if (e >= length) break;
        i = e + 1;
    }
    return out;
}

// v as a whole decimal number in [lo, hi] into out (out untouched otherwise).
bool number(const std::string &v, long lo, long hi, int &out) {
    char *end = nullptr;
    const long x = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end || x < lo || x > hi) return false;
    out = int(x);
    return true;
}

bool resolve_rules(Options &opts, const std::string &tables, std::string &why);

bool parse_options(const solver_option *o, size_t n, Options &opts, std::string &why) {
    for (size_t i = 0; i < n; ++i) {
        std::string k = o[i].key ? o[i].key : "", v = o[i].value ? o[i].value : "";
        if (k == "mode") {
            if (v == "fast") opts.fast = true;
            else if (v == "optimal") opts.fast = false;
            else return why = "mode: expected optimal or fast, not '" + v + "'", false;
        } else if (k == "phase1") {
            if (v != "auto" && v != "table" && v != "small")
                return why = "phase1: expected auto, table or small, not '" + v + "'", false;
            opts.phase1 = v;
        } else if (k == "phase2") {
            if (v != "auto" && v != "table" && v != "small")
                return why = "phase2: expected auto, table or small, not '" + v + "'", false;
            opts.phase2 = v;
        } else if (k == "fast_ahead") {
            if (v != "on" && v != "off") return why = "fast_ahead: expected on or off, not '" + v + "'", false;
            opts.fast_ahead = v == "on";
        } else if (k == "max_length") {
            if (!number(v, 1, 30, opts.max_length)) return why = "max_length: expected a number from 1 to 30, not '" + v + "'", false;
        } else if (k == "tables") {
            bool known = v == "auto";
            if (!known) table_set(v, known);
            if (!known || v == "e7" || v == "e8")
                return why = "tables: expected auto, fstp2, nx, fst4, fstp, fst, large, medium, corners or small, not '" + v +
                             "'",
                       false;
            opts.tables = v;
        } else if (k == "pages") {
            if (v == "huge") opts.pages = PAGES_HUGE;
            else if (v == "mapped") opts.pages = PAGES_MAPPED;
            else if (v == "shared") opts.pages = PAGES_SHARED;
            else return why = "pages: expected shared, huge or mapped, not '" + v + "'", false;
        } else if (k == "verify") {
            if (v == "once") opts.verify_once = true;
            else if (v == "always") opts.verify_once = false;
            else return why = "verify: expected once or always, not '" + v + "'", false;
        } else if (k == "batch") {
            if (!number(v, 0, 256, opts.search.batch)) return why = "batch: expected a number from 0 to 256, not '" + v + "'", false;
        } else if (k == "order_tasks") {
            TaskOrder &t = opts.search.order_tasks;
            if (v == "score" || v == "on") t = TaskOrder::score;
            else if (v == "prev") t = TaskOrder::prev;
            else if (v == "mix") t = TaskOrder::mix;
            else if (v == "deep") t = TaskOrder::deep;
            else if (v == "off") t = TaskOrder::off;
            else return why = "order_tasks: expected score, prev, mix, deep, on (= score) or off, not '" + v + "'", false;
        } else if (k == "class_moves" || k == "lazy_axes" || k == "window_parent" || k == "symred" ||
                   k == "lazy_inverse" || k == "rows_first" || k == "lazy_corners" ||
                   k == "third_reuse") {
            bool &b = k == "class_moves"    ? opts.search.class_moves
                      : k == "lazy_axes"    ? opts.search.lazy_axes
                      : k == "symred"       ? opts.search.symred
                      : k == "lazy_inverse" ? opts.search.lazy_inverse
                      : k == "rows_first"   ? opts.search.rows_first
                      : k == "lazy_corners" ? opts.search.lazy_corners
                      : k == "third_reuse"  ? opts.search.third_reuse
                                            : opts.search.window_parent;
            if (v == "on") b = true;
            else if (v == "off") b = false;
            else return why = k + ": expected on or off, not '" + v + "'", false;
        } else if (k == "bondt" || k == "nextmove") {
            if (v != "auto" && v != "on" && v != "off") return why = k + ": expected auto, on or off, not '" + v + "'", false;
            (k == "bondt" ? opts.bondt : opts.nextmove) = v;
        } else if (k == "first_axis") {
            if (v != "exact" && v != "max") return why = "first_axis: expected exact or max, not '" + v + "'", false;
            opts.search.first_axis_exact = v == "exact";
        } else if (k == "inverse_classes") {
            if (v != "cache" && v != "table") return why = "inverse_classes: expected cache or table, not '" + v + "'", false;
            opts.search.inverse_classes = v == "cache";
        } else if (k == "fstp2_build") {
            if (v != "auto" && v != "direct" && v != "convert")
                return why = "fstp2_build: expected auto, direct or convert, not '" + v + "'", false;
            opts.fstp2_build = v;
        } else if (k == "third") {
            if (v != "auto" && v != "off" && v != "t")
                return why = "third: expected auto, off or t, not '" + v + "'", false;
            opts.third = v;
        } else if (k == "third_gather") {
            if (!number(v, 1, 64, opts.search.third_gather))
                return why = "third_gather: expected a number of batches from 1 to 64, not '" + v + "'", false;
        } else if (k == "third_wave") {
            if (!number(v, 0, 256, opts.search.third_wave))
                return why = "third_wave: expected a number of reads from 0 to 256, not '" + v + "'", false;
        } else if (k == "nx_batch") {
            if (!number(v, 0, 16, opts.nx_batch))
                return why = "nx_batch: expected a number of sibling nodes from 0 to 16, not '" + v + "'", false;
        } else if (k == "edges") {
            if (v != "off" && v != "e7" && v != "e8") return why = "edges: expected off, e7 or e8, not '" + v + "'", false;
            opts.edges = v;
        } else {
            return why = "unknown option '" + k + "' (the cube plugin knows mode, max_length, phase1, phase2, fast_ahead, tables, pages, verify, class_moves, lazy_axes, batch, order_tasks, edges, window_parent, symred, fstp2_build, lazy_inverse, rows_first, inverse_classes, lazy_corners, first_axis, third, third_gather, third_reuse, third_wave, bondt, nextmove, nx_batch)",
                   false;
        }
    }
    if (opts.third == "t" && (opts.fast || (opts.tables != "fstp2" && opts.tables != "auto")))  // so with tables=nx too
        return why = "third=t needs mode=optimal with tables=fstp2 (not " +
                     (opts.fast ? std::string("mode=fast") : "tables=" + opts.tables) +
                     "; with tables=auto, the default, it makes auto choose fstp2)",
               false;
    // Under tables=auto the rules are checked as for fstp2, the stricter of the two (nx takes
    // bondt=on and nextmove=on without the batched search); solve_fn resolves them again for the
    // set chosen.
    return resolve_rules(opts, opts.tables == "auto" ? "fstp2" : opts.tables, why);
}

// bondt and nextmove (opts.bondt, opts.nextmove: auto|on|off) into opts.search for the table set
// `tables` (a concrete one); false with why where on is asked for and the rule does not apply.
bool resolve_rules(Options &opts, const std::string &tables, std::string &why) {
    // bondt and nextmove live in the batched fst search and need exact table values; auto turns
    // them on with tables=fstp2 there (the default set), off elsewhere.
    const bool batched = opts.search.batch > 0 && opts.search.class_moves && opts.search.lazy_axes;
    // tables=nx has its own worker (nx_search.h): the rules there need no batch.
    const bool nx = !opts.fast && tables == "nx";
    const bool auto_on = (!opts.fast && tables == "fstp2" && batched) || nx;  // where auto means on
    opts.search.bondt = opts.bondt == "on" || (opts.bondt == "auto" && auto_on);
    opts.search.nextmove = opts.nextmove == "on" || (opts.nextmove == "auto" && auto_on);
    for (const char *rule : {"bondt", "nextmove"}) {
        const bool on = (std::string(rule) == "bondt" ? opts.bondt : opts.nextmove) == "on";
        if (!on || nx) continue;
        if (opts.fast || (tables != "fstp2" && tables != "fstp" && tables != "fst4"))
            return why = std::string(rule) + "=on needs mode=optimal with tables=fstp2, nx, fstp or fst4 (not " +
                         (opts.fast ? std::string("mode=fast") : "tables=" + tables) + ")",
                   false;
        if (opts.search.batch == 0 || !opts.search.class_moves || !opts.search.lazy_axes)
            return why = std::string(rule) + "=on needs the batched search (batch=1..256 with class_moves=on and lazy_axes=on)",
                   false;
    }
    return true;
}

solver_status count_levels_fn(const char *input, size_t length, uint32_t *count, solver_error *err) {
    try {
        auto p = positions(input ? input : "", input ? length : 0);
        if (p.empty()) return solver_error_set(err, SOLVER_ERR_PARSE, 1, 1, "no cube position in the input");
        if (count) *count = uint32_t(p.size());
        return SOLVER_OK;
    } catch (...) {
        return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
}

solver_status open_fn(const char *input, size_t length, const char *, uint32_t level, const solver_option *options,
                      size_t option_count, const solver_services *, solver_instance **out, solver_error *err) {
    return solver_guard(err, "opening the cube", [&] {
        if (out) *out = nullptr;
        Options opts;
        std::string why;
        if (!parse_options(options, option_count, opts, why))
            return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "%s", why.c_str());
        auto p = positions(input ? input : "", input ? length : 0);
        if (p.empty()) return solver_error_set(err, SOLVER_ERR_PARSE, 1, 1, "no cube position in the input");
        if (level < 1 || level > p.size())
            return solver_error_set(err, SOLVER_ERR_PARSE, 0, 0, "level %u does not exist (the input holds %zu)", level,
                                    p.size());
        const Line &ln = p[level - 1];
        auto *inst = new Instance;
        ParseFailure f;
        if (!parse_position(ln.text, inst->cube, f)) {
            delete inst;
            return solver_error_set(err, SOLVER_ERR_PARSE, ln.line, f.offset >= 0 ? ln.column + uint32_t(f.offset) : 0, "%s",
                                    f.message.c_str());
        }
        inst->opts = opts;
        inst->description = opts.fast ? "3x3x3 cube, two-phase (at most " + std::to_string(opts.max_length) + " moves)"
                                      : "3x3x3 cube, optimal (half-turn metric, tables " + opts.tables + ")";
        solver_instance_info &in = inst->info;
        in.abi_version = SOLVER_ABI_VERSION;
        in.struct_size = sizeof(solver_instance_info);
        in.state_size = sizeof(Loc);
        in.flags = SOLVER_HAS_SOLVE | SOLVER_UNIT_COST | SOLVER_H_ADMISSIBLE;
        in.default_engine = "solve";
        in.default_weight = 1.0;
        in.cost_unit = "moves";
        in.description = inst->description.c_str();
        in.max_cost = 0;
        if (out) *out = reinterpret_cast<solver_instance *>(inst);
        else delete inst;
        return SOLVER_OK;
    });
}

void close_fn(solver_instance *i) { delete reinterpret_cast<Instance *>(i); }
const solver_instance_info *info_fn(const solver_instance *i) { return &I(i).info; }
// The state model needs no per-thread buffers; a non-null token stands for the scratch.
solver_scratch *scratch_create_fn(const solver_instance *) {
    static char token;
    return reinterpret_cast<solver_scratch *>(&token);
}
void scratch_free_fn(solver_scratch *) {}

solver_status initial_fn(const solver_instance *i, solver_scratch *, void *state) {
    init_loc_tables();
    Loc s = to_loc(I(i).cube);
    std::memcpy(state, &s, sizeof s);
    return SOLVER_OK;
}

bool loc_solved(const Loc &s) {
    for (int i = 0; i < 8; ++i)
        if (s.l[i] != i * 3) return false;
    for (int i = 0; i < 12; ++i)
        if (s.l[8 + i] != i * 2) return false;
    return true;
}

// A move turns 4 corners and 4 edges, so ceil(wrong corners / 4) and ceil(wrong edges / 4)
// are both lower bounds.
uint32_t cheap_bound(const Loc &s) {
    int wc = 0, we = 0;
    for (int i = 0; i < 8; ++i) wc += s.l[i] != i * 3;
    for (int i = 0; i < 12; ++i) we += s.l[8 + i] != i * 2;
    return uint32_t(std::max((wc + 3) / 4, (we + 3) / 4));
}

uint32_t heuristic_fn(const solver_instance *, solver_scratch *, const void *state) {
    Loc s;
    std::memcpy(&s, state, sizeof s);
    return cheap_bound(s);
}
int is_goal_fn(const solver_instance *, const void *state) {
    Loc s;
    std::memcpy(&s, state, sizeof s);
    return loc_solved(s) ? 1 : 0;
}
solver_status expand_fn(const solver_instance *, solver_scratch *, const void *state, const solver_sink *sink) {
    init_loc_tables();
    Loc s, c;
    std::memcpy(&s, state, sizeof s);
    for (int m = 0; m < NMOVES; ++m) {
        loc_apply(s, m, c);
        if (sink->emit(sink->ctx, &c, uint32_t(m), 1, cheap_bound(c), 0)) break;
    }
    return SOLVER_OK;
}

solver_status format_solution_fn(const solver_instance *, const void *, const uint32_t *moves, size_t count, char *out,
                                 size_t capacity, size_t *needed, solver_error *err) {
    std::vector<int> m;
    for (size_t k = 0; k < count; ++k) {
        if (moves[k] >= NMOVES) return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "bad move id %u", moves[k]);
        m.push_back(int(moves[k]));
    }
    std::string s = format_moves(m);
    if (needed) *needed = s.size() + 1;
    if (!out || capacity < s.size() + 1)
        return solver_error_set(err, SOLVER_ERR_BUFFER, 0, 0, "need %zu bytes", s.size() + 1);
    std::memcpy(out, s.c_str(), s.size() + 1);
    return SOLVER_OK;
}

solver_status verify_fn(const solver_instance *i, const char *solution, size_t length, uint64_t *cost,
                        solver_error *err) {
    std::string text(solution ? solution : "", solution ? length : 0);
    std::vector<int> moves;
    ParseFailure f;
    if (!parse_moves(text, moves, f))
        return solver_error_set(err, SOLVER_ERR_INVALID, 1, uint32_t(f.offset + 1), "%s", f.message.c_str());
    if (!apply_moves(I(i).cube, moves).is_solved())
        return solver_error_set(err, SOLVER_ERR_INVALID, 1, 0, "the cube is not solved after the %zu moves", moves.size());
    if (cost) *cost = moves.size();
    return SOLVER_OK;
}

solver_status solve_fn(const solver_instance *i, const solver_services *sv, uint64_t *cost, solver_error *err) {
    return solver_guard(err, "solving the cube", [&] {
        const Instance &in = I(i);
        Options opts = in.opts;  // tables=auto becomes the set chosen below
        std::vector<int> moves;
        char line[256];
        // The nodes the search expanded, for the runtime's report (ABI 1.2; also when stopped).
        auto report = [sv](uint64_t expanded, uint64_t generated) {
            if (sv && SOLVER_HAS_FIELD(sv, solver_services, report_counts) && sv->report_counts)
                sv->report_counts(sv->ctx, expanded, generated);
        };
        // tables=auto (table_choice.h): nx where cube-nx.pdb is cached, loads and fits the budget,
        // else fstp2; then the rules whose auto depends on the set (bondt, nextmove; third below).
        std::shared_ptr<const NxTable> nxt;
        if (!opts.fast && opts.tables == "auto") {
            AutoTables a;
            std::error_code ec;
            a.nx_cached = std::filesystem::exists(cache_folder(sv) + "/" + nx_file(), ec);
            a.budget = sv ? sv->memory_budget_bytes : 0;
            if (opts.third == "t") a.needs_fstp2 = "third=t";
            else if (opts.edges != "off") a.needs_fstp2 = "edges=" + opts.edges;
            TableChoice c = choose_tables(a);
            if (c.tables == "nx") {
                // Loaded and verified as tables=nx loads it, but never built: a file that does not
                // load warns ("cube: table nx not used: ...") and leaves nxt empty.
                const solver_status s = get_nx(sv, nxt, err, opts.pages, opts.verify_once, false);
                if (s != SOLVER_OK) return s;
                if (!nxt) c = {"fstp2", "cube-nx.pdb cached but it did not load, see the warning above"};
            }
            opts.tables = c.tables;
            std::string why;
            if (!resolve_rules(opts, opts.tables, why)) return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "%s", why.c_str());
            if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, table_choice_line(c).c_str());
        }
        if (opts.fast) {
            auto stop = [sv]() { return sv && sv->should_stop && sv->should_stop(sv->ctx) != 0; };
            std::shared_ptr<const Phase1Table> p1;
            if (opts.phase1 != "small") {
                const solver_status s = get_phase1_table(sv, opts.phase1 == "table", p1, err);
                if (s != SOLVER_OK) return s;
            }
            std::shared_ptr<const Phase2Table> p2;
            if (opts.phase2 != "small") {
                const solver_status s = get_phase2_table(sv, opts.phase2 == "table", p2, err);
                if (s != SOLVER_OK) return s;
            }
            TwoPhaseResult r = solve_two_phase(in.cube, opts.max_length, stop, p1.get(), p2.get(), opts.fast_ahead);
            report(r.nodes, SOLVER_COUNT_UNKNOWN);
            if (r.stopped) return solver_error_set(err, SOLVER_ERR_STOPPED, 0, 0, "stopped");
            // Not a proof that none exists: a limit of this search (exit code 3, not 1).
            if (!r.found)
                return solver_error_set(err, SOLVER_ERR_STOPPED, 0, 0,
                                        "the two-phase search found no solution within %d moves (max_length)",
                                        opts.max_length);
            moves = r.moves;
            std::snprintf(line, sizeof line, "cube: %zu moves (half-turn metric), two-phase, %llu nodes", moves.size(),
                          (unsigned long long)r.nodes);
        } else if (opts.tables == "nx") {
            // The N table (loaded, or built once and saved) and the corner table; nx_search.h.
            if (sv && sv->memory_budget_bytes) {
                const uint64_t need = NX_SET_BYTES;
                if (need > sv->memory_budget_bytes)
                    return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0,
                                            "the 'nx' tables need %.0f MiB, over the memory budget of %.0f MiB "
                                            "(use tables=fstp2 or tables=auto, or a larger --memory-limit)",
                                            double(need) / 1048576.0, double(sv->memory_budget_bytes) / 1048576.0);
            }
            solver_status s = nxt ? SOLVER_OK : get_nx(sv, nxt, err, opts.pages, opts.verify_once);
            if (s != SOLVER_OK) return s;
            std::vector<std::shared_ptr<const Pdb>> tables;
            if ((s = get_tables("nx", sv, tables, err, opts.verify_once)) != SOLVER_OK) return s;
            NxSearchOptions nopt;
            nopt.bondt = opts.search.bondt;
            nopt.nextmove = opts.search.nextmove;
            nopt.order_tasks = opts.search.order_tasks == TaskOrder::off ? TaskOrder::off : TaskOrder::score;
            nopt.symred = opts.search.symred;
            nopt.batch = opts.nx_batch;
            OptimalResult r = solve_optimal_nx(in.cube, tables.at(0).get(), *nxt, sv, nopt);
            report(r.nodes, r.generated);
            if (r.status == SOLVER_ERR_STOPPED) return solver_error_set(err, SOLVER_ERR_STOPPED, 0, 0, "stopped");
            if (r.status != SOLVER_OK) return solver_error_set(err, r.status, 0, 0, "the optimal search failed");
            moves = r.moves;
            std::snprintf(line, sizeof line, "cube: %zu moves (half-turn metric), optimal (tables nx), %llu nodes",
                          moves.size(), (unsigned long long)r.nodes);
        } else {
            std::vector<std::shared_ptr<const Pdb>> tables;
            const bool fstp2 = opts.tables == "fstp2";  // fstp at 2 bits (windowed, SideTable)
            const bool fstp = opts.tables == "fstp" || fstp2;  // the flip-slice-twist table split by parity
            const bool fst = opts.tables == "fst" || opts.tables == "fst4" || fstp;
            const unsigned bits = opts.tables == "fst4" || (fstp && !fstp2) ? 4 : 2, par = fstp ? 2 : 1;
            // fstp2 not cached: converted from a cached fstp file (fstp2_build=auto, about 20 s) or
            // built directly (auto without one; several minutes, see build_fst).
            bool convert = false, have_fstp = false;
            if (fstp2) {
                std::error_code ec;
                have_fstp = std::filesystem::exists(cache_folder(sv) + "/" + fst_file(4, 2), ec);
                convert = opts.fstp2_build == "convert" || (opts.fstp2_build == "auto" && have_fstp);
            }
            // third=auto: the third table where it applies (fstp2 searched in batches), is cached
            // and fits the memory budget beside the rest (see below); never built. third=t: always,
            // built when missing.
            const bool third_t = opts.third == "t";
            bool third_auto = false;
            if (opts.third == "auto" && fstp2 && opts.search.batch > 0) {
                std::error_code ec;
                third_auto = std::filesystem::exists(cache_folder(sv) + "/" + third_file(), ec);
            }
            if (fst && sv && sv->memory_budget_bytes) {
                // The class move table (class_moves): 1,523,864 classes x 18 moves x 4 bytes.
                const uint64_t cm_bytes = opts.search.class_moves ? uint64_t(1523864) * NMOVES * 4 : 0;
                bool known = false;
                const uint64_t edge_bytes =
                    opts.edges == "off" ? 0 : (table_set(opts.edges, known).at(0).size() + 1) / 2;
                // fstp2: its side table (75 MiB measured); and while it is not cached, the direct
                // build's lists (137 MiB and the chunks' slack) or the conversion's read buffer
                // (64 MiB), or with fstp2_build=convert and no fstp file the 4-bit table built
                // first and converted in memory.
                uint64_t side_bytes = fstp2 ? uint64_t(80) << 20 : 0;
                std::error_code ec;
                if (fstp2 && !std::filesystem::exists(cache_folder(sv) + "/" + fst_file(2, 2), ec))
                    side_bytes += convert && !have_fstp ? fst_bytes(4, 2) : uint64_t(160) << 20;
                const uint64_t need = fst_bytes(bits, par) + side_bytes + (88179840ull + 1) / 2 +
                                      (uint64_t(N_FLIPSLICE) * 4 + (16u << 20)) + cm_bytes + edge_bytes +
                                      (third_t ? third_bytes() : 0);
                if (need > sv->memory_budget_bytes)
                    return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0,
                                            "the '%s' tables need %.0f MiB, over the memory budget of %.0f MiB "
                                            "(use --option tables=fst or tables=large, or a larger --memory-limit)",
                                            opts.tables.c_str(), double(need) / 1048576.0,
                                            double(sv->memory_budget_bytes) / 1048576.0);
                // third=auto stays off, quietly, where the third table would not fit as well.
                if (need + third_bytes() > sv->memory_budget_bytes) third_auto = false;
            }
            // The third table before the others: third=t's build (3.1 GB at its peak) then runs
            // beside nothing else. third=auto only loads it (a file that does not load warns once
            // and leaves it off).
            std::shared_ptr<const ThirdTable> third;
            if (third_t || third_auto) {
                const solver_status st = get_third(sv, third, err, opts.pages, opts.verify_once, third_t);
                if (st != SOLVER_OK) return st;
            }
            solver_status s = get_tables(opts.tables, sv, tables, err, opts.verify_once);
            if (s != SOLVER_OK) return s;
            std::shared_ptr<const FstTable> ft;
            if (fst && (s = get_fst(sv, ft, err, bits, opts.pages, opts.verify_once, par, convert)) != SOLVER_OK) return s;
            std::vector<std::shared_ptr<const Pdb>> edges;
            FstSearchOptions search = opts.search;
            search.third = third.get();
            if (fst && opts.edges != "off") {
                if ((s = get_tables(opts.edges, sv, edges, err, opts.verify_once)) != SOLVER_OK) return s;
                search.edges = edges.at(0).get();
            }
            OptimalResult r = fst ? solve_optimal_fst(in.cube, tables[0].get(), *ft, sv, search) : solve_optimal(in.cube, tables, sv, search.symred);
            report(r.nodes, r.generated);
            if (r.status == SOLVER_ERR_STOPPED) return solver_error_set(err, SOLVER_ERR_STOPPED, 0, 0, "stopped");
            if (r.status != SOLVER_OK) return solver_error_set(err, r.status, 0, 0, "the optimal search failed");
            moves = r.moves;
            std::snprintf(line, sizeof line, "cube: %zu moves (half-turn metric), optimal (tables %s), %llu nodes",
                          moves.size(), opts.tables.c_str(), (unsigned long long)r.nodes);
        }
        // Replay before printing: a wrong answer is a bug, never output.
        if (!apply_moves(in.cube, moves).is_solved())
            return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "internal error: the solution found does not solve the cube");
        std::string text = format_moves(moves);
        if (sv && sv->write_output) sv->write_output(sv->ctx, text.data(), text.size());
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, line);
        if (cost) *cost = moves.size();
        return SOLVER_OK;
    });
}

const solver_plugin TABLE = {
    SOLVER_ABI_VERSION,
    sizeof(solver_plugin),
    "cube",
    "3x3x3 Rubik's cube: optimal (IDA* + pattern databases) or fast (Kociemba two-phase) solutions",
    "0.1.0",
    INPUT_HELP,
    OPTIONS_HELP,
    count_levels_fn,
    open_fn,
    close_fn,
    info_fn,
    scratch_create_fn,
    scratch_free_fn,
    initial_fn,
    heuristic_fn,
    is_goal_fn,
    expand_fn,
    nullptr,
    nullptr,
    format_solution_fn,
    verify_fn,
    solve_fn,
};

}  // namespace
}  // namespace cube

SOLVER_DEFINE_PLUGIN(cube::TABLE)
