// tables=auto (session 38, table_choice.h): the rule as a pure function on every case; the option
// parsed and refused; get_nx without build (auto's load: never a build); the solve's choice when
// the budget refuses before any table is read (runs anywhere); and, where the user's cache holds
// the tables (linked into scratch folders, never built here), auto's fallback to fstp2 without
// cube-nx.pdb, with a cube-nx.pdb that does not load and over the budget, and its choice of nx,
// each solve replayed. The solves are single-threaded: CubeTables.Search.* (skipped under a
// sanitizer, as CubeThird's: the same search code runs in the other tests).
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "../../plugins/cube/cube.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/nx.h"
#include "../../plugins/cube/table_choice.h"
#include "../../plugins/cube/third.h"
#include "test_services.h"

extern "C" const solver_plugin *solver_plugin_entry(void);

using namespace cube;

namespace {

bool has(const std::string &hay, const std::string &needle) { return hay.find(needle) != std::string::npos; }

struct Run {
    solver_status open = SOLVER_OK, solve = SOLVER_OK;
    std::string msg, log, moves;
};

// The plugin's solve of scramble with options o, the cache folder dir and the memory budget
// (0: none), pages mapped; a solved answer is replayed.
Run run(const std::string &dir, const char *scramble, std::vector<solver_option> o, uint64_t budget) {
    const solver_plugin *p = solver_plugin_entry();
    cube_test::TestServices ts(dir);
    ts.sv.memory_budget_bytes = budget;
    o.push_back({"pages", "mapped"});
    solver_instance *inst = nullptr;
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    Run r;
    r.open = p->open(scramble, std::strlen(scramble), "<test>", 1, o.data(), o.size(), &ts.sv, &inst, &err);
    if (r.open != SOLVER_OK) return r.msg = msg, r;
    uint64_t cost = 0;
    r.solve = p->solve(inst, &ts.sv, &cost, &err);
    p->close(inst);
    r.msg = msg, r.log = ts.log, r.moves = ts.output;
    if (r.solve == SOLVER_OK) {
        std::vector<int> moves, sc;
        ParseFailure f;
        REQUIRE(parse_moves(r.moves, moves, f));
        REQUIRE(parse_moves(scramble, sc, f));
        CHECK(apply_moves(apply_moves(CubieCube::solved(), sc), moves).is_solved());
        CHECK(moves.size() == cost);
    }
    return r;
}

// An emptied scratch folder under the tests' cache folder.
std::string scratch(const std::string &name) {
    const std::string dir = cube_test::cache_dir() + "/" + name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// A file of a few bytes that is no table (cube-nx.pdb's header does not match).
void write_garbage(const std::string &path) {
    FILE *f = std::fopen(path.c_str(), "wb");
    REQUIRE(f);
    REQUIRE(std::fwrite("not a table", 11, 1, f) == 1);
    std::fclose(f);
}

}  // namespace

TEST_CASE("CubeTables.AutoChoice") {
    // The rule in its order: an option only fstp2 has; cube-nx.pdb not cached; the nx set over
    // the budget (0: no budget; equal fits); else nx. The reasons say so.
    AutoTables a;
    CHECK(a.nx_need == NX_SET_BYTES);
    CHECK(NX_SET_BYTES > NX_TABLE_BYTES);
    a.nx_cached = false;
    TableChoice c = choose_tables(a);
    CHECK(c.tables == "fstp2");
    CHECK(has(c.why, "cube-nx.pdb not cached"));
    CHECK(has(c.why, "tables=nx"));
    CHECK(has(c.why, "cube-nx build"));
    CHECK(table_choice_line(c) == "cube: tables=auto chose fstp2 (" + c.why + ")");
    a.nx_cached = true;
    c = choose_tables(a);
    CHECK(c.tables == "nx");
    CHECK(has(c.why, "cube-nx.pdb cached, 2.42 GiB, no memory budget"));
    for (uint64_t budget : {NX_SET_BYTES, NX_SET_BYTES + 1, uint64_t(18) << 30}) {
        a.budget = budget;
        c = choose_tables(a);
        CHECK(c.tables == "nx");
        CHECK(has(c.why, "2.42 GiB within the budget of"));
    }
    for (uint64_t budget : {NX_SET_BYTES - 1, uint64_t(2300) << 20, uint64_t(100) << 20}) {
        a.budget = budget;
        c = choose_tables(a);
        CHECK(c.tables == "fstp2");
        CHECK(has(c.why, "over the memory budget"));
    }
    a.nx_cached = false;  // not cached and over the budget: not cached is the reason given
    CHECK(has(choose_tables(a).why, "not cached"));
    a.budget = 0;
    for (bool cached : {false, true}) {
        a.nx_cached = cached;
        a.needs_fstp2 = "third=t";
        c = choose_tables(a);
        CHECK(c.tables == "fstp2");
        CHECK(c.why == "third=t needs the fstp2 search");
        a.needs_fstp2 = "edges=e7";
        CHECK(choose_tables(a).tables == "fstp2");
        a.needs_fstp2.clear();
    }
}

TEST_CASE("CubeTables.AutoOptionParsed") {
    // tables=auto is the default and parses; a misspelling is refused naming it; third=t goes with
    // auto (it makes auto choose fstp2) but not with nx; the bondt/nextmove checks under auto are
    // fstp2's (batch=0 with bondt=on refused); all before any table is read.
    const solver_plugin *p = solver_plugin_entry();
    cube_test::TestServices ts(cube_test::cache_dir());
    auto open = [&](std::vector<solver_option> o, std::string *why = nullptr) {
        solver_instance *inst = nullptr;
        char msg[512] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        const solver_status s = p->open("R U", 3, "<test>", 1, o.data(), o.size(), &ts.sv, &inst, &err);
        if (inst) {
            if (why) *why = p->info(inst)->description;
            p->close(inst);
        } else if (why) {
            *why = msg;
        }
        return s;
    };
    std::string why;
    CHECK(open({}, &why) == SOLVER_OK);
    CHECK(has(why, "tables auto"));
    CHECK(open({{"tables", "auto"}}) == SOLVER_OK);
    CHECK(open({{"tables", "aut"}}, &why) == SOLVER_ERR_OPTION);
    CHECK(has(why, "tables: expected auto, fstp2, nx,"));
    CHECK(open({{"third", "t"}}) == SOLVER_OK);
    CHECK(open({{"tables", "auto"}, {"third", "t"}}) == SOLVER_OK);
    CHECK(open({{"tables", "nx"}, {"third", "t"}}, &why) == SOLVER_ERR_OPTION);
    CHECK(has(why, "third=t needs mode=optimal with tables=fstp2 (not tables=nx; with tables=auto"));
    CHECK(open({{"batch", "0"}, {"bondt", "on"}}, &why) == SOLVER_ERR_OPTION);
    CHECK(has(why, "bondt=on needs the batched search"));
    CHECK(open({{"tables", "nx"}, {"batch", "0"}, {"bondt", "on"}}) == SOLVER_OK);
    CHECK(open({{"bondt", "on"}, {"nextmove", "on"}}) == SOLVER_OK);
    CHECK(open({{"mode", "fast"}, {"nextmove", "on"}}, &why) == SOLVER_ERR_OPTION);
    CHECK(has(why, "nextmove=on needs mode=optimal"));
}

TEST_CASE("CubeTables.NxWithoutBuild") {
    // get_nx as tables=auto calls it (build false): no file, no table and nothing built or
    // written; a file that does not load: a warning once, no table, the file left as it was.
    const std::string empty = scratch("nx-auto-empty");
    cube_test::TestServices ts(empty);
    std::shared_ptr<const NxTable> got;
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    CHECK(get_nx(&ts.sv, got, &err, PAGES_MAPPED, true, false) == SOLVER_OK);
    CHECK(!got);
    CHECK(ts.log.empty());
    CHECK(std::filesystem::is_empty(empty));
    const std::string bad = scratch("nx-auto-bad");
    write_garbage(bad + "/" + nx_file());
    cube_test::TestServices tb(bad);
    CHECK(get_nx(&tb.sv, got, &err, PAGES_MAPPED, true, false) == SOLVER_OK);
    CHECK(!got);
    CHECK(has(tb.log, "cube: table nx not used: cached table " + bad + "/" + nx_file() + " does not match"));
    CHECK(!has(tb.log, "building"));
    CHECK(std::filesystem::file_size(bad + "/" + nx_file()) == 11);
    tb.log.clear();
    CHECK(get_nx(&tb.sv, got, &err, PAGES_MAPPED, true, false) == SOLVER_OK);  // remembered: no second warning
    CHECK(!got);
    CHECK(tb.log.empty());
}

TEST_CASE("CubeTables.AutoRefusedByTheBudget") {
    // The default (tables=auto) in a folder without cube-nx.pdb chooses fstp2, whose tables the
    // 100 MiB budget refuses before any is read or built; with a cube-nx.pdb there (any file:
    // the budget is looked at first) the reason is the budget. Nothing is written.
    const std::string dir = scratch("auto-budget");
    const uint64_t budget = uint64_t(100) << 20;
    Run r = run(dir, "R U F", {}, budget);
    CHECK(r.solve == SOLVER_ERR_NO_MEMORY);
    CHECK(has(r.log, "cube: tables=auto chose fstp2 (cube-nx.pdb not cached; `--option tables=nx`"));
    CHECK(has(r.msg, "the 'fstp2' tables need"));
    CHECK(std::filesystem::is_empty(dir));
    write_garbage(dir + "/" + nx_file());
    r = run(dir, "R U F", {}, budget);
    CHECK(r.solve == SOLVER_ERR_NO_MEMORY);
    CHECK(has(r.log, "cube: tables=auto chose fstp2 (cube-nx.pdb cached, but the nx tables' 2.53 GiB are over the "
                     "memory budget of 0.10 GiB)"));
    CHECK(!has(r.log, "table nx"));
    r = run(dir, "R U F", {{"tables", "small"}}, budget);  // the other sets as before
    CHECK(r.solve == SOLVER_OK);
    CHECK(!has(r.log, "tables=auto"));
    CHECK(has(r.log, "3 moves (half-turn metric), optimal (tables small)"));
}

namespace {
// A scratch folder whose files link to the user's cached tables but those named in `leave_out`
// (prefixes of file names); "" when the user's cache lacks the fstp2 table, its classes or the
// corner table (never built here).
std::string linked(const std::string &name, std::vector<std::string> leave_out) {
    namespace fs = std::filesystem;
    const std::string user = cube_test::user_cache_dir();
    std::error_code ec;
    for (const std::string &f : {fst_file(2, 2), std::string("cube-fst-classes.bin"), std::string("cube-c01234567.pdb")})
        if (!fs::exists(user + "/" + f, ec)) return "";
    const std::string dir = scratch(name);
    for (const auto &e : fs::directory_iterator(user)) {
        const std::string f = e.path().filename().string();
        bool keep = e.is_regular_file();
        for (const auto &l : leave_out) keep = keep && f.rfind(l, 0) != 0;
        if (keep) fs::create_symlink(e.path(), dir + "/" + f);
    }
    return dir;
}
const char *const SCRAMBLE = "L2 F' R U' F D2 R' B2 R' D2 F U' D";  // 13 moves, optimal 13
}  // namespace

TEST_CASE("CubeTables.Search.AutoChoosesFstp2") {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under a sanitizer: single-threaded solves over the 1.6 GiB table");
    return;
#endif
    // Without cube-nx.pdb in the folder: fstp2, said in the log and in the last line. With one
    // that does not load: a warning, fstp2, the same answer. (third=off: its own case is
    // CubeThird.AutoUsesTheTableOnlyWhenCached.)
    const std::string dir = linked("auto-fstp2", {nx_file(), third_file()});
    if (dir.empty()) {
        MESSAGE("skipped: no cached fstp2 table (with its classes and the corners) in " << cube_test::user_cache_dir());
        return;
    }
    Run r = run(dir, SCRAMBLE, {}, 0);
    REQUIRE_MESSAGE(r.solve == SOLVER_OK, r.msg << "\n" << r.log);
    INFO(r.log);
    CHECK(has(r.log, "cube: tables=auto chose fstp2 (cube-nx.pdb not cached"));
    CHECK(has(r.log, "cube: 13 moves (half-turn metric), optimal (tables fstp2)"));
    CHECK(!has(r.log, "table nx"));
    CHECK(!std::filesystem::exists(dir + "/" + nx_file()));  // nothing built
    write_garbage(dir + "/" + nx_file());
    Run bad = run(dir, SCRAMBLE, {}, 0);
    REQUIRE_MESSAGE(bad.solve == SOLVER_OK, bad.msg << "\n" << bad.log);
    INFO(bad.log);
    CHECK(has(bad.log, "cube: table nx not used"));
    CHECK(has(bad.log, "cube: tables=auto chose fstp2 (cube-nx.pdb cached but it did not load"));
    CHECK(has(bad.log, "optimal (tables fstp2)"));
    CHECK(bad.moves == r.moves);
    CHECK(std::filesystem::file_size(dir + "/" + nx_file()) == 11);  // not rebuilt
}

TEST_CASE("CubeTables.Search.AutoChoosesNx") {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under a sanitizer: single-threaded solves over the 2.42 GiB table");
    return;
#endif
    // With cube-nx.pdb cached (linked from the user's cache): nx, the same length as fstp2's; the
    // rules follow it (no third table, de Bondt's rule and nextmove on: the same nodes as
    // tables=nx). Over the budget (2300 MiB holds fstp2, not nx): fstp2, said so.
    const std::string user = cube_test::user_cache_dir();
    std::error_code ec;
    if (!std::filesystem::exists(user + "/" + nx_file(), ec)) {
        MESSAGE("skipped: no cached cube-nx.pdb in " << user);
        return;
    }
    const std::string dir = linked("auto-nx", {third_file()});
    if (dir.empty()) {
        MESSAGE("skipped: no cached fstp2 table (with its classes and the corners) in " << user);
        return;
    }
    Run r = run(dir, SCRAMBLE, {}, 0);
    REQUIRE_MESSAGE(r.solve == SOLVER_OK, r.msg << "\n" << r.log);
    INFO(r.log);
    CHECK(has(r.log, "cube: tables=auto chose nx (cube-nx.pdb cached, 2.42 GiB, no memory budget)"));
    CHECK(has(r.log, "cube: 13 moves (half-turn metric), optimal (tables nx)"));
    Run pinned = run(dir, SCRAMBLE, {{"tables", "nx"}}, 0);
    REQUIRE(pinned.solve == SOLVER_OK);
    CHECK(!has(pinned.log, "tables=auto"));
    const auto last = [](const std::string &log) { return log.substr(log.find("moves (half-turn metric)")); };
    CHECK(last(pinned.log) == last(r.log));  // the same nodes: the rules resolved as for tables=nx
    CHECK(pinned.moves == r.moves);
    Run within = run(dir, SCRAMBLE, {}, uint64_t(4) << 30);
    REQUIRE(within.solve == SOLVER_OK);
    CHECK(has(within.log, "cube: tables=auto chose nx (cube-nx.pdb cached, 2.42 GiB within the budget of 4.00 GiB)"));
    Run tight = run(dir, SCRAMBLE, {}, uint64_t(2300) << 20);
    REQUIRE_MESSAGE(tight.solve == SOLVER_OK, tight.msg << "\n" << tight.log);
    CHECK(has(tight.log, "cube: tables=auto chose fstp2 (cube-nx.pdb cached, but the nx tables' 2.53 GiB are over the "
                         "memory budget of 2.25 GiB)"));
    CHECK(has(tight.log, "cube: 13 moves (half-turn metric), optimal (tables fstp2)"));
    Run others = run(dir, SCRAMBLE, {{"third", "off"}, {"edges", "off"}}, 0);  // third=off, edges=off keep nx
    CHECK(has(others.log, "chose nx"));
}
