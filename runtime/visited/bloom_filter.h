// bloom_filter: the approximate "seen" set for any-solution search when memory is short.
//
// Contract:
//  - Stores no states, g values or parents: a solution path CANNOT be rebuilt from it. An engine
//    that uses it must keep what it needs for the path elsewhere (e.g. the path on its DFS
//    stack, or parents in its open-list entries).
//  - One-sided error: insert()/contains() never say "new" for a state that was inserted before
//    (no false negatives), but may say "seen" for a new state (false positive), which prunes it:
//    a search on this filter is incomplete and cannot prove optimality or unsolvability. The
//    rate for n inserted states is false_positive_rate(n) (about 0.4% at 16 bits per state).
//  - Thread-safety / progress: insert() and contains() are wait-free and may be called from any
//    number of threads. All k bits of one state live in one 64-bit word (a register-blocked
//    Bloom filter, Putze/Sanders/Singler 2007), set with a single fetch_or, so insert() is a
//    linearizable test-and-set: of several threads inserting the same hash at once, exactly one
//    gets `true` (no duplicate expansion from the filter itself).
//  - Memory bound: exactly the word array, sized once from the budget (rounded down to 8
//    bytes); nothing is ever allocated after construction. The array is reserved address space
//    (zero pages committed on first touch, in 4 KiB pages: inserts land on random words, so huge
//    pages would commit 2 MiB per touched word), so a small search in a large budget stays small.
#pragma once

#include "visited/address_space.h"
#include "visited/mix64.h"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace solver {

class bloom_filter {
public:
    // k = bits set per state (1..16). Throws std::invalid_argument for a budget under 8 bytes.
    explicit bloom_filter(std::uint64_t memory_budget_bytes, unsigned k = 6)
        : words_count_(memory_budget_bytes / 8), k_(k) {
        if (words_count_ == 0) throw std::invalid_argument("bloom_filter: budget below 8 bytes");
        if (k_ < 1 || k_ > 16) throw std::invalid_argument("bloom_filter: k must be in 1..16");
        // Fresh anonymous pages are zero: every word starts empty (as in visited_table, the
        // zeroed lock-free words are taken as the initial atomic objects).
        words_ = static_cast<std::atomic<std::uint64_t>*>(reserve_address_space(words_count_ * 8, false));
    }
    ~bloom_filter() { release_address_space(words_, words_count_ * 8); }
    bloom_filter(const bloom_filter&) = delete;
    bloom_filter& operator=(const bloom_filter&) = delete;

    // Mark the state with this hash as seen; true if it was (certainly) not seen before.
    bool insert(std::uint64_t hash) {
        std::uint64_t word, mask;
        locate(hash, word, mask);
        // relaxed: the filter publishes no data, only its own bits; the RMW is atomic, so exactly
        // one of concurrent inserters of the same mask observes a missing bit.
        const std::uint64_t old = words_[word].fetch_or(mask, std::memory_order_relaxed);
        return (old & mask) != mask;
    }
    // Hint: start loading the word of this hash. [thread-safe, no effect on contents]
    void prefetch(std::uint64_t hash) const {
        std::uint64_t word, mask;
        locate(hash, word, mask);
        __builtin_prefetch(&words_[word], 1, 1);
    }
    // True if the state may have been inserted (false positives possible).
    bool contains(std::uint64_t hash) const {
        std::uint64_t word, mask;
        locate(hash, word, mask);
        return (words_[word].load(std::memory_order_relaxed) & mask) == mask;  // relaxed: see insert
    }

    std::uint64_t memory_bytes() const { return words_count_ * 8; }
    unsigned k() const { return k_; }
    // Expected false-positive rate after n distinct inserts (register-blocked approximation:
    // n/words states per word on average, Poisson-distributed).
    double false_positive_rate(std::uint64_t n) const {
        const double lambda = static_cast<double>(n) / static_cast<double>(words_count_);
        // P(bit set | j states in the word) ~ 1 - (1 - 1/64)^(k j); sum over Poisson(j; lambda),
        // truncated where the terms vanish.
        double rate = 0, p = std::exp(-lambda);
        for (unsigned j = 0; j < 4 * lambda + 64; ++j) {
            rate += p * std::pow(1.0 - std::pow(1.0 - 1.0 / 64, static_cast<double>(k_) * j), k_);
            p *= lambda / (j + 1);
        }
        return rate;
    }

private:
    void locate(std::uint64_t hash, std::uint64_t& word, std::uint64_t& mask) const {
        const std::uint64_t h = mix64(hash);  // every input bit matters (mix64.h)
        word = static_cast<std::uint64_t>((static_cast<unsigned __int128>(h) * words_count_) >> 64);
        // k bit positions, 6 bits each, from a second mix of h (10 per 64-bit value, then a
        // third mix); positions may coincide, which only makes that state's mask smaller.
        std::uint64_t bits = (h ^ (h >> 31)) * 0x9e3779b97f4a7c15ULL;
        mask = 0;
        for (unsigned i = 0; i < k_; ++i) {
            if (i == 10) bits = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ULL;
            mask |= std::uint64_t{1} << (bits & 63);
            bits >>= 6;
        }
    }

    std::uint64_t words_count_;
    unsigned k_;
    std::atomic<std::uint64_t>* words_ = nullptr;
};

}  // namespace solver
