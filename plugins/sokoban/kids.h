// kids.h -- the children one expand_state() call emits, collected for a sequential search of
// the plugin's own (the portfolio's best-first searches and FESS): dead children (H_DEAD) are
// dropped, and the buffers are reused from one expansion to the next.
#ifndef SOKOBAN_KIDS_H
#define SOKOBAN_KIDS_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "heuristic.h"
#include <solver/plugin.h>

namespace sokoban {

struct Kid {
    std::vector<uint8_t> state;
    uint32_t move, cost, h;
    uint64_t hash;
};

class KidCollector {
public:
    explicit KidCollector(uint32_t state_size) : n_(state_size) {}
    KidCollector(const KidCollector &) = delete; // sink_ points at this object
    KidCollector &operator=(const KidCollector &) = delete;
    // Pass sink() to expand_state() after clear(); the children are then [0, size()).
    void clear() { count_ = 0; }
    const solver_sink &sink() const { return sink_; }
    size_t size() const { return count_; }
    const Kid &operator[](size_t i) const { return kids_[i]; }

private:
    static int add(void *self, const void *st, uint32_t move, uint32_t cost, uint32_t h, uint64_t hash) {
        auto *x = static_cast<KidCollector *>(self);
        if (h == H_DEAD) return 0;
        if (x->count_ == x->kids_.size()) x->kids_.emplace_back();
        Kid &kd = x->kids_[x->count_++];
        const auto *b = static_cast<const uint8_t *>(st);
        kd.state.assign(b, b + x->n_);
        kd.move = move;
        kd.cost = cost;
        kd.h = h;
        kd.hash = hash;
        return 0;
    }

    uint32_t n_;
    std::vector<Kid> kids_;
    size_t count_ = 0;
    solver_sink sink_{this, &KidCollector::add};
};

} // namespace sokoban

#endif
