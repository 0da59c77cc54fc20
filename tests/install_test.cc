// make install PREFIX=<fresh folder>, then the out-of-tree example plugin copied from the
// installed tree and built there with nothing but that prefix (pkg-config), its own checks
// (make check: the 8-puzzle's exhaustive facts, solver --check-plugin, known optimal lengths),
// and a 15-puzzle solved optimally at 2 threads by the installed solver finding the plugin by
// bare name, its answer replayed here independently. Also: the man page documents every option
// of --help.
#include "test_support.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace fs = std::filesystem;
using solver_test::sanitizer;
using solver_test::sanitizer_kind;
using solver_test::read_file;

namespace {

struct shell_result {
    int code;
    std::string output;
};

// Runs a shell command with stdout and stderr captured together.
shell_result shell(const std::string& cmd, const std::string& log) {
    int status = std::system(("(" + cmd + ") >" + log + " 2>&1").c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, read_file(log)};
}

// The make variables that select this build's flags and directory (SAN=thread -> build-tsan, ...).
std::string build_flavour() {
    if (sanitizer() == sanitizer_kind::thread) return "SAN=thread";
    if (sanitizer() == sanitizer_kind::address) return "SAN=address";
#if defined(SOLVER_OMP)
    return "OMP=1";
#else
    return "";
#endif
}

// Replays a 15-puzzle answer (letters U D L R: where the blank moves) on its own; returns the
// number of moves when it ends at the goal, -1 otherwise.
int replay(std::vector<int> tiles, const std::vector<int>& goal, const std::string& answer) {
    int blank = 0;
    while (tiles[blank] != 0) ++blank;
    int moves = 0;
    for (char c : answer) {
        int r = blank / 4, col = blank % 4;
        if (c == 'U') --r;
        else if (c == 'D') ++r;
        else if (c == 'L') --col;
        else if (c == 'R') ++col;
        else return -1;
        if (r < 0 || r > 3 || col < 0 || col > 3) return -1;
        std::swap(tiles[blank], tiles[r * 4 + col]);
        blank = r * 4 + col;
        ++moves;
    }
    return tiles == goal ? moves : -1;
}

}  // namespace

