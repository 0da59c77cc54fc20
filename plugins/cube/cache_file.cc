#include "cache_file.h"

#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace cube {

bool write_cache_file(const std::string &path, std::initializer_list<FilePiece> pieces, std::string &why) {
    const std::string tmp = path + ".tmp." + std::to_string(getpid());
    FILE *f = std::fopen(tmp.c_str(), "wb");
    if (!f) return why = "cannot write " + tmp, false;
    bool ok = true;
    for (const FilePiece &p : pieces) ok = ok && std::fwrite(p.data, 1, p.bytes, f) == p.bytes;
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return why = "cannot write " + path, false;
    }
    return true;
}

uint64_t cache_checksum(const uint8_t *d, size_t n) { return cache_checksum_update(CACHE_CHECKSUM_START, d, n); }

uint64_t cache_checksum_update(uint64_t h, const uint8_t *d, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        std::memcpy(&w, d + i, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < n; ++i) h = (h ^ d[i]) * 1099511628211ull;
    return h;
}

namespace {
// The marker's line for path as it is now (empty if it cannot be examined).
std::string marker_line(const std::string &path, uint64_t sum) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return std::string();
    char line[160];
    std::snprintf(line, sizeof line, "size %llu mtime %lld.%09ld inode %llu sum %016llx\n", (unsigned long long)st.st_size,
                  (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec, (unsigned long long)st.st_ino,
                  (unsigned long long)sum);
    return line;
}
}  // namespace

bool verified_before(const std::string &path, uint64_t sum) {
    const std::string want = marker_line(path, sum);
    if (want.empty()) return false;
    FILE *f = std::fopen((path + ".verified").c_str(), "rb");
    if (!f) return false;
    char buf[200];
    const size_t n = std::fread(buf, 1, sizeof buf, f);
    std::fclose(f);
    return n == want.size() && std::memcmp(buf, want.data(), n) == 0;
}

void mark_verified(const std::string &path, uint64_t sum) {
    const std::string line = marker_line(path, sum);
    std::string why;
    if (!line.empty()) write_cache_file(path + ".verified", {{line.data(), line.size()}}, why);
}

}  // namespace cube
