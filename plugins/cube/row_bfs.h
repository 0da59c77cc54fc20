// row_bfs: one pass of the layered breadth-first search that builds the big tables over symmetry
// classes: the flip-slice-twist tables (fst.cc: fst, fst4, fstp and fstp2's direct build) and the
// third table (third.cc). Their frontier logic is the same and lives here; what differs is passed
// in as a `Dom`:
//   uint64_t width() const;  entries a row (a row: the entries whose neighbours one set-up serves)
//   struct Row;  a task's scratch, default-constructed once per call of run()
//   void row(uint64_t r, Row &x) const;  set x up for row r (the neighbours' rows and symmetries)
//   template <class F> void forward(const Row &x, uint32_t e, F &&f) const;  f(j) for every
//       neighbour j of entry e of the row, and for the entries that stand for the same state
//       under the symmetries that fix the neighbour's class representative (its twins)
//   template <class F> bool backward(const Row &x, uint32_t e, F &&want) const;  whether some
//       neighbour j (one per move, no twins) has want(j), stopping at the first
//   void reached(Row &x, uint64_t j);  entry j newly set by a forward pass (fstp2: the entries
//       below its window are listed)
//   void alone(Row &x, uint64_t i);  with `collect`: unreached entry i has no neighbour on the
//       frontier (fstp2: its 13s)
//   void finish(Row &x);  the end of run()'s range (fstp2: the lists merged)
//   void what(char *buf, size_t n, unsigned depth) const;  the progress line
// Entries are `bits` (2 or 4) a byte, lowest first; `unreached` is all ones. A forward pass
// reads the entries of value `cur` (the frontier) and sets their unreached neighbours (and
// twins) to `next`; a backward pass sets each unreached entry with a neighbour at `cur` to
// `next` (or with `collect`, sets nothing and hands the others to alone()). What cur and next
// mean is the driver's: fst's distance mod 3 or exact, the third table's 1 (frontier) and 2
// (reached in this pass, relabelled after it).
#pragma once

#include <atomic>
#include <cstdint>

#include <solver/plugin.h>

#include "fst.h"
#include "pdb.h"

namespace cube {

template <class Dom>
struct RowBfs {
    Dom *dom = nullptr;
    uint8_t *d = nullptr;
    const solver_services *sv = nullptr;
    unsigned bits = 2, unreached = 3;
    unsigned depth = 0, cur = 0, next = 1;
    bool backward = false, collect = false;
    uint64_t filled_before = 0, size = 0;  // for the progress line
    std::atomic<uint64_t> added{0};
    std::atomic<bool> stop{false};
    BfsProgress progress;

    unsigned get(uint64_t i) const {
        // Relaxed: a pass changes only unreached entries, to `next`, which no reader in the pass
        // compares equal to `cur` (next != cur). A forward reader that sees a stale "unreached"
        // tries the AND (harmless: set() tells); a backward reader looks for `cur`, which does
        // not change within the pass. The pass ends with parallel_for's join, which orders every
        // write before the next pass reads.
        if (bits == 4) return (__atomic_load_n(&d[i >> 1], __ATOMIC_RELAXED) >> ((i & 1) * 4)) & 15;
        return (__atomic_load_n(&d[i >> 2], __ATOMIC_RELAXED) >> ((i & 3) * 2)) & 3;
    }
    // Entry i from unreached to v (next unless given); whether it was unreached.
    bool set(uint64_t i) { return set(i, next); }
    bool set(uint64_t i, unsigned v) {
        const unsigned shift = bits == 4 ? unsigned(i & 1) * 4 : unsigned(i & 3) * 2;
        const uint8_t mask = uint8_t(~((unreached ^ v) << shift));
        // Relaxed (see get): the AND is atomic so the other entries of the byte survive, and it
        // only clears bits of an entry read as unreached, so two writers of the same entry leave
        // the same value and exactly one of them sees it unreached (counted once).
        const uint8_t old = __atomic_fetch_and(&d[bits == 4 ? i >> 1 : i >> 2], mask, __ATOMIC_RELAXED);
        return ((old >> shift) & unreached) == unreached;
    }

    void run(uint64_t rb, uint64_t re, uint32_t worker) {
        if (stop.load(std::memory_order_relaxed)) return;
        if (sv && sv->should_stop && sv->should_stop(sv->ctx)) {
            stop.store(true, std::memory_order_relaxed);
            return;
        }
        typename Dom::Row x;
        uint64_t local = 0;
        const uint64_t width = dom->width();
        const unsigned look = backward ? unreached : cur;
        for (uint64_t r = rb; r < re; ++r) {
            const uint64_t base = r * width;
            // Anything to do in this row?
            if (!any_entry_equal(d, base, width, bits, look)) continue;
            dom->row(r, x);
            for (uint32_t e = 0; e < width; ++e) {
                if (get(base + e) != look) continue;
                if (!backward) {
                    dom->forward(x, e, [&](uint64_t j) {
                        if (get(j) == unreached && set(j)) {
                            ++local;
                            dom->reached(x, j);
                        }
                    });
                } else if (dom->backward(x, e, [&](uint64_t j) { return get(j) == cur; })) {
                    if (!collect && set(base + e)) ++local;
                } else if (collect) {
                    dom->alone(x, base + e);
                    ++local;
                }
            }
        }
        dom->finish(x);
        // Relaxed: the total is read after the pass's join; the progress line's partial sum needs
        // no order.
        const uint64_t now = added.fetch_add(local, std::memory_order_relaxed) + local;
        progress.tick(sv, worker, double(filled_before + now) / double(size),
                      [&](char *what, size_t n) { dom->what(what, n, depth); });
    }
    static void body(void *arg, uint64_t b, uint64_t e, uint32_t w) { static_cast<RowBfs *>(arg)->run(b, e, w); }
};

// After a pass of the drivers that mark 1 (the frontier) and 2 (reached in this pass) at 2 bits
// an entry (the third table, nx): 1 -> 0 (done), 2 -> 1 (the new frontier); 0 and 3 stay. A
// bfs_pass body over the buffer's 64-bit words (words = bytes / 8; each task owns its words).
struct Relabel2 {
    uint8_t *d;
    uint64_t words;
    static void body(void *arg, uint64_t b, uint64_t e, uint32_t) {
        typedef uint64_t __attribute__((may_alias)) word;
        word *w = reinterpret_cast<word *>(static_cast<const Relabel2 *>(arg)->d);
        for (uint64_t i = b; i < e; ++i) {
            const uint64_t x = w[i], hi = x & 0xaaaaaaaaaaaaaaaaull, lo = x & 0x5555555555555555ull;
            w[i] = hi >> 1 | (hi & lo << 1);
        }
    }
};

}  // namespace cube
