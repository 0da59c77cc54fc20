// subkey.h -- the keys of the bounded sub-searches' tables (localdead.h, corraldead.h): a player
// cell and up to N box cells in ascending order, the unused ones 0xffff. Key is a struct with
// `uint16_t player` and `uint16_t cells[N]`.
#ifndef SOKOBAN_SUBKEY_H
#define SOKOBAN_SUBKEY_H

#include <algorithm>
#include <cstdint>

namespace sokoban {

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
