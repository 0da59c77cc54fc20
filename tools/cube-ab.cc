// cube-ab: interleaved A/B runs of the fst search inside one process (the tables loaded once),
// for changes whose effect is smaller than the noise between processes on a shared machine (a
// process spends 1-5 s of system time faulting in fresh table memory, and the load moves its
// search CPU by 10-50%). Runs the optimal search on one thread for each position, alternating
// the option sets given (ABAB...), and prints each run's thread CPU, children generated and
// nodes expanded, then per set the sum and the per-position minimum over the rounds.
//   make build/bench/cube-ab   (or by hand, from the plugin's objects but plugin.o:
//   g++ -std=c++17 -O2 -pthread -DDOCTEST_CONFIG_DISABLE -Iinclude tools/cube-ab.cc build/obj/plugins/cube/{cache_file,class_table,cube,fst,fst_search,optimal,pdb,phase1,phase2,symmetry,symred,third,twophase}.o -o build/bench/cube-ab)
//   build/bench/cube-ab ROUNDS "POSITION;POSITION..." "SET A" "SET B" ...
// Counts of the batched search's reads by kind after each solve (plugins/cube/README.md, session 16):
//   g++ -std=c++17 -O2 -pthread -DCUBE_BATCH_STATS -Iinclude -c plugins/cube/fst_search.cc -o /tmp/fs_stats.o
//   and link /tmp/fs_stats.o instead of fst_search.o (as build/bench/cube-ab-stats); it also prints the
//   batch's shape (misses issued together per stage). -DCUBE_PHASE_CYCLES instead: TSC cycles per stage.
// A set is space-separated options of the plugin's names (third=t|off: the cached cube-third-t.pdb, mapped shared; lazy_inverse, lazy_corners, lazy_axes, class_moves,
// window_parent, symred, third_ahead, split_prefetch, side_round, simd_coords, bondt, nextmove: on|off; batch=N; inverse_classes=cache|table; first_axis=exact|max;
// inverse_stage=old|ahead|once; third_gather=K; third_fast_coords=on|off;
// third_reuse=on|off; third_wave=W), and pages=huge|shared|mapped (how
// the fstp2 table is loaded: one table per mode the sets name; default huge); "" is the defaults. Tables: cube-fstp2.pdb and
// cube-c01234567.pdb from $SOLVER_CACHE_DIR (default ~/.cache/solver), read only.
// tables=nx (session 37): the set runs the N table's search (nx_search.h) instead, cube-nx.pdb mapped shared
// (loaded only when a set names it; cube-fstp2.pdb then only when another set needs it); it reads bondt,
// nextmove (on unless given off, as the plugin's auto), nx_inherit=on|off, nx_lazy=on|off, nx_corner_early=on|off,
// nx_batch=K (0..16), nx_cousins=on|off (session 37 nxb37), nx_switch=on|off (session 49) and symred.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "../plugins/cube/cube.h"
#include "../plugins/cube/fst.h"
#include "../plugins/cube/nx.h"
#include "../plugins/cube/nx_search.h"
#include "../plugins/cube/optimal.h"
#include "../plugins/cube/pdb.h"
#include "../plugins/cube/third.h"
#include "../tests/cube/test_services.h"

using namespace cube;

static double thread_cpu() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

