// The one doctest main shared by every test binary, and a listener that records which test cases
// start a thread or a process.
//
// With SOLVER_TEST_THREAD_LOG=FILE (the Makefile's test recipe sets it, tools/run-tests.sh
// empties it first), each test case appends one line
// "name<TAB>threads<TAB>processes<TAB>alive<TAB>file" to FILE: the threads it
// created (pthread_create, which std::thread calls too), the processes it started (system, popen,
// posix_spawn, fork: the solver and compiler runs of the end-to-end tests) and the most threads
// alive in the process at its start or end (a pool kept from an earlier test case, whose threads
// the case may use without creating any), and the file it is in. CI's ThreadSanitizer step skips
// the test cases whose every line is "0 0 1": they never had a second thread, so there was no race
// to find (.ci/run); the plain `make test` checks that none of the files the thread build leaves
// out (the Makefile's ONE_THREAD_TEST_SRCS) holds a test case that started a thread or process.
//
// The counting wraps those functions in the test binary itself (the executable's definitions
// come first in the dynamic lookup, so libstdc++'s std::thread reaches them too) and forwards
// to the next definition (dlsym RTLD_NEXT). Only in the builds without a sanitizer: the
// sanitizers wrap the same functions, and their runs need no record.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

// Relaxed: an increment is made by the thread that calls pthread_create (or starts a process):
// the test case's own thread, whose later read follows it in program order, or a thread the test
// case started and joined before it ended, whose join orders the increment before the read. A
// thread still running when the test case ends is seen by the alive count instead.
std::atomic<unsigned long> threads_started{0};
std::atomic<unsigned long> processes_started{0};

template <class F>
F next_definition(const char *name) {
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        std::fprintf(stderr, "doctest main: no %s to forward to (%s)\n", name, dlerror());
        std::abort();
    }
    return reinterpret_cast<F>(p);
}

// The threads alive in this process now (the "Threads:" line of /proc/self/status).
unsigned long threads_alive() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("Threads:", 0) == 0) return std::strtoul(line.c_str() + 8, nullptr, 10);
    return 0;
}

}  // namespace

extern "C" {

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg) {
    using fn = int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
    static const fn real = next_definition<fn>("pthread_create");
    threads_started.fetch_add(1, std::memory_order_relaxed);
    return real(thread, attr, start, arg);
}

int system(const char *command) {
    using fn = int (*)(const char *);
    static const fn real = next_definition<fn>("system");
    processes_started.fetch_add(1, std::memory_order_relaxed);
    return real(command);
}

FILE *popen(const char *command, const char *type) {
    using fn = FILE *(*)(const char *, const char *);
    static const fn real = next_definition<fn>("popen");
    processes_started.fetch_add(1, std::memory_order_relaxed);
    return real(command, type);
}

int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *actions,
                const posix_spawnattr_t *attr, char *const argv[], char *const envp[]) {
    using fn = int (*)(pid_t *, const char *, const posix_spawn_file_actions_t *, const posix_spawnattr_t *,
                       char *const[], char *const[]);
    static const fn real = next_definition<fn>("posix_spawn");
    processes_started.fetch_add(1, std::memory_order_relaxed);
    return real(pid, path, actions, attr, argv, envp);
}

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *actions,
                 const posix_spawnattr_t *attr, char *const argv[], char *const envp[]) {
    using fn = int (*)(pid_t *, const char *, const posix_spawn_file_actions_t *, const posix_spawnattr_t *,
                       char *const[], char *const[]);
    static const fn real = next_definition<fn>("posix_spawnp");
    processes_started.fetch_add(1, std::memory_order_relaxed);
    return real(pid, file, actions, attr, argv, envp);
}

pid_t fork() {
    using fn = pid_t (*)();
    static const fn real = next_definition<fn>("fork");
    processes_started.fetch_add(1, std::memory_order_relaxed);
    return real();
}

// For tests/thread_record_test.cc: the counts so far.
unsigned long solver_test_threads_started() { return threads_started.load(std::memory_order_relaxed); }
unsigned long solver_test_processes_started() { return processes_started.load(std::memory_order_relaxed); }

}  // extern "C"

namespace {

struct ThreadRecord : doctest::IReporter {
    const char *path = std::getenv("SOLVER_TEST_THREAD_LOG");
    std::string name, file;
    unsigned long threads0 = 0, processes0 = 0, alive = 0;

    explicit ThreadRecord(const doctest::ContextOptions &) {}

    void test_case_start(const doctest::TestCaseData &tc) override {
        if (!path) return;
        name = tc.m_name;
        file = tc.m_file.c_str();
        alive = threads_alive();
        threads0 = threads_started.load(std::memory_order_relaxed);
        processes0 = processes_started.load(std::memory_order_relaxed);
    }
    void test_case_end(const doctest::CurrentTestCaseStats &) override {
        if (!path) return;
        unsigned long now = threads_alive();
        if (now > alive) alive = now;
        char line[80];
        int n = std::snprintf(line, sizeof line, "\t%lu\t%lu\t%lu\t",
                              threads_started.load(std::memory_order_relaxed) - threads0,
                              processes_started.load(std::memory_order_relaxed) - processes0, alive);
        const size_t len = n > 0 ? std::min(static_cast<size_t>(n), sizeof line - 1) : 0;
        std::string record = name + std::string(line, len) + file + "\n";
        // One write with O_APPEND, so the lines of test binaries running side by side do not mix.
        int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
        if (fd < 0) return;
        ssize_t w = write(fd, record.data(), record.size());
        (void)w;
        close(fd);
    }

    void report_query(const doctest::QueryData &) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats &) override {}
    void test_case_reenter(const doctest::TestCaseData &) override {}
    void test_case_exception(const doctest::TestCaseException &) override {}
    void subcase_start(const doctest::SubcaseSignature &) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData &) override {}
    void log_message(const doctest::MessageData &) override {}
    void test_case_skipped(const doctest::TestCaseData &) override {}
};

}  // namespace

REGISTER_LISTENER("thread-record", 1, ThreadRecord);

#endif
