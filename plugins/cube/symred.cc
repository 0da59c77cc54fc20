#include "symred.h"

#include <algorithm>

#include "symmetry.h"
#include "twophase.h"

namespace cube {

namespace {

// T_{k,s}(x) (see symred.h).
CubieCube apply_sym(const CubieCube &x, int k, int s) { return urf_conjugate(symmetry().conj(x, s), k); }

}  // namespace

const std::vector<std::array<int8_t, NMOVES>> &all_symmetry_move_maps() {
    static const std::vector<std::array<int8_t, NMOVES>> maps = [] {
        std::vector<std::array<int8_t, NMOVES>> v;
        for (int k = 0; k < 3; ++k)
            for (int s = 0; s < N_UDSYM; ++s) {
                std::array<int8_t, NMOVES> a;
                for (int m = 0; m < NMOVES; ++m) {
                    const CubieCube t = apply_sym(move_cube(m), k, s);
                    a[size_t(m)] = -1;
                    for (int n = 0; n < NMOVES; ++n)
                        if (move_cube(n) == t) a[size_t(m)] = int8_t(n);
                }
                v.push_back(a);
            }
        return v;
    }();
    return maps;
}

StartSymmetry start_symmetry(const CubieCube &c) {
    StartSymmetry g;
    const auto &maps = all_symmetry_move_maps();
    for (int k = 0; k < 3; ++k)
        for (int s = 0; s < N_UDSYM; ++s) {
            if (k == 0 && s == 0) continue;  // the identity
            if (apply_sym(c, k, s) != c) continue;
            const auto &a = maps[size_t(k * N_UDSYM + s)];
            if (std::find(a.begin(), a.end(), int8_t(-1)) != a.end()) continue;  // not a face-turn map (cannot happen)
            g.maps.push_back(a);
        }
    return g;
}

int symred_prefix_depth(const StartSymmetry &g) { return g.order() >= 8 ? 5 : g.order() > 1 ? 4 : 3; }

bool symred_keep(const StartSymmetry &g, const int *moves, int len) {
    const int key = len - 1;
    if (key <= 0 || g.maps.empty()) return true;
    int img[32];
    for (const auto &a : g.maps) {
        for (int i = 0; i < len; ++i) img[i] = a[size_t(moves[i])];
        // canon: an adjacent pair on one axis in the order the search never makes (the higher
        // face first, e.g. D U) is swapped.
        for (int i = 0; i + 1 < len; ++i)
            if (img[i] / 3 == img[i + 1] / 3 + 3) std::swap(img[i], img[i + 1]), ++i;
        for (int i = 0; i < key; ++i) {
            if (img[i] < moves[i]) return false;
            if (img[i] > moves[i]) break;
        }
    }
    return true;
}

}  // namespace cube
