// plugin_host: bare-name lookup, and every refusal with its one-line reason (the broken plugins
// are built from tests/plugins/ by the Makefile).
#include "host/plugin_host.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using solver::loaded_plugin;
using solver::plugin_error;
using solver_test::build_dir;

namespace {
std::string test_plugin(const std::string& name) { return build_dir() + "/tests/plugins/lib" + name + ".so"; }

std::string refusal(const std::string& path) {
    try {
        loaded_plugin::load(path);
    } catch (const plugin_error& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("PluginHost.LoadsAValidPluginByPath") {
    loaded_plugin p = loaded_plugin::load(test_plugin("eightpuzzle"));
    CHECK(std::string(p.table().name) == "eightpuzzle");
    CHECK(SOLVER_ABI_MAJOR_OF(p.table().abi_version) == SOLVER_ABI_MAJOR);
    CHECK_FALSE(p.has_solve());
}

TEST_CASE("PluginHost.BareNameFromSolverPluginPath") {
    // Copy the plugin under a name found nowhere else, then find it only through the variable.
    std::string dir = solver_test::temp_dir("plugin-path");
    std::filesystem::copy_file(test_plugin("eightpuzzle"), dir + "/libepcopy.so");
    CHECK(solver::resolve_plugin("epcopy").empty());
    ::setenv("SOLVER_PLUGIN_PATH", ("/nonexistent:" + dir).c_str(), 1);
    CHECK(solver::resolve_plugin("epcopy") == dir + "/libepcopy.so");
    CHECK(solver::resolve_plugin("libepcopy.so") == dir + "/libepcopy.so");
    loaded_plugin p = loaded_plugin::load("epcopy");
    CHECK(std::string(p.table().name) == "eightpuzzle");
    ::unsetenv("SOLVER_PLUGIN_PATH");
    std::filesystem::remove_all(dir);
}

TEST_CASE("PluginHost.BareNameBesideTheExecutable") {
    // The test binary lives in <build>/tests, so <build>/tests/plugins is "beside the executable".
    CHECK(solver::resolve_plugin("eightpuzzle") != "");
    CHECK(std::string(loaded_plugin::load("libeightpuzzle.so").table().name) == "eightpuzzle");
}

TEST_CASE("PluginHost.RefusesMissingFile") {
    std::string why = refusal("no-such-plugin");
    CHECK(why.find("not found") != std::string::npos);
    CHECK(why.find("libno-such-plugin.so") != std::string::npos);
    why = refusal("/nonexistent/libx.so");
    CHECK(why.find("does not exist") != std::string::npos);
}

TEST_CASE("PluginHost.RefusesAFileThatIsNotALibrary") {
    std::string dir = solver_test::temp_dir("not-a-library");
    // Longer than an ELF header, so the loader reads it and names what is wrong.
    std::ofstream(dir + "/libtext.so") << "this is a text file, not ELF: " << std::string(100, 'x') << "\n";
    std::string why = refusal(dir + "/libtext.so");
    CHECK(why.find("not a loadable shared library") != std::string::npos);
    CHECK(why.find("invalid ELF header") != std::string::npos);  // the loader's reason, not an errno text
    CHECK(why.find("Bad file descriptor") == std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("PluginHost.RefusesALibraryWithoutTheEntrySymbol") {
    std::string why = refusal(test_plugin("noentry"));
    CHECK(why.find("is not a solver plugin") != std::string::npos);
    CHECK(why.find(SOLVER_PLUGIN_ENTRY_NAME) != std::string::npos);
}

TEST_CASE("PluginHost.RefusesAnotherMajorAbiVersion") {
    std::string why = refusal(test_plugin("wrongabi"));
    CHECK(why.find("ABI 2.0") != std::string::npos);
    CHECK(why.find("ABI 1.") != std::string::npos);
}

TEST_CASE("PluginHost.RefusesATooSmallTable") {
    std::string why = refusal(test_plugin("tinytable"));
    CHECK(why.find("24 bytes") != std::string::npos);
    CHECK(why.find(std::to_string(solver::minimum_plugin_table_size())) != std::string::npos);
}

TEST_CASE("PluginHost.RefusesANullTableAndMissingFunctions") {
    CHECK(refusal(test_plugin("nulltable")).find("returned no table") != std::string::npos);
    CHECK(refusal(test_plugin("missingfn")).find("required field 'open'") != std::string::npos);
}

TEST_CASE("PluginHost.MinimumTableSizeCoversTheRequiredFunctions") {
    CHECK(solver::minimum_plugin_table_size() == offsetof(solver_plugin, solve));
    CHECK(solver::minimum_plugin_table_size() < sizeof(solver_plugin));
}

TEST_CASE("PluginHost.ShippedPluginsExportOnlyTheEntrySymbol") {
    namespace fs = std::filesystem;
    int checked = 0;
    for (const auto& e : fs::directory_iterator(build_dir() + "/plugins")) {
        if (e.path().extension() != ".so") continue;
        std::string cmd = "nm -D --defined-only " + e.path().string() + " | awk 'NF == 3 {print $3}'";
        FILE* p = popen(cmd.c_str(), "r");
        REQUIRE(p);
        char line[512];
        std::string symbols;
        while (std::fgets(line, sizeof line, p)) symbols += line;
        pclose(p);
        CHECK_MESSAGE(symbols == SOLVER_PLUGIN_ENTRY_NAME "\n", (e.path().string() + " exports:\n" + symbols));
        ++checked;
    }
    CHECK(checked >= 1);
}
