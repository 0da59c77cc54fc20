// zeroed.h -- a zero-filled array of 64-bit words whose pages cost nothing until touched.
//
// Each search's scratch holds a 4 MiB table of children's matchings (heuristic.h), and a
// portfolio builds about eight scratches a level (the best-first searches, the FESS members,
// the plan mates and the guests). Filled with zeros by std::vector, those tables were most of
// the set-up: on a small level 0.05 CPU s a thread, two thirds of it page faults (session 45:
// course map 21, 0.03 user + 0.10 system s for an 8-push solve; Microban's 155 levels 4.8 s of
// system time in 11 s of CPU). Anonymous memory from mmap is zero already and the kernel maps a
// page only at its first touch, so a search pays for the pages it uses. Small arrays (under
// 64 KiB) come from the heap, zero-filled.
#ifndef SOKOBAN_ZEROED_H
#define SOKOBAN_ZEROED_H

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

namespace sokoban {

class ZeroedWords {
public:
    ZeroedWords() = default;
    ZeroedWords(const ZeroedWords &) = delete;
    ZeroedWords &operator=(const ZeroedWords &) = delete;
    ZeroedWords(ZeroedWords &&o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), mapped_(o.mapped_) {}
    ZeroedWords &operator=(ZeroedWords &&o) noexcept {
        if (this != &o) {
            clear();
            p_ = std::exchange(o.p_, nullptr);
            n_ = std::exchange(o.n_, 0);
            mapped_ = o.mapped_;
        }
        return *this;
    }
    ~ZeroedWords() { clear(); }

    // `words` zero words (the old contents dropped); throws std::bad_alloc when out of memory.
    void assign_zero(size_t words) {
        clear();
        if (words == 0) return;
        const size_t bytes = words * sizeof(uint64_t);
        if (bytes >= MAP_MIN) {
            void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED) throw std::bad_alloc();
            p_ = static_cast<uint64_t *>(p);
            mapped_ = true;
        } else {
            p_ = static_cast<uint64_t *>(std::calloc(words, sizeof(uint64_t)));
            if (!p_) throw std::bad_alloc();
            mapped_ = false;
        }
        n_ = words;
    }
    void clear() {
        if (p_) {
            if (mapped_) munmap(p_, n_ * sizeof(uint64_t));
            else std::free(p_);
        }
        p_ = nullptr;
        n_ = 0;
    }
    bool empty() const { return n_ == 0; }
    size_t size() const { return n_; }
    uint64_t *data() { return p_; }
    const uint64_t *data() const { return p_; }
    uint64_t &operator[](size_t i) { return p_[i]; }
    const uint64_t &operator[](size_t i) const { return p_[i]; }

private:
    static constexpr size_t MAP_MIN = size_t(64) << 10;
    uint64_t *p_ = nullptr;
    size_t n_ = 0;
    bool mapped_ = false;
};

} // namespace sokoban

#endif
