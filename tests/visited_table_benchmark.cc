// visited_table benchmark: inserts per second at 1 and 2 threads, beside a mutex-guarded
// std::unordered_set in the same run, for 16- and 32-byte states.
//
//   make build/bench/visited_table && build/bench/visited_table [--distinct N] [--inserts N] [--repeat R]
//                                                               [--big-budget-mib M]
//
// Workload (search-like): every thread inserts a stream of states drawn from `distinct` ids,
// about half of them duplicates (the streams of the threads overlap). State bytes are generated
// from the id in the loop (same cost for both contenders), the 64-bit hash is computed once per
// insert by the caller, as an engine gets it from the plugin. The baseline gets its best shot:
// fixed-size keys with the hash cached in the key (so hashing happens outside the lock) and
// buckets reserved up front. It stores only the bytes; the table also stores g, parent and move.
//
// The table rows get a budget just large enough for `distinct` states; the "big budget" row runs
// the same inserts in a table given --big-budget-mib (default 4096, as an engine gets a share of
// the machine's memory whatever the search size): the slot array must follow the nodes, not the
// budget (it was sized from the budget before, which scattered the inserts over every page).
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "visited/bloom_filter.h"
#include "visited/mix64.h"
#include "visited/visited_table.h"

namespace {

using solver::mix64;

template <std::size_t N>
struct state_t {
    std::array<std::uint8_t, N> bytes;
    std::uint64_t hash;
    bool operator==(const state_t& o) const { return bytes == o.bytes; }
};
struct cached_hash {
    template <std::size_t N>
    std::size_t operator()(const state_t<N>& s) const { return s.hash; }
};

template <std::size_t N>
inline void make_state(std::uint64_t id, state_t<N>& s) {
    for (std::size_t w = 0; w < N / 8; ++w) {
        const std::uint64_t word = mix64(id * 0x9e3779b97f4a7c15ULL + w);
        std::memcpy(s.bytes.data() + 8 * w, &word, 8);
    }
    // A cheap byte hash (as a plugin would provide, e.g. Zobrist): fold the words.
    std::uint64_t h = 0;
    for (std::size_t w = 0; w < N / 8; ++w) {
        std::uint64_t word;
        std::memcpy(&word, s.bytes.data() + 8 * w, 8);
        h = mix64(h ^ word);
    }
    s.hash = h;
}

// Thread th's i-th id: overlapping pseudo-random draws from [0, distinct).
inline std::uint64_t stream_id(unsigned th, std::uint64_t i, std::uint64_t distinct) {
    return mix64((i << 8) ^ (th & 1)) % distinct;  // threads 0 and 1 draw different sequences
}

template <typename Body>
double run_threads(unsigned threads, Body body) {
    std::vector<std::thread> pool;
    const auto t0 = std::chrono::steady_clock::now();
    for (unsigned th = 0; th < threads; ++th) pool.emplace_back(body, th);
    for (auto& p : pool) p.join();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct row {
    std::string name;
    unsigned state_size;
    unsigned threads;
    double ops_per_s;
    double baseline;
    std::uint64_t distinct_found;
};

template <std::size_t N>
void bench_size(std::uint64_t distinct, std::uint64_t inserts, unsigned repeat, std::uint64_t big_budget,
                std::vector<row>& rows) {
    for (unsigned threads : {1u, 2u}) {
        const std::uint64_t per_thread = inserts / threads;
        // Baseline: std::unordered_set under one std::mutex.
        double base_ops = 0, ops = 0;
        std::uint64_t base_size = 0, table_size = 0;
        for (unsigned rep = 0; rep < repeat; ++rep) {  // best of `repeat` (the machine is shared)
            std::unordered_set<state_t<N>, cached_hash> set;
            set.reserve(distinct);
            std::mutex m;
            const double secs = run_threads(threads, [&](unsigned th) {
                state_t<N> s;
                for (std::uint64_t i = 0; i < per_thread; ++i) {
                    make_state(stream_id(th, i, distinct), s);
                    std::lock_guard<std::mutex> lock(m);
                    set.insert(s);
                }
            });
            base_ops = std::max(base_ops, static_cast<double>(per_thread * threads) / secs);
            base_size = set.size();
        }
        for (unsigned rep = 0; rep < repeat; ++rep) {
            solver::visited_table table(N, distinct * solver::visited_table::bytes_per_node(N) + (1 << 20), threads);
            const double secs = run_threads(threads, [&](unsigned th) {
                state_t<N> s;
                std::uint64_t my_full = 0;
                for (std::uint64_t i = 0; i < per_thread; ++i) {
                    make_state(stream_id(th, i, distinct), s);
                    const auto r = table.insert(th, s.bytes.data(), s.hash, static_cast<std::uint32_t>(i & 0xffff), i, th);
                    my_full += r.result == solver::visited_table::outcome::full;
                }
                if (my_full) std::fprintf(stderr, "unexpected full: %llu\n", (unsigned long long)my_full);
            });
            ops = std::max(ops, static_cast<double>(per_thread * threads) / secs);
            table_size = table.size();
        }
        // Same inserts, pipelined as an engine can do with the children of an expansion: the
        // slots of the next 8 states are prefetched before inserting the current one.
        double pf_ops = 0;
        for (unsigned rep = 0; rep < repeat; ++rep) {
            solver::visited_table table(N, distinct * solver::visited_table::bytes_per_node(N) + (1 << 20), threads);
            const double secs = run_threads(threads, [&](unsigned th) {
                constexpr unsigned ahead = 8;
                state_t<N> ring[ahead];
                for (std::uint64_t i = 0; i < ahead && i < per_thread; ++i) {
                    make_state(stream_id(th, i, distinct), ring[i]);
                    table.prefetch(ring[i].hash);
                }
                for (std::uint64_t i = 0; i < per_thread; ++i) {
                    state_t<N>& s = ring[i % ahead];
                    table.insert(th, s.bytes.data(), s.hash, static_cast<std::uint32_t>(i & 0xffff), i, th);
                    if (i + ahead < per_thread) {
                        make_state(stream_id(th, i + ahead, distinct), s);
                        table.prefetch(s.hash);
                    }
                }
            });
            pf_ops = std::max(pf_ops, static_cast<double>(per_thread * threads) / secs);
        }
        // Same inserts, budget far above what the states need.
        double big_ops = 0;
        for (unsigned rep = 0; rep < repeat; ++rep) {
            solver::visited_table table(N, big_budget, threads);
            const double secs = run_threads(threads, [&](unsigned th) {
                state_t<N> s;
                for (std::uint64_t i = 0; i < per_thread; ++i) {
                    make_state(stream_id(th, i, distinct), s);
                    table.insert(th, s.bytes.data(), s.hash, static_cast<std::uint32_t>(i & 0xffff), i, th);
                }
            });
            big_ops = std::max(big_ops, static_cast<double>(per_thread * threads) / secs);
            if (table.size() != table_size)
                std::fprintf(stderr, "MISMATCH: big-budget table %llu states\n", (unsigned long long)table.size());
        }
        // The approximate mode, 16 bits per distinct state ("states" = inserts that said new).
        double bloom_ops = 0;
        std::uint64_t bloom_new = 0;
        for (unsigned rep = 0; rep < repeat; ++rep) {
            solver::bloom_filter bloom(distinct * 2, 6);
            std::atomic<std::uint64_t> fresh{0};
            const double secs = run_threads(threads, [&](unsigned th) {
                state_t<N> s;
                std::uint64_t my_new = 0;
                for (std::uint64_t i = 0; i < per_thread; ++i) {
                    make_state(stream_id(th, i, distinct), s);
                    my_new += bloom.insert(s.hash);
                }
                fresh.fetch_add(my_new);
            });
            bloom_ops = std::max(bloom_ops, static_cast<double>(per_thread * threads) / secs);
            bloom_new = fresh.load();
        }
        rows.push_back({"unordered_set+mutex", N, threads, base_ops, base_ops, base_size});
        rows.push_back({"visited_table", N, threads, ops, base_ops, table_size});
        rows.push_back({"visited_table+prefetch", N, threads, pf_ops, base_ops, table_size});
        rows.push_back({"visited_table,big_budget", N, threads, big_ops, base_ops, table_size});
        rows.push_back({"bloom_filter(k=6,16b)", N, threads, bloom_ops, base_ops, bloom_new});
        if (table_size != base_size)
            std::fprintf(stderr, "MISMATCH: table %llu states, baseline %llu\n",
                         (unsigned long long)table_size, (unsigned long long)base_size);
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t distinct = 1 << 20, inserts = 2 << 20;
    unsigned repeat = 3;
    std::uint64_t big_budget_mib = 4096;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--distinct") distinct = std::strtoull(argv[i + 1], nullptr, 10);
        else if (a == "--inserts") inserts = std::strtoull(argv[i + 1], nullptr, 10);
        else if (a == "--repeat") repeat = static_cast<unsigned>(std::max(1, std::atoi(argv[i + 1])));
        else if (a == "--big-budget-mib") big_budget_mib = std::strtoull(argv[i + 1], nullptr, 10);
        else {
            std::fprintf(stderr, "usage: %s [--distinct N] [--inserts N] [--repeat R] [--big-budget-mib M]\n", argv[0]);
            return 2;
        }
    }
    std::vector<row> rows;
    bench_size<16>(distinct, inserts, repeat, big_budget_mib << 20, rows);
    bench_size<32>(distinct, inserts, repeat, big_budget_mib << 20, rows);
    std::printf("# visited_table benchmark: %llu inserts over %llu distinct states, best of %u, hardware threads %u\n",
                (unsigned long long)inserts, (unsigned long long)distinct, repeat, std::thread::hardware_concurrency());
    std::printf("%-26s %6s %8s %14s %10s %10s\n", "name", "bytes", "threads", "inserts/s", "vs_base", "states");
    for (const row& r : rows)
        std::printf("%-26s %6u %8u %14.0f %9.2fx %10llu\n", r.name.c_str(), r.state_size, r.threads,
                    r.ops_per_s, r.ops_per_s / r.baseline, (unsigned long long)r.distinct_found);
    return 0;
}
