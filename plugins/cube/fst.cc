#include "fst.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <new>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache_file.h"
#include "load_once.h"
#include "pdb.h"
#include "row_bfs.h"

namespace cube {

HugeBuffer::HugeBuffer(size_t bytes) {
    if (bytes == 0) return;
    // 2 MiB more than asked, so the data can start on a 2 MiB boundary and be huge pages
    // throughout.
    const size_t H = size_t(2) << 20;
    void *p = mmap(nullptr, bytes + H, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    p_ = static_cast<uint8_t *>(p);
    n_ = bytes + H;
    off_ = ((reinterpret_cast<uintptr_t>(p) + H - 1) & ~uintptr_t(H - 1)) - reinterpret_cast<uintptr_t>(p);
    len_ = bytes;
    advise_huge_pages(p_ + off_, bytes);
}
HugeBuffer HugeBuffer::map_file(const std::string &path, size_t offset, size_t bytes) {
    HugeBuffer b;
    const int fd = open(path.c_str(), O_RDONLY);
    if (fd < 0) return b;
    struct stat st;
    if (fstat(fd, &st) == 0 && uint64_t(st.st_size) >= offset + bytes) {  // load_fst checks the whole size
        void *p = mmap(nullptr, offset + bytes, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
        if (p != MAP_FAILED) {
            b.p_ = static_cast<uint8_t *>(p);
            b.n_ = offset + bytes;
            b.off_ = offset;
            b.len_ = bytes;
        }
    }
    close(fd);
    return b;
}
long long huge_mapped_bytes(const void *p) {
    FILE *f = std::fopen("/proc/self/smaps", "r");
    if (!f) return -1;
    char line[512], key[40];
    std::snprintf(key, sizeof key, "%lx-", (unsigned long)reinterpret_cast<uintptr_t>(p));
    const size_t klen = std::strlen(key);
    bool in = false;
    long long kib = -1;
    while (std::fgets(line, sizeof line, f)) {
        // A record starts with "start-end perms ..."; its fields are "Name:   value kB".
        const char *colon = std::strchr(line, ':'), *dash = std::strchr(line, '-'), *space = std::strchr(line, ' ');
        const bool header = dash && space && dash < space && (!colon || space < colon);
        if (header) {
            if (in) break;
            in = std::strncmp(line, key, klen) == 0;
            continue;
        }
        long long v;
        if (in && (std::sscanf(line, "FilePmdMapped: %lld kB", &v) == 1 || std::sscanf(line, "AnonHugePages: %lld kB", &v) == 1))
            kib = std::max(kib, 0LL) + v;
    }
    std::fclose(f);
    return kib < 0 ? -1 : kib * 1024;
}
HugeBuffer HugeBuffer::map_file_huge(const std::string &path, size_t offset, size_t bytes) {
    HugeBuffer b;
    const int fd = open(path.c_str(), O_RDONLY);
    if (fd < 0) return b;
    struct stat st;
    // From the 2 MiB boundary of the file at or below offset (0 for a table that starts in the
    // file's first 2 MiB), so the part after a big table (fstp2's side table) is mapped alone.
    const size_t H = size_t(2) << 20, base = offset & ~(H - 1), n = offset + bytes - base;
    if (fstat(fd, &st) != 0 || uint64_t(st.st_size) < offset + bytes) {  // load_fst checks the whole size
        close(fd);
        return b;
    }
    for (int attempt = 0; attempt < 2; ++attempt) {
        // Reserve 2 MiB more, then map the file over its 2 MiB-aligned part: file offset 0 at a
        // 2 MiB boundary, so each aligned 2 MiB of the file can be one page-table entry.
        void *r = mmap(nullptr, n + H, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (r == MAP_FAILED) break;
        const uintptr_t a = (reinterpret_cast<uintptr_t>(r) + H - 1) & ~uintptr_t(H - 1);
        void *p = mmap(reinterpret_cast<void *>(a), n, PROT_READ, MAP_SHARED | MAP_FIXED, fd, off_t(base));
        // Give back the reservation's ends (before a, after a + n rounded up to a page).
        const uintptr_t r0 = reinterpret_cast<uintptr_t>(r), r1 = r0 + n + H;
        const uintptr_t pg = uintptr_t(sysconf(_SC_PAGESIZE)), e = (a + n + pg - 1) & ~(pg - 1);
        if (a > r0) munmap(r, a - r0);
        if (r1 > e) munmap(reinterpret_cast<void *>(e), r1 - e);
        if (p == MAP_FAILED) {
            if (e > a) munmap(reinterpret_cast<void *>(a), e - a);
            break;
        }
#ifdef MADV_HUGEPAGE
        madvise(p, n, MADV_HUGEPAGE);
#endif
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
        if (madvise(p, n, MADV_POPULATE_READ) != 0) {  // before Linux 5.14: touch every page
            volatile const uint8_t *q = static_cast<const uint8_t *>(p);
            uint8_t x = 0;
            for (size_t i = 0; i < n; i += pg) x ^= q[i];
            (void)x;
        }
        const long long pmd = huge_mapped_bytes(p);
        const size_t whole = n & ~(H - 1);  // the 2 MiB pages the file can fill
        if (pmd >= 0 && double(pmd) >= 0.9 * double(whole)) {
            b.p_ = static_cast<uint8_t *>(p);
            b.n_ = n;
            b.off_ = offset - base;
            b.len_ = bytes;
            b.shared_ = true;
            break;
        }
        munmap(p, n);
        // None at all: no huge pages for this file here (transparent huge pages off, or a file
        // system without large folios), so the copy, without dropping the file's cached pages
        // (the copy reads them). Some but too few: part of the page cache holds the file in
        // small folios (read or written in small pieces); drop its pages that no process maps,
        // so the next faults read it anew in huge folios (pages other processes map stay, and
        // if that leaves too many small ones the copy is used).
        if (pmd <= 0) break;
        posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    }
    close(fd);
    return b;
}
HugeBuffer load_table_data(const std::string &path, size_t offset, size_t bytes, unsigned pages) {
    HugeBuffer b;
    if (pages == PAGES_SHARED) b = HugeBuffer::map_file_huge(path, offset, bytes);
    if (!b.data() && pages != PAGES_MAPPED) b = HugeBuffer::read_file(path, offset, bytes);
    if (!b.data()) b = HugeBuffer::map_file(path, offset, bytes);
    return b;
}

HugeBuffer HugeBuffer::read_file(const std::string &path, size_t offset, size_t bytes) {
    HugeBuffer b;
    const int fd = open(path.c_str(), O_RDONLY);
    if (fd < 0) return b;
    struct stat st;
    if (fstat(fd, &st) != 0 || uint64_t(st.st_size) < offset + bytes) {  // load_fst checks the whole size
        close(fd);
        return b;
    }
    try {
        b = HugeBuffer(bytes);  // advised for huge pages before the first touch
    } catch (const std::bad_alloc &) {
        close(fd);
        return b;
    }
    size_t done = 0;
    while (done < bytes) {
        const size_t want = std::min<size_t>(bytes - done, size_t(64) << 20);
        const ssize_t got = pread(fd, b.data() + done, want, off_t(offset + done));
        if (got <= 0) break;
        done += size_t(got);
    }
    close(fd);
    if (done != bytes) b = HugeBuffer();
    return b;
}
HugeBuffer HugeBuffer::map_or_read(const std::string &path, size_t offset, size_t bytes) {
    HugeBuffer b = map_file_huge(path, offset, bytes);
    if (!b.data()) b = read_file(path, offset, bytes);
    return b;
}
HugeBuffer::~HugeBuffer() {
    if (p_) munmap(p_, n_);
}
HugeBuffer &HugeBuffer::operator=(HugeBuffer &&o) noexcept {
    if (this != &o) {
        if (p_) munmap(p_, n_);
        p_ = o.p_, n_ = o.n_, off_ = o.off_, len_ = o.len_, shared_ = o.shared_;
        o.p_ = nullptr, o.n_ = 0, o.off_ = 0, o.len_ = 0, o.shared_ = false;
    }
    return *this;
}

void advise_huge_pages(void *p, size_t n) {
#ifdef MADV_HUGEPAGE
    const uintptr_t H = uintptr_t(2) << 20;
    uintptr_t b = (reinterpret_cast<uintptr_t>(p) + H - 1) & ~(H - 1);
    uintptr_t e = (reinterpret_cast<uintptr_t>(p) + n) & ~(H - 1);
    if (e > b) madvise(reinterpret_cast<void *>(b), e - b, MADV_HUGEPAGE);  // a hint; failure is harmless
#else
    (void)p, (void)n;
#endif
}

bool window_from4(const uint8_t *in4, uint64_t n, uint8_t *out, SideTable &side, std::string &why) {
    // Per 4-bit byte (two entries): their two 2-bit codes, and whether either goes to the side.
    uint8_t code[256];
    bool to_side[256];
    for (unsigned b = 0; b < 256; ++b) {
        unsigned c = 0;
        to_side[b] = false;
        for (unsigned h = 0; h < 2; ++h) {
            const unsigned v = b >> (4 * h) & 15;
            const bool in_window = v >= WINDOW_BASE && v < WINDOW_BASE + 3;
            c |= (in_window ? v - WINDOW_BASE : 3u) << (2 * h);
            if (!in_window && v != SideTable::ABSENT) to_side[b] = true;
        }
        code[b] = uint8_t(c);
    }
    const uint64_t buckets = (n + (uint64_t(1) << SideTable::SHIFT) - 1) >> SideTable::SHIFT;
    side.off.assign(buckets + 1, 0);
    side.ent.clear();
    const uint64_t nout = (n * 2 + 7) / 8;
    std::memset(out, 0xff, nout);
    for (uint64_t k = 0; k < (n + 1) / 2; ++k) {  // input byte k: entries 2k, 2k + 1
        const uint8_t b = in4[k];
        uint8_t c = code[b];
        if (2 * k + 1 >= n) c |= 0x0c;  // padding
        const unsigned sh = unsigned(k & 1) * 4;
        out[k >> 1] = uint8_t((out[k >> 1] & ~(0xf << sh)) | (c << sh));
        if (!to_side[b]) continue;
        for (uint64_t i = 2 * k; i < 2 * k + 2 && i < n; ++i) {
            const unsigned v = b >> ((i & 1) * 4) & 15;
            if (v >= WINDOW_BASE && v < WINDOW_BASE + 3) continue;
            if (v == SideTable::ABSENT) continue;
            if (v == 15) return why = "entry " + std::to_string(i) + " is unreached", false;
            if (side.ent.size() >= UINT32_MAX) return why = "side table too large", false;
            side.ent.push_back(uint16_t((i & ((1u << SideTable::SHIFT) - 1)) << 4 | v));
            ++side.off[(i >> SideTable::SHIFT) + 1];
        }
    }
    for (uint64_t b = 0; b < buckets; ++b) side.off[b + 1] += side.off[b];
    return true;
}

bool window_from_mod3(uint8_t *codes, uint64_t n, const WindowLists &lists, SideTable &side, std::string &why) {
    // Counting sort into the buckets, then each bucket sorted: the order window_from4 makes.
    const uint64_t buckets = (n + (uint64_t(1) << SideTable::SHIFT) - 1) >> SideTable::SHIFT;
    const uint64_t mask = (uint64_t(1) << SideTable::SHIFT) - 1;
    std::vector<uint32_t> off(buckets + 1, 0);
    uint64_t total = lists.top.size();
    auto each_low = [&](auto fn) {
        for (unsigned d = 0; d < WINDOW_BASE; ++d)
            for (uint64_t h = 0; h < 2; ++h)
                for (const auto &chunk : lists.low[d][h])
                    for (uint32_t lo : chunk) fn(d, h << 32 | lo);
    };
    bool ok = true;
    each_low([&](unsigned d, uint64_t i) {
        if (i >= n || ((codes[i >> 2] >> ((i & 3) * 2)) & 3) != d % 3) {
            if (ok) why = "listed entry " + std::to_string(i) + " (distance " + std::to_string(d) + ") holds another value";
            ok = false;
            return;
        }
        ++off[(i >> SideTable::SHIFT) + 1], ++total;
    });
    for (uint64_t i : lists.top) {
        if (i >= n || ((codes[i >> 2] >> ((i & 3) * 2)) & 3) != 3) {
            if (ok) why = "entry " + std::to_string(i) + " listed at distance 13 was reached";
            ok = false;
            break;
        }
        ++off[(i >> SideTable::SHIFT) + 1];
    }
    if (!ok) return false;
    if (total >= UINT32_MAX) return why = "side table too large", false;
    for (uint64_t k = 0; k < buckets; ++k) off[k + 1] += off[k];
    side.ent.assign(total, 0);
    std::vector<uint32_t> fill(off.begin(), off.end() - 1);
    each_low([&](unsigned d, uint64_t i) {
        side.ent[fill[i >> SideTable::SHIFT]++] = uint16_t((i & mask) << 4 | d);
        codes[i >> 2] = uint8_t(codes[i >> 2] | 3u << ((i & 3) * 2));
    });
    for (uint64_t i : lists.top) side.ent[fill[i >> SideTable::SHIFT]++] = uint16_t((i & mask) << 4 | (WINDOW_BASE + 4));
    for (uint64_t k = 0; k < buckets; ++k) {
        uint16_t *b = side.ent.data() + off[k], *e = side.ent.data() + off[k + 1];
        std::sort(b, e);
        for (uint16_t *p = b; p + 1 < e; ++p)
            if ((p[0] >> 4) == (p[1] >> 4))
                return why = "entry " + std::to_string((k << SideTable::SHIFT) | (p[0] >> 4)) + " listed twice", false;
    }
    side.off = std::move(off);
    return true;
}

bool any_entry_equal(const uint8_t *data, uint64_t i, uint64_t n, unsigned bits, unsigned v) {
    typedef uint64_t __attribute__((may_alias)) word;
    const unsigned per = 8 / bits, mask = (1u << bits) - 1;
    const uint64_t W = 64 / bits, e = i + n;
    auto get = [&](uint64_t k) {
        return unsigned(__atomic_load_n(&data[k / per], __ATOMIC_RELAXED) >> ((k % per) * bits)) & mask;
    };
    for (; i < e && i % W; ++i)
        if (get(i) == v) return true;
    // A field of x is zero where the entry equals v; or-ing its bits into the field's lowest bit
    // leaves that bit clear exactly there.
    const uint64_t ones = bits == 2 ? 0x5555555555555555ull : 0x1111111111111111ull, pat = ones * v;
    for (; i + W <= e; i += W) {
        const uint64_t x = __atomic_load_n(reinterpret_cast<const word *>(data + i / per), __ATOMIC_RELAXED) ^ pat;
        const uint64_t y = bits == 2 ? (x | x >> 1) & ones : (x | x >> 1 | x >> 2 | x >> 3) & ones;
        if (y != ones) return true;
    }
    for (; i < e; ++i)
        if (get(i) == v) return true;
    return false;
}

int FstTable::exact(int flip, int slice, int twist, int parity) const {
    if (windowed()) return int(value(index(flip, slice, twist, parity)));
    if (bits == 4) {
        const unsigned v = get4(index(flip, slice, twist, parity));
        return v == 15 ? -1 : int(v);
    }
    int d = 0;
    while (flip || slice || twist) {
        if (d > 30) return -1;
        const unsigned want = (get(index(flip, slice, twist)) + 2) % 3;
        bool moved = false;
        for (int m = 0; m < NMOVES && !moved; ++m) {
            int f = co->flip_move[size_t(flip) * NMOVES + m], s = co->slice_move[size_t(slice) * NMOVES + m],
                t = co->twist_move[size_t(twist) * NMOVES + m];
            if (get(index(f, s, t)) == want) flip = f, slice = s, twist = t, moved = true;
        }
        if (!moved) return -1;
        ++d;
    }
    return d;
}

namespace {

using clock_type = std::chrono::steady_clock;

// The flip-slice-twist tables' part of their breadth-first search (RowBfs, row_bfs.h): a row is
// a flip-slice class, its entries twist x parity (par 1 or 2); a move takes the class's
// representative to a class whose row the twist, seen through the symmetry, indexes.
struct FstDom {
    const Coords *co = nullptr;
    unsigned par = 1;  // FstTable::par
    const char *name = "fst";
    // Direct fstp2 build (bits 2, par 2): with `record`, the entries a forward pass reaches go to
    // lists->low[record_depth] (those below the window); a collecting backward pass (RowBfs's
    // collect) lists every unreached entry without a neighbour on the frontier in lists->top.
    WindowLists *lists = nullptr;
    bool record = false;
    unsigned record_depth = 0;
    std::mutex lists_mu;

    struct Row {
        uint64_t nb_base[NMOVES];
        unsigned nb_sym[NMOVES];
        uint16_t nb_stab[NMOVES];
        std::vector<uint32_t> rec[2];
        std::vector<uint64_t> top;
    };
    uint64_t width() const { return uint64_t(N_TWIST) * par; }
    void row(uint64_t c, Row &x) const {
        const uint32_t rep = co->class_rep[c];
        const int sl = int(rep / N_FLIP), fl = int(rep % N_FLIP);
        for (int m = 0; m < NMOVES; ++m) {
            const uint32_t y = uint32_t(co->slice_move[size_t(sl) * NMOVES + m]) * N_FLIP + co->flip_move[size_t(fl) * NMOVES + m];
            const uint32_t e = co->flipslice_class[y];
            x.nb_base[m] = uint64_t(e >> 4) * N_TWIST;
            x.nb_sym[m] = e & 15;
            x.nb_stab[m] = co->class_stab[e >> 4];
        }
    }
    // e = twist * par + parity; a quarter turn (m % 3 != 1) flips the parity.
    template <class F> void forward(const Row &x, uint32_t e, F &&f) const {
        const uint16_t *tm = co->twist_move.data(), *tc = co->twist_conj.data();
        const unsigned P = par, tw = e / P, pe = e % P;
        for (int m = 0; m < NMOVES; ++m) {
            const unsigned p2 = P == 2 ? pe ^ unsigned(m % 3 != 1) : 0;
            const unsigned t2 = tc[size_t(tm[tw * NMOVES + m]) * N_UDSYM + x.nb_sym[m]];
            f(x.nb_base[m] * P + t2 * P + p2);
            if (x.nb_stab[m] != 1)
                for (unsigned u = 1; u < N_UDSYM; ++u)
                    if (x.nb_stab[m] >> u & 1) f(x.nb_base[m] * P + uint64_t(tc[size_t(t2) * N_UDSYM + u]) * P + p2);
        }
    }
    template <class F> bool backward(const Row &x, uint32_t e, F &&want) const {
        const uint16_t *tm = co->twist_move.data(), *tc = co->twist_conj.data();
        const unsigned P = par, tw = e / P, pe = e % P;
        for (int m = 0; m < NMOVES; ++m) {
            const unsigned p2 = P == 2 ? pe ^ unsigned(m % 3 != 1) : 0;
            if (want(x.nb_base[m] * P + uint64_t(tc[size_t(tm[tw * NMOVES + m]) * N_UDSYM + x.nb_sym[m]]) * P + p2))
                return true;
        }
        return false;
    }
    void reached(Row &x, uint64_t j) const {
        if (record) x.rec[j >> 32].push_back(uint32_t(j));
    }
    void alone(Row &x, uint64_t i) const { x.top.push_back(i); }
    void finish(Row &x) {
        if (x.rec[0].empty() && x.rec[1].empty() && x.top.empty()) return;
        // A chunk per call, trimmed so the lists hold no spare capacity (the largest, distance 8,
        // is 131 MB).
        std::lock_guard<std::mutex> lock(lists_mu);
        for (unsigned h = 0; h < 2; ++h)
            if (!x.rec[h].empty()) {
                x.rec[h].shrink_to_fit();
                lists->low[record_depth][h].push_back(std::move(x.rec[h]));
            }
        lists->top.insert(lists->top.end(), x.top.begin(), x.top.end());
    }
    void what(char *buf, size_t n, unsigned depth) const {
        std::snprintf(buf, n, "cube: building table %s (depth %u)", name, depth + 1);
    }
    // Whether some neighbour j of entry i (one per move, as the backward pass reads them) has
    // want(j). For checks of a few entries.
    template <class F> bool any_neighbour(uint64_t i, F &&want) const {
        Row x;
        row(i / width(), x);
        return backward(x, uint32_t(i % width()), want);
    }
};

const char *fst_magic(unsigned bits, unsigned par) {
    return par == 2 ? (bits == 4 ? "CUBEFSP4" : "CUBEFSP2") : bits == 4 ? "CUBEFST4" : "CUBEFST1";
}
const char *fst_name(unsigned bits, unsigned par) {
    return par == 2 ? (bits == 4 ? "fstp" : "fstp2") : bits == 4 ? "fst4" : "fst";
}

// After a windowed table's data: its side table's sizes and checksum, then off and ent.
struct SideHeader {
    uint64_t buckets, entries, sum;
};

struct FstHeader {
    char magic[8];
    uint64_t classes, size, bytes, sum;
    uint64_t depth_counts[24];
};

}  // namespace

std::string fst_file(unsigned bits, unsigned par) {
    return par == 2 ? (bits == 4 ? "cube-fstp4.pdb" : "cube-fstp2.pdb") : bits == 4 ? "cube-fst4.pdb" : "cube-fst.pdb";
}

namespace {

// tables=fstp2 built directly (see build_fst in fst.h): a 2-bit BFS of distances mod 3 up to the
// window's last distance, 11, with the entries below the window listed as they are reached;
// then one read-only pass finds the 13s, and window_from_mod3 makes the windowed table.
solver_status build_fstp2_direct(const solver_services *sv, FstTable &out) {
    auto t0 = clock_type::now();
    out.co = &coords(cache_folder(sv));
    out.size = uint64_t(out.co->classes) * N_TWIST * 2;
    out.bits = 2;
    out.par = 2;
    out.data = HugeBuffer((out.size * 2 + 7) / 8);
    std::memset(out.data.data(), 0xff, out.data.size());
    out.from_cache = false;
    out.depth_counts.assign(1, 1);
    WindowLists lists;
    FstDom dom;
    dom.co = out.co;
    dom.par = 2;
    dom.name = "fstp2";
    dom.lists = &lists;
    RowBfs<FstDom> b;
    b.dom = &dom;
    b.d = out.data.data();
    b.sv = sv;
    b.bits = 2;
    b.unreached = 3;
    b.size = out.size;
    b.set(0, 0);  // solved (see build_fst)
    lists.low[0][0].push_back(std::vector<uint32_t>(1, 0u));
    uint64_t filled = 1, frontier = 1;
    const uint64_t classes = out.co->classes;
    // Backward once the unreached part is less than twice the frontier (the fstp build: less
    // than the frontier): a backward entry stops at its first neighbour on the frontier, about
    // one in three of its 18 here, where a forward one tries all 18 and writes atomically.
    // CUBE_FSTP2_BACKWARD=X (experiments) sets the factor.
    double factor = 2.0;
    if (const char *f = std::getenv("CUBE_FSTP2_BACKWARD")) factor = std::atof(f);
    auto pass = [&](unsigned depth, bool backward, bool collect) {
        b.depth = depth;
        b.cur = depth % 3;
        b.next = (depth + 1) % 3;
        b.backward = backward;
        b.collect = collect;
        // Forward passes that reach distances below the window record them (few: 35.8 M in all).
        dom.record = !backward && depth + 1 < WINDOW_BASE;
        dom.record_depth = depth + 1;
        b.added = 0;
        b.filled_before = filled;
        const uint64_t grain = 64;
        bfs_pass(sv, classes, grain, b);
        log_bfs_depth(sv, "fstp2", depth + 1, b.added.load(), collect ? "13s, read only" : backward ? "backward" : "forward",
                      std::chrono::duration<double>(clock_type::now() - t0).count());
    };
    // Depths 1..11: entries at distance d hold d % 3, every one still unreached 3. A pass reads
    // the entries of value depth % 3: the frontier and those 3, 6, ... closer, which a forward
    // pass expands again to no effect (their neighbours are all reached) and which a backward
    // pass cannot meet (an unreached entry is more than one move from them).
    for (unsigned depth = 0; depth < WINDOW_BASE + 2; ++depth) {
        if (frontier == 0) return SOLVER_ERR_INTERNAL;
        pass(depth, depth + 1 >= WINDOW_BASE && double(out.size - filled) < factor * double(frontier), false);
        if (b.stop) return SOLVER_ERR_STOPPED;
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
    }
    // Every unreached entry is now 12 or more, so a neighbour of value 2 (distance 2, 5, 8 or 11)
    // is at 11: those without one are 13 or more.
    pass(WINDOW_BASE + 2, true, true);
    if (b.stop) return SOLVER_ERR_STOPPED;
    std::sort(lists.top.begin(), lists.top.end());
    // They are 13 when each has a neighbour at 12 (unreached, not among them): true of the 247
    // (the fstp build found none at 14); anything else is refused rather than mislabelled.
    for (uint64_t i : lists.top)
        if (!dom.any_neighbour(i, [&](uint64_t j) {
                return b.get(j) == 3 && !std::binary_search(lists.top.begin(), lists.top.end(), j);
            }))
            return SOLVER_ERR_INTERNAL;
    out.depth_counts.push_back(out.size - filled - lists.top.size());
    if (!lists.top.empty()) out.depth_counts.push_back(lists.top.size());
    std::string why;
    if (!window_from_mod3(out.data.data(), out.size, lists, out.side, why)) {
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: table fstp2: " + why).c_str());
        return SOLVER_ERR_INTERNAL;
    }
    out.build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    return SOLVER_OK;
}

}  // namespace

solver_status build_fst(const solver_services *sv, FstTable &out, unsigned bits, unsigned par) {
    if (par == 2 && bits == 2) return build_fstp2_direct(sv, out);
    auto t0 = clock_type::now();
    if (par == 2 && bits != 4) return SOLVER_ERR_INTERNAL;
    out.co = &coords(cache_folder(sv));
    out.size = uint64_t(out.co->classes) * N_TWIST * par;
    out.bits = bits;
    out.par = par;
    out.data = HugeBuffer((out.size * bits + 7) / 8);
    std::memset(out.data.data(), 0xff, out.data.size());
    out.from_cache = false;
    out.depth_counts.assign(1, 1);
    FstDom dom;
    dom.co = out.co;
    dom.par = par;
    dom.name = par == 2 ? "fstp" : bits == 4 ? "fst4" : "fst";
    RowBfs<FstDom> b;
    b.dom = &dom;
    b.d = out.data.data();
    b.sv = sv;
    b.bits = bits;
    b.unreached = bits == 4 ? 15 : 3;
    b.size = out.size;
    b.set(0, 0);  // solved: class 0 (flip-slice 0 comes first), twist 0; fixed by every symmetry
    uint64_t filled = 1, frontier = 1;
    const uint64_t classes = out.co->classes;
    for (unsigned depth = 0; filled < out.size; ++depth) {
        if (frontier == 0 || depth > 20 || (bits == 4 && depth >= 14 + (par == 2))) return SOLVER_ERR_INTERNAL;
        b.depth = depth;
        b.cur = bits == 4 ? depth : depth % 3;
        b.next = bits == 4 ? depth + 1 : (depth + 1) % 3;
        b.backward = (out.size - filled) < frontier;
        b.added = 0;
        b.filled_before = filled;
        const uint64_t grain = 64;
        bfs_pass(sv, classes, grain, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        frontier = b.added;
        filled += frontier;
        out.depth_counts.push_back(frontier);
        log_bfs_depth(sv, par == 2 ? "fstp" : bits == 4 ? "fst4" : "fst", depth + 1, frontier,
                      b.backward ? "backward" : "forward", std::chrono::duration<double>(clock_type::now() - t0).count());
    }
    out.build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    return SOLVER_OK;
}

bool save_fst(const FstTable &t, const std::string &path, std::string &why) {
    FstHeader h{};
    std::memcpy(h.magic, fst_magic(t.bits, t.par), 8);
    h.classes = t.co->classes;
    h.size = t.size;
    h.bytes = t.data.size();
    h.sum = cache_checksum(t.data.data(), t.data.size());
    for (size_t i = 0; i < t.depth_counts.size() && i < 24; ++i) h.depth_counts[i] = t.depth_counts[i];
    if (t.windowed()) {
        const SideHeader sh{t.side.off_count() - 1, t.side.ent_count(), side_checksum(t.side)};
        return write_cache_file(path,
                                {{&h, sizeof h},
                                 {t.data.data(), t.data.size()},
                                 {&sh, sizeof sh},
                                 {t.side.offs(), t.side.off_count() * 4},
                                 {t.side.ents(), t.side.ent_count() * 2}},
                                why);
    }
    return write_cache_file(path, {{&h, sizeof h}, {t.data.data(), t.data.size()}}, why);
}

uint64_t side_checksum(const SideTable &s) {
    return cache_checksum(reinterpret_cast<const uint8_t *>(s.offs()), s.off_count() * 4) * 31 ^
           cache_checksum(reinterpret_cast<const uint8_t *>(s.ents()), s.ent_count() * 2);
}

bool read_side_table(const std::string &path, uint64_t at, uint64_t buckets, uint64_t entries, const uint64_t *sum,
                     SideTable &out) {
    // In a buffer of its own (mapped shared where it can be: the few MiB before it from the 2 MiB
    // boundary below come along), read in place; copied into off and ent only if the file puts
    // them at an odd place for their types.
    out = SideTable();
    const uint64_t ob = (buckets + 1) * 4, eb = entries * 2;
    HugeBuffer b = HugeBuffer::map_or_read(path, size_t(at), size_t(ob + eb));
    if (!b.data()) return false;
    if (reinterpret_cast<uintptr_t>(b.data()) % 4 == 0) {
        out.file = std::move(b);
        out.file_offs = size_t(buckets + 1);
        out.file_ents = size_t(entries);
    } else {
        out.off.resize(buckets + 1);
        out.ent.resize(entries);
        std::memcpy(out.off.data(), b.data(), ob);
        std::memcpy(out.ent.data(), b.data() + ob, eb);
    }
    const uint32_t *o = out.offs();
    // The bucket starts must ascend to entries (find reads within them), checked with the sum
    // or without it.
    bool ok = o[0] == 0 && o[buckets] == entries;
    for (uint64_t k = 0; ok && k < buckets; ++k) ok = o[k] <= o[k + 1];
    if (!ok || (sum && side_checksum(out) != *sum)) return out = SideTable(), false;
    return true;
}

bool load_fst(const std::string &path, FstTable &out, std::string &why, unsigned bits, bool verify, unsigned pages,
              bool verify_once, unsigned par) {
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return why = "no cached table " + path, false;
    out.co = &coords(std::filesystem::path(path).parent_path().string(), verify_once);
    out.size = uint64_t(out.co->classes) * N_TWIST * par;
    out.bits = bits;
    out.par = par;
    FstHeader h{};
    if (std::fread(&h, sizeof h, 1, f) != 1 ||
        std::memcmp(h.magic, fst_magic(bits, par), 8) != 0 || h.classes != out.co->classes || h.size != out.size ||
        h.bytes != (out.size * bits + 7) / 8) {
        std::fclose(f);
        return why = "cached table " + path + " does not match (wrong header)", false;
    }
    uint64_t file_bytes = sizeof h + h.bytes;
    out.side = SideTable();
    SideHeader sh{};
    if (out.windowed()) {
        const uint64_t buckets = (out.size + (uint64_t(1) << SideTable::SHIFT) - 1) >> SideTable::SHIFT;
        const bool ok = std::fseek(f, long(sizeof h + h.bytes), SEEK_SET) == 0 && std::fread(&sh, sizeof sh, 1, f) == 1 &&
                        sh.buckets == buckets && sh.entries < (uint64_t(1) << 32);
        if (!ok) {
            std::fclose(f);
            return why = "cached table " + path + " has a truncated or corrupt side table", false;
        }
        file_bytes += sizeof sh + (sh.buckets + 1) * 4 + sh.entries * 2;
    }
    std::fclose(f);
    std::error_code fec;
    if (std::filesystem::file_size(path, fec) != file_bytes || fec)
        return why = "cached table " + path + " is truncated or corrupt (size)", false;
    // The marker (verify_once) vouches for the whole file, side table included: it is written
    // only after both checksums passed, and names the file's inode, size and time, which a
    // rewrite changes (cache files are only ever replaced by rename).
    const bool vouched = verify && verify_once && verified_before(path, h.sum);
    if (out.windowed()) {
        if (!read_side_table(path, sizeof h + h.bytes + sizeof sh, sh.buckets, sh.entries, vouched ? nullptr : &sh.sum,
                             out.side))
            return why = "cached table " + path + " has a truncated or corrupt side table", false;
    }
    // A private copy on huge pages: about 20% less CPU per search node than the file mapping
    // (measured at distance 17), for more loading time (fresh memory to fault in: 1.3-2 s here,
    // more on a busy machine). The mapping is the fallback.
    // pages=shared: the page cache's pages in 2 MiB mappings where the file system gives them
    // (no copy, no fresh memory; a second process shares them), else the copy.
    out.data = load_table_data(path, sizeof h, h.bytes, pages);
    out.checksum_skipped = vouched && out.data.data();
    if (!out.data.data() || (verify && !out.checksum_skipped && cache_checksum(out.data.data(), h.bytes) != h.sum)) {
        out.data = HugeBuffer();
        out.side = SideTable();
        return why = "cached table " + path + " is truncated or corrupt", false;
    }
    if (verify && verify_once && !out.checksum_skipped) mark_verified(path, h.sum);
    out.depth_counts.clear();
    for (int i = 0; i < 24 && h.depth_counts[i]; ++i) out.depth_counts.push_back(h.depth_counts[i]);
    out.from_cache = true;
    return true;
}

bool convert_fstp4_file(const std::string &p4, FstTable &out, bool verify_once, std::string &why) {
    FILE *f = std::fopen(p4.c_str(), "rb");
    if (!f) return why = "no cached table " + p4, false;
    FstHeader h{};
    const bool got = std::fread(&h, sizeof h, 1, f) == 1;
    std::fclose(f);
    out.co = &coords(std::filesystem::path(p4).parent_path().string(), verify_once);
    out.size = uint64_t(out.co->classes) * N_TWIST * 2;
    out.bits = 2;
    out.par = 2;
    out.from_cache = false;
    std::error_code fec;
    if (!got || std::memcmp(h.magic, fst_magic(4, 2), 8) != 0 || h.classes != out.co->classes || h.size != out.size ||
        h.bytes != (out.size * 4 + 7) / 8 || std::filesystem::file_size(p4, fec) != sizeof h + h.bytes || fec)
        return why = "cached table " + p4 + " does not match (header or size)", false;
    const bool check = !(verify_once && verified_before(p4, h.sum));
    const int fd = open(p4.c_str(), O_RDONLY);
    if (fd < 0) return why = "cannot read " + p4, false;
    out.data = HugeBuffer((out.size * 2 + 7) / 8);
    const uint64_t buckets = (out.size + (uint64_t(1) << SideTable::SHIFT) - 1) >> SideTable::SHIFT;
    out.side.off.assign(buckets + 1, 0);
    out.side.ent.clear();
    uint64_t expect_side = h.depth_counts[13];  // those at 0..8 and 13 (a hint for the reserve)
    for (unsigned d = 0; d < WINDOW_BASE; ++d) expect_side += h.depth_counts[d];
    if (expect_side < (uint64_t(1) << 32)) out.side.ent.reserve(expect_side);
    // 2^27 entries a chunk: whole buckets, 64 MiB of 4-bit input (a multiple of 8 bytes, as
    // the checksum in pieces needs).
    const uint64_t chunk = uint64_t(1) << 27;
    std::vector<uint8_t> buf(chunk / 2);
    SideTable part;
    uint64_t sum = CACHE_CHECKSUM_START;
    bool ok = true;
    for (uint64_t a = 0; a < out.size && ok; a += chunk) {
        const uint64_t len = std::min(chunk, out.size - a), bytes = (len + 1) / 2;
        size_t done = 0;
        while (done < bytes) {
            const ssize_t r = pread(fd, buf.data() + done, bytes - done, off_t(sizeof h + a / 2 + done));
            if (r <= 0) break;
            done += size_t(r);
        }
        if (done != bytes) {
            why = "cannot read " + p4;
            ok = false;
            break;
        }
        if (check) sum = cache_checksum_update(sum, buf.data(), bytes);
        if (!window_from4(buf.data(), len, out.data.data() + a / 4, part, why)) {
            ok = false;
            break;
        }
        const uint64_t k0 = a >> SideTable::SHIFT, base = out.side.ent.size();
        for (uint64_t k = 1; k < part.off.size(); ++k) out.side.off[k0 + k] = uint32_t(base + part.off[k]);
        out.side.ent.insert(out.side.ent.end(), part.ent.begin(), part.ent.end());
        if (out.side.ent.size() >= UINT32_MAX) why = "side table too large", ok = false;
    }
    close(fd);
    if (ok && check && sum != h.sum) why = "cached table " + p4 + " is corrupt (checksum)", ok = false;
    if (!ok) {
        out.data = HugeBuffer();
        out.side = SideTable();
        return false;
    }
    if (check && verify_once) mark_verified(p4, h.sum);
    out.depth_counts.clear();
    for (int i = 0; i < 24 && h.depth_counts[i]; ++i) out.depth_counts.push_back(h.depth_counts[i]);
    return true;
}

solver_status get_fst(const solver_services *sv, std::shared_ptr<const FstTable> &out, solver_error *err,
                      unsigned bits, unsigned pages, bool verify_once, unsigned par, bool convert) {
    static LoadOnce<FstTable> once[4];  // fst, fst4, fstp, fstp2 (each its own file)
    const std::string dir = cache_folder(sv);
    const std::string path = dir + "/" + fst_file(bits, par);
    const int k = par == 2 ? (bits == 4 ? 2 : 3) : bits == 4;
    const char *name = fst_name(bits, par);
    return once[k].get(path, false, out, [&](std::shared_ptr<const FstTable> &got) {
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        auto t = std::make_shared<FstTable>();
        std::string why;
        char line[512];
        auto t0 = clock_type::now();
        if (load_fst(path, *t, why, bits, true, pages, verify_once, par)) {
            t->build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
            std::snprintf(line, sizeof line,
                          "cube: table %s: %llu entries, %.1f MiB, %s %s in %.2f s (symmetry tables %.2f s%s)",
                          name, (unsigned long long)t->size, double(t->data.size() + t->side.bytes()) / 1048576.0,
                          t->data.shared() ? "mapped (pages=shared) from" : "loaded from", path.c_str(), t->build_seconds,
                          t->co->build_seconds, t->checksum_skipped ? "; checksum verified before" : "");
        } else {
            solver_status s = SOLVER_OK;
            if (bits == 2 && par == 2 && convert) {
                // fstp2: converted from fstp4, read from the cache in chunks (about 20 s; the peak
                // is the 2-bit table), or else built (and saved) first and converted in memory.
                FstTable t4;
                std::string why4;
                const std::string p4 = dir + "/" + fst_file(4, 2);
                const auto tc = clock_type::now();
                if (convert_fstp4_file(p4, *t, verify_once, why4)) {
                    t->build_seconds = std::chrono::duration<double>(clock_type::now() - tc).count();
                } else {
                    if (sv && sv->log && std::filesystem::exists(p4))
                        sv->log(sv->ctx, SOLVER_LOG_WARN, ("cube: table fstp not converted: " + why4).c_str());
                    if ((s = build_fst(sv, t4, 4, 2)) == SOLVER_OK && !save_fst(t4, p4, why4) && sv && sv->log)
                        sv->log(sv->ctx, SOLVER_LOG_INFO, ("cube: table fstp not cached: " + why4).c_str());
                }
                if (s == SOLVER_OK && t4.data.data()) {
                    const auto tm = clock_type::now();
                    t->co = t4.co, t->size = t4.size, t->bits = 2, t->par = 2, t->depth_counts = t4.depth_counts;
                    t->data = HugeBuffer((t->size * 2 + 7) / 8);
                    if (!window_from4(t4.data.data(), t4.size, t->data.data(), t->side, why4))
                        return solver_error_set(err, SOLVER_ERR_INTERNAL, 0, 0, "converting table fstp to fstp2 failed: %s",
                                                why4.c_str());
                    t->build_seconds = std::chrono::duration<double>(clock_type::now() - tm).count();
                }
            } else {
                s = build_fst(sv, *t, bits, par);
            }
            if (s == SOLVER_ERR_STOPPED) return solver_error_set(err, s, 0, 0, "stopped while building table %s", name);
            if (s != SOLVER_OK) return solver_error_set(err, s, 0, 0, "building table %s failed", name);
            std::string wwhy;
            bool saved = save_fst(*t, path, wwhy);
            std::snprintf(line, sizeof line, "cube: table %s: %llu entries, %.1f MiB, max depth %zu, built in %.1f s%s%s",
                          name, (unsigned long long)t->size, double(t->data.size() + t->side.bytes()) / 1048576.0, t->depth_counts.size() - 1,
                          t->build_seconds, saved ? ", saved to " : " (not cached: ",
                          saved ? path.c_str() : (wwhy + ")").c_str());
        }
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, line);
        got = t;
        return SOLVER_OK;
    });
}

}  // namespace cube
