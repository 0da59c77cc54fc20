// rooms.cc -- see rooms.h.
#include "rooms.h"

#include <algorithm>

namespace sokoban {

RoomMap compute_rooms(const Board &b) {
    RoomMap r;
    r.room_of.assign(b.n, -1);
    std::vector<uint8_t> door(b.n, 0);
    for (int c = 0; c < b.n; ++c)
        door[c] = (b.nb[c][DIR_UP] < 0 && b.nb[c][DIR_DOWN] < 0) || (b.nb[c][DIR_LEFT] < 0 && b.nb[c][DIR_RIGHT] < 0);
    // Depth-first flood from c0 over the cells of the same kind (door or not) not marked yet;
    // mark(x) marks x (and returns false when it was marked); `other` sees each neighbour of the
    // other kind.
    std::vector<int> stack;
    auto flood = [&](int c0, auto &&mark, auto &&other) {
        mark(c0);
        stack.assign(1, c0);
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int x = b.nb[c][d];
                if (x < 0) continue;
                if (door[x] != door[c0]) other(x);
                else if (mark(x)) stack.push_back(x);
            }
        }
    };
    for (int c0 = 0; c0 < b.n; ++c0) {
        if (door[c0] || r.room_of[c0] >= 0) continue;
        const int id = r.rooms++;
        flood(c0, [&](int x) { return r.room_of[x] < 0 ? (r.room_of[x] = id, true) : false; }, [](int) {});
    }
    // Tunnels: groups of doorway cells; the rooms each touches.
    std::vector<uint8_t> seen(b.n, 0);
    std::vector<int> touched;
    for (int c0 = 0; c0 < b.n; ++c0) {
        if (!door[c0] || seen[c0]) continue;
        touched.clear();
        flood(c0, [&](int x) { return seen[x] ? false : (seen[x] = 1, true); },
              [&](int x) { touched.push_back(r.room_of[x]); });
        std::sort(touched.begin(), touched.end());
        touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
        for (size_t i = 0; i < touched.size(); ++i)
            for (size_t j = i + 1; j < touched.size(); ++j) r.links.emplace_back(touched[i], touched[j]);
    }
    std::sort(r.links.begin(), r.links.end());
    r.links.erase(std::unique(r.links.begin(), r.links.end()), r.links.end());
    return r;
}

uint32_t blocked_links(const RoomMap &r, const uint8_t *occ, const uint32_t *area, std::vector<uint64_t> &mask) {
    if (r.links.empty()) return 0;
    mask.assign(r.rooms, 0);
    const int n = static_cast<int>(r.room_of.size());
    for (int c = 0; c < n; ++c) {
        const int room = r.room_of[c];
        if (room >= 0 && !occ[c]) mask[room] |= uint64_t{1} << (area[c] & 63);
    }
    uint32_t blocked = 0;
    for (const auto &l : r.links)
        if ((mask[l.first] & mask[l.second]) == 0) ++blocked;
    return blocked;
}

} // namespace sokoban
