// cube-random: N uniformly random cube states (facelet strings), from a fixed seed, one a line.
// Built and used by tools/cube-bench.sh:  cube-random N SEED
#include <cstdio>
#include <cstdlib>

#include "../plugins/cube/cube.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261121;
    for (int i = 0; i < n; ++i) std::printf("%s\n", cube::to_facelets(cube::random_cube(seed)).c_str());
    return 0;
}
