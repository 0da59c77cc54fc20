#include "class_table.h"

#include <algorithm>
#include <cstring>
#include <fstream>

#include "cache_file.h"

namespace cube {

namespace {

// The header's fixed part; `header_counts` uint64 distance counts follow it (16 for phase 1 and
// 24 for phase 2: the layout the files had before the two tables shared this code).
struct FileHead {
    char magic[8];
    uint64_t classes, entries, sum;
};
static_assert(sizeof(FileHead) == 32, "no padding: the file layout");

}  // namespace

void pack_class_table(const std::vector<uint8_t> &d, uint8_t cap, ClassTableData &out) {
    const uint64_t n = d.size();
    out.data.assign((n + 1) / 2, 0);
    for (uint64_t i = 0; i < n; ++i)
        out.data[i >> 1] = uint8_t(out.data[i >> 1] | std::min<uint8_t>(d[i], cap) << ((i & 1) * 4));
}

std::string class_table_file(const ClassTableFormat &f) { return std::string("cube-") + f.name + ".pdb"; }

bool save_class_table(const ClassTableFormat &f, uint32_t classes, const ClassTableData &t, const std::string &path,
                      std::string &why) {
    FileHead h{};
    std::memcpy(h.magic, f.magic, 8);
    h.classes = classes;
    h.entries = uint64_t(classes) * f.row;
    h.sum = cache_checksum(t.data.data(), t.data.size());
    std::vector<uint64_t> counts(f.header_counts, 0);
    for (size_t k = 0; k < t.depth_counts.size() && k < counts.size(); ++k) counts[k] = t.depth_counts[k];
    return write_cache_file(
        path, {{&h, sizeof h}, {counts.data(), counts.size() * sizeof(uint64_t)}, {t.data.data(), t.data.size()}}, why);
}

bool load_class_table(const ClassTableFormat &f, uint32_t classes, const std::string &path, ClassTableData &t,
                      std::string &why) {
    const auto t0 = std::chrono::steady_clock::now();
    std::ifstream in(path, std::ios::binary);
    if (!in) return why = "cannot open " + path, false;
    FileHead h{};
    std::vector<uint64_t> counts(f.header_counts, 0);
    in.read(reinterpret_cast<char *>(&h), sizeof h);
    in.read(reinterpret_cast<char *>(counts.data()), std::streamsize(counts.size() * sizeof(uint64_t)));
    const uint64_t n = uint64_t(classes) * f.row;
    if (!in || std::memcmp(h.magic, f.magic, 8) != 0 || h.classes != classes || h.entries != n)
        return why = path + ": not a " + f.kind + " table of this version", false;
    t.data.assign((n + 1) / 2, 0);
    in.read(reinterpret_cast<char *>(t.data.data()), std::streamsize(t.data.size()));
    if (!in || in.peek() != std::char_traits<char>::eof()) return why = path + ": truncated or too long", false;
    if (cache_checksum(t.data.data(), t.data.size()) != h.sum) return why = path + ": checksum mismatch", false;
    t.depth_counts.clear();
    for (uint64_t c : counts)
        if (c) t.depth_counts.push_back(c);
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.from_cache = true;
    return true;
}

}  // namespace cube
