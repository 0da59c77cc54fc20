// Ctrl-C: SIGINT to a running solve ends it cleanly with exit code 3 and the statistics so far.
// The stop latency is printed for information only (speed belongs to benchmarks).
#include "test_support.h"

#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace {
// Whether process pid has a handler for SIGINT: bit SIGINT - 1 of the SigCgt mask (hexadecimal)
// in /proc/<pid>/status.
bool catches_sigint(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGINT - 1)) & 1;
    return false;
}

int interrupt_after(const std::vector<std::string>& args, const std::string& err_file, double& stop_ms) {
    std::vector<char*> argv;
    std::string bin = solver_test::build_dir() + "/solver";
    argv.push_back(const_cast<char*>(bin.c_str()));
    for (auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = 0;
    REQUIRE(posix_spawn(&pid, bin.c_str(), &fa, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&fa);
    // SIGINT before the solver installs its handler (after loading the plugin and reading the
    // input) would kill it with the default action: under AddressSanitizer on a loaded machine
    // that start took over the 400 ms this test used to wait blindly (a CI run failed so). So
    // wait until /proc says SIGINT is caught (at most 60 s), then let the search run 400 ms.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!catches_sigint(pid) && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(catches_sigint(pid));
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    auto sent = std::chrono::steady_clock::now();
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    stop_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
}  // namespace

TEST_CASE("Cli.CtrlCStopsCleanlyWithStatistics") {
    // Blind search (heuristic=none, optimal) on a large Microban level runs for many seconds.
    std::string dir = solver_test::temp_dir("sigint");
    for (const char* threads : {"1", "2"}) {
        CAPTURE(threads);
        double ms = 0;
        int code = interrupt_after({"--plugin", "sokoban", "--input", "puzzles/sokoban/microban_155.xsb", "--level",
                                    "144", "--engine", "astar", "--weight", "1", "--option", "heuristic=none",
                                    "--memory-limit", "1G", "--threads", threads, "--stats", "json"},
                                   dir + "/err", ms);
        std::string err = solver_test::read_file(dir + "/err");
        CHECK(code == 3);
        CHECK(err.find("\"result\":\"interrupted\"") != std::string::npos);
        CHECK(err.find("\"expanded\":") != std::string::npos);
        MESSAGE("stopped " << ms << " ms after SIGINT at " << std::string(threads) << " thread(s)");
    }
}
