// solver_guard (include/solver/plugin.h): the C++ plugins' wrapper that keeps exceptions from
// crossing the C ABI. A status passes through; std::bad_alloc and any other exception become
// the documented status and message, with or without an error report.
#include <solver/plugin.h>

#include <doctest/doctest.h>

#include <new>
#include <stdexcept>
#include <string>

namespace {
struct Report {
    char text[128] = "untouched";
    solver_error err{text, sizeof text, 7, 9};
};
}  // namespace

TEST_CASE("PluginGuard.PassesTheBodysStatusThrough") {
    Report r;
    CHECK(solver_guard(&r.err, "parsing", [] { return SOLVER_OK; }) == SOLVER_OK);
    CHECK(std::string(r.text) == "untouched");
    CHECK(solver_guard(&r.err, "parsing", [&] {
              return solver_error_set(&r.err, SOLVER_ERR_PARSE, 3, 4, "expected %s", "a wall");
          }) == SOLVER_ERR_PARSE);
    CHECK(std::string(r.text) == "expected a wall");
    CHECK(r.err.line == 3);
    CHECK(r.err.column == 4);
}

TEST_CASE("PluginGuard.BadAllocIsNoMemory") {
    Report r;
    auto body = []() -> solver_status { throw std::bad_alloc(); };
    CHECK(solver_guard(&r.err, "opening the level", body) == SOLVER_ERR_NO_MEMORY);
    CHECK(std::string(r.text) == "out of memory while opening the level");
    CHECK(r.err.line == 0);
    CHECK(r.err.column == 0);
}

TEST_CASE("PluginGuard.AnyOtherExceptionIsInternal") {
    Report r;
    auto thrower = []() -> solver_status { throw std::runtime_error("boom"); };
    CHECK(solver_guard(&r.err, "verifying", thrower) == SOLVER_ERR_INTERNAL);
    CHECK(std::string(r.text) == "unexpected error while verifying");
    auto int_thrower = []() -> solver_status { throw 42; };
    CHECK(solver_guard(&r.err, "counting", int_thrower) == SOLVER_ERR_INTERNAL);
    CHECK(std::string(r.text) == "unexpected error while counting");
}

TEST_CASE("PluginGuard.WorksWithoutAReport") {
    auto body = []() -> solver_status { throw std::bad_alloc(); };
    CHECK(solver_guard(nullptr, "expanding a state", body) == SOLVER_ERR_NO_MEMORY);
    auto thrower = []() -> solver_status { throw std::logic_error("x"); };
    CHECK(solver_guard(nullptr, "expanding a state", thrower) == SOLVER_ERR_INTERNAL);
}
