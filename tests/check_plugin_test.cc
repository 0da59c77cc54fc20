// solver --check-plugin end to end: every shipped plugin passes on a small instance; each
// deliberately broken plugin in tests/plugins/broken* (tiles_broken_base.h with one BREAK_*)
// fails exactly the rule it breaks, with the reason; refused libraries fail the load check.
#include "test_support.h"

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using solver_test::build_dir;
using solver_test::run_solver;
using solver_test::sanitizer;
using solver_test::sanitizer_kind;

namespace {

struct check_lines {
    std::set<std::string> passed, failed, skipped;
    std::map<std::string, std::string> detail;
};

// Parses the "PASS  name  detail" lines.
check_lines parse(const std::string& out) {
    check_lines c;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() < 6) continue;
        std::string word = line.substr(0, 4);
        std::istringstream rest(line.substr(4));
        std::string name;
        rest >> name;
        std::string detail;
        std::getline(rest, detail);
        if (word == "PASS") c.passed.insert(name);
        else if (word == "FAIL") c.failed.insert(name);
        else if (word == "SKIP") c.skipped.insert(name);
        else continue;
        c.detail[name] = detail;
    }
    return c;
}

std::string test_plugin(const std::string& name) { return build_dir() + "/tests/plugins/lib" + name + ".so"; }
const std::string tiles_input = "tests/data/check_plugin/tiles.txt";

}  // namespace

TEST_CASE("CheckPlugin.ShippedPluginsPass") {
    struct shipped {
        std::string args;
        std::vector<std::string> must_pass;  // checks that must really run (not be skipped)
    };
    const std::vector<shipped> plugins = {
        {"sokoban --input puzzles/sokoban/microban_155.xsb --level 3",
         {"deterministic", "canonical", "hash", "consistent", "threads", "engines", "verifier-rejects", "admissible"}},
        {"ewn --input puzzles/ewn/example.in",
         {"deterministic", "canonical", "hash", "consistent", "threads", "engines", "verifier-rejects", "admissible"}},
        {"cube --input tests/data/check_plugin/cube.txt --option mode=fast",
         {"deterministic", "canonical", "threads", "engines", "format-buffer", "verifier-rejects", "admissible"}},
        {"matchsticks --input tests/data/check_plugin/matchsticks.txt", {"open", "garbage-input", "engines"}},
        {test_plugin("eightpuzzle") + " --input " + tiles_input,
         {"deterministic", "canonical", "consistent", "threads", "engines", "verifier-rejects", "admissible"}},
        {test_plugin("tilesok") + " --input " + tiles_input,
         {"deterministic", "canonical", "hash", "consistent", "sink-stop", "threads", "engines", "format-buffer",
          "verifier-rejects", "admissible"}},
    };
    // Under the sanitizers the cube's table generation makes its check take most of a minute;
    // the plain build checks it, the sanitizer builds check the rest.
    const bool sanitized = sanitizer() != sanitizer_kind::none;
    for (const auto& p : plugins) {
        if (sanitized && p.args.rfind("cube ", 0) == 0) continue;
        auto r = run_solver("--check-plugin " + p.args + " --threads 2");
        INFO(p.args << "\n" << r.out << r.err);
        CHECK(r.exit_code == 0);
        auto c = parse(r.out);
        CHECK(c.failed.empty());
        for (const char* always : {"load", "identity", "empty-input", "garbage-input", "open", "unknown-option"})
            CHECK_MESSAGE(c.passed.count(always), always);
        for (const auto& name : p.must_pass) CHECK_MESSAGE(c.passed.count(name), name);
        CHECK(r.out.find(" failed, ") != std::string::npos);
    }
}

