// options_test.cc -- the --option switches.
#include <doctest/doctest.h>

#include "../../plugins/sokoban/options.h"

using namespace sokoban;

TEST_CASE("Sokoban.Options.DefaultsAndSwitches") {
    Options o;
    std::string error;
    REQUIRE(parse_options(nullptr, 0, o, error));
    CHECK(o.deadsquares);
    CHECK(o.freeze);
    CHECK(o.corral);
    CHECK(o.sides);
    CHECK(o.heuristic == HeuristicKind::matching);
    CHECK(o.tunnels);
    CHECK(o.goalroom);
    CHECK(o.portfolio);
    CHECK(o.ordering);
    const solver_option macros[] = {{"tunnels", "off"}, {"goalroom", "off"}, {"portfolio", "off"}, {"ordering", "off"}};
    REQUIRE(parse_options(macros, 4, o, error));
    CHECK_FALSE(o.tunnels);
    CHECK_FALSE(o.goalroom);
    CHECK_FALSE(o.portfolio);
    CHECK_FALSE(o.ordering);
    const solver_option strict[] = {{"goalroom", "strict"}, {"tunnels", "strict"}};
    REQUIRE(parse_options(strict, 2, o, error));
    CHECK(o.goalroom);
    CHECK(o.goalroom_strict);
    CHECK(o.tunnels);
    CHECK(o.tunnels_strict);
    const solver_option bad[] = {{"tunnels", "maybe"}};
    CHECK_FALSE(parse_options(bad, 1, o, error));
    CHECK(error.find("expected on, strict or off") != std::string::npos);
    REQUIRE(parse_options(nullptr, 0, o, error));
    CHECK_FALSE(o.goalroom_strict);
    const solver_option badroom[] = {{"goalroom", "maybe"}};
    CHECK_FALSE(parse_options(badroom, 1, o, error));
    CHECK(error.find("on, strict or off") != std::string::npos);
    const solver_option opts[] = {{"deadsquares", "off"}, {"freeze", "off"}, {"heuristic", "greedy"}, {"corral", "off"}, {"sides", "off"}};
    REQUIRE(parse_options(opts, 5, o, error));
    CHECK_FALSE(o.sides);
    CHECK_FALSE(o.corral);
    CHECK_FALSE(o.deadsquares);
    CHECK_FALSE(o.freeze);
    CHECK(o.heuristic == HeuristicKind::greedy);
    const solver_option none[] = {{"heuristic", "none"}};
    REQUIRE(parse_options(none, 1, o, error));
    CHECK(o.heuristic == HeuristicKind::none);
}

TEST_CASE("Sokoban.Options.Errors") {
    Options o;
    std::string error;
    const solver_option unknown[] = {{"tunnel", "on"}};
    CHECK_FALSE(parse_options(unknown, 1, o, error));
    CHECK(error.find("unknown option 'tunnel'; did you mean tunnels=on|strict|off?") != std::string::npos);
    CHECK(error.find("--help` lists all") != std::string::npos);
    const solver_option bad[] = {{"freeze", "maybe"}};
    CHECK_FALSE(parse_options(bad, 1, o, error));
    CHECK(error.find("expected on or off") != std::string::npos);
    const solver_option badh[] = {{"heuristic", "magic"}};
    CHECK_FALSE(parse_options(badh, 1, o, error));
    CHECK(error.find("matching, greedy or none") != std::string::npos);
}

TEST_CASE("Sokoban.Options.LocalDeadTable") {
    Options o;
    std::string error;
    REQUIRE(parse_options(nullptr, 0, o, error));
    CHECK(o.ldshared);
    CHECK(o.ldprobe);
    CHECK(o.ldradius == 1);
    CHECK(o.ldmixed);
    CHECK(o.ldbudget == 100);
    const solver_option set[] = {{"ldcache", "thread"}, {"ldprobe", "off"}, {"ldradius", "2"}, {"ldbudget", "400"}};
    REQUIRE(parse_options(set, 4, o, error));
    CHECK_FALSE(o.ldshared);
    CHECK_FALSE(o.ldprobe);
    CHECK(o.ldradius == 2);
    CHECK_FALSE(o.ldmixed);
    CHECK(o.ldbudget == 400);
    for (const solver_option &bad : {solver_option{"ldcache", "both"}, solver_option{"ldradius", "3"},
                                     solver_option{"ldbudget", "0"}, solver_option{"ldbudget", "12x"}}) {
        CHECK_FALSE(parse_options(&bad, 1, o, error));
        CHECK(error.find("expected") != std::string::npos);
    }
}

