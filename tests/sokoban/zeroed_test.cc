// zeroed_test.cc -- ZeroedWords (plugins/sokoban/zeroed.h): the matching tables' zero-filled
// words, from the heap below 64 KiB and from fresh anonymous pages above it.
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "../../plugins/sokoban/zeroed.h"

using sokoban::ZeroedWords;

namespace {
bool all_zero(const ZeroedWords &w) {
    for (size_t i = 0; i < w.size(); ++i)
        if (w[i] != 0) return false;
    return true;
}
} // namespace

TEST_CASE("Sokoban.Zeroed.ZeroOnEverySizeAndAgainAfterReuse") {
    // 8 KiB (the heap), 64 KiB (the first mapped size), 4 MiB (the matching table's).
    for (size_t words : {size_t(1024), size_t(8192), size_t(524288)}) {
        CAPTURE(words);
        ZeroedWords w;
        CHECK(w.empty());
        w.assign_zero(words);
        REQUIRE(w.size() == words);
        CHECK_FALSE(w.empty());
        CHECK(all_zero(w));
        for (size_t i = 0; i < words; i += 97) w[i] = i + 1; // every page written
        w[words - 1] = 7;
        CHECK(w[words - 1] == 7);
        w.assign_zero(words); // the old contents dropped
        CHECK(all_zero(w));
        w.assign_zero(words / 2 + 1); // another size
        CHECK(w.size() == words / 2 + 1);
        CHECK(all_zero(w));
        w.clear();
        CHECK(w.empty());
        CHECK(w.data() == nullptr);
    }
}

TEST_CASE("Sokoban.Zeroed.MovedWordsKeepTheirContents") {
    ZeroedWords a;
    a.assign_zero(524288);
    a[12345] = 42;
    const uint64_t *p = a.data();
    ZeroedWords b(std::move(a));
    CHECK(a.empty());
    CHECK(b.data() == p);
    CHECK(b[12345] == 42);
    ZeroedWords c;
    c.assign_zero(16); // freed by the assignment below
    c = std::move(b);
    CHECK(b.empty());
    CHECK(c.size() == 524288);
    CHECK(c[12345] == 42);
    c.assign_zero(0);
    CHECK(c.empty());
}