TEST_CASE("CheckPlugin.EachBrokenPluginFailsItsRuleWithTheReason") {
    struct broken {
        const char* plugin;
        std::set<std::string> fails;     // these checks must fail...
        std::set<std::string> may_also;  // ...and these may too, depending on how a race falls
        const char* check;            // the rule it breaks
        const char* reason;           // words of the reason
        // Under ThreadSanitizer the race ends the check process itself (exit code 66).
        const char* or_reason = "the check process ended with exit code";
    };
    const std::vector<broken> cases = {
        // A rotating child order is also a data race on the rotation counter: threads fails too,
        // and under ThreadSanitizer the race can end the engines group's process as well, which
        // takes format-buffer (the same child process) with it.
        {"brokennondet", {"deterministic"}, {"threads", "engines", "format-buffer"}, "deterministic", "expanded twice"},
        {"brokencanonical", {"canonical"}, {}, "canonical", "the same goal test, heuristic and successors"},
        {"brokenhash", {"hash"}, {}, "hash", "but hash() of its bytes is"},
        {"brokenadmissible", {"admissible"}, {}, "admissible", "reaches a goal in"},
        {"brokenverifier", {"verifier-rejects"}, {}, "verifier-rejects", "the verifier accepts"},
        // The engines then usually find paths through states that are not successors; under
        // ThreadSanitizer the race ends that group's process, format-buffer included (CI saw it).
        {"brokenthreads", {"threads"}, {"engines", "format-buffer"}, "threads", "concurrent calls disagree with one thread"},
        // Whitespace-only input holds no number either, so garbage-input fails too.
        {"brokenemptyinput", {"empty-input", "garbage-input"}, {}, "empty-input", "on an empty input"},
        {"brokensinkstop", {"sink-stop"}, {}, "sink-stop", "but expand() emitted"},
        {"brokenoption", {"unknown-option"}, {}, "unknown-option", "expected SOLVER_ERR_OPTION"},
    };
    for (const auto& b : cases) {
        auto r = run_solver("--check-plugin " + test_plugin(b.plugin) + " --input " + tiles_input + " --threads 2");
        INFO(b.plugin << "\n" << r.out << r.err);
        CHECK(r.exit_code == 1);
        auto c = parse(r.out);
        std::set<std::string> unexpected;
        for (const auto& f : c.failed)
            if (!b.fails.count(f) && !b.may_also.count(f)) unexpected.insert(f);
        CHECK(unexpected.empty());
        for (const auto& f : b.fails) CHECK_MESSAGE(c.failed.count(f), f);
        REQUIRE(c.detail.count(b.check));
        CHECK((c.detail[b.check].find(b.reason) != std::string::npos ||
               (b.check == std::string("threads") && c.detail[b.check].find(b.or_reason) != std::string::npos)));
        CHECK(r.out.find(std::to_string(c.failed.size()) + " failed") != std::string::npos);
    }
}

TEST_CASE("CheckPlugin.RefusedLibrariesFailTheLoadCheck") {
    const std::vector<std::pair<const char*, const char*>> cases = {
        {"noentry", "does not export solver_plugin_entry"},
        {"wrongabi", "speaks plugin ABI 2.0"},
        {"tinytable", "needs at least"},
        {"nulltable", "returned no table"},
        {"missingfn", "leaves the required field"},
    };
    for (const auto& [name, reason] : cases) {
        auto r = run_solver("--check-plugin " + test_plugin(name));
        INFO(name << "\n" << r.out << r.err);
        CHECK(r.exit_code == 1);
        auto c = parse(r.out);
        CHECK(c.failed == std::set<std::string>{"load"});
        CHECK(c.detail["load"].find(reason) != std::string::npos);
    }
    auto missing = run_solver("--check-plugin nosuchdomain");
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("not found") != std::string::npos);
    auto noinput = run_solver("--check-plugin " + test_plugin("eightpuzzle") + " --input /nonexistent/file.txt");
    CHECK(noinput.exit_code == 2);
}

TEST_CASE("CheckPlugin.WithoutInputOnlyTheInstanceFreeChecksRun") {
    auto r = run_solver("--check-plugin " + test_plugin("tilesok"));
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    auto c = parse(r.out);
    CHECK(c.passed == std::set<std::string>{"load", "identity", "empty-input", "garbage-input"});
    CHECK(c.skipped.count("threads"));
    CHECK(c.detail["threads"].find("needs --input") != std::string::npos);
    // The same plugin built broken fails even without an instance.
    auto b = run_solver("--check-plugin " + test_plugin("brokenemptyinput"));
    CHECK(b.exit_code == 1);
    CHECK(parse(b.out).failed.count("empty-input"));
}
