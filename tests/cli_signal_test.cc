// Ctrl-C: SIGINT to a running solve ends it cleanly with exit code 3 and the statistics so far.
// The stop latency is printed for information only (speed belongs to benchmarks).
#include "test_support.h"

#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace {
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
