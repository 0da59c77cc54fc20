#include "test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace solver_test {

std::string build_dir() {
    const char* b = std::getenv("SOLVER_BUILD_DIR");
    return b && *b ? b : "build";
}

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string temp_dir(const std::string& name) {
    std::string d = build_dir() + "/tmp/" + name + "." + std::to_string(getpid());
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

run_result run_solver(const std::string& args, const std::string& stdin_text) {
    static int counter = 0;
    std::string dir = temp_dir("run" + std::to_string(counter++));
    std::string in = dir + "/in", out = dir + "/out", err = dir + "/err";
    std::ofstream(in, std::ios::binary) << stdin_text;
    std::string cmd = build_dir() + "/solver " + args + " <" + in + " >" + out + " 2>" + err;
    int status = std::system(cmd.c_str());
    run_result r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    r.out = read_file(out);
    r.err = read_file(err);
    std::filesystem::remove_all(dir);
    return r;
}

}  // namespace solver_test