TEST_CASE("Sokoban.Options.Learn") {
    Options o;
    std::string error;
    REQUIRE(parse_options(nullptr, 0, o, error));
    CHECK(o.learn == 0);
    CHECK(o.learnbudget == 2000);
    CHECK(o.learnshrink == 500);
    CHECK(o.learnrate == 4);
    CHECK(o.learnmax == 100000);
    CHECK(o.learncharge == 0);
    const solver_option set[] = {{"learn", "t1"}, {"learnbudget", "300"}, {"learnshrink", "40"}, {"learnrate", "1"},
                                 {"learnmax", "7"}, {"learncharge", "3"}};
    REQUIRE(parse_options(set, 6, o, error));
    CHECK(o.learncharge == 3);
    CHECK(o.learn == 3);
    CHECK(o.learnbudget == 300);
    CHECK(o.learnshrink == 40);
    CHECK(o.learnrate == 1);
    CHECK(o.learnmax == 7);
    const solver_option off{"learncharge", "off"};
    REQUIRE(parse_options(&off, 1, o, error));
    CHECK(o.learncharge == 0);
    for (const solver_option &bad : {solver_option{"learn", "yes"}, solver_option{"learnbudget", "0"},
                                     solver_option{"learnshrink", "-5"}, solver_option{"learnrate", "1e3"},
                                     solver_option{"learnmax", ""}, solver_option{"learncharge", "0"},
                                     solver_option{"learncharge", "on"}}) {
        CHECK_FALSE(parse_options(&bad, 1, o, error));
        CHECK(error.find("expected") != std::string::npos);
    }
}

// The unknown-key error (session 39): the nearest keys with their values, not the whole list,
// which the runtime's 1 KiB error buffer had cut off after `fess1after=N`. Every listed key is a
// key the parser knows (a bad value is refused as a value, never as an unknown key), and no
// error for an unknown key comes near the buffer.
TEST_CASE("Sokoban.Options.UnknownKeyNamesTheNearest") {
    Options o;
    std::string error;
    const auto &entries = option_entries();
    REQUIRE(entries.size() > 80);
    size_t longest = 0;
    for (const std::string &entry : entries) {
        const std::string key = entry.substr(0, entry.find('='));
        CAPTURE(entry);
        CHECK(key.find_first_of(" ,()") == std::string::npos);
        const solver_option bad[] = {{key.c_str(), "\x01"}};
        CHECK_FALSE(parse_options(bad, 1, o, error));
        CHECK(error.find("unknown option") == std::string::npos);
        // The key with its last letter dropped and with one letter doubled: the key is suggested.
        for (const std::string &typo : {key.substr(0, key.size() - 1), key + key.back()}) {
            if (typo.size() < 3) continue;
            const solver_option unknown[] = {{typo.c_str(), "on"}};
            CAPTURE(typo);
            bool is_key = false;
            for (const std::string &e : entries) is_key = is_key || e.substr(0, e.find('=')) == typo;
            if (is_key) continue;
            REQUIRE_FALSE(parse_options(unknown, 1, o, error));
            CHECK(error.find("unknown option '" + typo + "'") == 0);
            CHECK(error.find(key + "=") != std::string::npos);
            longest = std::max(longest, error.size());
        }
    }
    CHECK(longest < 600);
    const solver_option far[] = {{"zzzzzzzzzzzz", "1"}};
    CHECK_FALSE(parse_options(far, 1, o, error));
    CHECK(error == "unknown option 'zzzzzzzzzzzz' (`solver --plugin sokoban --help` lists all " +
                       std::to_string(entries.size()) + " options)");
}
