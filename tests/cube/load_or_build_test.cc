// load_or_build (load_or_build.h, session 38): the load, verify, (re)build, save, map-back and
// log steps get_third and get_nx share, on a tiny table type of its own (4 KiB, a scratch
// folder), so every branch runs in milliseconds: not cached without and with build, loaded
// again (one a process, and by a new process), a damaged file (not used, or rebuilt), a save
// that fails (the build buffer kept, "not cached"), a build that is stopped.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>

#include "../../plugins/cube/cache_file.h"
#include "../../plugins/cube/huge_alloc.h"
#include "../../plugins/cube/load_or_build.h"
#include "test_services.h"

using namespace cube;

namespace {

constexpr size_t TINY_BYTES = 4096;

struct Tiny {
    HugeBuffer data;
    double build_seconds = 0;
    bool checksum_skipped = false;
};

// The table's parts, counting their calls; build fills byte i with i * 7 (mod 256).
struct TinyIo {
    int loads = 0, verified_loads = 0, builds = 0, saves = 0;
    bool save_fails = false;
    solver_status build_status = SOLVER_OK;
    TableIo<Tiny> io;
    TinyIo() {
        io.name = "tiny";
        io.file = "cube-tiny.pdb";
        io.load = [this](const std::string &path, Tiny &t, std::string &why, bool verify) {
            ++loads;
            verified_loads += verify;
            char magic[8] = {0};
            FILE *f = std::fopen(path.c_str(), "rb");
            if (!f) return why = "no cached table " + path, false;
            const bool got = std::fread(magic, 8, 1, f) == 1;
            std::fclose(f);
            std::error_code ec;
            if (!got || std::memcmp(magic, "TINYTAB1", 8) != 0 || std::filesystem::file_size(path, ec) != 8 + TINY_BYTES)
                return why = "cached table " + path + " does not match", false;
            t.data = HugeBuffer::map_file(path, 8, TINY_BYTES);
            t.checksum_skipped = !verify;
            return t.data.data() != nullptr;
        };
        io.build = [this](Tiny &t) {
            ++builds;
            if (build_status != SOLVER_OK) return build_status;
            t.data = HugeBuffer(TINY_BYTES);
            for (size_t i = 0; i < TINY_BYTES; ++i) t.data.data()[i] = uint8_t(i * 7);
            t.build_seconds = 0.5;
            return SOLVER_OK;
        };
        io.save = [this](const Tiny &t, const std::string &path, std::string &why) {
            ++saves;
            if (save_fails) return why = "the disk is full", false;
            return write_cache_file(path, {{"TINYTAB1", 8}, {t.data.data(), TINY_BYTES}}, why);
        };
        io.size_text = [](const Tiny &) { return std::string("4096 bytes"); };
        io.building = "cube: building table tiny (4 KiB)";
    }
};

bool has(const std::string &hay, const std::string &needle) { return hay.find(needle) != std::string::npos; }

bool holds_the_build(const Tiny &t) {
    if (!t.data.data()) return false;
    for (size_t i = 0; i < TINY_BYTES; ++i)
        if (t.data.data()[i] != uint8_t(i * 7)) return false;
    return true;
}

}  // namespace

