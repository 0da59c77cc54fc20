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
    CHECK(error.find("unknown option 'tunnel'") != std::string::npos);
    CHECK(error.find("tunnels") != std::string::npos);
    CHECK(error.find("goalroom") != std::string::npos);
    CHECK(error.find("portfolio") != std::string::npos);
    CHECK(error.find("deadsquares") != std::string::npos);
    CHECK(error.find("freeze") != std::string::npos);
    CHECK(error.find("corral") != std::string::npos);
    CHECK(error.find("heuristic") != std::string::npos);
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
