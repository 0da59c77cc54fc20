// solve_test.cc -- through the plugin's C table only: ABI facts, errors, and a small
// best-first search that solves every course map; its formatted solution must verify, and a
// corrupted copy must not.
#include <doctest/doctest.h>

#include "test_util.h"

namespace {
struct Err {
    char msg[512] = {0};
    solver_error e{msg, sizeof msg, 0, 0};
};
} // namespace

TEST_CASE("Sokoban.Plugin.Table") {
    const solver_plugin *P = solver_plugin_entry();
    REQUIRE(P != nullptr);
    CHECK(P->abi_version == SOLVER_ABI_VERSION);
    CHECK(P->struct_size == sizeof(solver_plugin));
    CHECK(std::string(P->name) == "sokoban");
    CHECK(std::string(P->options_help).find("deadsquares") != std::string::npos);
    CHECK(std::string(P->options_help).find("freeze") != std::string::npos);
    CHECK(std::string(P->options_help).find("heuristic") != std::string::npos);
    CHECK(std::string(P->input_help).find("fragile") != std::string::npos);
    CHECK(std::string(P->input_help).find("XSB") != std::string::npos);
    CHECK((P->hash != nullptr));
    CHECK((P->solve != nullptr)); // the portfolio (portfolio.h)
    CHECK(std::string(P->options_help).find("portfolio") != std::string::npos);
}

TEST_CASE("Sokoban.Plugin.TooManyBoxesForTheBound") {
    // The matching bound's costs are 32-bit (heuristic.h big() = boxes (cells + 1) + 1): a 240x250
    // map with 37,000 boxes on goals is refused at once, with the limit for its size (35,790),
    // not after minutes of tables and a generic error; 35,790 boxes pass this check.
    std::string map(240, '#');
    int boxes = 0;
    for (int r = 1; r < 249; ++r) {
        std::string line = "#";
        for (int c = 1; c < 239; ++c) {
            const bool box = !(r == 1 && c == 1) && boxes < 37000 && (r + c) % 3 != 0;
            boxes += box;
            line += r == 1 && c == 1 ? '@' : box ? '*' : ' ';
        }
        map += "\n" + line + "#";
    }
    map += "\n" + std::string(240, '#') + "\n";
    REQUIRE(boxes == 37000);
    const solver_plugin *P = solver_plugin_entry();
    Err err;
    solver_instance *inst = nullptr;
    CHECK(P->open(map.data(), map.size(), "big", 1, nullptr, 0, nullptr, &inst, &err.e) == SOLVER_ERR_PARSE);
    CHECK(inst == nullptr);
    CHECK(std::string(err.msg) == "too many boxes (37000) for a 240x250 map; expected at most 35790");
    CHECK(err.e.line == 1);
}

TEST_CASE("Sokoban.Plugin.OpenAndErrors") {
    const solver_plugin *P = solver_plugin_entry();
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    uint32_t count = 0;
    Err err;
    REQUIRE(P->count_levels(micro.data(), micro.size(), &count, &err.e) == SOLVER_OK);
    CHECK(count == 155);
    solver_instance *inst = nullptr;
    CHECK(P->open(micro.data(), micro.size(), "m", 200, nullptr, 0, nullptr, &inst, &err.e) == SOLVER_ERR_PARSE);
    CHECK(std::string(err.msg).find("1..155") != std::string::npos);
    CHECK(inst == nullptr);
    const solver_option bad[] = {{"speed", "max"}};
    Err e2;
    CHECK(P->open(micro.data(), micro.size(), "m", 1, bad, 1, nullptr, &inst, &e2.e) == SOLVER_ERR_OPTION);
    CHECK(std::string(e2.msg).find("unknown option 'speed'") != std::string::npos);
    CHECK(std::string(e2.msg).find("--help` lists all") != std::string::npos);
    Err e3;
    const std::string broken = "#####\n#@ Z#\n#####";
    CHECK(P->open(broken.data(), broken.size(), "b", 1, nullptr, 0, nullptr, &inst, &e3.e) == SOLVER_ERR_PARSE);
    CHECK(e3.e.line == 2);
    CHECK(e3.e.column == 4);

    const std::string course = sokoban_test::read_text("puzzles/sokoban/course/01.txt");
    Err e4;
    REQUIRE(P->open(course.data(), course.size(), "c", 1, nullptr, 0, nullptr, &inst, &e4.e) == SOLVER_OK);
    const solver_instance_info *info = P->info(inst);
    CHECK(std::string(info->description) == "9x4 map, 2 boxes, course format");
    CHECK(std::string(info->cost_unit) == "pushes");
    CHECK((info->flags & SOLVER_H_ADMISSIBLE));
    CHECK(info->default_engine != nullptr);
    // The buffer protocol of format_solution.
    size_t needed = 0;
    char small[1];
    Err e5;
    const uint32_t none = 0;
    CHECK(P->format_solution(inst, nullptr, &none, 0, small, sizeof small, &needed, &e5.e) == SOLVER_OK);
    CHECK(needed == 1);
    P->close(inst);
    const solver_option greedy[] = {{"heuristic", "greedy"}};
    REQUIRE(P->open(course.data(), course.size(), "c", 1, greedy, 1, nullptr, &inst, &e4.e) == SOLVER_OK);
    CHECK_FALSE((P->info(inst)->flags & SOLVER_H_ADMISSIBLE));
    P->close(inst);
    P->close(nullptr);
    P->scratch_free(nullptr);
}

