#include "pdb.h"

#include "cache_file.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <sys/stat.h>

namespace cube {

uint8_t corner_move_loc[NMOVES][24];
uint8_t edge_move_loc[NMOVES][24];

void init_loc_tables() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (int m = 0; m < NMOVES; ++m) {
            const CubieCube &M = move_cube(m);
            // After c * M the cubie that sat at position M.cp[i] sits at i, turned by M.co[i].
            for (int i = 0; i < 8; ++i)
                for (int o = 0; o < 3; ++o) corner_move_loc[m][M.cp[i] * 3 + o] = uint8_t(i * 3 + (o + M.co[i]) % 3);
            for (int i = 0; i < 12; ++i)
                for (int o = 0; o < 2; ++o) edge_move_loc[m][M.ep[i] * 2 + o] = uint8_t(i * 2 + (o + M.eo[i]) % 2);
        }
    });
}

Loc to_loc(const CubieCube &c) {
    Loc s;
    for (int p = 0; p < 8; ++p) s.l[c.cp[p]] = uint8_t(p * 3 + c.co[p]);
    for (int p = 0; p < 12; ++p) s.l[8 + c.ep[p]] = uint8_t(p * 2 + c.eo[p]);
    return s;
}
CubieCube from_loc(const Loc &s) {
    CubieCube c;
    for (int i = 0; i < 8; ++i) c.cp[s.l[i] / 3] = uint8_t(i), c.co[s.l[i] / 3] = uint8_t(s.l[i] % 3);
    for (int i = 0; i < 12; ++i) c.ep[s.l[8 + i] / 2] = uint8_t(i), c.eo[s.l[8 + i] / 2] = uint8_t(s.l[8 + i] % 2);
    return c;
}

namespace {
int n_of(const Pattern &p) { return p.corners ? 8 : 12; }
int oriented_of(const Pattern &p) {  // orientation digits stored (the last is implied when all are in)
    int k = int(p.items.size());
    return k == n_of(p) ? k - 1 : k;
}
uint64_t ori_size(const Pattern &p) {
    uint64_t r = 1;
    for (int i = 0; i < oriented_of(p); ++i) r *= p.corners ? 3 : 2;
    return r;
}
}  // namespace

uint64_t Pattern::size() const {
    uint64_t perm = 1;
    int n = n_of(*this);
    for (size_t t = 0; t < items.size(); ++t) perm *= uint64_t(n - int(t));
    return perm * ori_size(*this);
}

std::string Pattern::name() const {
    std::string s = corners ? "c" : "e";
    for (int i : items) s += "0123456789ab"[i];
    return s;
}

uint64_t Pattern::encode_items(const uint8_t *item_loc) const {
    const int base = corners ? 3 : 2, n = n_of(*this), k = int(items.size()), ko = oriented_of(*this);
    uint32_t used = 0;
    uint64_t rank = 0, ori = 0;
    for (int t = 0; t < k; ++t) {
        int pos = item_loc[t] / base, o = item_loc[t] % base;
        int c = pos - __builtin_popcount(used & ((1u << pos) - 1));
        rank = rank * uint64_t(n - t) + uint64_t(c);
        used |= 1u << pos;
        if (t < ko) ori = ori * uint64_t(base) + uint64_t(o);
    }
    return rank * ori_size(*this) + ori;
}

uint64_t Pattern::index(const Loc &s) const {
    uint8_t il[12];
    const int off = corners ? 0 : 8;
    for (size_t t = 0; t < items.size(); ++t) il[t] = s.l[off + items[t]];
    return encode_items(il);
}

void Pattern::decode(uint64_t idx, uint8_t *item_loc) const {
    const int base = corners ? 3 : 2, n = n_of(*this), k = int(items.size()), ko = oriented_of(*this);
    const uint64_t os = ori_size(*this);
    uint64_t ori = idx % os, rank = idx / os;
    int digit[12], o[12];
    for (int t = k - 1; t >= 0; --t) {
        digit[t] = int(rank % uint64_t(n - t));
        rank /= uint64_t(n - t);
    }
    int sum = 0;
    for (int t = ko - 1; t >= 0; --t) {
        o[t] = int(ori % uint64_t(base));
        ori /= uint64_t(base);
        sum += o[t];
    }
    if (ko < k) o[k - 1] = (base - sum % base) % base;
    uint32_t used = 0;
    for (int t = 0; t < k; ++t) {
        int c = digit[t], pos = 0;
        for (;; ++pos)
            if (!(used & (1u << pos)) && c-- == 0) break;
        used |= 1u << pos;
        item_loc[t] = uint8_t(pos * base + o[t]);
    }
}

