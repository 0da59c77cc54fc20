// mix64.h -- the murmur3 64-bit finalizer (fmix64): every input bit affects every output bit.
// The visited table and the Bloom filter place states by it (a plugin's hash may be weak in some
// bits, e.g. a plain Zobrist XOR of few keys), and the benchmarks draw their keys from it.
#ifndef SOLVER_VISITED_MIX64_H
#define SOLVER_VISITED_MIX64_H

#include <cstdint>

namespace solver {

inline std::uint64_t mix64(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

} // namespace solver

#endif