static bool parse_set(const std::string &text, FstSearchOptions &o, unsigned &pages, bool &nx, NxSearchOptions &no) {
    std::istringstream in(text);
    std::string kv;
    nx = false;
    bool bondt_off = false, nextmove_off = false;
    while (in >> kv) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos) return false;
        const std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
        if (k == "tables" && (v == "nx" || v == "fstp2")) {
            nx = v == "nx";
            continue;
        }
        if (k == "nx_inherit" && (v == "on" || v == "off")) {
            no.inherit = v == "on";
            continue;
        }
        if (k == "nx_corner_early" && (v == "on" || v == "off")) {
            no.corner_early = v == "on";
            continue;
        }
        if (k == "nx_switch" && (v == "on" || v == "off")) {
            no.inverse_switch = v == "on";
            continue;
        }
        if (k == "nx_cousins" && (v == "on" || v == "off")) {
            no.cousins = v == "on";
            continue;
        }
        if (k == "nx_batch") {
            no.batch = std::atoi(v.c_str());
            continue;
        }
        if (k == "nx_lazy" && (v == "on" || v == "off")) {
            no.lazy_forward = v == "on";
            continue;
        }
        if ((k == "bondt" || k == "nextmove") && v == "off") (k == "bondt" ? bondt_off : nextmove_off) = true;
        if (k == "third_lim") {
            o.third_lim = std::atoi(v.c_str());
            continue;
        }
        if (k == "third_gather") {
            o.third_gather = std::atoi(v.c_str());
            continue;
        }
        if (k == "third_wave") {
            o.third_wave = std::atoi(v.c_str());
            continue;
        }
        if (k == "batch") {
            o.batch = std::atoi(v.c_str());
            continue;
        }
        if (k == "pages" && (v == "huge" || v == "shared" || v == "mapped")) {
            pages = v == "huge" ? PAGES_HUGE : v == "shared" ? PAGES_SHARED : PAGES_MAPPED;
            continue;
        }
        if (k == "first_axis" && (v == "exact" || v == "max")) {
            o.first_axis_exact = v == "exact";
            continue;
        }
        if (k == "third" && (v == "t" || v == "off")) {
            // Set to the loaded table in main (any non-null marks the set).
            o.third = v == "t" ? reinterpret_cast<const ThirdTable *>(&o) : nullptr;
            continue;
        }
        if (k == "inverse_stage" && (v == "old" || v == "ahead" || v == "once")) {
            o.inverse_stage = v == "old" ? 0 : v == "ahead" ? 1 : 2;
            continue;
        }
        if (k == "inverse_classes" && (v == "cache" || v == "table")) {
            o.inverse_classes = v == "cache";
            continue;
        }
        bool *b = k == "lazy_inverse"    ? &o.lazy_inverse
                  : k == "rows_first"    ? &o.rows_first
                  : k == "lazy_corners"  ? &o.lazy_corners
                  : k == "lazy_axes"     ? &o.lazy_axes
                  : k == "class_moves"   ? &o.class_moves
                  : k == "window_parent" ? &o.window_parent
                  : k == "symred"        ? &o.symred
                  : k == "third_ahead"   ? &o.third_ahead
                  : k == "third_fast_coords" ? &o.third_fast_coords
                  : k == "third_reuse"   ? &o.third_reuse
                  : k == "split_prefetch" ? &o.split_prefetch
                  : k == "side_round"    ? &o.side_round
                  : k == "simd_coords"   ? &o.simd_coords
                  : k == "bondt"         ? &o.bondt
                  : k == "nextmove"      ? &o.nextmove
                                         : nullptr;
        if (!b || (v != "on" && v != "off")) return false;
        *b = v == "on";
    }
    no.bondt = !bondt_off, no.nextmove = !nextmove_off, no.symred = o.symred, no.order_tasks = o.order_tasks;
    return true;
}