TEST_CASE("Sokoban.Plugin.SolveEveryCourseMap") {
    const solver_plugin *P = solver_plugin_entry();
    for (int i = 1; i <= 25; ++i) {
        char name[64];
        std::snprintf(name, sizeof name, "puzzles/sokoban/course/%02d.txt", i);
        const std::string text = sokoban_test::read_text(name);
        INFO(name);
        // Greedy first; the few maps where greedy wanders get weighted A* (w = 1.5).
        sokoban_test::Solved s = sokoban_test::table_solve(text, 1, {}, 150000);
        if (!s.ok) s = sokoban_test::table_solve(text, 1, {}, 400000, 2, 3);
        MESSAGE(name << ": " << s.pushes << " pushes, " << s.expanded << " expanded");
        REQUIRE(s.ok);
        solver_instance *inst = nullptr;
        Err err;
        REQUIRE(P->open(text.data(), text.size(), name, 1, nullptr, 0, nullptr, &inst, &err.e) == SOLVER_OK);
        uint64_t cost = 0;
        CHECK(P->verify_solution(inst, s.text.data(), s.text.size(), &cost, &err.e) == SOLVER_OK);
        CHECK(cost == s.pushes);
        CHECK(s.text.find_first_not_of("WASD") == std::string::npos);
        // Corrupt it: drop the last push, then turn the first letter around.
        std::string cut = s.text.substr(0, s.text.size() - 1);
        Err e2;
        CHECK(P->verify_solution(inst, cut.data(), cut.size(), &cost, &e2.e) == SOLVER_ERR_INVALID);
        std::string flipped = s.text;
        const char *from = "WASD", *to = "SDWA";
        flipped[0] = to[std::string(from).find(flipped[0])];
        Err e3;
        const solver_status st = P->verify_solution(inst, flipped.data(), flipped.size(), &cost, &e3.e);
        CHECK(st == SOLVER_ERR_INVALID);
        P->close(inst);
    }
}

TEST_CASE("Sokoban.Plugin.OptimalOnSmallMaps") {
    // A* with the admissible matching heuristic finds the fewest pushes; every technique off
    // must find the same number (pruning never cuts an optimal solution).
    const std::string text = sokoban_test::read_text("puzzles/sokoban/course/02.txt");
    // Plain single pushes here (the macros' default mode keeps the optimum too: see below).
    const sokoban_test::Solved a =
        sokoban_test::table_solve(text, 1, {{"tunnels", "off"}, {"goalroom", "off"}}, 200000, 1, 1);
    const sokoban_test::Solved b = sokoban_test::table_solve(
        text, 1, {{"deadsquares", "off"}, {"freeze", "off"}, {"corral", "off"}, {"sides", "off"}, {"heuristic", "none"},
                  {"tunnels", "off"}, {"goalroom", "off"}},
        400000, 1, 1);
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    CHECK(a.pushes == b.pushes);
    CHECK(a.expanded <= b.expanded);
}