TEST_CASE("CubeLoadOrBuild.EveryBranch") {
    const std::string dir = cube_test::cache_dir() + "/load-or-build";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/cube-tiny.pdb";
    cube_test::TestServices ts(dir);
    char msg[256] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    std::shared_ptr<const Tiny> got;

    // Not cached, without build: nothing, quietly; remembered (no second load).
    {
        LoadOnce<Tiny> once;
        TinyIo t;
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, false) == SOLVER_OK);
        CHECK(!got);
        CHECK(ts.log.empty());
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, false) == SOLVER_OK);
        CHECK(t.loads == 1);
        CHECK(t.builds == 0);
        CHECK(!std::filesystem::exists(path));
    }
    // Not cached, with build: the line before, built, saved, the build buffer freed and the saved
    // file read back without a pass; one line saying so. One a process: the same table again.
    {
        LoadOnce<Tiny> once;
        TinyIo t;
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, true) == SOLVER_OK);
        REQUIRE(got);
        CHECK(holds_the_build(*got));
        CHECK(t.builds == 1);
        CHECK(t.saves == 1);
        CHECK(t.loads == 2);  // the first try, and the saved file read back
        CHECK(t.verified_loads == 1);
        CHECK(got->build_seconds == 0.5);
        CHECK(has(ts.log, "cube: building table tiny (4 KiB)\n"));
        CHECK(has(ts.log, "cube: table tiny: 4096 bytes, built in 0.5 s, saved to " + path + "\n"));
        CHECK(!has(ts.log, "rebuilt"));
        CHECK(std::filesystem::file_size(path) == 8 + TINY_BYTES);
        std::shared_ptr<const Tiny> again;
        ts.log.clear();
        CHECK(load_or_build(once, t.io, &ts.sv, again, &err, true) == SOLVER_OK);
        CHECK(again == got);
        CHECK(ts.log.empty());
    }
    // Cached: loaded (a new process's LoadOnce), with or without build; the line says from where.
    for (bool build : {false, true}) {
        LoadOnce<Tiny> once;
        TinyIo t;
        ts.log.clear();
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, build) == SOLVER_OK);
        REQUIRE(got);
        CHECK(holds_the_build(*got));
        CHECK(t.builds == 0);
        CHECK(t.verified_loads == 1);
        CHECK(has(ts.log, "cube: table tiny: 4096 bytes, loaded from " + path + " in "));
    }
    // A damaged file: without build a warning, no table, the file left as it was (once a
    // process); with build a warning, rebuilt and saved over it.
    {
        FILE *f = std::fopen(path.c_str(), "wb");
        REQUIRE(f);
        std::fputs("garbage", f);
        std::fclose(f);
        LoadOnce<Tiny> once;
        TinyIo t;
        ts.log.clear();
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, false) == SOLVER_OK);
        CHECK(!got);
        CHECK(ts.log == "cube: table tiny not used: cached table " + path + " does not match\n");
        CHECK(std::filesystem::file_size(path) == 7);
        ts.log.clear();
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, false) == SOLVER_OK);
        CHECK(ts.log.empty());
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, true) == SOLVER_OK);  // build: not remembered
        REQUIRE(got);
        CHECK(holds_the_build(*got));
        CHECK(has(ts.log, "cube: table tiny rebuilt: cached table " + path + " does not match\n"));
        CHECK(has(ts.log, "saved to " + path));
        CHECK(std::filesystem::file_size(path) == 8 + TINY_BYTES);
    }
    // A save that fails: the build's own buffer kept, the line says why it is not cached.
    {
        std::filesystem::remove(path);
        LoadOnce<Tiny> once;
        TinyIo t;
        t.save_fails = true;
        ts.log.clear();
        CHECK(load_or_build(once, t.io, &ts.sv, got, &err, true) == SOLVER_OK);
        REQUIRE(got);
        CHECK(holds_the_build(*got));
        CHECK(t.loads == 1);  // nothing read back
        CHECK(has(ts.log, "cube: table tiny: 4096 bytes, built in 0.5 s (not cached: the disk is full)\n"));
        CHECK(!std::filesystem::exists(path));
    }
    // A build that is stopped, or fails: the status and a message, no table, nothing saved.
    for (solver_status s : {SOLVER_ERR_STOPPED, SOLVER_ERR_NO_MEMORY}) {
        LoadOnce<Tiny> once;
        TinyIo t;
        t.build_status = s;
        std::shared_ptr<const Tiny> none;
        CHECK(load_or_build(once, t.io, &ts.sv, none, &err, true) == s);
        CHECK(!none);
        CHECK(std::string(msg) == (s == SOLVER_ERR_STOPPED ? "stopped while building table tiny" : "building table tiny failed"));
        CHECK(t.saves == 0);
    }
}