int main(int argc, char **argv) {
    if (argc < 4) return std::fprintf(stderr, "usage: cube-ab ROUNDS \"POS;POS...\" \"SET A\" [\"SET B\" ...]\n"), 2;
    const int rounds = std::atoi(argv[1]);
    std::vector<CubieCube> pos;
    std::vector<std::string> names;
    {
        std::string all = argv[2], item;
        std::istringstream in(all);
        while (std::getline(in, item, ';')) {
            CubieCube c;
            ParseFailure f;
            if (!parse_position(item, c, f)) return std::fprintf(stderr, "bad position '%s'\n", item.c_str()), 2;
            pos.push_back(c), names.push_back(item);
        }
    }
    std::vector<FstSearchOptions> sets;
    std::vector<NxSearchOptions> nx_sets;
    std::vector<char> is_nx;
    std::vector<unsigned> set_pages;
    for (int i = 3; i < argc; ++i) {
        FstSearchOptions o;
        NxSearchOptions no;
        bool nx = false;
        unsigned pages = PAGES_HUGE;
        if (!parse_set(argv[i], o, pages, nx, no)) return std::fprintf(stderr, "bad option set '%s'\n", argv[i]), 2;
        // An nx set loads no fstp2 table (its pages mode is not counted).
        sets.push_back(o), nx_sets.push_back(no), is_nx.push_back(nx), set_pages.push_back(nx ? 99u : pages);
    }
    const std::string dir = cache_folder(nullptr);
    init_loc_tables();
    FstTable fst[3];  // one per pages mode the sets use
    std::string why;
    for (unsigned m = 0; m < 3; ++m) {
        if (std::find(set_pages.begin(), set_pages.end(), m) == set_pages.end()) continue;
        const double t0 = thread_cpu();
        if (!load_fst(dir + "/" + fst_file(2, 2), fst[m], why, 2, false, m, false, 2))
            return std::fprintf(stderr, "%s\n", why.c_str()), 1;
        std::printf("pages=%s: %s in %.3f s CPU\n", m == PAGES_HUGE ? "huge" : m == PAGES_SHARED ? "shared" : "mapped",
                    fst[m].data.shared() ? "mapped in huge pages" : "loaded", thread_cpu() - t0);
    }
    NxTable nxt;
    if (std::find(is_nx.begin(), is_nx.end(), 1) != is_nx.end()) {
        const double t0 = thread_cpu();
        if (!load_nx(dir + "/" + nx_file(), nxt, why, false, PAGES_SHARED)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
        std::printf("tables=nx: %s in %.3f s CPU\n", nxt.data.shared() ? "mapped in huge pages" : "loaded", thread_cpu() - t0);
    }
    ThirdTable third;
    bool any_third = false;
    for (size_t s = 0; s < sets.size(); ++s) any_third |= !is_nx[s] && sets[s].third != nullptr;
    if (any_third) {
        const double t0 = thread_cpu();
        if (!load_third(dir + "/" + third_file(), third, why, false, PAGES_SHARED, false))
            return std::fprintf(stderr, "%s\n", why.c_str()), 1;
        std::printf("third=t: %s in %.3f s CPU\n", third.data.shared() ? "mapped in huge pages" : "loaded", thread_cpu() - t0);
        for (FstSearchOptions &o : sets)
            if (o.third) o.third = &third;
    }
    Pdb corners;
    bool known = false;
    const Pattern cp8 = table_set("corners", known).at(0);
    if (!load_pdb(cp8, dir + "/cube-" + cp8.name() + ".pdb", corners, why)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    cube_test::TestServices ts(dir);
    std::vector<std::vector<double>> best(sets.size(), std::vector<double>(pos.size(), 1e30));
    std::vector<double> sum(sets.size(), 0);
    for (int r = 0; r < rounds; ++r)
        for (size_t p = 0; p < pos.size(); ++p)
            for (size_t s = 0; s < sets.size(); ++s) {
                const double t0 = thread_cpu();
                const OptimalResult q = is_nx[s] ? solve_optimal_nx(pos[p], &corners, nxt, &ts.sv, nx_sets[s])
                                                 : solve_optimal_fst(pos[p], &corners, fst[set_pages[s]], &ts.sv, sets[s]);
                const double t = thread_cpu() - t0;
                std::printf("round %d pos %zu set %c: %zu moves, %llu nodes, %llu children, %llu bondt cuts, %.3f s CPU\n", r, p,
                            char('A' + s), q.moves.size(), (unsigned long long)q.nodes, (unsigned long long)q.generated,
                            (unsigned long long)q.bondt_cuts, t);
                std::fflush(stdout);
                best[s][p] = std::min(best[s][p], t), sum[s] += t;
            }
    for (size_t s = 0; s < sets.size(); ++s) {
        double b = 0;
        for (double x : best[s]) b += x;
        std::printf("set %c (%s): sum %.3f s CPU, sum of per-position minima %.3f s\n", char('A' + s), argv[3 + s], sum[s], b);
    }
}