// ---- generation --------------------------------------------------------------------------------

namespace {

using clock_type = std::chrono::steady_clock;

struct Bfs {
    const Pattern *p;
    uint8_t *data;
    uint64_t size;
    unsigned depth;
    bool backward;
    const solver_services *sv;
    std::atomic<uint64_t> added{0};
    std::atomic<uint64_t> filled_before{0};
    std::atomic<bool> stop{false};
    std::atomic<int64_t> last_progress_ms{0};
    clock_type::time_point t0 = clock_type::now();
    std::string what;

    unsigned get(uint64_t i) const {
        return (__atomic_load_n(&data[i >> 1], __ATOMIC_RELAXED) >> ((i & 1) * 4)) & 0xf;
    }
    // Sets an unreached entry (0xF) to v; true when this call did it.
    bool set(uint64_t i, unsigned v) {
        const unsigned shift = (i & 1) * 4;
        const uint8_t mask = uint8_t(~((0xfu ^ v) << shift));
        uint8_t old = __atomic_fetch_and(&data[i >> 1], mask, __ATOMIC_RELAXED);
        return ((old >> shift) & 0xf) == 0xf;
    }

    void run(uint64_t begin, uint64_t end, uint32_t worker) {
        if (stop.load(std::memory_order_relaxed)) return;
        if (sv && sv->should_stop && sv->should_stop(sv->ctx)) {
            stop = true;
            return;
        }
        const int k = int(p->items.size());
        const int base = p->corners ? 3 : 2;
        const uint8_t(*mv)[24] = p->corners ? corner_move_loc : edge_move_loc;
        uint8_t il[12], cl[12];
        uint64_t local = 0;
        for (uint64_t i = begin; i < end; ++i) {
            unsigned v = get(i);
            if (!backward) {
                if (v != depth) continue;
                p->decode(i, il);
                for (int m = 0; m < NMOVES; ++m) {
                    for (int t = 0; t < k; ++t) cl[t] = mv[m][il[t]];
                    uint64_t j = p->encode_items(cl);
                    if (get(j) == 0xf && set(j, depth + 1)) ++local;
                }
            } else {
                if (v != 0xf) continue;
                p->decode(i, il);
                for (int m = 0; m < NMOVES; ++m) {
                    for (int t = 0; t < k; ++t) cl[t] = mv[m][il[t]];
                    if (get(p->encode_items(cl)) == depth) {
                        if (set(i, depth + 1)) ++local;
                        break;
                    }
                }
            }
        }
        (void)base;
        uint64_t now_added = added.fetch_add(local) + local;
        if (worker == 0 && sv && sv->progress) {
            int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - t0).count();
            if (ms - last_progress_ms.load() >= 250) {
                last_progress_ms = ms;
                sv->progress(sv->ctx, what.c_str(), double(filled_before + now_added) / double(size));
            }
        }
    }
    static void body(void *arg, uint64_t b, uint64_t e, uint32_t w) { static_cast<Bfs *>(arg)->run(b, e, w); }
};

uint64_t checksum(const Table<uint8_t> &d) { return cache_checksum(d.data(), d.size()); }

struct FileHeader {
    char magic[8];
    uint32_t corners, k;
    uint8_t items[16];
    uint64_t size, bytes, sum;
    uint64_t depth_counts[16];
};

}  // namespace

solver_status build_pdb(const Pattern &p, const solver_services *sv, Pdb &out) {
    init_loc_tables();
    auto t0 = clock_type::now();
    out.pattern = p;
    out.from_cache = false;
    const uint64_t n = p.size();
    HugeVector<uint8_t> data((n + 1) / 2, 0xff);
    out.data = Table<uint8_t>();
    out.depth_counts.assign(1, 1);
    Bfs b;
    b.p = &p;
    b.data = data.data();
    b.size = n;
    b.sv = sv;
    b.what = "cube: building table " + p.name();
    // The goal: every item at home, untwisted.
    uint8_t home[12];
    for (size_t t = 0; t < p.items.size(); ++t) home[t] = uint8_t(p.items[t] * (p.corners ? 3 : 2));
    b.set(p.encode_items(home), 0);
    uint64_t filled = 1, frontier = 1;
    for (unsigned depth = 0; frontier > 0 && filled < n; ++depth) {
        if (depth + 1 >= 15) return SOLVER_ERR_INTERNAL;  // cannot happen for cube patterns
        b.depth = depth;
        b.backward = (n - filled) < frontier;
        b.added = 0;
        b.filled_before = filled;
        const uint64_t grain = 1u << 16;
        bfs_pass(sv, n, grain, b);
        if (b.stop) return SOLVER_ERR_STOPPED;
        frontier = b.added;
        filled += frontier;
        if (frontier) out.depth_counts.push_back(frontier);
        if (sv && sv->progress) sv->progress(sv->ctx, b.what.c_str(), double(filled) / double(n));
    }
    out.data = Table<uint8_t>(std::move(data));
    out.build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    return filled == n ? SOLVER_OK : SOLVER_ERR_INTERNAL;
}

