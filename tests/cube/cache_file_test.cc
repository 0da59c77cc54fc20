// The cache files' "verified" marker (verify=once): it vouches for the file only as it was when
// the checksum pass succeeded.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include "../../plugins/cube/cache_file.h"
#include "../../plugins/cube/fst.h"
#include "../../plugins/cube/pdb.h"
#include "../../plugins/cube/symmetry.h"
#include "test_services.h"

using namespace cube;

TEST_CASE("cube cache file: the verified marker matches only the file it was written for") {
    const std::string path = cube_test::cache_dir() + "/marker-test.bin";
    std::remove((path + ".verified").c_str());
    const std::string a = "first contents of the file", b = "other contents, longer than the first";
    std::string why;
    REQUIRE_MESSAGE(write_cache_file(path, {{a.data(), a.size()}}, why), why);
    const uint64_t sum = cache_checksum(reinterpret_cast<const uint8_t *>(a.data()), a.size());
    CHECK_FALSE(verified_before(path, sum));  // no marker yet
    mark_verified(path, sum);
    CHECK(verified_before(path, sum));
    CHECK_FALSE(verified_before(path, sum ^ 1));  // a header with another checksum
    // Rewritten (a new file renamed over it: new inode, size and time): the marker no longer holds.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE_MESSAGE(write_cache_file(path, {{b.data(), b.size()}}, why), why);
    CHECK_FALSE(verified_before(path, sum));
    // Truncated in place to the old size: the time changes.
    mark_verified(path, sum);
    CHECK(verified_before(path, sum));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::filesystem::resize_file(path, a.size());
    CHECK_FALSE(verified_before(path, sum));
    std::remove(path.c_str());
    CHECK_FALSE(verified_before(path, sum));  // no file
    std::remove((path + ".verified").c_str());
}

namespace {
// Overwrites one byte at offset from the end of the file in place (a new modification time, the
// same inode and size: what a marker written before must not vouch for), after a pause longer
// than the file system's timestamp granularity.
void corrupt_in_place(const std::string &path, long from_end) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    FILE *f = std::fopen(path.c_str(), "r+b");
    REQUIRE(f);
    REQUIRE(std::fseek(f, -from_end, SEEK_END) == 0);
    const int c = std::fgetc(f);
    REQUIRE(std::fseek(f, -from_end, SEEK_END) == 0);
    std::fputc(c ^ 0x5a, f);
    std::fclose(f);
}
void truncate_by(const std::string &path, uintmax_t n) {
    std::filesystem::resize_file(path, std::filesystem::file_size(path) - n);
}
}  // namespace

TEST_CASE("cube cache file: the class and class move files are checked once, and refused corrupt or truncated") {
    const Coords &co = coords(cube_test::cache_dir());
    const std::string dir = cube_test::cache_dir(), cls = dir + "/classes-test.bin", mv = dir + "/class-moves-test.bin";
    std::string why;
    REQUIRE_MESSAGE(save_classes_file(cls, co, why), why);
    std::remove((cls + ".verified").c_str());
    Coords a, b;
    REQUIRE_MESSAGE(load_classes_file(cls, a, true, why), why);  // a full pass, then the marker
    CHECK_FALSE(a.checksum_skipped);
    REQUIRE_MESSAGE(load_classes_file(cls, b, true, why), why);
    CHECK(b.checksum_skipped);  // the marker vouched for the file
    CHECK(b.flipslice_class == co.flipslice_class);
    CHECK(b.class_rep == co.class_rep);
    CHECK(b.class_stab == co.class_stab);
    CHECK(b.classes == co.classes);
    CHECK(b.class_sum == a.class_sum);
    // The class move file, tied to a class file by its checksum: the real table's first rows
    // as a table of 5,000 classes (the format does not depend on the count; writing the whole
    // 105 MiB takes seconds on a busy disk).
    const uint32_t classes = 5000;
    const ClassMoves &real = class_moves();
    ClassMoves cm;
    cm.next = Table<uint32_t>(HugeVector<uint32_t>(real.next.data(), real.next.data() + size_t(classes) * NMOVES));
    REQUIRE_MESSAGE(save_class_moves_file(mv, cm, classes, a.class_sum, why), why);
    std::remove((mv + ".verified").c_str());
    ClassMoves m1, m2, bad;
    REQUIRE_MESSAGE(load_class_moves_file(mv, m1, classes, a.class_sum, true, why), why);
    CHECK_FALSE(m1.checksum_skipped);
    REQUIRE_MESSAGE(load_class_moves_file(mv, m2, classes, a.class_sum, true, why), why);
    CHECK(m2.checksum_skipped);
    CHECK(m2.next == cm.next);
    CHECK(std::memcmp(m2.mul, real.mul, sizeof real.mul) == 0);
    CHECK_FALSE(load_class_moves_file(mv, bad, classes, a.class_sum ^ 1, true, why));  // another class file's
    CHECK(why.find("another class file") != std::string::npos);
    CHECK_FALSE(load_class_moves_file(mv, bad, classes + 1, a.class_sum, true, why));  // another count
    CHECK(why.find("does not match") != std::string::npos);
    // One byte changed in place, after the markers were written: both refused (the marker no
    // longer matches the file, so the pass runs and fails), with verify_once or without.
    corrupt_in_place(cls, 100);
    corrupt_in_place(mv, 100);
    for (bool once : {true, false}) {
        Coords c;
        CHECK_FALSE(load_classes_file(cls, c, once, why));
        CHECK(why.find("corrupt") != std::string::npos);
        ClassMoves m;
        CHECK_FALSE(load_class_moves_file(mv, m, classes, a.class_sum, once, why));
        CHECK(why.find("corrupt") != std::string::npos);
    }
    // Truncated (the size is checked before anything is mapped).
    truncate_by(cls, 2);
    truncate_by(mv, 4);
    Coords c;
    CHECK_FALSE(load_classes_file(cls, c, true, why));
    CHECK(why.find("truncated") != std::string::npos);
    ClassMoves m;
    CHECK_FALSE(load_class_moves_file(mv, m, classes, a.class_sum, true, why));
    CHECK(why.find("truncated") != std::string::npos);
    for (const std::string &p : {cls, mv}) std::remove(p.c_str()), std::remove((p + ".verified").c_str());
}

