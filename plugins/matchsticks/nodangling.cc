// nodangling.cc -- how many ways to remove exactly R sticks so that no grid point keeps exactly
// one stick: a transfer-matrix (broken-profile) dynamic programme over the grid points.
//
// Points are visited line by line, left to right (the board is transposed so the lines are the
// shorter side). The state after point (i, j) is the N+1 vertical sticks crossing the frontier
// (bits < = j: the down sticks of line i just chosen; bits > j: the down sticks of line i-1,
// i.e. the up sticks of points still to come) plus one bit for the horizontal stick leaving
// (i, j) to the right. At each point the up and left sticks come from the state and the right
// and down sticks are chosen; degree 1 is refused. Every state carries a polynomial in x (x per
// removed stick) truncated at x^r_hi, with saturated 128-bit coefficients (OVERFLOW past 2^128).
// A step is a pull: each target state sums its (at most four) sources, so the targets are
// spread over the pool with parallel_for and no two workers write the same memory.
#include "matchsticks.h"

#include <algorithm>
#include <atomic>
#include <new>

namespace matchsticks {
namespace {

struct Step {
    int i, j, M, N, L;
    const u128 *src;
    u128 *dst;
    const solver_services *sv;
    std::atomic<bool> *stop;
};

void step_body(void *arg, uint64_t begin, uint64_t end, uint32_t) {
    const Step &s = *static_cast<const Step *>(arg);
    if (s.stop->load(std::memory_order_relaxed)) return;
    if (s.sv && s.sv->should_stop && s.sv->should_stop(s.sv->ctx)) {
        s.stop->store(true);
        return;
    }
    const unsigned jb = 1u << s.j, hb = 1u << (s.N + 1);
    const int L = s.L;
    for (uint64_t t = begin; t < end; ++t) {
        u128 *out = s.dst + t * L;
        std::fill(out, out + L, u128(0));
        const int d = (t & jb) ? 1 : 0, r = (t & hb) ? 1 : 0;
        if (r && s.j == s.N) continue;  // no stick right of the last point
        if (d && s.i == s.M) continue;  // no stick below the last line
        const int shift = (s.j < s.N && !r) + (s.i < s.M && !d);
        const uint64_t base = t & ~uint64_t(jb | hb);
        for (int up = 0; up <= 1; ++up)
            for (int left = 0; left <= 1; ++left) {
                if (up + left + r + d == 1) continue;
                const u128 *in = s.src + (base | (up ? jb : 0) | (left ? hb : 0)) * L;
                for (int k = 0; k + shift < L; ++k)
                    if (in[k]) out[k + shift] = sat_add(out[k + shift], in[k]);
            }
    }
}

}  // namespace

solver_status nodangling_counts(int m, int n, int r_hi, const solver_services *sv, std::vector<u128> &out) {
    if (n > m) std::swap(m, n);
    const int M = m, N = n;
    const int L = r_hi + 1;
    const uint64_t states = uint64_t(1) << (N + 2);
    const double bytes = 2.0 * double(states) * L * sizeof(u128);
    if (sv && sv->memory_budget_bytes && bytes > double(sv->memory_budget_bytes)) return SOLVER_ERR_NO_MEMORY;
    std::vector<u128> a(states * L, 0), b(states * L, 0);
    a[0] = 1;  // before the first point: nothing crosses the frontier, nothing removed
    std::atomic<bool> stop{false};
    for (int i = 0; i <= M; ++i)
        for (int j = 0; j <= N; ++j) {
            Step st{i, j, M, N, L, a.data(), b.data(), sv, &stop};
            if (sv && sv->parallel_for) sv->parallel_for(sv->ctx, 0, states, 64, step_body, &st);
            else step_body(&st, 0, states, 0);
            if (stop) return SOLVER_ERR_STOPPED;
            a.swap(b);
            if (sv && sv->progress) sv->progress(sv->ctx, "matchsticks", double(i * (N + 1) + j + 1) / ((M + 1) * (N + 1)));
        }
    out.assign(a.begin(), a.begin() + L);
    return SOLVER_OK;
}

}  // namespace matchsticks