void log_bfs_depth(const solver_services *sv, const char *table, unsigned depth, uint64_t entries, const char *how,
                   double seconds) {
    if (!sv || !sv->log) return;
    char line[160];
    std::snprintf(line, sizeof line, "cube: table %s depth %u: %llu entries (%s), %.1f s", table, depth,
                  (unsigned long long)entries, how, seconds);
    sv->log(sv->ctx, SOLVER_LOG_DEBUG, line);
}

bool save_pdb(const Pdb &t, const std::string &path, std::string &why) {
    FileHeader h{};
    std::memcpy(h.magic, "CUBEPDB1", 8);
    h.corners = t.pattern.corners;
    h.k = uint32_t(t.pattern.items.size());
    for (size_t i = 0; i < t.pattern.items.size(); ++i) h.items[i] = uint8_t(t.pattern.items[i]);
    h.size = t.pattern.size();
    h.bytes = t.data.size();
    h.sum = checksum(t.data);
    for (size_t i = 0; i < t.depth_counts.size() && i < 16; ++i) h.depth_counts[i] = t.depth_counts[i];
    return write_cache_file(path, {{&h, sizeof h}, {t.data.data(), t.data.size()}}, why);
}

bool load_pdb(const Pattern &p, const std::string &path, Pdb &out, std::string &why, bool verify_once) {
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return why = "no cached table " + path, false;
    FileHeader h{};
    bool ok = std::fread(&h, sizeof h, 1, f) == 1 && std::memcmp(h.magic, "CUBEPDB1", 8) == 0 &&
              h.corners == uint32_t(p.corners) && h.k == p.items.size() && h.size == p.size() &&
              h.bytes == (p.size() + 1) / 2;
    for (size_t i = 0; ok && i < p.items.size(); ++i) ok = h.items[i] == p.items[i];
    if (!ok) {
        std::fclose(f);
        return why = "cached table " + path + " does not match (wrong header)", false;
    }
    std::fclose(f);
    struct stat st;
    if (stat(path.c_str(), &st) != 0 || uint64_t(st.st_size) != sizeof h + h.bytes)
        return why = "cached table " + path + " is truncated or corrupt (size)", false;
    HugeBuffer b = HugeBuffer::map_or_read(path, sizeof h, h.bytes);
    // verify_once: skip the pass while the file's marker vouches for it (cache_file.h; the
    // files are only replaced by rename, so a rebuilt or rewritten one is checked again).
    const bool skip = verify_once && b.data() && verified_before(path, h.sum);
    if (!b.data() || (!skip && cache_checksum(b.data(), h.bytes) != h.sum))
        return why = "cached table " + path + " is truncated or corrupt", false;
    if (verify_once && !skip) mark_verified(path, h.sum);
    out.checksum_skipped = skip;
    out.data = Table<uint8_t>(std::move(b), h.bytes);
    out.pattern = p;
    out.depth_counts.clear();
    for (int i = 0; i < 16 && h.depth_counts[i]; ++i) out.depth_counts.push_back(h.depth_counts[i]);
    out.from_cache = true;
    return true;
}

