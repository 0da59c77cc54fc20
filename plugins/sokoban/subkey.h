// subkey.h -- the keys of the bounded sub-searches' tables (localdead.h, corraldead.h): a player
// cell and up to N box cells in ascending order, the unused ones 0xffff (SubKey<N>). Key in the
// functions below is a struct with `uint16_t player` and `uint16_t cells[N]`.
#ifndef SOKOBAN_SUBKEY_H
#define SOKOBAN_SUBKEY_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace sokoban {

template <int N>
struct SubKey {
    uint16_t player;
    uint16_t cells[N]; // ascending, unused = 0xffff
    bool operator==(const SubKey &o) const {
        return player == o.player && std::memcmp(cells, o.cells, sizeof cells) == 0;
    }
};

// ALL: every one of the N cells is mixed in (the local table's 5); else the hash stops at the
// first unused cell (the corral table's 12, mostly unused). Kept apart as they were, so the
// tables' stripes fill (and empty) as before.
template <int N, bool ALL>
struct SubKeyHash {
    size_t operator()(const SubKey<N> &k) const {
        uint64_t h = 0x9e3779b97f4a7c15ull * (k.player + 1);
        for (int i = 0; i < N && (ALL || k.cells[i] != 0xffff); ++i) {
            h ^= k.cells[i];
            h *= 0xff51afd7ed558ccdull;
            h ^= h >> 29;
        }
        return static_cast<size_t>(h);
    }
};

// The key of (player, cells[0..count)); sorts cells in place. count <= N.
template <class Key, int N>
Key make_sub_key(int player, int *cells, int count) {
    std::sort(cells, cells + count);
    Key k;
    k.player = static_cast<uint16_t>(player);
    for (int i = 0; i < N; ++i) k.cells[i] = i < count ? static_cast<uint16_t>(cells[i]) : 0xffff;
    return k;
}

// The box cells of a key into cells (ascending); returns their number.
template <class Key, int N>
int sub_key_cells(const Key &k, int *cells) {
    int count = 0;
    while (count < N && k.cells[count] != 0xffff) {
        cells[count] = k.cells[count];
        ++count;
    }
    return count;
}

}  // namespace sokoban

#endif
