// The doctest main's record of the threads and processes a test case starts
// (tests/doctest_main/main.cc): CI's ThreadSanitizer step skips the test cases recorded with
// none, so a count that missed std::thread or a solver run would silently take races out of CI.
// The counting exists only in the builds without a sanitizer.
#include <doctest/doctest.h>

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

extern "C" unsigned long solver_test_threads_started();
extern "C" unsigned long solver_test_processes_started();
extern char **environ;

TEST_CASE("ThreadRecord.CountsStdThreadPthreadAndProcesses") {
    const unsigned long t0 = solver_test_threads_started(), p0 = solver_test_processes_started();
    std::thread([] {}).join();  // libstdc++'s call, through the dynamic lookup
    CHECK(solver_test_threads_started() == t0 + 1);
    pthread_t t;
    REQUIRE(pthread_create(&t, nullptr, [](void *) -> void * { return nullptr; }, nullptr) == 0);
    pthread_join(t, nullptr);
    CHECK(solver_test_threads_started() == t0 + 2);

    CHECK(std::system("true") == 0);
    CHECK(solver_test_processes_started() == p0 + 1);
    FILE *f = popen("true", "r");
    REQUIRE(f != nullptr);
    CHECK(pclose(f) == 0);
    CHECK(solver_test_processes_started() == p0 + 2);
    pid_t pid = 0;
    char arg0[] = "true";
    char *argv[] = {arg0, nullptr};
    REQUIRE(posix_spawnp(&pid, "true", nullptr, nullptr, argv, environ) == 0);
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(solver_test_processes_started() == p0 + 3);
    CHECK(solver_test_threads_started() == t0 + 2);  // no thread counted for a process
}

#endif
