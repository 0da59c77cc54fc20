// The cache files' "verified" marker (verify=once): it vouches for the file only as it was when
// the checksum pass succeeded.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include "../../plugins/cube/cache_file.h"
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