TEST_CASE("Install.ExampleBuildsAndSolvesAgainstOnlyThePrefix") {
    const std::string root = fs::current_path().string();
    const std::string tmp = fs::absolute(solver_test::temp_dir("install")).string();
    const std::string prefix = tmp + "/prefix", log = tmp + "/log";
    // A sub-make must not inherit the outer make's jobserver.
    const std::string make = "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory";

    auto inst = shell(make + " -C " + root + " -s install PREFIX=" + prefix + " " + build_flavour(), log);
    INFO(inst.output);
    REQUIRE(inst.code == 0);
    for (const char* f : {"bin/solver", "include/solver/plugin.h", "lib/pkgconfig/solver-plugin.pc",
                          "lib/solver/plugins/libsokoban.so", "lib/solver/plugins/libewn.so", "lib/solver/plugins/libcube.so",
                          "lib/solver/plugins/libmatchsticks.so", "share/man/man1/solver.1", "share/doc/solver/README.md",
                          "share/doc/solver/writing-a-plugin.md", "share/doc/solver/plugin-example/Makefile"})
        CHECK_MESSAGE(fs::exists(prefix + "/" + f), f);
    std::string pc = read_file(prefix + "/lib/pkgconfig/solver-plugin.pc");
    CHECK(pc.find("prefix=" + prefix + "\n") != std::string::npos);
    CHECK(pc.find("plugindir=${libdir}/solver/plugins") != std::string::npos);

    // The example, copied out of the installed tree: nothing of the source tree is reachable.
    const std::string work = tmp + "/work/plugin-example";
    fs::create_directories(tmp + "/work");
    fs::copy(prefix + "/share/doc/solver/plugin-example", work, fs::copy_options::recursive);
    const std::string env = "env -i PATH=/usr/bin:/bin HOME=" + tmp + " PKG_CONFIG_PATH=" + prefix + "/lib/pkgconfig ";
    auto check = shell("cd " + work + " && " + env + make + " check && " + env + make + " install", log);
    INFO(check.output);
    REQUIRE(check.code == 0);
    CHECK(check.output.find("test_fifteen: ") != std::string::npos);
    CHECK(check.output.find(" 0 failed") != std::string::npos);
    CHECK(check.output.find("FAIL") == std::string::npos);
    CHECK(fs::exists(prefix + "/lib/solver/plugins/libfifteen.so"));

    // Korf's instance 79 (42 moves), by bare name from another folder, 2 threads, ida and astar.
    const std::string line = "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15";
    std::string korf = read_file(work + "/puzzles/korf100.txt");
    auto at = korf.find(line);
    REQUIRE(at != std::string::npos);
    std::istringstream comment(korf.substr(korf.find('#', at) + 1));
    int number = 0, optimum = 0;
    comment >> number >> optimum;
    CHECK(number == 79);
    std::vector<int> tiles, goal;
    std::istringstream ts(line);
    for (int v; ts >> v;) tiles.push_back(v);
    for (int i = 0; i < 16; ++i) goal.push_back(i);
    for (const char* engine : {"ida", "astar"}) {
        auto solve = shell("cd " + tmp + " && " + env + prefix + "/bin/solver --plugin fifteen --input '" + line +
                               "' --option goal=first --engine " + engine + " --threads 2 --quiet",
                           log);
        INFO(engine << ": " << solve.output);
        CHECK(solve.code == 0);
        std::string answer = solve.output;
        while (!answer.empty() && answer.back() == '\n') answer.pop_back();
        CHECK(replay(tiles, goal, answer) == optimum);
    }
    // The tutorial's plugin, taken from the installed guide, built and checked the same way.
    std::string guide = read_file(prefix + "/share/doc/solver/writing-a-plugin.md");
    auto mark = guide.find("<!-- tutorial: jugs.c -->\n```c\n");
    REQUIRE(mark != std::string::npos);
    auto code_begin = guide.find('\n', guide.find("```c", mark)) + 1;
    auto code_end = guide.find("\n```\n", code_begin);
    fs::create_directories(tmp + "/jugs");
    std::ofstream(tmp + "/jugs/jugs.c") << guide.substr(code_begin, code_end - code_begin + 1);
    std::ofstream(tmp + "/jugs/small.txt") << "3 5 4\n";
    auto jugs = shell("cd " + tmp + "/jugs && " + env + "sh -c 'cc -std=c99 -Wall -Wextra -Werror -O2 -fPIC -fvisibility=hidden "
                          "$(pkg-config --cflags solver-plugin) -shared jugs.c -o libjugs.so' && " +
                          env + prefix + "/bin/solver --plugin ./libjugs.so --input '3 5 4' && " + env + prefix +
                          "/bin/solver --check-plugin ./libjugs.so --input small.txt --threads 2",
                      log);
    INFO(jugs.output);
    CHECK(jugs.code == 0);
    const std::string documented = "fill-B pour-B-A empty-A pour-B-A fill-B pour-B-A\n";
    CHECK(jugs.output.rfind(documented, 0) == 0);
    CHECK(guide.find("    $ solver --plugin ./libjugs.so --input \"3 5 4\"\n    " + documented) != std::string::npos);
    CHECK(jugs.output.find(" 0 failed") != std::string::npos);

    auto list = shell(env + prefix + "/bin/solver --list-plugins", log);
    for (const char* name : {"fifteen", "sokoban", "ewn", "cube", "matchsticks"})
        CHECK_MESSAGE(list.output.find(std::string(name) + " ") != std::string::npos, list.output);
    fs::remove_all(tmp);
}

TEST_CASE("Install.ManPageDocumentsEveryOptionOfHelp") {
    auto help = solver_test::run_solver("--help");
    std::string man = read_file("docs/solver.1");
    std::string plain;
    for (char c : man)
        if (c != '\\') plain += c;  // groff escapes each '-' as '\-'
    std::set<std::string> options;
    // Every "--" followed by a lower-case letter and at least one more of [a-z-]: an option's name.
    const std::string& h = help.out;
    for (size_t at = h.find("--"); at != std::string::npos;) {
        size_t end = at + 2, next = at + 1;
        if (end < h.size() && h[end] >= 'a' && h[end] <= 'z') {
            while (end < h.size() && ((h[end] >= 'a' && h[end] <= 'z') || h[end] == '-')) ++end;
            if (end - at - 2 >= 2) {
                options.insert(h.substr(at + 2, end - at - 2));
                next = end;
            }
        }
        at = h.find("--", next);
    }
    CHECK(options.size() >= 18);
    CHECK(options.count("plugin") == 1);
    for (const auto& o : options) CHECK_MESSAGE(plain.find("--" + o) != std::string::npos, "solver.1 lacks --" << o);
}
