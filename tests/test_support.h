// Helpers shared by the runtime's tests: where the build is, and running the solver binary.
#pragma once

#include <string>
#include <vector>

namespace solver_test {

// $SOLVER_BUILD_DIR (set by `make test`), else "build". Tests run from the repository root.
std::string build_dir();

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
