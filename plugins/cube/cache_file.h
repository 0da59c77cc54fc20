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
// The same in pieces: h = CACHE_CHECKSUM_START, then h = cache_checksum_update(h, piece) for each
// piece in order; equal to cache_checksum of the whole when every piece but the last is a
// multiple of 8 bytes long.
constexpr uint64_t CACHE_CHECKSUM_START = 1469598103934665603ull;
uint64_t cache_checksum_update(uint64_t h, const uint8_t *d, size_t n);

// The "verified" marker beside a cached file (path + ".verified"): one text line with the
// file's size, modification time (ns), inode and the checksum its header carries, written after
// a full checksum pass succeeded. A later process that finds the marker matching the file as it
// is now (same size, time, inode and header checksum) may skip the pass (verify=once): a file
// rewritten, replaced or truncated since changes one of them. Not a guard against bits rotting
// in place without a write; verify=always re-reads everything.
bool verified_before(const std::string &path, uint64_t sum);
// Best effort (a cache of a cache: a failure only means the next process checks again).
void mark_verified(const std::string &path, uint64_t sum);

}  // namespace cube
