// cube-nx: builds and checks the N table (plugins/cube/nx.h: nxopt's "EO3, EP1" coset table,
// session 34's candidate N), which the search does not read yet (session 36 built steps 1-3 of
// session 34's plan; step 4, the search, is next). The BFS runs on the runtime's work-stealing
// pool, as the plugin's table builds do under the solver.
//   build/bench/cube-nx build [THREADS]   build cube-nx.pdb into $SOLVER_CACHE_DIR (default
//                                         ~/.cache/solver; 2.42 GiB, about 2.8 GiB while building;
//                                         progress on a terminal, one line per depth)
//   build/bench/cube-nx info              the cached table's header: size, base, depth counts
//   build/bench/cube-nx checkn N SEED     the cached table on scrambles of 1..20 moves: no view's
//                                         bound (nor the six views' with de Bondt's rule) above the
//                                         scramble's length, and the U and D turns' group at 0
//   build/bench/cube-nx checkl N SEED     the BFS's local rule on the six views of N random cubes and
//                                         their 18 neighbours each, the neighbours' entries found by
//                                         whole-cube arithmetic (not the build's row tables): a view
//                                         coded base + 2 has a neighbour at base + 1 and none at base or
//                                         less, base + 1 one at base or less and none at base + 3 or
//                                         more, base + 3 or more none below base + 2, base or less none
//                                         above base + 1 and its line minimum at most base; and the
//                                         cubes' mean bound (six views' max, and with de Bondt's rule)
// The exact check against IDA* inside the abstraction: build/bench/cube-estimate checknx N SEED.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>

#include "../plugins/cube/cube.h"
#include "../plugins/cube/fst.h"
#include "../plugins/cube/nx.h"
#include "../plugins/cube/pdb.h"
#include "../plugins/cube/twophase.h"
#include "../runtime/sched/work_stealing_pool.h"

using namespace cube;

namespace {

std::string utc_now() {
    char b[32];
    const std::time_t t = std::time(nullptr);
    std::strftime(b, sizeof b, "%H:%M:%S UTC", std::gmtime(&t));
    return b;
}

struct PoolServices {
    solver::work_stealing_pool pool;
    solver_services sv{};
    bool tty = isatty(2) != 0;
    explicit PoolServices(unsigned threads) : pool(threads) {
        sv.abi_version = SOLVER_ABI_VERSION;
        sv.struct_size = sizeof(solver_services);
        sv.ctx = this;
        sv.threads = threads;
        sv.log = [](void *, solver_log_level, const char *m) { std::fprintf(stderr, "%s  [%s]\n", m, utc_now().c_str()); };
        sv.progress = [](void *c, const char *what, double f) {
            if (static_cast<PoolServices *>(c)->tty) std::fprintf(stderr, "\r%s %5.1f%%   ", what, 100.0 * f);
        };
        sv.parallel_for = [](void *c, uint64_t b, uint64_t e, uint64_t grain, solver_range_fn body, void *arg) {
            static_cast<PoolServices *>(c)->pool.parallel_for(
                b, e, grain ? grain : 1, [&](uint64_t x, uint64_t y, unsigned w) { body(arg, x, y, uint32_t(w)); });
        };
    }
};

double peak_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0;
}

void print_counts(const NxTable &t) {
    std::printf("depth counts (entries; base %u: codes 0 = %u or less, 1 = %u, 2 = %u, 3 = %u or more):\n", t.base,
                t.base, t.base + 1, t.base + 2, t.base + 3);
    uint64_t sum = 0;
    for (size_t d = 0; d < t.depth_counts.size(); ++d) {
        sum += t.depth_counts[d];
        if (d + 1 < t.depth_counts.size()) std::printf("  %2zu: %llu\n", d, (unsigned long long)t.depth_counts[d]);
        else std::printf("  %zu+: %llu\n", d, (unsigned long long)t.depth_counts[d]);
    }
    std::printf("  all: %llu\n", (unsigned long long)sum);
}

