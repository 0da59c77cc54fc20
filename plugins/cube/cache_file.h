// cache_file: how the cube plugin writes and checks its cached tables (pattern databases, the
// flip-slice-twist table and its symmetry classes): the pieces in order to a temporary file
// beside the target, then renamed over it, so a reader (another process) never sees a
// half-written file; and the checksum the headers carry.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace cube {

struct FilePiece {
    const void *data;
    size_t bytes;
};

// Writes the pieces to path (via path.tmp.PID and a rename). On failure removes the temporary
// file, leaves path as it was and says why.
bool write_cache_file(const std::string &path, std::initializer_list<FilePiece> pieces, std::string &why);

// FNV-1a style over 8-byte words (then the tail bytes), with an extra shift to mix high bits.
uint64_t cache_checksum(const uint8_t *d, size_t n);

}  // namespace cube