std::vector<Pattern> table_set(const std::string &name, bool &known) {
    known = true;
    auto P = [](bool c, std::vector<int> items) {
        Pattern p;
        p.corners = c;
        p.items = std::move(items);
        return p;
    };
    if (name == "small") return {P(true, {0, 1, 2, 3, 4}), P(false, {0, 1, 2, 3, 4}), P(false, {6, 7, 8, 9, 10})};
    // fst, fst4: the corner table here; the flip-slice-twist table comes from get_fst (fst.h).
    // nx: the corner table here; the N table comes from get_nx (nx.h).
    if (name == "corners" || name == "fst" || name == "fst4" || name == "fstp" || name == "fstp2" || name == "nx") return {P(true, {0, 1, 2, 3, 4, 5, 6, 7})};
    if (name == "medium")
        return {P(true, {0, 1, 2, 3, 4, 5, 6, 7}), P(false, {0, 1, 2, 3, 4, 5}), P(false, {6, 7, 8, 9, 10, 11})};
    if (name == "large")
        return {P(true, {0, 1, 2, 3, 4, 5, 6, 7}), P(false, {0, 1, 2, 3, 4, 5, 6}), P(false, {5, 6, 7, 8, 9, 10, 11})};
    // The extra edge tables of the fst/fst4 search (--option edges=e7|e8): 7 or all 8 of the U and
    // D layer edges (the E-slice edges are the ones fst already places).
    if (name == "e7") return {P(false, {0, 1, 2, 3, 4, 5, 6})};
    if (name == "e8") return {P(false, {0, 1, 2, 3, 4, 5, 6, 7})};
    known = false;
    return {};
}

std::string cache_folder(const solver_services *sv) {
    if (sv && sv->cache_dir && *sv->cache_dir) return sv->cache_dir;
    if (const char *d = std::getenv("SOLVER_CACHE_DIR"); d && *d) return d;
    if (const char *h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/solver";
    return ".solver-cache";
}

solver_status get_tables(const std::string &set, const solver_services *sv,
                         std::vector<std::shared_ptr<const Pdb>> &out, solver_error *err, bool verify_once) {
    static std::mutex mu;
    static std::map<std::string, std::shared_ptr<const Pdb>> loaded;  // by cache path
    std::lock_guard<std::mutex> lock(mu);
    bool known = false;
    std::vector<Pattern> pats = table_set(set, known);
    if (!known)
        return solver_error_set(err, SOLVER_ERR_OPTION, 0, 0, "unknown table set '%s' (expected small, corners, medium, large, fst or fst4)",
                                set.c_str());
    uint64_t bytes = 0;
    for (auto &p : pats) bytes += (p.size() + 1) / 2;
    if (sv && sv->memory_budget_bytes && bytes > sv->memory_budget_bytes)
        return solver_error_set(err, SOLVER_ERR_NO_MEMORY, 0, 0,
                                "the '%s' pattern databases need %.0f MiB, over the memory budget of %.0f MiB "
                                "(use --option tables=medium or a larger --memory-limit)",
                                set.c_str(), double(bytes) / 1048576.0, double(sv->memory_budget_bytes) / 1048576.0);
    const std::string dir = cache_folder(sv);
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    out.clear();
    for (auto &p : pats) {
        const std::string path = dir + "/cube-" + p.name() + ".pdb";
        auto it = loaded.find(path);
        if (it != loaded.end()) {
            out.push_back(it->second);
            continue;
        }
        auto t = std::make_shared<Pdb>();
        std::string why;
        char line[512];
        auto t0 = clock_type::now();
        if (load_pdb(p, path, *t, why, verify_once)) {
            t->build_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
            std::snprintf(line, sizeof line, "cube: table %s: %llu entries, %.1f MiB, %s %s in %.2f s%s", p.name().c_str(),
                          (unsigned long long)p.size(), double(t->data.size()) / 1048576.0,
                          t->data.mapped() ? "mapped from" : "loaded from", path.c_str(), t->build_seconds,
                          t->checksum_skipped ? " (checksum verified before)" : "");
        } else {
            solver_status s = build_pdb(p, sv, *t);
            if (s == SOLVER_ERR_STOPPED) return solver_error_set(err, s, 0, 0, "stopped while building table %s", p.name().c_str());
            if (s != SOLVER_OK) return solver_error_set(err, s, 0, 0, "building table %s failed", p.name().c_str());
            std::string wwhy;
            bool saved = save_pdb(*t, path, wwhy);
            std::snprintf(line, sizeof line, "cube: table %s: %llu entries, %.1f MiB, max depth %zu, built in %.1f s%s%s",
                          p.name().c_str(), (unsigned long long)p.size(), double(t->data.size()) / 1048576.0,
                          t->depth_counts.size() - 1, t->build_seconds, saved ? ", saved to " : " (not cached: ",
                          saved ? path.c_str() : (wwhy + ")").c_str());
        }
        if (sv && sv->log) sv->log(sv->ctx, SOLVER_LOG_INFO, line);
        loaded[path] = t;
        out.push_back(t);
    }
    return SOLVER_OK;
}

}  // namespace cube