int build(unsigned threads) {
    const std::string dir = cache_folder(nullptr), path = dir + "/" + nx_file();
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    const NxCoords &co = nx_coords();
    std::printf("classes %u, entries %llu (%llu with twins and padding), %llu bytes; start %s\n", co.classes,
                (unsigned long long)(uint64_t(co.classes) * N_FLIP * NX_SLICE),
                (unsigned long long)(uint64_t(co.classes) * N_FLIP * NX_WIDTH),
                (unsigned long long)(uint64_t(co.classes) * N_FLIP * NX_ROW_BYTES), utc_now().c_str());
    std::fflush(stdout);
    PoolServices ps(threads);
    NxTable t;
    const solver_status s = build_nx(&ps.sv, t);
    if (ps.tty) std::fprintf(stderr, "\n");
    if (s != SOLVER_OK) return std::fprintf(stderr, "build failed (status %d)\n", int(s)), 1;
    std::printf("built in %.1f s (end %s), peak %.0f MiB\n", t.build_seconds, utc_now().c_str(), peak_mib());
    print_counts(t);
    std::string why;
    if (!save_nx(t, path, why)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    std::printf("saved %s (%llu bytes of data)\n", path.c_str(), (unsigned long long)t.bytes());
    return 0;
}

int load(NxTable &t) {
    std::string why;
    if (!load_nx(cache_folder(nullptr) + "/" + nx_file(), t, why, true, PAGES_MAPPED)) return std::fprintf(stderr, "%s\n", why.c_str()), 1;
    return 0;
}

int checkn(int n, uint64_t rng) {
    NxTable t;
    if (load(t)) return 1;
    int bad = 0, raised = 0;
    auto next = [&rng] { return (rng = rng * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    for (int i = 0; i < n; ++i) {
        const int k = 1 + i % 20;
        CubieCube c = CubieCube::solved();
        for (int j = 0; j < k; ++j) c = apply_move(c, int(next() % NMOVES));
        unsigned v[6];
        nx_views(t, c, v);
        unsigned mx = 0;
        for (unsigned x : v) mx = x > mx ? x : mx;
        const unsigned b = nx_bound(t, c);
        if (b > mx) ++raised;
        if (b > unsigned(k)) ++bad, std::printf("scramble %d of %d moves: bound %u\n", i, k, b);
        // U and D turns only: the forward U-D view is the solved state's.
        CubieCube u = CubieCube::solved();
        for (int j = 0; j < k; ++j) {
            const int m = int(next() % 6);
            u = apply_move(u, m < 3 ? m : 9 + m - 3);
        }
        nx_views(t, u, v);
        if (v[0] != 0 || v[3] != 0) ++bad, std::printf("U/D element %d: views %u %u\n", i, v[0], v[3]);
    }
    std::printf("checkn: %d scrambles, %d failures; de Bondt's rule raised %d\n", n, bad, raised);
    return bad ? 1 : 0;
}

int checkl(int n, uint64_t rng) {
    NxTable t;
    if (load(t)) return 1;
    const NxCoords &co = nx_coords();
    uint64_t bad = 0, views = 0, by_code[4] = {};
    double sum_max = 0, sum_rule = 0;
    for (int i = 0; i < n; ++i) {
        const CubieCube c = random_cube(rng);
        unsigned v[6];
        nx_views(t, c, v);
        sum_max += *std::max_element(v, v + 6);
        sum_rule += nx_bound(t, c);
        for (int k = 0; k < 6; ++k) {
            const CubieCube w = cube_view(c, k);
            const uint64_t x = co.index(w);
            const unsigned cx = t.code(x);
            unsigned nb[4] = {};
            for (int m = 0; m < NMOVES; ++m) nb[t.code(co.index(apply_move(w, m)))]++;
            bool ok = true;
            if (cx == 3) ok = nb[0] == 0 && nb[1] == 0;
            if (cx == 2) ok = nb[0] == 0 && nb[1] > 0;
            if (cx == 1) ok = nb[0] > 0 && nb[3] == 0;
            if (cx == 0) ok = t.line_min(x) <= t.base && nb[2] == 0 && nb[3] == 0;
            ++views, ++by_code[cx];
            if (!ok)
                ++bad, std::printf("cube %d view %d: code %u, neighbours' codes %u %u %u %u\n", i, k, cx, nb[0], nb[1], nb[2],
                                   nb[3]);
        }
    }
    std::printf("checkl: %llu views, %llu failures; codes 0-3: %llu %llu %llu %llu\n", (unsigned long long)views,
                (unsigned long long)bad, (unsigned long long)by_code[0], (unsigned long long)by_code[1],
                (unsigned long long)by_code[2], (unsigned long long)by_code[3]);
    std::printf("mean bound over the %d cubes: six views' max %.3f, with de Bondt's rule per side %.3f\n", n,
                sum_max / n, sum_rule / n);
    return bad ? 1 : 0;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string cmd = argc > 1 ? argv[1] : "";
    if (cmd == "build") return build(argc > 2 ? unsigned(std::atoi(argv[2])) : 2);
    if (cmd == "info") {
        NxTable t;
        if (load(t)) return 1;
        std::printf("%s: classes %u, rows %llu, %llu bytes, base %u\n", nx_file().c_str(), t.classes,
                    (unsigned long long)t.rows, (unsigned long long)t.bytes(), t.base);
        print_counts(t);
        return 0;
    }
    if (cmd == "checkn" && argc > 3) return checkn(std::atoi(argv[2]), std::strtoull(argv[3], nullptr, 10));
    if (cmd == "checkl" && argc > 3) return checkl(std::atoi(argv[2]), std::strtoull(argv[3], nullptr, 10));
    std::fprintf(stderr, "usage: cube-nx build [THREADS] | info | checkn N SEED | checkl N SEED\n");
    return 2;
}