TEST_CASE("cube cache file: a pattern database is checked once, and refused corrupt or truncated") {
    cube_test::TestServices ts(cube_test::cache_dir());
    Pattern p;
    p.corners = false;
    p.items = {0, 1, 2, 3};
    Pdb t;
    REQUIRE(build_pdb(p, &ts.sv, t) == SOLVER_OK);
    const std::string path = cube_test::cache_dir() + "/once-test.pdb";
    std::string why;
    REQUIRE(save_pdb(t, path, why));
    std::remove((path + ".verified").c_str());
    Pdb a, b;
    REQUIRE_MESSAGE(load_pdb(p, path, a, why, true), why);
    CHECK_FALSE(a.checksum_skipped);
    REQUIRE_MESSAGE(load_pdb(p, path, b, why, true), why);
    CHECK(b.checksum_skipped);
    CHECK(b.data == t.data);
    CHECK(b.depth_counts == t.depth_counts);
    corrupt_in_place(path, 10);
    Pdb c;
    CHECK_FALSE(load_pdb(p, path, c, why, true));  // the marker no longer matches: checked, refused
    CHECK(why.find("corrupt") != std::string::npos);
    truncate_by(path, 1);
    CHECK_FALSE(load_pdb(p, path, c, why, true));
    CHECK(why.find("truncated") != std::string::npos);
    std::remove(path.c_str()), std::remove((path + ".verified").c_str());
}

TEST_CASE("cube cache file: fstp2's side table is read from the file, checked, and refused corrupt or truncated") {
    // A side table from window_from4 (synthetic distances over three buckets) written after some
    // bytes, as the table's file holds it after its data; at an odd offset it is copied instead.
    const uint64_t n = 3 * 4096 - 4;
    std::vector<uint8_t> four((n + 1) / 2), codes((n * 2 + 7) / 8);
    uint64_t rng = 5;
    for (auto &x : four) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        const unsigned lo = unsigned(rng >> 33) % 14, hi = unsigned(rng >> 45) % 14;
        x = uint8_t(lo | hi << 4);
    }
    SideTable side;
    std::string why;
    REQUIRE_MESSAGE(window_from4(four.data(), n, codes.data(), side, why), why);
    REQUIRE(side.ent.size() > 1000);
    const uint64_t buckets = side.off.size() - 1, entries = side.ent.size(), sum = side_checksum(side);
    const std::string path = cube_test::cache_dir() + "/side-test.bin";
    for (size_t at : {size_t(4096 + 232), size_t(4096 + 233)}) {
        CAPTURE(at);
        const std::vector<uint8_t> before(at, 7);
        REQUIRE_MESSAGE(write_cache_file(path,
                                         {{before.data(), before.size()},
                                          {side.off.data(), side.off.size() * 4},
                                          {side.ent.data(), side.ent.size() * 2}},
                                         why),
                        why);
        SideTable got;
        REQUIRE(read_side_table(path, at, buckets, entries, &sum, got));
        CHECK(got.same(side));
        CHECK((got.file.data() != nullptr) == (at % 4 == 0));  // in place, or copied
        for (uint64_t i = 0; i < n; i += 7) REQUIRE(got.find(i) == side.find(i));
        REQUIRE(read_side_table(path, at, buckets, entries, nullptr, got));  // vouched for: no sum
        CHECK(got.same(side));
        const uint64_t other = sum ^ 1;
        CHECK_FALSE(read_side_table(path, at, buckets, entries, &other, got));
        CHECK(got.off_count() == 0);
        corrupt_in_place(path, 3);  // an entry
        CHECK_FALSE(read_side_table(path, at, buckets, entries, &sum, got));
        truncate_by(path, 2);
        CHECK_FALSE(read_side_table(path, at, buckets, entries, &sum, got));
    }
    // Offsets out of order are refused even without the sum (find would read outside its bucket).
    SideTable broken;
    broken.off = side.off;
    broken.ent = side.ent;
    std::swap(broken.off[1], broken.off[2]);
    REQUIRE_MESSAGE(write_cache_file(path, {{broken.off.data(), broken.off.size() * 4}, {broken.ent.data(), broken.ent.size() * 2}}, why), why);
    SideTable got;
    if (broken.off[1] != broken.off[2]) CHECK_FALSE(read_side_table(path, 0, buckets, entries, nullptr, got));
    std::remove(path.c_str());
}
