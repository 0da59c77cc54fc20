// Helpers shared by the runtime's tests: where the build is, and running the solver binary.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

// SOLVER_TEST_SANITIZED is 1 in a ThreadSanitizer or AddressSanitizer build (g++ and clang):
// the stress tests run fewer rounds there (10-20x slower), the same checks.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SOLVER_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define SOLVER_TEST_SANITIZED 1
#endif
#endif

namespace solver_test {

#ifdef SOLVER_TEST_SANITIZED
constexpr unsigned sanitizer_scale = 8;  // divide the rounds of a stress test by this
#else
constexpr unsigned sanitizer_scale = 1;
#endif

// A reusable barrier for n threads (std::barrier is C++20).
class test_barrier {
public:
    explicit test_barrier(unsigned n) : n_(n) {}
    void arrive_and_wait() {
        std::unique_lock<std::mutex> lock(m_);
        unsigned gen = generation_;
        if (++count_ == n_) {
            count_ = 0;
            ++generation_;
            cv_.notify_all();
        } else {
            cv_.wait(lock, [&] { return generation_ != gen; });
        }
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    unsigned n_, count_ = 0, generation_ = 0;
};

// $SOLVER_BUILD_DIR (set by `make test`), else "build". Tests run from the repository root.
std::string build_dir();

// The sanitizer this test binary was compiled with. The Makefile builds the solver, the plugins
// and the tests of one build with the same flags, so this is the solver's too; the compiler's
// own macros, so a BUILD= override of the directory's name does not fool it.
enum class sanitizer_kind { none, thread, address };
constexpr sanitizer_kind sanitizer() {
#if defined(__SANITIZE_THREAD__)
    return sanitizer_kind::thread;
#elif defined(__SANITIZE_ADDRESS__)
    return sanitizer_kind::address;
#else
    return sanitizer_kind::none;
#endif
}

struct run_result {
    int exit_code = -1;
    std::string out, err;
};
// Runs `<build>/solver ARGS` (args are passed through the shell as given: quote them yourself)
// with `stdin_text` on standard input; captures stdout, stderr and the exit code.
run_result run_solver(const std::string& args, const std::string& stdin_text = "");
std::string read_file(const std::string& path);
// A fresh empty folder under the build directory.
std::string temp_dir(const std::string& name);

}  // namespace solver_test