TEST_CASE("Sokoban.Plugin.EveryTechniqueKeepsOptimalLengths") {
    // With A* and the admissible matching, turning any one technique off must not change the
    // fewest pushes (pruning only removes deadlocks or reorders pushes).
    const std::string text = sokoban_test::read_text("puzzles/sokoban/course/20.txt");
    const sokoban_test::Solved all =
        sokoban_test::table_solve(text, 1, {{"tunnels", "off"}, {"goalroom", "off"}}, 300000, 1, 1);
    REQUIRE(all.ok);
    for (const char *key : {"deadsquares", "freeze", "frozengoals", "roomfill", "localdead", "corral", "sides"}) {
        INFO(key);
        const sokoban_test::Solved one =
            sokoban_test::table_solve(text, 1, {{key, "off"}, {"tunnels", "off"}, {"goalroom", "off"}}, 300000, 1, 1);
        REQUIRE(one.ok);
        CHECK(one.pushes == all.pushes);
    }
    // The macros in their default 'on' mode only add shortcuts of exact cost: the same optimum.
    for (const char *map : {"puzzles/sokoban/course/20.txt", "puzzles/sokoban/course/12.txt"}) {
        INFO(map);
        const std::string t = sokoban_test::read_text(map);
        const sokoban_test::Solved plain =
            sokoban_test::table_solve(t, 1, {{"tunnels", "off"}, {"goalroom", "off"}}, 300000, 1, 1);
        const sokoban_test::Solved macros = sokoban_test::table_solve(t, 1, {}, 300000, 1, 1);
        REQUIRE(plain.ok);
        REQUIRE(macros.ok);
        CHECK(macros.pushes == plain.pushes);
    }
}

TEST_CASE("Sokoban.Plugin.SolveSomeMicroban") {
    const std::string micro = sokoban_test::read_text("puzzles/sokoban/microban_155.xsb");
    const solver_plugin *P = solver_plugin_entry();
    for (uint32_t level : {1u, 2u, 3u, 10u, 50u}) {
        INFO("level " << level);
        const sokoban_test::Solved s = sokoban_test::table_solve(micro, level, {}, 200000);
        REQUIRE(s.ok);
        solver_instance *inst = nullptr;
        Err err;
        REQUIRE(P->open(micro.data(), micro.size(), "m", level, nullptr, 0, nullptr, &inst, &err.e) == SOLVER_OK);
        uint64_t cost = 0;
        CHECK(P->verify_solution(inst, s.text.data(), s.text.size(), &cost, &err.e) == SOLVER_OK);
        CHECK(cost == s.pushes);
        CHECK(s.text.find_first_not_of("lurdLURD") == std::string::npos);
        P->close(inst);
    }
}

TEST_CASE("Sokoban.Plugin.MutatedInputsNeverCrash") {
    // Random one-character mutations of a course map and of a Microban level: open either
    // fails with a parse error carrying a position, or succeeds and the instance expands.
    const solver_plugin *P = solver_plugin_entry();
    const std::string base[2] = {sokoban_test::read_text("puzzles/sokoban/course/13.txt"),
                                 "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n"};
    const char alphabet[] = "#@+$*.-_ oOxX!Z\n\t;";
    uint64_t seed = 12345;
    auto next = [&seed]() {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<uint32_t>(seed >> 33);
    };
    int opened = 0, refused = 0;
    for (int round = 0; round < 400; ++round) {
        std::string text = base[round % 2];
        const int edits = 1 + static_cast<int>(next() % 3);
        for (int e = 0; e < edits; ++e)
            text[next() % text.size()] = alphabet[next() % (sizeof alphabet - 1)];
        Err err;
        solver_instance *inst = nullptr;
        const solver_status st = P->open(text.data(), text.size(), "fuzz", 1, nullptr, 0, nullptr, &inst, &err.e);
        if (st != SOLVER_OK) {
            CHECK(st == SOLVER_ERR_PARSE);
            CHECK(err.msg[0] != '\0');
            ++refused;
            continue;
        }
        ++opened;
        solver_scratch *scratch = P->scratch_create(inst);
        REQUIRE(scratch != nullptr);
        std::string state(P->info(inst)->state_size, '\0');
        CHECK(P->initial(inst, scratch, &state[0]) == SOLVER_OK);
        P->heuristic(inst, scratch, state.data());
        solver_sink sink{nullptr, [](void *, const void *, uint32_t, uint32_t, uint32_t, uint64_t) { return 0; }};
        CHECK(P->expand(inst, scratch, state.data(), &sink) == SOLVER_OK);
        P->scratch_free(scratch);
        P->close(inst);
    }
    CHECK(opened > 0);
    CHECK(refused > 0);
}
