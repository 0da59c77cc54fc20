#include "cache_file.h"

#include <cstdio>
#include <cstring>
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

uint64_t cache_checksum(const uint8_t *d, size_t n) {
    uint64_t h = 1469598103934665603ull;
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

}  // namespace cube
